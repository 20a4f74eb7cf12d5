"""Run: the scenario-facing API: build a game in any state, play given cards, read state and events.

Rule tests (given/when/then) use only this module::

    from rulecraft.plugins.tem import api
    game = api.table(ruleset, colours=("red", "blue"), zones={"r2c2": "mech-zone", ...})
    api.set_player(game, 0, at="r1c2", status="power-armor", health=9, energy=5, equipped=["energy-sword"])
    api.place_token(game, "r1c3", owner=1, kind="mine", number=3)
    api.script(game, 0, [("attack", ("energy-sword", False))])
    start = len(game.events)
    api.play_card(game, 0, "red-collect", "E")
    api.state(game)["players"][0]["vp"]; game.events[start:]

``table`` skips the random setup: the arena is filled from ``zones`` (cell -> zone id; unlisted slots are
filled from the remaining zones of their kind, shuffled by the game's chance as the weapon deck is), each
player gets its Base, its first dealt pilot, starting health and resources, full supplies and its first
Basic weapon, unless told otherwise. Every seat's agent is a strict :class:`ScriptedAgent` by default, so
an unscripted decision raises (XMage's strict choose mode). Cells are named ``r<row>c<col>`` (north-west
is r0c0); a placed zone's id may be used instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rulecraft.plugins.tem import kinds as D
from rulecraft.plugins.tem.combat import Combat
from rulecraft.plugins.tem.engine import Game
from rulecraft.plugins.tem.model import (
    ADVANCED,
    BASE_ZONE,
    MECH,
    MECH_ZONE,
    PILOT,
    POWER_ARMOR,
    RESOURCE_ZONE,
    Ruleset,
)
from rulecraft.plugins.tem.state import MINE, TURRET, Token
from rulecraft.runtime.decisions import Agent, ScriptedAgent
from rulecraft.runtime.outcomes import Standing

CELL_DECISIONS = frozenset({D.ZONE, D.BASE, D.MOVE_TOKEN})

__all__ = ["Game", "begin_round", "cell", "combat_under_way", "continue_combat", "end_round", "finish",
           "finish_round", "new_game", "place_token", "play_card", "play_round", "play_to_end", "script",
           "set_clock", "set_market", "set_mech", "set_player", "setup", "state", "table"]


def cell(game: Game, where: str | int | tuple[int, int]) -> int:
    """A cell index from ``"r2c3"``, ``(2, 3)``, a placed zone id, or an index."""
    if isinstance(where, int):
        return where
    if isinstance(where, tuple):
        return game.board.cell(*where)
    if where.startswith("r") and "c" in where[1:]:
        row, col = where[1:].split("c", 1)
        if row.isdigit() and col.isdigit():
            if int(row) >= game.board.rows or int(col) >= game.board.cols:
                raise KeyError(f"{where} is outside the {game.board.rows}x{game.board.cols} arena")
            return game.board.cell(int(row), int(col))
    for index, zone in enumerate(game.board.zones):
        if zone is not None and zone.id == where:
            return index
    raise KeyError(f"no cell or placed zone named {where!r}")


def table(ruleset: Ruleset, colours: Sequence[str] = ("red", "blue"), agents: Sequence[Agent] | None = None,
          seed: int | str = 0, hooks: Any = None, zones: Mapping[str, str] | None = None,
          bases: Mapping[str, str] | None = None, starting_player: int = 0, round: int = 1,
          listeners: Iterable = ()) -> Game:
    """A game ready for its first turn of ``round``, without the random setup decisions. A variant's
    ``setup_player`` hook may set a seat up instead of the defaults, and ``setup_done`` runs at the end."""
    agents = list(agents) if agents is not None else [ScriptedAgent() for _ in colours]
    game = Game(ruleset, agents, seed=seed, hooks=hooks, listeners=listeners, colours=colours)
    slots = game.board.arena.slots
    explicit = {cell(game, k): ruleset.zones[v] for k, v in (zones or {}).items()}
    base_cells = {c: cell(game, v) for c, v in (bases or {}).items()}
    used = {z.id for z in explicit.values()}
    spare = [z for z in ruleset.resource_zones() if z.id not in used]
    game.shuffle(spare, "resource zones")
    for index, slot in enumerate(slots):
        if index in explicit:
            game.board.place(index, explicit[index])
        elif slot == RESOURCE_ZONE and spare:
            game.board.place(index, spare.pop())
        elif slot == MECH_ZONE and "mech-zone" not in used:
            game.board.place(index, ruleset.mech_zone())
    free_bases = [i for i, s in enumerate(slots) if s == BASE_ZONE and i not in explicit
                  and i not in base_cells.values()]
    rules = ruleset.rules
    for p in game.players:
        where = base_cells.get(p.colour)
        if where is None:
            if not free_bases:
                raise ValueError(f"no free Base slot of {game.board.arena.id} is left for {p.colour}: "
                                 f"zones cover the others")
            where = free_bases.pop(0)
        game.board.place(where, ruleset.base_zone(p.colour))
        p.base = p.pos = where
        if game.hooks.setup_player(game, p):    # a variant sets this seat up (a Robot, R1)
            continue
        p.pilot = sorted(ruleset.pilots)[p.seat]
        p.dealt_pilots = (p.pilot,)
        p.status, p.health = PILOT, ruleset.pilots[p.pilot].health
        p.energy = rules.starting_resources.get("energy", 0)
        p.credits = rules.starting_resources.get("credits", 0)
        p.mine_supply, p.turret_supply = list(rules.mine_numbers), rules.turrets
        first_basic = ruleset.basic_weapons[0].id
        p.owned, p.equipped = [first_basic], [first_basic]
    for index, zone in enumerate(game.board.zones):
        if zone is not None and zone.kind == MECH_ZONE:
            game.mech_pos = index
    n = len(game.players)
    game.piles = {w.id: n - sum(p.owned.count(w.id) for p in game.players) for w in ruleset.basic_weapons}
    game.deck = [w.id for w in ruleset.advanced_weapons for _ in range(w.copies)]
    game.shuffle(game.deck, "advanced weapon deck")
    game.row, game.deck = game.deck[:rules.advanced_row], game.deck[rules.advanced_row:]
    game.start_seat = starting_player
    game.round = round - 1
    game.hooks.setup_done(game)
    game.emit("setup", players=list(colours), arena=game.board.arena.id, seed=seed, scenario=True)
    return game


def set_player(game: Game, seat: int, *, at: str | int | None = None, **fields: Any) -> None:
    """Set any of a player's fields (see ``Player``): status, health, energy, credits, vp, owned, equipped,
    purchased, mine_supply, turret_supply, pilot, ad_hoc, ad_hoc_first, program, mech_side, facing (a
    Robot's, R2); ``at`` a cell. Status ``mighty-mech`` takes control of the Mech the engine's way
    (:func:`set_mech`)."""
    p = game.players[seat]
    if fields.get("status") == MECH and game.mech_controller != seat:
        health = fields.pop("health", None)
        side = fields.pop("mech_side", None)
        del fields["status"]
        set_player(game, seat, at=at, **fields)
        set_mech(game, None, seat, side)
        if health is not None:
            p.health = health
        return
    if "status" in fields and "health" not in fields:
        fields["health"] = {PILOT: None, POWER_ARMOR: game.rules.power_armor_health,
                            MECH: game.rules.mech_health}[fields["status"]]
    if fields.get("facing") is not None and p.facing is None:
        raise ValueError(f"{p.colour} moves by its cards' arrows (T4) and has no facing; only a pilot "
                         f"moving by sight has one (a Robot, R2)")
    for name, value in fields.items():
        if not hasattr(p, name):
            raise AttributeError(f"a player has no field {name!r}")
        if name in ("owned", "equipped", "purchased", "mine_supply", "used"):
            value = list(value)
        elif name == "program":
            value = [tuple(item) for item in value]
        setattr(p, name, value)
    if "pilot" in fields and "health" not in fields and p.status == PILOT:
        p.health = game.ruleset.pilots[fields["pilot"]].health   # the pilot just given
    if p.health is None:
        p.health = game.max_health(p)
    if "owned" in fields and "equipped" not in fields:
        p.equipped = [w for w in p.equipped if w in p.owned] or p.owned[:1]
    for w in p.equipped:
        if w not in p.owned:
            p.owned.append(w)
    if at is not None:
        p.pos = cell(game, at)
        if game.mech_controller == seat:
            game.mech_pos = p.pos


def place_token(game: Game, where: str | int, owner: int, kind: str, number: int | None = None) -> None:
    """Deploy a Mine (with its number) or Turret of ``owner`` from its supply (one per zone)."""
    index = cell(game, where)
    if index in game.tokens:
        raise ValueError(f"{game.board.name(index)} already holds a token (one per zone)")
    p = game.players[owner]
    if kind == MINE:
        if number not in p.mine_supply:
            raise ValueError(f"player {owner} has no Mine {number} in supply")
        p.mine_supply.remove(number)
    elif kind == TURRET:
        if p.turret_supply <= 0:
            raise ValueError(f"player {owner} has no Turret left")
        p.turret_supply -= 1
        number = None
    else:
        raise ValueError(f"unknown token kind {kind!r}")
    game.tokens[index] = Token(owner, kind, number)


def set_mech(game: Game, where: str | int | None = None, controller: int | None = None,
             side: str | None = None) -> None:
    """Put the Mighty Mech in a zone, empty or controlled by ``controller`` (on ``side``, default the first).
    A controller takes it as in play (``Game.take_mech``: full Mech health, the ``mech_taken`` hook, so a
    Robot has no power, R5) but scores no entry VP, and holds its owned Advanced weapons (T12)."""
    if controller is not None:
        p = game.players[controller]
        if where is not None:
            p.pos = cell(game, where)
        game.take_mech(p, side or game.ruleset.mech_sides[0].id)
        if not any(game.weapon(w).tier == ADVANCED for w in p.equipped):
            held = game.rules.slots[MECH].advanced
            p.equipped = [w for w in p.owned if game.weapon(w).tier == ADVANCED][:held]
        return
    game.mech_controller = None
    if where is not None:
        game.mech_pos = cell(game, where)


def combat_under_way(game: Game, attacker: int, defender: int,
                     exhausted: Mapping[int, Iterable[str]] | None = None, last_type: str | None = None,
                     next_seat: int | None = None) -> Combat:
    """A Combat already under way in the zone ``attacker`` (the mover, who started it) shares with
    ``defender``: the weapons each has used (``exhausted``, T13) and ``last_type``, the type of the attack
    just made against ``next_seat`` (default the attacker), who attacks next. Go on with
    :func:`continue_combat`."""
    mover, target = game.players[attacker], game.players[defender]
    if attacker == defender or mover.pos != target.pos or mover.pos < 0:
        raise ValueError(f"a Combat is between two players in one zone: {mover.colour} is at "
                         f"{game.board.name(mover.pos)}, {target.colour} at {game.board.name(target.pos)}")
    combat = Combat(mover, target)
    for seat, weapons in (exhausted or {}).items():
        unequipped = [w for w in weapons if w not in game.players[seat].equipped]
        if unequipped:
            raise ValueError(f"{game.players[seat].colour} has not equipped {', '.join(unequipped)}: only "
                             f"equipped weapons are exhausted by attacking (T13)")
        combat.exhausted[seat].update(weapons)
    if last_type is not None:
        types = {*game.rules.counters, *game.rules.counters.values()}
        if last_type not in types:
            raise ValueError(f"no weapon type {last_type!r}; the types are {', '.join(sorted(types))}")
        combat.last_type[attacker if next_seat is None else next_seat] = last_type
    return combat


def continue_combat(game: Game, combat: Combat, next_seat: int) -> list[dict]:
    """Play ``combat`` to its end from ``next_seat``'s attack, in the mover's turn; returns its events.
    What would follow it in the turn (a Turret in the zone, T8) is not played."""
    start = len(game.events)
    game.current = combat.mover.seat
    try:
        game.resume_combat(combat, game.players[next_seat])
    finally:
        game.current = None
    return game.events[start:]


def script(game: Game, seat: int, answers: Iterable[tuple[str, Any]]) -> None:
    """Queue ``(decision kind, answer)`` pairs for a seat's ScriptedAgent. Answers naming a cell (zone,
    base, move-token) may use ``"r2c3"`` or a placed zone id."""
    agent = game.agents[seat]
    if not isinstance(agent, ScriptedAgent):
        raise TypeError(f"seat {seat} is not played by a ScriptedAgent")
    for kind, answer in answers:
        if kind in CELL_DECISIONS and isinstance(answer, str):
            answer = cell(game, answer)
        agent.add(kind, answer)


def play_card(game: Game, seat: int, card: str, orientation: str) -> list[dict]:
    """Seat ``seat`` plays ``card`` facing ``orientation`` as its next turn; returns the turn's events."""
    start = len(game.events)
    p = game.players[seat]
    if game.round == 0:
        game.round = 1
    if not p.ad_hoc:
        p.program = [*p.program[:p.revealed], (card, orientation), *p.program[p.revealed:]]
        game.take_turn(p)
    else:
        # the card choice comes first in the turn, after the turn-start equip window if that asks
        agent = game.agents[seat]
        if not isinstance(agent, ScriptedAgent):
            raise TypeError(f"seat {seat} is not played by a ScriptedAgent")
        first = 1 if len(game.loadouts(p)) > 1 and agent.script and agent.script[0][0] == D.EQUIP else 0
        agent.script.insert(first, (D.AD_HOC_CARD, (card, orientation)))
        game.take_turn(p)
    return game.events[start:]


def finish_round(game: Game, from_turn: int = 1, from_seat: int | None = None) -> None:
    """Play the rest of the round from ``from_turn`` (and, in that turn, from ``from_seat``), then end it."""
    for turn in range(from_turn, game.rules.turns_per_round + 1):
        game.turn = turn
        for p in game.order():
            if turn == from_turn and from_seat is not None and _before(game, p.seat, from_seat):
                continue
            game.take_turn(p)
    game.end_round()


def _before(game: Game, seat: int, first: int) -> bool:
    n = len(game.players)
    return (seat - game.start_seat) % n < (first - game.start_seat) % n


def play_round(game: Game) -> None:
    """A whole round: program phase (scripted ``program`` decisions) then four turns, then round end."""
    game.play_round()


def play_to_end(game: Game) -> list[Standing]:
    """Every remaining round, then final scoring; returns the standings."""
    while game.round < game.rules.rounds:
        game.play_round()
    return game.finish()


def new_game(ruleset: Ruleset, colours: Sequence[str] = ("red", "blue"), seed: int | str = 0,
             hooks: Any = None, agents: Sequence[Agent] | None = None) -> Game:
    """A game before its setup, every seat a strict ScriptedAgent unless ``agents`` says otherwise: script
    the setup decisions, then :func:`setup`."""
    agents = list(agents) if agents is not None else [ScriptedAgent() for _ in colours]
    return Game(ruleset, agents, seed=seed, hooks=hooks, colours=colours)


def setup(game: Game) -> None:
    """The whole setup with its decisions (pilots, Bases, setup Mines, Basic weapons)."""
    game.setup()


def set_clock(game: Game, round: int, turn: int) -> None:
    """Put the game in ``round`` at ``turn`` (a table built by :func:`table` stands before its round)."""
    game.round, game.turn = round, turn


def set_market(game: Game, row: Sequence[str] | None = None, deck: Sequence[str] | None = None,
               piles: Mapping[str, int] | None = None) -> None:
    """Set the face-up Advanced row, the Advanced deck (top first) and/or the Basic piles' counts."""
    for wid in [*(row or ()), *(deck or ()), *(piles or {})]:
        if wid not in game.ruleset.weapons:
            raise KeyError(f"no weapon {wid!r} in the ruleset")
    if row is not None:
        game.row = list(row)
        if deck is None:         # the row's cards come out of the deck, so no card is in both
            for wid in row:
                if wid in game.deck:
                    game.deck.remove(wid)
    if deck is not None:
        game.deck = list(deck)
    if piles is not None:
        game.piles.update(piles)


def begin_round(game: Game) -> None:
    """Start the next round without its program phase (programs reset, Ad Hoc Mode ends)."""
    game.begin_round()


def end_round(game: Game) -> None:
    """End the current round: scoring on scoring rounds (T14), the Starting Token passes (T5)."""
    game.end_round()


def finish(game: Game) -> list[Standing]:
    """Final scoring and standings (T15), whatever the round."""
    return game.finish()


def state(game: Game) -> dict[str, Any]:
    """The whole state as plain data (the omniscient picture; see views.view_for for one player's)."""
    return game.snapshot()
