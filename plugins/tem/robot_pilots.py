"""Run: Robot Pilots, the solo mode of Tiny Epic Mechs (quick reference "Robot Pilot Rules", RULINGS R1-R8).

A whole rule variant as an ordinary plugin: name it ``robot-pilots`` in a pack's ``plugins:`` or with
``--plugin robot-pilots``. A seat is a Robot when its agent is a :class:`RobotSeat` (``agent.robot``);
every other seat plays by the core rules, so Robots can fill seats of any game. With one non-Robot seat
(solo mode, :func:`solo_game`) the R1 table applies: the 3-player arena, the human on the north-most
Base, the human first every round.

The rule changes are hook implementations; the Robot's own choices (its shuffled program stack, which
weapon it flips, its random Mine, which Advanced weapons it equips) are :class:`RobotSeat`'s answers to the
engine's ordinary decisions, so they are logged and replayed like any player's. Everything the Robot
does by rule (movement by card, fallback to Collect, paying the most for boosts) is decided here.

Where R1-R8 leave a detail open, this module rules (designed; on the rulings page, "Robot details"):
sight ties go forward, then left, then right; a Robot blocked both ways stays, facing back; a jump with
several humans in line picks the nearest (then the lowest seat); after jumping into a human's zone it
faces the human's Base along the longer axis (rows on a tie); a Robot uses a flipped weapon's Power
Attack whenever it is legal; like anyone it needs an Advanced weapon to take the Mighty Mech (E1, T12:
the Mech holds Advanced weapons only); Robot A (Pulse Pistol + Energy Sword) is the first Robot
clockwise from the human (the left one), Robot B the next; in solo mode the left Robot takes the next
Base clockwise.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rulecraft.plugins.hookspecs import hookimpl
from rulecraft.plugins.tem import kinds as D
from rulecraft.plugins.tem.model import (
    ADVANCED,
    BASE_ZONE,
    COLLECT,
    CREDITS,
    DEPLOY_MINE,
    DEPLOY_TURRET,
    ENERGY,
    MECH,
    POWER_ARMOR,
    POWER_UP,
    PURCHASE,
    Ruleset,
)
from rulecraft.plugins.tem.state import MINE, TURRET
from rulecraft.runtime.decisions import Decision, RecordedAgent, ScriptedAgent
from rulecraft.runtime.errors import GameError
from rulecraft.runtime.outcomes import of_seat, solo_against
from rulecraft.runtime.seats import clockwise

NAME = "robot-pilots"
# R1: the fixed Basic loadouts of Robot A and Robot B (both start with the Pulse Pistol).
LOADOUTS = {"A": ("pulse-pistol", "energy-sword"), "B": ("pulse-pistol", "grenade-launcher")}
MAX_ADVANCED = 4                      # R3: a Robot stops buying Advanced weapons at 4
NORTH = "N"
LEFT = {"N": "W", "W": "S", "S": "E", "E": "N"}
RIGHT = {v: k for k, v in LEFT.items()}
BACK = {"N": "S", "S": "N", "E": "W", "W": "E"}


@dataclass
class Robots:
    """The Robot seats of one game and their loadout letters (R1); each Robot's facing is its
    ``player.facing`` (R2)."""

    seats: frozenset[int]
    loadout: dict[int, str]
    humans: tuple[int, ...]

    @property
    def solo(self) -> bool:
        """R1's table: exactly one human against Robots."""
        return len(self.humans) == 1 and bool(self.seats)


def robots(game) -> Robots:
    """The game's Robots, found once from its agents (a seat is a Robot when ``agent.robot`` is true) and
    kept in the game's stash under this plugin's name."""
    found = game.stash.get(NAME)
    if found is None:
        seats = [p.seat for p in game.players if getattr(game.agents[p.seat], "robot", False)]
        humans = tuple(p.seat for p in game.players if p.seat not in seats)
        n = len(game.players)
        first = humans[0] if humans else 0
        left_first = [seat for seat in clockwise(first, n) if seat in seats]   # the left Robot first (R1)
        letters = {seat: "AB"[k % 2] for k, seat in enumerate(left_first)}
        found = game.stash[NAME] = Robots(frozenset(seats), letters, humans)
    return found


def is_robot(game, player) -> bool:
    return player.seat in robots(game).seats


def facing(game, player) -> str:
    """Where a Robot faces (north until it moves, R1)."""
    return player.facing or NORTH


def set_facing(game, player, direction: str, why: str) -> None:
    """Turn a Robot; a ``robot-facing`` event says so when the facing changes (or is first set)."""
    if player.facing != direction:
        player.facing = direction
        game.emit("robot-facing", player=player.seat, facing=direction, why=why)


# --- setup (R1) -------------------------------------------------------------------------------
@hookimpl
def rulecraft_setup_player(game, player):
    """R1: no pilot card; Power Armor at full health (never lost), starting resources and supplies."""
    if not is_robot(game, player):
        return None
    rules = game.rules
    player.pilot, player.dealt_pilots = None, ()
    player.status, player.health = POWER_ARMOR, rules.power_armor_health
    player.energy = rules.starting_resources.get(ENERGY, 0)
    player.credits = rules.starting_resources.get(CREDITS, 0)
    player.mine_supply = list(rules.mine_numbers)
    player.turret_supply = rules.turrets
    game.emit("robot", player=player.seat, loadout=robots(game).loadout[player.seat], status=POWER_ARMOR,
              health=player.health)
    return True


@hookimpl
def rulecraft_place_bases(game):
    """R1: the human takes the single north-most Base; the Robots take the others, clockwise from it."""
    state = robots(game)
    if not state.solo:
        return None
    slots = game.board.arena.slots
    bases = [c for c, s in enumerate(slots) if s == BASE_ZONE]
    human = game.players[state.humans[0]]
    north = min(bases, key=lambda c: game.board.coords(c))
    game.place_base(human, north)
    n = len(game.players)
    others = sorted((c for c in bases if c != north), key=lambda c: _clockwise(game, north, c))
    for seat, cell in zip(sorted(state.seats, key=lambda s: (s - human.seat) % n), others, strict=False):
        game.place_base(game.players[seat], cell)
    return True


def _clockwise(game, start: int, cell: int) -> float:
    """The clockwise angle from ``start`` to ``cell`` around the arena's centre (north up)."""
    rows, cols = game.board.rows, game.board.cols

    def angle(c: int) -> float:
        r, col = game.board.coords(c)
        return math.atan2(col - (cols - 1) / 2, (rows - 1) / 2 - r)

    return (angle(cell) - angle(start)) % (2 * math.pi)


@hookimpl
def rulecraft_starting_player(game):
    """R1: in solo mode the human goes first every round, then the left Robot, then the right one."""
    state = robots(game)
    return state.humans[0] if state.solo else None


@hookimpl
def rulecraft_setup_done(game):
    """R1: each Robot equips its fixed loadout (taken from the Basic piles) and faces north."""
    for seat in sorted(robots(game).seats):
        _equip_loadout(game, game.players[seat])


def _equip_loadout(game, p) -> None:
    for wid in LOADOUTS[robots(game).loadout[p.seat]]:
        if wid not in game.ruleset.weapons:
            raise KeyError(f"R1 needs the Basic weapon {wid!r}, which the pack does not define")
        if wid not in p.owned:
            p.owned.append(wid)
            game.piles[wid] = max(0, game.piles.get(wid, 0) - 1)
        if wid not in p.equipped:
            p.equipped.append(wid)
    game.emit("robot-loadout", player=p.seat, equipped=list(p.equipped), piles=dict(game.piles))
    set_facing(game, p, NORTH, "setup")


# --- movement (R2, R7) ------------------------------------------------------------------------
@hookimpl
def rulecraft_move_destination(game, player, card, orientation):
    """R2: a Robot moves by its card and what it sees, never by the card's arrow."""
    if not is_robot(game, player):
        return None
    movement = game.rules.movements[card.movement]
    if movement.jump:
        return _jump(game, player, movement)
    return _step(game, player, card.action)


def _robot_at(game, cell: int, other_than) -> bool:
    """R7: a Robot never enters another Robot's zone."""
    seats = robots(game).seats
    return any(q.pos == cell and q is not other_than and q.seat in seats for q in game.players)


def _step(game, player, action: str | None) -> int:
    """R2: Collect forward; Deploy to the highest-valued seen zone; Purchase and Power Up to the lowest;
    ties forward (then left, then right); blocked by a wall or a Robot: turn 180 degrees, step forward."""
    board = game.board
    ahead = facing(game, player)
    sight = [(d, board.target(1, d, player.pos)) for d in (ahead, LEFT[ahead], RIGHT[ahead])]
    seen = [(d, c) for d, c in sight if c >= 0]
    if action in (DEPLOY_MINE, DEPLOY_TURRET) and seen:
        best = max(board.zones[c].value for _, c in seen)
        direction, dest = next((d, c) for d, c in seen if board.zones[c].value == best)
    elif action in (PURCHASE, POWER_UP) and seen:
        low = min(board.zones[c].value for _, c in seen)
        direction, dest = next((d, c) for d, c in seen if board.zones[c].value == low)
    else:
        direction, dest = sight[0]
    blocked = dest < 0 or _robot_at(game, dest, player)
    game.emit("robot-sight", player=player.seat, facing=ahead, action=action,
              sees={d: board.name(c) if c >= 0 else None for d, c in sight},
              to=None if blocked else board.name(dest), blocked=blocked)
    if blocked:
        direction = BACK[ahead]
        dest = board.target(1, direction, player.pos)
        if dest >= 0 and _robot_at(game, dest, player):
            dest = -1
    set_facing(game, player, direction, "move" if dest >= 0 else "blocked")
    return dest


def _jump(game, player, movement) -> int:
    """R2: Diagonal Jump into a human's zone on a diagonal, Double Jump on the same row or column, at any
    distance; else no move. After jumping in, the Robot faces that human's Base."""
    board = game.board
    diagonal = all(len(d) == 2 for d in movement.directions)
    r0, c0 = board.coords(player.pos)
    best = None
    for seat in robots(game).humans:
        human = game.players[seat]
        if human.pos < 0 or _robot_at(game, human.pos, player):
            continue
        dr, dc = (a - b for a, b in zip(board.coords(human.pos), (r0, c0), strict=True))
        in_line = (abs(dr) == abs(dc) != 0) if diagonal else ((dr == 0) != (dc == 0))
        if in_line:
            key = (max(abs(dr), abs(dc)), seat)
            if best is None or key < best[0]:
                best = (key, human)
    if best is None:
        game.emit("robot-sight", player=player.seat, facing=facing(game, player), action=movement.id,
                  sees={}, to=None, blocked=True)
        return -1
    human = best[1]
    game.emit("robot-sight", player=player.seat, facing=facing(game, player), action=movement.id,
              sees={"human": board.name(human.pos)}, to=board.name(human.pos), blocked=False)
    direction = _towards(board, human.pos, human.base)
    if direction is not None:
        set_facing(game, player, direction, "jump")
    return human.pos


def _towards(board, frm: int, to: int) -> str | None:
    """The orthogonal direction from ``frm`` towards ``to`` along the longer axis (rows on a tie)."""
    if to < 0 or frm == to:
        return None
    (r0, c0), (r1, c1) = board.coords(frm), board.coords(to)
    dr, dc = r1 - r0, c1 - c0
    if abs(dr) >= abs(dc):
        return "S" if dr > 0 else "N"
    return "E" if dc > 0 else "W"


# --- entering a zone (R7) ---------------------------------------------------------------------
@hookimpl
def rulecraft_token_hurts(game, player, token):
    """R7: one Robot's Mines and Turrets never hurt another Robot (they stay)."""
    state = robots(game)
    if player.seat in state.seats and token.owner in state.seats:
        game.emit("robot-ally-token", player=player.seat, owner=token.owner, token=token.kind,
                  cell=game.board.name(player.pos))
        return False
    return None


# --- actions (R3, R5) -------------------------------------------------------------------------
@hookimpl
def rulecraft_perform_action(game, player, action):
    """R3: a Robot performs its card's action if it can, else it Collects; R5: Power Up in the Mech
    becomes Collect."""
    if not is_robot(game, player) or action == COLLECT:
        return None
    why = _impossible(game, player, action)
    if why is not None:
        game.emit("robot-collects", player=player.seat, instead_of=action, why=why)
        game.collect(player)
    elif action == PURCHASE:
        game.purchase(player)
    elif action == POWER_UP:
        game.power_up(player)
    else:
        game.deploy(player, MINE if action == DEPLOY_MINE else TURRET)
    return True


def _affordable(player, cost) -> bool:
    return all(player.resource(r) >= n for r, n in cost.items())


def _impossible(game, player, action: str) -> str | None:
    """Why the Robot cannot perform ``action`` (R3), or None when it can."""
    rules = game.rules
    if action == PURCHASE:
        owned = sum(game.weapon(w).tier == ADVANCED for w in player.owned)
        if owned >= MAX_ADVANCED:
            return "owns-4-advanced"
        if not any(_affordable(player, game.weapon(w).cost) for w in game.row):
            return "cannot-afford"
        return None
    if action == POWER_UP:
        if player.status == MECH:
            return "in-mighty-mech"                                   # R5
        if player.health >= game.max_health(player):
            return "full-health"
        if player.status not in rules.heal_statuses or player.resource(rules.heal_resource) < 1:
            return "cannot-afford"
        return None
    if action in (DEPLOY_MINE, DEPLOY_TURRET):
        cell = player.pos
        if cell in game.tokens:
            return "zone-taken"
        if game.mech_pos == cell and game.mech_controller != player.seat:
            return "mighty-mech-zone"
        mine = action == DEPLOY_MINE
        if not (player.mine_supply if mine else player.turret_supply):
            return "no-token"
        resource = rules.mine_cost_resource if mine else rules.turret_cost_resource
        if player.resource(resource) < game.board.zones[cell].value:
            return "cannot-afford"
        return None
    return None


# --- combat (R4) ------------------------------------------------------------------------------
@hookimpl
def rulecraft_out_of_weapons(game, player, combat):
    """R4: instead of retreating, a Robot reshuffles its weapons and goes on."""
    if not is_robot(game, player):
        return None
    combat.exhausted[player.seat].clear()
    game.emit("robot-reshuffle", player=player.seat, weapons=list(player.equipped))
    return True


@hookimpl
def rulecraft_combat_end(game, attacker, defender, outcome):
    """R4: after Combat a Robot faces north."""
    for p in (attacker, defender):
        if is_robot(game, p):
            set_facing(game, p, NORTH, "combat")


# --- KO (R5, R6) ------------------------------------------------------------------------------
@hookimpl
def rulecraft_respawn(game, player, by):
    """R6: a KO'd Robot never enters Ad Hoc Mode; it respawns on its Base (or the closest non-hostile
    zone) at full health in Power Armor, facing north. A Mighty Mech goes to whoever KO'd it."""
    if not is_robot(game, player):
        return None
    cell = player.pos
    game.demote(player, POWER_ARMOR, game.rules.power_armor_health, by)
    game.move_to(player, game.home_cell(player, cell), why="respawn")
    set_facing(game, player, NORTH, "respawn")
    game.equip_window(player, "status")
    return True


# --- the Mighty Mech (R5) ---------------------------------------------------------------------
@hookimpl
def rulecraft_may_take_mech(game, player, entering):
    """R5: a Robot takes the empty Mighty Mech at any health (entering it, or by KOing its controller),
    given an Advanced weapon to hold (E1: the Mech holds Advanced weapons only, T12)."""
    if not is_robot(game, player):
        return None
    return any(game.weapon(w).tier == ADVANCED for w in player.owned)


@hookimpl
def rulecraft_mech_taken(game, player):
    """R5: a Robot never uses the Mighty Mech's power."""
    if is_robot(game, player):
        player.mech_side = None
        game.emit("robot-no-power", player=player.seat)


# --- winning (R8) -----------------------------------------------------------------------------
@hookimpl(tryfirst=True)
def rulecraft_standing_key(game, player):
    """R8: a human wins only with more VP than each Robot: on equal VP a Robot ranks first."""
    if not robots(game).seats:
        return None
    from rulecraft.plugins.tem import core

    key = core.rulecraft_standing_key(game, player)
    return (key[0], int(is_robot(game, player)), *key[1:])


SOLO_TARGET = "more VP than each Robot (R8)"


@hookimpl
def rulecraft_game_end(game, standings):
    """R8, solo mode: the game is won or lost by its one human, at a target: more VP than each Robot,
    which is ranking first (on equal VP a Robot ranks above it, ``standing_key``). Missed, the Robots win
    together. The ranks stay; the results are settled here. With several humans Robots rank as players."""
    state = robots(game)
    if state.solo:
        human = state.humans[0]
        mine = of_seat(standings, human)
        game.standings = solo_against(standings, human, mine is not None and mine.rank == 1, SOLO_TARGET)


# --- the Robot's answers ----------------------------------------------------------------------
class RobotSeat(ScriptedAgent):
    """The agent of a Robot seat: answers the engine's decisions by the Robot Pilot procedure.

    Random parts are seeded (``seed``): its program stack (R2), its Mine number (R1, R3), which weapon it
    flips (R4), which Advanced weapons it equips past 2 (R3), ties between closest zones. A rule test may
    pin a random draw by scripting it (``runtime.api.script``): a scripted answer of the decision's kind
    comes first, every other decision is the Robot's own. With ``answers`` (``(kind, answer)`` pairs from
    a log) it replays them instead, still a Robot seat.
    """

    name = "robot"
    robot = True

    def __init__(self, seed: int | str = 0, answers: Iterable[tuple[str, Any]] | None = None) -> None:
        super().__init__(strict=False)
        self.seed = seed
        self.rng = random.Random(f"robot:{seed}")
        self.recorded = RecordedAgent(answers) if answers is not None else None

    def replaying(self, answers: Iterable[tuple[str, Any]]) -> RobotSeat:
        """This Robot seat feeding back logged answers (``rulecraft replay``)."""
        return RobotSeat(self.seed, answers)

    @property
    def needs_state(self) -> bool:
        """A replaying seat only reads its log; a playing one reads its own loadout (R3)."""
        return self.recorded is None

    def decide(self, decision: Decision, view: Any) -> Any:
        if self.recorded is not None:
            return self.recorded.decide(decision, view)
        if self.script and self.script[0][0] == decision.kind:
            return self.script.popleft()[1]
        answer = _ANSWERS.get(decision.kind)
        return answer(self, decision, view) if answer else decision.random_answer(self.rng)

    def pilot(self, decision: Decision, view: Any) -> Any:
        """R1: a Robot has no pilot card; with this plugin loaded it is never asked for one."""
        raise GameError(f"seat {decision.player} is a Robot but the {NAME} plugin is not loaded: name it in "
                        f"the pack's plugins or with --plugin {NAME}")

    def program(self, decision: Decision, view: Any) -> tuple:
        """R2: the stack is shuffled each round; the top ``pick`` cards are played in order. The arrow
        does not matter (the Robot moves by card), so each card takes its first orientation."""
        first = stack_options(decision.options)
        stack = list(first)
        self.rng.shuffle(stack)
        return tuple(first[card] for card in stack[:decision.pick])

    def basic_weapon(self, decision: Decision, view: Any) -> Any:
        """R1: both Robots start with the Pulse Pistol; the plugin adds the rest of the loadout."""
        common = LOADOUTS["A"][0]
        return common if common in decision.options else decision.random_answer(self.rng)

    def attack(self, decision: Decision, view: Any) -> Any:
        """R4: flip the top of the shuffled face-down weapons: a uniformly random ready weapon; its Power
        Attack whenever that is legal."""
        ready = sorted({wid for wid, _ in decision.options})
        wid = ready[self.rng.randrange(len(ready))]
        return (wid, True) if (wid, True) in decision.options else (wid, False)

    def equip(self, decision: Decision, view: Any) -> Any:
        """R3: as many weapons as the slots hold; with more Advanced weapons than slots, a random choice
        when a new one arrives, else the current loadout stays."""
        most = max(len(o) for o in decision.options)
        full = [o for o in decision.options if len(o) == most]
        current = decision.options[0]   # the engine lists the current loadout first when it is legal
        if decision.context.get("when") != "purchase" and current in full and \
                set(current) == set(view.state()["players"][decision.player]["equipped"]):
            return current
        return full[self.rng.randrange(len(full))]

    def purchase(self, decision: Decision, view: Any) -> Any:
        """R3: the cheapest affordable Advanced weapon, leftmost in the row on ties."""
        weapons = view.ruleset.weapons
        advanced = [w for w in decision.options if w is not None and weapons[w].tier == ADVANCED]
        if not advanced:
            return None
        return min(advanced, key=lambda w: (sum(weapons[w].cost.values()), decision.options.index(w)))

    def power_up(self, decision: Decision, view: Any) -> Any:
        """R3: heal to full (the largest heal offered)."""
        heals = [o for o in decision.options if o is not None and o[0] == "heal"]
        return max(heals, key=lambda o: o[1]) if heals else None

    def boost(self, decision: Decision, view: Any) -> Any:
        """R4: always pay the most it can for a damage boost."""
        return max(decision.options)

    def ability_choice(self, decision: Decision, view: Any) -> Any:
        """R4: a "may pay" boost is always taken; other ability choices are random."""
        if set(decision.options) == {True, False}:
            return True
        return decision.random_answer(self.rng)

    def mine_number(self, decision: Decision, view: Any) -> Any:
        numbers = [n for n in decision.options if n is not None]
        return numbers[self.rng.randrange(len(numbers))] if numbers else None

    def take_mech(self, decision: Decision, view: Any) -> Any:
        """R5: a Robot always takes control (the side is irrelevant: it never uses the power)."""
        sides = [s for s in decision.options if s is not None]
        return sides[0] if sides else None

    def deploy_turret(self, decision: Decision, view: Any) -> Any:
        return True


_ANSWERS = {
    D.PILOT: RobotSeat.pilot, D.PROGRAM: RobotSeat.program, D.BASIC_WEAPON: RobotSeat.basic_weapon,
    D.ATTACK: RobotSeat.attack,
    D.EQUIP: RobotSeat.equip, D.PURCHASE: RobotSeat.purchase, D.POWER_UP: RobotSeat.power_up,
    D.BOOST: RobotSeat.boost, D.ABILITY_CHOICE: RobotSeat.ability_choice,
    D.MINE_NUMBER: RobotSeat.mine_number, D.SETUP_MINE: RobotSeat.mine_number,
    D.TAKE_MECH: RobotSeat.take_mech, D.DEPLOY_TURRET: RobotSeat.deploy_turret,
}


def stack_options(options: Iterable[Any]) -> dict[str, Any]:
    """R2: a Robot's program stack, each of its cards once at its first orientation (a Robot moves by the
    card, not by its arrow), by card id in the options' order."""
    first: dict[str, Any] = {}
    for option in options:
        first.setdefault(option[0], option)
    return first


def make_robot_agent(seed: int | str = 0) -> RobotSeat:
    """A Robot seat's agent (the factory ``--agents robot`` uses); its game needs this plugin loaded."""
    return RobotSeat(seed)


make_robot_agent.plugins = (NAME,)   # type: ignore[attr-defined]  # agent_plugins: Robots play by R1-R8


def robot_hooks(plugins: Sequence[str] = (), installed: bool = True):
    """Hooks with the Robot Pilots plugin loaded (plus ``plugins``)."""
    from rulecraft.plugins.manager import make_hooks
    from rulecraft.plugins.tem.game import GAME

    names = list(plugins)
    if NAME not in names:
        names.append(NAME)
    return make_hooks(GAME.id, names, installed=installed)


def solo_game(ruleset: Ruleset, human_agent: Any, seed: int | str = 0, hooks: Any = None,
              listeners: Iterable = (), colours: Sequence[str] | None = None):
    """R1: a solo game (not yet played): ``human_agent`` in seat 0 against two Robots (seats 1 and 2, the
    left and the right Robot), on the 3-player arena. ``game.play()`` plays it; robots are seeded from
    ``seed``."""
    from rulecraft.plugins.tem.engine import Game

    agents = [human_agent, RobotSeat(f"{seed}/1"), RobotSeat(f"{seed}/2")]
    return Game(ruleset, agents, seed=seed, hooks=hooks if hooks is not None else robot_hooks(),
                listeners=listeners, colours=colours)
