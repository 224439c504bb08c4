"""`ecarte table --page FILE` (and the book's table.html): the table companion, one offline page
for a phone that keeps the score of a game deal by deal, says the laws as it goes, and gives the
game back as a log (LOG_FORMAT.md) that `ecarte validate` reads.

The page computes nothing the engine has not: its tables (`scoresheet.tables`: what a hand, a
king, a double or an offer scores, who deals next, the game's value, a pool's or a match's next
game) are made here at build time by the engine's own functions, and its script only looks
them up and adds. A deal is recorded by its result (the card turned up, the proposals and
answers, a king announced, a double or an offer, the tricks): the log says `count` where the
cards were not recorded and `tricks` for the result. The irregularity button opens the dispute
interview, `resolve.html` beside the page.
"""
from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import quote

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from ..lawbook.laws import LawBook, default_book
from ..lawbook.rulesets import InForce, chosen
from ..record.writing import write_text
from .page import ICON, WORKER, worker
from ..words.vocabulary import default_words
from .scoresheet import tables
from .telling import rules_line

HERE = Path(__file__).resolve().parent
DISPUTE = "resolve.html"   # the dispute interview the irregularity button opens, beside the page

WORDS: dict[str, str] = {
    "title": "Écarté: the score at the table",
    "score": "The score",
    "undo": "Undo",
    "irregular": "An irregularity…",
    "export": "The record",
    "open": "Open a record",
    "restart": "New game",
    "restart_sure": "Start a new game? This game's record will be lost (keep it first with “The record”).",
    "record": "The record of the game",
    "record_hint": "A log of the game that ecarte validate reads. Keep it, or send it to the club.",
    "download": "Save the record",
    "sheet": "The score sheet",
    "deal": "Deal",
    "what": "What happened",
    "dealer": "deals",
    "non_dealer": "elder hand",
    "sits_out": "sits out",
    "names_q": "Who is playing?",
    "player_n": "Player {n}",
    "names_distinct": "Give each player a name, each different.",
    "start": "Start the game",
    "marks_q": "Who marks the scores?",
    "marks_page": "The page marks each score",
    "marks_players": "We mark our own (laws 22, 50)",
    "marks_head": "Marks",
    "marks_owed": "To mark before the next trump card is turned up:",
    "marks_none": "Nothing to mark.",
    "mark_owed": "{player} marks {points} ({what})",
    "for_king": "the king",
    "for_point": "the point",
    "for_vole": "the vole",
    "mark_more": "Mark one more point",
    "mark_one": "{player} marks 1",
    "may_mark": "{player} may mark {points}",
    "lost": "{player} did not mark {points} in time.",
    "to_mark": "({points} to mark)",
    "too_high": "{player} marks more than won.",
    "game_to_q": "A game is won by the first to score (law 46: five, unless agreed otherwise):",
    "game_value_q": "What a game is worth (law 46):",
    "value_single": "a single",
    "value_treble_double_single": "treble, double or single",
    "who_deals": "Who deals first?",
    "cut_highest": "Cut for deal: the higher card deals ({order}, from the highest).",
    "cut_lowest": "Cut for deal: the lower card deals ({order}, from the highest).",
    "cut_q": "Tap the cards cut, and the page says who deals",
    "cut_card": "{name} cut:",
    "cut_again": "Equal cards: cut again.",
    "cut_deals": "{name} deals.",
    "cut_go": "{name} deals",
    "deals": "{dealer} deals; {nd} is the elder hand.",
    "turn_up": "Deal {n}: the card turned up",
    "not_king": "Not a king",
    "by_cards": "Record this deal card by card…",
    "turn_up_card": "Deal {n}: the card turned up",
    "leads": "Trick {n}: {name} leads",
    "follows": "Trick {n}: {name} plays",
    "led": "To the {card} led.",
    "tricks_so_far": "Tricks so far: {a} {na}, {b} {nb}.",
    "s_cards": "{n} cards played",
    "double_fold": "A double…",
    "trick_to": "{name} wins trick {n}.",
    "propose_first": "{nd} proposes, or plays?",
    "propose_again": "{nd} proposes again, or plays?",
    "accepts": "{nd} proposes, {dealer} gives cards",
    "refuses": "{nd} proposes, {dealer} refuses",
    "plays_without": "{nd} plays without proposing",
    "plays": "{nd} plays",
    "king_held": "Did a player announce the king of trumps?",
    "king_hint": "Before playing his first card.",
    "nobody": "Nobody",
    "double_q": "A double?",
    "double_accepted": "{by} doubles, {other} accepts",
    "double_declined": "{by} doubles, {other} declines",
    "no_double": "No double",
    "offer_q": "An offer of the point (before the first card)?",
    "offer_accepted": "{by} offers, {other} accepts",
    "offer_declined": "{by} offers, {other} declines",
    "no_offer": "No offer",
    "tricks_q": "Who won the hand?",
    "tricks_hint": "The tricks the winner took.",
    "vole": "{name}: all five (vole)",
    "tricks_n": "{name}: {n} tricks",
    "game_won": "{name} wins the game (worth {value}).",
    "won": "{name} wins the game (worth {value}).",
    "champion": "{name} wins the sitting.",
    "next_game": "Next game: {a} and {b}; {dealer} deals first, unless they cut for deal.",
    "start_next": "Next game: {dealer} deals",
    "over_hint": "Keep the record (“The record”), or start a new game.",
    "game_n": "Game {n}: {a} and {b}",
    "game_won_row": "{name} won, worth {value}",
    "law_head": "Law {law}: {title}",
    "why_won": "{name} has reached the game: worth {value}.",
    "s_turned": "{card} turned up",
    "s_no_proposal": "{nd} played without proposing",
    "s_acc": "{nd} proposed, {dealer} gave cards",
    "s_ref": "{nd} proposed, {dealer} refused",
    "s_vole": "{name} won all five",
    "winner": "wins",
    "s_king": "{name} announced the king",
    "s_double_acc": "{name} doubled, accepted",
    "s_double_dec": "{name} doubled, declined",
    "s_offer_acc": "{name} offered the point, accepted",
    "s_offer_dec": "{name} offered the point, declined",
    "s_tricks": "{name} won {n} tricks",
    "not_a_log": "This is not a record of a game for this page.",
    "other_rules": "This record is played under other rules ({rules}): open the table page of those rules.",
    "other_options": "This record is played with other agreements than this page keeps the score under.",
    "unknown_player": "{name} does not play in this record.",
    "cannot_read": "This record holds what the page cannot go on from ({event}): it keeps the result of each deal only.",
    "cannot_open": "This record cannot be opened here",
    "s_ruling": "law {law}: {option}",
    "ruling_chose": "{chooser} chose: {option}.",
    "ruling_took": "The ruling: {option}.",
    "ruling_again": "The deal is annulled: {dealer} deals again.",
    "ruling_void": "The deal is void: {dealer} deals.",
    "ruling_over": "The hand is over.",
    "ruling_on": "The deal goes on: record the rest of it as it is played.",
    "ruling_marks": "{player} scores {points}.",
    "ruling_kept": "{player} keeps the {points} this deal scored ({what}).",
    "ruling_changed": "{player} has {points} for this deal, where the sheet had {before} ({what}).",
    "ruling_lost": "{player} loses the {before} the sheet had for this deal ({what}).",
    "ruling_nothing": "Neither player scores for this deal.",
    "ruling_cite": "The ruling relies on law {laws} too.",
    "ruling_cites": "The ruling relies on laws {laws} too.",
    "ruling_record": "The record keeps this deal as the dispute page told it, with the irregularity and the ruling: the cards dealt, discarded and given only as counts, and no card the table did not give. Where you said only that a hand had more or fewer cards, its count is the telling's: one more or one fewer than the right number.",
    "apply_refused": "The ruling is not applied to the score",
    "apply_rules": "It was made under other rules than this page keeps the score under.",
    "apply_no_deal": "No deal on the score sheet is open to it: a ruling applies to the deal in progress or, on a hand played, to the deal just over, before the next is dealt.",
    "apply_marks": "The players mark their own scores, and the ruling gives points, which the page cannot mark for them as the laws count each one: record the deal as the ruling leaves it.",
    "apply_stake": "The deal has a double or an offer, and the dispute page told it without one: record the deal as the ruling leaves it.",
    "apply_cards": "The deal goes on from the ruling: the page can go on from it only in a deal recorded by its result, once the trump card is turned up. Go on recording the deal as the ruling leaves it.",
    "apply_kings": "The dispute page told the deal with another turn-up or king of trumps announced than the score sheet has: answer them as they were, or record the deal as the ruling leaves it.",
    "cannot_follow": "This record does not answer what the page asks here: “{question}”.",
}


def _words(rules: InForce) -> dict[str, str]:
    """The page's words, and the line that says the rules it keeps the score under (the dispute
    page's own)."""
    out = dict(WORDS)
    out["rules"] = rules_line(SimpleNamespace(rules=rules, words=default_words()))   # type: ignore[arg-type]
    return out


def render(rules: InForce | None = None, players: list[str] | None = None, book: LawBook | None = None,
           dispute: str = DISPUTE, start: str = "table.html") -> str:
    """The page: the tables and the words inline, no request outside the file; `start`: its own
    file name, which the phone opens when the page is added to the home screen."""
    rules = rules or chosen(None)
    book = book or default_book()
    count = 3 if rules.options.pool else 2
    names = list(players or ["A", "Y", "Z"][:count])
    if len(names) != count:
        raise ValueError(f"--players: {'three' if count == 3 else 'two'} names are needed under these rules")
    words = _words(rules)
    data = {"tables": tables(rules, book), "words": words, "players": names, "worker": WORKER}
    blob = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    manifest = json.dumps({"name": words["title"], "short_name": "Écarté score", "start_url": start,
                           "display": "standalone", "background_color": "#fbfaf6", "theme_color": "#14532d",
                           "icons": [{"src": "data:image/svg+xml," + quote(ICON), "sizes": "any",
                                      "type": "image/svg+xml"}]}, ensure_ascii=False)
    env = Environment(loader=FileSystemLoader(HERE), autoescape=True, undefined=StrictUndefined)
    return env.get_template("table.html.j2").render(words=words, data=Markup(blob), manifest=manifest, icon=ICON,
                                                     dispute=dispute)


def write(path: Path, rules: InForce | None = None, players: list[str] | None = None,
          dispute: str = DISPUTE) -> list[Path]:
    """Write the page and the service worker beside it, each whole or not at all; the files written."""
    return [write_text(p, text) for p, text in
            ((path, render(rules, players, dispute=dispute, start=path.name)), (path.with_name(WORKER), worker()))]
