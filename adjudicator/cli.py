"""The command line: `ecarte adjudicate`, `validate`, `laws`, `book`, `quiz`, `schema`, `docs`. Thin: parse, call, print."""
from __future__ import annotations

import json
import os
import re
import sys
from functools import partial
from typing import Annotated, Optional

import typer

from .archive.files import check, items, tune_gc
from .archive.summary import decider, said_decider
from .completion import document_names, engines, law_numbers, rule_set_names
from .helptext import App
from .lawbook.cache import LawBookError

# each command imports the rest of what it needs when it runs: `validate` on clean JSON games
# never imports pydantic or the replay (adjudicator/scan.py)

# what a terminal would act on rather than show: controls, bidi overrides, lone surrogates
_HIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _visible(text: str) -> str:
    """Plain text safe for a terminal: every hidden character written as its escape."""
    return _HIDDEN.sub(lambda m: repr(m.group())[1:-1], text)


app = App(no_args_is_help=True, context_settings={"help_option_names": ["-h", "--help"]},
                  help="The laws of Écarté (London club laws, Cavendish), adjudicated.")


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version
        try:
            typer.echo(f"ecarte {version('ecarte')}")
        except PackageNotFoundError:
            typer.echo("ecarte (not installed)")
        raise typer.Exit(0)


@app.callback()
def _main(show_version: Annotated[bool, typer.Option("--version", "-V", callback=_version, is_eager=True,
                                                     help="Show the version and exit.")] = False) -> None:
    """The laws of Écarté (London club laws, Cavendish), adjudicated."""


class OutputFailed(Exception):
    """The output cannot be written (a full disk, a closed pipe): exit status 2, in `main`."""

    def __init__(self, error: OSError):
        super().__init__(error.strerror or str(error))


def _loaded_or_exit(load):
    """What `load` makes of the law book; exit status 2, saying why, when it cannot be loaded."""
    try:
        return load()
    except LawBookError as e:
        typer.echo(f"the law book cannot be loaded:\n{e}", err=True)
        raise typer.Exit(2) from None


RulesOpt = Annotated[Optional[str], typer.Option("--rules", metavar="NAME", autocompletion=rule_set_names,
                                                 help="the rule set: cavendish (the London laws, the default), french, modern (ecarte rules)")]
OptionOpt = Annotated[Optional[list[str]], typer.Option("--option", metavar="KEY=VALUE",
                                                        help="an option of the rule set, e.g. ace_high=true (again for more)")]


def _rules_or_exit(rules: str | None, options: list[str] | None):
    """The rules `--rules` and `--option` name (None if neither is given); exit status 2, with a
    "did you mean", for an unknown name, option or value."""
    if rules is None and not options:
        return None
    from .lawbook.rulesets import chosen
    try:
        return _loaded_or_exit(lambda: chosen(rules, options))
    except ValueError as e:
        typer.echo(_visible(str(e)), err=True)
        raise typer.Exit(2) from None


def _book_or_exit():
    from .lawbook.laws import default_book
    return _loaded_or_exit(default_book)


def _report_or_exit(log: str, text: str | None = None, asked=None):
    """The report on one log (`-` standard input; its text if read already; `asked`: the rules a
    command was given, for what its header does not say); exit status 2, saying why, when it
    cannot be read."""
    from .engine.adjudicate import adjudicate_text
    from .record.source import LogError
    try:
        return adjudicate_text(_text_or_exit(log) if text is None else text, log, asked)
    except LogError as e:
        typer.echo(_visible(str(e)), err=True)
        raise typer.Exit(2) from None


def _text_or_exit(log: str) -> str:
    """The text of one log; a scenario of the law book named as `laws N` lists it
    (`scenarios/laws/….yaml`, or its file name) where no such file is here."""
    from .record.source import LogError, read_source
    near = None
    if log != "-" and not os.path.exists(log):
        from .lawbook.scenarios import near_scenario, scenario_path
        found = scenario_path(log)
        near = None if found else near_scenario(log)
        log = str(found or log)
    try:
        return read_source(log)
    except LogError as e:
        hint = f" (or the law book's scenario {near!r}?)" if near and "did you mean" in str(e) else \
            f": did you mean the law book's scenario {near!r}?" if near else ""
        typer.echo(_visible(str(e) + hint), err=True)
        raise typer.Exit(2) from None


def _scanned(text: str, log: str) -> dict | None:
    """The JSON answer for a clean game by the lean scan, as `validate` finds it (engine/scan.py:
    the differential tests prove it the replay's), or None: the replay must read the log."""
    from .engine.scan import scan, scan_data
    from .record.source import LogError, is_json, parse_text
    scoring = _scoring_or_exit()
    if is_json(text):
        found = scan(text, log, scoring)
    else:
        try:
            found = scan_data(parse_text(text, log), log, scoring)
        except LogError:
            return None
    if found is not None:
        del found["source"]
    return found


@app.command(epilog="Example: ecarte adjudicate scenarios/laws/law11-two-cards-turned-choose.yaml")
def adjudicate(log: Annotated[str, typer.Argument(metavar="LOG", help="a log file (YAML or JSON), or - for standard input")],
               as_json: Annotated[bool, typer.Option("--json", help="one JSON object, for programs")] = False) -> None:
    """Replay one game log and rule on every irregularity: the rulings, the score, the winner.

    Exit status 0: no irregularity; 1: rulings were made; 2: the log could not be read."""
    text = None
    if as_json:   # a clean game: the lean scan answers, without the law book's models or the replay
        _scoring_or_exit()
        text = _text_or_exit(log)
        found = _scanned(text, log)
        if found is not None:
            typer.echo(json.dumps(found, ensure_ascii=False))
            raise typer.Exit(0)
    _book_or_exit()
    tune_gc()
    report = _report_or_exit(log, text)
    if as_json:
        from .words.report import report_json
        typer.echo(json.dumps(report_json(report), ensure_ascii=False))
    else:
        from .words.report import report_text
        typer.echo(_visible(report_text(report)))
    raise typer.Exit(0 if report.ok else 1)


@app.command(short_help="Why each ruling and the score are what they are", epilog="Example: ecarte explain --event 10 scenarios/laws/law21-after-refusal.yaml")
def explain(log: Annotated[str, typer.Argument(metavar="LOG", help="a log file (YAML or JSON), or - for standard input")],
            event: Annotated[Optional[int], typer.Option("--event", metavar="N", help="only the rulings made at this event")] = None,
            as_json: Annotated[bool, typer.Option("--json", help="one JSON object, for programs")] = False,
            everything: Annotated[bool, typer.Option("--all", help="each ruling in full: the facts, each condition, every other case")] = False,
            ascii: Annotated[bool, typer.Option("--ascii", help="cards as 7D, not 7♦")] = False,
            rules: RulesOpt = None, option: OptionOpt = None) -> None:
    """Why each ruling is what it is, short first (what happened, the law and what it gives, the score; the nearest other cases), and why the score is what it is, deal by deal; --all: everything.

    --rules and --option judge a log under those rules where its header does not name them (the header always wins).

    Exit status as adjudicate; 2 also for an --event at which no ruling was made."""
    from .teaching import explain as why
    asked = _rules_or_exit(rules, option)
    _book_or_exit()
    report = _report_or_exit(log, asked=asked)
    if event is not None and not any(r.event == event for r in report.rulings):
        made = sorted({r.event for r in report.rulings})
        at = (("rulings were made at events " if len(made) > 1 else "a ruling was made at event ")
              + ", ".join(map(str, made))) if made else "this log has no ruling at all"
        typer.echo(_visible(f"{log}: no ruling was made at event {event}: {at}"), err=True)
        raise typer.Exit(2)
    if as_json:
        typer.echo(json.dumps(why.to_json(report, event), ensure_ascii=False))
    else:
        typer.echo(_visible(why.to_text(report, event, everything=everything, ascii=ascii)))
    raise typer.Exit(0 if report.ok else 1)


@app.command(epilog="Example: ecarte validate --jobs 2 --only-problems archive.jsonl")
def validate(paths: Annotated[list[str], typer.Argument(metavar="PATH", help="files, folders (searched for .yaml .yml .json .jsonl .jsonl.gz .jsonl.bz2 .jsonl.xz, in any case), .jsonl archives (plain or compressed), or - for JSON Lines on standard input")],
             as_json: Annotated[bool, typer.Option("--json", help="one JSON object per game, in input order")] = False,
             jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, max=64, metavar="N", help="worker processes, from 1 (this process alone) to 64; 0 or a negative number is refused")] = 1,
             only_problems: Annotated[bool, typer.Option("--only-problems", help="show only the games with rulings or that cannot be read")] = False,
             summary_json: Annotated[Optional[str], typer.Option("--summary-json", metavar="FILE", help="write the summary (by law, by irregularity) to FILE as JSON; FILE - writes it alone to standard output")] = None,
             engine: Annotated[str, typer.Option("--engine", metavar="ENGINE", autocompletion=engines, help="local (worker processes here) or dask (a Dask cluster: pip install 'ecarte[dask]')")] = "local",
             scheduler: Annotated[Optional[str], typer.Option("--scheduler", metavar="ADDRESS", help="with --engine dask: the cluster's scheduler (else a local cluster of --jobs workers)")] = None,
             out_dir: Annotated[Optional[str], typer.Option("--out-dir", metavar="DIR", help="with --engine dask: the workers write the games' lines to DIR, one file a partition")] = None) -> None:
    """Check many logs: one line per game, then a summary by law and by irregularity (none with --json).

    Exit status: the highest of the games (2 unreadable, 1 irregular, 0 clean); 2 also for a
    folder or pattern with no log in it; 130 when stopped by ^C (the summary says how far it got)."""
    from .archive.files import Skipped
    from .archive.progress import Interrupt, Progress
    from .archive.summary import Summary
    if engine not in ("local", "dask"):
        typer.echo(_visible(f"--engine {engine}: the engines are local and dask"), err=True)
        raise typer.Exit(2)
    if engine != "dask" and (scheduler is not None or out_dir is not None):
        typer.echo("--scheduler and --out-dir go with --engine dask", err=True)
        raise typer.Exit(2)
    if summary_json is not None or out_dir is not None:
        _places_or_exit(paths, summary_json, out_dir, as_json or only_problems)
    _scoring_or_exit()
    tune_gc()
    summary = Summary()
    skipped = Skipped()
    progress = Progress(sys.stderr.isatty(), _total(paths))
    out = sys.stdout   # after the bar starts: on the bar's terminal, lines go above it
    if summary_json == "-":   # standard output is the summary's alone
        out = open(os.devnull, "w", encoding="utf-8")
    interrupted = False
    try:
        with Interrupt() as stop:   # ^C: never in the middle of a batch of lines
            if engine == "dask":
                summary = _on_dask(paths, jobs, scheduler, out_dir, as_json, only_problems, progress, out, skipped)
            else:
                batches = _results(paths, jobs, as_json, only_problems, skipped)
                try:
                    for text, clean, problems, size in batches:
                        with stop.held():
                            _write(out, text)
                            summary.add_clean(clean)
                            for status, source, rulings in problems:
                                summary.add(status, source, rulings)
                            progress.step(clean + len(problems), size)
                finally:
                    batches.close()   # with --jobs: the workers stopped, not waited for
    except KeyboardInterrupt:
        interrupted = True
    finally:
        progress.done()
    if interrupted and engine == "dask":   # the summary is gathered at the end, on the cluster
        typer.echo(f"ecarte validate: interrupted after {progress.so_far()}", err=True)
        raise typer.Exit(130)
    summary.skipped = skipped
    summary.interrupted = progress.so_far() if interrupted else None
    if summary_json == "-":
        typer.echo(json.dumps(summary.to_json(), ensure_ascii=False, indent=1))
    elif summary_json is not None:
        from .record.writing import write_text
        try:   # whole or not at all: an old summary stays as it was if this fails
            write_text(summary_json, json.dumps(summary.to_json(), ensure_ascii=False, indent=1) + "\n")
        except OSError as e:
            typer.echo(_visible(f"{summary_json}: the summary cannot be written: {e.strerror or e}"), err=True)
            raise typer.Exit(2) from None
    _said_at_the_end(summary, skipped, as_json or summary_json == "-")
    if interrupted:
        raise typer.Exit(130)
    raise typer.Exit(2 if skipped.empty else max((s for s in (2, 1) if summary.counts[s]), default=0))


def _said_at_the_end(summary, skipped, no_summary: bool) -> None:
    """The summary (none with --json or --summary-json -, and none of nothing: only that no log
    was found); on stderr, each folder or pattern with no log, and where the summary is not
    said, what was skipped or cut short."""
    if not no_summary and (summary.games or not skipped.empty):
        typer.echo(_visible("\n".join(summary.lines())))
    elif no_summary:
        for line in (f"interrupted after {summary.interrupted}" if summary.interrupted else None, skipped.line()):
            if line:
                typer.echo(_visible(f"ecarte validate: {line}"), err=True)
    for empty in skipped.empty:
        typer.echo(_visible(f"ecarte validate: {empty}"), err=True)


class ClosedPipe(Exception):
    """The reader of the output has gone (`| head`): the end, quietly, in `main`. Not an OSError,
    so that it passes click's own answer to a closed pipe (exit status 1)."""


def _places_or_exit(paths: list[str], summary_json: str | None, out_dir: str | None, lines: bool) -> None:
    """Refuse, before any log is read, a place to write that is an input or lies inside one, or
    that cannot be written; and `--summary-json -` beside game lines on standard output."""
    from .record.writing import folder_refusal, refusal
    why = None
    if summary_json == "-":
        if lines and out_dir is None:
            typer.echo("--summary-json - writes the summary alone to standard output, where --json and "
                       "--only-problems ask for game lines: give --summary-json a FILE (nothing was read)", err=True)
            raise typer.Exit(2)
    elif summary_json is not None and (said := refusal(summary_json, paths, made=out_dir)) is not None:
        why = f"--summary-json {summary_json} {said}"
    if why is None and out_dir is not None and (said := folder_refusal(out_dir, paths)) is not None:
        why = f"--out-dir {out_dir} {said}"
    if why is not None:
        typer.echo(_visible(f"{why}: nothing was read or written"), err=True)
        raise typer.Exit(2)


def _write(out, text: str) -> None:
    """A batch of lines, whole. To a file descriptor (a pipe, a file), written past Python's
    buffer until every byte is out: a signal that interrupts a long write to a full pipe makes
    the kernel write part of it, and the buffered writer then loses the rest (seen on CPython
    3.11 with ^C's handler, tests/test_streams.py)."""
    import io
    try:
        try:
            fd = out.fileno() if isinstance(out, io.TextIOWrapper) else None   # not the bar's terminal
        except io.UnsupportedOperation:   # a test's capture
            fd = None
        if fd is None:
            out.write(text)
            return
        out.flush()
        data = memoryview(text.encode(out.encoding or "utf-8", out.errors or "strict"))
        while data:
            data = data[os.write(fd, data):]
    except BrokenPipeError:
        raise ClosedPipe() from None
    except OSError as e:   # a full disk: exit status 2
        raise OutputFailed(e) from None


def _on_dask(paths: list[str], jobs: int, scheduler: str | None, out_dir: str | None, as_json: bool,
             only_problems: bool, progress, out, skipped):
    """`validate --engine dask`: the lines written in input order (or by the workers, to
    `out_dir`); the summary, merged as a tree (adjudicator/archive/cluster.py)."""
    from .archive import cluster
    if out_dir is not None:
        try:
            cluster.make_folder(out_dir)
        except OSError as e:
            typer.echo(_visible(f"{out_dir}: the folder cannot be made: {e.strerror or e}"), err=True)
            raise typer.Exit(2) from None
    try:
        client, local = cluster.connect(scheduler, jobs)
    except cluster.DaskMissing as e:
        typer.echo(str(e), err=True)
        raise typer.Exit(2) from None
    except (OSError, TimeoutError) as e:
        typer.echo(_visible(f"the Dask scheduler {scheduler} cannot be reached: {e}"), err=True)
        raise typer.Exit(2) from None
    render = partial(render_batch, as_json=as_json, only_problems=only_problems)
    try:
        for text, total, games, size in cluster.results(paths, render, client, out_dir, ".jsonl" if as_json else ".txt", skipped):
            if total is not None:
                return total
            progress.step(games, size)
            _write(out, text)
    finally:
        cluster.disconnect(client, local)
    raise AssertionError("cluster.results ends with the summary")


def _total(paths: list[str]) -> int | None:
    """The bytes to read, when every path is a regular file (else unknown)."""
    import os
    import stat
    total = 0
    for path in paths:
        try:
            st = os.stat(path) if path != "-" else None
        except OSError:
            return None
        if st is None or not stat.S_ISREG(st.st_mode):
            return None
        total += st.st_size
    return total


def _scoring_or_exit():
    """What `validate`'s scan needs of the law book (the whole book only if its cache is stale)."""
    from .lawbook.scoring import scoring
    return _loaded_or_exit(scoring)


def _results(paths: list[str], jobs: int, as_json: bool, only_problems: bool = False, skipped=None):
    """The answers in input order, some games at a time: (their output lines, how many were
    clean, (status, source, rulings as (law, irregularity)) of each other one, their bytes).
    With jobs, worker processes read the input and write the lines too (adjudicator/parallel.py)."""
    render = partial(render_batch, as_json=as_json, only_problems=only_problems)
    if jobs == 1:
        from itertools import islice
        from .archive.live import batches, is_live
        source = items(paths, skipped)
        if any(is_live(path) for path in paths):   # a game answered as soon as it is read
            return (render(batch) for batch in batches(source, 64))
        return (render(batch) for batch in iter(lambda: list(islice(source, 64)), []))
    from .archive.parallel import results
    return results(paths, jobs, render, skipped)


_JSON_LINE = json.JSONEncoder(ensure_ascii=False).encode   # `json.dumps(obj, ensure_ascii=False)`, one encoder for every line


def render_batch(batch, as_json: bool, only_problems: bool = False) -> tuple[str, int, list, int]:
    """Some games checked: the output lines (`--only-problems`: not the clean games'), how many
    were clean, the others' (status, source, rulings), and their bytes."""
    lines = []
    clean = size = 0
    problems = []
    for item in batch:
        status, obj = check(item)
        size += item.size
        if status == 0:
            clean += 1
            if only_problems:
                continue
        else:
            rulings = tuple((decider(r), r["irregularity"]) for r in obj["rulings"]) if status == 1 else ()
            problems.append((status, item.source, rulings))
        lines.append(_JSON_LINE(obj) if as_json else _visible(_line(status, obj)))
    return ("\n".join(lines) + "\n" if lines else ""), clean, problems, size


def _line(status: int, obj: dict) -> str:
    source = obj["source"]
    if status == 2:
        return f"{source}: unreadable: " + "; ".join(e.removeprefix(source + ": ") for e in obj["errors"])
    score = ", ".join(f"{p} {s}" for p, s in obj["score"].items())
    won = f"; {obj['winner']} wins" if obj["winner"] else ""
    if status == 0:
        return f"{source}: clean ({score}{won})"
    laws = ", ".join(f"{said_decider(decider(r))} at event {r['event']}" for r in obj["rulings"])
    return f"{source}: {len(obj['rulings'])} ruling{'s' if len(obj['rulings']) != 1 else ''}: {laws} ({score}{won})"


@app.command(epilog="Examples: ecarte laws 17; ecarte laws 17 21; ecarte laws --search renege")
def laws(numbers: Annotated[Optional[list[str]], typer.Argument(metavar="N", autocompletion=law_numbers, help="laws' numbers, 1 to 51: one to read, several side by side")] = None,
         search: Annotated[Optional[str], typer.Option("--search", metavar="WORDS", help="words to find in the laws (synonyms and French terms too)")] = None,
         as_json: Annotated[bool, typer.Option("--json", help="a JSON list of laws")] = False,
         rules: RulesOpt = None, option: OptionOpt = None) -> None:
    """Read the law book: a law's text, what the rule file makes of it, and its scenarios; several laws side by side, with what separates them.

    With --rules (and --option): what that rule set makes of each law, in its source's words.

    Exit status 0; 2 for a law that does not exist."""
    from .lawbook.scenarios import scenarios_by_law
    from .words.lawviews import describe, entry, index_line
    from .words.search import search as find, terms
    under = _rules_or_exit(rules, option)
    book = _book_or_exit()
    for n in numbers or []:
        if not n.isdigit():
            typer.echo(_visible(f"{n!r} is not a law number: give 1 to 51"), err=True)
            raise typer.Exit(2)
    numbers = list(dict.fromkeys(int(n) for n in numbers or []))
    missing = [n for n in numbers if n not in book.laws]
    if missing:
        typer.echo(f"there is no law {', '.join(map(str, missing))}: the book has laws 1 to 51", err=True)
        raise typer.Exit(2)
    shown = scenarios_by_law()
    chosen = numbers or sorted(book.laws)
    hits: dict[int, list] = {}
    if search:
        query = terms(search)
        hits = {n: h for n in chosen if (h := find(book.laws[n], query)) is not None}
        chosen = [n for n in chosen if n in hits]
    if as_json:
        out = [entry(book, n, shown, under) for n in chosen]
        for item in out:
            if item["law"] in hits:
                item["found"] = [{"in": h.field, "snippet": h.snippet, "match": [h.start, h.end]} for h in hits[item["law"]]]
        typer.echo(json.dumps(out, ensure_ascii=False, indent=1))
        return
    if len(numbers) == 1 and not search:
        typer.echo(describe(book, numbers[0], shown, under))
        return
    if len(numbers) > 1 and not search:
        from shutil import get_terminal_size
        from .words.compare import table
        typer.echo(table(book, numbers, get_terminal_size((80, 24)).columns))
        return
    for n in chosen:
        typer.echo(index_line(book, n, shown, under))
        for h in hits.get(n, []):
            typer.echo(_visible(f"      {h.field}: " + _marked(h.snippet, h.start, h.end)))
    if search and not chosen:
        said = search if len(search) <= 60 else search[:57] + "..."
        typer.echo(f"no law mentions {said!r}")


def _marked(snippet: str, start: int, end: int) -> str:
    """The match picked out: in bold on a terminal, between » « elsewhere."""
    if sys.stdout.isatty():
        return f"{snippet[:start]}\x1b[1;4m{snippet[start:end]}\x1b[0m{snippet[end:]}"
    return f"{snippet[:start]}»{snippet[start:end]}«{snippet[end:]}"


@app.command(epilog="Example: ecarte book --out /tmp/ecarte-book")
def book(out: Annotated[str, typer.Option("--out", metavar="DIR", help="the folder to write the book into (made if need be)")],
         rules: RulesOpt = None, option: OptionOpt = None) -> None:
    """Write the law book as HTML pages that work offline: an index with a search, a page per law with its text, its cases and its scenarios drawn at the table, event by event, and resolve.html, the dispute interview for a phone (asking under --rules and --option)."""
    from pathlib import Path

    from .teaching.book import build
    from .teaching.book.render import page_name
    from .dispute.terminal import Refused, page
    from .record.source import LogError
    asked = _rules_or_exit(rules, option)
    lawbook = _book_or_exit()
    try:
        pages = build(Path(out), lawbook)
        pages += page(str(Path(out) / "resolve.html"), None, {n: page_name(n) for n in lawbook.laws}, asked)[:1]
    except Refused as e:
        typer.echo(_visible(f"the book cannot be written to {out}: {e}"), err=True)
        raise typer.Exit(2) from None
    except OSError as e:
        where = f" ({e.filename})" if getattr(e, "filename", None) else ""
        typer.echo(_visible(f"the book cannot be written to {out}: {e.strerror or e}{where}"), err=True)
        raise typer.Exit(2) from None
    except LogError as e:
        typer.echo(_visible(f"the book cannot be made: a scenario cannot be read:\n{e}"), err=True)
        raise typer.Exit(2) from None
    typer.echo(_visible(f"{len(pages)} pages written to {out}; open {Path(out) / 'index.html'} in a browser"))


@app.command(epilog="Examples: ecarte resolve --players Ann,Bob --save dispute.yaml; ecarte docs INTERVIEW")
def resolve(as_json: Annotated[bool, typer.Option("--json", help="JSON Lines both ways, for programs (the format: see the examples)")] = False,
            players: Annotated[Optional[str], typer.Option("--players", metavar="A,Y", help="the players' names, A,Y (else dealer and non-dealer)")] = None,
            save: Annotated[Optional[str], typer.Option("--save", metavar="FILE", help="write the dispute as a log (YAML) to FILE")] = None,
            page: Annotated[Optional[str], typer.Option("--page", metavar="FILE", help="write the whole interview as one offline page for a phone (HTML), and ask nothing")] = None,
            rules: RulesOpt = None, option: OptionOpt = None) -> None:
    """A dispute at the table: a few questions, then the ruling and what happens next.

    Answer with a choice's key, or the arrows and Enter; ? says why a question is asked,
    b goes back to the question before, ^D leaves. --rules and --option: the rules to ask
    under (the log told carries them in its header).

    Exit status 1: a law rules; 0: the facts show no irregularity; 2: the input ended first."""
    from .words.interview import InterviewEnded
    from .dispute.terminal import Refused, page as write_page, resolve as run
    asked = _rules_or_exit(rules, option)
    _book_or_exit()
    try:
        if page is not None:
            written = write_page(page, players, rules=asked)
            typer.echo(_visible(f"the dispute page is written to {written[0]} (with {written[1].name} beside it, "
                                f"for use with no network when served over http); open it in a phone's browser"))
            raise typer.Exit(0)
        status = run(as_json, players, save, asked)
    except (InterviewEnded, Refused) as e:
        typer.echo(f"ecarte resolve: {e}", err=True)
        raise typer.Exit(2) from None
    except KeyboardInterrupt:
        typer.echo("\necarte resolve: interrupted before the end", err=True)
        raise typer.Exit(2) from None
    raise typer.Exit(status)


@app.command(short_help="Learn the laws: questions on the rulings of the scenarios",
             epilog="Examples: ecarte quiz --law 17 --count 3; ecarte docs INTERVIEW")
def quiz(law: Annotated[Optional[int], typer.Option("--law", metavar="N", autocompletion=law_numbers, help="only scenarios that show this law")] = None,
         seed: Annotated[Optional[int], typer.Option("--seed", metavar="S", help="the same seed asks the same questions")] = None,
         count: Annotated[int, typer.Option("--count", min=1, metavar="K", help="how many questions")] = 5,
         as_json: Annotated[bool, typer.Option("--json", help="JSON Lines both ways, for programs (the format: see the examples)")] = False,
         rules: RulesOpt = None, option: OptionOpt = None) -> None:
    """Cases and decisions: a table from the scenarios, a question on its ruling, the why.

    --rules and --option: only the scenarios played under those rules.

    Exit status 0 at the end; 2 for a law with no scenario or input that ends early."""
    import os
    import random
    from .words.interview import InterviewEnded, run_json, run_terminal
    from .teaching.quiz import Quiz, laws_with_moments, moments
    from .words.vocabulary import default_words
    asked = _rules_or_exit(rules, option)
    book = _book_or_exit()
    end = default_words().quiz["end"]
    if law is not None and law not in book.laws:
        typer.echo(end["no_law"].format(law=law), err=True)
        raise typer.Exit(2)
    if law is not None and not moments(law, asked):
        typer.echo(end["no_scenario"].format(law=law, laws=", ".join(map(str, laws_with_moments(asked)))), err=True)
        raise typer.Exit(2)
    if asked is not None and law is None and not moments(None, asked):
        typer.echo(end["no_rules_scenario"].format(rules=asked.rules), err=True)
        raise typer.Exit(2)
    if seed is None:
        seed = random.SystemRandom().randrange(100_000)
    colour = not as_json and sys.stdout.isatty() and "NO_COLOR" not in os.environ
    interview = Quiz(seed, count, law, colour=colour, rules=asked)
    if not as_json:
        typer.echo(end["seed"].format(seed=seed))
    try:
        status = run_json(interview, sys.stdin, sys.stdout) if as_json else run_terminal(interview)
    except (InterviewEnded, KeyboardInterrupt) as e:
        typer.echo(f"ecarte quiz: {e or end['left']}", err=True)
        raise typer.Exit(2) from None
    raise typer.Exit(status)


@app.command(epilog="Example: ecarte schema log > log.schema.json")
def schema(what: Annotated[str, typer.Argument(metavar="WHAT", help="log (the game log format)")] = "log") -> None:
    """Print the JSON Schema of the game log format."""
    if what != "log":
        typer.echo("the schema known is: log", err=True)
        raise typer.Exit(2)
    from .record.log import log_json_schema
    typer.echo(json.dumps(log_json_schema(), indent=1, ensure_ascii=False))


@app.command(epilog="Examples: ecarte rules; ecarte rules diff cavendish french; ecarte rules --json")
def rules(what: Annotated[Optional[list[str]], typer.Argument(metavar="[diff A B]", autocompletion=rule_set_names, help="diff and two rule sets: their differences, point by point")] = None,
          as_json: Annotated[bool, typer.Option("--json", help="one JSON object, for programs")] = False) -> None:
    """The rule sets (the London laws, the French rules, the modern rulebook) and their options, with defaults and sources; `diff A B`: where two differ, with both sources' words.

    Exit status 0; 2 for an unknown rule set."""
    from .words.rules import diff, diff_text, known, listing, listing_text
    _book_or_exit()
    what = what or []
    if len(what) == 1 and what[0] != "diff":   # a rule set's name alone: what to type instead
        try:
            known(what[0])
        except ValueError as e:
            typer.echo(_visible(f"ecarte {e}"), err=True)
            raise typer.Exit(2) from None
        typer.echo(_visible(f"ecarte rules: {what[0]}: give nothing (every rule set), or its differences from the London laws: ecarte rules diff cavendish {what[0]}"), err=True)
        raise typer.Exit(2)
    if what and (what[0] != "diff" or len(what) != 3):
        typer.echo(_visible(f"ecarte rules: {' '.join(what)!r}: give nothing (every rule set), or diff and two rule sets, e.g. ecarte rules diff cavendish french"), err=True)
        raise typer.Exit(2)
    try:
        for name in what[1:]:
            known(name)
    except ValueError as e:
        typer.echo(_visible(f"ecarte {e}"), err=True)
        raise typer.Exit(2) from None
    if what:
        typer.echo(json.dumps(diff(what[1], what[2]), ensure_ascii=False, indent=1) if as_json else diff_text(what[1], what[2]))
    else:
        typer.echo(json.dumps(listing(), ensure_ascii=False, indent=1) if as_json else listing_text())


@app.command(epilog="Examples: ecarte docs; ecarte docs INTERVIEW")
def docs(name: Annotated[Optional[str], typer.Argument(metavar="NAME", autocompletion=document_names, help="a document's name (any case), e.g. LOG_FORMAT")] = None) -> None:
    """List the format documents this copy carries (the log format, the rulings, the interview, the rule sets), or print one.

    Exit status 0; 2 for a document that does not exist."""
    from .lawbook.documents import documents, find, title
    shipped = documents()
    if name is None:
        width = max(map(len, shipped))
        for stem, path in shipped.items():
            typer.echo(f"{stem:<{width}}  {title(path)}")
        return
    path = find(name)
    if path is None:
        typer.echo(_visible(f"no document {name!r}: the documents are {', '.join(shipped)}"), err=True)
        raise typer.Exit(2)
    typer.echo(path.read_text(encoding="utf-8"), nl=False)


def main() -> None:
    import os
    # no pydantic plugin has any business in this command: skip their search of every installed
    # package's entry points at the first model built (some 20 ms of each start)
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    if sys.stdout is None:   # closed by the caller: the exit status still answers
        sys.stdout = open(os.devnull, "w")
    for stream in (sys.stdout, sys.stderr):   # a name that is not text (a lone surrogate) is escaped, not a crash
        if stream is not None and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    from .hot import read
    hot = read(sys.argv[1:])
    try:
        try:
            if hot is None:
                app()   # always ends in SystemExit
            else:
                _run_hot(*hot)
        finally:
            sys.stdout.flush()   # here, where a failure can still be answered
    except SystemExit:
        if type(sys.stdout).__name__ == "PacifyFlushWrapper":   # click met a closed pipe (it says exit 1)
            _closed_pipe()
        raise
    except ClosedPipe:
        _closed_pipe()
    except (OSError, OutputFailed) as e:   # the output cannot be written: a full disk, a closed pipe
        if isinstance(e, BrokenPipeError):
            _closed_pipe()
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())   # nothing left to flush at exit
        _say(f"ecarte: the output cannot be written: {getattr(e, 'strerror', None) or e}")
        raise SystemExit(2) from None
    except LawBookError as e:   # a rule file, or the words beside them (laws/words/), read late
        _say(f"the law book cannot be loaded:\n{e}")
        raise SystemExit(2) from None


CLOSED_PIPE = 141   # what the shell sees of grep, cat or yes when their reader has gone: 128 + SIGPIPE


def _closed_pipe() -> None:
    """The reader of the output has gone (`ecarte laws | head`): the end, as grep's, with nothing
    said and the status the shell sees of a tool that SIGPIPE stopped. What is still buffered
    goes to /dev/null, so the flush at exit cannot fail again."""
    import os
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    raise SystemExit(CLOSED_PIPE) from None


def _run_hot(name: str, kwargs: dict) -> None:
    """A hot command whose plain command line adjudicator/hot.py read, called as typer calls it
    and ended as typer ends it (SystemExit with its status; ^C: exit status 130).
    Its imports (the models, the law book, the replay) make many objects and free none: no
    collection of cycles until the command's own work begins (`tune_gc` turns it on again), and
    on again whatever happens when it ends (a caller in the same process, a test, keeps its own)."""
    import gc
    gc.disable()
    try:
        {"validate": validate, "adjudicate": adjudicate}[name](**kwargs)
    except typer.Exit as e:
        raise SystemExit(e.exit_code) from None
    except KeyboardInterrupt:
        raise SystemExit(130) from None
    finally:
        gc.enable()
    raise SystemExit(0)


def _say(message: str) -> None:
    """A last word on standard error, which may itself be gone."""
    try:
        print(message, file=sys.stderr, flush=True)
    except (OSError, AttributeError, ValueError):
        pass


if __name__ == "__main__":
    main()
