"""Run: the Tiny Epic Mechs rules engine, driven by a compiled :class:`~rulecraft.plugins.tem.model.Ruleset`.

One :class:`Game` plays one game: setup, six rounds of program / execution / scoring, final scoring and
standings. Every player choice goes through :meth:`Game.ask` to the player's agent; every change is an
event (a plain dict) appended to ``game.events``. Plugins reach each rule step through ``game.hooks``.
Ruling ids (T1-T18 and R1-R8, RULINGS.md) and the engine's own rulings (E1-E10, on the docs site's
rulings page) are cited where they decide behaviour.

The rules are one class per rule area, one module each, stacked in one line of inheritance under
:class:`Game` (abilities, equipment, actions, combat, mech, knockouts, movement, rounds, setup_rules), over
the :class:`~rulecraft.plugins.tem.table.Table` they share (their state, the lookups they all read and the
steps they take in one another, declared for the type checker), over the runtime's game-agnostic
:class:`~rulecraft.runtime.game.GameCore` (seats, the seeded RNG, events, the step cap and abort, ``ask``
with validation and logging, ``play``). This module keeps TEM's own: setting up the table, the whole game
(``run``, ``finish``), the snapshot and the caches shared by the games of a ruleset.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rulecraft.plugins.tem import hidden
from rulecraft.plugins.tem.model import ProgramCardDef, Ruleset
from rulecraft.plugins.tem.setup_rules import SetupRules
from rulecraft.plugins.tem.state import Board, Player, Token
from rulecraft.plugins.tem.views import public_view, view_for
from rulecraft.runtime.decisions import Agent
from rulecraft.runtime.game import GameCore
from rulecraft.runtime.outcomes import Standing, rank


class Game(SetupRules):
    """One game. Build it, then :meth:`play` (or drive the steps yourself, see plugins.tem.api)."""

    def __init__(self, ruleset: Ruleset, agents: Sequence[Agent], seed: int | str = 0,
                 hooks: Any = None, listeners: Iterable[Callable[[dict], None]] = (),
                 colours: Sequence[str] | None = None) -> None:
        from rulecraft.plugins.manager import default_hooks
        from rulecraft.plugins.tem.game import GAME

        n = len(agents)
        colours = list(colours or ruleset.colours[:n])
        most = min(ruleset.rules.max_players, len(ruleset.colours))
        if not ruleset.rules.min_players <= n <= most or len(colours) != n:
            raise ValueError(f"a game needs {ruleset.rules.min_players}-{most} players, got {n}")
        GameCore.__init__(self, agents, seed, ruleset.rules.step_cap, listeners, colours)
        self.ruleset = ruleset
        self.rules = ruleset.rules
        self.hooks = hooks if hooks is not None else default_hooks(GAME.id)
        self.players = [Player(i, c) for i, c in enumerate(colours)]
        self.board = Board(ruleset.arena_for(n))
        self.tokens: dict[int, Token] = {}
        self.mech_pos = -1
        self.mech_controller: int | None = None
        self.round = 0
        self.turn = 0
        self.start_seat = 0
        self.current: int | None = None
        self.deck: list[str] = []
        self.row: list[str] = []
        self.piles: dict[str, int] = {}
        self.combat = None                # the running Combat, for abilities
        self.cards: dict[str, ProgramCardDef] = {
            card.id: card for colour in colours for card in ruleset.program_cards[colour]}
        self._weapons = ruleset.weapons
        # legal loadouts, equip options (current loadout first), program options and the abilities a
        # trigger runs: shared by the games
        self._loadouts, self._windows, self._card_options, self._abilities = _shared_caches(ruleset)
        self._triggers = _SHARED[id(ruleset)][-1]

    # --- plumbing ------------------------------------------------------------------------------
    def where(self) -> str:
        return f" in round {self.round}"

    # --- the whole game ------------------------------------------------------------------------
    def run(self) -> list[Standing]:
        """Set up, play every round, score and return the standings (``play`` runs it, see GameCore)."""
        self.setup()
        while self.round < self.rules.rounds:
            self.play_round()
        return self.finish()

    def finish(self) -> list[Standing]:
        """Final scoring (purchased weapons' VP, T12/T14), the tie-break chain (T15: VP, then the rules'
        tie-breaks; equal chains share the victory), standings (a variant may settle their results at
        ``game_end``: Robot Pilots' solo game, R8)."""
        for p in self.order():
            for source, vp in self.hooks.final_scores(self, p):
                self.score(p, vp, source)
        players, mech = self.players, self.mech_controller
        keys = {p.seat: self.hooks.standing_key(self, p) for p in players}
        standings = rank(keys, score=lambda seat: players[seat].vp,
                         details=lambda seat: {"colour": players[seat].colour, "vp": players[seat].vp,
                                               "weapons": len(players[seat].owned), "mech": mech == seat})
        self.standings = standings
        self.finished = True
        self.emit("game-end", standings=[s.row() for s in standings])
        self.hooks.game_end(self, standings)
        return self.standings or standings

    # --- state for tests, views and logs --------------------------------------------------------
    def view_state(self, seat: int) -> dict[str, Any]:
        return view_for(self, seat)

    def public_view(self) -> dict[str, Any]:
        return public_view(self)

    def reveals(self, event: dict[str, Any], seat: int) -> bool:
        return hidden.reveals(self, event, seat)

    def snapshot(self) -> dict[str, Any]:
        name = self.board.name
        return {
            "round": self.round, "turn": self.turn, "starting_player": self.start_seat,
            "current": self.current,
            "players": [p.snapshot() for p in self.players],
            "tokens": {name(c): {"owner": t.owner, "kind": t.kind, "number": t.number}
                       for c, t in sorted(self.tokens.items())},
            "mech": {"cell": name(self.mech_pos) if self.mech_pos >= 0 else None,
                     "controller": self.mech_controller},
            "row": list(self.row), "deck": list(self.deck), "piles": dict(self.piles),
            "zones": {name(c): z.id for c, z in enumerate(self.board.zones) if z},
        }


_SHARED: dict[int, tuple[Ruleset, dict, dict, dict, dict, frozenset[str]]] = {}
# Entries per cache: a long run meets ever more loadouts (equip options grew to 50,000 entries, about 20 MB,
# over 20,000 games); past the bound the oldest half is dropped at the start of a game. Dropping by age
# rather than by use keeps a hit a plain dict lookup (an LRU would reorder on every hit); an entry dropped
# while still in use is recomputed once.
_SHARED_LIMIT = 4096


def _shared_caches(ruleset: Ruleset) -> tuple[dict, dict, dict, dict]:
    """Caches of values that depend only on the ruleset and their key (loadouts by status and owned
    weapons, equip options, program options by colour, abilities by trigger and source), shared by
    every game on that ruleset. Each entry holds its ruleset, so that its id cannot be reused by another
    while cached, and ends with the ruleset's triggers (:func:`_triggers_in`)."""
    entry = _SHARED.get(id(ruleset))
    if entry is None:
        if len(_SHARED) >= 8:
            _SHARED.clear()
        entry = _SHARED[id(ruleset)] = (ruleset, {}, {}, {}, {}, _triggers_in(ruleset))
    caches = entry[1:5]
    for cache in caches:
        if len(cache) > _SHARED_LIMIT:
            for key in list(itertools.islice(cache, len(cache) - _SHARED_LIMIT // 2)):
                del cache[key]
    return caches


def _triggers_in(ruleset: Ruleset) -> frozenset[str]:
    """Every trigger some ability of the ruleset listens to: other triggers cost nothing to fire."""
    found: set[str] = set()
    for group in (ruleset.weapons.values(), ruleset.pilots.values(), ruleset.mech_sides):
        for item in group:
            found.update(item.abilities)
    return frozenset(found)
