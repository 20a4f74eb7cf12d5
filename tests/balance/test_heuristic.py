"""The heuristic agent: legal whole games at every player count, decisions from its own view only (T16),
far better than random play, and Combat answers that follow T2/T13 on purpose."""

from __future__ import annotations

import pytest

from rulecraft.plugins.tem import api
from rulecraft.plugins.tem import kinds as D
from rulecraft.plugins.tem.engine import Game
from rulecraft.plugins.tem.heuristic import HeuristicAgent
from rulecraft.runtime.decisions import Decision, RandomAgent
from rulecraft.runtime.views import View


@pytest.mark.parametrize("players", [2, 3, 4])
def test_plays_whole_games_legally_from_its_own_view(core, players):
    agents = [HeuristicAgent(seat) for seat in range(players)]     # a View holds no game to peek into
    game = Game(core, agents, seed=f"legal-{players}")
    standings = game.play()             # the engine validates every answer (IllegalAnswer otherwise)
    assert game.finished and not game.aborted and len(standings) == players


def test_secrets_of_others_do_not_change_its_program(core):
    """T16: other players' Mine numbers and the Advanced deck order are hidden, so changing them
    changes nothing the heuristic decides."""
    game = api.table(core, colours=("red", "blue", "green"), agents=[RandomAgent(s) for s in range(3)],
                     seed=4)
    api.place_token(game, "r1c1", owner=1, kind="mine", number=1)
    decision = Decision(D.PROGRAM, 0, game.program_options(game.players[0]), pick=core.rules.program_picks,
                        distinct=D.ONE_USE_PER_CARD)
    before = HeuristicAgent(0).decide(decision, View(game, 0))
    game.tokens[api.cell(game, "r1c1")].number = 4
    game.deck.reverse()
    game.players[2].program = [("green-double-jump", "N")]
    assert HeuristicAgent(0).decide(decision, View(game, 0)) == before


def test_wins_far_more_than_its_share_against_random_agents(core):
    wins = 0.0
    for index in range(12):
        seat = index % 4
        agents = [HeuristicAgent(f"h{index}") if s == seat else RandomAgent(f"{index}/{s}") for s in range(4)]
        game = Game(core, agents, seed=f"duel-{index}")
        game.play()
        wins += next(s.share for s in game.standings if s.seat == seat)   # a shared win counts 1/k
    assert wins >= 9          # its fair share is 3 of 12; the benchmark measures it over 1,000 games


def duel(core, red: dict, blue: dict):
    game = api.table(core, colours=("red", "blue"), seed=1)
    api.set_player(game, 0, at="r2c1", **red)
    api.set_player(game, 1, at="r2c1", **blue)
    return game


def test_attack_finishes_the_enemy_with_the_weakest_weapon_that_can(core):
    """T2: damage past the remaining health scores nothing, so the weakest sufficient weapon is used and
    the stronger one stays ready."""
    game = duel(core, {"status": "power-armor", "health": 9, "equipped": ["riot-shield", "rail-gun"]},
                {"health": 1, "equipped": ["energy-sword"]})
    options = (("riot-shield", False), ("rail-gun", False))
    answer = HeuristicAgent().decide(Decision(D.ATTACK, 0, options, {"opponent": 1}), View(game, 0))
    assert answer == ("riot-shield", False)


def test_attack_takes_the_power_attack_when_it_hits_hardest(core):
    """T13: a countering weapon's Power Attack line."""
    game = duel(core, {"health": 6, "equipped": ["energy-sword", "riot-shield"]},
                {"health": 9, "status": "power-armor", "equipped": ["grenade-launcher"]})
    options = (("energy-sword", False), ("energy-sword", True), ("riot-shield", False))
    answer = HeuristicAgent().decide(Decision(D.ATTACK, 0, options, {"opponent": 1}), View(game, 0))
    assert answer == ("energy-sword", True)


def test_boost_pays_only_for_damage_that_scores(core):
    """T2: each point of damage up to the remaining health is 1 VP; paying past it is waste."""
    game = duel(core, {"status": "power-armor", "health": 9, "energy": 5, "equipped": ["lightning-coil"]},
                {"health": 2, "equipped": ["energy-sword"]})
    agent = HeuristicAgent()
    agent.decide(Decision(D.ATTACK, 0, (("lightning-coil", False),), {"opponent": 1}), View(game, 0))
    paid = agent.decide(Decision(D.BOOST, 0, (0, 1, 2, 3), {"prompt": "pay"}), View(game, 0))
    assert paid == 2             # Lightning Coil deals 0: 2 Energy make the 2 damage that KO


def test_power_up_upgrades_to_power_armor_when_it_can(core):
    game = duel(core, {"health": 3, "credits": 6}, {"health": 5})
    options = (None, ("heal", 1), ("heal", 2), ("upgrade",))
    assert HeuristicAgent().decide(Decision(D.POWER_UP, 0, options), View(game, 0)) == ("upgrade",)


@pytest.mark.parametrize("pack", ["variant-heavy-metal", "variant-double-damage-vp"])
def test_plays_variants_by_their_rule_parameters(pack):
    """The agent reads the rules from the ruleset (7 rounds and a dearer Upgrade in Heavy Metal)."""
    from pathlib import Path

    from rulecraft.plugins.tem.build import load_ruleset

    ruleset = load_ruleset([Path(__file__).parents[1] / "packs" / pack])
    game = Game(ruleset, [HeuristicAgent(s) for s in range(3)], seed=pack)
    game.play()
    assert game.finished and game.round == ruleset.rules.rounds
