"""A log's text: bytes read once, decoded, and turned into plain data (YAML or JSON), within limits.

YAML is built straight from libyaml's event stream rather than through PyYAML's composer and
constructor: one pass that refuses aliases, doubled keys, tags on collections and absurd depth
as it meets them, and about six times faster than `yaml.load` on a long log.
"""
from __future__ import annotations

import bisect
import json
import os
import re
import sys
from typing import Any, BinaryIO

import yaml

from .problems import json_problem, nearest, size, yaml_problem

MAX_LOG_BYTES = 8 * 1024 * 1024
MAX_YAML_BYTES = 1024 * 1024   # YAML is for people; read event by event, dense YAML costs ~0.3 s a MiB
MAX_DEPTH = 64
MAX_ITEMS = 20_000     # the most items in one list or mapping (a log's events are its longest list)
MAX_PROBLEMS = 20      # the most problems reported for one log
MAX_DIGITS = 4000      # an integer longer than this is refused where it stands (Python reads at most 4300)


class LogError(ValueError):
    """A log that cannot be read: one message per problem, each naming where it is."""

    def __init__(self, source: str, problems: list[str], more: int = 0):
        """At most MAX_PROBLEMS are kept; `more` counts others found but not described."""
        more = max(0, more) + max(0, len(problems) - MAX_PROBLEMS)
        problems = problems[:MAX_PROBLEMS] + ([f"and {more} more problems"] if more else [])
        self.source = source
        self.problems = problems
        super().__init__("\n".join(f"{source}: {p}" for p in problems))


# ------------------------------------------------------------------ bytes to text

COMPRESSIONS = {".gz": "gzip", ".bz2": "bzip2", ".xz": "xz"}   # a compressed file's last suffix: how


def read_source(path: str) -> str:
    """The text of one log file (`-` is standard input), read as bytes and decoded once; a
    compressed file is refused (only a `.jsonl` archive is read compressed, archive/files.py)."""
    stem, suffix = os.path.splitext(path)
    kind = COMPRESSIONS.get(suffix.lower())
    if kind and stem.lower().endswith(".jsonl"):
        raise LogError(path, [f"a compressed archive of logs ({kind}): ecarte validate reads it, one game a line"])
    if kind:
        raise LogError(path, [f"compressed ({kind}), but not a .jsonl archive: only an archive of logs, one a "
                              "line, is read compressed; decompress this log first"])
    try:
        if path == "-":
            if sys.stdin is None:
                raise LogError(path, ["standard input is closed"])
            data = sys.stdin.buffer.read(MAX_LOG_BYTES + 1)
        else:
            with open_log(path) as f:
                data = f.read(MAX_LOG_BYTES + 1)
    except OSError as e:
        hint = _near_file(path) if isinstance(e, FileNotFoundError) else ""
        raise LogError(path, [(e.strerror or str(e)) + hint]) from None
    if len(data) > MAX_LOG_BYTES:
        raise LogError(path, [f"the log is larger than {size(MAX_LOG_BYTES)}, the most accepted"])
    return decode(data, path)


def _near_file(path: str) -> str:
    """`: did you mean 'scenarios/laws/law24-....yaml'?` for a misspelt file of a folder that exists."""
    folder, name = os.path.split(path)
    try:
        names = sorted(os.listdir(folder or "."))
    except OSError:
        return ""
    near = nearest(name, names, cutoff=0.8)
    return f": did you mean {os.path.join(folder, near)!r}?" if near else ""


_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")


def is_url(path: str) -> bool:
    """Whether the path names a file on a filesystem fsspec reads (`s3://...`, `file://...`)."""
    return _URL.match(path) is not None


def open_log(path: str) -> BinaryIO:
    """A file opened for reading without waiting: a named pipe with no writer reads as empty
    instead of blocking for ever; one being written to is read to its end as usual. A URL is
    opened by fsspec (`pip install 'ecarte[dask]'`); what it cannot open is an OSError."""
    if is_url(path):
        return _open_url(path)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    if hasattr(os, "set_blocking"):
        os.set_blocking(fd, True)
    return os.fdopen(fd, "rb")


def url_problem(url: str, e: Exception) -> str | None:
    """Why fsspec cannot read a URL, in our words: fsspec itself or the protocol's driver
    missing (named from fsspec's table, `s3fs` for `s3://`), an unknown protocol; None for
    another failure (the caller says it)."""
    protocol = url.split("://", 1)[0].lower()
    try:
        from fsspec.registry import known_implementations
    except ImportError:
        return f"reading {url} needs fsspec: pip install 'ecarte[dask]'"
    known = known_implementations.get(protocol)
    if isinstance(e, ImportError) and known:
        driver = known["class"].split(".", 1)[0]
        return f"reading {protocol}:// needs {driver}, its driver for fsspec: pip install {driver}"
    if known is None and isinstance(e, ValueError):
        return f"no filesystem is known for {protocol}://"
    return None


def _open_url(path: str) -> BinaryIO:
    try:
        import fsspec
    except ImportError as e:
        raise OSError(url_problem(path, e)) from None
    try:
        opened = fsspec.open(path, "rb").open()
    except OSError:
        raise
    except Exception as e:   # an unknown protocol, a missing driver (s3fs), a bad address
        raise OSError(url_problem(path, e) or f"{type(e).__name__}: {e}") from None
    if isinstance(opened, fsspec.spec.AbstractBufferedFile):   # its readline takes no limit
        import io
        return io.BufferedReader(opened)
    f: BinaryIO = opened
    return f


def decode(data: bytes, source: str) -> str:
    """UTF-8 text (a byte-order mark is allowed), or a `LogError` naming the first bad byte.
    The codec is the one built in ("utf-8-sig" is looked up, and imported the first time): a
    thread that imports as `--jobs` forks its workers leaves the module locked in them."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        where = f"line {line}: " if b"\n" in data.rstrip(b"\r\n") else ""
        raise LogError(source, [f"{where}not UTF-8 text (byte {e.start + 1} is 0x{data[e.start]:02x})"]) from None
    return text[1:] if text[:1] == "\ufeff" else text


# ------------------------------------------------------------------ text to data

_FIRST = re.compile(r"\s*(\S)")


def is_json(text: str) -> bool:
    """Whether the text begins (after white space) as JSON does; without copying the text."""
    first = _FIRST.match(text)
    return first is not None and first.group(1) in "{["


_JSON_START = re.compile(rb"[ \t\n\r\f\v]*[{\[]")


def is_json_line(data: bytes) -> bool:
    """Whether the bytes begin, after ASCII white space, as JSON does: then `is_json` finds the
    same in their text (a line that begins otherwise is decoded first, and `is_json` decides)."""
    return _JSON_START.match(data) is not None


def parse_text(text: str, source: str) -> Any:
    if len(text) > MAX_LOG_BYTES:
        raise LogError(source, [f"the log is {len(text):,} characters; at most {MAX_LOG_BYTES:,} ({size(MAX_LOG_BYTES)}) are accepted"])
    if is_json(text):
        return parse_json(text, source)
    if len(text) > MAX_YAML_BYTES:
        raise LogError(source, [f"a YAML log is at most {MAX_YAML_BYTES:,} characters, {size(MAX_YAML_BYTES)} (this one "
                                f"has {len(text):,}): write a log this large as JSON, which may be up to {size(MAX_LOG_BYTES)}"])
    return parse_yaml(text, source)


def parse_json(text: str, source: str) -> Any:
    """JSON. A doubled key is caught later, by `check_json_keys`, without a slow parse here."""
    try:
        try:
            return json.loads(text)
        except ValueError as e:
            if "integer string conversion" not in str(e):
                raise
            # an integer too long for Python to read: keep a stand-in that no field accepts, so
            # that the schema names the event and field where it stands
            return json.loads(text, parse_int=_int_or_stand_in)
    except RecursionError:
        raise LogError(source, ["the log is nested too deeply"]) from None
    except ValueError as e:
        raise LogError(source, [f"not valid JSON: {json_problem(e)}"]) from None


class _LongInteger:
    """An integer of thousands of digits, which no field of a log accepts."""

    def __init__(self, digits: int):
        self.digits = digits

    def __repr__(self) -> str:
        return f"an integer of {self.digits} digits"


def _int_or_stand_in(digits: str) -> int | _LongInteger:
    return int(digits) if len(digits) < MAX_DIGITS else _LongInteger(len(digits))


_JSON_KEY = re.compile(r'"\s*:')


def check_json_keys(text: str, keys: int, source: str) -> None:
    """JSON silently keeps the last of two equal keys: when the keys the parse kept are fewer
    than the text writes, parse it again, slowly, to name the doubled key and where it is."""
    if keys != text.count('":') and keys != len(_JSON_KEY.findall(text)):
        found = _doubled(json.loads(text, object_pairs_hook=_Doubled.check, parse_int=_int_or_stand_in), ())
        if found is not None:
            path, key = found
            if path[:1] == ("events",) and len(path) > 1:
                where = f"event {path[1] + 1}" + (f" ({path[2]})" if len(path) > 2 else "") + ": "
            else:
                where = ".".join(map(str, path)) + ": " if path else ""
            raise LogError(source, [f"{where}the key {key!r} is given twice"])


class _Doubled(dict[str, Any]):
    """A JSON object that wrote one key twice (`key` names it)."""

    key: str

    @classmethod
    def check(cls, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out = dict(pairs)
        if len(out) == len(pairs):
            return out
        doubled = cls(out)
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                doubled.key = key
                break
            seen.add(key)
        return doubled


def _doubled(data: Any, path: tuple[Any, ...]) -> tuple[tuple[Any, ...], str] | None:
    """The path to the first object with a doubled key, and that key."""
    if isinstance(data, _Doubled):
        return path, data.key
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for k, v in items:
        found = _doubled(v, path + (k,))
        if found is not None:
            return found
    return None


# ------------------------------------------------------------------ YAML

class _Loader(yaml.CSafeLoader if hasattr(yaml, "CSafeLoader") else yaml.SafeLoader):  # type: ignore[misc]
    """libyaml's parser with the safe resolver and constructors (no tag is ever executed)."""


_STR = "tag:yaml.org,2002:str"
_MERGE = "tag:yaml.org,2002:merge"
_INT = "tag:yaml.org,2002:int"
_COLLECTION_TAGS = {yaml.MappingStartEvent: (None, "!", "tag:yaml.org,2002:map"),
                    yaml.SequenceStartEvent: (None, "!", "tag:yaml.org,2002:seq")}
_tags: dict[tuple[str, bool], str] = {}   # plain scalar -> its resolved tag (a log repeats a few words)


def _tag_name(tag: str) -> str:
    return tag.replace("tag:yaml.org,2002:", "!!")


class _Problem(Exception):
    def __init__(self, mark: Any, message: str):
        self.line = mark.line + 1
        self.message = message


def _scalar(loader: _Loader, ev: yaml.ScalarEvent) -> Any:
    tag = ev.tag
    if tag is None or tag == "!":
        plain, quoted = ev.implicit
        if not plain:
            return ev.value
        key = (ev.value, quoted)
        tag = _tags.get(key)
        if tag is None:
            tag = loader.resolve(yaml.ScalarNode, ev.value, ev.implicit)
            if len(_tags) < 4096 and len(ev.value) <= 64:
                _tags[key] = tag
    if tag == _STR:
        return ev.value
    construct = loader.yaml_constructors.get(tag)
    if construct is None:
        if tag == _MERGE:
            raise _Problem(ev.start_mark, "a log may not use YAML merge keys (<<): write the fields out")
        raise _Problem(ev.start_mark, f"a log may not use the YAML tag {_tag_name(tag)}")
    if tag == _INT and len(ev.value) >= MAX_DIGITS:
        raise _Problem(ev.start_mark, f"an integer of {len(ev.value)} digits: no field of a log takes one so long")
    try:
        # libyaml's events carry its own marks (yaml._yaml.Mark), which a node takes as well
        node = yaml.ScalarNode(tag, ev.value, ev.start_mark, ev.end_mark, ev.style)  # type: ignore[arg-type]
        return construct(loader, node)
    except (ValueError, KeyError, IndexError, AttributeError, TypeError, OverflowError, yaml.YAMLError) as e:
        problem = getattr(e, "problem", None) or " ".join(str(e).split())
        raise _Problem(ev.start_mark, f"the value {_short(ev.value)} cannot be read as {_tag_name(tag)}: {problem}") from None


class _Builder:
    """Plain data from libyaml's event stream: dicts, lists and scalars, nothing else."""

    def __init__(self) -> None:
        self.stack: list[Any] = []    # the open collections, innermost last
        self.keys: list[Any] = []     # for each open mapping, the key waiting for its value (or _NO_KEY)
        self.starts: list[int] = []   # the line each item of the log's `events` begins on
        self.events_done = False      # the events list has ended

    def build(self, text: str) -> Any:
        try:
            return self._build(text)
        except (_Problem, yaml.YAMLError) as e:
            mark = getattr(e, "problem_mark", None)
            line = e.line if isinstance(e, _Problem) else mark.line + 1 if mark is not None else None
            if line is not None and self.starts and not self.events_done:
                e.event = self._event_at(text, line - 1)  # type: ignore[union-attr]
            raise

    def _event_at(self, text: str, line: int) -> int | None:
        """The number of the event a line is in. In block style a line that begins an item at
        the events' indentation begins an event, even one the parser never reached; in flow
        style, the last event begun by that line."""
        lines = text.splitlines()
        dash = re.match(r"([ \t]*)-[ \t]", lines[self.starts[0]])
        if dash is None:
            return bisect.bisect_right(self.starts, line) or None
        indent = len(dash.group(1))
        event = 0
        for t in lines[self.starts[0]:line + 1]:
            if t.startswith(dash.group()):
                event += 1
            elif t.strip() and not t.lstrip().startswith("#") and len(t) - len(t.lstrip()) < indent:
                return None   # the events have ended before this line
        return event or None

    def _in_events(self) -> bool:
        return len(self.stack) == 2 and self.keys[0] == "events" and type(self.stack[1]) is list

    def _build(self, text: str) -> Any:
        stack, keys = self.stack, self.keys
        loader = _Loader(text)
        next_event = loader.get_event
        known = _tags
        document: Any = None
        documents = 0
        while (kind := type(ev := next_event())) is not yaml.StreamEndEvent:
            if kind is yaml.ScalarEvent:
                if len(stack) == 2 and self._in_events():
                    self.starts.append(ev.start_mark.line)
                value = ev.value
                # the common case at C speed: a plain word already known to be text
                if not (ev.tag is None and known.get((value, ev.implicit[1])) == _STR):
                    value = _scalar(loader, ev)
            elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
                if len(stack) == 2 and self._in_events():
                    self.starts.append(ev.start_mark.line)
                if ev.tag not in _COLLECTION_TAGS[kind]:
                    raise _Problem(ev.start_mark, f"a log may not use the YAML tag {_tag_name(ev.tag)}")
                if len(stack) >= MAX_DEPTH:
                    raise _Problem(ev.start_mark, f"the log is nested more than {MAX_DEPTH} deep")
                stack.append({} if kind is yaml.MappingStartEvent else [])
                keys.append(_NO_KEY)
                continue
            elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
                if len(stack) == 2 and self._in_events():
                    self.events_done = True
                value = stack.pop()
                keys.pop()
            elif kind is yaml.AliasEvent:
                raise _Problem(ev.start_mark, "a log may not use YAML aliases (*name): write the value out")
            elif kind is yaml.DocumentStartEvent:
                documents += 1
                if documents > 1:
                    raise _Problem(ev.start_mark, "a log is one YAML document, not several (remove the ---)")
                continue
            else:
                continue
            if not stack:
                document = value
                continue
            parent = stack[-1]
            if len(parent) >= MAX_ITEMS:
                raise _Problem(ev.start_mark, f"a list or mapping has more than {MAX_ITEMS} items, the most a log needs")
            if type(parent) is list:
                parent.append(value)
            elif keys[-1] is _NO_KEY:
                if isinstance(value, (dict, list)):
                    raise _Problem(ev.start_mark, f"a key must be text, not {_short(value)}")
                if value in parent:
                    raise _Problem(ev.start_mark, f"the key {value!r} is given twice")
                keys[-1] = value
            else:
                parent[keys[-1]] = value
                keys[-1] = _NO_KEY
        return document


_NO_KEY = object()


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def event_line(text: str, event: int) -> int | None:
    """The line (from 1) on which event number `event` of a YAML log begins, for a message about
    what the event says; None for JSON or where it cannot be told. Parses again: only on error."""
    if is_json(text):
        return None
    builder = _Builder()
    try:
        builder.build(text)
    except (_Problem, yaml.YAMLError):
        return None
    return builder.starts[event - 1] + 1 if 0 < event <= len(builder.starts) else None


def parse_yaml(text: str, source: str) -> Any:
    """YAML; refuses doubled keys, aliases, tags on collections and absurd depth, naming the line."""
    try:
        return _Builder().build(text)
    except _Problem as e:
        raise LogError(source, [f"{_where(e, e.line)}{e.message}"]) from None
    except yaml.reader.ReaderError as e:   # a character YAML refuses, placed by its index in the text
        at = min(max(e.position, 0), len(text))
        line, column = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
        raise LogError(source, [f"line {line}, column {column}: not valid YAML: the character "
                                f"{_code_point(e.character)} may not stand in a YAML text"]) from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        problem = getattr(e, "problem", None) or " ".join(str(e).split())
        if mark is not None and _flow_depth(text, mark.index) > MAX_DEPTH:
            # libyaml scans ahead of the events and may meet deep nesting (and refuse it in its own
            # words, which differ between releases) before the builder does
            problem = f"the log is nested more than {MAX_DEPTH} deep"
            raise LogError(source, [f"{_where(e, mark.line + 1)}{problem}"]) from None
        at = text[mark.index] if mark is not None and 0 <= mark.index < len(text) else None
        where = _where(e, mark and mark.line + 1, mark and mark.column + 1)
        raise LogError(source, [f"{where}not valid YAML: {yaml_problem(problem, at)}"]) from None


def _code_point(character: Any) -> str:
    """U+0007 (a control character), as people look one up."""
    code = ord(character) if isinstance(character, str) else int(character)
    return f"U+{code:04X}" + (" (a control character)" if code < 0x20 or 0x7F <= code < 0xA0 else "")


_FLOW = re.compile(r"""[\[{]|[\]}]|'(?:[^']|'')*'|"(?:[^"\\]|\\.)*"|(?:^|(?<=\s))#[^\n]*""", re.M)


def _flow_depth(text: str, end: int) -> int:
    """How deep the flow collections (`[`, `{`) open at `end` nest, quoted text and comments
    skipped: what a YAML problem's position tells of the nesting, whoever's words report it."""
    depth = deepest = 0
    for m in _FLOW.finditer(text, 0, end + 1):
        c = m.group()
        if c == "[" or c == "{":
            depth += 1
            deepest = max(deepest, depth)
        elif c == "]" or c == "}":
            depth = max(0, depth - 1)
    return deepest


def _where(e: Exception, line: int | None, column: int | None = None) -> str:
    """`event 3, line 12: `: the event a YAML problem is in, where it is known, and its line
    (and column, if given)."""
    event = getattr(e, "event", None)
    parts = ([f"event {event}"] if event else []) + ([f"line {line}"] if line else []) + \
        ([f"column {column}"] if line and column else [])
    return ", ".join(parts) + ": " if parts else ""
