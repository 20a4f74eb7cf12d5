"""Nothing from a pack, a log or a file name reaches the terminal raw (issue 28, security.md "Terminal
output"). A YAML escape (``name: "Mech\\e]0;owned\\a"``) puts ESC into a value with no control byte in
the file; every front end writes through ``visible`` (the streams of a command, the rich console), so
the window title, the clear-screen and the bidi override of such a name are shown as pictures, never
obeyed: a hypothesis property over every code point, then each front end of both games at a pty, read by
a terminal emulator (pyte)."""

from __future__ import annotations

import contextlib
import io
import os
import re
import select
import shutil
import signal
import sys
import time
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecraft.compiler import errorcodes as codes
from rulecraft.compiler.diagnostics import Diagnostic, format_human
from rulecraft.runtime.safe_console import SafeConsole
from rulecraft.runtime.terminal_text import VisibleStream, visible

ROOT = Path(__file__).resolve().parents[2]
PAYLOAD = "\\e]0;owned\\a\\e[2J\\u202e\\u2066"      # as written in YAML: no control byte in the file
BIDI = {0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}


def obeyable(text: str) -> list[str]:
    """The characters of ``text`` a terminal would act on: controls but tab and newline, C1, bidi."""
    return [c for c in text if (unicodedata.category(c) == "Cc" and c not in "\t\n") or ord(c) in BIDI
            or ord(c) in (0x2028, 0x2029)]


SGR = re.compile(r"\x1b\[[0-9;]*m")       # rich's own colour codes


@settings(max_examples=300)
@given(st.text(st.characters(codec=None, exclude_categories=["Cs"]), max_size=60))
def test_no_code_point_passes_the_filter_raw(text):
    assert obeyable(visible(text)) == []
    diagnostic = Diagnostic(codes.USAGE, f"unknown card {text}", f"packs/{text}.yaml", 1, 1, hint=text)
    assert obeyable(format_human([diagnostic])) == []
    buffer = io.StringIO()
    stream = VisibleStream(buffer)
    print(text, file=stream)
    assert obeyable(buffer.getvalue()) == []
    rendered = io.StringIO()
    SafeConsole(file=rendered, force_terminal=True, color_system="standard", width=40).print(
        f"[red]{text}[/]", markup=False)
    assert obeyable(SGR.sub("", rendered.getvalue())) == []


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> Path:
    """Copies of both core packs with the payload after every name, and a pack of each game whose errors
    quote it."""
    folder = tmp_path_factory.mktemp("hostile")
    for core in ("tem-core", "mecha-core"):
        shutil.copytree(ROOT / "content" / core, folder / core)
        for path in (folder / core).glob("*.yaml"):
            text = re.sub(r'^(\s+(?:- )?name): ([^"#\n]+?)\s*(#.*)?$',
                          lambda m: f'{m.group(1)}: "{m.group(2)}{PAYLOAD}"', path.read_text("utf-8"),
                          flags=re.M)
            # M24: the copy exemption goes by name, so it names Radio Tower as the payload left it
            text = text.replace("unlimited: [Radio Tower]", f'unlimited: ["Radio Tower{PAYLOAD}"]')
            path.write_text(text, encoding="utf-8")
    for game, kind, extra in (("tem", "weapons", ""), ("mecha", "mechas", "game: mecha\n")):
        bad = folder / f"bad-{game}"
        bad.mkdir()
        (bad / "pack.yaml").write_text(f'id: bad\nname: Bad\nversion: 1.0.0\n{extra}depends:\n'
                                       f'  - {{id: {game}-core, version: ">=0.1"}}\nfiles: [e.yaml]\n',
                                       "utf-8")
        (bad / "e.yaml").write_text(f'kind: {kind}\nentries:\n  - id: "zap{PAYLOAD}"\n'
                                    f'    name: "Zap{PAYLOAD}"\n', "utf-8")
    return folder


def at_pty(args: list[str], cwd: Path, settle: float | None = None, timeout: float = 90) -> tuple[bytes, Any]:
    """``rulecraft ARGS`` at an 100x30 pty: its raw output and the pyte screen. With ``settle`` the
    program is killed once its output has been quiet that long (a game waiting for its player)."""
    import fcntl
    import pty
    import struct
    import termios

    import pyte

    screen = pyte.Screen(100, 30)
    stream = pyte.ByteStream(screen)
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(cwd)
        os.environ.update(COLUMNS="100", LINES="30", TERM="xterm-256color")
        os.execv(sys.executable, [sys.executable, "-m", "rulecraft.cli", *args])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    raw, end, last = b"", time.time() + timeout, time.time()
    try:
        while time.time() < end:
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    break
                if not data:
                    break
                raw += data
                stream.feed(data)
                last = time.time()
            elif settle is not None and raw and time.time() - last > settle:
                break
        else:
            raise AssertionError(f"rulecraft {' '.join(args)} did not end")
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
    return raw, screen


def _log(hostile: Path, pack: str) -> str:
    from security_helpers import cli

    folder = hostile / f"logs-{pack}"
    if not folder.exists():
        done = cli("sim", pack, "--games", "1", "--log", str(folder), "--quiet", cwd=hostile)
        assert done.returncode == 0, done.stderr
    [log] = sorted(folder.glob("*.jsonl"))
    return str(log)


FRONT_ENDS = {
    "check": lambda h, game: ["check", f"bad-{game}", "--pack-path", f"{game}-core"],
    "explain": lambda h, game: ["explain", "tem-core", "weapons:pulse-pistol"] if game == "tem" else
                               ["explain", "mecha-core", "scout-drone"],
    "sim": lambda h, game: ["sim", f"{game}-core", "--games", "2"],
    "play": lambda h, game: ["play", f"{game}-core", "--seed", "1", *(["--solo"] if game == "tem" else [])],
    "replay --watch": lambda h, game: ["replay", "--watch", "--delay", "0", _log(h, f"{game}-core")],
}
SHOWS_A_NAME = {"check", "explain", "play", "replay --watch"}


@pytest.mark.parametrize("game", ["tem", "mecha"])
@pytest.mark.parametrize("front_end", FRONT_ENDS)
def test_no_escape_from_a_pack_reaches_the_screen(hostile, front_end, game):
    if not hasattr(os, "fork"):
        pytest.skip("needs a POSIX pty")
    args = FRONT_ENDS[front_end](hostile, game)
    raw, screen = at_pty(args, hostile, settle=3.0 if front_end in ("play", "replay --watch") else None)
    text = raw.decode("utf-8", "replace")
    assert "\x1b]" not in text, "an OSC sequence (window title) reached the terminal"
    assert "\x1b[2J" not in text, "a clear-screen from the pack reached the terminal"
    assert not [c for c in text if ord(c) in BIDI], "a bidi control reached the terminal"
    assert screen.title == ""
    if front_end in SHOWS_A_NAME:
        assert "]0;owned" in text, "the pack's text was never shown:\n" + "\n".join(screen.display)
