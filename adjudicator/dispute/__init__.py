"""A front door, the dispute at the table (`ecarte resolve`): an interview generated from the law
book's cases (`resolve`), the log it tells for the answers given (`situation`), the ruling told
as a player needs it (`telling`), and its terminal front end (`terminal`). May import layers 1
to 4; no other front door. Exports `resolve.Resolve`, `terminal.resolve`.
"""
