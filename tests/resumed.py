"""The differential check of the replay resumed after the deals the lean scan found clean
(`engine.scan.Prefix`, `Replay.resume`): its answer is the full replay's, key for key."""
from __future__ import annotations

import json

from adjudicator.engine.adjudicate import adjudicate_text
from adjudicator.engine.scan import Prefix, scan_read
from adjudicator.lawbook.laws import default_book
from adjudicator.record.source import LogError
from adjudicator.words.report import report_json

SCORING = default_book().scoring


def answer(text: str, source: str, prefix: Prefix | None) -> str:
    """What `validate --json` says of a log the scan doubted: its report, or its problems."""
    try:
        report = adjudicate_text(text, source, prefix=prefix)
    except LogError as e:
        return json.dumps(e.problems)
    return json.dumps(report_json(report), ensure_ascii=False)


def resumed_agrees(text: str, source: str = "t") -> bool:
    """Checks that where the scan doubted a deal after clean ones, the replay resumed there
    answers as the full replay does (the text and its bytes giving the same prefix); whether
    there was a prefix to resume from."""
    found, _, prefix = scan_read(text, source, SCORING)
    assert scan_read(text.encode("utf-8", "surrogatepass"), source, SCORING)[2] == prefix, text
    if found is not None or prefix is None:
        return False
    assert answer(text, source, prefix) == answer(text, source, None), text
    return True
