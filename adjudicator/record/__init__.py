"""Layer 1, the record: the log format and the cards (LOG_FORMAT.md).

Reading a log's bytes (`source`), checking it against the format and turning it into typed
events (`log`), the cards (`cards`), the state of the table during a deal (`table`), and the
options of a header (`options`). (The generator of random legal logs is the engine's
`generate`: it asks the rules of play.) Imports nothing
of the package above it. Exports `log.read_text`, `log.Log`, `source.LogError`, `cards.Card`,
`table.Deal`.
"""
