"""`python -m adjudicator.generate N [--seed S] [--expect] [--irregular P] [--rules NAME]
[--option KEY=VALUE]...`: random legal games as logs, one JSON line each, under any rule set
and options (RULESETS.md): doubles, offers of the point, pools and linked matches as the
options turn them on. The generator itself is `engine.generate_games` (over `engine.generate`
and `engine.generate_variants`); the rule set and options are read as every command's `--rules`
and `--option` read them (`lawbook.rulesets.chosen`): an unknown one, or a value of the wrong
type, is exit status 2 with a "did you mean"."""
from __future__ import annotations

import argparse
import sys
import textwrap

from .engine.generate import dumps, with_expect
from .engine.generate_games import games
from .lawbook.rulesets import chosen, parse_option

PROG = "python -m adjudicator.generate"
DESCRIPTION = ("Random legal games of écarté as logs, one JSON line each (an archive for ecarte validate), "
               "under any rule set and options: doubles, offers of the point, pools and linked matches "
               "as the options turn them on.")
EXAMPLES = ("examples:\n  python -m adjudicator.generate 1000 --seed 7 > games.jsonl\n"
            "  python -m adjudicator.generate 200 --rules french --option doubling=true > french.jsonl")


def main(argv: list[str] | None = None) -> None:
    """JSON Lines on stdout; exit status 2 with a message for a wrong argument."""
    parser = argparse.ArgumentParser(prog=PROG, description=textwrap.fill(DESCRIPTION, 78), epilog=EXAMPLES,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("n", type=int, metavar="N", help="how many games")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="the random seed: the same seed, the same games (default 0)")
    parser.add_argument("--expect", action="store_true", help="add to each game what it should come to (its `expect`)")
    parser.add_argument("--irregular", type=float, default=0.0, metavar="P",
                        help="the chance, from 0 to 1, that a deal is dealt with a wrong number, then claimed; "
                             "with a variant on, also doubles and offers out of time or unanswered (default 0: clean games)")
    parser.add_argument("--rules", metavar="NAME", default=None,
                        help="the rule set: cavendish (the default), french, modern (`ecarte rules`)")
    parser.add_argument("--option", metavar="KEY=VALUE", action="append", default=[],
                        help="an option of RULESETS.md (again for more), e.g. ace_high=true, doubling=true")
    args = parser.parse_args(argv)
    if args.n < 0:
        parser.error("N is a number of games, 0 or more")
    if not 0 <= args.irregular <= 1:
        parser.error("--irregular is a chance, from 0 to 1")
    try:
        given = dict(parse_option(text) for text in args.option)
        rules = chosen(args.rules, args.option)
    except ValueError as e:
        parser.exit(2, f"{PROG}: error: {e}\n")
    for log, expected in games(args.n, args.seed, args.irregular, rules.rules, given):
        if args.expect:
            log = with_expect(log, expected)
        sys.stdout.write(dumps(log) + "\n")


if __name__ == "__main__":
    main()
