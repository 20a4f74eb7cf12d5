"""Run: Tiny Epic Mechs' hidden information over a game (T16): what an event shows a seat, and resampling
everything a seat cannot see.

:func:`view_for` (``views.py``) says what a seat sees *now*; this module adds time:

- :func:`reveals` (the engine's ``GameCore.reveals``): whether an event shows a seat something its own
  answers did not decide, which a session's undo may not take back. Another seat's program (T4, T16), its
  setup Mine (T17) and its Basic pick (setup N) are secret answers: they show nothing until a ``reveal``
  turns the card, a ``mine`` shows the number (T8) or ``basic-weapons`` shows every pick. Every chance
  event shows its outcome at once (the zones are laid face up, each seat sees the pilots it is dealt, the
  Advanced row is dealt face up, the Starting Player is named), and an Advanced purchase refills the row
  from the deck (a card nobody chose).
- :func:`determinize` (the definition's ``determinize``): in a game paused at one of ``seat``'s decisions,
  resample in place all that seat cannot see, consistently with what it has seen (T16): the Advanced deck's
  order; every other seat's unrevealed program cards, as another legal program of that seat (a Robot's as
  the unseen rest of its shuffled stack, R2); the numbers of every other seat's Mines, deployed and in
  supply, keeping each number the seat has seen trigger where it has been seen to go (T8); the pilot
  cards dealt to the others and not chosen; the others' Basic picks while they are secret.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rulecraft.plugins.tem import kinds as D
from rulecraft.plugins.tem.model import ADVANCED, PILOT
from rulecraft.plugins.tem.state import MINE, Player

if TYPE_CHECKING:
    from rulecraft.plugins.tem.engine import Game

SECRET_ANSWERS = frozenset({D.PROGRAM, D.SETUP_MINE, D.BASIC_WEAPON})   # T16, T17, setup N
SUPPLY = "supply"   # where a Mine number is when it is not on a deployed Mine


def reveals(game: Game, event: dict[str, Any], seat: int) -> bool:
    """Whether ``event`` shows ``seat`` something its own answers did not decide (see the module)."""
    kind = event["e"]
    if kind == "decision":
        return event["player"] != seat and event["kind"] not in SECRET_ANSWERS
    if kind == "reveal":
        return event["player"] != seat           # another seat's program card turned (T16)
    if kind == "mine":
        return event["owner"] != seat            # its number (T8)
    if kind == "purchase":
        return game.weapon(event["weapon"]).tier == ADVANCED   # the row refilled from the deck (T12)
    return kind in ("chance", "basic-weapons")


def determinize(game: Game, seat: int, rng: random.Random) -> None:
    """Resample in place all that ``seat`` cannot see, consistently with what it has seen (see the module),
    drawing from ``rng`` only. The game's own chance source is untouched: a fork determinized this way still
    holds the real game's future chance (its next shuffles and random setup picks), so a search agent that
    must not rely on it reseeds the fork's ``rng`` as well. Mine numbers are read from the game's log, so
    the game keeps its full log (not a batch's summary mode)."""
    from rulecraft.plugins.tem import robot_pilots  # a Robot's answers follow R1 and R2

    game.deck.sort()     # each resampling starts from what the seat knows, never from a hidden order
    rng.shuffle(game.deck)
    others = [p for p in game.players if p.seat != seat]
    _deal_pilots(game, seat, others, rng)
    secret_picks = game.round == 0 and not game.row     # the view's rule (views.py)
    histories = _mine_histories(game, seat)
    for p in others:
        robot = robot_pilots.is_robot(game, p)
        _program(game, p, robot_pilots.stack_options if robot else None, rng)
        _mine_numbers(game, p, histories.get(p.seat), rng)
        if secret_picks and p.owned:
            _basic_picks(game, p, robot_pilots.LOADOUTS["A"][0] if robot else None, rng)


def _deal_pilots(game: Game, seat: int, others: list[Player], rng: random.Random) -> None:
    """The others' dealt pilot cards but their chosen one, from every card ``seat`` has not seen."""
    seen = {*game.players[seat].dealt_pilots, *(p.pilot for p in others if p.pilot is not None)}
    unseen = [pilot for pilot in sorted(game.ruleset.pilots) if pilot not in seen]
    rng.shuffle(unseen)
    for p in others:
        p.dealt_pilots = tuple(card if card == p.pilot else unseen.pop() for card in p.dealt_pilots)


def _program(game: Game, p: Player, stack: Callable[[list[Any]], dict[str, Any]] | None,
             rng: random.Random) -> None:
    """The unrevealed rest of ``p``'s program: other cards of its colour (each once, T4), each with one of
    its orientations; a Robot's (``stack``: its stack of options by card) the unseen rest of its shuffled
    stack (R2)."""
    hidden = len(p.program) - p.revealed
    if hidden <= 0:
        return
    played = {card for card, _ in p.program[:p.revealed]}
    options = [o for o in game.hooks.program_options(game, p, game.program_options(p)) if o[0] not in played]
    if stack is not None:
        p.program[p.revealed:] = rng.sample(list(stack(options).values()), hidden)
        return
    by_card: dict[str, list[tuple[str, str]]] = {}
    for option in options:
        by_card.setdefault(option[0], []).append(option)
    p.program[p.revealed:] = [rng.choice(by_card[card]) for card in rng.sample(list(by_card), hidden)]


def _mine_histories(game: Game, seat: int) -> dict[int, Mines]:
    """Per other seat that has deployed a Mine, what ``seat`` knows of its Mines, from the log."""
    cell_of = {name: cell for cell, name in enumerate(game.board.names)}
    found: dict[int, Mines] = {}
    for event in game.events:
        kind = event["e"]
        if kind == "deploy" and event["token"] == MINE and event["player"] != seat:
            mines = found.get(event["player"])
            if mines is None:
                mines = found[event["player"]] = Mines(game.rules.mine_numbers)
            moved = event.get("moved_from")
            mines.deployed(cell_of[event["cell"]], None if moved is None else cell_of[moved])
        elif kind == "mine" and event["owner"] in found:
            found[event["owner"]].triggered(cell_of[event["cell"]], event["number"])
    return found


class Mines:
    """Where each of one seat's Mine numbers may be, as another seat knows it: a number starts in supply; a
    Mine deployed from supply may hold any number then possibly in supply; a moved Mine keeps its number; a
    Mine that triggers shows its number (T8), which is then known to be back in supply."""

    def __init__(self, numbers: tuple[int, ...]) -> None:
        self.places: dict[int, set[int | str]] = {n: {SUPPLY} for n in numbers}
        self.at: dict[int, int] = {}    # cell -> the id of the Mine on it (a number goes with its Mine)
        self.count = 0

    def deployed(self, cell: int, moved_from: int | None) -> None:
        if moved_from is not None:
            self.at[cell] = self.at.pop(moved_from)
            return
        self.count += 1
        self.at[cell] = self.count
        for places in self.places.values():
            if SUPPLY in places:
                places.add(self.count)

    def triggered(self, cell: int, number: int) -> None:
        gone = self.at.pop(cell, None)
        for places in self.places.values():
            places.discard(gone)
        self.places[number] = {SUPPLY}

    def may_hold(self, number: int, cell: int) -> bool:
        mine = self.at.get(cell)    # None: a Mine the log never deployed (a rule scenario's table)
        return mine is None or mine in self.places[number]

    def may_be_in_supply(self, number: int) -> bool:
        return SUPPLY in self.places[number]


def _mine_numbers(game: Game, p: Player, mines: Mines | None, rng: random.Random) -> None:
    """New numbers for ``p``'s deployed Mines and its supply, one of the assignments consistent with what
    the seat knows (``mines``), at random."""
    cells = sorted(c for c, t in game.tokens.items() if t.owner == p.seat and t.kind == MINE)
    if mines is None:
        return   # it has deployed no Mine yet (T17 comes after the pilots): every number is in its supply
    tokens = game.tokens
    found = _assign(cells, sorted([tokens[c].number for c in cells] + p.mine_supply), mines, rng)
    assert found is not None, "the true numbers are one consistent assignment"
    for cell, number in zip(cells, found, strict=False):
        tokens[cell].number = number
    p.mine_supply[:] = found[len(cells):]


def _assign(cells: list[int], free: list[Any], mines: Mines, rng: random.Random) -> list[Any] | None:
    """A number for each of ``cells`` (then the rest, the supply) that ``mines`` allows, tried at random."""
    if not cells:
        return free if all(mines.may_be_in_supply(n) for n in free) else None
    for number in rng.sample(free, len(free)):
        if mines.may_hold(number, cells[0]):
            rest = list(free)
            rest.remove(number)
            found = _assign(cells[1:], rest, mines, rng)
            if found is not None:
                return [number, *found]
    return None


def _basic_picks(game: Game, p: Player, fixed: str | None, rng: random.Random) -> None:
    """``p``'s secret Basic picks (setup N), distinct; a Robot's first is ``fixed``, its Pulse Pistol, when
    it was offered (R1)."""
    basics = [w.id for w in game.ruleset.basic_weapons]
    keep = [fixed] if fixed is not None and p.owned[0] == fixed else []
    picks = keep + rng.sample([b for b in basics if b not in keep], len(p.owned) - len(keep))
    p.owned[:] = picks
    p.equipped[:] = picks[:game.rules.slots[PILOT].basic]
