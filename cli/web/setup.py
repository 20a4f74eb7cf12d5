"""Load: the pack stacks ``rulecraft serve`` offers and the log header of a new table.

The stacks are the command line's (each ``PACK`` argument is one stack; packs joined by commas layer as
``rulecraft play``'s do), or with none each registered game's core pack. The lobby's form names a stack by
its number, the seats by person or agent name and a seed: never a pack, a file or a path. A table's header
is built as ``rulecraft play`` builds one (``cli/play_ui.py``'s loading, seat names and ``logs.header``),
with as many people's seats as the form asks.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulecraft.cli.play_ui import load, stack_game
from rulecraft.cli.web.pages import Stack
from rulecraft.cli.web.store import PERSON
from rulecraft.runtime import logs
from rulecraft.runtime.agents import agent_names, agent_plugins
from rulecraft.runtime.balance.records import seat_names
from rulecraft.runtime.decisions import RandomAgent
from rulecraft.runtime.game import GameCore
from rulecraft.runtime.games import agents_for, engine_for, get, known_games
from rulecraft.runtime.session import OUTSIDE_KINDS

MOST_SEED = 64
RULES = "/rules"      # where ``serve --site`` serves the built rules site


@dataclass(frozen=True)
class StackChoice:
    """A stack the lobby offers: what the browser is shown (``stack``) and the packs it loads."""

    stack: Stack
    packs: tuple[str, ...]


def stack_choices(arguments: Sequence[str]) -> list[StackChoice]:
    """The stacks of the command line's PACK arguments, or every registered game's core pack."""
    stacks: list[tuple[str, ...]] = [tuple(p for p in argument.split(",") if p) for argument in arguments]
    games = [stack_game(list(packs), "") for packs in stacks] if stacks else known_games()
    if not stacks:
        stacks = [() for _ in games]
    choices = []
    for number, (packs, game) in enumerate(zip(stacks, games, strict=True)):
        definition = get(game)
        names = " + ".join(Path(p).name for p in packs) or f"{definition.default_pack} (core)"
        agents = tuple(name for name in agent_names(agents_for(game)) if name not in OUTSIDE_KINDS)
        choices.append(StackChoice(Stack(number, game, f"{definition.name}: {names}", definition.players,
                                         agents), tuple(str(Path(p).resolve()) for p in packs)))
    return choices


def table_header(choice: StackChoice, form: Mapping[str, str]) -> tuple[dict[str, Any], bool]:
    """The log header of a new table from the lobby's form (``players``, ``seatN``, ``seed``), and whether
    its game has a public view (spectators). A value the stack does not offer is a ValueError saying so."""
    stack = choice.stack
    try:
        players = int(form.get("players", ""))
    except ValueError:
        raise ValueError("choose how many players") from None
    if not stack.players[0] <= players <= stack.players[1]:
        raise ValueError(f"{stack.title} seats {stack.players[0]}-{stack.players[1]} players")
    agents = [form.get(f"seat{seat}", PERSON) for seat in range(players)]
    for kind in agents:
        if kind != PERSON and kind not in stack.agents:
            raise ValueError(f"no agent {kind!r}; a seat is a person or one of {', '.join(stack.agents)}")
    if PERSON not in agents:
        raise ValueError("seat at least one person: a table of agents alone is `rulecraft sim`'s")
    seed = form.get("seed", "").strip()
    if not seed or len(seed) > MOST_SEED or not seed.isprintable():
        raise ValueError(f"a seed is 1-{MOST_SEED} printable characters")
    game_agents = agents_for(stack.game)
    ruleset, hooks, plugins = load(list(choice.packs), agent_plugins(agents, game_agents), stack.game)
    try:
        probe = engine_for(stack.game)(ruleset, [RandomAgent(s) for s in range(players)], seed=seed,
                                       hooks=hooks)
    except ValueError as exc:
        raise ValueError(f"{players} players: {exc}") from None
    head = logs.header(ruleset, list(choice.packs), plugins, seed, seat_names(probe), agents)
    return head, type(probe).public_view is not GameCore.public_view


def rulings_pages(site: Path) -> dict[str, str]:
    """Each registered game's rulings page in a built rules ``site`` (``make docs``, ``rulecraft docs``), as
    served under :data:`RULES`: ``games/<id>/rulings.html`` (the shipped games' sites beside the first), else
    the site's own ``rulings.html`` when its anchors are that game's ruling ids (``#t18``: Tiny Epic
    Mechs)."""
    own = site / "rulings.html"
    text = own.read_text("utf-8", "replace") if own.is_file() else ""
    anchors = set(re.findall(r'id="([a-z])\d+"', text))
    pages = {}
    for game in known_games():
        if (site / "games" / game / "rulings.html").is_file():
            pages[game] = f"{RULES}/games/{game}/rulings.html"
        elif {letter.lower() for letter in get(game).rulings} & anchors:
            pages[game] = f"{RULES}/rulings.html"
    return pages
