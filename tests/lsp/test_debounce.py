"""Issue 26: diagnostics while typing fast. A burst of edits is checked once, a quiet moment after its last
keystroke, and what is published is the last text's diagnostics at its version; nothing older comes
after it (a check a newer change overtook publishes nothing)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.lsp.conftest import Session

BURST = 50
QUIET = 1.0   # seconds: the editor's debounce here, far longer than the gap between a burst's edits


@pytest.fixture(scope="module")
def lsp(pack: Path) -> Iterator[Session]:
    session = Session(pack.parent, {"debounce": QUIET})
    yield session
    session.close()


def burst(lsp: Session, uri: str, texts: list[str]) -> int:
    """Every text sent as the buffer's next version, without waiting; returns the last version."""
    return [lsp.change(uri, text) for text in texts][-1]


def test_a_burst_of_edits_gets_one_check_per_quiet_period_and_the_last_texts_diagnostics(lsp, pack):
    path = pack / "commands.yaml"
    uri = lsp.open(path)
    assert lsp.diagnostics_of(uri, lambda found: found is not None) == []
    original = path.read_text(encoding="utf-8")
    logs, history = len(lsp.logs), len(lsp.history)

    amounts = [original.replace("deal 2", f"deal {step % 9 + 1}") for step in range(BURST - 1)]
    typo = burst(lsp, uri, [*amounts, original.replace("deal 2", "deel 2")])
    [problem] = lsp.diagnostics_of(uri, lambda found: bool(found))
    assert problem.code == "effect-unknown-word" and "'deel'" in problem.message

    fixed = burst(lsp, uri, [*amounts, original])
    assert lsp.diagnostics_of(uri, lambda found: found == []) == []

    checks = [line for line in lsp.logs[logs:] if line.startswith(f"checked {pack.name}'s stack")]
    assert len(checks) == 2, checks           # one per quiet period, not one per edit
    published = [(version, found) for where, version, found in lsp.history[history:] if where == uri]
    assert published == [(typo, [problem]), (fixed, [])]


def test_a_change_during_a_check_is_never_followed_by_the_older_texts_diagnostics(lsp, pack):
    """The typo's check is under way when the fix comes: whether that check finished first (and was
    published) or was overtaken (and published nothing), the last word is the fix's, and no publication
    goes back to an older version."""
    path = pack / "commands.yaml"
    uri = lsp.open(path)
    assert lsp.diagnostics_of(uri, lambda found: found == []) == []
    original = path.read_text(encoding="utf-8")
    logs, history = len(lsp.logs), len(lsp.history)
    typo = lsp.change(uri, original.replace("deal 2", "deel 2"))

    async def checking() -> None:
        while not any(line.startswith("checking ") for line in lsp.logs[logs:]):
            await asyncio.sleep(0.005)
    lsp.run(checking())
    fixed = lsp.change(uri, original)
    lsp.diagnostics_of(uri, lambda found: lsp.history[-1][:2] == (uri, fixed))
    versions = [version for where, version, _ in lsp.history[history:] if where == uri]
    assert versions == sorted(versions) and versions[-1] == fixed and lsp.diagnostics[uri] == []
    if any("overtook" in line for line in lsp.logs[logs:]):
        assert typo not in versions
