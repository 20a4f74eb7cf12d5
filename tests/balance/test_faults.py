"""Faults a long local run survives (issue 28, item 5): a lost worker, and Ctrl-C.

A worker killed during ``sim --jobs 2`` (``kill -9``, the out-of-memory killer) used to break the whole
``ProcessPoolExecutor``: ``BrokenProcessPool``, exit 3, the run lost. ``rulecraft.runtime.balance.pool``
replaces it and runs its batch again, as the Dask backend does, so the report is the one an undisturbed run
gives. Ctrl-C used to wait for every queued batch; now every worker is killed at once and the command exits
130 with one line and no traceback.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulecraft.runtime.balance.pool import LOSSES, WorkerLost, run_tasks

FORK = multiprocessing.get_context("fork")


def _square_dying_once(marker: str, value: int, dies: bool) -> int:
    """``value ** 2``; a task with ``dies`` kills its own worker (SIGKILL) the first time it runs."""
    if dies and not os.path.exists(marker):
        Path(marker).touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return value * value


def _always_dies() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def _fails(value: int) -> int:
    raise ValueError(f"bad value {value}")


def test_a_killed_worker_is_replaced_and_its_task_alone_run_again(tmp_path):
    marker = str(tmp_path / "died")
    tasks = [(marker, value, value == 5) for value in range(12)]
    results = dict(run_tasks(_square_dying_once, tasks, 2, FORK))
    assert os.path.exists(marker), "the worker holding task 5 was killed"
    assert results == {i: i * i for i in range(12)}


def test_a_task_that_kills_every_worker_is_given_up_after_the_dask_limit():
    with pytest.raises(WorkerLost, match=f"died {LOSSES + 1} times"):
        list(run_tasks(_always_dies, [()], 2, FORK))


def test_an_exception_in_a_task_reaches_the_caller_with_the_workers_traceback():
    with pytest.raises(ValueError, match="bad value 3") as caught:
        list(run_tasks(_fails, [(3,)], 2, FORK))
    assert any("in a worker process" in note for note in caught.value.__notes__)


def _default_ctrl_c() -> None:
    """In the child before exec: Ctrl-C at its default, as a shell starts a job. A test run started in the
    background (``make test &``) has SIGINT ignored, and an ignored SIGINT stays ignored across exec: the
    command would never see the test's Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@contextlib.contextmanager
def _cli(*args: str, **options) -> Iterator[subprocess.Popen]:
    """``rulecraft ARGS`` running; killed at the end if it still runs (a failed test leaves no long run)."""
    run = subprocess.Popen([sys.executable, "-m", "rulecraft.cli", *args], preexec_fn=_default_ctrl_c,
                           **{"stdout": subprocess.PIPE, "stderr": subprocess.PIPE,
                              "stdin": subprocess.DEVNULL, "text": True, **options})
    try:
        yield run
    finally:
        if run.poll() is None:
            for pid in [*_children_now(run.pid), run.pid]:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            run.communicate()


def _children_now(pid: int) -> list[int]:
    """The pids of ``pid``'s child processes (none once it has exited)."""
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except FileNotFoundError:
        return []


def _children(pid: int, timeout: float = 60) -> list[int]:
    """The pids of ``pid``'s child processes, once it has some (its workers are started)."""
    deadline = time.monotonic() + timeout
    while not (found := _children_now(pid)):
        assert time.monotonic() < deadline, f"process {pid} started no worker within {timeout} s"
        time.sleep(0.05)
    return found


needs_proc = pytest.mark.skipif(not Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children").exists(),
                                reason="needs /proc/PID/task/PID/children (Linux)")


@needs_proc
def test_sim_with_a_worker_killed_gives_the_undisturbed_report(tmp_path):
    args = ("sim", "--games", "120", "--jobs", "2", "--quiet", "--seed", "faults")
    undisturbed = subprocess.run([sys.executable, "-m", "rulecraft.cli", *args], capture_output=True,
                                 text=True, stdin=subprocess.DEVNULL, timeout=300)
    assert undisturbed.returncode == 0, undisturbed.stderr
    with _cli(*args) as run:
        os.kill(_children(run.pid)[0], signal.SIGKILL)
        out, err = run.communicate(timeout=300)
    assert run.returncode == 0, err
    assert "Traceback" not in err and "BrokenProcessPool" not in err
    assert out == undisturbed.stdout


@needs_proc
@pytest.mark.parametrize("command", [("sim", "--jobs", "2"), ("sweep", "--workers", "2", "--vary",
                                                              "weapons:rail-gun.cost.energy=1..5")])
def test_ctrl_c_stops_a_parallel_run_at_once_with_one_line(command):
    with _cli(*command, "--games", "100000", "--quiet") as run:
        workers = _children(run.pid)
        time.sleep(0.5)
        interrupted = time.monotonic()
        run.send_signal(signal.SIGINT)
        out, err = run.communicate(timeout=60)
    assert time.monotonic() - interrupted < 10, "Ctrl-C waited for the queued batches"
    assert run.returncode == 130, err
    [line] = err.strip().splitlines()      # "rulecraft: interrupted", or sweep's own "cancelled" line
    assert "interrupted" in line or "cancelled" in line
    assert out == ""
    for worker in workers:      # gone (or a zombie at most: its parent has exited)
        stat = Path(f"/proc/{worker}/stat")
        assert not stat.exists() or stat.read_text().split()[2] == "Z"


def _until(stream, text: str, timeout: float = 120) -> str:
    """Read ``stream`` (a pipe) until ``text`` appears."""
    import select

    seen, deadline = "", time.monotonic() + timeout
    while text not in seen:
        assert time.monotonic() < deadline, f"no {text!r} within {timeout} s; got {seen[-300:]!r}"
        if select.select([stream], [], [], 0.5)[0]:
            chunk = os.read(stream.fileno(), 4096).decode(errors="replace")
            assert chunk, f"the command ended before {text!r}: {seen[-300:]!r}"
            seen += chunk
    return seen


def test_ctrl_c_at_plays_prompt_saves_the_game_and_exits_130(tmp_path):
    log = tmp_path / "game.jsonl"
    reader, writer = os.pipe()        # a stdin that stays open: the prompt waits
    try:
        with _cli("play", "--plain", "--log", str(log), stdin=reader, text=False) as run:
            _until(run.stdout, "> ")
            run.send_signal(signal.SIGINT)
            out, err = run.communicate(timeout=60)
    finally:
        os.close(writer)
        os.close(reader)
    assert run.returncode == 130 and b"Traceback" not in err
    assert b"play --resume" in out and log.is_file()


def test_ctrl_c_during_the_sites_examples_stops_docs(monkeypatch):
    """``docs`` runs the diagnostics examples through ``main`` in-process, and main turns Ctrl-C into exit
    130: the example took that as its result and the build went on (Ctrl-C after its first second was
    lost). An example's 130 is the user's Ctrl-C, raised again."""
    import contextlib

    from rulecraft.cli import example_cases
    from rulecraft.compiler.docgen.examples import Case

    monkeypatch.setattr(example_cases, "main", lambda argv: 130)
    monkeypatch.setattr(example_cases, "_context", lambda case, tmp: contextlib.nullcontext())
    case = Case(Path("."), {"command": ["check", "."]})
    with pytest.raises(KeyboardInterrupt):
        example_cases.run_case(case)
