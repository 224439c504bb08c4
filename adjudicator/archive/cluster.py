"""`validate --engine dask`: the same check on a Dask cluster (`pip install 'ecarte[dask]'`).

The work is cut as for `--jobs` (adjudicator/archive/parallel.py): a `.jsonl` archive into byte
ranges on line boundaries, any other file a task of its own; the paths may be on any
filesystem fsspec reads (source.open_log). Each partition is checked on a worker, which renders
its output lines and a summary of its games (a bounded value: counts and first examples). The
client takes the partitions in input order, a few a worker in flight, so the output is byte for
byte one job's and memory stays flat; the summaries are merged as a tree as they come
(`summary.Tree`, a binary counter: never more than log2 of them held), the result equal to one
job's, and on ^C that of the lines written so far.

A worker lost mid-run costs nothing: the scheduler gives its partitions to another worker.
A partition that has killed workers too often (Dask's KilledWorker) is run again by the client
as `--jobs` runs a task whose worker died: alone, halved until the log that kills its process
is found and reported unreadable, with the reason.

With `out_dir`, each worker writes its partition's lines to `part-NNNNNN.jsonl` (`.txt` for the
plain output) in that folder (local or on a shared filesystem) instead of sending them back:
`cat DIR/part-*` is one job's output.
"""
from __future__ import annotations

import logging
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from . import parallel
from .files import Item, Skipped, tune_gc
from .parallel import Batch, Task
from .summary import Summary
from ..record.source import is_url
from ..record.writing import write_text

AHEAD = 3                          # partitions in flight a worker
PARTITION_BYTES = 2 * 1024 * 1024  # of archive lines a partition, about 800 games: few round trips


class DaskMissing(Exception):
    """Dask is not installed: `pip install 'ecarte[dask]'`."""


def connect(scheduler: str | None, jobs: int) -> tuple[Any, Any]:
    """(client, the LocalCluster started for it or None): the cluster at `scheduler`, else a
    LocalCluster of `jobs` worker processes."""
    try:
        import dask
        from distributed import Client, LocalCluster
    except ImportError:
        raise DaskMissing("the dask engine needs Dask: pip install 'ecarte[dask]'") from None
    if scheduler is not None:
        return Client(scheduler, timeout="10s"), None
    # a worker lost once is replaced and its partitions retried; one lost twice on the same
    # partition is judged here, as --jobs judges it (cheaper than Dask's three retries). The
    # workers are forked: they start with this process's modules, not a second import of all
    # (on a busy machine, a second instead of ten). No dashboard is served, so nothing samples
    # the workers' stacks for its profile (every 10 ms), and the checks of the event loops and
    # of memory come less often: some 5% of a run, in the workers' time
    with dask.config.set({"distributed.scheduler.allowed-failures": 1,
                          "distributed.worker.multiprocessing-method": "fork" if hasattr(os, "fork") else "spawn",
                          "distributed.worker.profile.enabled": False, "distributed.admin.tick.interval": "1s",
                          "distributed.admin.system-monitor.interval": "2s",
                          "distributed.worker.memory.monitor-interval": "1s"}):
        cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True,
                               dashboard_address=":0", worker_dashboard_address=None,
                               silence_logs=logging.CRITICAL)
    return Client(cluster), cluster


def disconnect(client: Any, cluster: Any) -> None:
    """The client closed, and the LocalCluster it started, if any."""
    client.close()
    if cluster is not None:
        cluster.close()


def make_folder(out_dir: str) -> None:
    """The folder the workers write into, made if need be (an OSError if it cannot be)."""
    if is_url(out_dir):
        import fsspec
        fs, root = fsspec.core.url_to_fs(out_dir)
        fs.makedirs(root, exist_ok=True)
    else:
        os.makedirs(out_dir, exist_ok=True)


def partition(task: Task, render: Callable[[Iterable[Item]], Batch], index: int,
              out_dir: str | None, suffix: str) -> tuple[str, Summary, int, int]:
    """One partition checked (on a worker): (its output text, or "" once written to `out_dir`;
    its summary; its games; its bytes)."""
    global _tuned
    if not _tuned:
        tune_gc()
        _tuned = True
    return _finished(parallel.run_task(task, render), index, out_dir, suffix)


_tuned = False   # this worker's collector tuned for the replay (files.tune_gc)


def _finished(batch: Batch, index: int, out_dir: str | None, suffix: str) -> tuple[str, Summary, int, int]:
    text, clean, problems, size = batch
    summary = Summary.of(clean, problems)
    if out_dir is not None:
        _write(out_dir, index, suffix, text)
        text = ""
    return text, summary, summary.games, size


def _write(out_dir: str, index: int, suffix: str, text: str) -> None:
    name = f"part-{index:06d}{suffix}"
    if is_url(out_dir):
        import fsspec
        with fsspec.open(f"{out_dir.rstrip('/')}/{name}", "w", encoding="utf-8") as f:
            f.write(text)
    else:   # whole or not at all: a worker lost mid-write leaves no half part for the retry to meet
        write_text(os.path.join(out_dir, name), text)


def results(paths: list[str], render: Callable[[Iterable[Item]], Batch], client: Any,
            out_dir: str | None = None, suffix: str = ".jsonl",
            skipped: Skipped | None = None) -> Iterator[tuple[str, Summary, int, int]]:
    """(output text, its games' summary, games, bytes) for each partition in input order: the
    caller merges the summaries (`summary.Tree`), so that on ^C it holds those of the lines it
    has written."""
    from distributed import KilledWorker
    workers = max(1, len(client.scheduler_info().get("workers", {})))
    work = enumerate(parallel.tasks(paths, PARTITION_BYTES, skipped))
    window: deque = deque()

    def submit() -> bool:
        nxt = next(work, None)
        if nxt is None:
            return False
        index, task = nxt
        window.append((index, task, client.submit(partition, task, render, index, out_dir, suffix, pure=False)))
        return True

    while len(window) < AHEAD * workers and submit():
        pass
    while window:
        index, task, future = window.popleft()
        try:
            text, summary, games, size = future.result()
        except KilledWorker:   # it killed its workers: judged alone here, as --jobs does
            text, summary, games, size = _finished(parallel.alone(task, render), index, out_dir, suffix)
        future.release()
        yield text, summary, games, size
        submit()
