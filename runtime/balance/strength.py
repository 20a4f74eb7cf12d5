"""Report: a search agent's measured strength, as a game's strength table records it and a report quotes it.

Every balance figure is a figure for its agents, so a report that seats a search agent (``ismcts``,
``flatmc``) says how strong that agent was *measured* to be, never assumed (issue 25). ``rulecraft
strength`` plays it against another agent on paired seeds, every seed in every seating, and records the
score with its 95% Wilson interval, the command, the date and the rulecraft version in the game's strength
table: ``strength.json`` beside the module that defines the game, so the game's plugin ships it. A report
quotes the measurements of the agent as it names it (the same parameters: ``ismcts`` is ``ismcts@100``
with the game's heuristic rollouts), or says it was not measured at this budget and quotes the nearest
budget measured of the same kind, rollout and reward. A measurement records the fingerprint of the
search code that played it (:func:`search_code`), so a report says when that code has changed since: the
figure is then an older agent's. A table rulecraft did not write is never overwritten.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rulecraft.runtime.agents import search
from rulecraft.runtime.balance.report import Section, pct

FILE = "strength.json"
WRITER = "rulecraft strength"       # the table's ``written_by``: the only writer that may replace it
Entry = dict[str, Any]


class StrengthTableError(ValueError):
    """A strength table that cannot be read, or may not be written (rulecraft did not write it)."""


def table_path(game: str) -> Path | None:
    """The game's strength table: ``strength.json`` in the folder of the module that defines the game (its
    ``rulecraft.games`` entry point), or None for a game that is not registered."""
    from rulecraft.runtime.games import registered

    found = registered().get(game)
    if found is None:
        return None
    spec = importlib.util.find_spec(found.target.partition(":")[0])
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent / FILE


SEARCH_MODULES = ("search.py", "forks.py")    # of rulecraft.runtime.agents: the search agents' own code


def search_code() -> str:
    """A fingerprint of the search agents' source (the modules of :data:`SEARCH_MODULES`): a measurement
    made by other code measured another agent."""
    spec = importlib.util.find_spec("rulecraft.runtime.agents")
    assert spec is not None and spec.origin is not None
    digest = hashlib.sha256()
    for name in SEARCH_MODULES:
        digest.update((Path(spec.origin).parent / name).read_bytes())
    return digest.hexdigest()[:12]


def read(path: Path) -> list[Entry]:
    """The table's measurements (none when there is no table); StrengthTableError says what is wrong with
    one that is not a strength table."""
    if not path.exists():
        return []
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise StrengthTableError(f"{path}: not a strength table: {exc}") from None
    entries = data.get("measurements") if isinstance(data, dict) else None
    if not isinstance(data, dict) or data.get("written_by") != WRITER or not isinstance(entries, list) \
            or not all(_entry(e) for e in entries):
        raise StrengthTableError(f"{path}: not a strength table (written by {WRITER}, with measurements "
                                 "that name an agent, its opponent, the players and the score)")
    return entries


def _entry(e: Any) -> bool:
    return isinstance(e, dict) and {"agent", "against", "players", "score"} <= set(e) and \
        isinstance(e["score"], dict) and {"value", "low", "high", "n"} <= set(e["score"])


def _same_measurement(a: Entry, b: Entry) -> bool:
    return all(a.get(k) == b.get(k) for k in ("agent", "against", "players", "packs", "plugins"))


def record(path: Path, entry: Entry) -> list[Entry]:
    """Add ``entry`` to the table at ``path`` (created if absent), replacing an earlier measurement of the
    same agent against the same opponent in the same seats and stack; returns the table's measurements."""
    entries = [e for e in read(path) if not _same_measurement(e, entry)]
    entries.append(entry)
    entries.sort(key=lambda e: (e["agent"], e["against"], e["players"], e.get("packs", [])))
    text = json.dumps({"written_by": WRITER, "measurements": entries}, indent=2, allow_nan=False)
    path.write_text(text + "\n", encoding="utf-8")
    return entries


# --- which measurement speaks for a run's agent -----------------------------------------------------
def _spec(name: str, game_agents: Iterable[str]) -> search.Spec | None:
    """A search agent's parameters with its default rollout settled as the agent settles it (the game's
    heuristic, else random), so ``ismcts`` and ``ismcts@100+heuristic`` are one agent; None for an agent
    that does not search (or a malformed name)."""
    try:
        spec = search.parse(name)
    except ValueError:
        return None
    if spec is None:
        return None
    rollout = spec.rollout or (search.DEFAULT_ROLLOUT if search.DEFAULT_ROLLOUT in game_agents else "random")
    return search.Spec(spec.kind, spec.iterations, spec.seconds, rollout, spec.reward)


def full_name(spec: search.Spec) -> str:
    """A search agent's name with every parameter given: ``ismcts@100+heuristic``,
    ``flatmc@0.5s+random:margin``."""
    budget = f"{spec.seconds:g}s" if spec.seconds is not None else str(spec.iterations)
    return f"{spec.kind}@{budget}+{spec.rollout}" + ("" if spec.reward == "win" else f":{spec.reward}")


def _budget(spec: search.Spec) -> tuple[str, float]:
    return ("s", float(spec.seconds)) if spec.seconds is not None else ("it", float(spec.iterations or 1))


def _distance(a: search.Spec, b: search.Spec) -> float:
    """How far apart two budgets of one kind, rollout and reward are (a ratio: 20 is as near 40 as 80 is);
    infinite across kinds, rollouts, rewards or budget units."""
    (unit_a, a_value), (unit_b, b_value) = _budget(a), _budget(b)
    if (a.kind, a.rollout, a.reward, unit_a) != (b.kind, b.rollout, b.reward, unit_b):
        return math.inf
    return abs(math.log(a_value / b_value))


def strength(agents: Sequence[str], game_agents: Iterable[str], entries: Sequence[Entry],
             table: str, game: str, players: int | None = None) -> list[dict[str, Any]]:
    """For each search agent of ``agents``, once, for the report to quote: its measurements (``measured``);
    with none, those of the nearest budget measured (``nearest``, each with its ``full_name``; none when
    the table has none of its kind, rollout and reward); and the command that measures it in ``players``
    seats (``measure``)."""
    known = list(game_agents)
    against = search.DEFAULT_ROLLOUT if search.DEFAULT_ROLLOUT in known else "random"
    code = search_code()
    entries = [{**e, "stale": e.get("search_code") not in (None, code)} for e in entries]
    out = []
    for name in dict.fromkeys(agents):
        spec = _spec(name, known)
        if spec is None:
            continue
        specs = [(e, _spec(e["agent"], known)) for e in entries]
        measured = [e for e, s in specs if s == spec]
        near = sorted(((_distance(spec, s), e, s) for e, s in specs if s is not None and not measured),
                      key=lambda found: found[0])
        nearest = [{**e, "full_name": full_name(s)} for d, e, s in near
                   if d == near[0][0] and math.isfinite(d)]
        out.append({"agent": name, "measured": measured, "nearest": nearest, "table": table,
                    "kind": spec.kind, "rollout": spec.rollout, "reward": spec.reward,
                    "measure": f"{WRITER} --game {game} --agent {name} --against {against}"
                               + (f" --players {players}" if players else "") + " --record"})
    return out


def measurement_text(e: Entry, packs: Sequence[str] = (), players: int | None = None) -> str:
    """``beat heuristic in 66.7% [30.0, 90.3] of 6 2-seat games (3 seeds x 2 seatings) on mecha-core
    (rulecraft strength ..., 2026-12-02, rulecraft 0.1.0)``; with the run's ``packs`` and ``players``, a
    word where the measurement's stack or seats differ."""
    verb = "beat" if e["players"] == 2 else "finished above"
    stack = "+".join(e.get("packs") or ()) or "its core pack"
    other = (f", not this run's {'+'.join(packs)}" if packs and list(packs) != list(e.get("packs") or ())
             else "")
    seeds = f" ({e['seeds']} seeds x {e['seatings']} seatings)" if "seeds" in e else ""
    seats = f", not this run's {players}" if players is not None and players != e["players"] else ""
    made = ", ".join(filter(None, (e.get("command"), e.get("date"),
                                   e.get("version") and f"rulecraft {e['version']}")))
    stale = ("; measured with other search code than this rulecraft's (the search agents changed since): "
             "measure it again" if e.get("stale") else "")
    return (f"{verb} {e['against']} in {pct(e['score'])} of {e['score']['n']} {e['players']}-seat games"
            f"{seats}{seeds} on {stack}{other} ({made}){stale}")


def rows(found: Sequence[dict[str, Any]], packs: Sequence[str] = (), players: int | None = None
         ) -> list[tuple[str, str]]:
    """The report's lines: (agent, what was measured of it)."""
    out = []
    for agent in found:
        if agent["measured"]:
            out += [(agent["agent"], measurement_text(e, packs, players)) for e in agent["measured"]]
        elif agent["nearest"]:
            out += [(agent["agent"], f"not measured at this budget; the nearest measured, {e['full_name']}, "
                                     f"{measurement_text(e, packs, players)}") for e in agent["nearest"]]
        else:
            out.append((agent["agent"], f"not measured: the game's strength table has no {agent['kind']} "
                                        f"with {agent['rollout']} rollouts and the {agent['reward']} "
                                        f"reward (`{agent['measure']}` measures it)"))
    return out


NOTE = ("Every figure of this report is a figure for its agents. A search agent's strength is the one "
        f"`{WRITER}` measured and recorded in the game's strength table: the share of its games against the "
        "other agent in which it finished above it (a tie half), with its 95% Wilson interval, every seed "
        "played in every seating.")


def section(found: Sequence[dict[str, Any]], packs: Sequence[str] = (), players: int | None = None
            ) -> Section:
    table = found[0]["table"] if found else ""
    return Section("Search agents: measured strength", ("agent", "measured strength"),
                   tuple(rows(found, packs, players)), f"{NOTE} Table: {table}.", justify="ll")


def of_run(agents: Sequence[str], game: str | None, game_agents: Mapping[str, Any],
           players: int | None = None) -> dict[str, Any] | None:
    """What a run's report says of its search agents' strength (None: it seats none): the agents, and a
    table that cannot be read as a ``problem`` instead of a failed report."""
    if game is None or not any(_spec(a, game_agents) for a in agents):
        return None
    path = table_path(game)
    if path is None:
        return None
    if path.is_relative_to(Path.cwd()):       # as a reader in this folder opens it
        path = path.relative_to(Path.cwd())
    try:
        entries = read(path)
    except StrengthTableError as exc:
        return {"agents": [], "problem": str(exc)}
    return {"agents": strength(agents, game_agents, entries, str(path), game, players), "problem": ""}


def blocks(found: dict[str, Any] | None, packs: Sequence[str] = (), players: int | None = None) -> list[Any]:
    """The report's strength section (nothing for a run without a search agent), a word where a measurement
    was made on another stack than the run's ``packs`` or in other than its ``players`` seats."""
    if found is None:
        return []
    if found["problem"]:
        return [Section("Search agents: measured strength", ("",), ((found["problem"],),), NOTE)]
    return [section(found["agents"], packs, players)]
