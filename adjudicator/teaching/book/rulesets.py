"""The book's rule set pages (rules-NAME.html), and the notice on a law's page of each rule set
that changes it. Both read the data `ecarte rules` and `rules diff` read (words/rules.py: the
rule set files and laws/words/rulesets.yaml); no word of a source is copied here."""
from __future__ import annotations

from typing import Any

from jinja2 import Environment

from ...lawbook.laws import LawBook
from ...lawbook.rulesets import DEFAULT, InForce, RuleSet, rule_sets
from ...record import options as table
from .names import page_name as law_page
from ...words.rules import cite, diff, option_source, option_turning, option_words, said, value_source, value_words


def page_name(name: str) -> str:
    return f"rules-{name}.html"


def dispute_pages(asked: InForce | None) -> dict[str, str]:
    """The dispute page each rule set's page links to, by rule set: resolve.html, the book's
    own (asked under `asked`), for the rule set it asks under when no option is agreed
    otherwise; resolve-NAME.html for each other, asked under that rule set as it is."""
    own = DEFAULT if asked is None else None if "options" in asked.header() else asked.rules
    return {name: "resolve.html" if name == own else f"resolve-{name}.html" for name in rule_sets()}


def _phrase(text: str) -> str:
    """A sentence of the rule set file made a clause: no full stop, a small first letter."""
    text = text.rstrip().rstrip(".")
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


def _shown(value: Any) -> str:
    return "true" if value is True else "false" if value is False else str(value)


def notices(number: int, rules: InForce, short: str) -> list[dict[str, Any]]:
    """Each rule set (not the London laws, nor the book's own `rules`, whose change the law's page
    gives first) that changes law `number`: the law's own change (replaced or removed; said as
    the option values that make it, in words) or, failing one, an option of the rule set that
    the law's reach turns on (laws/words/rulesets.yaml's `laws:`) set otherwise than in London;
    with its sentence and the anchor of the point on the rule set's page. First, such an option
    of the book's own rules (`here`, said under `short`, the rules in a sentence)."""
    out = []
    name = None if number in rules.changes else option_turning(number, rules.options)
    if name is not None:
        value = getattr(rules.options, name)
        source = option_source(rule_sets()[rules.rules], name, value)
        out.append({"rules": rules.rules, "short": short, "removed": False, "here": True,
                    "href": f"{page_name(rules.rules)}#default-{name}",
                    "text": said("book", "notice", short=short, what=_phrase(value_words(name, value)),
                                 cite=cite(source["source"]), quote=source["quote"])})
    for rs in rule_sets().values():
        if rs.name in (DEFAULT, rules.rules):
            continue
        change = rs.changes.get(number)
        if change is not None:
            what = " and ".join(value_words(k, v) for k, v in change.option.items()) or change.reading
            words = {"short": rs.short, "what": _phrase(what), "cite": cite(change.source),
                     "quote": change.text or change.because}
            out.append({"rules": rs.name, "short": rs.short, "removed": change.removed, "here": False,
                        "href": f"{page_name(rs.name)}#law-{number}",
                        "text": said("book", "notice_removed" if change.removed else "notice", **words)})
            continue
        name = option_turning(number, rs.defaults)
        if name is not None:
            value = getattr(rs.defaults, name)
            source = option_source(rs, name, value)
            out.append({"rules": rs.name, "short": rs.short, "removed": False, "here": False,
                        "href": f"{page_name(rs.name)}#option-{name}",
                        "text": said("book", "notice", short=rs.short, what=_phrase(value_words(name, value)),
                                     cite=cite(source["source"]), quote=source["quote"])})
    return out


def _side(point: dict[str, Any], rs: RuleSet) -> dict[str, Any]:
    side = point[rs.name]
    quote = side.get("quote") if "option" in point else (side["because"] if side["removed"] else side["text"])
    london = option_words()[point["option"]]["london"] if "option" in point and not quote else {}
    return {"says": london.get("says"), "short": rs.short, "value": _shown(side["value"]) if "value" in side else None,
            "words": side.get("words"), "removed": side.get("removed", False), "quote": quote,
            "reading": side.get("reading"), "cite": cite(side["source"]), "seed": side["source"]}


def _point(point: dict[str, Any], london: RuleSet, rs: RuleSet) -> dict[str, Any]:
    if "option" in point:
        head = {"id": f"option-{point['option']}", "option": point["option"], "changes": point["changes"],
                "laws": point["laws"]}
    else:
        head = {"id": f"law-{point['law']}", "law": point["law"], "title": point["title"]}
    return {**head, "london": _side(point, london), "here": _side(point, rs)}


def differences(rs: RuleSet, book: LawBook) -> list[dict[str, Any]]:
    """A rule set's differences from the London laws as a player meets them, one entry each (as
    many as `rules diff` counts): an option it sets otherwise, with the laws that option turns
    (`turns`), or a law it changes on its own; each side in its source's words."""
    if rs.name == DEFAULT:
        return []
    london, points = rule_sets()[DEFAULT], diff(DEFAULT, rs.name, book)["points"]
    return [{**_point(p, london, rs),
             "turns": [_point(q, london, rs) for q in points if "option" in p and q.get("turned_by") == p["option"]]}
            for p in points if p.get("turned_by") is None]


def view(rs: RuleSet, book: LawBook, sets: list[dict[str, Any]], dispute: str | None = None) -> dict[str, Any]:
    """A rule set's page as data: what it is, its options with their defaults (each with the
    words that give its value here and, where the option's own source gives the other value,
    that source: `origin`), and (but for the London laws) its differences from them, one entry
    per difference (`differences`), each side with its source's words; `sets`: the rule sets
    as `entries` lists them, for the others; `dispute`: its dispute page."""
    london = rule_sets()[DEFAULT]
    points = differences(rs, book)
    options = []
    for name in table.NAMES:
        w = option_words()[name]
        value, base = getattr(rs.defaults, name), getattr(london.defaults, name)
        said_ = value_source(rs, name)
        origin = said_["origin"] and {"cite": cite(said_["origin"]["source"]), "quote": said_["origin"]["quote"]}
        options.append({"name": name, "changes": w["changes"], "value": _shown(value),
                        "words": value_words(name, value), "differs": value != base, "laws": w["laws"],
                        "cite": cite(said_["source"]), "quote": said_["quote"], "where": said_.get("where"),
                        "says": said_.get("says"), "origin": origin,
                        "choices": [_shown(v) for v in table.CHOICES.get(name, ())] or None})
    others = [{k: o[k] for k in ("name", "short", "title", "href", "count")} for o in sets if o["name"] != rs.name]
    return {"name": rs.name, "title": rs.title, "short": rs.short, "cite": rs.cite, "seed": rs.source,
            "summary": rs.summary, "silence": rs.silence, "base": rs.name == DEFAULT, "points": points,
            "options": options, "others": others, "file": f"laws/rulesets/{rs.name}.yaml", "dispute": dispute}


def entries(book: LawBook) -> list[dict[str, Any]]:
    """The rule sets as the index lists them."""
    return [{"name": rs.name, "short": rs.short, "title": rs.title, "summary": rs.summary,
             "href": page_name(rs.name), "base": rs.name == DEFAULT,
             "count": None if rs.name == DEFAULT else diff(DEFAULT, rs.name, book)["count"]}   # as `rules diff`
            for rs in rule_sets().values()]


def pages(env: Environment, book: LawBook, disputes: dict[str, str] | None = None) -> dict[str, str]:
    """Each rule set's page, by file name; `disputes`: the dispute page of each (`dispute_pages`)."""
    template = env.get_template("rules.html.j2")
    sets = entries(book)
    disputes = disputes or {}
    return {page_name(rs.name): template.render(rs=view(rs, book, sets, disputes.get(rs.name)), law_page=law_page, sets=sets)
            for rs in rule_sets().values()}
