"""Setup (T5, T17, Setup A-O), the program (T4, T18), rounds and the Starting Token (T5), the step cap."""

from __future__ import annotations

import itertools

import pytest

from rulecraft.plugins.tem.engine import Game
from rulecraft.plugins.tem.kinds import ONE_USE_PER_CARD
from rulecraft.runtime.decisions import (
    Decision,
    IllegalAnswer,
    RandomAgent,
    ScriptedAgent,
    UnscriptedDecision,
)
from rulecraft.runtime.errors import StepCapExceeded


class Logger(RandomAgent):
    def __init__(self, seed, log):
        super().__init__(seed)
        self.log = log

    def decide(self, decision, view):
        self.log.append(decision)
        return super().decide(decision, view)


def set_up(ruleset, players, seed="setup"):
    log: list[Decision] = []
    game = Game(ruleset, [Logger(f"{seed}/{i}", log) for i in range(players)], seed=seed)
    game.setup()
    return game, log


@pytest.mark.parametrize("players", [2, 3, 4])
def test_t5_bases_are_placed_counter_clockwise_starting_player_last(tiny, players):
    game, log = set_up(tiny, players)
    order = [d.player for d in log if d.kind == "base"]
    s = game.start_seat
    assert order == [(s - k) % players for k in range(1, players + 1)]
    assert order[-1] == s


def test_setup_deals_pilots_resources_supplies_and_the_secret_mine_on_base(tiny):
    game, log = set_up(tiny, 4)
    dealt = [d for d in log if d.kind == "pilot"]
    assert all(len(d.options) == 2 for d in dealt)                      # 2 dealt, keep 1 (Setup A)
    assert len({o for d in dealt for o in d.options}) == 8              # dealt from one shuffled deck
    for p in game.players:
        assert p.health == tiny.pilots[p.pilot].health                  # Setup B
        assert (p.energy, p.credits) == (3, 3)                          # Setup C
        token = game.tokens[p.base]                                     # T17
        assert (token.owner, token.kind) == (p.seat, "mine")
        assert sorted([*p.mine_supply, token.number]) == [1, 2, 3, 4] and p.turret_supply == 3
        assert p.equipped == p.owned and len(p.owned) == 1              # Setup N
    chosen = [p.owned[0] for p in game.players]
    assert all(game.piles[b] == 4 - chosen.count(b) for b in game.piles)   # Setup O
    assert len(game.row) == 4 and len(game.deck) == 16 - 4              # Setup 9
    assert game.mech_pos == game.board.cell(2, 2)


def test_t4_program_is_four_distinct_cards_with_orientations_legal_for_their_movement(tiny):
    game, _log = set_up(tiny, 2)
    game.begin_round()
    options = game.program_options(game.players[0])
    diagonal = {o for c, o in options if c == "red-diagonal-jump"}
    assert diagonal == {"NE", "SE", "SW", "NW"}
    decision = Decision("program", 0, options, pick=4, distinct=ONE_USE_PER_CARD)
    with pytest.raises(IllegalAnswer, match="uses a card twice"):
        decision.check((("red-collect", "N"), ("red-collect", "E"), ("red-purchase", "N"),
                        ("red-power-up", "N")))
    with pytest.raises(IllegalAnswer, match="not a legal pick"):
        decision.check((("red-diagonal-jump", "N"), ("red-collect", "E"), ("red-purchase", "N"),
                        ("red-power-up", "N")))
    with pytest.raises(IllegalAnswer, match="needs 4 picks"):
        decision.check((("red-collect", "N"),))


def test_an_illegal_answer_from_an_agent_is_rejected_with_a_clear_error(tiny):
    game = Game(tiny, [ScriptedAgent([("pilot", "nobody")]), ScriptedAgent()], seed=1)
    with pytest.raises(IllegalAnswer, match="'nobody' is not a legal answer to the pilot decision"):
        game.setup()


def test_strict_scripted_agent_refuses_unscripted_decisions(tiny):
    game = Game(tiny, [ScriptedAgent(), ScriptedAgent()], seed=1)
    with pytest.raises(UnscriptedDecision, match="unscripted pilot decision"):
        game.setup()


def test_t5_rounds_turns_and_the_starting_token(tiny):
    game = Game(tiny, [RandomAgent(i) for i in range(3)], seed="rounds")
    game.play()
    starts = [e["starting_player"] for e in game.events if e["e"] == "round-start"]
    assert len(starts) == 6
    assert all(b == (a + 1) % 3 for a, b in itertools.pairwise(starts))   # passes clockwise
    for rnd in range(1, 7):
        reveals = [e["player"] for e in game.events if e["e"] == "reveal" and e["round"] == rnd]
        s = starts[rnd - 1]
        assert reveals == [(s + k) % 3 for k in range(3)] * 4           # 4 turns, clockwise from the SP
    assert [e["round"] for e in game.events if e["e"] == "scoring"] == [2, 4, 6]


def test_a_game_that_exceeds_the_step_cap_stops_with_a_clear_error():
    import rulesets

    game = Game(rulesets.ruleset(step_cap=200), [RandomAgent(0), RandomAgent(1)], seed=1)
    with pytest.raises(StepCapExceeded, match="step cap of 200 exceeded"):
        game.play()
    assert game.aborted and not game.finished
    assert game.events[-1]["e"] == "abort"


def test_rule_parameters_change_the_game_without_code():
    """Designer-tweakable numbers come from Rules: player counts, Basic picks, minimum equipped weapons."""
    import rulesets

    with pytest.raises(ValueError, match="needs 3-4 players"):
        Game(rulesets.ruleset(min_players=3), [RandomAgent(0), RandomAgent(1)])
    game, log = set_up(rulesets.ruleset(starting_basic_weapons=2, min_equipped=2), 2, seed="two-basics")
    assert all(len(p.owned) == 2 and p.equipped == p.owned for p in game.players)
    assert sum(game.piles.values()) == 4 * 2 - 4                          # 4 types dealt to 2 players
    picks = [d for d in log if d.kind == "basic-weapon" and d.player == 0]
    assert picks[1].options == tuple(b for b in picks[0].options if b != game.players[0].owned[0])
    assert all(len(loadout) >= 2 for loadout in game.loadouts(game.players[0]))
