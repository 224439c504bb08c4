"""What the shell completes (`ecarte --install-completion`): the commands and options (typer
knows them), the laws' numbers, the glossary's terms and the rule sets' names from the law
book, and files.

A completer gives (value, words) pairs; the shells show the words beside the value where they
can (zsh, fish). A parameter without a completer completes files: every shell's script falls
back on them when the command offers nothing. A law book that cannot be read offers nothing,
and the command itself then says why when it runs.
"""
from __future__ import annotations

from functools import wraps
from typing import Callable

Pairs = list[tuple[str, str]]


def _quiet(completer: Callable[[str], Pairs]) -> Callable[[str], Pairs]:
    """The completer, offering nothing where the law book cannot be read."""
    @wraps(completer)
    def offered(incomplete: str) -> Pairs:
        from .lawbook.cache import LawBookError
        try:
            return completer(incomplete)
        except (LawBookError, OSError):
            return []
    return offered


@_quiet
def law_numbers(incomplete: str) -> Pairs:
    """The laws' numbers, 1 to 51, each with its title."""
    from .lawbook.laws import default_book
    laws = default_book().laws
    return [(str(n), laws[n].title) for n in sorted(laws) if str(n).startswith(incomplete)]


@_quiet
def glossary_terms(incomplete: str) -> Pairs:
    """The glossary's terms and their other names (laws/words/glossary.yaml), each with the
    entry it names."""
    from .words.glossary import default_glossary, heading
    from .words.vocabulary import fold
    return [(name, heading(e)) for e in default_glossary() for name in e.names
            if fold(name).startswith(fold(incomplete))]


@_quiet
def rule_set_names(incomplete: str) -> Pairs:
    """The rule sets' names (laws/rulesets/*.yaml), each with its title."""
    from .lawbook.rulesets import rule_sets
    return [(name, rs.title) for name, rs in rule_sets().items() if name.startswith(incomplete)]


def engines(incomplete: str) -> Pairs:
    """`validate --engine`: where the games are checked."""
    known = [("local", "worker processes on this machine"), ("dask", "a Dask cluster")]
    return [(name, words) for name, words in known if name.startswith(incomplete)]


@_quiet
def document_names(incomplete: str) -> Pairs:
    """`ecarte docs`: the format documents this copy carries, each with its title."""
    from .lawbook.documents import documents, title
    return [(name, title(path)) for name, path in documents().items() if name.lower().startswith(incomplete.lower())]


_OPTIONS = ("--show-completion", "--install-completion")


def take_shell_named(argv: list[str]) -> None:
    """`ecarte --show-completion bash` (or `--install-completion zsh`) is for the shell named,
    whatever shell runs the command: typer guesses it from the parent process and ignores a
    name (under `sh -c`, as in a Dockerfile's `RUN`, it says "Shell sh not supported"). Where a
    shell is named, typer is told to offer the options that take its name (its switch for that),
    which refuse a name they do not know (exit status 2, the shells listed)."""
    option, eq, shell = (argv[0] if argv else "").partition("=")
    if not eq:
        shell = argv[1] if len(argv) > 1 else ""
    if option in _OPTIONS and shell and not shell.startswith("-"):   # typer answers a name it does not know
        import os
        os.environ["_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION"] = "1"
