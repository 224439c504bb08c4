"""A worker that dies as the out-of-memory killer kills, for the tests of `validate --engine
dask` (test_cluster.py, test_cluster_ops.py): a module of its own, so that the workers, which
import what they run by name, import no test module."""
from __future__ import annotations

import os
import signal
from pathlib import Path

from adjudicator.commands import render_batch


def killer(batch, once: tuple[str, str] | None = None, always: tuple[str, ...] = (), **render):
    """Render (as JSON, unless told how), but first die as the out-of-memory killer kills: at the
    line `once[1]` the first time it is seen (the flag file once[0] says it was), at the lines
    `always` every time."""
    for item in batch:
        if item.text is None:
            continue
        if once and item.source.endswith(once[1]) and not os.path.exists(once[0]):
            Path(once[0]).touch()
            os.kill(os.getpid(), signal.SIGKILL)
        if any(item.source.endswith(k) for k in always):
            os.kill(os.getpid(), signal.SIGKILL)
    return render_batch(batch, **(render or {"as_json": True}))
