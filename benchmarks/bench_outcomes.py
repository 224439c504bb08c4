"""The instructions `ecarte validate --json` executes on a game with rulings, against the
`json.loads` floor, alone: the last rows of `bench_validate.py --instructions N`
(`bench_validate.ruled_rows`: an archive of irregular games beside a clean one, counted by
valgrind's callgrind, a game's cost the difference between 2N games and their first N).

    python benchmarks/bench_outcomes.py [--games 300] [--seed 7] [--irregular 0.2]
"""
from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from bench_validate import ruled_rows


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--irregular", type=float, default=0.2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        ruled_rows(Path(tmp), args.games, args.seed, args.irregular)


if __name__ == "__main__":
    main()
