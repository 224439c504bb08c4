"""Throughput and start-up of `ecarte validate` and `adjudicate`, against their floors, on the
archives of two generators of clean games.

    python benchmarks/bench_validate.py [--games 2000,10000] [--seed 1] [--repeat 5] [--no-dask]
                                        [--rules-games 2000] [--only-rules] [--instructions 500]
                                        [--note docs/PERFORMANCE.md]

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
game's cost (a game after the first, whose imports count with the start-up) and the start-up's,
with their ratios, which the machine's load does not move (where the seconds above do), and the
ratio they make at 10,000 games. The throughput targets are judged by these counts (issue 21's
decision), each with the wall-clock median beside it: `validate --json` against the floor at
10,000 games, start-up included, and each rule set's archive of N games against London's, per
deal. (`--jobs 2` and Dask are judged by the clock alone: they buy time with a second core, not
with fewer instructions.) A run with the instruction counts writes its output to `--note`
(docs/PERFORMANCE.md), replacing the section between its two markers; a run without them (a
quick look, `--only-rules`) writes nothing there, so the page keeps the figures it cites.

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
import io
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import redirect_stdout
from datetime import datetime, timezone
from pathlib import Path
from typing import NamedTuple, TextIO

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
NOTE = ROOT / "docs" / "PERFORMANCE.md"
BEGIN = "<!-- bench_validate.py writes from here -->"
END = "<!-- bench_validate.py writes up to here -->"

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


RULE_SETS: tuple[tuple[str, list[str]], ...] = (
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
    return shares(path)


def shares(path: Path) -> tuple[int, int, int, int]:
    """An archive's games, those handed to the replay, deals and worst exit status, counted in a
    process of its own."""
    done = subprocess.run([sys.executable, "-c", SHARE_ALL, str(path)], check=True, capture_output=True,
                          text=True, env=ENV)
    games, replayed, deals, worst = map(int, done.stdout.split())
    return games, replayed, deals, worst


def first_game(path: Path) -> Path:
    """An archive of the archive's first line alone."""
    one = path.with_suffix(".first.jsonl")
    with path.open("rb") as f:
        one.write_bytes(f.readline())
    return one


def rule_sets(tmp: Path, validate: list[str], n: int, seed: int, repeat: int) -> tuple[int, dict[str, float]]:
    """The rule-set rows (module docstring); the worst exit status of validate, and each rule
    set's median ratio to London per deal."""
    archives: dict[str, tuple[Path, int, int, int, int]] = {}
    for name, args in RULE_SETS:
        path = tmp / f"rules-{len(archives)}.jsonl"
        archives[name] = (path, *write_rules_archive(path, args, n, seed))
    res = median_runs({name: [[*validate, str(a[0])]] for name, a in archives.items()}, repeat)
    london = "cavendish (London)"
    base_t, base_deals = res[london].seconds, archives[london][3]
    print(f"\nrule sets: {n} logs each, seed {seed}, `validate --json`, median of {repeat} rounds; {load()}")
    print(f"  {'rules':<22}{'games':>7}{'deals':>8}{'replayed':>10}{'seconds':>9}{'deals/s':>9}"
          f"{'x London':>10}{'x per deal':>12}")
    worst, walls = 0, {}
    for name, (path, games, replayed, deals, status) in archives.items():
        t, code = res[name].seconds, res[name].status
        worst = max(worst, code, status)
        per_deal = (t / deals) / (base_t / base_deals)
        print(f"  {name:<22}{games:>7}{deals:>8}{replayed / games:>10.1%}{t:>9.3f}{deals / t:>9.0f}"
              f"{t / base_t:>10.2f}{per_deal:>12.2f}")
    for name, (path, games, replayed, deals, status) in archives.items():
        if name != london:
            rounds = ratio(res[name], res[london], base_deals / deals)
            walls[name] = statistics.median(rounds)
            print(target(f"{name} / London, per deal", rounds, 1.5))
    return worst, walls


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
    rows: list[tuple[str, float]] = []
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


def counted(label: str, limit: float, value: float, wall: float | None, stretch: float | None = None) -> str:
    """A target's line judged by instructions, with the wall-clock median beside it."""
    def judged(most: float, no: str) -> str:
        return "met" if value <= most else no
    also = f"; stretch {stretch}x {judged(stretch, 'not met')}" if stretch else ""
    clock = f" (wall clock, median of the rounds: {wall:.2f}x)" if wall is not None else " (no wall-clock run)"
    return f"  target {label}: {value:.2f}x in instructions, at most {limit}x: {judged(limit, 'NOT met')}{also}{clock}"


def instruction_rows(tmp: Path, n: int, seed: int, empty: Path, walls: dict[str, float],
                     rule_walls: dict[str, float]) -> None:
    """The instruction counts (module docstring), for each generator's archive of n games and
    each rule set's; each throughput target judged by them, the wall-clock median beside. A game's
    cost is that of the games after the first (the first brings the imports a game needs, and
    counts with the start-up): (archive - its first game alone) / (n - 1)."""
    if n < 2:
        print("\ninstructions: at least 2 games are needed (the first counts with the start-up): left out")
        return
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
        one = first_game(path)
        counts = [instructions(cmd) for cmd in ([py, "-c", FLOOR, str(one)], [py, "-c", FLOOR, str(path)],
                                                [*validate, str(one)], [*validate, str(path)])]
        if None in counts:
            print(f"  {generator}: valgrind failed: left out")
            continue
        floor1, floor_n, ours1, ours_n = (c or 0 for c in counts)
        floor, ours = (floor_n - floor1) / (n - 1), (ours_n - ours1) / (n - 1)
        at = (ours1 + 9_999 * ours) / (floor1 + 9_999 * floor)
        print(f"  {generator}: the first game, start-up included: json floor {floor1 / 1e6:.0f}, ecarte validate "
              f"--json {ours1 / 1e6:.0f}; a game after it: json floor {floor / 1e6:.3f}, ecarte validate --json "
              f"{ours / 1e6:.3f} ({ours / floor:.2f}x); 10,000 games with start-up: {at:.2f}x")
        print(counted(f"{generator}: validate --json / the json floor, 10,000 games, start-up included",
                      3, at, walls.get(generator), 2.5))
    per_deal: dict[str, float] = {}
    for name, args in RULE_SETS:
        path = tmp / f"instructions-rules-{len(per_deal)}.jsonl"
        deals = write_rules_archive(path, args, n, seed)[2]
        one = first_game(path)
        total, first = instructions([*validate, str(path)]), instructions([*validate, str(one)])
        if total is None or first is None:
            print(f"  {name}: valgrind failed: left out")
            continue
        per_deal[name] = (total - first) / (deals - shares(one)[2])
    london = per_deal.pop("cavendish (London)", None)
    if london is not None:   # each rule set against London's
        print(f"  rule sets, {n} logs each (a deal after the first game's): a deal under the London laws {london / 1e6:.3f}")
        for name, cost in per_deal.items():
            print(counted(f"{name} / London, per deal", 1.5, cost / london, rule_walls.get(name)))
    ruled_rows(tmp, n, seed)


def ruled_rows(tmp: Path, n: int, seed: int, irregular: float = 0.2) -> None:
    """A game with rulings against the floor's game: an archive of irregular games (nearly every
    game handed to the full replay, its open choices and unknown facts weighed from snapshots)
    beside a clean one. A game's cost is the difference between 2n games and their first n,
    divided by n: neither the start-up nor what the first full replay loads once counts."""
    py = sys.executable
    validate = [py, "-c", MAIN, "validate", "--json"]
    print(f"  games with rulings ({n} games more, seed {seed}; a game, millions)")
    for label, chance in ((f"irregular {irregular}", irregular), ("clean", 0.0)):
        games = subprocess.run([py, "-m", "adjudicator.generate", str(2 * n), "--seed", str(seed),
                                "--irregular", str(chance)], capture_output=True, text=True, check=True,
                               env=ENV).stdout.splitlines(keepends=True)
        counts: list[tuple[int | None, int | None]] = []
        for size in (n, 2 * n):
            path = tmp / f"ruled-{chance}-{size}.jsonl"
            path.write_text("".join(games[:size]))
            counts.append((instructions([py, "-c", FLOOR, str(path)]), instructions([*validate, str(path)])))
        (floor_n, ours_n), (floor_2n, ours_2n) = counts
        if None in (floor_n, ours_n, floor_2n, ours_2n):
            print(f"  {label}: valgrind failed: left out")
            continue
        floor, ours = ((floor_2n or 0) - (floor_n or 0)) / n, ((ours_2n or 0) - (ours_n or 0)) / n
        print(f"  {label}: json floor {floor / 1e6:.3f}, ecarte validate --json {ours / 1e6:.3f} ({ours / floor:.2f}x)")
        if chance:
            print(counted(f"{label}: a game with rulings / the json floor's game", 8, ours / floor, None))


class Tee(io.StringIO):
    """What is printed, kept as well as shown."""

    def __init__(self, shown: TextIO) -> None:
        super().__init__()
        self.shown = shown

    def write(self, text: str) -> int:
        self.shown.write(text)
        return super().write(text)


def write_note(note: Path, printed: str, argv: list[str]) -> None:
    """Replace the section between the note's markers with this run's output."""
    text = note.read_text(encoding="utf-8")
    head, rest = text.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    when = datetime.now(timezone.utc).strftime("%d %B %Y, %H:%M UTC")
    run = " ".join(["python benchmarks/bench_validate.py", *argv])
    section = (f"{BEGIN}\nThe last run, written by the benchmark itself: `{run}`, ended {when}, on "
               f"{os.cpu_count()} cores, Python {sys.version.split()[0]}.\n\n```text\n{printed.rstrip()}\n```\n{END}")
    note.write_text(head + section + tail, encoding="utf-8")


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
    parser.add_argument("--note", default=str(NOTE),
                        help="the file whose marked section a run with --instructions replaces ('': none)")
    args = parser.parse_args(argv)
    tee = Tee(sys.stdout)
    with redirect_stdout(tee):
        worst = measure(args)
    if args.note and args.instructions and not args.only_rules:
        write_note(Path(args.note), tee.getvalue(), sys.argv[1:] if argv is None else argv)
    if worst:
        print(f"bench_validate: validate exited {worst} on clean games", file=sys.stderr)
    return worst


def measure(args: argparse.Namespace) -> int:
    """Every measurement the arguments ask for, printed; the worst exit status of validate."""
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
            worst = rule_sets(Path(tmp), validate, args.rules_games, args.seed, args.repeat)[0]
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
        walls: dict[str, float] = {}   # each generator's validate / floor, at the largest size
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
                    started = floor_start if name in FLOOR_ROWS else ecarte_start
                    less = (t - started) / (floor - floor_start)
                    print(f"  {name:<40}{t:>9.3f}{deals / t:>10.0f}{t / floor:>9.2f}{less:>15.2f}{peak / 1024:>9.0f}")
                    if name not in FLOOR_ROWS:
                        worst = max(worst, status)
                print(f"  start-up (empty archive): json floor {floor_start:.3f} s, ecarte {ecarte_start:.3f} s")
                one, jobs2 = res["ecarte validate --json"], res["ecarte validate --json --jobs 2"]
                walls[generator] = statistics.median(ratio(one, res["json floor"]))
                print(target("validate --json / the json floor, start-up included", ratio(one, res["json floor"]), 3, 2.5))
                print(f"  (validate --json / the orjson floor: {statistics.median(ratio(one, res[ORJSON_ROW])):.2f}x)")
                print(target("--jobs 2 / two one-job processes on the halves", ratio(jobs2, res["two one-job processes on the halves"]), 1.1))
                if dask:
                    print(target("--engine dask (2 workers) / --jobs 2", ratio(res["--engine dask, LocalCluster of 2"], jobs2), 1.5))
        rule_walls: dict[str, float] = {}
        if args.rules_games:
            status, rule_walls = rule_sets(Path(tmp), validate, args.rules_games, args.seed, args.repeat)
            worst = max(worst, status)
        if args.instructions:
            instruction_rows(Path(tmp), args.instructions, args.seed, empty, walls, rule_walls)
    print(f"\nafter: {load()}")
    return worst


if __name__ == "__main__":
    sys.exit(main())
