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
is found and reported unreadable, with the reason. Both are told to `Recoveries` as they happen
(`Watch` follows the scheduler's events). What no retry mends ends the run with `RunFailed`
(exit status 3): no live worker for `worker_timeout` seconds, workers that cannot import this
package, an input the workers cannot open (local paths go to them made absolute). Dask's own
log lines are kept off the terminal: what matters is said in the project's words.

With `out_dir`, each worker writes its partition's lines to `part-NNNNNN.jsonl` (`.txt` for the
plain output) in that folder (local or on a shared filesystem) instead of sending them back:
`cat DIR/part-*` is one job's output.
"""
from __future__ import annotations

import logging
import warnings
import os
import queue
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import Any

from . import parallel
from .files import Item, Skipped, tune_gc
from .parallel import Batch, Task
from .recoveries import Recoveries, RunFailed, plural
from .summary import Summary
from ..record.source import is_url, open_log
from ..record.writing import write_text

AHEAD = 3                          # partitions in flight a worker
PARTITION_BYTES = 2 * 1024 * 1024  # of archive lines a partition, about 800 games: few round trips
SCHEMES = ("tcp", "tls", "ws", "wss", "ucx")   # what a Dask client connects over
TICK = 1.0                         # seconds between two looks at the cluster while a partition is awaited


class DaskMissing(Exception):
    """Dask is not installed: `pip install 'ecarte[dask]'`."""


class Unreachable(Exception):
    """The scheduler cannot be reached (exit status 2)."""


class CannotOpen(Exception):
    """A worker cannot open an input that this machine found, or write its part in `--out-dir`
    (raised on the worker; `write` says which)."""

    def __init__(self, path: str, why: str, write: bool = False) -> None:
        super().__init__(path, why, write)
        self.path, self.why, self.write = path, why, write


def address_problem(scheduler: str) -> str | None:
    """Why `scheduler` is not an address a Dask client connects to (`HOST:PORT`, or
    `tcp://HOST:PORT`, tls, ws, wss, ucx), or None. Dask itself wants the port."""
    scheme, sep, place = scheduler.partition("://")
    if not sep:
        scheme, place = "tcp", scheduler
    if scheme not in SCHEMES:
        return f"{scheme}:// is not a scheme Dask connects over ({', '.join(SCHEMES)})"
    host, colon, port = place.rpartition(":")
    if not colon or place.endswith("]"):
        return "it names no port" if place else "it is empty"
    if not host.strip("[]"):
        return "it names no host"
    if not (port.isascii() and port.isdigit() and 0 < int(port) < 65536):
        return f"its port {port!r} is not a number from 1 to 65535" if port else "it names no port"
    return None


def _quiet() -> None:
    """No log line of Dask's (or of its event loop's) on the user's terminal, here or in the
    LocalCluster's workers forked after it: what matters is said in the project's words. Nor the
    warning of a coroutine of its event loop left unawaited when a run is interrupted (^C)."""
    logging.disable(logging.CRITICAL)
    warnings.filterwarnings("ignore", message="coroutine .* was never awaited", category=RuntimeWarning)


def connect(scheduler: str | None, jobs: int) -> tuple[Any, Any]:
    """(client, the LocalCluster started for it or None): the cluster at `scheduler`, else a
    LocalCluster of `jobs` worker processes."""
    try:
        import dask
        from distributed import Client, LocalCluster
    except ImportError:
        raise DaskMissing("the dask engine needs Dask: pip install 'ecarte[dask]'") from None
    _quiet()
    if scheduler is not None:
        try:
            return Client(scheduler, timeout="10s"), None
        except (OSError, TimeoutError):
            raise Unreachable(f"the Dask scheduler {scheduler} cannot be reached in 10 s") from None
        except Exception as e:   # TLS without its certificates, a transport not installed (ucx)
            raise Unreachable(f"the Dask scheduler {scheduler} cannot be connected to "
                              f"({type(e).__name__})") from None
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


def ready(client: Any, worker_timeout: float) -> None:
    """Wait up to `worker_timeout` seconds for a worker; RunFailed if none joins, or if a worker
    cannot import this package (it would die on its first partition, and the next in its place)."""
    from importlib.util import find_spec
    try:
        client.wait_for_workers(1, timeout=worker_timeout)
    except TimeoutError:
        raise RunFailed(f"no Dask worker joined the scheduler in {worker_timeout:g} s") from None
    found = client.run(find_spec, __name__.split(".")[0], on_error="return")
    lacking = sorted(w for w, spec in found.items() if spec is None or isinstance(spec, BaseException))
    if lacking:
        raise RunFailed(f"{plural(len(lacking), 'Dask worker')} cannot import the {__name__.split('.')[0]} package "
                        f"({', '.join(lacking)}): install ecarte where the workers run "
                        "(pip install 'ecarte[dask]'), in the Python that runs them")


class Watch:
    """The cluster looked at while a partition is awaited: each worker lost (the scheduler's
    events) told to `recoveries` with the partitions of ours it held, and RunFailed once no
    worker has been alive, or the scheduler reachable, for `worker_timeout` seconds."""

    def __init__(self, client: Any, worker_timeout: float, recoveries: Recoveries) -> None:
        self.client, self.timeout, self.recoveries = client, worker_timeout, recoveries
        self.keys: dict[str, int] = {}   # our partitions' keys, and their numbers (a few bytes each)
        self.events: queue.SimpleQueue = queue.SimpleQueue()
        self.since: float | None = None   # when the cluster was first seen without a worker
        client.subscribe_topic("all", self.events.put)

    def result(self, future: Any) -> Any:
        """The future's result, the cluster looked at every TICK seconds while it is awaited."""
        while True:
            try:
                answer = future.result(timeout=TICK)
            except TimeoutError:
                self.look()
            else:
                self.said()
                return answer

    def look(self) -> None:
        self.said()
        try:
            alive = len(self.client.scheduler_info()["workers"])
            why = "no live Dask worker"
        except Exception:   # the scheduler gone, or not answering
            alive, why = 0, "the Dask scheduler cannot be reached"
        if alive:
            self.since = None
        elif self.since is None:
            self.since = time.monotonic()
        elif time.monotonic() - self.since >= self.timeout:
            raise RunFailed(f"{why} for {self.timeout:g} s")

    def said(self) -> None:
        """The scheduler's events so far: each worker removed, and which of our partitions it
        held (the scheduler runs them again elsewhere)."""
        while True:
            try:
                _, event = self.events.get_nowait()
            except queue.Empty:
                return
            if not isinstance(event, dict) or event.get("action") != "remove-worker":
                continue
            ours = sorted(self.keys[k] for k in {*event.get("processing-tasks", ()), *event.get("lost-computed-tasks", ())}
                          if k in self.keys)
            which = f"; its partition{'s' if len(ours) != 1 else ''} {', '.join(map(str, ours))} run again" if ours else ""
            if event.get("expected"):
                if ours:
                    self.recoveries.partitions_rerun += len(ours)
                    self.recoveries.say(f"the Dask worker {event.get('worker')} left{which}")
                continue
            self.recoveries.worker_lost(f"the Dask worker {event.get('worker')} was lost{which}", len(ours))


def disconnect(client: Any, cluster: Any) -> None:
    """The client closed, and the LocalCluster it started, if any; logging as it was."""
    client.close()
    if cluster is not None:
        cluster.close()
    logging.disable(logging.NOTSET)


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
    if task.items is None and task.where:   # a file this machine found: said plainly if the worker cannot open it
        try:
            open_log(task.where).close()
        except OSError as e:
            raise CannotOpen(task.where, e.strerror or str(e)) from None
    return _finished(parallel.run_task(task, render), index, out_dir, suffix)


_tuned = False   # this worker's collector tuned for the replay (files.tune_gc)


def _finished(batch: Batch, index: int, out_dir: str | None, suffix: str) -> tuple[str, Summary, int, int]:
    text, clean, problems, size = batch
    summary = Summary.of(clean, problems)
    if out_dir is not None:
        try:
            _write(out_dir, index, suffix, text)
        except OSError as e:
            raise CannotOpen(out_dir, e.strerror or str(e), write=True) from None
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
            out_dir: str | None = None, suffix: str = ".jsonl", skipped: Skipped | None = None,
            recoveries: Recoveries | None = None, worker_timeout: float = 60) -> Iterator[tuple[str, Summary, int, int]]:
    """(output text, its games' summary, games, bytes) for each partition in input order: the
    caller merges the summaries (`summary.Tree`), so that on ^C it holds those of the lines it
    has written. Workers lost and partitions run again are told to `recoveries`; RunFailed
    ends a run that no worker can carry on (`Watch`, `ready`)."""
    from distributed import CancelledError, KilledWorker
    recoveries = recoveries if recoveries is not None else Recoveries()
    if out_dir is not None and not is_url(out_dir):   # the workers' own folder is not this one
        out_dir = os.path.abspath(out_dir)
    ready(client, worker_timeout)
    watch = Watch(client, worker_timeout, recoveries)
    workers = max(1, len(client.scheduler_info().get("workers", {})))
    work = enumerate(parallel.tasks(paths, PARTITION_BYTES, skipped))
    window: deque = deque()

    def submit() -> bool:
        nxt = next(work, None)
        if nxt is None:
            return False
        index, task = nxt
        if task.items is None and not is_url(task.path):   # a worker's own folder is not this one
            task = replace(task, where=os.path.abspath(task.path))
        future = client.submit(partition, task, render, index, out_dir, suffix, pure=False)
        watch.keys[future.key] = index + 1
        window.append((index, task, future))
        return True

    while len(window) < AHEAD * workers and submit():
        pass
    while window:
        index, task, future = window.popleft()
        try:
            try:
                text, summary, games, size = watch.result(future)
            except KilledWorker:   # it killed its workers: judged alone here, as --jobs does
                watch.said()
                recoveries.rerun(f"partition {index + 1} ({_where(task)}) killed the Dask workers that ran it: "
                                 "run again here, alone")
                text, summary, games, size = _finished(parallel.alone(task, render), index, out_dir, suffix)
        except CannotOpen as e:
            text, summary, games, size = _unopened(task, e, render, index, out_dir, suffix)
        except CancelledError:
            raise RunFailed("the connection to the Dask scheduler was lost: the work it held is gone") from None
        future.release()
        yield text, summary, games, size
        submit()
    watch.said()


def _where(task: Task) -> str:
    """`a.jsonl from line 801`, or the file's name."""
    return f"{task.path} from line {task.first:,}" if task.end else task.path


def _unopened(task: Task, e: CannotOpen, render: Callable[[Iterable[Item]], Batch], index: int,
              out_dir: str | None, suffix: str) -> tuple[str, Summary, int, int]:
    """A file the worker could not open: unreadable, as one job says, if this machine cannot
    open it either (gone since it was found); else the workers do not see this machine's files
    (nor, for a part they cannot write, its folder)."""
    if e.write:
        raise RunFailed(f"the Dask workers cannot write their parts in {e.path} ({e.why}): give --out-dir a "
                        "folder they can write (a filesystem they share, or a URL)")
    try:
        open_log(task.where).close()
    except OSError:
        return _finished(parallel.run_task(task, render), index, out_dir, suffix)
    raise RunFailed(f"the Dask workers cannot open {e.path} ({e.why}), which this machine reads: give them "
                    "the input at that path (a filesystem they share) or as a URL they can read")
