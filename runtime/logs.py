"""Run: JSON Lines game logs and their replay.

A log's first line is a header (format, rulecraft version, the pack stack as given, plugins, seed,
colours, agents); every other line is one event, serialised compactly in emission order. Replaying runs
the same game again from the header, feeding each seat the answers recorded in its ``decision`` events,
and checks that every event serialises to the very same line (byte for byte).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulecraft.runtime.decisions import RecordedAgent
from rulecraft.runtime.engine import Game
from rulecraft.runtime.errors import GameError
from rulecraft.runtime.model import Ruleset

FORMAT = 1
BUILTIN_PACK = "builtin:tem-core"


def dumps(event: dict[str, Any]) -> str:
    return json.dumps(event, separators=(",", ":"), ensure_ascii=False)


def header(ruleset: Ruleset, packs: Sequence[str], plugins: Sequence[str], seed: int | str,
           colours: Sequence[str], agents: Sequence[str]) -> dict[str, Any]:
    from importlib.metadata import PackageNotFoundError, version

    try:
        rulecraft_version = version("rulecraft")
    except PackageNotFoundError:   # running from a source tree without installing
        rulecraft_version = "unknown"
    return {"rulecraft_log": FORMAT, "rulecraft": rulecraft_version, "packs": list(packs) or [BUILTIN_PACK],
            "stack": list(ruleset.source.get("packs", [])), "plugins": list(plugins), "seed": seed,
            "colours": list(colours), "agents": list(agents)}


def write(path: Path, head: dict[str, Any], events: Sequence[dict[str, Any]]) -> None:
    with open(path, "w", encoding="utf-8") as out:
        out.write(dumps(head) + "\n")
        for event in events:
            out.write(dumps(event) + "\n")


def read(path: Path) -> tuple[dict[str, Any], list[str]]:
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    if not lines:
        raise ValueError(f"{path}: empty log")
    try:
        head = json.loads(lines[0])
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}:1: not a rulecraft log header: {exc}") from None
    if not isinstance(head, dict) or head.get("rulecraft_log") != FORMAT:
        raise ValueError(f"{path}:1: not a rulecraft log (format {FORMAT} header expected)")
    return head, lines[1:]


@dataclass
class ReplayResult:
    ok: bool
    events: int
    message: str


def replay(path: Path, load_ruleset: Callable[[Sequence[str], Sequence[str]], Ruleset],
           make_hooks: Callable[[Sequence[str]], Any]) -> ReplayResult:
    """Re-run the game of the log at ``path`` and compare every event line. ``load_ruleset(packs,
    plugins)`` and ``make_hooks(plugins)`` rebuild the game from the header."""
    head, lines = read(path)
    packs = [p for p in head["packs"] if p != BUILTIN_PACK]
    ruleset = load_ruleset(packs, head["plugins"])
    events = []
    for number, line in enumerate(lines, start=2):
        try:
            events.append(json.loads(line))
        except json.JSONDecodeError as exc:
            return ReplayResult(False, 0, f"{path}:{number}: not JSON: {exc}")
    agents = recorded_agents(head, events)
    produced: list[str] = []
    game = Game(ruleset, agents, seed=head["seed"], hooks=make_hooks(head["plugins"]),
                listeners=[lambda e: produced.append(dumps(e))], colours=head["colours"])
    error = None
    try:
        game.play()
    except (GameError, LookupError, ValueError) as exc:
        error = exc
    if error is not None and not game.aborted:
        produced.append(dumps({"e": "replay-error", "error": str(error)}))
    elif game.aborted:
        produced.append(dumps(game.events[-1]))
    for i, (want, got) in enumerate(zip(lines, produced, strict=False)):
        if want != got:
            return ReplayResult(False, i, f"{path}:{i + 2}: event differs\n  log:    {want}\n  replay: {got}")
    if len(lines) != len(produced):
        return ReplayResult(False, min(len(lines), len(produced)),
                            f"{path}: the log has {len(lines)} events, the replay {len(produced)}")
    return ReplayResult(True, len(lines), f"{path}: {len(lines)} events replayed identically")


def recorded_agents(head: dict[str, Any], events: Sequence[dict[str, Any]]) -> list[Any]:
    """One agent per seat of the log's header, feeding back the answers of its ``decision`` events."""
    answers: list[list[tuple[str, Any]]] = [[] for _ in head["colours"]]
    for event in events:
        if event.get("e") == "decision":
            answers[event["player"]].append((event["kind"], event["answer"]))
    kinds = list(head.get("agents") or ())
    return [_replayer(kinds[seat] if seat < len(kinds) else "", a) for seat, a in enumerate(answers)]


def _replayer(kind: str, answers: list[tuple[str, Any]]) -> Any:
    """A seat feeding back its logged answers. An agent kind the rules read (a plugin's ``robot`` seat)
    replays as itself, through its ``replaying(answers)``; every other seat is a plain RecordedAgent."""
    from rulecraft.runtime.agents import make_agent

    try:
        agent = make_agent(kind, 0)
    except ValueError:
        return RecordedAgent(answers)
    replaying = getattr(agent, "replaying", None)
    return replaying(answers) if replaying is not None else RecordedAgent(answers)
