"""A front door, learning the laws: `explain` (why a ruling is what it is), `quiz`, and the
offline HTML book (`book`); the table at a moment as data (`snapshot`), drawn in a terminal
(`table_text`) or as SVG (`svg`). May import layers 1 to 4; no other front door. Exports
`explain.to_text`, `explain.to_json`, `quiz.Quiz`, `book.build`.
"""
