"""What pyproject.toml cannot say: folders kept at the top of the checkout, shipped inside the package.

The list lives in judgekit/resources.py (SHIPPED), which also finds them at run time.
"""
import ast
from pathlib import Path

from setuptools import find_packages, setup


def shipped() -> dict:
    source = Path(__file__).with_name("judgekit").joinpath("resources.py").read_text(encoding="utf-8")
    for node in ast.parse(source).body:
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", None) == "SHIPPED":
            return ast.literal_eval(node.value)
    raise SystemExit("judgekit/resources.py has no SHIPPED table")


SHIPPED = shipped()
setup(
    # setuptools' working folder: `.build/`, not `build/`, which a later `python -m build` run from the
    # checkout would import as the `build` package (a folder on the path shadows a missing module)
    options={"build": {"build_base": ".build"}},
    packages=find_packages(include=["judgekit", "judgekit.*"]) + [f"judgekit.{name}" for name in SHIPPED],
    package_dir={f"judgekit.{name}": folder for name, (folder, _) in SHIPPED.items()},
    package_data={"judgekit": ["data/*.json", "data/*.yaml", "data/*.bin", "data/search-questions/*.yaml",
                               "site/assets/*.css", "site/assets/*.js"],
                  **{f"judgekit.{name}": list(patterns) for name, (_, patterns) in SHIPPED.items()}},
)
