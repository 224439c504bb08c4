"""The instructions `ecarte validate --json` executes on a game with rulings, against the
`json.loads` floor: an archive of irregular games (`python -m adjudicator.generate N
--irregular P`: nearly every game goes to the full replay, its open choices and unknown facts
weighed by `engine.outcomes`) beside a clean one (the lean scan), counted by valgrind's
callgrind (`bench_validate.instructions`). A game's cost is the difference between 2N games
and their first N, divided by N: neither the start-up nor what the first full replay loads
once (the law book's cases, the handlers) is counted in it.

    python benchmarks/bench_outcomes.py [--games 300] [--seed 7] [--irregular 0.2]
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_validate import ENV, FLOOR, MAIN, instructions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--irregular", type=float, default=0.2)
    args = parser.parse_args()
    py, n = sys.executable, args.games
    validate = [py, "-c", MAIN, "validate", "--json"]
    print(f"instructions a game, millions ({n} games more, seed {args.seed}; valgrind's callgrind)")
    with tempfile.TemporaryDirectory() as tmp:
        for label, irregular in ((f"irregular {args.irregular}", args.irregular), ("clean", 0.0)):
            games = subprocess.run([py, "-m", "adjudicator.generate", str(2 * n), "--seed", str(args.seed),
                                    "--irregular", str(irregular)], capture_output=True, text=True, check=True,
                                   env=ENV).stdout.splitlines(keepends=True)
            counts = []
            for size in (n, 2 * n):
                path = Path(tmp) / f"{irregular}-{size}.jsonl"
                path.write_text("".join(games[:size]))
                counts.append((instructions([py, "-c", FLOOR, str(path)]), instructions([*validate, str(path)])))
            if any(c is None for pair in counts for c in pair):
                print(f"  {label}: valgrind is not installed (or failed): left out")
                continue
            floor, ours = ((counts[1][k] - counts[0][k]) / n for k in (0, 1))   # type: ignore[operator]
            print(f"  {label}: json floor {floor / 1e6:.3f}, ecarte validate --json {ours / 1e6:.3f} "
                  f"({ours / floor:.2f}x)")


if __name__ == "__main__":
    main()
