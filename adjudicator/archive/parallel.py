"""`validate --jobs N`: many logs checked by N worker processes, the answers in input order.

The main process only cuts the work into tasks: a regular `.jsonl` archive into byte ranges of
many lines (it finds line boundaries at C speed and never decodes a line), any other file into
a task of its own. What cannot be cut by bytes, standard input (`-`), a pipe, a compressed
archive, the main process reads itself, a line at a time, and hands the logs on a batch at a
time (TASK_ITEMS logs or TASK_BYTES of text, whichever comes first): checking a log costs far
more than reading it, so one reader keeps N workers busy. Each worker reads its own range, checks its logs and renders their output
lines. At most a few tasks a worker are in flight, so memory stays flat however long the archive.
A worker that dies (killed, out of memory) costs only the log it was checking: its task is
run again alone, halved until the log that kills is found, and that log is reported as
unreadable with the reason.
"""
from __future__ import annotations

import os
import queue
import signal
import stat
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from multiprocessing import get_context
from typing import Any

from .files import Item, Skipped, archive_kind, file_items, files, line_items
from .live import ahead, batches, is_live
from .progress import SIGNALS
from .recoveries import Recoveries, plural
from ..record.source import is_url, open_log

TASK_BYTES = 256 * 1024    # of archive lines a task, about 100 games
TASK_ITEMS = 128           # logs a task, when the main process must read them (a pipe, stdin)
AHEAD = 3                  # tasks in flight a worker
PR_SET_PDEATHSIG = 1       # Linux's prctl: the signal a process gets when its parent ends

Batch = tuple   # what `render` makes of some Items: (output text, clean games, problems, bytes)


@dataclass(frozen=True)
class Task:
    """A piece of the work: lines `first`... of an archive between two byte offsets, one file,
    or logs the main process has read."""

    path: str = ""
    start: int = 0
    end: int = 0
    first: int = 0
    items: tuple[Item, ...] | None = None   # logs already read (or a file to read: path, no end)
    where: str = ""   # where the file is opened, if not at `path` (absolute, for a Dask worker)


def tasks(paths: list[str], task_bytes: int | None = None, skipped: Skipped | None = None) -> Iterator[Task]:
    """The work, in input order (an archive cut every `task_bytes`, TASK_BYTES by default; what
    is passed over goes in `skipped`)."""
    for f, problem in files(paths, skipped):
        kind = archive_kind(f) if f != "-" else "stdin"
        if problem is not None:
            yield Task(items=(Item(f, None, problem),))
        elif kind is None:
            yield Task(f)
        elif kind:   # standard input, or compressed
            yield from read_here(f)
        else:
            yield from _archive(f, task_bytes or TASK_BYTES)


def read_here(path: str) -> Iterator[Task]:
    """The logs of a file read by this process, in batches of TASK_ITEMS logs or TASK_BYTES of
    text (memory stays flat however long the stream); from standard input or a pipe, a batch is
    what has come by now, so that a game is answered as soon as it is read."""
    if is_live(path):
        for items in batches(file_items(path), TASK_ITEMS, TASK_BYTES):
            yield Task(items=tuple(items))
        return
    batch: list[Item] = []
    size = 0
    for item in file_items(path):
        batch.append(item)
        size += len(item.text or "")
        if len(batch) == TASK_ITEMS or size >= TASK_BYTES:
            yield Task(items=tuple(batch))
            batch, size = [], 0
    if batch:
        yield Task(items=tuple(batch))


def _archive(path: str, task_bytes: int) -> Iterator[Task]:
    """A `.jsonl` archive cut at line boundaries; one that is not a regular file (a pipe) is read
    here, as one job would."""
    try:
        regular = is_url(path) or stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        regular = False
    if not regular:
        yield from read_here(path)
        return
    start = pos = 0
    line = 1
    try:
        with open_log(path) as f:
            while block := f.read(task_bytes):
                cut = block.rfind(b"\n")
                if cut >= 0:
                    yield Task(path, start, pos + cut + 1, line)
                    line += block.count(b"\n", 0, cut + 1)
                    start = pos + cut + 1
                pos += len(block)
    except OSError as e:
        yield Task(items=(Item(path, None, e.strerror or str(e)),))
        return
    if start < pos:
        yield Task(path, start, pos, line)


def run_task(task: Task, render: Callable[[Iterable[Item]], Batch]) -> Batch:
    """A task's answers (in a worker)."""
    if task.items is not None:
        return render(task.items)
    if not task.end:
        return render(file_items(task.path, task.where))
    try:
        with open_log(task.where or task.path) as f:
            f.seek(task.start)
            return render(list(line_items(task.path, f, task.first, task.end)))
    except OSError as e:
        return render([Item(task.path, None, e.strerror or str(e))])


def merge(batches: list[Batch]) -> Batch:
    """Answers of consecutive pieces of work as one."""
    return ("".join(b[0] for b in batches), sum(b[1] for b in batches),
            [p for b in batches for p in b[2]], sum(b[3] for b in batches))


def results(paths: list[str], jobs: int, render: Callable[[Iterable[Item]], Batch],
            skipped: Skipped | None = None, work: Iterator[Task] | None = None,
            recoveries: Recoveries | None = None) -> Iterator[Batch]:
    """The answers, task by task in input order, from `jobs` worker processes (of the paths'
    `tasks`, or of `work`: those left to do, `--resume`).

    A worker may die at any moment: while tasks are handed out as well as while answers are
    collected. Every death shows as a broken future (`_submit` never raises), met in one place:
    the task waited on is run again alone, and the others in flight go to a new pool; one caught
    in flight by a second death is run alone too, so a log that kills every worker costs a few
    restarts, not one a task. Each death is told to `recoveries`."""
    recoveries = recoveries if recoveries is not None else Recoveries()
    context = get_context("fork" if hasattr(os, "fork") else "spawn")
    pool = _pool(jobs, context)   # its workers forked before the reader's thread starts
    workers = _workers(pool)
    work = ahead(work if work is not None else tasks(paths, skipped=skipped), AHEAD * jobs)   # read by a thread: answers are given while input is awaited
    window: deque = deque()   # (task, its future or None: to run alone, the deaths it has seen)
    done: queue.SimpleQueue = queue.SimpleQueue()   # the futures as they end (put by the pool's thread)
    ended: set[Future] = set()
    try:
        while True:
            if not window:
                task = next(work, None)
                if task is None:
                    break
                window.append((task, _submit(pool, task, render, done), 0))
            while len(window) < AHEAD * jobs and (task := work.ready()) is not None:
                window.append((task, _submit(pool, task, render, done), 0))
            task, future, deaths = window.popleft()
            try:
                if future is None:
                    answers = _alone(task, render, context)
                else:
                    while future not in ended:   # waited on here, where ^C may fall at any moment
                        ended.add(done.get())
                    ended.discard(future)
                    with _uninterrupted():
                        answers = future.result()
            except BrokenProcessPool:   # a worker died: this task's, or another's in flight
                _abandon(pool)
                why = _who_died(workers)
                pool = _pool(jobs, context)
                workers = _workers(pool)
                rerun = 1 + sum(not _answered(f) for _, f, _ in window)
                recoveries.worker_lost(f"a worker process died{why}: {plural(rerun, 'partition')} run again", rerun)
                answers = _alone(task, render, context)
                with _uninterrupted():
                    window = deque((t, f if _answered(f) else None if d else _submit(pool, t, render, done), d + 1)
                                   for t, f, d in window)
            yield answers
    except BaseException:   # ^C, or the answers no longer wanted (a closed pipe): no waiting for the workers
        _abandon(pool)
        raise
    pool.shutdown(wait=True)


def _workers(pool: ProcessPoolExecutor) -> list:
    """The pool's worker processes (all started by `_pool`)."""
    return list((getattr(pool, "_processes", None) or {}).values())


def _who_died(workers: list) -> str:
    """` (SIGKILL: ...)`: how the worker that broke the pool ended, where it shows (once the
    pool is abandoned: the others are ended with SIGTERM); "" where it does not."""
    deadline = time.monotonic() + 1   # a second in all, however many workers
    for process in workers:
        process.join(timeout=max(0.0, deadline - time.monotonic()))
        code = process.exitcode
        if code is not None and code != -signal.SIGTERM:
            return f" ({_death(code)})"
    return ""


def _abandon(pool: ProcessPoolExecutor) -> None:
    """The pool given up at once (a worker died, ^C, a closed pipe): its workers ended, their
    tasks dropped, and its thread sure to end.

    A worker ended while it sends its answers leaves half a message in the pipe, and the
    pool's thread waits for the rest for ever, holding up the exit (CPython joins that thread
    before a process ends). With this process's copy of the pipe's writing end closed, once the
    workers are gone the thread reads the pipe's end instead, finds the pool broken, and winds it
    up; it is waited on a few seconds at most."""
    with _uninterrupted():
        _let_go(pool)


def _let_go(pool: ProcessPoolExecutor) -> None:
    answers = getattr(pool, "_result_queue", None)
    thread = getattr(pool, "_executor_manager_thread", None)
    workers = list((getattr(pool, "_processes", None) or {}).values())
    terminate = getattr(pool, "terminate_workers", None)   # Python 3.14
    if terminate is not None:
        terminate()
    else:
        pool.shutdown(wait=False, cancel_futures=True)
        for process in workers:
            process.terminate()
    if answers is not None:
        answers._writer.close()
    if thread is not None:
        thread.join(timeout=5)


def _pool(jobs: int, context: Any) -> ProcessPoolExecutor:
    """Workers that leave ^C to the main process, which stops them (no traceback from each),
    started at once: forked, they are all started by the first task handed to the pool, and a
    fork while another thread of this process holds a lock leaves it held in the child. (Forks
    after a death meet the reader's thread, which imports nothing: adjudicator/archive/files.py.)"""
    pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=as_worker, initargs=(os.getpid(),))
    pool.submit(int)   # a task that forks every worker now
    return pool


def as_worker(parent: int) -> None:
    """A worker's start: ^C ignored (the main process answers it and stops the workers), SIGTERM
    and SIGHUP back to their default, ending it at once (the main process's handlers, which end
    a run as ^C does, come with the fork), and on Linux the worker killed as soon as the main
    process ends, however it ends (`kill -9` too: PR_SET_PDEATHSIG)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for number in SIGNALS:
        signal.signal(number, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        import ctypes
        try:
            ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):   # no C library to be had: the main process stops its workers itself
            pass
    if os.getppid() != parent:   # it ended before the call above
        os._exit(1)


def _submit(pool: ProcessPoolExecutor, task: Task, render: Callable[[Iterable[Item]], Batch],
            done: queue.SimpleQueue) -> Future:
    """The task handed to the pool, its future put in `done` when it ends; a pool already broken
    gives a future that says so."""
    with _uninterrupted():
        try:
            future = pool.submit(run_task, task, render)
        except BrokenProcessPool as e:
            future = Future()
            future.set_exception(e)
        future.add_done_callback(done.put)
    return future


@contextmanager
def _uninterrupted() -> Iterator[None]:
    """^C (and SIGTERM, SIGHUP, which end a run as it does) held off for the length of a call into
    the pool's bookkeeping, and raised as soon as it returns: a KeyboardInterrupt inside it can
    leave one of the pool's locks taken, and the pool's thread (and so the exit, which waits on
    it) waiting for ever. The long waits are not in the pool's code: a future is awaited on a
    queue of ended futures, which ^C cannot harm."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {n: h for n in (signal.SIGINT, *SIGNALS) if callable(h := signal.getsignal(n))}
    caught: list[tuple[int, Any]] = []
    for number in before:
        signal.signal(number, lambda number, frame: caught.append((number, frame)))
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)
    if caught:
        before[caught[0][0]](*caught[0])


def _answered(future: Future | None) -> bool:
    """Whether the task's answers came back before a worker died (they stand)."""
    return future is not None and future.done() and not future.cancelled() and future.exception() is None


def alone(task: Task, render: Callable[[Iterable[Item]], Batch]) -> Batch:
    """A task whose worker died (here or on a cluster), judged as `results` judges one: run in a
    process of its own, halved until the log that kills it is found."""
    return _alone(task, render, get_context("fork" if hasattr(os, "fork") else "spawn"))


def _alone(task: Task, render: Callable[[Iterable[Item]], Batch], context: Any) -> Batch:
    """The task run again in a process of its own; if that dies too, halved until the one log
    that kills its process is found and reported as unreadable, with the reason."""
    answers, died = _in_own_process(task, render, context)
    if answers is not None:
        return answers
    parts = _halves(task)
    if parts is None:   # one log
        source = task.items[0].source if task.items else f"{task.path}:{task.first}" if task.end else task.path
        return render([Item(source, None, f"the process checking it died ({died})")])
    return merge([_alone(part, render, context) for part in parts])


def _in_own_process(task: Task, render: Callable[[Iterable[Item]], Batch],
                    context: Any) -> tuple[Batch, None] | tuple[None, str]:
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(send, task, render, os.getpid()), daemon=True)
    process.start()
    send.close()
    try:
        answers = receive.recv()
    except EOFError:
        answers = None
    except BaseException:   # ^C: the process is stopped with the rest
        process.terminate()
        raise
    process.join()
    if answers is not None and process.exitcode == 0:
        return answers, None
    return None, _death(process.exitcode)


def _child(send: Any, task: Task, render: Callable[[Iterable[Item]], Batch], parent: int) -> None:
    as_worker(parent)   # ^C is the main process's to answer, as in the pool; it ends with the main process
    send.send(run_task(task, render))
    send.close()


def _death(code: int | None) -> str:
    if code is not None and code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        why = ": killed, perhaps for want of memory" if -code == signal.SIGKILL else ""
        return f"{name}{why}"
    return f"exit status {code}"


def _halves(task: Task) -> tuple[Task, Task] | None:
    """The task cut in two at a line boundary; None when it holds one log."""
    if task.items is not None:
        if len(task.items) < 2:
            return None
        mid = len(task.items) // 2
        return Task(items=task.items[:mid]), Task(items=task.items[mid:])
    if not task.end:
        return None
    with open_log(task.where or task.path) as f:
        f.seek(task.start)
        data = f.read(task.end - task.start)
    middle = data.find(b"\n", len(data) // 2)
    if middle < 0 or middle + 1 >= len(data):
        middle = data.rfind(b"\n", 0, len(data) - 1)
    if middle < 0:
        return None
    cut = task.start + middle + 1
    return (replace(task, end=cut), replace(task, start=cut, first=task.first + data.count(b"\n", 0, middle + 1)))
