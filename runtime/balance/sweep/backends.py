"""Run: where a sweep's (or a simulation's) batches of seeded games are played: local processes or Dask.

A backend takes a function and its task arguments and yields ``(task index, result)`` as tasks finish.
Tasks are batches of seeded games whose results depend only on their arguments, so the figures are the
same whatever the backend, the number of workers or the order tasks finish in.

- ``local``: processes on this machine (``sim --jobs``; ``rulecraft.runtime.balance.pool``: a worker that
  dies is replaced and its task run again, Ctrl-C kills every worker at once); one worker plays in this
  process.
- ``dask``: Dask's distributed scheduler. With no address it starts a ``LocalCluster`` of worker
  processes bound to 127.0.0.1 (its dashboard too, on a free port); with ``tcp://HOST:PORT`` it joins a
  running cluster, whose workers must have rulecraft and the packs installed at the same paths. Each
  worker process loads a configuration's ruleset once and keeps it
  (``rulecraft.runtime.balance.batch.table_for``).
  A task whose worker dies is re-run elsewhere by the scheduler; one that raises is retried twice.
  Ctrl-C cancels every task and closes the cluster before the error reaches the command.
"""

from __future__ import annotations

import contextlib
import logging
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from rulecraft.runtime.balance.pool import run_tasks

BACKENDS = ("local", "dask")
RETRIES = 2


class BackendError(RuntimeError):
    """The backend cannot start: Dask not installed, or no cluster at the address (a usage error)."""


class LocalBackend:
    """Processes on this machine (fork where the platform has it, as ``sim --jobs``)."""

    name = "local"

    def __init__(self, workers: int = 1):
        self.workers = workers

    def __enter__(self) -> LocalBackend:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def run(self, fn: Callable[..., Any], tasks: Sequence[tuple]) -> Iterator[tuple[int, Any]]:
        if self.workers <= 1:
            for index, args in enumerate(tasks):
                yield index, fn(*args)
            return
        from rulecraft.runtime.balance.batch import _context

        yield from run_tasks(fn, tasks, self.workers, _context())


class DaskBackend:
    """A Dask cluster: a new ``LocalCluster`` of ``workers`` processes, or the one at ``scheduler``."""

    name = "dask"

    def __init__(self, workers: int = 1, scheduler: str | None = None, processes: bool = True,
                 connect_timeout: float = 10):
        self.requested, self.scheduler, self.processes = workers, scheduler, processes
        self.connect_timeout = connect_timeout
        self.client: Any = None
        self.cluster: Any = None

    @property
    def workers(self) -> int:
        return len(self.client.scheduler_info()["workers"]) if self.client is not None else self.requested

    def __enter__(self) -> DaskBackend:
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise BackendError("--backend dask needs Dask: pip install 'rulecraft[cluster]'") from None
        try:
            if self.scheduler is None:
                self.cluster = LocalCluster(n_workers=self.requested, threads_per_worker=1,
                                            processes=self.processes, host="127.0.0.1",
                                            dashboard_address="127.0.0.1:0", silence_logs=logging.ERROR,
                                            preload=[__name__])
                self.client = Client(self.cluster)
            else:
                self.client = _connect(lambda: Client(self.scheduler, timeout=self.connect_timeout),
                                       self.connect_timeout)
        except Exception as exc:       # refused, timed out, or something that is no Dask scheduler
            self.__exit__()
            raise BackendError(f"no Dask cluster at {self.scheduler}: {exc or type(exc).__name__}") from None
        return self

    def __exit__(self, *exc: object) -> None:
        for part in (self.client, self.cluster):
            if part is not None:
                with contextlib.suppress(Exception):
                    part.close()
        self.client = self.cluster = None

    def run(self, fn: Callable[..., Any], tasks: Sequence[tuple]) -> Iterator[tuple[int, Any]]:
        from distributed import as_completed as finished

        futures = [self.client.submit(fn, *args, pure=False, retries=RETRIES) for args in tasks]
        index = {f.key: i for i, f in enumerate(futures)}
        try:
            for future in finished(futures):
                yield index[future.key], future.result()
        except BaseException:
            self.client.cancel(futures)
            raise


def _connect(client: Callable[[], Any], timeout: float) -> Any:
    """``client()`` given ``timeout`` seconds in all. Dask's own timeout covers reaching the address, not a
    listener that accepts and then says nothing (its handshake waits for ever), so the attempt runs on a
    daemon thread and is given up, a ``TimeoutError``, when the time is out."""
    outcome: dict[str, Any] = {}

    def attempt() -> None:
        try:
            outcome["client"] = client()
        except BaseException as exc:       # handed to the caller's thread
            outcome["error"] = exc

    thread = threading.Thread(target=attempt, name="rulecraft-dask-connect", daemon=True)
    thread.start()
    thread.join(timeout)
    if thread.is_alive():
        raise TimeoutError(f"nothing there answered as a Dask scheduler within {timeout:g} s")
    if "error" in outcome:
        raise outcome["error"]
    return outcome["client"]


def dask_setup(worker: Any) -> None:
    """Run by Dask in each worker process of our LocalCluster (a preload): Ctrl-C in the terminal reaches
    the whole process group, and it is this process's to handle (cancel, close the cluster), so a worker
    ignores it instead of dying with a traceback on the user's screen."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def make_backend(name: str, workers: int, scheduler: str | None = None) -> LocalBackend | DaskBackend:
    if name == "dask":
        return DaskBackend(workers, scheduler)
    return LocalBackend(workers)
