"""``python -m bench serve``: ``rulecraft serve`` holding 100 open tables, each with an agent seat and one
simulated person answering over its websocket (issue 24: answer latency p95 under 50 ms).

The server is ``rulecraft serve`` in a process of its own (as a person's browser meets it), on a fresh
tables folder. The bench opens every table through the lobby's form, joins each person's seat, and then
all the people play at once (once every table is open), each thinking 0.5-2 s (uniform, seeded)
before each answer (a random
legal option): the latency is from an answer sent to the seat's next message received, the agent's turn
included. Memory per table is the growth of the server's resident memory from one open table to all of
them, divided by their number. Games: Pig (the test-only game registered for the server's process, as
``bench.test_games`` registers it here) and Mecha Game.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

from bench.goals import figure

TABLES = 100
ANSWERS = 20                       # each person's answers (fewer when its game ends first)
SIZES: list[int] = []              # each answer's reply, in bytes
THINK = (0.5, 2.0)                 # seconds a person looks at the board before answering (uniform)
LINK = re.compile(r'href="/t/([A-Za-z0-9_-]+)#k=([A-Za-z0-9_-]+)" class="join"')
ROOT = Path(__file__).resolve().parents[1]
PIG = ROOT / "tests" / "games" / "pig" / "rulecraft_pig" / "content" / "pig-core"
MECHA = ROOT / "content" / "mecha-core"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def resident_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def cpu_seconds(pid: int) -> float:
    """The process's user and system CPU time so far (``/proc/PID/stat``'s utime and stime)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start(pack: Path, tables: Path, port: int, pythonpath: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": pythonpath}
    process = subprocess.Popen([sys.executable, "-m", "rulecraft.cli", "serve", str(pack), "--tables",
                                str(tables), "--port", str(port)], env=env, stdout=subprocess.DEVNULL)
    for _ in range(300):
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return process
        time.sleep(0.1)
    process.kill()
    raise RuntimeError("rulecraft serve did not start")


def open_table(url: str, form: dict[str, str]) -> tuple[str, str]:
    request = urllib.request.Request(f"{url}/new/0", urllib.parse.urlencode(form).encode(),
                                     headers={"Origin": url})
    with urllib.request.urlopen(request) as page:
        found = LINK.search(page.read().decode())
    assert found is not None
    return found.group(1), found.group(2)


async def person(url: str, table: str, token: str, rng: random.Random, latencies: list[float],
                 seated: asyncio.Barrier) -> None:
    from websockets.asyncio.client import connect

    async with connect(f"ws{url.removeprefix('http')}/t/{table}/ws", origin=url) as socket:
        await socket.send(json.dumps({"type": "join", "token": token}))
        message = json.loads(await socket.recv())
        await seated.wait()                     # every table open before anyone answers
        for _ in range(ANSWERS):
            if message.get("end") is not None or not message.get("asked"):
                break
            await asyncio.sleep(rng.uniform(*THINK))
            picks = rng.sample(range(len(message["targets"])), message["pick"])
            sent = time.perf_counter()
            await socket.send(json.dumps({"type": "answer", "picks": picks}))
            text = await socket.recv()
            latencies.append(time.perf_counter() - sent)
            SIZES.append(len(text))
            message = json.loads(text)
            if message["type"] != "state":
                break


async def people(url: str, links: list[tuple[str, str]], latencies: list[float]) -> None:
    seated = asyncio.Barrier(len(links))
    await asyncio.gather(*(person(url, table, token, random.Random(n), latencies, seated)
                           for n, (table, token) in enumerate(links)))


def measure(name: str, pack: Path, pythonpath: str) -> list[str]:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="rulecraft-bench-serve-") as folder:
        process = start(pack, Path(folder) / "tables", port, pythonpath)
        try:
            def form(n: int) -> dict[str, str]:
                return {"players": "2", "seat0": "human", "seat1": "heuristic", "seed": str(n)}
            links = [open_table(url, form(0))]
            asyncio.run(people(url, links, []))          # the first table, played a little: warm
            before = resident_kib(process.pid)
            links += [open_table(url, form(n)) for n in range(1, TABLES)]
            latencies: list[float] = []
            SIZES.clear()
            started, cpu, mine = time.perf_counter(), cpu_seconds(process.pid), time.process_time()
            asyncio.run(people(url, links, latencies))
            took, cpu = time.perf_counter() - started, cpu_seconds(process.pid) - cpu
            mine = time.process_time() - mine
            after = resident_kib(process.pid)
        finally:
            process.terminate()
            process.wait(timeout=30)
    cuts = statistics.quantiles(latencies, n=100)
    return [f"{name}: {TABLES} tables, {len(latencies)} answers in {took:.1f} s "
            f"(people think {THINK[0]:g}-{THINK[1]:g} s before each answer)",
            f"  answer latency p50 {1000 * cuts[49]:.1f} ms, p95 {1000 * cuts[94]:.1f} ms, "
            f"max {1000 * max(latencies):.1f} ms; the server's CPU {1000 * cpu / len(latencies):.1f} ms "
            f"an answer (the people's process: {1000 * mine / len(latencies):.1f} ms; a reply "
            f"{statistics.mean(SIZES) / 1024:.1f} KiB on average)",
            figure(f"serve: {name} answer latency p95", 1000 * cuts[94], "ms", at_most=50, source="issue 24"),
            f"  server memory per open table: {(after - before) / (TABLES - 1):.0f} KiB "
            f"(resident {before / 1024:.0f} -> {after / 1024:.0f} MiB)"]


def run() -> list[str]:
    from bench.test_games import register

    before = list(sys.path)
    register()
    added = [entry for entry in sys.path if entry not in before]
    pythonpath = os.pathsep.join([*added, *filter(None, [os.environ.get("PYTHONPATH")])])
    games = {"Pig": PIG, "Mecha Game": MECHA}
    wanted = os.environ.get("BENCH_SERVE_GAMES")
    return [line for name, pack in games.items() if not wanted or wanted.lower() in name.lower()
            for line in measure(name, pack, pythonpath)]
