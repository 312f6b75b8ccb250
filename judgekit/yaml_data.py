"""Reading YAML data that needs no line numbers (judgekit's own data files, recorded corpora, question tables):
PyYAML's safe loader, through libyaml where PyYAML was built with it. A user's scenario, whose errors must name
a line, is read by `scenario.yaml_lines` instead."""
from __future__ import annotations

import yaml

YAMLError = yaml.YAMLError
SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
SafeDumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def load(text):
    """The data of a YAML text or open text stream (plain values only: the safe loader's tags)."""
    return yaml.load(text, Loader=SafeLoader)


def dump(data) -> str:
    """YAML for plain data, keys in their order, non-ASCII written as is."""
    return yaml.dump(data, Dumper=SafeDumper, allow_unicode=True, sort_keys=False)
