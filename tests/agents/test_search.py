"""Issue 25: the search agents (``ismcts``, SO-ISMCTS; ``flatmc``, its baseline) for every game, over forks
determinized for their seat (``runtime.agents.forks``), with tiny budgets: the strength figures are the
bench's (``python -m bench search``). Pins: legal play in every registered game, no hidden state read
(Pig's hidden future, Mecha Game's hands and decks, M18), Pig's obvious roll (its goal banks at once, P4),
the name syntax and its errors, the time budget, the tournament command and ``hint`` in play."""

from __future__ import annotations

import functools
import io
import random
import re
import time
from pathlib import Path

import pytest
from rich.console import Console

from rulecraft.cli.main import main
from rulecraft.cli.play_ui import make_terminal, new_header, play
from rulecraft.plugins.manager import make_hooks
from rulecraft.plugins.wiring import load_ruleset, load_table
from rulecraft.runtime import logs
from rulecraft.runtime.agents import agent_names, agent_problem, make_agent
from rulecraft.runtime.agents.forks import CannotFork, Forks
from rulecraft.runtime.agents.search import SearchAgent, Spec, parse, search
from rulecraft.runtime.balance.batch import Config, simulate
from rulecraft.runtime.decisions import RandomAgent
from rulecraft.runtime.games import agents_for, engine_for
from rulecraft.runtime.session import Session

PIG = Path(__file__).resolve().parents[1] / "games" / "pig" / "rulecraft_pig" / "content" / "pig-core"
SEATS = {"tem": ("ismcts@2", "flatmc@2", "random", "heuristic"), "mecha": ("ismcts@2+heuristic", "flatmc@2"),
         "pig": ("ismcts@3", "flatmc@3"), "teq": ("ismcts@2+heuristic", "flatmc@2", "random", "random")}
SEARCHED = 4           # decisions each search seat searches in a game (then it answers at random): fast


class Brief:
    """A search agent for its seat's first few decisions, then random: the engine asks it as any seat
    (its view's forks, its answers checked), and a test stays fast."""

    searches = needs_state = True

    def __init__(self, agent):
        self.agent, self.left, self.searched = agent, SEARCHED, 0

    def decide(self, decision, view):
        if self.left == 0:
            return decision.random_answer(random.Random(0))
        answer = self.agent.decide(decision, view)
        if self.agent.last:
            self.left -= 1
            self.searched += 1
        return answer


@pytest.mark.parametrize("game", sorted(SEATS))
def test_search_agents_play_legal_answers_in_every_game(game):
    """Every registered game: an illegal answer would abort the game (the engine checks every answer); the
    multi-pick program of Tiny Epic Mechs is searched too (its first decisions)."""
    ruleset, hooks = load_ruleset((), (), game), make_hooks(game, [])
    made = [make_agent(name, f"legal/{seat}", agents_for(game)) for seat, name in enumerate(SEATS[game])]
    seats = [Brief(agent) if isinstance(agent, SearchAgent) else agent for agent in made]
    played = engine_for(game)(ruleset, seats, seed="legal", hooks=hooks)
    played.play()
    assert played.finished and played.aborted is None
    assert all(seat.searched == SEARCHED for seat in seats if isinstance(seat, Brief))


def test_sim_seats_a_search_agent_with_the_whole_log():
    """``sim`` keeps the whole log for a game with a searching seat (no summary mode), so it can fork."""
    played = simulate(Config(load_table, game="pig", agents=("ismcts@2", "heuristic")), 2, "sim")
    assert [r["aborted"] for r in played.records] == [None, None]


@functools.cache
def _loaded(game):
    return load_ruleset((), (), game), make_hooks(game, [])


def _session(game, seed, agents=("outside", "random")):
    ruleset, hooks = _loaded(game)
    colours = engine_for(game)(ruleset, [RandomAgent(s) for s in range(len(agents))], seed=seed).colours
    return Session(logs.header(ruleset, [], [], seed, list(colours), list(agents)), ruleset, hooks)


def _rollouts(game):
    made = {}
    return lambda seat: made.setdefault(seat, make_agent("random", f"r/{seat}", agents_for(game)))


def test_pig_search_reads_nothing_of_the_hidden_future():
    """Pig hides only the future rolls (its seed). Two games of different seeds that seat 0 sees alike
    (the same first roll) give the very same search under the same seed: the forks reseed the chance
    stream, so nothing of the true game's future gets in."""
    by_view: dict = {}
    for seed in range(40):
        held = _session("pig", f"s{seed}")
        by_view.setdefault(repr(held.view(0)), []).append(held)
    held_a, held_b = next(group for group in by_view.values() if len(group) > 1)[:2]
    assert held_a.head["seed"] != held_b.head["seed"]
    found = []
    for held in (held_a, held_b):
        forks = Forks.of_session(held, 0)
        found.append(search(forks, Spec("ismcts", 30), random.Random("same"), _rollouts("pig")))
        forks.close()
    assert found[0] == found[1] and sum(e.visits for e in found[0]) == 30


def test_mecha_forks_are_determinized_for_the_seat():
    """M18: a fork keeps what the seat sees (its view) and resamples the opponent's hand and both decks."""
    held = _session("mecha", "m1")
    while held.pending.seat != 0:
        held.answer(held.pending.seat, held.pending.decision.options[0])
    forks = Forks.of_session(held, 0)
    truth = held._game.snapshot()
    rng = random.Random(1)
    samples = [forks.sample(rng) for _ in range(4)]
    assert all(s.determinized and s.view(0) == held.view(0) for s in samples)
    other = [s._game.snapshot() for s in samples]
    assert any(o != truth for o in other)
    for s in samples:
        s.close()
    forks.close()


def test_a_summary_mode_game_cannot_be_searched():
    """The forks re-run the game's log; a game that keeps only some events cannot, and says so."""
    ruleset, hooks = load_ruleset((), (), "pig"), make_hooks("pig", [])
    game = engine_for("pig")(ruleset, [make_agent("ismcts@2", "x"), RandomAgent(1)], seed="x", hooks=hooks)
    game.keep_only(("hold",))
    with pytest.raises(CannotFork, match="whole log"):
        game.play()


def _pig_at(predicate):
    """A Pig game held at a decision of seat 0 where ``predicate(scores, turn_total)`` holds; seat 1 rolls
    to 10 a turn, seat 0 rolls on."""
    for seed in range(400):
        held = _session("pig", f"p{seed}", ("outside", "outside"))
        while (pending := held.pending) is not None:
            state = held.view(0)
            if pending.seat == 0 and predicate(state["scores"], state["turn_total"]):
                return held
            seat = pending.seat
            total = pending.decision.context["turn_total"]
            held.answer(seat, "roll" if seat == 0 or total < 10 else "hold")
    raise AssertionError("no such game in 400 seeds")


@pytest.mark.parametrize("kind", ["ismcts", "flatmc"])
def test_pig_rolls_when_a_roll_wins_at_once_and_holding_hands_the_win_over(kind):
    """P4: the goal (30) banks at once. Seat 0 at 28+ with the opponent at 27+: any face but the bust wins
    now, while holding leaves the opponent a turn that wins as easily."""
    held = _pig_at(lambda scores, total: scores[0] + total >= 28 and scores[1] >= 27)
    forks = Forks.of_session(held, 0)
    found = search(forks, Spec(kind, 40), random.Random(3), _rollouts("pig"))
    forks.close()
    assert found[0].answer == "roll" and found[0].value > 0.6


def test_agent_names_and_their_errors():
    assert "random" in agent_names() and "ismcts" not in agent_names()    # fuzz seats no search by default
    assert "and the search agents flatmc, ismcts" in agent_problem("bogus")
    assert parse("ismcts") == Spec("ismcts")
    assert parse("ismcts@400+heuristic") == Spec("ismcts", 400, None, "heuristic")
    assert parse("flatmc@0.5s+random:margin") == Spec("flatmc", None, 0.5, "random", "margin")
    assert parse("heuristic") is None and parse("ismctsx") is None
    for name, said in [("ismcts@0", "neither iterations"), ("ismcts@fast", "neither iterations"),
                       ("ismcts:score", "'win' or 'margin'"), ("ismcts+ismcts", "does not search"),
                       ("ismcts+", "does not search")]:
        with pytest.raises(ValueError, match=said):
            parse(name)
        assert said in agent_problem(name)
    assert "its rollout agent: unknown agent 'bogus'" in agent_problem("ismcts+bogus")
    assert agent_problem("ismcts+heuristic", agents_for("mecha")) is None
    with pytest.raises(ValueError, match="unknown agent 'bogus'"):
        make_agent("ismcts+bogus", 0)
    agent = make_agent("ismcts@9+heuristic", 0, agents_for("pig"))
    assert isinstance(agent, SearchAgent) and agent.spec.iterations == 9
    assert make_agent("ismcts", 0, agents_for("mecha")).spec.rollout == "heuristic"   # the game's, by default
    assert make_agent("ismcts", 0).spec.rollout == "random"                           # none: random


def test_sim_names_a_bad_search_agent(capsys):
    assert main(["sim", str(PIG), "--games", "1", "--agents", "ismcts@soon,random"]) == 2
    assert "--agents: agent 'ismcts@soon': the budget 'soon'" in capsys.readouterr().err


def test_a_time_budget_stops_the_search():
    """Seconds per decision are checked before each iteration (at least one runs): a 50 ms budget ends
    within one iteration of it (generous here: CPU time is the bench's to measure, not a test's)."""
    held = _session("mecha", "t1")
    forks = Forks.of_session(held, held.pending.seat)
    start = time.perf_counter()
    found = search(forks, Spec("ismcts", None, 0.05), random.Random(0), _rollouts("mecha"))
    took = time.perf_counter() - start
    forks.close()
    assert found and sum(e.visits for e in found) >= 1 and took < 2.0


def test_the_tournament_rates_search_agents(capsys):
    code = main(["tournament", str(PIG), "--agents", "ismcts@3,flatmc@3,random", "--seeds", "1",
                 "--players", "2", "--quiet"])
    out = capsys.readouterr().out
    assert code == 0 and "Ratings" in out and "ismcts@3" in out and "flatmc@3" in out


def test_hint_in_play_shows_the_best_answers(tmp_path, monkeypatch):
    """``hint`` at a prompt: the search's top answers with estimated win rates and tries, then the same
    decision is asked again."""
    import rulecraft.cli.play_ui as play_ui

    monkeypatch.setattr(play_ui, "HINT_SECONDS", 0.2)
    out = io.StringIO()
    typed = iter(["hint", "2"])

    def read(prompt: str) -> str:
        if prompt == "[cannot-undo] > ":
            return "a"
        line = next(typed, None)
        if line is None:
            raise EOFError
        return line

    head, ruleset, hooks = new_header([str(PIG)], "random", 2, 0, False, "5")
    terminal = make_terminal(Console(file=out, width=100), read)
    outcome = play(head, ruleset, hooks, tmp_path / "pig.jsonl", terminal)
    text = out.getvalue()
    assert outcome.status == "quit"
    assert "Hint (ismcts, 0.2 s, heuristic rollouts; estimated win rate, tries):" in text
    assert "  1. roll: " in text or "  1. hold: " in text
    assert len(re.findall(r"^  \d\. (roll|hold): \d+% \(\d+ tries\)$", text, re.M)) == 2   # Pig has two


def test_the_skill_gradient_scores_double_the_budget_against_it():
    """Issue 25 item 4: ismcts@2B against ismcts@B, every seating on paired seeds (the bench holds the
    figures); a budget below one iteration is refused."""
    from rulecraft.runtime.agents.gradient import budgets, skill_gradient

    assert budgets(50) == ("ismcts@100", "ismcts@50")
    with pytest.raises(ValueError, match="from 1"):
        budgets(0)
    found = skill_gradient(load_table, "pig", 2, 3, players=2)
    assert found.n == 6 and 0 <= found.low <= found.value <= found.high <= 1


def test_a_search_agent_sits_at_a_session_as_play_seats_it():
    """``rulecraft play --opponents ismcts@3``: the session's agent seat searches forks of the session's game
    (rebuilt from its log), the person's seat is answered from outside."""
    held = _session("pig", "opp", ("outside", "ismcts@3"))
    while (pending := held.pending) is not None:
        held.answer(0, "hold" if pending.decision.context["turn_total"] >= 10 else "roll")
    assert held.finished and not held.aborted
    assert any(e["e"] == "decision" and e["player"] == 1 for e in held.events)
