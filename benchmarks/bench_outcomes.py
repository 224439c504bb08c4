"""The instructions `ecarte validate --json` executes on a game with rulings, against the
`json.loads` floor, alone: the last rows of `bench_validate.py --instructions N`
(`bench_validate.ruled_rows`: an archive of irregular games beside a clean one, counted by
valgrind's callgrind, a game's cost the difference between 2N games and their first N).

    python benchmarks/bench_outcomes.py [--games 300] [--seed 7] [--irregular 0.2] [--parts]

`--parts`: where a game with rulings goes. The same irregular archive is counted again with the
replay's parts switched off one by one: the what-ifs (the open choices and the unknown facts
weighed, `outcomes.settle`, and the snapshots they go on from), then also the second replay of a
game won with points that stood (`Replay._won_at`). What is left is one replay of each game, its
log read and its report written: a bound below which switching off re-runs cannot go. Those
rows measure cost only; their output is not the tool's.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_validate import ENV, FLOOR, MAIN, instructions, ruled_rows

# the parts switched off (a prelude run before the command): the what-ifs, then the re-run too
NO_WHAT_IFS = ("from adjudicator.engine import outcomes, replay\n"
               "outcomes.settle = lambda replay, report: None\n"
               "replay.Replay._snapshot = lambda self, at: None\n")
ONE_PASS = NO_WHAT_IFS + "replay.Replay._won_at = lambda self, event, observe: self.report()\n"
PARTS = (("all of it (the tool)", ""), ("no what-if", NO_WHAT_IFS),
         ("no what-if, no second replay: one pass", ONE_PASS))


def parts(tmp: Path, n: int, seed: int, irregular: float) -> None:
    """A game's instructions with the replay's parts switched off, against the floor's game."""
    py = sys.executable
    games = subprocess.run([py, "-m", "adjudicator.generate", str(2 * n), "--seed", str(seed),
                            "--irregular", str(irregular)], capture_output=True, text=True, check=True,
                           env=ENV).stdout.splitlines(keepends=True)
    paths = []
    for size in (n, 2 * n):
        paths.append(tmp / f"parts-{size}.jsonl")
        paths[-1].write_text("".join(games[:size]))

    def per_game(command: list[str]) -> float | None:
        counts = [instructions([*command, str(path)]) for path in paths]
        return None if None in counts else ((counts[1] or 0) - (counts[0] or 0)) / n

    floor = per_game([py, "-c", FLOOR])
    print(f"  where a game with rulings goes (irregular {irregular}, {n} games more, seed {seed}; a game, millions)")
    if floor is None:
        print("  valgrind failed: left out")
        return
    print(f"  json floor {floor / 1e6:.3f}")
    for label, prelude in PARTS:
        ours = per_game([py, "-c", prelude + MAIN, "validate", "--json"])
        print(f"  {label}: {'valgrind failed' if ours is None else f'{ours / 1e6:.3f} ({ours / floor:.2f}x)'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--irregular", type=float, default=0.2)
    parser.add_argument("--parts", action="store_true", help="where a game with rulings goes")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.parts:
            parts(Path(tmp), args.games, args.seed, args.irregular)
        else:
            ruled_rows(Path(tmp), args.games, args.seed, args.irregular)


if __name__ == "__main__":
    main()
