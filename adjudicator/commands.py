"""The hot commands, `ecarte adjudicate` and `ecarte validate`, without typer: what they do once
their command line is read (by adjudicator/hot.py, or by typer in cli.py, which calls them here),
and how every command reads a log or the law book, or exits saying why. Each command ends in
SystemExit with its exit status. Nothing here imports typer: a plain command line of the two
starts with only what its work needs (adjudicator/entry.py)."""
from __future__ import annotations

import json
import os
import re
import sys
from functools import partial

from .archive.files import body, check, items, tune_gc
from .archive.summary import decider, rules_label, said_decider
from .lawbook.cache import LawBookError

# each command imports the rest of what it needs when it runs: `validate` on clean JSON games
# never imports pydantic or the replay (adjudicator/engine/scan.py)

# what a terminal would act on rather than show: controls, bidi overrides, lone surrogates
_HIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def visible(text: str) -> str:
    """Plain text safe for a terminal: every hidden character written as its escape."""
    return _HIDDEN.sub(lambda m: repr(m.group())[1:-1], text)


def echo(text: str = "", err: bool = False) -> None:
    """A line on standard output (or standard error), flushed, as typer.echo writes one."""
    stream = sys.stderr if err else sys.stdout
    if stream is not None:
        stream.write(text + "\n")
        stream.flush()


class OutputFailed(Exception):
    """The output cannot be written (a full disk, a closed pipe): `validate` stops, saying how far
    it got (exit status 3); elsewhere exit status 2, in `entry.main`."""

    def __init__(self, error: OSError):
        super().__init__(error.strerror or str(error))


def loaded_or_exit(load):
    """What `load` makes of the law book; exit status 2, saying why, when it cannot be loaded."""
    try:
        return load()
    except LawBookError as e:
        echo(f"the law book cannot be loaded:\n{e}", err=True)
        raise SystemExit(2) from None


def rules_or_exit(rules: str | None, options: list[str] | None):
    """The rules `--rules` and `--option` name (None if neither is given); exit status 2, with a
    "did you mean", for an unknown name, option or value."""
    if rules is None and not options:
        return None
    from .lawbook.rulesets import chosen
    try:
        return loaded_or_exit(lambda: chosen(rules, options))
    except ValueError as e:
        from .words.textwidth import wrap
        echo("\n".join(wrap(visible(str(e)))), err=True)   # wrapped to the terminal, as the doors' words
        raise SystemExit(2) from None


def book_or_exit():
    """The law book (`laws/`), checked; exit status 2, saying why, when it cannot be loaded."""
    from .lawbook.laws import default_book
    return loaded_or_exit(default_book)


def report_or_exit(log: str, text: str | None = None, asked=None):
    """The report on one log (`-` standard input; its text if read already; `asked`: the rules a
    command was given, for what its header does not say); exit status 2, saying why, when it
    cannot be read."""
    from .engine.adjudicate import adjudicate_text
    from .record.source import LogError
    try:
        return adjudicate_text(text_or_exit(log) if text is None else text, log, asked)
    except LogError as e:
        echo(visible(str(e)), err=True)
        raise SystemExit(2) from None


def text_or_exit(log: str) -> str:
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
        echo(visible(str(e) + hint), err=True)
        raise SystemExit(2) from None


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


def adjudicate(log: str, as_json: bool = False) -> None:
    """`ecarte adjudicate LOG`: the report on one log, in words or as JSON (its help: cli.py)."""
    text = None
    if as_json:   # a clean game: the lean scan answers, without the law book's models or the replay
        _scoring_or_exit()
        text = text_or_exit(log)
        found = _scanned(text, log)
        if found is not None:
            echo(json.dumps(found, ensure_ascii=False))
            raise SystemExit(0)
    book_or_exit()
    tune_gc()
    report = report_or_exit(log, text)
    if as_json:
        from .words.report import report_json
        echo(json.dumps(report_json(report), ensure_ascii=False))
    else:
        from .words.report import report_text
        echo(visible(report_text(report)))
    raise SystemExit(0 if report.ok else 1)


def validate(paths: list[str], as_json: bool = False, jobs: int = 1, only_problems: bool = False,
             summary_json: str | None = None, engine: str = "local", scheduler: str | None = None,
             out_dir: str | None = None, overwrite: bool = False, worker_timeout: float | None = None,
             resume: str | None = None) -> None:
    """`ecarte validate PATH...`: a line per game in input order, then the summary (its help: cli.py)."""
    if engine not in ("local", "dask"):
        echo(visible(f"--engine {engine}: the engines are local and dask"), err=True)
        raise SystemExit(2)
    if engine != "dask" and (scheduler is not None or out_dir is not None or worker_timeout is not None):
        echo("--scheduler, --out-dir and --worker-timeout go with --engine dask", err=True)
        raise SystemExit(2)
    if overwrite and out_dir is None:
        echo("--overwrite goes with --out-dir", err=True)
        raise SystemExit(2)
    if resume is not None and engine == "dask":
        echo("--resume goes with the local engine (one job or --jobs N): nothing was read", err=True)
        raise SystemExit(2)
    if scheduler is not None:
        _scheduler_or_exit(scheduler)
    if summary_json is not None or out_dir is not None:
        _places_or_exit(paths, summary_json, out_dir, as_json or only_problems, overwrite)
    run = partial(_validate, paths, as_json, jobs, only_problems, summary_json, engine, scheduler, out_dir,
                  worker_timeout, resume)
    if summary_json in (None, "-"):   # no summary file to hold against another run
        return run()
    from .record.lock import Busy, held
    from .record.writing import local
    try:
        with held(local(summary_json) or summary_json):
            run()
    except Busy as e:
        echo(visible(f"--summary-json {summary_json}: {e}: nothing was read or written"), err=True)
        raise SystemExit(2) from None


def _validate(paths: list[str], as_json: bool, jobs: int, only_problems: bool, summary_json: str | None,
              engine: str, scheduler: str | None, out_dir: str | None, worker_timeout: float | None,
              resume: str | None) -> None:
    """`validate` itself, its summary file held against other runs (`validate`)."""
    import signal
    from .archive.files import Skipped
    from .archive.progress import Interrupt, Progress
    from .archive.recoveries import Recoveries, RunFailed
    from .archive.resume import ResumeRefused, checkpoint, inputs, read
    from .archive.summary import Duplicates, Tree
    _scoring_or_exit()
    read_at_start = _out_dir_emptied(paths, out_dir) if out_dir is not None else None
    tune_gc()
    command = {"paths": paths, "json": as_json, "only_problems": only_problems}
    skipped = Skipped()
    recoveries = Recoveries(lambda line: progress.say(visible(f"ecarte validate: {line}")))
    dups = Duplicates()
    tree = Tree()   # the batches' summaries, merged in input order as their lines are written
    listed, done = [], None
    try:   # a resumed run's games are read past here (`_results`): a refusal is said before any line
        if summary_json is not None or resume is not None:
            listed = inputs(paths)
            done = read(resume, command, listed) if resume is not None else None
        if done is not None:
            tree.add(done)
        parts = _on_dask(paths, jobs, scheduler, out_dir, as_json, only_problems, skipped, recoveries,
                         60 if worker_timeout is None else worker_timeout) if engine == "dask" \
            else _parts(_results(paths, jobs, as_json, only_problems, skipped, done, dups, recoveries))
    except ResumeRefused as e:
        echo(visible(f"{e}: nothing was written"), err=True)
        raise SystemExit(2) from None
    progress = Progress(sys.stderr.isatty(), _total(paths))
    out = sys.stdout   # after the bar starts: on the bar's terminal, lines go above it
    if summary_json == "-":   # standard output is the summary's alone
        out = open(os.devnull, "w", encoding="utf-8")
    written = done.checkpoint["output_bytes"] if done is not None and done.checkpoint is not None else 0
    stopped = None   # the signal that ended the run early: ^C's SIGINT, SIGTERM, SIGHUP
    failed = None    # what outside the logs ended it (exit status 3): no live worker, output not written
    try:
        with Interrupt() as stop:   # ^C, SIGTERM, SIGHUP: never in the middle of a batch of lines
            try:
                for text, summary, games, size in parts:
                    dups.see(summary)
                    with stop.held():
                        written += _write(out, text)
                        tree.add(summary)
                        progress.step(games, size)
            finally:
                parts.close()   # with --jobs: the workers stopped, not waited for
    except KeyboardInterrupt as e:
        stopped = getattr(e, "signum", signal.SIGINT)
    except RunFailed as e:   # a reason outside the logs: exit status 3, the summary saying how far it got
        failed = str(e)
    except OutputFailed as e:   # a full disk: the summary still written where it can be
        failed = (f"stopped after {progress.so_far()}: the output cannot be written ({e}); "
                  f"its first {written:,} bytes are whole")
    finally:
        progress.done()
    summary = tree.total()
    summary.skipped = skipped
    summary.interrupted = _so_far(progress, stopped, failed)
    summary.recoveries, summary.stopped = recoveries, failed
    if summary_json is not None:
        summary.checkpoint = checkpoint(command, listed, summary, written, stopped is None and failed is None)
    said = summary.to_json()
    if stopped is not None:
        said["signal"] = signal.Signals(stopped).name
    if failed:   # how far it got follows, with the summary
        echo(visible(f"ecarte validate: {failed}"), err=True)
    if summary_json == "-" and failed is None:
        echo(json.dumps(said, ensure_ascii=False, indent=1))
    elif summary_json is not None and summary_json != "-":
        from .record.writing import local, write_text
        try:   # whole or not at all: an old summary stays as it was if this fails
            write_text(local(summary_json) or summary_json, json.dumps(said, ensure_ascii=False, indent=1) + "\n")
        except OSError as e:
            echo(visible(f"{summary_json}: the summary cannot be written: {e.strerror or e}"), err=True)
            raise SystemExit(3 if failed else 2) from None
    if out_dir is not None and read_at_start is not None:   # both or neither
        _out_dir_finished(out_dir, read_at_start, said)
    # a run cut short that a summary file can resume: its words on stderr, so that standard
    # output holds only game lines, for the resumed run's to be appended to
    _said_at_the_end(summary, skipped, as_json or summary_json == "-",
                     aside=failed is not None or stopped is not None and summary_json is not None)
    if failed:
        raise SystemExit(3)
    if stopped is not None:   # as a shell tells a process a signal ended: ^C 130, SIGHUP 129, SIGTERM 143
        raise SystemExit(128 + stopped)
    raise SystemExit(2 if skipped.empty else max((s for s in (2, 1) if summary.counts[s]), default=0))


def _so_far(progress, stopped: int | None, failed: str | None) -> str | None:
    """What was checked before a signal or a failure (exit 3) ended the run (the signal named,
    but for ^C), or None."""
    import signal
    if stopped is None and failed is None:
        return None
    return progress.so_far() + ("" if stopped in (None, signal.SIGINT) else f", then {signal.Signals(stopped).name}")


def _parts(batches):
    """(output text, its games' summary, games, bytes) of each batch of `_results`."""
    from .archive.summary import Summary
    try:
        for text, clean, games, size in batches:
            summary = Summary.of(clean, games)
            yield text, summary, summary.games, size
    finally:
        batches.close()


def _said_at_the_end(summary, skipped, no_summary: bool, aside: bool = False) -> None:
    """The summary (none with --json or --summary-json -, and none of nothing: only that no log
    was found; on stderr if `aside`); on stderr, each folder or pattern with no log, and where
    the summary is not said, what was skipped or cut short (a folder of `game.yaml.gz` alone:
    why it was not read)."""
    if not no_summary and (summary.games or not skipped.empty):
        echo(visible("\n".join(summary.lines())), err=aside)
    else:
        for line in (f"interrupted after {summary.interrupted}" if summary.interrupted else None, skipped.line()):
            if line:
                echo(visible(f"ecarte validate: {line}"), err=True)
    for empty in skipped.empty:
        echo(visible(f"ecarte validate: {empty}"), err=True)


class ClosedPipe(Exception):
    """The reader of the output has gone (`| head`): the end, quietly, in `main`. Not an OSError,
    so that it passes click's own answer to a closed pipe (exit status 1)."""


def _places_or_exit(paths: list[str], summary_json: str | None, out_dir: str | None, lines: bool,
                    overwrite: bool = False) -> None:
    """Refuse, before any log is read, a place to write that is an input or lies inside one, or
    that cannot be written, an `--out-dir` that holds files (unless `overwrite`); and
    `--summary-json -` beside game lines on standard output."""
    from .archive import outdir
    from .record.writing import folder_refusal, refusal
    why = None
    if summary_json == "-":
        if lines and out_dir is None:
            echo("--summary-json - writes the summary alone to standard output, where --json and "
                       "--only-problems ask for game lines: give --summary-json a FILE (nothing was read)", err=True)
            raise SystemExit(2)
    elif summary_json is not None and (said := refusal(summary_json, paths, made=out_dir)) is not None:
        why = f"--summary-json {summary_json} {said}"
    if why is None and out_dir is not None and (said := folder_refusal(out_dir, paths) or
                                                 outdir.refusal(out_dir, overwrite)) is not None:
        why = f"--out-dir {out_dir} {said}"
    if why is not None:
        echo(visible(f"{why}: nothing was read or written"), err=True)
        raise SystemExit(2)


def _out_dir_emptied(paths: list[str], out_dir: str) -> list:
    """The files an earlier run wrote in `--out-dir` removed (`--overwrite`), before any log is
    read; the inputs as they are now, for its manifest (archive/outdir.py)."""
    from .archive import outdir
    try:
        outdir.clear(out_dir)
    except OSError as e:
        echo(visible(f"--out-dir {out_dir}: an earlier run's file cannot be removed: {e.strerror or e} "
                     "(nothing was read)"), err=True)
        raise SystemExit(2) from None
    return outdir.inputs(paths)


def _out_dir_finished(out_dir: str, read: list, summary: dict) -> None:
    """`manifest.json` in `--out-dir`, and `_SUCCESS` after it if the run completed."""
    from .archive import outdir
    try:
        outdir.finish(out_dir, read, summary)
    except OSError as e:
        echo(visible(f"--out-dir {out_dir}: the manifest cannot be written: {e.strerror or e}"), err=True)
        raise SystemExit(2) from None


def _scheduler_or_exit(scheduler: str) -> None:
    """Exit status 2, before anything is read, for a scheduler's address Dask cannot connect to."""
    from .archive.cluster import address_problem
    why = address_problem(scheduler)
    if why is not None:
        echo(visible(f"--scheduler {scheduler!r} is not a Dask scheduler's address: {why}; give HOST:PORT or "
                     "tcp://HOST:PORT (a scheduler listens on port 8786 unless told otherwise): nothing was read"),
             err=True)
        raise SystemExit(2)


def _write(out, text: str) -> int:
    """A batch of lines, whole; its bytes. To a file descriptor (a pipe, a file), written past
    Python's buffer until every byte is out: a signal that interrupts a long write to a full pipe
    makes the kernel write part of it, and the buffered writer then loses the rest (seen on
    CPython 3.11 with ^C's handler, tests/test_streams.py)."""
    import io
    try:
        try:
            fd = out.fileno() if isinstance(out, io.TextIOWrapper) else None   # not the bar's terminal
        except io.UnsupportedOperation:   # a test's capture
            fd = None
        if fd is None:
            out.write(text)
            return len(text.encode("utf-8", "backslashreplace"))
        out.flush()
        data = memoryview(text.encode(out.encoding or "utf-8", out.errors or "strict"))
        size = len(data)
        while data:
            data = data[os.write(fd, data):]
        return size
    except BrokenPipeError:
        raise ClosedPipe() from None
    except OSError as e:   # a full disk: `validate` ends with exit status 3, another command 2 (`entry.main`)
        raise OutputFailed(e) from None


def _on_dask(paths: list[str], jobs: int, scheduler: str | None, out_dir: str | None, as_json: bool,
             only_problems: bool, skipped, recoveries, worker_timeout: float):
    """`validate --engine dask`: (output text, summary, games, bytes) of each partition, in input
    order (its lines written by the workers to `out_dir`, if given: a part that cannot be
    written is output that cannot be), adjudicator/archive/cluster.py. A cluster that cannot
    carry the run on raises RunFailed (exit status 3)."""
    from .archive import cluster
    if out_dir is not None:
        try:
            cluster.make_folder(out_dir)
        except OSError as e:
            echo(visible(f"{out_dir}: the folder cannot be made: {e.strerror or e}"), err=True)
            raise SystemExit(2) from None
    try:
        client, local = cluster.connect(scheduler, jobs)
    except cluster.DaskMissing as e:
        echo(str(e), err=True)
        raise SystemExit(2) from None
    except cluster.Unreachable as e:
        echo(visible(str(e)), err=True)
        raise SystemExit(2) from None
    render = partial(render_batch, as_json=as_json, only_problems=only_problems)
    return _partitions(cluster, client, local, paths, render, out_dir, ".jsonl" if as_json else ".txt", skipped,
                       recoveries, worker_timeout)


def _partitions(cluster, client, local, paths, render, out_dir, suffix, skipped, recoveries, worker_timeout):
    try:
        yield from cluster.results(paths, render, client, out_dir, suffix, skipped, recoveries, worker_timeout)
    except OSError as e:   # a part the workers could not write (a full disk); not a connection lost
        if out_dir is None or e.errno is None:
            raise
        raise OutputFailed(e) from None
    finally:
        cluster.disconnect(client, local)


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
    return loaded_or_exit(scoring)


def _results(paths: list[str], jobs: int, as_json: bool, only_problems: bool = False, skipped=None,
             done=None, dups=None, recoveries=None):
    """The answers in input order, some games at a time: (their output lines, how many were
    clean, `Summary.of`'s facts of each game, their bytes). With jobs, worker processes read the
    input and write the lines too (adjudicator/archive/parallel.py). After the games of `done`, if
    given (`--resume`: read here, their bodies remembered in `dups`)."""
    render = partial(render_batch, as_json=as_json, only_problems=only_problems)
    if jobs == 1:
        from itertools import islice
        from .archive.live import batches, is_live
        source = items(paths, skipped)
        if done is not None:
            from .archive.resume import items_after
            source = items_after(source, done, dups)
        if any(is_live(path) for path in paths):   # a game answered as soon as it is read
            return (render(batch) for batch in batches(source, 64))
        return (render(batch) for batch in iter(lambda: list(islice(source, 64)), []))
    from .archive.parallel import results
    from .archive.resume import tasks_after
    work = tasks_after(paths, skipped, done, dups) if done is not None else None
    return results(paths, jobs, render, skipped, work, recoveries)


_JSON_LINE = json.JSONEncoder(ensure_ascii=False).encode   # `json.dumps(obj, ensure_ascii=False)`, one encoder for every line


def render_batch(batch, as_json: bool, only_problems: bool = False) -> tuple[str, int, list, int]:
    """Some games checked: the output lines (`--only-problems`: not the clean games'), how many
    were clean (a game with no card dealt is not: it is empty), `Summary.of`'s facts of each
    game, and their bytes."""
    lines = []
    clean = size = 0
    games: list[tuple[object, ...]] = []   # Summary.of's facts of each game
    for item in batch:
        status, obj = check(item)
        size += item.size
        rules = rules_label(obj) if status != 2 else None
        empty = status == 0 and obj.get("deals") == 0
        if status == 0:
            clean += not empty
            games.append((0, item.source, (), rules, body(item), empty))
            if only_problems:
                continue
        else:
            rulings = tuple((decider(r), r["irregularity"]) for r in obj["rulings"]) if status == 1 else ()
            games.append((status, item.source, rulings, rules, body(item), False))
        lines.append(_JSON_LINE(obj) if as_json else visible(_line(status, obj)))
    return ("\n".join(lines) + "\n" if lines else ""), clean, games, size


def _line(status: int, obj: dict) -> str:
    source = obj["source"]
    if status == 2:
        return f"{source}: unreadable: " + "; ".join(e.removeprefix(source + ": ") for e in obj["errors"])
    if obj.get("games") is not None:   # a pool or a linked match: its result, not its last game's score
        from .words.scores import games_line   # (only these, which the replay read, load the words)
        result = games_line(obj)
    else:
        result = ", ".join(f"{p} {s}" for p, s in obj["score"].items()) + (f"; {obj['winner']} wins" if obj["winner"] else "")
    if status == 0:
        return f"{source}: {'empty: no card dealt' if obj.get('deals') == 0 else 'clean'} ({result})"
    laws = ", ".join(f"{said_decider(decider(r))} at event {r['event']}" for r in obj["rulings"])
    return f"{source}: {len(obj['rulings'])} ruling{'s' if len(obj['rulings']) != 1 else ''}: {laws} ({result})"
