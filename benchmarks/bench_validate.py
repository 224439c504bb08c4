"""Throughput and start-up of `ecarte validate` and `adjudicate`, against their floors, on the
archives of two generators of clean games.

    python benchmarks/bench_validate.py [--games 2000,10000] [--seed 1] [--repeat 5] [--no-dask]
                                        [--rules-games 2000] [--only-rules] [--instructions 500]

Every command runs as its own process, and every entry of a table once a round, side by side, so
that a busy machine slows all alike; the median of the rounds is reported, with the load average
of the machine before and after, and each target is the median of the rounds' ratios (the entries
of a round run back to back: the machine's drift between rounds cancels), with the number of
rounds in which it was met. The archives: the project's generator (adjudicator/engine/generate.py)
and benchmarks/other_games.py (written apart, another tool's habits: kings marked at once or
later, won at game point, announced after being led, cards in other notations), each with the
share of its games that the lean scan hands to the full replay (0% on a clean archive). For each
archive: the floor (Python reading the file and `json.loads` on every line; beside it the same
with orjson, the scan's own reader), `ecarte validate --json`, `--jobs 2`, two one-job processes
on the two halves at once (the machine's ceiling for two processes), and `--engine dask` on a
LocalCluster of 2 workers; each with its peak memory (RSS, workers included). Start-up: an empty
archive, and one game adjudicated, against the import of the dependencies (typer, pydantic, yaml),
with the five imports that cost most (`python -X importtime`, their own time). Each target is
printed with its figure; every game is clean, so every `validate` must exit 0. The package's
bytecode is compiled first, as an install does.

Instructions (`--instructions N`, with valgrind): the instructions `validate --json` and the
floor execute, counted by callgrind, on N games of each generator and on an empty archive: a
game's cost and the start-up's, with their ratios, which the machine's load does not move
(where the seconds above do), and the ratio they make at 10,000 games.

Rule sets (RULESETS.md): an archive of `--rules-games` games (the project's generator, `python -m
adjudicator.generate N --rules NAME --option KEY=VALUE`) under each base (cavendish, the London
laws; french; modern), ace_high, and each variant with events of its own (doubling, offer_point,
pool, match: linked), validated side by side in each round; each row: the games, the deals, the
share handed to the full replay, the median seconds, and the ratio to the London archive, per
archive and per deal (a pool or a linked match holds two or three games in one log). Target: at
most 1.5x London per deal.
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
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
FLOOR = "import json, sys\nfor line in open(sys.argv[1], 'rb'):\n    line.strip() and json.loads(line)"
# the faster reader the scan itself uses (engine/scan.py): a floor below the floor, shown beside it
ORJSON_FLOOR = FLOOR.replace("json", "orjson")
ORJSON_ROW = "orjson floor (the scan's reader)"
FLOOR_ROWS = ("json floor", ORJSON_ROW)   # less the floor's start-up, not ecarte's; no exit status of validate
DEPS = "import typer, pydantic, yaml"
MAIN = "from adjudicator.entry import run; run()"
ONE_GAME = ROOT / "scenarios" / "play" / "illustrative-game.yaml"
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}

WRITE = {
    "generate.py": """import sys
from adjudicator.engine.generate import dumps
from adjudicator.engine.generate_games import games
with open(sys.argv[1], "w") as out:
    for log, _ in games(int(sys.argv[2]), int(sys.argv[3])):
        out.write(dumps(log) + "\\n")
""",
    "other_games.py": f"""import sys
sys.path.insert(0, {str(ROOT / 'benchmarks')!r})
from other_games import games
with open(sys.argv[1], "w", encoding="utf-8") as out:
    for line in games(int(sys.argv[2]), int(sys.argv[3])):
        out.write(line + "\\n")
""",
}

SHARE = """import json, sys
from adjudicator.archive.files import items
from adjudicator.engine.scan import scan
from adjudicator.lawbook.scoring import scoring
games = replayed = deals = 0
for item in items([sys.argv[1]]):
    games += 1
    got = item.text is not None and scan(item.text, item.source, scoring())
    replayed += not got
    deals += got["deals"] if got else 0
print(games, replayed, deals)
"""


RULE_SETS = (
    ("cavendish (London)", []),
    ("french", ["--rules", "french"]),
    ("modern", ["--rules", "modern"]),
    ("ace_high", ["--option", "ace_high=true"]),
    ("doubling", ["--option", "doubling=true"]),
    ("offer_point", ["--option", "offer_point=true"]),
    ("pool", ["--option", "pool=true"]),
    ("match: linked", ["--option", "match=linked"]),
)
"""The rule-set rows: a name, and the generator's arguments."""

SHARE_ALL = """import sys
from adjudicator.archive.files import check, items
from adjudicator.engine.scan import scan
from adjudicator.lawbook.scoring import scoring
games = replayed = deals = worst = 0
for item in items([sys.argv[1]]):
    games += 1
    replayed += item.text is None or scan(item.text, item.source, scoring()) is None
    status, obj = check(item)
    worst = max(worst, status)
    deals += obj.get("deals") or 0
print(games, replayed, deals, worst)
"""


def write_rules_archive(path: Path, args: list[str], n: int, seed: int) -> tuple[int, int, int, int]:
    """n games under these rules, by the generator's command, in a process of its own; (games,
    handed to the replay, deals, worst exit status)."""
    with path.open("w") as out:
        subprocess.run([sys.executable, "-m", "adjudicator.generate", str(n), "--seed", str(seed), *args],
                       check=True, env=ENV, stdout=out)
    done = subprocess.run([sys.executable, "-c", SHARE_ALL, str(path)], check=True, capture_output=True,
                          text=True, env=ENV)
    games, replayed, deals, worst = map(int, done.stdout.split())
    return games, replayed, deals, worst


def rule_sets(tmp: Path, validate: list[str], n: int, seed: int, repeat: int) -> int:
    """The rule-set rows (module docstring); the worst exit status of validate."""
    archives = {}
    for name, args in RULE_SETS:
        path = tmp / f"rules-{len(archives)}.jsonl"
        archives[name] = (path, *write_rules_archive(path, args, n, seed))
    res = median_runs({name: [[*validate, str(a[0])]] for name, a in archives.items()}, repeat)
    london = "cavendish (London)"
    base_t, base_deals = res[london].seconds, archives[london][3]
    print(f"\nrule sets: {n} logs each, seed {seed}, `validate --json`, median of {repeat} rounds; {load()}")
    print(f"  {'rules':<22}{'games':>7}{'deals':>8}{'replayed':>10}{'seconds':>9}{'deals/s':>9}"
          f"{'x London':>10}{'x per deal':>12}")
    worst = 0
    for name, (path, games, replayed, deals, status) in archives.items():
        t, code = res[name].seconds, res[name].status
        worst = max(worst, code, status)
        per_deal = (t / deals) / (base_t / base_deals)
        print(f"  {name:<22}{games:>7}{deals:>8}{replayed / games:>10.1%}{t:>9.3f}{deals / t:>9.0f}"
              f"{t / base_t:>10.2f}{per_deal:>12.2f}")
    for name, (path, games, replayed, deals, status) in archives.items():
        if name != london:
            print(target(f"{name} / London, per deal", ratio(res[name], res[london], base_deals / deals), 1.5))
    return worst


def write_archive(path: Path, generator: str, n: int, seed: int) -> tuple[int, int, int]:
    """Write n games as JSON Lines, in a process of its own (this one stays small, so that the
    processes it starts do not count its memory as theirs); (games, handed to the replay, deals)."""
    subprocess.run([sys.executable, "-c", WRITE[generator], str(path), str(n), str(seed)], check=True, env=ENV)
    out = subprocess.run([sys.executable, "-c", SHARE, str(path)], check=True, capture_output=True, text=True, env=ENV)
    games, replayed, deals = map(int, out.stdout.split())
    return games, replayed, deals


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
    procs = [subprocess.Popen(c, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV) for c in cmds]
    status, peak = 0, 0
    for p in procs:
        _, code, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(code)
        status = max(status, p.returncode)
        peak = max(peak, usage.ru_maxrss)
    return time.perf_counter() - start, status, peak


class Row(NamedTuple):
    """An entry's runs: its median seconds, worst exit status, median peak RSS (KiB), and the
    seconds of each round."""

    seconds: float
    status: int
    peak: int
    rounds: list[float]


def ratio(a: Row, b: Row, scale: float = 1.0) -> list[float]:
    """The rounds' ratios a/b (times `scale`): each round runs its entries back to back, so that
    the machine's speed, which drifts between rounds, cancels out of each."""
    return [x / y * scale for x, y in zip(a.rounds, b.rounds)]


def median_runs(cmds: dict[str, list[list[str]]], repeat: int) -> dict[str, Row]:
    """Each entry's runs over `repeat` rounds (every entry once a round)."""
    times: dict[str, list[float]] = {k: [] for k in cmds}
    peaks: dict[str, list[int]] = {k: [] for k in cmds}
    worst = dict.fromkeys(cmds, 0)
    for _ in range(repeat):
        for name, group in cmds.items():
            t, status, peak = run(*group)
            times[name].append(t)
            peaks[name].append(peak)
            worst[name] = max(worst[name], status)
    return {k: Row(statistics.median(times[k]), worst[k], int(statistics.median(peaks[k])), times[k]) for k in cmds}


def ecarte_command() -> list[str]:
    """The `ecarte` script of this interpreter (not a version manager's shim, whose own start-up
    the floor would not pay), else the same through `python -c`."""
    beside = Path(sys.executable).with_name("ecarte")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("ecarte")
    return [found] if found else [sys.executable, "-c", MAIN]


def top_imports(args: list[str], n: int = 5) -> list[tuple[str, float]]:
    """The n imports that cost a command most (their own time, ms, `python -X importtime`)."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", MAIN, *args], capture_output=True,
                          text=True, env=ENV)
    rows = []
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "|" in line and "self [us]" not in line:
            own, _, name = line[len("import time:"):].split("|")
            if name == " site":   # what every start of Python imports (the floor's too) ends here
                rows = []
                continue
            rows.append((name.strip(), int(own) / 1000))
    return sorted(rows, key=lambda r: -r[1])[:n]


def instructions(args: list[str]) -> int | None:
    """The instructions a command executes (valgrind's callgrind; None without valgrind)."""
    if shutil.which("valgrind") is None:
        return None
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *args],
                          capture_output=True, text=True, env=ENV)
    said = [line.split()[-1] for line in done.stderr.splitlines() if "Collected :" in line]
    return int(said[-1]) if said and done.returncode in (0, 1) else None


def instruction_rows(tmp: Path, n: int, seed: int, empty: Path) -> None:
    """The instruction counts (module docstring), for each generator's archive of n games."""
    py = sys.executable
    validate = [py, "-c", MAIN, "validate", "--json"]   # Python itself under valgrind, not a script
    floor0, ours0 = instructions([py, "-c", FLOOR, str(empty)]), instructions([*validate, str(empty)])
    if floor0 is None or ours0 is None:
        print("\ninstructions: valgrind is not installed (or failed): left out")
        return
    print(f"\ninstructions (valgrind's callgrind, {n} games of each generator; millions)")
    print(f"  start-up (empty archive): json floor {floor0 / 1e6:.0f}, ecarte validate --json {ours0 / 1e6:.0f} "
          f"({ours0 / floor0:.2f}x)")
    for generator in WRITE:
        path = tmp / f"instructions-{generator}.jsonl"
        write_archive(path, generator, n, seed)
        counted = instructions([py, "-c", FLOOR, str(path)]), instructions([*validate, str(path)])
        if None in counted:
            print(f"  {generator}: valgrind failed: left out")
            continue
        floor, ours = (counted[0] - floor0) / n, (counted[1] - ours0) / n
        at = (ours0 + 10_000 * ours) / (floor0 + 10_000 * floor)
        print(f"  {generator}: a game: json floor {floor / 1e6:.3f}, ecarte validate --json {ours / 1e6:.3f} "
              f"({ours / floor:.2f}x); 10,000 games with start-up: {at:.2f}x")


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def target(label: str, rounds: list[float], most: float, stretch: float | None = None) -> str:
    """A target's line: the median of its rounds' ratios, judged, and in how many rounds it was
    met (on a busy machine, a figure near its target lands on either side of it)."""
    value = statistics.median(rounds)

    def judged(limit: float, no: str) -> str:
        kept = sum(r <= limit for r in rounds)
        return f"{'met' if value <= limit else no} (in {kept} of {len(rounds)} rounds)"
    also = f"; stretch {stretch}x {judged(stretch, 'not met')}" if stretch else ""
    return f"  target {label}: {value:.2f}x, at most {most}x: {judged(most, 'NOT met')}{also}"


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; the exit status is validate's (0: every game clean)."""
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("--games", default="2000,10000", help="archive sizes, comma-separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5, help="rounds; the median is reported")
    parser.add_argument("--no-dask", action="store_true", help="leave out --engine dask")
    parser.add_argument("--rules-games", type=int, default=2000, help="logs in each rule set's archive (0: none)")
    parser.add_argument("--only-rules", action="store_true", help="only the rule-set rows")
    parser.add_argument("--instructions", type=int, default=0, metavar="N",
                        help="instruction counts (valgrind) on N games of each generator (0: none)")
    args = parser.parse_args(argv)
    from importlib.util import find_spec
    dask = not args.no_dask and find_spec("distributed") is not None   # not imported: this process stays small
    ecarte = ecarte_command()
    validate = [*ecarte, "validate", "--json"]
    worst = 0
    print(f"before: {load()}")
    # as an install does (pip writes every module's bytecode): a start-up measured without it
    # would compile the package's modules at every run (PYTHONDONTWRITEBYTECODE=1 keeps Python
    # from writing them itself), which the dependencies, installed, never do
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "adjudicator")], check=True,
                   stdout=subprocess.DEVNULL)
    print(f"the package's bytecode compiled first, as an install does"
          f"{' (PYTHONDONTWRITEBYTECODE is set here)' if os.environ.get('PYTHONDONTWRITEBYTECODE') else ''}")
    with tempfile.TemporaryDirectory() as tmp:
        if args.only_rules:
            worst = rule_sets(Path(tmp), validate, args.rules_games, args.seed, args.repeat)
            print(f"\nafter: {load()}")
            return worst
        empty = Path(tmp) / "empty.jsonl"
        empty.write_text("")
        clean = Path(tmp) / "one-game.jsonl"   # one clean game as JSON: the lean path
        write_archive(clean, "generate.py", 1, args.seed)
        clean = clean.rename(clean.with_suffix(".json"))
        py = sys.executable
        start = median_runs({
            "python": [[py, "-c", "pass"]],
            "import typer, pydantic, yaml": [[py, "-c", DEPS]],
            "json floor, empty archive": [[py, "-c", FLOOR, str(empty)]],
            "ecarte validate, empty archive": [[*validate, str(empty)]],
            "ecarte adjudicate --json, one game": [[*ecarte, "adjudicate", "--json", str(ONE_GAME)]],
            "ecarte adjudicate, one game (text)": [[*ecarte, "adjudicate", str(ONE_GAME)]],
            "ecarte adjudicate --json, one JSON game": [[*ecarte, "adjudicate", "--json", str(clean)]],
        }, args.repeat)
        print(f"\nstart-up, median of {args.repeat} rounds (s; peak RSS MiB)")
        for name, row in start.items():
            print(f"  {name:<42}{row.seconds:>8.3f}{row.peak / 1024:>8.0f}")
        deps = start["import typer, pydantic, yaml"]
        print(target("validate on an empty archive / the dependencies' import", ratio(start["ecarte validate, empty archive"], deps), 1.5))
        print(target("adjudicate --json one game / the dependencies' import", ratio(start["ecarte adjudicate --json, one game"], deps), 2))
        print(target("adjudicate one game, text / the dependencies' import", ratio(start["ecarte adjudicate, one game (text)"], deps), 2))
        print(target("adjudicate --json one clean JSON game / the dependencies' import", ratio(start["ecarte adjudicate --json, one JSON game"], deps), 2))
        print(f"  (the one game: {ONE_GAME.relative_to(ROOT)}, a scenario (YAML, with `expect`): with --json the lean "
              f"scan answers it, as text the full replay tells it; the JSON game is the generator's first)")
        for label, cmd in (("validate, empty archive", ["validate", "--json", str(empty)]),
                           ("adjudicate --json, one game", ["adjudicate", "--json", str(ONE_GAME)]),
                           ("adjudicate, one game (text)", ["adjudicate", str(ONE_GAME)]),
                           ("adjudicate --json, one JSON game", ["adjudicate", "--json", str(clean)])):
            top = ", ".join(f"{name} {ms:.0f}" for name, ms in top_imports(cmd))
            print(f"  the five costliest imports of {label} (ms, their own time, one run, after Python's own start): {top}")
        for n in [int(x) for x in args.games.split(",") if x]:
            for generator in WRITE:
                path = Path(tmp) / f"{generator}.{n}.jsonl"
                games, replayed, deals = write_archive(path, generator, n, args.seed)
                first, second = halves(path)
                cmds = {
                    "json floor, empty archive": [[py, "-c", FLOOR, str(empty)]],
                    "ecarte validate, empty archive": [[*validate, str(empty)]],
                    "json floor": [[py, "-c", FLOOR, str(path)]],
                    ORJSON_ROW: [[py, "-c", ORJSON_FLOOR, str(path)]],
                    "ecarte validate --json": [[*validate, str(path)]],
                    "ecarte validate --json --jobs 2": [[*validate, "--jobs", "2", str(path)]],
                    "two one-job processes on the halves": [[*validate, str(first)], [*validate, str(second)]],
                }
                if dask:
                    cmds["--engine dask, LocalCluster of 2"] = [[*validate, "--engine", "dask", "--jobs", "2", str(path)]]
                res = median_runs(cmds, args.repeat)
                floor_start = res.pop("json floor, empty archive").seconds
                ecarte_start = res.pop("ecarte validate, empty archive").seconds
                floor = res["json floor"].seconds
                print(f"\n{generator}: {games} games, {deals} deals, seed {args.seed}; handed to the full replay: "
                      f"{replayed} ({replayed / games:.1%}); median of {args.repeat} rounds; {load()}")
                print(f"  {'pass':<40}{'seconds':>9}{'deals/s':>10}{'x floor':>9}{'less start-up':>15}{'RSS MiB':>9}")
                for name, (t, status, peak, _) in res.items():
                    start = floor_start if name in FLOOR_ROWS else ecarte_start
                    less = (t - start) / (floor - floor_start)
                    print(f"  {name:<40}{t:>9.3f}{deals / t:>10.0f}{t / floor:>9.2f}{less:>15.2f}{peak / 1024:>9.0f}")
                    if name not in FLOOR_ROWS:
                        worst = max(worst, status)
                print(f"  start-up (empty archive): json floor {floor_start:.3f} s, ecarte {ecarte_start:.3f} s")
                one, jobs2 = res["ecarte validate --json"], res["ecarte validate --json --jobs 2"]
                print(target("validate --json / the json floor, start-up included", ratio(one, res["json floor"]), 3, 2.5))
                print(f"  (validate --json / the orjson floor: {statistics.median(ratio(one, res[ORJSON_ROW])):.2f}x)")
                print(target("--jobs 2 / two one-job processes on the halves", ratio(jobs2, res["two one-job processes on the halves"]), 1.1))
                if dask:
                    print(target("--engine dask (2 workers) / --jobs 2", ratio(res["--engine dask, LocalCluster of 2"], jobs2), 1.5))
        if args.instructions:
            instruction_rows(Path(tmp), args.instructions, args.seed, empty)
        if args.rules_games:
            worst = max(worst, rule_sets(Path(tmp), validate, args.rules_games, args.seed, args.repeat))
    print(f"\nafter: {load()}")
    if worst:
        print(f"bench_validate: validate exited {worst} on clean games", file=sys.stderr)
    return worst


if __name__ == "__main__":
    sys.exit(main())
