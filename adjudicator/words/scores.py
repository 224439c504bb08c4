"""Why the score is what it is, deal by deal: what the replay awarded (its entitlements, each
with the scoring table's key that gave it), the law that gives it, and what struck or cut it.

Nothing here reckons a score: it reads `Report.earned` (every `marks.Entitlement` made) and the
rulings whose options or effects struck one out. The words are laws/words/scores.yaml's.
"""
from __future__ import annotations

from typing import Any, Literal

from ..lawbook.laws import LawBook, default_book
from ..engine.ruling import GameRecord, Report, Ruling
from .happened import happened
from .learner import for_people
from .rules import rule_named
from .vocabulary import Words, default_words


def _ruling_that(report: Report, deal: Any, what: str, offender: str | None = None) -> Ruling | None:
    """The claimed ruling on this deal whose elected option, or one of its effects, is `what`."""
    for r in report.rulings:
        if r.table is not deal or not r.claimed or offender is not None and r.offender != offender:
            continue
        done = {r.elected} | set(r.effects.get(r.elected or "", ())) | set(r.effects.get("always", ()))
        if what in done:
            return r
    return None


def _awarded(report: Report, deal: Any, ent: Any) -> Ruling | None:
    """The ruling that gave this point or vole (law 42's abandoned hand: its option names the
    kind awarded, and the hand is scored at the ruling's event)."""
    return next((r for r in report.rulings if r.table is deal and r.claimed and r.event == ent.event
                 and r.elected == f"award_{ent.kind}"), None)


def entries(report: Report, deal: Any, book: LawBook | None = None) -> list[dict[str, Any]]:
    """The deal's entitlements as plain data: who, how many, for what, under which law (or, for
    a variant's own score, which rule: laws/rules/), and what became of them (counted, struck
    out by a ruling, cut, not marked in time: `lapsed` says when the time ran out, at the next
    deal's turn-up or the log's end)."""
    book = book or default_book()
    earned = [e for e in report.earned if e.deal is deal]
    out = []
    award = deal.hand_award
    if award is not None and not award[1] and not any(   # the hand's winner cut to nothing, where
            e.player == award[0] and e.struck == "offender_score_cut" for e in earned):   # no entitlement says it
        cut = _ruling_that(report, deal, "offender_score_cut", award[0])
        out.append({"player": award[0], "points": 0, "for": award[2], "kind": award[2],
                    "law": book.scoring_law.get(award[2]), "rule": None, "event": award[3], "counts": 0,
                    "struck": None, "struck_by": None, "limited_by": cut.law if cut else None,
                    "awarded_by": None, "lapsed": None})
    for ent in earned:
        if ent.struck == "offender_score_cut" and any(
                e is not ent and e.player == ent.player and e.kind in ("point", "vole") and e.event == ent.event
                and e.struck != "offender_score_cut" for e in earned):
            continue   # the cut entitlement that replaced it says it
        # struck out without a remedy of its own (a second card turned), then annulled with its
        # deal: the annulment says why, and its ruling's law
        why = deal.annulled if ent.struck == "struck" and deal.annulled else ent.struck
        struck = _ruling_that(report, deal, why) if why else None
        limited = _ruling_that(report, deal, "offender_score_cut", ent.player) if ent.limited else None
        awarded = _awarded(report, deal, ent)
        out.append({"player": ent.player, "points": ent.points, "for": ent.basis, "kind": ent.kind,
                    "law": book.scoring_law.get(ent.basis), "rule": book.scoring_rule.get(ent.basis),
                    "event": ent.event, "awarded_by": awarded.law if awarded else None,
                    "counts": ent.paid if ent.struck is None else 0,
                    "struck": why,
                    "struck_by": book.effect_law.get(why or "", struck.law) if struck else None,
                    "limited_by": limited.law if limited else None,
                    "lapsed": None if ent.lapsed_at is None or not ent.unpaid
                    else "next_turn_up" if ent.facts.get("next_turned_up") else "log_end"})
    return out


def after_first_card(deal: Any, entry: dict[str, Any], words: Words | None = None) -> dict[str, Any] | None:
    """scores.yaml's `after_first_card` words for an entitlement earned after its player had
    played his first card of the deal (a king announced by law 24's grace); None otherwise."""
    late = (words or default_words()).scores.after_first_card.get(entry["for"])
    first = deal.first_play.get(entry["player"])
    return late if late is not None and first is not None and first < entry["event"] else None


def also_laws(deal: Any, entry: dict[str, Any], words: Words | None = None) -> list[int]:
    """The laws an entitlement rests on besides the law or rule that scores it: law 24's grace
    for a king announced after its holder's first card, law 49 for a variant's score that
    doubles or scores a vulnerability (scores.yaml's `after_first_card` and `rests_on`)."""
    words = words or default_words()
    late = after_first_card(deal, entry, words)
    return ([int(late["law"])] if late else []) + list(words.scores.rests_on.get(entry["for"], ()))


def final_now(ruling: Ruling, words: Words) -> bool:
    """Whether the ruling is made at the table now, where the log ends: not one that only the
    next deal's turn-up makes final (an omitted score, law 50) made because the log ended."""
    return not (words.irregularities[ruling.irregularity].until_next_turn_up
                and not ruling.facts.get("next_turned_up"))


def lines(report: Report, deal: Any, book: LawBook | None = None, words: Words | None = None,
          now: bool = False, person: bool = False) -> list[str]:
    """The why of the deal's score in words, a line an entitlement, then the score rulings.
    `now`: the log ends at this moment of a game going on (a dispute told up to now), so a
    score not marked by its end is still owed, not lost. `person`: said to a person, a variant's
    rule by its title and book, no event's number, the log called the record."""
    words = words or default_words()

    def rule(name: str) -> str:
        return rule_named(name, book) if person else f"rule {name}"

    scores = words.scores
    names = {"dealer": deal.dealer, "elder": deal.non_dealer}
    out = []
    for e in entries(report, deal, book):
        role: Literal["dealer", "non_dealer"] = "dealer" if e["player"] == deal.dealer else "non_dealer"
        said = {**names, "player": e["player"], "points": e["points"]}
        cited = f", law {e['law']}" if e["law"] is not None else f", {rule(e['rule'])}" if e["rule"] is not None else ""
        cited += "".join(scores.also_law.format(law=n) for n in also_laws(deal, e, words))
        late = after_first_card(deal, e, words)
        marks = scores.would_mark if e["struck"] else scores.marks
        if e["awarded_by"] is not None:   # given by a ruling (law 42); valued by another law or rule if not plain
            award = next(r for r in report.rulings if r.table is deal and r.event == e["event"] and r.law == e["awarded_by"])
            line = f"{happened(award.what, words, person)}: " + marks.format(**said) + f", law {e['awarded_by']}"
            if e["for"] != e["kind"]:   # the award is neither won nor lost by play: its value said as awarded
                line += "; " + words.awarded(e["for"], role).format(**said) + cited
        else:
            earned = str(late[role]) if late else words.earned(e["for"], role, struck=bool(e["struck"]))
            line = earned.format(**said) + ": " + marks.format(**said) + cited
        if e["limited_by"] is not None:
            line += f" ({scores.limited.format(**said)}, law {e['limited_by']})"
        if e["struck"]:
            line += "; " + scores.struck[e["struck"]] + (f", law {e['struck_by']}" if e["struck_by"] else "")
        elif e["lapsed"] == "log_end" and now:
            line += "; " + (scores.owed_part.format(paid=e["counts"], unpaid=e["points"] - e["counts"])
                            if e["counts"] else scores.owed)
        elif e["lapsed"]:
            when = scores.when[e["lapsed"]]
            line += "; " + (scores.lapsed_part.format(paid=e["counts"], unpaid=e["points"] - e["counts"], when=when)
                            if e["counts"] else scores.lapsed.format(when=when))
        out.append(line)
    for r in report.rulings:
        if r.deal == deal.number and words.irregularities[r.irregularity].moment == "score" \
                and (not now or final_now(r, words)):
            out.append(f"{happened(r.what, words, person)}: " + (rule(r.rule) if r.rule is not None else f"law {r.law}")
                       + ("" if person else f" (event {r.event})"))
    return [for_people(line) for line in out] if person else out


def by_game(report: Report) -> list[tuple[int, GameRecord | None, list[Any]]]:
    """The deals game by game: (number, the game as the report gives it, its deals); one
    (1, None, every deal) for a log of one game."""
    if report.games is None:
        return [(1, None, report.played)]
    out: list[tuple[int, GameRecord | None, list[Any]]] = []
    start = 0
    for n, (game, count) in enumerate(zip(report.games, report.game_deals), 1):
        out.append((n, game, report.played[start:start + count]))
        start += count
    return out


def game_law(book: LawBook | None = None) -> str:
    """The law (46) or rule that says what a game counts, as the score's lines cite it."""
    book = book or default_book()
    law, rule = book.scoring_law.get("game_values"), book.scoring_rule.get("game_values")
    return f"law {law}" if law is not None else f"rule {rule}"


def game_heading(n: int, game: GameRecord, book: LawBook | None = None, words: Words | None = None) -> str:
    """A game of a pool or a match: its players, score, winner and what it counts (law 46)."""
    said = (words or default_words()).scores.games
    result = said["won"].format(winner=game["winner"], value=game["value"], cited=game_law(book)) \
        if game["winner"] else said["unfinished"]
    return said["heading"].format(n=n, players=said["and"].join(game["players"]), result=result,
                                  score=", ".join(f"{p} {game['score'][p]}" for p in game["players"]))


def games_result(report: Report, words: Words | None = None) -> str:
    """Who won the pool or the match, or that nobody has yet."""
    said = (words or default_words()).scores.games
    kind = "pool" if report.pool else "match"
    return said[kind].format(winner=report.winner) if report.winner else said[f"{kind}_open"]


def games_line(report: dict[str, Any], words: Words | None = None) -> str:
    """`validate`'s word on a pool or a match, from the report's JSON: the games each won, the
    winner of the whole."""
    said = (words or default_words()).scores.games
    kind = "pool" if "pool_winner" in report else "match"
    won: dict[str, int] = {}
    for g in report["games"]:
        if g["winner"]:
            won[g["winner"]] = won.get(g["winner"], 0) + 1
    result = said[f"{kind}_line_won"].format(winner=report["winner"]) if report["winner"] else said["line_open"]
    return said[f"{kind}_line"].format(games=", ".join(f"{p} {n}" for p, n in won.items()) or said["none"], result=result)
