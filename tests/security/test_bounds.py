"""Unbounded requests are refused before any work (issue 28): ``--jobs``/``--workers`` are capped at 4
processes per CPU (``--jobs 100000`` forked every worker at once), ``--max-points`` at 100,000 before the
grid is built (``10**24`` built a 10**20-point grid), a scheduler address is checked before Dask is asked,
and a listener that is no Dask scheduler (or says nothing at all) is a usage error within the connection
timeout, never a hang or a crash."""

from __future__ import annotations

import contextlib
import socket
import threading
import time

import pytest
from security_helpers import cli

from rulecraft.cli.sim import MAX_PROCESSES


def _usage(done, *words: str) -> None:
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    for word in words:
        assert word in done.stderr, done.stderr


@pytest.mark.parametrize("argv", [["sim", "--jobs", "100000"], ["sweep", "--vary", "rules.x=1,2",
                                                                "--workers", "100000"]])
def test_process_counts_are_capped_and_the_cap_explained(tmp_path, argv):
    _usage(cli(*argv, cwd=tmp_path), f"at most {MAX_PROCESSES}", "per CPU")


@pytest.mark.parametrize("count", ["0", "-3", "many"])
def test_a_process_count_is_a_whole_number_of_at_least_one(tmp_path, count):
    _usage(cli("sim", "--jobs", count, cwd=tmp_path), "--jobs")


def test_max_points_is_capped_before_the_grid_is_built(tmp_path):
    done = cli("sweep", "--vary", "rules.x=1..999", "--vary", "rules.y=1..999", "--max-points",
               str(10**24), cwd=tmp_path, timeout=30)
    _usage(done, "--max-points", "100,000")


@pytest.mark.parametrize("address", ["garbage", "tcp://nohost", "tcp://host:99999", "http://h:80",
                                     "tcp://h:0", "tcp://-x:1"])
def test_a_bad_scheduler_address_is_a_usage_error(tmp_path, address):
    _usage(cli("sim", "--backend", "dask", "--scheduler", address, cwd=tmp_path), "--scheduler",
           "tcp://HOST:PORT")


@contextlib.contextmanager
def listener(reply: bytes | None):
    """A local socket that accepts connections and says ``reply`` (None: nothing at all)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    held: list[socket.socket] = []
    done = threading.Event()

    def accept() -> None:
        server.settimeout(0.2)
        while not done.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            held.append(conn)
            if reply is not None:
                with contextlib.suppress(OSError):
                    conn.sendall(reply)
                    conn.close()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        done.set()
        thread.join()
        for conn in held:
            conn.close()
        server.close()


@pytest.mark.parametrize("reply", [None, b"HTTP/1.0 200 OK\r\n\r\nhello\r\n"],
                         ids=["silent listener", "not a Dask scheduler"])
def test_a_listener_that_is_no_scheduler_is_refused_within_the_timeout(reply):
    pytest.importorskip("distributed")
    from rulecraft.runtime.balance.sweep.backends import BackendError, DaskBackend

    with listener(reply) as address:
        started = time.monotonic()
        with pytest.raises(BackendError, match="no Dask cluster at"):
            DaskBackend(scheduler=address, connect_timeout=1).__enter__()
        assert time.monotonic() - started < 6, "the connection outlived its timeout"
