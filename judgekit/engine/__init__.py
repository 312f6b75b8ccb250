"""The rules engine: pure state transitions that record every rule they apply.

Nothing here prints or reads files. `judgekit.engine.actions.run_actions` is the entry point.
"""
