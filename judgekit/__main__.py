"""`python -m judgekit`: the same as the `judgekit` command."""
from judgekit.cli import main

main()
