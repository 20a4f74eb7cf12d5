"""The runtime implements the whole EffectContext contract, and abilities fire at their rule steps."""

from __future__ import annotations

import inspect

from rulecraft.plugins.tem import api
from rulecraft.plugins.tem.effect_context import EffectContext
from rulecraft.plugins.tem.effects import Effects


def test_effects_implements_every_member_of_the_protocol():
    wanted = {name for name, member in inspect.getmembers(EffectContext, inspect.isfunction)
              if not name.startswith("_")}
    missing = sorted(name for name in wanted if not callable(getattr(Effects, name, None)))
    assert not missing, f"runtime.effects.Effects lacks {missing}"
    for name in wanted:
        expected = list(inspect.signature(getattr(EffectContext, name)).parameters)
        got = list(inspect.signature(getattr(Effects, name)).parameters)
        assert got == expected, f"{name}: {got} != {expected}"


def test_lightning_coil_boost_is_a_decision_and_adds_damage(tiny):
    """T3: Lightning Coil deals 0 normal damage; pay up to 3 Energy for +1 damage each."""
    game = api.table(tiny, zones={"r1c2": "zone-0"})
    api.set_player(game, 0, at="r2c2", status="power-armor", energy=3, owned=["lightning-coil"],
                   equipped=["lightning-coil"])
    api.set_player(game, 1, at="r1c2", status="power-armor", health=9, owned=["energy-sword"])
    api.script(game, 0, [("attack", ("lightning-coil", False)), ("boost", 2)])
    api.script(game, 1, [("attack", ("energy-sword", False))])
    api.script(game, 0, [("zone", "r1c1")])   # T10: tied closest non-hostile zones, the retreater chooses
    start = len(game.events)
    api.play_card(game, 0, "red-collect", "N")
    events = game.events[start:]
    damage = [e for e in events if e["e"] == "damage" and e["by"] == 0]
    assert damage[0]["amount"] == 2
    assert game.players[0].energy == 1
    # the mover's only weapon is exhausted when its turn to attack comes back: it retreats (T13)
    assert [e["player"] for e in events if e["e"] == "retreat"] == [0]


def test_a_failing_ability_names_its_card_and_stops_the_game(tiny):
    import dataclasses

    import pytest

    from rulecraft.plugins.tem.engine import Game
    from rulecraft.plugins.tem.model import Ability, frozen_map
    from rulecraft.runtime.decisions import RandomAgent
    from rulecraft.runtime.errors import AbilityError

    def broken(ctx):
        raise ZeroDivisionError("division by zero")

    pilots = {pid: dataclasses.replace(p, abilities=frozen_map(
        {"round_start": (Ability("round_start", broken, "x", "pack/pilots.yaml:3:5 (pilots broken)"),)}))
        for pid, p in tiny.pilots.items()}
    ruleset = dataclasses.replace(tiny, pilots=frozen_map(pilots))
    game = Game(ruleset, [RandomAgent(0), RandomAgent(1)], seed=0)
    with pytest.raises(AbilityError, match=r"pilots broken\) failed at round_start: ZeroDivisionError"):
        game.play()
    assert game.aborted and game.events[-1]["e"] == "abort" and not game.finished
