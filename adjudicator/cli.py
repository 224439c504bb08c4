"""The command line: `ecarte adjudicate`, `validate`, `explain`, `laws`, `book`, `resolve`, `quiz`,
`schema`, `rules`, `docs`. Thin: parse, call, print. The two hot commands' work is in
adjudicator/commands.py, which their plain command lines reach without typer (adjudicator/entry.py)."""
from __future__ import annotations

import json
import sys
from typing import Annotated, Optional

import typer

from . import commands
from .commands import book_or_exit, report_or_exit, rules_or_exit, visible
from .completion import document_names, engines, glossary_terms, law_numbers, rule_set_names
from .helptext import App


app = App(no_args_is_help=True, context_settings={"help_option_names": ["-h", "--help"]},
                  help="The laws of Écarté (London club laws, Cavendish), adjudicated.")


def _say(text: str, err: bool = False, whole: tuple[str, ...] = (), more: str = "  ") -> None:
    """A message for a person, each of its lines wrapped to the terminal between words (a path,
    a command to copy and each of `whole` kept on one line; the next lines indented by `more`)."""
    from .words.textwidth import wrap
    typer.echo("\n".join(line for part in visible(text).split("\n")
                         for line in wrap(part, more=more, whole=whole)), err=err)


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


RulesOpt = Annotated[Optional[str], typer.Option("--rules", metavar="NAME", autocompletion=rule_set_names,
                                                 help="the rule set: cavendish (the London laws, the default), french, modern (ecarte rules)")]
OptionOpt = Annotated[Optional[list[str]], typer.Option("--option", metavar="KEY=VALUE",
                                                        help="an option of the rule set, e.g. ace_high=true (again for more)")]


@app.command(epilog="Example: ecarte adjudicate scenarios/laws/law11-two-cards-turned-choose.yaml")
def adjudicate(log: Annotated[str, typer.Argument(metavar="LOG", help="a log file (YAML or JSON), or - for standard input")],
               as_json: Annotated[bool, typer.Option("--json", help="one JSON object, for programs")] = False) -> None:
    """Replay one game log and rule on every irregularity: the rulings, the score, the winner.

    Exit status 0: no irregularity; 1: rulings were made; 2: the log could not be read."""
    commands.adjudicate(log, as_json)


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
    asked = rules_or_exit(rules, option)
    book_or_exit()
    report = report_or_exit(log, asked=asked)
    if event is not None and not any(r.event == event for r in report.rulings):
        made = sorted({r.event for r in report.rulings})
        at = (("rulings were made at events " if len(made) > 1 else "a ruling was made at event ")
              + ", ".join(map(str, made))) if made else "this log has no ruling at all"
        _say(f"{log}: no ruling was made at event {event}: {at}", err=True, whole=(log,))
        raise typer.Exit(2)
    if as_json:
        typer.echo(json.dumps(why.to_json(report, event), ensure_ascii=False))
    else:
        typer.echo(visible(why.to_text(report, event, everything=everything, ascii=ascii)))
    raise typer.Exit(0 if report.ok else 1)


@app.command(epilog="Example: ecarte validate --jobs 2 --only-problems archive.jsonl")
def validate(paths: Annotated[list[str], typer.Argument(metavar="PATH", help="files, folders (searched for .yaml .yml .json .jsonl .jsonl.gz .jsonl.bz2 .jsonl.xz, in any case), .jsonl archives (plain or compressed), or - for JSON Lines on standard input")],
             as_json: Annotated[bool, typer.Option("--json", help="one JSON object per game, in input order")] = False,
             jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, max=64, metavar="N", help="worker processes, from 1 (this process alone) to 64; 0 or a negative number is refused")] = 1,
             only_problems: Annotated[bool, typer.Option("--only-problems", help="show only the games with rulings or that cannot be read")] = False,
             summary_json: Annotated[Optional[str], typer.Option("--summary-json", metavar="FILE", help="write the summary (by law, by irregularity) to FILE as JSON; FILE - writes it alone to standard output")] = None,
             engine: Annotated[str, typer.Option("--engine", metavar="ENGINE", autocompletion=engines, help="local (worker processes here) or dask (a Dask cluster: pip install 'ecarte[dask]')")] = "local",
             scheduler: Annotated[Optional[str], typer.Option("--scheduler", metavar="ADDRESS", help="with --engine dask: the cluster's scheduler (else a local cluster of --jobs workers)")] = None,
             out_dir: Annotated[Optional[str], typer.Option("--out-dir", metavar="DIR", help="with --engine dask: the workers write the games' lines to DIR, one file a partition, then manifest.json and, once the run has completed, _SUCCESS")] = None,
             overwrite: Annotated[bool, typer.Option("--overwrite", help="with --out-dir: a folder that holds files is used, an earlier run's parts, manifest and _SUCCESS removed first (else it is refused)")] = False,
             worker_timeout: Annotated[Optional[float], typer.Option("--worker-timeout", min=1, max=86400, metavar="SECS", help="with --engine dask: end the run (exit status 3) after SECS seconds with no live worker (default 60)")] = None,
             resume: Annotated[Optional[str], typer.Option("--resume", metavar="SUMMARY", help="go on after the games an interrupted run's --summary-json SUMMARY counts (the same command and inputs): append the output to that run's")] = None) -> None:
    """Check many logs: one line per game, then a summary by law and by irregularity (none with --json).

    Exit status: the highest of the games (2 unreadable, 1 irregular, 0 clean); 2 also for a
    folder or pattern with no log in it; 3 when the run could not complete for a reason outside
    the logs (no live Dask worker, output that cannot be written: the summary says how far the run
    got); 128 + the signal's number when a signal ended the run,
    130 ^C, 129 SIGHUP, 143 SIGTERM (the summary says how far it got)."""
    commands.validate(paths, as_json, jobs, only_problems, summary_json, engine, scheduler, out_dir, overwrite,
                      worker_timeout, resume)


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
    from .words.glossary import found as glossary_found, heading
    from .words.search import Hit, search as find, shown as found_line, terms
    from .words.textwidth import wrap
    under = rules_or_exit(rules, option)
    book = book_or_exit()
    for text in numbers or []:
        if not text.isdigit():
            _say(f"{text!r} is not a law number: give 1 to 51", err=True)
            raise typer.Exit(2)
    asked = list(dict.fromkeys(int(n) for n in numbers or []))
    missing = [n for n in asked if n not in book.laws]
    if missing:
        _say(f"there is no law {', '.join(map(str, missing))}: the book has laws 1 to 51", err=True)
        raise typer.Exit(2)
    shown = scenarios_by_law()
    chosen = asked or sorted(book.laws)
    hits: dict[int, list[Hit]] = {}
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
    if len(asked) == 1 and not search:
        typer.echo(describe(book, asked[0], shown, under))
        return
    if len(asked) > 1 and not search:
        from .words.compare import table
        typer.echo(table(book, asked))
        return
    named = glossary_found(search) if search else []
    for e in named:   # the glossary's entry first: what the term means, and its laws
        _say(f"Glossary: {heading(e)} (ecarte glossary {e.term!r})")
        typer.echo("\n".join(wrap(" ".join(e.meaning.split()), "    ", "")) + "\n")
    if search and not chosen and named:   # no law's words: the laws the glossary links the term to
        chosen = [n for n in dict.fromkeys(n for e in named for n in e.laws) if n in (asked or book.laws)]
        if chosen:
            _say(f"No law's words mention {search if len(search) <= 60 else search[:57] + '...'!r}; "
                 "the glossary links it to:")
    for n in chosen:
        typer.echo(index_line(book, n, shown, under))
        for hit in hits.get(n, []):
            typer.echo(found_line(hit, sys.stdout.isatty()))
    if search and not chosen:
        said = search if len(search) <= 60 else search[:57] + "..."
        _say(f"no law mentions {said!r}")


@app.command(epilog="Examples: ecarte glossary; ecarte glossary atout; ecarte glossary \"point de refus\"")
def glossary(term: Annotated[Optional[str], typer.Argument(metavar="TERM", autocompletion=glossary_terms, help="a term, in English or French (any case, accents or not)")] = None,
             as_json: Annotated[bool, typer.Option("--json", help="a JSON list of the entries")] = False) -> None:
    """The game's terms and Cavendish's French terms: what each means, and the laws that use it.

    Exit status 0; 2 for a term the glossary does not have."""
    from .words.glossary import beginning, default_glossary, entry, found, listing, text
    book = book_or_exit()
    chosen = list(default_glossary())
    if term is not None:
        one = entry(term)
        chosen = [one] if one else found(term) or beginning(term)
        if not chosen:
            _say(f"the glossary has no {term!r}: ecarte glossary lists its terms; ecarte laws --search {term!r} looks in the laws", err=True)
            raise typer.Exit(2)
    if as_json:
        typer.echo(json.dumps([e.model_dump(exclude_none=True) for e in chosen], ensure_ascii=False, indent=1))
    elif term is None:
        typer.echo("The terms, and the laws that use each (ecarte glossary TERM for one):\n")
        typer.echo(listing())
    else:
        typer.echo("\n\n".join(text(e, {n: law.title for n, law in book.laws.items()}) for e in chosen))


@app.command(epilog="Examples: ecarte primer; ecarte primer | less -R")
def primer(colour: Annotated[Optional[bool], typer.Option("--colour/--no-colour", help="red suits in red (default: on a terminal)")] = None) -> None:
    """How a deal goes, for someone who has never played: the law book's own example game, step by step at the table, each point naming its law.

    On a terminal it is shown a page at a time. Exit status 0."""
    from .teaching.primer import text
    from .words.textwidth import width
    book_or_exit()
    shown = text(colour=sys.stdout.isatty() if colour is None else colour, columns=width())
    if not (sys.stdout.isatty() and _paged(shown + "\n")):
        typer.echo(shown)


def _paged(text: str) -> bool:
    """Text shown a screen at a time by $PAGER (else `less`, colours kept); False when no pager
    can be run, for the caller to print it whole."""
    import os
    import shlex
    import shutil
    import subprocess
    command = shlex.split(os.environ.get("PAGER") or "less")
    if not command or shutil.which(command[0]) is None:
        return False
    try:
        subprocess.run(command, input=text.encode(), check=False, env={**os.environ, "LESS": os.environ.get("LESS", "-R")})
    except OSError:
        return False
    return True


@app.command(epilog="Example: ecarte book --out /tmp/ecarte-book")
def book(out: Annotated[str, typer.Option("--out", metavar="DIR", help="the folder to write the book into (made if need be)")],
         rules: RulesOpt = None, option: OptionOpt = None) -> None:
    """Write the law book as HTML pages that work offline, under --rules and --option (their name on every page, their words where they replace a law, the laws they remove marked so, their scoring): an index with a search, a page per law with its text, its cases and its scenarios drawn at the table, event by event, a page per rule set, resolve.html, the dispute interview for a phone (asking under the same rules), with resolve-NAME.html for each other rule set, linked from its page, and table.html, the table companion that keeps the score under the same rules."""
    from pathlib import Path

    from .lawbook.rulesets import chosen
    from .teaching.book import build
    from .teaching.book.render import page_name
    from .teaching.book.rulesets import dispute_pages
    from .dispute.terminal import Refused, page, table_page
    from .record.source import LogError
    asked = rules_or_exit(rules, option)
    lawbook = book_or_exit()
    disputes = dispute_pages(asked)
    laws = {n: page_name(n) for n in lawbook.laws}
    try:
        pages = build(Path(out), lawbook, disputes, asked)
        pages += page(str(Path(out) / "resolve.html"), None, laws, asked)[:1]
        pages += table_page(str(Path(out) / "table.html"), None, asked, dispute=False)[:1]
        for name, file in disputes.items():
            if file != "resolve.html":
                pages += page(str(Path(out) / file), None, laws, chosen(name))[:1]
    except Refused as e:
        _say(f"the book cannot be written to {out}: {e}", err=True, whole=(out,))
        raise typer.Exit(2) from None
    except OSError as e:
        where = f" ({e.filename})" if getattr(e, "filename", None) else ""
        _say(f"the book cannot be written to {out}: {e.strerror or e}{where}", err=True, whole=(out,))
        raise typer.Exit(2) from None
    except LogError as e:
        _say(f"the book cannot be made: a scenario cannot be read:\n{e}", err=True)
        raise typer.Exit(2) from None
    index = str(Path(out) / "index.html")
    _say(f"{len(pages)} pages written to {out}; open {index} in a browser", whole=(out, index))


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
    asked = rules_or_exit(rules, option)
    book_or_exit()
    try:
        if page is not None:
            written = write_page(page, players, rules=asked)
            _say(f"the dispute page is written to {written[0]} (with {written[1].name} beside it, "
                 f"for use with no network when served over http); open it in a phone's browser",
                 whole=(str(written[0]), written[1].name))
            raise typer.Exit(0)
        status = run(as_json, players, save, asked)
    except (InterviewEnded, Refused) as e:
        _say(f"ecarte resolve: {e}", err=True)
        raise typer.Exit(2) from None
    except KeyboardInterrupt:
        _say("\necarte resolve: interrupted before the end", err=True)
        raise typer.Exit(2) from None
    raise typer.Exit(status)


@app.command(epilog="Example: ecarte table --page table.html --players Ann,Bob --option game_to=7")
def table(page: Annotated[str, typer.Option("--page", metavar="FILE", help="the page to write (HTML), with its service worker and resolve.html, the dispute interview, beside it")],
          players: Annotated[Optional[str], typer.Option("--players", metavar="A,Y[,Z]", help="the players' names (three for a pool); they can be changed on the page")] = None,
          rules: RulesOpt = None, option: OptionOpt = None) -> None:
    """The table companion: one offline page for a phone that keeps the score deal by deal under the laws (--rules, --option), says the law of each score as it goes, opens the dispute interview for an irregularity, keeps the game in the phone, and gives it back as a log that ecarte validate reads."""
    from .dispute.terminal import Refused, table_page
    asked = rules_or_exit(rules, option)
    book_or_exit()
    try:
        written = table_page(page, players, asked)
    except Refused as e:
        typer.echo(f"ecarte table: {e}", err=True)
        raise typer.Exit(2) from None
    beside = ", ".join(p.name for p in written[1:])
    typer.echo(visible(f"the table page is written to {written[0]} (with {beside} beside it); open it in a phone's browser"))


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
    asked = rules_or_exit(rules, option)
    book = book_or_exit()
    end = default_words().quiz["end"]
    if law is not None and law not in book.laws:
        _say(end["no_law"].format(law=law), err=True)
        raise typer.Exit(2)
    if law is not None and not moments(law, asked):
        _say(end["no_scenario"].format(law=law, laws=", ".join(map(str, laws_with_moments(asked)))), err=True)
        raise typer.Exit(2)
    if asked is not None and law is None and not moments(None, asked):
        _say(end["no_rules_scenario"].format(rules=asked.rules), err=True)
        raise typer.Exit(2)
    if seed is None:
        seed = random.SystemRandom().randrange(100_000)
    colour = not as_json and sys.stdout.isatty() and "NO_COLOR" not in os.environ
    interview = Quiz(seed, count, law, colour=colour, rules=asked)
    if not as_json:
        _say(end["seed"].format(seed=seed))
    try:
        status = run_json(interview, sys.stdin, sys.stdout) if as_json else run_terminal(interview)
    except (InterviewEnded, KeyboardInterrupt) as e:
        _say(f"ecarte quiz: {e or end['left']}", err=True)
        raise typer.Exit(2) from None
    raise typer.Exit(status)


@app.command(epilog="Example: ecarte schema log > log.schema.json")
def schema(what: Annotated[str, typer.Argument(metavar="WHAT", help="log (the game log format)")] = "log") -> None:
    """Print the JSON Schema of the game log format."""
    if what != "log":
        _say("the schema known is: log", err=True)
        raise typer.Exit(2)
    from .record.log import log_json_schema
    typer.echo(json.dumps(log_json_schema(), indent=1, ensure_ascii=False))


@app.command(epilog="Examples: ecarte rules; ecarte rules diff cavendish french; ecarte rules --json")
def rules(what: Annotated[Optional[list[str]], typer.Argument(metavar="[diff A B]", autocompletion=rule_set_names, help="diff and two rule sets: their differences, point by point")] = None,
          as_json: Annotated[bool, typer.Option("--json", help="one JSON object, for programs")] = False) -> None:
    """The rule sets (the London laws, the French rules, the modern rulebook) and their options, with defaults and sources; `diff A B`: where two differ, with both sources' words.

    Exit status 0; 2 for an unknown rule set."""
    from .words.rules import diff, diff_text, known, listing, listing_text
    book_or_exit()
    what = what or []
    if len(what) == 1 and what[0] != "diff":   # a rule set's name alone: what to type instead
        try:
            known(what[0])
        except ValueError as e:
            _say(f"ecarte {e}", err=True)
            raise typer.Exit(2) from None
        _say(f"ecarte rules: {what[0]}: give nothing (every rule set), or its differences from the London laws: ecarte rules diff cavendish {what[0]}", err=True)
        raise typer.Exit(2)
    if what and (what[0] != "diff" or len(what) != 3):
        _say(f"ecarte rules: {' '.join(what)!r}: give nothing (every rule set), or diff and two rule sets, e.g. ecarte rules diff cavendish french", err=True)
        raise typer.Exit(2)
    try:
        for name in what[1:]:
            known(name)
    except ValueError as e:
        _say(f"ecarte {e}", err=True)
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
            _say(f"{stem:<{width}}  {title(path)}", more=" " * (width + 2))
        return
    found = find(name)
    if found is None:
        _say(f"no document {name!r}: the documents are {', '.join(shipped)}", err=True)
        raise typer.Exit(2)
    typer.echo(found.read_text(encoding="utf-8"), nl=False)
