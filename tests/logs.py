"""Beginnings of logs shared by the tests: a deal with every card named, up to the proposal."""

PROPOSED = """ecarte: 1
players: [A, Y]
dealer: A
events:
  - deal: {to: Y, cards: [7D, 8D, 9S]}
  - deal: {to: A, cards: [7C, JC, 10H]}
  - deal: {to: Y, cards: [QH, KS]}
  - deal: {to: A, cards: [9H, 7S]}
  - turn_up: {card: 8C}
  - propose: {by: Y}
"""


def dealt_by_count(turn_up: str) -> str:
    """A deal recorded by counts only, A dealing, up to the turn-up of `turn_up`."""
    return f"""ecarte: 1
players: [A, Y]
dealer: A
events:
  - deal: {{to: Y, count: 3}}
  - deal: {{to: A, count: 3}}
  - deal: {{to: Y, count: 2}}
  - deal: {{to: A, count: 2}}
  - turn_up: {{card: {turn_up}}}
"""
