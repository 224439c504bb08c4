"""A front door, archive checking (`ecarte validate`): the files, folders and JSON Lines archives
to read (`files`), the lean scan or the full replay for each game, several processes at once
(`parallel`), the summary by law and irregularity (`summary`) and a progress bar (`progress`).
May import layers 1 to 4; no other front door. Exports `files.items`, `files.check`,
`parallel.results`, `summary.Summary`.
"""
