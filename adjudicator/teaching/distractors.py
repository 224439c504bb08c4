"""The quiz's wrong choices, each with why it is wrong: never a law, a remedy or a score picked for
being near, only what a learner could reason his way to. Which law: the laws with cases on the
same irregularity (their cases say why not), the misconceptions of
laws/words/misconceptions.yaml and the laws the book relates. What is allowed: the other cases'
remedies for the irregularity, then the misconceptions, never two that say the same
(misconceptions.yaml's `alike`). The score: the hand miscounted as learners miscount it (a point
counted two, a vole one, a struck mark counted, a king forgotten), then the score before the
deal.

A why given as None is said by the caller from the cases (`Builder.why_not`,
`Builder.not_here`).
"""
from __future__ import annotations

import random
from typing import Any

from ..engine.ruling import Report, Ruling
from ..lawbook.laws import LawBook
from ..words import scores as score_words
from ..words.misconceptions import Misconceptions
from ..words.vocabulary import Words

Why = str | None


def _pick(groups: list[list[Any]], want: int, rng: random.Random, key: Any = lambda v: v) -> list[Any]:
    """Up to `want` items, the first groups first, each group shuffled; no two of one key."""
    picked: list[Any] = []
    seen: set[Any] = set()
    for group in groups:
        group = list(group)
        rng.shuffle(group)
        for item in group:
            if len(picked) < want and key(item) not in seen:
                seen.add(key(item))
                picked.append(item)
    return picked


def laws(book: LawBook, slips: Misconceptions, ruling: Ruling, right: int,
         rng: random.Random) -> list[tuple[int, Why]]:
    """2 to 4 wrong laws, never one the ruling cites or one whose case fits these facts."""
    cases = book.by_irregularity[ruling.irregularity]
    same = {c.law for c in cases if c.law is not None}
    fits = {c.law for c in cases if c.law is not None and c.matches(ruling.facts)}
    barred = {right} | set(ruling.laws) | fits
    related = set(book.laws[right].related) | {n for n, law in book.laws.items() if right in law.related}
    told = {w.law: w.why for w in slips.laws.get(right, ())}
    groups: list[list[Any]] = [[(n, None) for n in sorted(same - barred)],
              [(n, why) for n, why in told.items() if n not in barred],
              [(n, None) for n in sorted(related - same - barred - told.keys())]]
    return _pick(groups, rng.randint(2, 4), rng, key=lambda item: item[0])


def options(book: LawBook, slips: Misconceptions, ruling: Ruling, right: int,
            rng: random.Random) -> list[tuple[tuple[str, ...], Why]]:
    """2 to 3 wrong remedies: the other cases' of this irregularity (why: their circumstances,
    said by the caller), the misconceptions of it, then the remedies of the related laws' cases
    (why: the irregularity they are for)."""
    def said(opts: Any) -> frozenset[str]:   # what a choice says: options alike are one
        return frozenset(slips.same(o) for o in opts)
    own = said(ruling.options)
    same = [(tuple(c.case.options), None) for c in book.by_irregularity[ruling.irregularity]]
    told = [(tuple(w.options), w.why) for w in slips.options.get(ruling.irregularity, ())]
    related = sorted(set(book.laws[right].related) | set(ruling.laws))
    near = [(tuple(c.options), None) for n in related for c in book.laws[n].cases]
    groups = [[g for g in group if said(g[0]) != own] for group in (same, told, near)]
    return _pick(groups, rng.randint(2, 3), rng, key=lambda item: said(item[0]))


def _add(score: dict[str, int], player: str, points: int) -> dict[str, int]:
    return {**score, player: score[player] + points}


def scores(report: Report, deal: Any, start: dict[str, int], players: list[str], book: LawBook,
           words: Words, slips: Misconceptions, single_point: dict[str, str], end: dict[str, Any],
           rng: random.Random) -> list[tuple[dict[str, int], str]]:
    """2 to 3 wrong scores at the end of the scenario, each the hand miscounted one way, with why:
    the slips of misconceptions.yaml's `score` applied to each mark of the deal (`entries`), and
    a king among cards turned up before the trump is chosen (`end`: the table at the hand's end)
    counted; then the score before the deal, the marks given to the other player, any other."""
    right = dict(report.score)
    said = slips.score
    entries = score_words.entries(report, deal, book) if deal is not None else []
    lines = score_words.lines(report, deal, book, words, person=True) if deal is not None else []
    slipped: list[tuple[dict[str, int], str]] = []
    if deal is not None and end.get("choosing") and any(str(c).startswith("K") for c in end.get("turned") or []):
        slipped.append((_add(right, deal.dealer, 1), said.king_not_trump))
    for e, line in zip(entries, lines):
        p = e["player"]
        if e["struck"] and e["points"]:
            slipped.append((_add(right, p, e["points"]), said.struck_counted.format(line=line)))
            continue
        if not e["counts"]:
            continue
        if e["for"] == "point" and not e["limited_by"]:
            why = "dealer" if p == deal.dealer else "no_proposal" if not deal.proposals else "accepted"
            reason = single_point[why].format(dealer=deal.dealer, elder=deal.non_dealer)
            slipped.append((_add(right, p, 1), said.point_as_two.format(why=reason.split(": ", 1)[-1])))
        elif e["for"] == "point_against_vulnerable" and e["counts"] == 2:
            slipped.append((_add(right, p, -1), said.two_as_one.format(line=line)))
        elif e["for"] == "vole" and e["counts"] == 2:
            slipped.append((_add(right, p, -1), said.vole_as_one))
        elif e["kind"] in ("turned_king", "held_king"):
            slipped.append((_add(right, p, -e["counts"]), said.mark_forgotten.format(line=line)))
    every = "; ".join(lines) or words.scores.nothing
    a, b = players
    fallback = [(dict(start), said.before.format(deal=deal.number if deal is not None else 1))]
    if right[a] != right[b]:
        fallback.append(({a: right[b], b: right[a]}, said.swapped.format(lines=every)))
    near = [({a: right[a] + da, b: right[b] + db}, said.other.format(lines=every))
            for da, db in ((1, 0), (0, 1), (-1, 0), (0, -1))]
    groups = [[s for s in group if s[0] != right and min(s[0].values()) >= 0]
              for group in (slipped, fallback, near)]
    def key(item: tuple[dict[str, int], str]) -> tuple:
        return tuple(sorted(item[0].items()))
    picked = _pick(groups[:2], rng.randint(2, 3), rng, key=key)
    taken = {key(s) for s in picked}
    return picked + _pick([[s for s in groups[2] if key(s) not in taken]], 2 - len(picked), rng, key=key)
