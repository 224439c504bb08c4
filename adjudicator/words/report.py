"""A report in the contract's JSON (RULINGS.md: `report_json`, `ruling_json`) and in words for a
person at a terminal (`report_text`: each ruling, how the game went deal by deal with why each
point was scored, the score and the winner). Both say a ruling's summary as `happened` does."""
from __future__ import annotations

from typing import Any

from ..engine.ruling import Report, Ruling
from .happened import by_the_play, spoken, summary_text
from .scores import by_game, game_heading, game_law, games_result, lines as why
from .textwidth import fit, plain
from .vocabulary import default_words


def ruling_json(r: Ruling) -> dict[str, Any]:
    """One ruling as RULINGS.md gives it."""
    out: dict[str, Any] = {"law": r.law}
    if r.rule is not None:   # a rule set's own rule (RULESETS.md): law null
        out["rule"] = r.rule
    out |= {
        "irregularity": r.irregularity, "event": r.event,
        "deal": r.deal, "offender": r.offender, "chooser": r.chooser,
        "options": r.options, "elected": r.elected, "claimed": r.claimed,
        "summary": summary_text(r.summary, options=r.options), "text": r.text,
    }
    if r.laws:
        out["laws"] = r.laws
    if r.at is not None:   # a hidden irregularity ruled on its claim: the event it happened at
        out["at"] = r.at
    if r.elected_card is not None:
        out["elected_card"] = r.elected_card
    if r.note:
        out["note"] = r.note
    out["case"] = r.case
    if r.unknown is not None:
        out["unknown"] = spoken(r.unknown)
    if r.outcomes is not None:
        out["outcomes"] = r.outcomes
    return out


def report_json(report: Report) -> dict[str, Any]:
    """The report on one log as RULINGS.md gives it (`adjudicate --json`)."""
    out = {
        "ok": report.ok, "rules": report.rules, "options": report.options,
        "rulings": [ruling_json(r) for r in sorted(report.rulings, key=lambda r: r.event)],
        "score": report.score, "winner": report.winner, "game_value": report.game_value,
        "deals": report.deals,
    }
    if report.ignored_events:
        out["ignored_events"] = report.ignored_events
    if report.outcomes_capped:
        out["outcomes_capped"] = True
    if report.games is not None:
        out["games"] = report.games
    if report.pool:
        out["pool_winner"] = report.pool_winner
    return out


def report_text(report: Report, columns: int | None = None) -> str:
    """The report as `ecarte adjudicate` prints it, wrapped to `columns` (the terminal's)."""
    lines = []
    if report.title:
        lines.append(report.title)
    if report.description:
        lines.append(" ".join(report.description.split()))
    if report.title or report.description:
        lines.append("")
    for r in sorted(report.rulings, key=lambda r: r.event):
        cited = (f"Law {r.law}" if r.law is not None else f"rule {r.rule}") + \
            (f" (with {', '.join(map(str, r.laws))})" if r.laws else "")
        state = "" if r.claimed else " [not claimed at the table]"
        at = f" (claimed; done at event {r.at})" if r.at else ""
        lines.append(f"Deal {r.deal}, event {r.event}{at}: {default_words().irregularity(r.irregularity)} ({cited.lower()}){state}")
        lines.append(f"  {summary_text(r.summary, options=r.options)}")
        if not r.claimed and not by_the_play(r.options):
            said = default_words().happened.unclaimed_choice
            lines.append("  " + (said["may_choose"].format(chooser=r.chooser, options=" or ".join(_words(o, r) for o in r.options))
                                 if r.chooser else said["compulsory"].format(option=_words(r.options[0], r))))
        elif r.chooser:
            lines.append(f"  {r.chooser} may choose: {' or '.join(_words(o, r) for o in r.options)}.")
        else:
            lines.append(f"  Compulsory: {_words(r.options[0], r)}.")
        if r.elected and r.chooser:
            card = f" ({r.elected_card})" if r.elected_card else ""
            lines.append(f"  Taken: {_words(r.elected, r)}{card}.")
        for fact, decisions in (r.unknown or {}).items():
            lines += _either_way(fact, decisions, report.players)
        if r.outcomes:
            lines.append(f"  Not chosen yet: " + "; ".join(
                f"if {r.chooser} chooses \"{_words(o, r)}\": {_figures(fig, report.players)}" for o, fig in r.outcomes.items()) + ".")
        if r.note:
            lines.append(f"  Reading: {plain(r.note)}")
        lines.append(f"  \"{r.text}\"")
        lines.append("")
    if not report.rulings:
        lines.append("No irregularity: nothing to rule on.")
    if report.played:
        lines += ["", "How the game went:" if report.games is None else "How the games went:"]
        for n, game, played in by_game(report):
            indent = "" if game is None else "  "   # a pool's or a match's deals under their game
            if game is not None:
                lines.append(f"  {game_heading(n, game)}.")
            for d in played:
                line = _deal_line(d, report.players, report.rulings)
                if any(r.outcomes or r.unknown and r.claimed for r in report.rulings if r.deal == d.number):
                    line = line[:-1] + " as recorded, before what is still open is settled (above)."
                lines.append(indent + line)
                lines += [f"{indent}    {w}." for w in why(report, d)]
        lines.append("")
    deals = f"{report.deals} deal{'s' if report.deals != 1 else ''}"
    if report.games is None:
        score = ", ".join(f"{p} {report.score[p]}" for p in report.players)
        lines.append(f"Score: {score}  ({deals})")
    if any(r.outcomes for r in report.rulings):
        lines.append("  (with a choice still open: only the points that stand whatever is chosen"
                     + ("; too many open choices to combine, each was taken alone)" if report.outcomes_capped else ")"))
    if report.games is not None:
        lines.append(f"{games_result(report)}.  ({deals})")
    elif report.winner:
        lines.append(f"Winner: {report.winner}, a game worth {report.game_value} ({game_law()}).")
    else:
        lines.append("No winner yet.")
    in_hand = set(report.ignored_in_hand)
    if in_hand:
        lines.append(f"Events {', '.join(map(str, report.ignored_in_hand))} are plays of a hand that had ended "
                     "(the player who offered the point took a trick) and were ignored.")
    after = [n for n in report.ignored_events if n not in in_hand]
    if after:
        what = "the pool" if report.pool else "the match" if report.games is not None else "the game"
        lines.append(f"Events {after[0]} to {after[-1]} come after {what} was won and were ignored.")
    return "\n".join(fit(lines, columns))


def _deal_line(d: Any, players: list[str], rulings: list[Ruling] | None = None) -> str:
    """One deal in a line: who dealt, the turn-up, the proposals, the tricks, the score after
    (laws/words/scores.yaml's `deal`). An abandoned hand's tricks are those made before it was
    abandoned, not the rest law 42 then gives; a hand that ended before the non-dealer proposed
    or played a card is said so, not "played without proposing" (law 49's vulnerable player)."""
    w = default_words().scores.deal

    def said(key: str, **names: Any) -> str:
        words = w[key]
        assert isinstance(words, str)   # `when` is the only mapping, read below
        return words.format(dealer=d.dealer, elder=d.non_dealer, **names)

    line = "  " + said("dealt", number=d.number)   # indented under "How the game went:"
    if d.turn_up is not None:
        line += said("turned_up", card=d.turn_up)
    elif d.turn_up_unknown:
        line += said("turned_unknown")
    if d.annulled:
        return line + said("fresh_deal" if d.annulled == "fresh_deal" else "void")
    if d.turn_up is not None or d.turn_up_unknown:
        if not d.proposals:
            line += "" if d.unfinished in ("dealing", "exchange") \
                else said("no_proposal" if d.non_dealer in d.first_play else "unproposed")
        elif d.first_answer is None:
            line += said("proposed")
        elif d.first_answer == "refuse":
            line += said("refused")
        elif d.proposals == 1:
            line += said("accepted")
        else:
            line += said("proposed_times", times=d.proposals) + \
                (said("refused_last") if d.answer == "refuse" else "")
    if d.unfinished:
        when = w["when"]
        assert isinstance(when, dict)
        line += said("stops", when=when[d.unfinished])
    abandoned = next((r for r in rulings or [] if r.table is d and r.irregularity == "abandoned"), None)
    if abandoned is not None and d.hand_award is not None and d.hand_award[3] == abandoned.event:
        # the abandon ended the hand (not a hand played again after it: law 43, law 25)
        by = abandoned.offender or d.non_dealer
        made = dict(abandoned.what).get("abandoned", {}).get("made", d.won.get(by, 0))
        before = _made_before_abandon(d)
        won = {by: made, d.other(by): max(before - made, 0)}
        line += said("abandoned", by=by, elder_tricks=won[d.non_dealer], dealer_tricks=won[d.dealer]) if before \
            else said("abandoned_at_once", by=by)
    elif any(d.won.values()):
        line += said("tricks", elder_tricks=d.won[d.non_dealer], dealer_tricks=d.won[d.dealer])
    if d.score_after is not None:
        line += said("score", score=", ".join(f"{p} {s}" for p, s in d.score_after.items()))   # the game's players
    return line + said("end")


def _made_before_abandon(d: Any) -> int:
    """The tricks made in an abandoned hand before it was abandoned: those played card by card,
    and those the log gave by count just before the abandon (`summarised`: the cards each player
    played to them)."""
    return sum(t.winner is not None for t in d.tricks) + max(d.summarised.values(), default=0)


def _either_way(fact: str, decisions: dict[str, Any], players: list[str]) -> list[str]:
    """A ruling that turns on a fact the log does not know: what the book rules either way."""
    words = default_words()
    lines = [f"  The log does not tell: {words.question(fact)} The ruling above takes neither answer for granted:"]
    for value, d in decisions.items():
        choice = f"{d['chooser']} may choose: {' or '.join(_words(o) for o in d['options'])}" if d["chooser"] \
            else f"compulsory: {_words(d['options'][0])}"
        figures = f" Then: {_figures(d, players)}." if "score" in d else ""
        lines.append(f"    if {words.phrase(fact, value == 'true')}: law {d['law']} ({d['case']}): {summary_text(d['summary'])} ({choice}).{figures}")
    return lines


def _figures(fig: dict[str, Any], players: list[str]) -> str:
    """An outcome in words: the score, and the winner if there is one."""
    if fig.get("score") is None:
        return "it cannot be carried out on this table"
    score = ", ".join(f"{p} {fig['score'][p]}" for p in players)
    score += f", {fig['winner']} wins" if fig.get("winner") else ""
    if fig.get("cards"):
        score += " (" + "; ".join(f"{c}: {_figures(f, players)}" for c, f in fig["cards"].items()) + ")"
    return score


def _words(option: str, ruling: Ruling | None = None) -> str:
    """An option in words: as this ruling's remedy, where one is given (options.yaml's `if:`)."""
    return default_words().remedy(option, ruling) if ruling is not None else default_words().option(option)
