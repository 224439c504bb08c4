"""The ruling handed back to the table companion: for an ending of the dispute interview, what
each option open to the chooser does to the deal and to the score, as the engine rules on the
log the interview told (`situation.build`, the log `resolve --save` writes) with that option
elected. Made at build time into the interview's graph (`page.graph`); the dispute page hands
one option back to the table page, which applies it and writes the told deal into its record.

An ending carries the told deal's events (`ev`, the players as roles: `@d`, `@n`) and, for each
option, how the deal goes on as the replay left it: `again` (annulled: the same dealer deals
afresh), `void` (annulled: `next` deals, the rightful dealer), `over` (the hand is over and
scored) or `on` (the deal goes on from the ruling); `pts`, the points the deal has given each
role; `el`, the `elect` event where the chooser chose; `k`, the king of trumps in the told deal
(turned up; announced by a role), which the table page checks against its own sheet, and `kt`,
the points where the sheet has the king turned up instead. An ending or an option the table
page cannot apply says so in `x` (a words key): facts left open, no log told, marks (the page
keeps those itself), a deal out of turn, a deal going on that the page cannot record.
"""
from __future__ import annotations

import json
from functools import cache
from typing import Any

from ..engine.adjudicate import adjudicate_text
from ..engine.errors import ReplayError
from ..engine.rules import trump_king
from ..lawbook.laws import CompiledCase, LawBook
from ..record.cards import Card
from ..record.source import LogError
from ..words.vocabulary import Words

PLAYER_FIELDS = ("to", "by", "player")
MARKS = ("mark", "mark_king", "take_down")   # the page keeps the marks, and their laws, itself
AT_ONCE = frozenset({"turned_king_forfeited", "held_king_cancelled"})   # effects the replay applies at the ruling


@cache
def _cases(book: LawBook) -> dict[str, CompiledCase]:
    return {c.ref: c for cases in book.by_irregularity.values() for c in cases}


def _roles(value: Any, role: dict[str, str], key: str = "") -> Any:
    """An event's fields with each player named by role."""
    if isinstance(value, dict):
        return {role.get(k, k) if key == "tricks" else k: _roles(v, role, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_roles(v, role, key) for v in value]
    return role.get(value, value) if key in PLAYER_FIELDS and isinstance(value, str) else value


def _king(events: list[dict[str, Any]], role: dict[str, str]) -> list[Any]:
    """[a king turned up, the role that announced the king held or None], in these events."""
    cards = [Card.parse(e["turn_up"]["card"]) for e in events if "turn_up" in e and e["turn_up"].get("card")]
    turned = any(card is trump_king(card.suit) for card in cards)
    by = next((role[e["announce_king"]["by"]] for e in events if "announce_king" in e), None)
    return [turned, by]


def _ruled(log: dict[str, Any], events: list[dict[str, Any]], ruling: dict[str, Any], chosen: str) -> Any:
    """(the report, the told deal, the points it gave each player) of the told log with these
    events, where the ruling is made with `chosen` taken; None otherwise."""
    report = adjudicate_text(json.dumps(dict(log, events=events)))
    ruled = [r for r in report.rulings if r.event == ruling["event"] and r.irregularity == ruling["irregularity"]]
    deal = report.played[-1] if report.played else None
    if not ruled or ruled[0].elected != chosen or deal is None or deal.number != ruling["deal"]:
        return None
    before = (report.played[-2].score_after or {}) if len(report.played) > 1 else {}
    return report, deal, {p: report.score[p] - before.get(p, 0) for p in (deal.dealer, deal.non_dealer)}


def _king_turned(log: dict[str, Any], events: list[dict[str, Any]], ruling: dict[str, Any], chosen: str,
                 after: str) -> dict[str, Any] | None:
    """The told deal with the king of its trump suit turned up in place of the card it turned
    (where no event names that king): the points the engine then gives each role, and the card;
    for a sheet that has the king turned up where the interview's telling had not."""
    at = next((i for i, e in enumerate(events) if "turn_up" in e and e["turn_up"].get("card")), None)
    if at is None:
        return None
    king = str(trump_king(Card.parse(events[at]["turn_up"]["card"]).suit))
    named = [c for e in events for f in e.values() for c in [f.get("card"), *f.get("cards", [])] if c]
    if any(Card.parse(c) is Card.parse(king) for c in named):
        return None
    turned = [*events[:at], {"turn_up": dict(events[at]["turn_up"], card=king)}, *events[at + 1:]]
    got = _ruled(log, turned, ruling, chosen)
    if got is None or _after(got[1]) != after:
        return None
    deal = got[1]
    return {"card": king, "pts": {"d": got[2][deal.dealer], "n": got[2][deal.non_dealer]}}


def _goes_on(log: dict[str, Any], events: list[dict[str, Any]], deal: Any) -> bool:
    """Whether the told deal, turned up, goes on to a result as the page records one (`tricks`):
    a remedy that needs the cards given, or a deal not yet turned up, it cannot record."""
    if not any("turn_up" in e for e in events[deal.first_event - 1:]):
        return False
    result = {"tricks": {deal.non_dealer: 3, deal.dealer: 2}}
    try:
        adjudicate_text(json.dumps(dict(log, events=[*events, result])))
    except (LogError, ReplayError):
        return False
    return True


def _after(deal: Any) -> str:
    """How the told deal goes on from the ruling: dealt again, void, over or going on."""
    return {"fresh_deal": "again", "deal_void": "void"}.get(deal.annulled or "") or ("on" if deal.unfinished else "over")


def option(log: dict[str, Any], ruling: dict[str, Any], chosen: str,
           effects: list[str]) -> tuple[dict[str, Any], dict[str, str]] | None:
    """`_option`, kept by its arguments: many endings of the interview tell the same log."""
    return _kept(json.dumps([log, ruling, chosen, effects], sort_keys=True))


@cache
def _kept(args: str) -> tuple[dict[str, Any], dict[str, str]] | None:
    return _option(*json.loads(args))


def _option(log: dict[str, Any], ruling: dict[str, Any], chosen: str,
            effects: list[str]) -> tuple[dict[str, Any], dict[str, str]] | None:
    """What electing `chosen` does to the told deal, as the engine rules, and the players' roles
    in it; None where the told log with that election is not ruled so; `x` where the page cannot
    apply it (a deal out of turn; the deal going on from before its turn-up, or with an effect
    for the hand's score). `kt`: the same with the king turned up (`_king_turned`)."""
    events = list(log["events"])
    if ruling.get("chooser") and not ruling.get("elected"):
        events.append({"elect": {"by": ruling["chooser"], "option": chosen}})
    got = _ruled(log, events, ruling, chosen)
    if got is None:
        return None
    _, deal, pts = got
    role = {deal.dealer: "@d", deal.non_dealer: "@n"}
    after = _after(deal)
    told = events[deal.first_event - 1:]
    # the page's dealer is the one whose turn it was: a deal out of turn it cannot record; the deal
    # going on, the page records the rest as it does any deal's, with no effect left for the
    # hand's score (the page's hand table has none)
    if deal.rightful != deal.dealer or after == "on" and (set(effects) - AT_ONCE or not _goes_on(log, events, deal)):
        return {"o": chosen, "x": "apply_cannot"}, role
    out = {"o": chosen, "after": after, "next": role.get(deal.rightful) if after == "void" else None,
           "pts": {role[p][1]: n for p, n in pts.items()}, "ev": [_roles(e, role) for e in told], "k": _king(told, role)}
    if after in ("on", "over") and out["k"] == [False, None]:
        kt = _king_turned(log, events, ruling, chosen, after)
        if kt is not None:
            out["kt"] = kt
    return out, role


def handback(final: dict[str, Any], book: LawBook, words: Words, texts: Any) -> dict[str, Any]:
    """An ending's hand-back: the ruling (its law, the chooser and the offender as roles) and
    each option's effect; or `x`, the words key of why the table page cannot apply it. `texts`
    stores each text once (`page._Table`)."""
    ruling, log = final.get("ruling"), final.get("log")
    if final.get("outcomes_if"):
        return {"x": "apply_open"}
    if ruling is None:
        return {"x": "apply_none"}
    if log is None or any(name in e for e in log["events"] for name in MARKS):
        return {"x": "apply_cannot"}
    case = _cases(book).get(ruling["case"])
    effects = case.case.effects if case is not None else {}
    options = [ruling["elected"]] if ruling.get("elected") else list(ruling["options"])
    elects = bool(ruling.get("chooser")) and not ruling.get("elected")
    got = [option(log, ruling, o, [*effects.get("always", []), *effects.get(o, [])]) for o in options]
    out = [o for o in got if o is not None]
    if len(out) != len(got):
        return {"x": "apply_cannot"}
    role = {p: r[1] for p, r in out[0][1].items()}
    law = book.law(ruling["law"], ruling.get("rule"))
    return {"law": ruling["law"], "title": texts.add(law.title), "text": texts.add(ruling["text"]),
            "cites": ruling.get("laws", []),
            "chooser": role.get(ruling.get("chooser") or ""), "offender": role.get(ruling.get("offender") or ""),
            "ev": next((o["ev"][:-1] if elects else o["ev"] for o, _ in out if "ev" in o), []),
            "opts": [_short(o, elects, texts.add(words.option(o["o"]))) for o, _ in out]}


def _short(said: dict[str, Any], elected: bool, w: int) -> dict[str, Any]:
    """An option as the page carries it: the told deal's events are the ending's (`ev`), and an
    option the chooser elects adds its `elect` (`el`), the last event of its own told log."""
    out = {k: v for k, v in said.items() if k != "ev"} | {"w": w}
    if elected and "ev" in said:
        out["el"] = said["ev"][-1]
    return out
