"""Throughput of `ecarte validate` on an archive of random legal games, against a json floor.

    python benchmarks/bench_validate.py --games 2000 [--seed 1] [--jobs N] [--repeat 3]

Writes N generated games to a temporary .jsonl, then times, each as its own process:
the floor (Python reading the file and `json.loads` on every line) and
`ecarte validate --json FILE > /dev/null`. Prints seconds, games/s, deals/s and the ratio
to the floor. Every generated game is clean, so `validate` must exit 0.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout
from adjudicator.generate import dumps, games  # noqa: E402

FLOOR = "import json, sys\nfor line in open(sys.argv[1]):\n    line.strip() and json.loads(line)"


def write_archive(path: Path, n: int, seed: int) -> int:
    """Write n games as JSON Lines; return how many deals they hold."""
    deals = 0
    with path.open("w") as out:
        for log, expected in games(n, seed):
            out.write(dumps(log) + "\n")
            deals += expected.deals
    return deals


def best_time(cmd: list[str], repeat: int) -> tuple[float, int]:
    """The fastest of `repeat` runs of cmd (stdout discarded) and its last exit status."""
    best, status = float("inf"), 0
    for _ in range(repeat):
        start = time.perf_counter()
        status = subprocess.run(cmd, stdout=subprocess.DEVNULL).returncode
        best = min(best, time.perf_counter() - start)
    return best, status


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; the exit status is validate's (0: every game clean)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, help="passed to `ecarte validate --jobs`")
    parser.add_argument("--repeat", type=int, default=1, help="best of this many runs")
    args = parser.parse_args(argv)
    ecarte = shutil.which("ecarte")
    if ecarte is None:
        sys.exit("bench_validate: no `ecarte` command on PATH; install the project first")
    validate = [ecarte, "validate", "--json"]
    if args.jobs:
        validate += ["--jobs", str(args.jobs)]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "games.jsonl"
        deals = write_archive(path, args.games, args.seed)
        empty = Path(tmp) / "empty.jsonl"
        empty.write_text("")
        floor, _ = best_time([sys.executable, "-c", FLOOR, str(path)], args.repeat)
        floor_start, _ = best_time([sys.executable, "-c", FLOOR, str(empty)], args.repeat)
        seconds, status = best_time([*validate, str(path)], args.repeat)
        start, _ = best_time([*validate, str(empty)], args.repeat)
    name = " ".join(["ecarte", *validate[1:]])
    print(f"{args.games} games, {deals} deals, seed {args.seed}")
    print(f"{'pass':<40}{'seconds':>9}{'games/s':>10}{'deals/s':>10}{'x floor':>9}")
    rows = (("json floor", floor, floor), (name, seconds, floor),
            ("json floor, less start-up", floor - floor_start, floor - floor_start),
            (f"{name}, less start-up", seconds - start, floor - floor_start))
    for label, t, base in rows:
        print(f"{label:<40}{t:>9.3f}{args.games / t:>10.0f}{deals / t:>10.0f}{t / base:>9.2f}")
    print(f"start-up: python {floor_start:.3f} s, ecarte {start:.3f} s")
    if status:
        print(f"bench_validate: validate exited {status} on clean games", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
