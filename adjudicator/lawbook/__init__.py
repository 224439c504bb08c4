"""Layer 2, the law book as data: the rule files of laws/ (each law's text, its cases with their
`when:`, options and remedies, the scoring tables), their schema and loading (`laws`), the facts a
case may test (`facts`), the parsed book's cache (`cache`), the scoring table for the lean scan
(`scoring`), where the data lives (`places`) and the scenarios (`scenarios`). May import the
record; nothing above. Exports `laws.default_book`, `laws.LawBook`, `cache.LawBookError`.
"""
