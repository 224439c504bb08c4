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
