"""Throughput of `ecarte validate` on archives of random legal games, against a json floor.

    python benchmarks/bench_validate.py [--games 2000,10000] [--seed 1] [--repeat 5]

For each size, writes the generated games to a temporary .jsonl, then times, each as its own
process and side by side in every round (so that a busy machine slows both alike):
the floor (Python reading the file and `json.loads` on every line), `ecarte validate --json`,
`--jobs 2`, and two one-job processes on the two halves of the archive run at once (the
machine's ceiling for two processes). Start-up is timed on an empty archive. Reports the
median of the rounds: seconds, deals a second, ratios to the floor with and without start-up,
and each process's peak memory (RSS). Start-up is also set against the import of the
dependencies (typer, pydantic, yaml) and one game adjudicated. Every game is clean, so
`validate` must exit 0.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FLOOR = "import json, sys\nfor line in open(sys.argv[1], 'rb'):\n    line.strip() and json.loads(line)"
DEPS = "import typer, pydantic, yaml"
DEPS_USED = "import typer, yaml; from pydantic import BaseModel, TypeAdapter"   # pydantic's lazy import made real
ONE_GAME = ROOT / "scenarios" / "play" / "illustrative-game.yaml"


WRITE = """import sys
from adjudicator.record.generate import dumps, games
deals = 0
with open(sys.argv[1], "w") as out:
    for log, expected in games(int(sys.argv[2]), int(sys.argv[3])):
        out.write(dumps(log) + "\\n")
        deals += expected.deals
print(deals)
"""


def write_archive(path: Path, n: int, seed: int) -> int:
    """Write n games as JSON Lines; return how many deals they hold. In a process of its own:
    this one stays small, so that the processes it starts do not count its memory as theirs."""
    out = subprocess.run([sys.executable, "-c", WRITE, str(path), str(n), str(seed)], check=True,
                         capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    return int(out.stdout)


def halves(path: Path) -> tuple[Path, Path]:
    """The archive's two halves (by lines), streamed: this process stays small."""
    with path.open("rb") as f:
        total = sum(1 for _ in f)
    first, second = path.with_suffix(".1.jsonl"), path.with_suffix(".2.jsonl")
    with path.open("rb") as f, first.open("wb") as a, second.open("wb") as b:
        for n, line in enumerate(f):
            (a if n < total // 2 else b).write(line)
    return first, second


def run(*cmds: list[str]) -> tuple[float, int, int]:
    """Run the commands at once (stdout discarded): (wall seconds, worst exit status, the
    highest peak RSS in KiB of any of them, workers included)."""
    start = time.perf_counter()
    procs = [subprocess.Popen(c, stdout=subprocess.DEVNULL) for c in cmds]
    status, peak = 0, 0
    for p in procs:
        _, code, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(code)
        status = max(status, p.returncode)
        peak = max(peak, usage.ru_maxrss)
    return time.perf_counter() - start, status, peak


def median_runs(cmds: dict[str, list[list[str]]], repeat: int) -> dict[str, tuple[float, int, int]]:
    """Each entry's median seconds over `repeat` rounds (every entry once a round), its worst
    exit status and its median peak RSS."""
    times: dict[str, list[float]] = {k: [] for k in cmds}
    peaks: dict[str, list[int]] = {k: [] for k in cmds}
    worst = dict.fromkeys(cmds, 0)
    for _ in range(repeat):
        for name, group in cmds.items():
            t, status, peak = run(*group)
            times[name].append(t)
            peaks[name].append(peak)
            worst[name] = max(worst[name], status)
    return {k: (statistics.median(times[k]), worst[k], int(statistics.median(peaks[k]))) for k in cmds}


def ecarte_command() -> list[str]:
    """The `ecarte` script of this interpreter (not a version manager's shim, whose own start-up
    the floor would not pay), else the same through `python -c`."""
    beside = Path(sys.executable).with_name("ecarte")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("ecarte")
    return [found] if found else [sys.executable, "-c", "from adjudicator.cli import main; main()"]


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; the exit status is validate's (0: every game clean)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="2000,10000", help="archive sizes, comma-separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5, help="rounds; the median is reported")
    args = parser.parse_args(argv)
    ecarte = ecarte_command()
    validate = [*ecarte, "validate", "--json"]
    worst = 0
    with tempfile.TemporaryDirectory() as tmp:
        empty = Path(tmp) / "empty.jsonl"
        empty.write_text("")
        py = sys.executable
        start = median_runs({
            "python": [[py, "-c", "pass"]],
            "import typer, pydantic, yaml": [[py, "-c", DEPS]],
            "  the same, pydantic's classes loaded": [[py, "-c", DEPS_USED]],
            "json floor, empty archive": [[py, "-c", FLOOR, str(empty)]],
            "ecarte validate, empty archive": [[*validate, str(empty)]],
            "ecarte adjudicate, one game": [[*ecarte, "adjudicate", "--json", str(ONE_GAME)]],
        }, args.repeat)
        print(f"start-up, median of {args.repeat} rounds (s; peak RSS MiB)")
        for name, (t, _, peak) in start.items():
            print(f"  {name:<42}{t:>8.3f}{peak / 1024:>8.0f}")
        deps = start["import typer, pydantic, yaml"][0]
        one = start["ecarte adjudicate, one game"][0]
        print(f"  one game adjudicated / dependencies' import: {one / deps:.2f}x "
              f"({one / start['  the same, pydantic' + chr(39) + 's classes loaded'][0]:.2f}x the classes loaded)")
        for n in [int(x) for x in args.games.split(",") if x]:
            path = Path(tmp) / f"games{n}.jsonl"
            deals = write_archive(path, n, args.seed)
            first, second = halves(path)
            res = median_runs({
                "json floor, empty archive": [[py, "-c", FLOOR, str(empty)]],
                "ecarte validate, empty archive": [[*validate, str(empty)]],
                "json floor": [[py, "-c", FLOOR, str(path)]],
                "ecarte validate --json": [[*validate, str(path)]],
                "ecarte validate --json --jobs 2": [[*validate, "--jobs", "2", str(path)]],
                "two one-job processes on the halves": [[*validate, str(first)], [*validate, str(second)]],
            }, args.repeat)
            floor_start = res.pop("json floor, empty archive")[0]
            ecarte_start = res.pop("ecarte validate, empty archive")[0]
            floor = res["json floor"][0]
            one_job = res["ecarte validate --json"][0]
            print(f"\n{n} games, {deals} deals, seed {args.seed}; median of {args.repeat} rounds")
            print(f"  {'pass':<40}{'seconds':>9}{'deals/s':>10}{'x floor':>9}{'less start-up':>15}{'RSS MiB':>9}")
            for name, (t, status, peak) in res.items():
                less = (t - ecarte_start) / (floor - floor_start) if name != "json floor" else 1.0
                print(f"  {name:<40}{t:>9.3f}{deals / t:>10.0f}{t / floor:>9.2f}{less:>15.2f}{peak / 1024:>9.0f}")
                if name != "json floor":
                    worst = max(worst, status)
            print(f"  start-up (empty archive): json floor {floor_start:.3f} s, ecarte {ecarte_start:.3f} s")
            print(f"  --jobs 2 / two halves at once: {res['ecarte validate --json --jobs 2'][0] / res['two one-job processes on the halves'][0]:.2f}x; "
                  f"--jobs 2 / one job: {res['ecarte validate --json --jobs 2'][0] / one_job:.2f}x")
    if worst:
        print(f"bench_validate: validate exited {worst} on clean games", file=sys.stderr)
    return worst


if __name__ == "__main__":
    sys.exit(main())
