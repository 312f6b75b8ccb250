"""Play random legal games from the shipped example decks and check the game's invariants after every step.

    python tools/random_games.py [--games 10000] [--seed 0] [--jobs 1] [--listed]

Game N uses seed `--seed + N`: the same seed plays the same game (`--show SEED` prints its moves). Every
choice is uniform among the options `judgekit options` would list as allowed (conceding aside, see
tests/random_games.py). Prints one line per failing game (a crash, an invariant violated, a game that did not
end by a rule of CR 1.10-1.14 within the step cap) and a summary; exit status 1 when any game failed.
"""
from __future__ import annotations

import argparse
import collections
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.random_games import play  # noqa: E402


def _play(args: tuple[int, bool]) -> tuple:
    seed, listed = args
    game = play(seed, listed=listed)
    return seed, game.steps, game.ok, game.crash, game.violations, game.ended_by, game.losers


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0, help="The first game's seed.")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--listed", action="store_true", help="Decide every option at every step (the whole "
                                                              "listing), not just until an allowed one is found.")
    parser.add_argument("--show", type=int, default=None, metavar="SEED", help="Print one game's moves.")
    args = parser.parse_args(argv)
    if args.show is not None:
        game = play(args.show, listed=args.listed)
        print("\n".join(game.transcript))
        print(f"steps {game.steps}, losers {list(game.losers)}, ended by {list(game.ended_by)}, "
              f"violations {game.violations}, crash {game.crash}")
        return 0 if game.ok else 1
    started = time.monotonic()
    work = [(args.seed + n, args.listed) for n in range(args.games)]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(_play, work, chunksize=20))
    else:
        results = [_play(w) for w in work]
    seconds = time.monotonic() - started
    failed = [r for r in results if not r[2]]
    for seed, steps, _, crash, violations, ended_by, _ in failed:
        found = crash or (violations[0] + (f" (and {len(violations) - 1} more)" if len(violations) > 1 else "")
                          if violations else "no end rule cited")
        print(f"seed {seed}: after {steps} steps: {found}")
    endings = collections.Counter(r[5][0] if r[5] else "none" for r in results)
    steps = [r[1] for r in results]
    print(f"{len(results)} games, {len(failed)} failed ({sum(1 for r in results if r[3])} crashes, "
          f"{sum(1 for r in results if r[4])} with invariant violations); "
          f"{sum(steps) / len(steps):.1f} steps per game (max {max(steps)}); "
          f"{len(results) / seconds:.2f} games/s with {args.jobs} job(s); first rule ending each game: "
          + ", ".join(f"{rule} {n}" for rule, n in endings.most_common()))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
