"""`judgekit ask`: an interactive session that states a board by typing, lists the options and rules on the one
picked (session.py), with its board commands (board.py), views (views.py) and terminal loop (terminal.py)."""
