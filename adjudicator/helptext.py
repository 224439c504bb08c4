"""How `ecarte --help` reads: plain text, as `git`, `pip` and `ruff` print it.

Typer (0.29) writes a type after every parameter (`--json <bool>`, `PATH <list[str]>`) and a
required argument in braces (`{LOG}`), in either of its formatters. Here the commands write
their own help with click's plain formatter: an option is its names and, when it takes a
value, its metavar (`--jobs N`); an argument is its metavar, `[N]...` when it may be left
out; the commands are listed with their first sentence, whole; an example (a command to copy)
is on a line of its own, or goes on with a backslash where it is wider than the help. The
help is as wide as the terminal, at most 80 columns (`textwidth.width`). `App` makes every
command of the app one of these. A value refused (`--jobs x`) is said in the project's words,
not pydantic's.
"""
from __future__ import annotations

from typing import Any

import typer
from typer import _click as click   # typer's own copy of click: its commands' classes
from typer.core import TyperCommand, TyperGroup

from .words.textwidth import command_lines, width as columns

_WIDEST = 80


class Formatter(click.HelpFormatter):
    """click's formatter, as wide as the terminal (80 columns at most, 80 when piped), however narrow."""

    def __init__(self, indent_increment: int = 2, width: int | None = None, max_width: int | None = None):
        if width is None:
            width = columns(min(max_width or _WIDEST, _WIDEST)) - 1
        super().__init__(indent_increment, width, max_width)


class Context(click.Context):
    formatter_class = Formatter


def _argument(param: Any) -> str:
    """An argument as the usage line and the list say it: `LOG`, `PATH...`, `[N]...`; a metavar
    in brackets is the argument's whole shape, as git prints one (`[diff A B]`)."""
    name = param.metavar or (param.name or "").upper()
    if name.startswith("["):
        return name
    if not param.required:
        name = f"[{name}]"
    return name + ("..." if param.nargs != 1 else "")


def _option(param: Any) -> tuple[str, str]:
    """An option's line: its names and metavar (none for a flag), its help, its default."""
    names = ", ".join(sorted(param.opts + param.secondary_opts, key=lambda o: (o.startswith("--"), o)))
    if not param.is_flag and not param.count:
        names += " " + (param.metavar or (param.name or "").upper())
    extra = []
    default = param.default
    if not param.is_flag and default not in (None, (), []) and not callable(default):
        extra.append(f"default: {default}")
    if param.required:
        extra.append("required")
    said = param.help or ""
    if extra:
        said = f"{said}  [{'; '.join(extra)}]" if said else f"[{'; '.join(extra)}]"
    return names, said


def _examples(epilog: str, indent: str, width: int) -> list[str]:
    """An epilog's lines, each example on a line of its own: "Example: A" or "Examples: A; B"
    is the heading, then A and B, each whole or, wider than the help, continued with a backslash."""
    lines = []
    for line in epilog.splitlines():
        head, colon, rest = line.partition(": ")
        if colon and head in ("Example", "Examples") and rest.startswith("ecarte "):
            lines.append(indent + head + ":")
            for each in rest.split("; "):
                lines += command_lines(each.strip(), indent + "  ", width)
        else:
            lines.append(indent + line)
    return lines


def _first(text: str) -> str:
    """A command's help up to its first colon or semicolon outside brackets: what it does."""
    text = " ".join(text.split("\n\n")[0].split())
    depth = 0
    for i, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and ch in ":;":
            return text[:i]
    return text.removesuffix(".")


class Command(TyperCommand):
    """A command whose help is plain (see the module)."""

    context_class = Context

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """A value typer's checks refuse is said in plain words ("should be a whole number, not
        'x'"), not in pydantic's ("Input should be a valid integer, unable to parse ...")."""
        try:
            return super().parse_args(ctx, args)
        except typer.BadParameter as e:
            errors = getattr(e.__cause__, "errors", None)
            if callable(errors) and (found := errors()):
                from .record.problems import said
                e.message = said(found[0])
            raise

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        click.Command.format_help(self, ctx, formatter)

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        return pieces + [_argument(p) for p in self.get_params(ctx) if p.param_type_name == "argument"]

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        params = [p for p in self.get_params(ctx) if not getattr(p, "hidden", False)]
        arguments = [(_argument(p), getattr(p, "help", None) or "") for p in params if p.param_type_name == "argument"]
        options = [_option(p) for p in params if p.param_type_name == "option"]
        for title, rows in (("Arguments", arguments), ("Options", options)):
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if self.epilog:
            formatter.write_paragraph()
            for line in _examples(self.epilog, " " * (formatter.current_indent + 2), formatter.width):
                formatter.write(line + "\n")


class Group(TyperGroup):
    """The app: its usage, its options and its commands, each with its first sentence whole."""

    context_class = Context

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        click.Command.format_help(self, ctx, formatter)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        Command.format_options(self, ctx, formatter)   # type: ignore[arg-type]
        self.format_commands(ctx, formatter)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.short_help or _first(command.help or "")))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


class App(typer.Typer):
    """A typer app whose commands are `Command`s, and itself a `Group`."""

    def __init__(self, **settings: Any):
        super().__init__(cls=Group, rich_markup_mode=None, **settings)

    def command(self, *args: Any, cls: type[TyperCommand] | None = None, **kwargs: Any):
        return super().command(*args, cls=cls or Command, **kwargs)
