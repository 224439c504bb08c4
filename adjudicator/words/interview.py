"""Interviews: a tool that asks and a person (or a program) who answers.

`resolve` and `quiz` are interviews (INTERVIEW.md). An interview is a pure function of the
answers given so far: `step(answers)` says what to tell the caller now and what to ask next, or
how it ends. Going back is dropping the last answer and stepping again, so no interview keeps
state of its own. Two front ends drive any interview the same way, asking the same questions in
the same order: JSON Lines (`run_json`) for programs and a terminal (`run_terminal`) for people.
"""
from __future__ import annotations

import json
import shutil
import sys
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, TextIO

from .textwidth import PROSE, fill, width, wrap


@dataclass
class Choice:
    """One answer offered: the value sent back, and its words; `id`, unique within its
    question (the value's own text unless given); for an answer that is a player, his id in
    the log (`player`) and his role in the deal (`role`), either of which answers it too."""

    value: Any
    text: str
    group: str | None = None   # a heading the choice stands under (the moment of a deal)
    id: str | None = None
    player: str | None = None
    role: str | None = None

    @property
    def key(self) -> str:
        """The choice's id: given, or its value as text (`unknown` for "I don't know")."""
        if self.id is not None:
            return self.id
        if isinstance(self.value, str):
            return self.value
        return "unknown" if self.value is None else json.dumps(self.value, separators=(",", ":"), ensure_ascii=False)

    def answers(self, value: Any) -> bool:
        """Whether `value` picks this choice: its value (of the same JSON type), or the
        player's id or role."""
        if self.value == value and type(self.value) is type(value):
            return True
        return isinstance(value, str) and value in (self.player, self.role)

    def to_json(self) -> dict[str, Any]:
        out = {"id": self.key, "value": self.value, "text": self.text}
        if self.group is not None:
            out["group"] = self.group
        for name in ("player", "role"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        return out


@dataclass
class Question:
    """One question: its id, its words, the answers offered; `fact` and `why` for resolve,
    anything else a front end may show (a quiz's `scenario` and `table`) in `extra`."""

    id: str
    text: str
    choices: list[Choice]
    fact: str | None = None
    why: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    picture: str | None = None   # what the terminal draws above the question (a card table)
    group_question: str | None = None   # asked first on a screen too short for every choice

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id}
        if self.fact is not None:
            out["fact"] = self.fact
        out.update(self.extra)
        out["text"] = self.text
        if self.why is not None:
            out["why"] = self.why
        out["choices"] = [c.to_json() for c in self.choices]
        return out


@dataclass
class Turn:
    """What one step says: messages for the caller now (`tell`), then a question to ask, or,
    when `question` is None, the end: `final` (the last message) and the exit status."""

    tell: list[dict[str, Any]] = field(default_factory=list)
    question: Question | None = None
    final: dict[str, Any] | None = None
    status: int = 0
    words: list[str] = field(default_factory=list)   # what a person reads for `tell`
    final_words: str = ""                             # what a person reads at the end
    final_lines: list[tuple[str, str]] = field(default_factory=list)   # the same unwrapped: (indent, text)


class Interview(Protocol):
    back_allowed: bool

    def step(self, answers: list[Any]) -> Turn: ...


class InterviewEnded(Exception):
    """The caller's input ended before the interview did (exit status 2)."""


BACK = object()   # an answer: go back to the question before
WHY = object()    # an answer: say why the question is asked


def _answer_value(question: Question, message: Any) -> tuple[str, Any]:
    """('back', None), ('answer', value), or ('error', why) for one message from the caller:
    `{"id": QUESTION, "value": VALUE}` (a player's id or role for a player) or
    `{"id": QUESTION, "choice": CHOICE}` (a choice's id)."""
    if not isinstance(message, dict):
        return "error", "each line must be a JSON object: {\"id\": ..., \"value\": ...} or {\"back\": true}"
    if message.get("back") is True:
        return "back", None
    if message.get("id") != question.id:
        return "error", f"the question open is {question.id!r}; answer it with {{\"id\": {json.dumps(question.id)}, \"value\": ...}}"
    if "choice" in message:
        picked = next((c for c in question.choices if c.key == message["choice"]), None)
        if picked is not None:
            return "answer", picked.value
        offered = ", ".join(json.dumps(c.key, ensure_ascii=False) for c in question.choices)
        return "error", f"{json.dumps(message['choice'], ensure_ascii=False)} is not the id of a choice: {offered}"
    if "value" not in message:
        return "error", "an answer needs a \"value\" (or a \"choice\": a choice's id)"
    value = message["value"]
    for choice in question.choices:
        if choice.answers(value):
            return "answer", choice.value
    said = f"{json.dumps(value, ensure_ascii=False)} is not one of the answers offered: {_offered(question)}"
    players = [c for c in question.choices if c.player is not None]
    if isinstance(value, str) and players and not any(c.role for c in players):
        said += " (the players have no roles before this answer: name him by his id)"
    return "error", said


def _offered(question: Question) -> str:
    """The answers a question takes, as the caller may send them."""
    said = []
    for c in question.choices:
        each = json.dumps(c.value, ensure_ascii=False)
        also = [json.dumps(v, ensure_ascii=False) for v in dict.fromkeys((c.player, c.role)) if v not in (None, c.value)]
        said.append(f"{each} ({' or '.join(also)})" if also else each)
    return ", ".join(dict.fromkeys(said))


def _drive(interview: Interview, tell: Callable[[Turn], None], end: Callable[[Turn], None],
           ask: Callable[[Question, bool], Any]) -> int:
    """The loop of both front ends: step, tell what the step says (not again on going back),
    ask (`ask(question, can_go_back)` gives an answer or BACK), until the end; its exit status."""
    answers: list[Any] = []
    tell_now = True
    while True:
        turn = interview.step(answers)
        if tell_now:
            tell(turn)
        if turn.question is None:
            end(turn)
            return turn.status
        value = ask(turn.question, interview.back_allowed and bool(answers))
        if value is BACK:
            answers.pop()
            tell_now = False
        else:
            answers.append(value)
            tell_now = True


def run_json(interview: Interview, stdin: TextIO, stdout: TextIO) -> int:
    """Drive an interview over JSON Lines; return its exit status (2 if the input ends first)."""

    def emit(obj: dict[str, Any]) -> None:
        stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
        stdout.flush()

    def tell(turn: Turn) -> None:
        for message in turn.tell:
            emit(message)

    def end(turn: Turn) -> None:
        if turn.final is not None:
            emit(turn.final)

    def ask(question: Question, can_go_back: bool) -> Any:
        emit({"question": question.to_json()})
        while True:
            line = stdin.readline()
            if not line:
                raise InterviewEnded(f"the input ended before question {question.id} was answered")
            if not line.strip():
                continue
            try:
                message = json.loads(line)
            except ValueError as e:
                from ..record.problems import json_problem
                kind, value = "error", f"not JSON: {json_problem(e)}"
            else:
                kind, value = _answer_value(question, message)
            if kind == "back" and not can_go_back:
                kind, value = "error", "there is no question to go back to"
            if kind != "error":
                return BACK if kind == "back" else value
            emit({"error": value})
            emit({"question": question.to_json()})

    return _drive(interview, tell, end, ask)


def _fill(text: str, columns: int, indent: str = "", more: str = "") -> str:
    """`textwidth.wrap` as one string: a word, a path, a command to copy never broken."""
    return "\n".join(wrap(text, indent, more, columns))


def _width() -> int:
    """The columns an interview fills: the terminal's, at most 80, less one for the cursor."""
    return width(80) - 1


def fitted(text: str) -> str:
    """Text wrapped to the terminal (80 columns at most), each line of it on its own."""
    return fill(text, _width())


def run_terminal(interview: Interview, say: Callable[[str], None] | None = None,
                 ask: Callable[[Question, bool], Any] | None = None) -> int:
    """Drive an interview for a person: arrow keys or numbers, `b` back, `?` why."""
    say = say or (lambda text: print(text, flush=True))
    ask = ask or _ask_in_terminal

    def tell(turn: Turn) -> None:
        for text in turn.words:
            say(fitted(text))

    def end(turn: Turn) -> None:
        if turn.final_lines:   # told again at the terminal's width: a soft wrap would break words
            say("\n".join(_fill(text, _width(), indent) if text else ""
                          for indent, text in turn.final_lines).rstrip())
        elif turn.final_words:
            say(fitted(turn.final_words))

    def answer(question: Question, can_go_back: bool) -> Any:
        if question.picture:
            say(question.picture)
        while True:
            value = ask(question, can_go_back)
            if value is not WHY:
                return value
            say(fitted(question.why or "No more to say about this question."))

    return _drive(interview, tell, end, answer)


GO_BACK = "b go back to the previous question"
_KEYS = "123456789acdefghijklmnopqrstuvwxyz"   # a choice's key ("b" is back, "?" why)


def _answer(control: Any, event: Any, at: int) -> None:
    """A key pressed: that choice is the answer, shown as questionary shows one chosen with Enter."""
    control.pointed_at = at
    control.is_answered = True
    event.app.exit(result=control.get_pointed_at().value)


def _select(text: str, items: list[tuple[str, Any, str | None]]) -> Any:
    """A menu of (words, value, key) items (None values are headings): arrows and Enter, or a
    choice's key at once; items without a key of their own are numbered."""
    import questionary
    from prompt_toolkit.application import run_in_terminal
    from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings
    from prompt_toolkit.keys import Keys
    from questionary.prompts.common import InquirerControl
    keyed = KeyBindings()
    keyed.add("c-d")(lambda event: event.app.exit(result=None))   # the end of input, as ^C

    @keyed.add(Keys.Any)
    def _not_offered(event: Any) -> None:   # a key no choice has: said, and the menu again
        key = event.data
        if key.isprintable():
            run_in_terminal(lambda: print(fitted(f"{key!r} is not one of the answers: press a choice's key, "
                                               "or the arrows and Enter.")))

    choices: list[Any] = []
    control: InquirerControl   # the menu's, once the prompt is made: the keys' answers read it
    numbered = iter(_KEYS)
    for words, value, key in items:
        if value is None:
            choices.append(questionary.Separator(words))
            continue
        key = key or next(numbered, None)
        choices.append(questionary.Choice(f"{key}) {words}" if key else f"   {words}", value=value))
        if key:
            keyed.add(key)(lambda event, at=len(choices) - 1: _answer(control, event, at))
    asked = _fill(text, _width() - 2, more="  ")
    prompt = questionary.select(asked, choices=choices, use_shortcuts=False, use_arrow_keys=True,
                                use_jk_keys=False, instruction="\n  (arrows and Enter, or a key)")
    prompt.application.erase_when_done = True   # the question and its answer are said again, wrapped
    control = next(c for c in prompt.application.layout.find_all_controls() if isinstance(c, InquirerControl))
    own = prompt.application.key_bindings   # questionary's: the arrows, Enter, ^C
    prompt.application.key_bindings = merge_key_bindings([keyed] if own is None else [own, keyed])
    picked = prompt.ask()
    if picked is None:   # ^C or ^D
        raise InterviewEnded("the interview was left before its end")
    said = next((words for words, value, _ in items if value == picked), "")
    print(_fill(f"? {text} {' '.join(said.split())}", _width(), more="  "), flush=True)
    return picked


def _menu(question: Question, shown: list[int], extra: list[tuple[str, Any]], heading: bool = True) -> Any:
    """The question with these of its choices (by index), under their group headings."""
    items: list[tuple[str, Any, str | None]] = []
    for n, i in enumerate(shown):
        c = question.choices[i]
        if heading and c.group is not None and (n == 0 or question.choices[shown[n - 1]].group != c.group):
            items.append((f"── {c.group}", None, None))
        items.append((_fit_choice(c.text), ("choice", i), None))
    items += [(text[2:], value, text[0]) for text, value in extra]
    picked = _select(question.text, items)
    return question.choices[picked[1]].value if isinstance(picked, tuple) else picked


def _ask_in_terminal(question: Question, can_go_back: bool) -> Any:
    """One question on a terminal: a menu (arrow keys, numbers) where there is one, else a
    numbered list read line by line."""
    extra = []
    if question.why:
        extra.append(("? why is this asked", WHY))
    if can_go_back:
        extra.append((GO_BACK, BACK))
    if sys.stdin.isatty() and sys.stdout.isatty():
        groups = list(dict.fromkeys(c.group for c in question.choices if c.group is not None))
        rows = shutil.get_terminal_size().lines
        if not groups or len(question.choices) + len(groups) + len(extra) + 2 <= rows:
            return _menu(question, list(range(len(question.choices))), extra)
        while True:   # too long for the screen: the group first, then the choice within it
            picked = _select(question.group_question or question.text,
                             [(g, ("group", g), None) for g in groups] + [(t[2:], v, t[0]) for t, v in extra])
            if not isinstance(picked, tuple):
                return picked
            within = [i for i, c in enumerate(question.choices) if c.group == picked[1]]
            value = _menu(question, within, [e for e in extra if e[1] is WHY] + [(GO_BACK, BACK)], heading=False)
            if value is not BACK:
                return value
    print(fitted(question.text), flush=True)
    for i, c in enumerate(question.choices, 1):
        if c.group is not None and (i == 1 or question.choices[i - 2].group != c.group):
            print(f"  {c.group}")
        print(f"  {i:>2}. {_fit_choice(c.text)}")
    for text, _ in extra:
        print(f"  {text}")
    while True:
        line = sys.stdin.readline()
        if not line:
            raise InterviewEnded("the input ended before the question was answered")
        word = line.strip()
        for text, value in extra:
            if word == text[0]:
                return value
        if word.isdigit() and 1 <= int(word) <= len(question.choices):
            return question.choices[int(word) - 1].value
        print(f"Answer with a number from 1 to {len(question.choices)}"
              + (", ? for why" if question.why else "") + (", b to go back" if can_go_back else "") + ".",
              flush=True)


def _fit_choice(text: str) -> str:
    """A choice's words wrapped to the terminal, the lines after the first under the first."""
    return _fill(text, max(20, width(PROSE) - 7), more=" " * 6)
