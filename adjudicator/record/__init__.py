"""Layer 1, the record: the log format and the cards (LOG_FORMAT.md).

Reading a log's bytes (`source`), checking it against the format and turning it into typed
events (`log`), the cards (`cards`), the state of the table during a deal (`table`), the options
of a header (`options`), and the one way every file the tool writes is written, whole or not at
all, and a place to write checked before anything is read (`writing`). (The generator of random
legal logs is the engine's `generate`: it asks the rules of play.) Imports nothing of the
package above it. Exports `log.read_text`, `log.Log`, `source.LogError`, `cards.Card`,
`table.DealOnTable`, `writing.write_text`, `writing.refusal`.
"""
