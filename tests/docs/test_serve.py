"""`rulecraft docs --serve`: serves the site and rebuilds it when a pack file changes."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "content" / "tem-core"
VARIANT = ROOT / "tests" / "packs" / "variant-heavy-metal"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch_until(url: str, wanted: str, deadline: float) -> str:
    """The page once it contains ``wanted`` (polling, bounded by ``deadline``); '' if it never does."""
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                page = response.read().decode("utf-8")
            if wanted in page:
                return page
        except OSError:
            pass
        time.sleep(0.5)
    return ""


def test_serve_rebuilds_when_a_pack_changes(tmp_path):
    variant = tmp_path / "variant"
    shutil.copytree(VARIANT, variant)
    empty = tmp_path / "no-scenarios"
    empty.mkdir()
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "rulecraft.cli", "docs", str(CORE), str(variant), "--scenarios", str(empty),
         "--serve", "--dev-addr", f"127.0.0.1:{port}"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}/reference/weapons.html"
    try:
        assert fetch_until(url, "Wrecking Ball", time.monotonic() + 90), "the site was never served"
        weapons = variant / "weapons.yaml"
        weapons.write_text(weapons.read_text(encoding="utf-8").replace("Wrecking Ball", "Demolition Ball"),
                           encoding="utf-8")
        assert fetch_until(url, "Demolition Ball", time.monotonic() + 90), "no rebuild after the pack changed"
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=20)
