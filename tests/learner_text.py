"""What a learner must not meet in the book, `explain` or the quiz: developer material.

`developer_material(text)` names each piece found: a placeholder left unfilled, `_word_`
underscores, a file path, a case id (`11:before-look`), log syntax (snake_case names, `key:
{...}`). `visible_text(html)` is a page's text as a reader sees it with the "For developers"
folds closed (no scripts, no templates, no folds)."""
from __future__ import annotations

import re
from html.parser import HTMLParser

PATTERNS = {
    "a brace": re.compile(r"[{}]"),
    "underscored words": re.compile(r"(?<!\w)_\w[^_]*_(?!\w)"),
    "a file path": re.compile(r"\.ya?ml\b|\.md\b|\bscenarios/|\blaws/\d"),
    "a case id": re.compile(r"\b\d{1,2}:[a-z][a-z]+(?:-[a-z]+)+\b|\b\d{1,2}:[a-z]{4,}\b"),
    "log syntax": re.compile(r"\b[a-z]+_[a-z_]+\b|`"),
}


def developer_material(text: str) -> list[str]:
    """Each piece of developer material in `text`, with its context."""
    found = []
    for what, pattern in PATTERNS.items():
        for m in pattern.finditer(text):
            found.append(f"{what}: …{text[max(0, m.start() - 40):m.end() + 30]}…")
    return found


class _Visible(HTMLParser):
    HIDDEN = {"script", "style", "template"}

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.stack: list[bool] = []   # per open element: is it hidden

    def handle_starttag(self, tag, attrs):
        if tag in {"br", "img", "input", "meta", "link", "use", "rect", "path", "circle"}:
            return
        a = dict(attrs)
        hidden = (tag in self.HIDDEN or (tag == "details" and "dev" in (a.get("class") or "").split())
                  or "hidden" in a)
        self.stack.append(hidden or (bool(self.stack) and self.stack[-1]))

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        if tag in {"br", "img", "input", "meta", "link", "use", "rect", "path", "circle"}:
            return
        if self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if not (self.stack and self.stack[-1]):
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _Visible()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())
