"""`judgekit ask`'s views of the session: the board, the whole ruling (each as a player may see it), `help`, and the
card names Tab completes."""
from __future__ import annotations

from judgekit.ask import views
from judgekit.ask.board import AskError


class Showing:
    """The commands that only show, for the Session (which provides `data`, `result`, `book`, `edition`, `pool`)."""

    def _cmd_board(self, rest: str = "") -> str:
        """The board now; `board PLAYER`: as that player may see it (hidden cards unnamed, judgekit/views.py)."""
        return "\n".join(views.board_lines(self._seen_by(rest)))

    def _cmd_ruling(self, rest: str = "") -> str:
        """The whole last ruling; `ruling PLAYER`: as that player may see it."""
        data = self._seen_by(rest)
        numbers = [a["n"] for a in data["actions"]]
        return "\n".join(views.ruling_lines(data, numbers)) if numbers else "No action taken yet."

    def _seen_by(self, viewer: str) -> dict:
        """The last ruling as `viewer` may see it (5.3: hidden areas and face-down cards unnamed); the judge's
        full view for no viewer."""
        from judgekit.ruling import board, citation
        from judgekit.views import view, viewers
        viewer = viewer.strip().casefold()
        if not viewer or viewer == "judge":
            return self.data
        if viewer not in viewers(self.data):
            raise AskError(f"no player {viewer!r}: `board` alone is the judge's full view, `board "
                           f"{'` or `board '.join(viewers(self.data))}` what that player may see")
        return view(self.data, board(self.result.initial), viewer,
                    lambda rule: citation(self.book, rule, self.edition))[0]

    def _cmd_help(self, rest: str = "") -> str:
        return views.help_text(self.width)

    def names(self) -> list[str]:
        """Every card name of the pool, for completion."""
        return list(self.pool.by_full_name)
