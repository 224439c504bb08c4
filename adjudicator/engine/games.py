"""Several games in one log: a pool (`pool: true`, three players) or a linked match (`match:
linked`, best of three), RULESETS.md.

The log is cut at its `new_game` events; each game is replayed on its own (`Replay` over its
span of the log's events, numbered as in the log) between the two players who play it. This
module says who those are and who deals first, which pairs may meet, and who wins the pool (two
games running) or the match (two games); the report adds `games` and, for a pool,
`pool_winner`. Nothing here knows how a game is played.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

from .errors import ReplayError
from .rules import champion as _champion, next_game
from .ruling import GameRecord, Report
from ..record.log import NewGame

if TYPE_CHECKING:
    from .replay import Replay
    from ..lawbook.laws import LawBook
    from ..lawbook.rulesets import InForce
    from ..record.log import Event, Log

STARTS = ("shuffle", "cut", "deal", "cut_for_deal")   # the events that begin a game's play
PLAYER_FIELDS = ("by", "to", "of", "player", "pack")


def several(options: Any) -> bool:
    """Whether a log under these options holds several games."""
    return bool(options.pool) or options.match == "linked"


@dataclass
class _GameSpan:
    """One game of the log: where it lies, who plays it, who deals first."""

    opener: int | None    # the `new_game` event that begins it (None: the log's first game)
    first: int            # its events are first+1 .. last (the new_game itself excluded)
    last: int


def _games(log: Log) -> list[_GameSpan]:
    events = log.events
    starts = [n for n, ev in enumerate(events, 1) if ev.event == "new_game"]
    ends = [s - 1 for s in starts[1:]] + [len(events)]
    games = [_GameSpan(s, s, e) for s, e in zip(starts, ends)]
    if not starts or starts[0] != 1:
        games.insert(0, _GameSpan(None, 0, starts[0] - 1 if starts else len(events)))
    return games


def replay_games(log: Log, book: LawBook, rules: InForce, observe: Callable[[Replay, int], None] | None, *,
                 one_game: type[Replay]) -> Report:
    """Replay every game of a pool or linked log and report them as one (`rules`: the rules in
    force, the log's; `one_game`: the replay of one game, which hands the pool to this module)."""
    events = log.events
    options = rules.options
    pool = bool(options.pool)
    reports: list[Report] = []
    played: list[GameRecord] = []
    ignored: list[int] = []
    champion: str | None = None
    pair: tuple[str, str] = (log.players[0], log.players[1])
    deals = 0

    def fail(n: int, message: str) -> NoReturn:
        raise ReplayError(n, events[n - 1].event, message)

    for k, game in enumerate(_games(log)):
        if champion is not None:   # the pool or the match is won: the rest is ignored
            ignored += range(game.first or 1, game.last + 1)
            continue
        opener = _opener(log, game, fail)
        if k == 0:
            pair = (opener.players[0], opener.players[1]) if opener is not None else pair
            dealer = opener.dealer if opener is not None and opener.dealer else log.dealer
            if dealer is not None and dealer not in pair:
                fail(game.opener or 1, f"{dealer}, the first dealer, does not play the first game ({' and '.join(pair)})")
        else:
            assert opener is not None and game.opener is not None   # a game after the first begins with new_game
            last = played[-1]
            if last["winner"] is None:
                score = ", ".join(f"{p} {s}" for p, s in last["score"].items())
                fail(game.opener, f"game {k} is not won yet ({score}): a new game begins once it is")
            winner = last["winner"]
            loser = next(p for p in last["players"] if p != winner)
            right, deals_first = next_game(log.players, last["players"], winner, pool=pool)
            if pool:
                if set(opener.players) != right:
                    fail(game.opener, f"in a pool the loser of a game sits out: {loser} lost game {k}, "
                                      f"so game {k + 1} is between {winner} and {deals_first}, not "
                                      f"{' and '.join(opener.players)}")
            else:
                if set(opener.players) != right:
                    fail(game.opener, f"a linked match is played by {' and '.join(log.players)}")
            dealer = opener.dealer or deals_first
            pair = (opener.players[0], opener.players[1])
        _check_players(log, game, pair, k + 1, fail)
        sub = log.model_copy(update={"players": list(pair), "dealer": dealer})
        report = one_game(sub, book, rules=rules, span=(game.first, game.last)).run(observe)
        for ruling in report.rulings:
            ruling.deal += deals
        for d in report.played:
            d.number += deals
        deals += report.deals
        reports.append(report)
        played.append({"players": list(pair), "score": dict(report.score), "winner": report.winner,
                       "value": report.game_value})
        ignored += report.ignored_events
        if report.winner is not None:
            champion = _champion([g["winner"] for g in played], pool=pool)
            if champion is None:
                _no_deal_after_the_win(report, events, k + 1, fail)
    last_report = reports[-1]
    return Report(
        rules.rules, list(pair), [r for rep in reports for r in rep.rulings], dict(last_report.score),
        champion, last_report.game_value if champion else None, deals, ignored,
        [d for rep in reports for d in rep.played], [e for rep in reports for e in rep.earned],
        log.title, log.description, outcomes_capped=any(rep.outcomes_capped for rep in reports),
        options=last_report.options,
        ignored_in_hand=[n for rep in reports for n in rep.ignored_in_hand],
        games=played, pool=pool, pool_winner=champion, game_deals=[rep.deals for rep in reports], log=log)


def _opener(log: Log, game: _GameSpan, fail: Callable[[int, str], None]) -> NewGame | None:
    """The game's `new_game`, checked (None: the log's first game begins without one)."""
    if game.opener is None:
        return None
    ev = log.events[game.opener - 1]
    assert isinstance(ev, NewGame)   # `_games` cuts the log at its new_game events
    _check_opener(ev, game.opener, fail)
    return ev


def _check_opener(ev: NewGame, n: int, fail: Callable[[int, str], None]) -> None:
    if ev.players[0] == ev.players[1]:
        fail(n, "a game is played by two distinct players")
    if ev.dealer is not None and ev.dealer not in ev.players:
        fail(n, f"the dealer {ev.dealer} does not play this game ({' and '.join(ev.players)})")


def _check_players(log: Log, game: _GameSpan, pair: tuple[str, str], number: int,
                   fail: Callable[[int, str], None]) -> None:
    """Every event of the game names only its two players (the third sits out)."""
    for n in range(game.first + 1, game.last + 1):
        ev = log.events[n - 1]
        named = [getattr(ev, f, None) for f in PLAYER_FIELDS] if ev.event != "tricks" else list(ev.__pydantic_extra__)
        for p in named:
            if p is not None and p not in pair:
                fail(n, f"{p} does not play game {number} ({' and '.join(pair)}): he sits out")


def _no_deal_after_the_win(report: Report, events: list[Event], number: int, fail: Callable[[int, str], None]) -> None:
    """A game won: the next begins with `new_game`, not with another deal."""
    for n in report.ignored_events:
        if events[n - 1].event in STARTS:
            fail(n, f"game {number} is won: the next game begins with new_game")
