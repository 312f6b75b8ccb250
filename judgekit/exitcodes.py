"""judgekit's exit statuses, one meaning each (documented in the README), after pytest's conventions.

0 OK: the ruling was given and every expectation held (or the command did what it was asked).
1 FAILED: an expectation, a golden ruling or a check did not hold.
2 BAD_INPUT: the input or the command line is wrong (a file, a field, a flag); nothing was changed.
3 INTERNAL_ERROR: judgekit itself failed; a one-line message says where to report it.
5 NOTHING_SELECTED: no scenario was collected or selected (as pytest's exit 5).
"""
OK = 0
FAILED = 1
BAD_INPUT = 2
INTERNAL_ERROR = 3
NOTHING_SELECTED = 5
