"""T16 over time: what an event reveals to a seat (``Game.reveals``, undo's rule) and ``determinize``, which
resamples what a seat cannot see consistently with what it has seen (T4, T8, T16, T17, R2; issue 22).

The conformance suite checks both on every game's random games (``tests/conformance/test_determinize.py``);
these pin Tiny Epic Mechs' own rulings, each at the place it decides.
"""

from __future__ import annotations

import random
from typing import Any

from rulecraft.plugins.tem import kinds as D
from rulecraft.plugins.tem.engine import Game
from rulecraft.plugins.tem.hidden import Mines, _assign, determinize
from rulecraft.plugins.tem.robot_pilots import RobotSeat, robot_hooks, solo_game, stack_options
from rulecraft.plugins.tem.views import view_for
from rulecraft.runtime.decisions import Decision, RandomAgent


def _game(core, players: int = 3) -> Game:
    return Game(core, [RandomAgent(s) for s in range(players)], seed=1)


def test_another_seats_secret_answers_reveal_nothing_until_turned(core):
    """T4/T16, T17, setup N: another seat's program, setup Mine and Basic pick are secret; its reveal, the
    Mine's trigger and the Basic picks' event show them. Its public answers reveal at once."""
    game = _game(core)
    for kind in (D.PROGRAM, D.SETUP_MINE, D.BASIC_WEAPON):
        assert not game.reveals({"e": "decision", "kind": kind, "player": 1, "answer": None}, 0)
    assert game.reveals({"e": "decision", "kind": D.PURCHASE, "player": 1, "answer": None}, 0)
    assert not game.reveals({"e": "decision", "kind": D.PURCHASE, "player": 0, "answer": None}, 0)
    assert game.reveals({"e": "reveal", "player": 1, "card": "c"}, 0)
    assert not game.reveals({"e": "reveal", "player": 0, "card": "c"}, 0)        # its own program
    assert game.reveals({"e": "mine", "player": 0, "owner": 1, "number": 2}, 0)    # T8: the number shows
    assert not game.reveals({"e": "mine", "player": 1, "owner": 0, "number": 2}, 0)
    assert game.reveals({"e": "basic-weapons", "chosen": [], "piles": {}}, 0)
    assert not game.reveals({"e": "move", "player": 0}, 0)


def test_a_purchase_reveals_the_card_that_refills_the_row(core):
    """T12: an Advanced weapon bought is replaced from the deck, a card nobody chose; a Basic one is not."""
    game = _game(core)
    advanced, basic = core.advanced_weapons[0].id, core.basic_weapons[0].id
    assert game.reveals({"e": "purchase", "player": 0, "weapon": advanced}, 0)
    assert not game.reveals({"e": "purchase", "player": 0, "weapon": basic}, 0)


def test_every_chance_event_shows_its_outcome(core):
    """T16: the zones, the pilots dealt and the Advanced row are laid out face up as they are shuffled."""
    game = _game(core)
    assert game.reveals({"e": "chance", "kind": "shuffle", "what": "advanced weapon deck", "count": 9}, 0)


def test_a_mine_seen_to_trigger_is_known_to_be_in_supply_until_its_owner_deploys_again():
    """T8: a Mine's number shows when it triggers and the Mine returns to its owner's supply; a Mine
    deployed before it cannot hold that number, one deployed after it may."""
    mines = Mines((1, 2, 3, 4))
    mines.deployed(10, None)
    mines.deployed(11, None)
    mines.triggered(11, 2)
    assert not mines.may_hold(2, 10) and mines.may_hold(1, 10) and mines.may_be_in_supply(2)
    rng = random.Random(0)
    for _ in range(20):
        found = _assign([10], [3, 1, 2, 4], mines, rng)
        assert found is not None and found[0] != 2 and sorted(found) == [1, 2, 3, 4]
    mines.deployed(12, None)
    assert mines.may_hold(2, 12) and not mines.may_hold(2, 10)
    mines.deployed(13, 12)                   # moved: the number goes with its Mine
    assert mines.may_hold(2, 13)


class Pausing:
    """The human of a solo game: random answers; every few decisions, ``at(game)`` runs in the paused game."""

    needs_state = False

    def __init__(self, at: Any) -> None:
        self.at, self.asked, self.rng, self.game = at, 0, random.Random(5), None

    def decide(self, decision: Decision, view: Any) -> Any:
        self.asked += 1
        if self.asked % 4 == 0:
            self.at(self.game)
        return decision.random_answer(self.rng)


def test_a_robots_program_is_resampled_as_the_unseen_rest_of_its_stack(core):
    """R2: a Robot plays the top cards of its shuffled stack, each at its first orientation (it moves by
    the card): a determinized Robot program keeps its revealed cards and draws the rest from its unplayed
    cards, at their first orientation; the human's view is unchanged and the game plays on to its end."""
    resampled = 0

    def at(game: Game) -> None:
        nonlocal resampled
        view = view_for(game, 0)
        programs = {p.seat: list(p.program) for p in game.players}
        determinize(game, 0, random.Random(game.steps))
        assert view_for(game, 0) == view
        assert game.players[0].program == programs[0]
        for robot in game.players[1:]:
            before, after = programs[robot.seat], robot.program
            assert after[:robot.revealed] == before[:robot.revealed] and len(after) == len(before)
            first = stack_options(game.program_options(robot))
            assert all(option == first[option[0]] for option in after)
            assert len({card for card, _ in after}) == len(after)          # T4: each card once
            resampled += after != before

    human = Pausing(at)
    game = solo_game(core, human, seed=4, hooks=robot_hooks(installed=False))
    human.game = game
    assert isinstance(game.agents[1], RobotSeat)
    game.play()
    assert game.aborted is None and game.standings and resampled


def test_another_seats_program_is_resampled_as_a_legal_program(core):
    """T4: the unrevealed cards of another seat's program stay a legal answer to its program decision."""
    checked = 0

    def at(game: Game) -> None:
        nonlocal checked
        determinize(game, 0, random.Random(game.steps))
        for p in game.players[1:]:
            if p.program and not p.ad_hoc:
                legal = Decision(D.PROGRAM, p.seat, game.program_options(p), pick=game.rules.program_picks,
                                 distinct=D.ONE_USE_PER_CARD)
                assert legal.check(tuple(p.program)) == tuple(p.program)
                checked += 1

    me = Pausing(at)
    game = Game(core, [me, RandomAgent(1), RandomAgent(2)], seed=9)
    me.game = game
    game.play()
    assert game.aborted is None and checked
