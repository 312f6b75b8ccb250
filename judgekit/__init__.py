"""judgekit: a judge and rules-reference assistant for the Cyberpunk TCG."""

__version__ = "0.1.0"
