"""Layer 4, the words: everything a person reads, from the vocabulary files of laws/words/.

The vocabulary (`vocabulary`: facts, irregularities, options, roles, events), a report in words
(`report`), why each point was scored (`scores`), `explain`'s own words (`explaining`), the rule
sets' (`rules`), the law book's views and search (`lawviews`,
`search`), laws side by side (`compare`), prose wrapped to a terminal (`textwidth`), and the
asking of questions, to a program in JSON Lines or to a person at a terminal (`interview`).
May import the layers below; no front door. Exports `vocabulary.default_words`,
`report.report_text`, `interview.run_json`, `interview.run_terminal`.
"""
