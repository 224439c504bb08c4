"""A front door, archive checking (`ecarte validate`): the files, folders and JSON Lines archives
to read (`files`), the lean scan or the full replay for each game, several processes at once
(`parallel`), the summary by law and irregularity (`summary`), a progress bar and the signals
that end a run (`progress`), and what a run leaves in `--out-dir` (`outdir`).
May import layers 1 to 4; no other front door. Exports `files.items`, `files.check`,
`parallel.results`, `summary.Summary`.
"""
