"""Run: tasks on local worker processes that survive a lost worker and stop at once on Ctrl-C.

``concurrent.futures.ProcessPoolExecutor`` was the local backend of ``sim --jobs`` and ``sweep --workers``,
and it fails both ways a long run meets (issue 28, item 5): one worker killed (``kill -9``, the kernel's
out-of-memory killer) breaks the whole pool, every pending task ends in ``BrokenProcessPool`` and the run is
lost; and Ctrl-C waits for every batch still queued. This pool does what the Dask backend does: it knows
which task each worker holds, so a worker that dies is replaced and its task alone is run again (a task is
a batch of seeded games, so the result is the same), up to :data:`LOSSES` times for one task (then
:class:`WorkerLost`: the task itself kills its worker); and any exception in the parent, Ctrl-C's
``KeyboardInterrupt`` first, kills every worker before it propagates. Workers ignore SIGINT (the terminal
sends it to the whole process group), so Ctrl-C is the parent's to handle and no worker prints a traceback.

Results are handed on as they come and not kept, so memory holds only the tasks in flight.
"""

from __future__ import annotations

import contextlib
import signal
import traceback
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any

LOSSES = 3      # Dask's distributed.scheduler.allowed-failures: a task may lose this many workers


class WorkerLost(RuntimeError):
    """A task's worker died :data:`LOSSES` + 1 times: the task itself is what kills it."""


def _serve(connection: Connection, initializer: Callable[[], None] | None) -> None:
    """A worker: run each ``(fn, args)`` received and send back ``("ok", result)`` or ``("error", exc, tb)``
    until the connection closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if initializer is not None:
        initializer()
    while True:
        try:
            fn, args = connection.recv()
        except (EOFError, OSError):
            return
        try:
            reply: tuple = ("ok", fn(*args))
        except Exception as exc:
            reply = ("error", exc, traceback.format_exc())
        try:
            connection.send(reply)
        except Exception as exc:       # a result or an exception that does not pickle
            connection.send(("error", RuntimeError(f"{type(exc).__name__}: {exc}"), traceback.format_exc()))


class _Worker:
    def __init__(self, context: Any, initializer: Callable[[], None] | None):
        self.connection, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, initializer), daemon=True)
        self.process.start()
        child.close()
        self.task: int | None = None

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.connection.close()


def run_tasks(fn: Callable[..., Any], tasks: Sequence[tuple], workers: int, context: Any,
              initializer: Callable[[], None] | None = None) -> Iterator[tuple[int, Any]]:
    """``fn(*task)`` for every task on ``workers`` processes of ``context``; yields ``(task index, result)``
    as tasks finish. An exception a task raises is raised here (its traceback added as a note)."""
    pending = deque(range(len(tasks)))
    losses = [0] * len(tasks)
    pool = [_Worker(context, initializer) for _ in range(min(workers, len(tasks)))]
    try:
        while pending or any(w.task is not None for w in pool):
            for number, worker in enumerate(pool):
                if worker.task is None and pending:
                    if not worker.process.is_alive():      # died idle: nothing of its is lost
                        worker.stop()
                        pool[number] = worker = _Worker(context, initializer)
                    worker.task = pending.popleft()
                    with contextlib.suppress(OSError):  # it died just now: the wait below sees it
                        worker.connection.send((fn, tasks[worker.task]))
            busy = [w for w in pool if w.task is not None]
            ready = set(wait([w.connection for w in busy] + [w.process.sentinel for w in busy]))
            for number, worker in enumerate(pool):
                if worker.connection not in ready and worker.process.sentinel not in ready:
                    continue
                task = worker.task
                assert task is not None
                try:
                    reply = worker.connection.recv()
                except (EOFError, OSError):       # the worker died holding ``task``: replace it, run it again
                    losses[task] += 1
                    if losses[task] > LOSSES:
                        raise WorkerLost(f"a worker process died {losses[task]} times running the same batch "
                                         "(killed, or out of memory)") from None
                    worker.stop()
                    pool[number] = _Worker(context, initializer)
                    pending.appendleft(task)
                    continue
                worker.task = None
                if reply[0] == "error":
                    reply[1].add_note(f"in a worker process:\n{reply[2]}")
                    raise reply[1]
                yield task, reply[1]
    finally:
        for worker in pool:
            worker.stop()
