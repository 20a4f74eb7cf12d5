"""Engine invariants, checked after every event of seeded games (hypothesis picks seeds and agents): one
unit per cell, counters never negative, a unit in play has durability left, no card is made or lost (deck
+ hand + discard + damage + in play + the command resolving = 40 per seat), bandwidth and population match
the units in play, no damage zone passes the limit, and every game ends well under the step cap (M20)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from rulecraft.plugins.mecha.agents import HeuristicAgent
from rulecraft.plugins.mecha.engine import MechaGame
from rulecraft.plugins.mecha.pack import core_ruleset
from rulecraft.runtime.decisions import RandomAgent

AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent}


def _check(game: MechaGame, decks: list[Counter], event: dict) -> None:
    assert len(game.at) == len(game.units) and all(u.cell in game.at for u in game.units.values())
    hit = game.grid.cell(event["cell"]) if event["e"] == "damage" else None   # destroyed by the next event
    for cell, unit in game.at.items():
        assert unit.cell == cell and unit.armour >= 0 and unit.time >= 0
        assert unit.durability > 0 or cell == hit
        assert game.owner_at[cell] == unit.owner
    for seat in game.seats:
        cards = Counter(seat.deck) + Counter(seat.hand) + Counter(seat.discard) + Counter(seat.damage)
        cards += Counter(u.card for u in game.units.values() if u.owner == seat.seat)
        cards += Counter([seat.resolving] if seat.resolving else [])
        assert cards == decks[seat.seat]
        provide = sum(game.cards[u.card].keywords.provide for u in game.units.values()
                      if u.owner == seat.seat and game.cards[u.card].type == "tower")
        cost = sum(game.cards[u.card].cost for u in game.units.values()
                   if u.owner == seat.seat and game.cards[u.card].type == "mecha")
        assert game.supply(seat.seat) == (provide, cost)
    assert len(game.seats[0].damage) <= game.rules.damage_limit
    assert len(game.seats[1].damage) <= game.rules.damage_limit


@settings(max_examples=25)
@given(seed=st.integers(0, 10**6), a=st.sampled_from(sorted(AGENTS)), b=st.sampled_from(sorted(AGENTS)))
def test_invariants_hold_after_every_event(seed, a, b):
    ruleset = core_ruleset()
    decks = [Counter(ruleset.decks[d].cards) for d in ruleset.seat_decks]
    checked = []
    game = MechaGame(ruleset, [AGENTS[a](seed), AGENTS[b](seed + 1)], seed=seed)
    game.listeners.append(lambda event: checked.append(_check(game, decks, event)))
    standings = game.play()
    assert game.finished and game.steps < ruleset.rules.step_cap // 10
    assert game.winner in (0, 1, None) and checked and standings == game.standings
    assert game.events[-1]["e"] == "game-end"
