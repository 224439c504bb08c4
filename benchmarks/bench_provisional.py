"""What a target reached provisionally costs the full replay (issue 16).

    python benchmarks/bench_provisional.py [--games 300] [--seed 1] [--repeat 5] [--irregular 0.5]

A point reached in a deal stands only when nothing in that deal can still undo it, so a target
reached before the deal's last event is provisional, and a game won so is replayed a second
time knowing it. On irregular generated games (half their deals recorded by counts, claims
after kings at game point), times side by side in every round: the floor (reading and
validating the logs), the replay as it is, and the replay with the old rule (provisional only
while a hidden irregularity the log proves, or an open choice, waits: wrong on these games, the
cost of the new rule set against it). Medians of the rounds, in seconds, and how many games
were replayed twice.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adjudicator.engine.replay import Replay  # noqa: E402
from adjudicator.engine.generate_games import games  # noqa: E402
from adjudicator.record.log import read_text  # noqa: E402


def _old_rule(self: Replay, deal: object) -> bool:
    return any(p.deal is deal for p in self.pending) or \
        any(x.open and x.table is deal for x in self.choosing)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--irregular", type=float, default=0.5)
    args = parser.parse_args()
    texts = [json.dumps(log) for log, _ in games(args.games, args.seed, irregular=args.irregular)]
    new_rule = Replay._may_undo
    twice = 0
    original = Replay._won_at

    def counting(self: Replay, event: int, observe: object) -> object:
        nonlocal twice
        twice += 1
        return original(self, event, observe)

    times: dict[str, list[float]] = {"floor": [], "replay": [], "old rule": []}
    for _ in range(args.repeat):
        start = time.perf_counter()
        logs = [read_text(t, "bench") for t in texts]
        times["floor"].append(time.perf_counter() - start)
        for name, rule in (("replay", new_rule), ("old rule", _old_rule)):
            Replay._may_undo = rule   # type: ignore[method-assign]
            Replay._won_at = counting   # type: ignore[method-assign]
            twice = 0
            start = time.perf_counter()
            for log in logs:
                Replay(log).run()
            times[name].append(time.perf_counter() - start)
            Replay._won_at = original   # type: ignore[method-assign]
            if name == "replay":
                twice_new = twice
        Replay._may_undo = new_rule   # type: ignore[method-assign]
    events = sum(len(json.loads(t)["events"]) for t in texts)
    print(f"{args.games} games (irregular {args.irregular}), {events} events; medians of {args.repeat} rounds")
    for name, values in times.items():
        print(f"  {name:9} {statistics.median(values):7.3f} s")
    print(f"  games replayed a second time (won provisionally): {twice_new} of {args.games}")


if __name__ == "__main__":
    main()
