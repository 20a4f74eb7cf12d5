"""Run: JSON Lines game logs and their replay.

A log's first line is a header (format, rulecraft version, the game's registered id, the pack stack as
given, plugins, seed, colours, agents); every other line is one event, serialised compactly in emission
order. Replaying runs the same game again from the header, feeding each seat the answers recorded in its
``decision`` events, and checks that every event serialises to the very same line (byte for byte). The
game that replays is the one the header names, resolved by the caller through the game registry
(``engine_for``): the runtime imports no registry and no game.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulecraft.runtime.agents import NO_AGENTS, Factory, make_agent
from rulecraft.runtime.decisions import RecordedAgent
from rulecraft.runtime.errors import GameError

FORMAT = 1
BUILTIN = "builtin:"     # a header's pack named by its id: the game's core pack shipped with rulecraft
MAX_DEPTH = 32           # lists and objects in a line: an answer is a few levels deep, 100,000 is a bomb
MAX_DIGITS = 24          # digits of a whole number: a seed or a count, never a 5,000-digit bomb


def dumps(event: dict[str, Any]) -> str:
    return json.dumps(event, separators=(",", ":"), ensure_ascii=False)


def header(ruleset: Any, packs: Sequence[str], plugins: Sequence[str], seed: int | str,
           colours: Sequence[str], agents: Sequence[str]) -> dict[str, Any]:
    from importlib.metadata import PackageNotFoundError, version

    try:
        rulecraft_version = version("rulecraft")
    except PackageNotFoundError:   # running from a source tree without installing
        rulecraft_version = "unknown"
    return {"rulecraft_log": FORMAT, "rulecraft": rulecraft_version, "game": ruleset.source.get("game"),
            "packs": list(packs) or [BUILTIN + _core_pack(ruleset)],
            "stack": list(ruleset.source.get("packs", [])), "plugins": list(plugins), "seed": seed,
            "colours": list(colours), "agents": list(agents)}


def _core_pack(ruleset: Any) -> str:
    """The id of the first pack of the ruleset's stack: the game's core pack, which the others layer on."""
    stack = ruleset.source.get("packs", ())
    return stack[0]["id"] if stack else "?"


def write(path: Path, head: dict[str, Any], events: Sequence[dict[str, Any]]) -> None:
    with open(path, "w", encoding="utf-8") as out:
        out.write(dumps(head) + "\n")
        for event in events:
            out.write(dumps(event) + "\n")


# The plugin names a log of a game may give (``rulecraft.plugins.wiring.plugin_names``): that game's.
KnownPlugins = Callable[[str], Collection[str]]


def read(path: Path, known_plugins: KnownPlugins) -> tuple[dict[str, Any], list[str]]:
    """A log's header and event lines, checked before anything runs: a log is data from a stranger, so
    a malformed header or event is a ``ValueError`` naming its line (a usage error for the CLI), and a
    plugin is accepted only by a registered name (see :func:`check_header`)."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: not a rulecraft log (not UTF-8 text: {exc.reason})") from None
    if not lines:
        raise ValueError(f"{path}: empty log")
    head = loads(lines[0], f"{path}:1")
    if not isinstance(head, dict) or head.get("rulecraft_log") != FORMAT:
        raise ValueError(f"{path}:1: not a rulecraft log (format {FORMAT} header expected)")
    check_header(head, f"{path}:1", known_plugins)
    for number, line in enumerate(lines[1:], start=2):
        _check_event(line, len(head["colours"]), f"{path}:{number}")
    return head, lines[1:]


class _NumberTooLong(ValueError):
    pass


def _whole_number(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _NumberTooLong(f"a number of {digits:,} digits (at most {MAX_DIGITS})")
    return int(text)


def loads(line: str, where: str) -> Any:
    """One line of a log as JSON, refused (a ``ValueError`` naming ``where``, its ``path:line``) when it is
    not JSON, nests deeper than ``MAX_DEPTH`` or holds a whole number longer than ``MAX_DIGITS``."""
    try:
        value = json.loads(line, parse_int=_whole_number)
    except _NumberTooLong as exc:
        raise ValueError(f"{where}: {exc}") from None
    except RecursionError:
        raise ValueError(f"{where}: nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:
        raise ValueError(f"{where}: not JSON: {exc}") from None
    level, deepest = [value], 0
    while level:
        deepest += 1
        if deepest > MAX_DEPTH:
            raise ValueError(f"{where}: nested deeper than {MAX_DEPTH} levels")
        level = [child for item in level if isinstance(item, dict | list)
                 for child in (item.values() if isinstance(item, dict) else item)]
    return value


def check_ruleset(head: dict[str, Any], ruleset: Any, where: str) -> None:
    """The ruleset a header's packs loaded is of the header's game and is the stack the log was played
    with; else a ``ValueError`` naming the header's line (a header naming the other game loads that game's
    core pack, which the log's events never came from)."""
    game = ruleset.source.get("game")
    if game != head["game"]:
        raise ValueError(f"{where}: the header names game {head['game']!r}, but its packs are of game "
                         f"{game!r}")
    stack = [p.get("id") for p in ruleset.source.get("packs", ())]
    logged = head.get("stack")
    if logged is not None and (not isinstance(logged, list)
                               or [p.get("id") if isinstance(p, dict) else p for p in logged] != stack):
        raise ValueError(f"{where}: the header's pack stack {logged!r} is not the one its packs load "
                         f"({stack}) for game {head['game']!r}")


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def check_header(head: dict[str, Any], where: str, known_plugins: KnownPlugins) -> None:
    """Every header field the replay reads has its type; ``plugins`` holds names ``known_plugins`` gives
    for the header's game only (the plugin registry's, passed in by the tools: never a module to import,
    so a header naming ``venv.__main__`` is refused before anything loads)."""
    for key in ("packs", "plugins", "colours", "agents"):
        if not _strings(head.get(key, [])):
            raise ValueError(f"{where}: header field {key!r} must be a list of texts, not {head.get(key)!r}")
    if not isinstance(head.get("game"), str):
        raise ValueError(f"{where}: header field 'game' must name the game the log is of, not "
                         f"{head.get('game')!r}")
    seed = head.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise ValueError(f"{where}: header field 'seed' must be a number or a text, not {seed!r}")
    if not head.get("colours"):
        raise ValueError(f"{where}: header field 'colours' must name at least one seat")
    known = sorted(known_plugins(head["game"]))
    for name in head.get("plugins", []):
        if name not in known:
            close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
            hint = f"did you mean '{close[0]}'?" if close else f"known plugins: {', '.join(known)}"
            raise ValueError(f"{where}: the header names plugin {name!r}, which is not registered for "
                             f"game {head['game']!r} ({hint}); a log cannot load a module")
    play = head.get("play")
    if play is not None:
        human = play.get("human") if isinstance(play, dict) else None
        if isinstance(human, bool) or not isinstance(human, int) or not 0 <= human < len(head["colours"]):
            raise ValueError(f"{where}: header field 'play' must give the human's seat (0-"
                             f"{len(head['colours']) - 1}), not {play!r}")
        if not isinstance(play.get("solo", False), bool):
            raise ValueError(f"{where}: header field 'play.solo' must be true or false, not {play['solo']!r}")


def _check_event(line: str, seats: int, where: str) -> None:
    """An event line is a JSON object; a ``decision`` names a seat of the log and a kind."""
    event = loads(line, where)
    if not isinstance(event, dict):
        raise ValueError(f"{where}: an event must be a JSON object, not {line[:60]!r}")
    if event.get("e") == "decision":
        player = event.get("player")
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < seats:
            raise ValueError(f"{where}: decision for player {player!r}, not a seat of this log "
                             f"(0-{seats - 1})")
        if not isinstance(event.get("kind"), str):
            raise ValueError(f"{where}: decision without a kind")


@dataclass
class ReplayResult:
    ok: bool
    events: int
    message: str


def replay(path: Path, load_ruleset: Callable[[Sequence[str], Sequence[str]], Any],
           make_hooks: Callable[[str, Sequence[str]], Any], engine_for: Callable[[str], Callable[..., Any]],
           agents_for: Callable[[str], Mapping[str, Factory]],
           known_plugins: KnownPlugins) -> ReplayResult:
    """Re-run the game of the log at ``path`` and compare every event line. ``load_ruleset(packs,
    plugins)`` and ``make_hooks(game, plugins)`` rebuild the game from the header; ``engine_for(game)`` and
    ``agents_for(game)`` are the engine and agent factories of the game the header names
    (``rulecraft.runtime.games``: a ``ValueError`` naming the registered games for any other id);
    ``known_plugins(game)`` the plugin names a header may give (``rulecraft.plugins.wiring.plugin_names``)."""
    head, lines = read(path, known_plugins)
    new_game = engine_for(head["game"])
    packs = [p for p in head["packs"] if not p.startswith(BUILTIN)]
    ruleset = load_ruleset(packs, head["plugins"])
    check_ruleset(head, ruleset, f"{path}:1")
    events = [json.loads(line) for line in lines]   # each checked by read()
    agents = recorded_agents(head, events, agents_for(head["game"]))
    produced: list[str] = []
    game = new_game(ruleset, agents, seed=head["seed"], hooks=make_hooks(head["game"], head["plugins"]),
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
            return ReplayResult(False, i, f"{path}:{i + 2}: {_difference(want, got)}\n  log:    {want}\n"
                                          f"  replay: {got}")
    if len(lines) != len(produced):
        return ReplayResult(False, min(len(lines), len(produced)),
                            f"{path}: the log has {len(lines)} events, the replay {len(produced)}")
    return ReplayResult(True, len(lines), f"{path}: {len(lines)} events replayed identically")


def _difference(want: str, got: str) -> str:
    """What differs between a log's event line and the replay's, in words: a chance draw by what it was for
    (an edited face or pick, or a log that does not hold the draws this rulecraft makes), else the event."""
    logged, replayed = json.loads(want), json.loads(got)
    if logged.get("e") == replayed.get("e") == "chance":
        return (f"chance {replayed['kind']} ({replayed['what']}) differs: the log's draw is not the one "
                f"its seed gives")
    if replayed.get("e") == "chance":
        return (f"the replay draws a chance {replayed['kind']} ({replayed['what']}) that the log does not "
                f"hold (a log written before chance events were logged, or edited)")
    if logged.get("e") == "chance":
        return (f"the log holds a chance {logged.get('kind')} ({logged.get('what')}) that the replay does "
                f"not draw")
    return "event differs"


def recorded_agents(head: dict[str, Any], events: Sequence[dict[str, Any]],
                    game_agents: Mapping[str, Factory] = NO_AGENTS) -> list[Any]:
    """One agent per seat of the log's header, feeding back the answers of its ``decision`` events."""
    answers: list[list[tuple[str, Any]]] = [[] for _ in head["colours"]]
    for event in events:
        if event.get("e") == "decision":
            answers[event["player"]].append((event["kind"], event["answer"]))
    kinds = list(head.get("agents") or ())
    return [_replayer(kinds[seat] if seat < len(kinds) else "", a, game_agents)
            for seat, a in enumerate(answers)]


def _replayer(kind: str, answers: list[tuple[str, Any]], game_agents: Mapping[str, Factory]) -> Any:
    """A seat feeding back its logged answers. An agent kind the rules read (a solo mode's automated seat)
    replays as itself, through its ``replaying(answers)``; every other seat is a plain RecordedAgent."""
    try:
        agent = make_agent(kind, 0, game_agents)
    except ValueError:
        return RecordedAgent(answers)
    replaying = getattr(agent, "replaying", None)
    return replaying(answers) if replaying is not None else RecordedAgent(answers)
