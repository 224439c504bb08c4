"""Helpers for the table companion's tests (no test here): a game log read into what players at
the table would tap, deal by deal, and the engine's score after every deal.

What is tapped is read from the log as a player at the table knows it (who dealt, the card turned
up, the proposals and answers, a king announced, a double or an offer, the tricks each took:
the engine's count of them); the score the page must show is the engine's own, `adjudicate`
on the log cut after each deal."""
from __future__ import annotations

import json
from typing import Any

from adjudicator.engine.adjudicate import adjudicate_text

STAKES = {"double": "double", "offer_point": "offer"}


def _first(event: dict) -> tuple[str, dict]:
    (name, fields), = event.items()
    return name, fields or {}


def deals_of(log: dict[str, Any]) -> dict[str, Any]:
    """The players, the agreements (game_to, game_value) and each deal's facts as the page asks
    them: `game` (1, 2... in a pool or a match), `dealer`, `turn` ("KS" or "x"), `answers` ("A"
    accepted, "R" refused, in order), `king` ("n", "d" or None: the king of trumps announced by
    the non-dealer or the dealer), `stake` (None, or "double-n-yes" and the like: who, and
    whether the other accepted), `tricks` ("n3": the non-dealer won three), and `score`: the
    engine's after that deal (the game's two players)."""
    report = adjudicate_text(json.dumps(log))
    assert report.rulings == [], "a clean game is entered at the table"
    events = log["events"]
    starts = [d.first_event for d in report.played] + [len(events) + 1]
    games = [k + 1 for k, n in enumerate(report.game_deals or [report.deals]) for _ in range(n)]
    deals = []
    for i, d in enumerate(report.played):
        span = events[starts[i] - 1: starts[i + 1] - 1]
        names = [_first(e) for e in span]
        cut = next((j for j, (n, _) in enumerate(names) if n == "new_game"), len(names))
        names = names[:cut]
        role = {d.dealer: "d", d.non_dealer: "n"}
        turned = d.turn_up
        fact: dict[str, Any] = {"game": games[i], "dealer": d.dealer, "non_dealer": d.non_dealer,
                                "turn": f"K{turned.suit}" if turned is not None and turned.rank == "K" else "x",
                                "answers": "".join("A" if n == "accept" else "R" for n, _ in names if n in ("accept", "refuse")),
                                "king": next((role[f["by"]] for n, f in names if n == "announce_king"), None),
                                "stake": None, "tricks": None}
        fact["card"] = str(turned) if turned is not None else None
        fact["plays"] = [f["card"] for n, f in names if n == "play"]
        fact["stake_at"] = next((sum(1 for m, _ in names[:j] if m == "play") for j, (n, _) in enumerate(names)
                                 if n in STAKES), None)   # the cards played before the double or the offer
        asked = next(((STAKES[n], f["by"]) for n, f in names if n in STAKES), None)
        answer = next((n for n, _ in names if n.startswith(("accept_", "decline_"))), None)
        if asked is not None and answer is not None:
            fact["stake"] = f"{asked[0]}-{role[asked[1]]}-{'yes' if answer.startswith('accept') else 'no'}"
        won = {p: n for p, n in d.won.items() if n}
        winner = max(d.won, key=lambda p: d.won[p]) if d.won else None
        if winner is not None and d.won[winner] >= 3:
            fact["tricks"] = f"{role[winner]}{d.won[winner]}"
        elif d.bound is not None and won:   # an offer declined, and the offerer took a trick
            fact["tricks"] = f"{role[d.bound[0]]}4"
        deals.append(fact)
    options = log.get("options") or {}
    for i, fact in enumerate(deals):
        cut_at = starts[i + 1] - 1   # the events before the next deal's first, and before a new game
        cut_at = next((k for k in range(starts[i] - 1, cut_at) if _first(events[k])[0] == "new_game"), cut_at)
        part = adjudicate_text(json.dumps({**log, "events": events[:cut_at]}))
        fact["score"] = dict(part.score)
    players = list(log["players"])
    opening = events[0].get("new_game") if events else None
    if opening:   # the page's first game is between its first two players
        players = list(opening["players"]) + [p for p in players if p not in opening["players"]]
    return {"players": players, "game_to": options.get("game_to", 5),
            "game_value": options.get("game_value", "single"), "deals": deals,
            "score": dict(report.score), "winner": report.winner, "champion": report.pool_winner or report.winner, "pool_winner": report.pool_winner}


DRIVE = """
async ([games, pause]) => {
  // enters each game by tapping the page's buttons as the players would: the question shown,
  // the button of its answer; returns each game's score sheet, deal by deal
  window.confirm = () => true;
  const wait = () => new Promise(r => setTimeout(r, pause));
  const click = (sel) => { const b = document.querySelector(sel); if (!b) throw new Error("no " + sel); b.click(); };
  const out = [];
  for (const game of games) {
    if (document.querySelector("#restart") && document.body.dataset.steps !== undefined && document.body.dataset.steps !== "0") click("#restart");
    else if (!document.querySelector('form[data-question="names"]')) click("#restart");
    game.players.forEach((n, i) => { document.getElementById("name" + i).value = n; });
    click('#game-to [data-id="to' + game.game_to + '"]');
    game.players.forEach((n, i) => { document.getElementById("name" + i).value = n; });
    if (document.querySelector("#game-value")) click('#game-value [data-id="' + game.game_value + '"]');
    click('#marks-agree [data-id="' + (game.marks ? "marks" : "page") + '"]');
    game.players.forEach((n, i) => { document.getElementById("name" + i).value = n; });
    click("#start");
    let k = -1, answered = 0, taps = 0, played = 0;
    const done = () => JSON.parse(document.querySelector("#sheet").dataset.deals || "[]").length;
    for (;;) {
      const q = document.querySelector("#screen form").dataset.question;
      if (q === "over") break;
      if (q === "dealer" || q === "next" || q === "turn") { k = done(); answered = 0; played = 0; }
      const d = game.deals[k];
      if (!d) throw new Error("no deal " + k + " for question " + q);
      if (game.bycards) {   // the deal card by card: the turn-up, then each card, a double where it came
        if (q === "turn" && document.querySelector('#screen [data-id="bycards"]')) { click('#screen [data-id="bycards"]'); taps += 1; continue; }
        if (q === "turn") { click('#screen [data-card="' + d.card + '"]'); taps += 1; continue; }
        if (q === "stake" && d.stake !== null && d.stake_at > 0) { click('#screen [data-id="none"]'); taps += 1; continue; }
        if (q === "card") {
          if (d.stake !== null && d.stake_at > 0 && d.stake_at === played && !d.doubled) { d.doubled = true; click('#screen [data-id="' + d.stake + '"]'); taps += 1; continue; }
          click('#screen [data-card="' + d.plays[played++] + '"]'); taps += 1;
          let mark; while ((mark = document.querySelector("#marks [data-mark]"))) { mark.click(); taps += 1; }
          continue;
        }
      }
      const id = q === "dealer" || q === "next" ? d.dealer : q === "turn" ? d.turn
        : q === "propose" ? (answered < d.answers.length ? d.answers[answered++] : "play")
        : q === "king" ? (d.king === null ? "none" : d.king) : q === "stake" ? (d.stake === null ? "none" : d.stake)
        : q === "tricks" ? d.tricks : null;
      if (id === null) throw new Error("question " + q);
      click('#screen [data-id="' + id + '"]');
      taps += 1;
      let mark;   // the players mark each score as soon as it is owed
      while ((mark = document.querySelector("#marks [data-mark]"))) { mark.click(); taps += 1; }
      if (pause) await wait();
    }
    const sheet = JSON.parse(document.querySelector("#sheet").dataset.deals);
    out.push({sheet: sheet, taps: taps, log: window.ecarteTable.log(), score: JSON.parse(document.querySelector("#score").dataset.score),
              champion: document.querySelector("#score").dataset.champion});
  }
  return out;
}
"""
