"""The generator's front: n varied games under any rule set and its variants, as logs with what
each must come to, or as an archive's JSON lines. A plain game is `generate`'s, a game with
doubles or offers, a pool or a linked match `generate_variants`' (which plays with `generate`'s
table: the two import one way only, through here).
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from .generate import VALUES, Expected, LogJson, RulesOfPlay, dumps, random_game, several
from .generate_variants import variant_game
from ..lawbook.rulesets import DEFAULT


def games(n: int, seed: int, irregular: float = 0.0, rules: str = DEFAULT, options: dict[str, Any] | None = None,
          ) -> Iterator[tuple[LogJson, Expected]]:
    """n varied games under `rules` and `options` (ValueError, in words, for a wrong name, option,
    value or combination): mostly five up, some other targets, some treble/double/single, where
    the options given leave the target and the game's value open; doubles, offers, pools and
    linked matches as the options turn them on (`generate_variants`), all clean unless
    `irregular`."""
    given = dict(options or {})
    play = RulesOfPlay.of(rules, given, 3 if given.get("pool") is True else 2)
    stakes = several(play.options)
    vary_value = "game_value" not in given and not play.options.pool and play.options.match == "single"
    rng = random.Random(seed)
    for _ in range(n):
        game_to = given.get("game_to") or (5 if rng.random() < 0.85 else rng.choice((3, 7, 10)))
        value = given.get("game_value") or (rng.choice(VALUES) if game_to == 5 and vary_value else "single")
        if not stakes:
            yield random_game(rng, game_to=game_to, value=value, irregular=irregular, rules=rules, options=given)
            continue
        header = {**given, **({"game_to": game_to} if game_to != 5 else {}),
                  **({"game_value": value} if value != "single" else {})}
        log, expected, _ = variant_game(rng, header, game_to=game_to, irregular=irregular, rules=rules,
                                        clean=not irregular)
        yield log, expected


def archive(n: int, seed: int) -> Iterator[str]:
    """n games as compact JSON lines (no trailing newline)."""
    for log, _ in games(n, seed):
        yield dumps(log)
