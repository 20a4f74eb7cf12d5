"""Conformance: hidden information over a game (issue 22): the definition's ``determinize`` resamples only
what a seat cannot see, and the engine's ``reveals`` says when a seat has learned something.

Every check runs inside seeded random games, at the seat's own decisions, with the engine paused in the
seat's agent's ``decide`` exactly as a search agent or a session holds it:

- ``determinize(game, seat, rng)`` leaves the seat's ``view_state`` as it was, draws nothing from the game's
  chance source and logs nothing, changes the hidden state for some rng (a game with something hidden),
  draws the same world from every hidden state the seat cannot tell apart (given the same rng: so a search
  agent's answers under one seed depend on the seat's view alone), and the game then plays on to its end
  without an abort;
- a game that leaves ``determinize`` None hides nothing: at every decision each seat's ``view_state`` is the
  whole ``snapshot()``;
- a *quiet stretch* is the events from a seat's answer to its next decision of which none ``reveals`` to
  it. Whatever the seat could not see at its answer (the game's hidden state, resampled by ``determinize``;
  the chance still to come, reseeded; the other seats' answers, drawn afresh) must not show in a quiet
  stretch: in every such other world the seat's next decision, its view and the kinds of the events in
  between are the same, and the stretch is quiet there too (else whether something is revealed would itself
  tell the seat what it could not see, and an undo over the stretch would leak it).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from conformance_harness import definition, gap, hooks, ruleset, seeds

from rulecraft.runtime.decisions import Decision, RandomAgent

WORLDS = 2          # other worlds per quiet stretch
STRETCHES = 12      # quiet stretches tried per game
COVER = 3           # of them holding each kind of event
EVERY = 5           # determinize at every fifth decision of the seat


class Stop(BaseException):
    """Ends a replayed game at the decision it was replayed to (not an Exception: the engine wraps those)."""


class Seat:
    """The agent of the seat under test: every one of its decisions reaches ``decide`` (it answers no
    decision by index), where ``at(game, index, decision)`` runs with the engine paused in it and returns
    the answer."""

    needs_state = False

    def __init__(self, at: Any) -> None:
        self.at = at
        self.asked = 0
        self.game: Any = None

    def decide(self, decision: Decision, view: Any) -> Any:
        index, self.asked = self.asked, self.asked + 1
        return self.at(self.game, index, decision)


@cache
def _table(game: str) -> tuple[Any, Any, Any]:
    """The game's engine, model and hooks, built once for the many short games here."""
    return definition(game).engine.load(), ruleset(game), hooks(game)


def new_game(game: str, players: int, seed: int, seat: int, at: Any) -> Any:
    """A game of ``players`` seeded random seats but ``seat``, whose decisions go to ``at`` (see Seat)."""
    agents: list[Any] = [RandomAgent(f"{seed}/{s}") for s in range(players)]
    agents[seat] = agent = Seat(at)
    engine, model, game_hooks = _table(game)
    agent.game = engine(model, agents, seed=seed, hooks=game_hooks)
    return agent.game


class NoChance:
    """A chance source that fails the test when drawn from (``determinize`` draws from its own rng only)."""

    def roll(self, *args: Any) -> Any:
        raise AssertionError("determinize drew from the game's chance source")

    shuffle = pick = roll


def _determinized_game(game: str, players: int, seed: int, determinize: Any) -> tuple[int, int]:
    """One game, determinized at every EVERY-th decision of its seat in WORLDS ways (each checked), played
    on to its end: how many determinizations were tried and how many changed the whole state."""
    seat = seed % players
    rng = random.Random(f"{seed}/{seat}")
    tried = changed = 0

    def at(live: Any, index: int, decision: Decision) -> Any:
        nonlocal changed, tried
        if index % EVERY == 0:
            view, whole = live.view_state(seat), live.snapshot()
            logged, state, chance = len(live.events), live.rng.getstate(), live.chance
            live.chance = NoChance()
            try:
                canonical = _resampled(live, seat, determinize, f"{seed}/{index}/canonical")
                for world in range(WORLDS):
                    determinize(live, seat, random.Random(f"{seed}/{index}/{world}"))
                    assert live.view_state(seat) == view, f"{game} seed {seed}: the seat's view changed"
                    changed += live.snapshot() != whole
                    tried += 1
                assert _resampled(live, seat, determinize, f"{seed}/{index}/canonical") == canonical, \
                    f"{game} seed {seed}: determinize drew a world that depends on what the seat cannot see"
            finally:
                live.chance = chance
            assert live.rng.getstate() == state and len(live.events) == logged, "determinize moved the game"
        return decision.random_answer(rng)

    live = new_game(game, players, seed, seat, at)
    live.play()
    assert live.aborted is None and live.standings, f"{game} seed {seed}: {live.aborted}"
    return tried, changed


def _resampled(live: Any, seat: int, determinize: Any, seed: str) -> Any:
    """The whole state ``determinize`` draws with a fresh rng seeded ``seed``: it must be the same from every
    hidden state the seat cannot tell from the true one (its answer depends on the seat's view and the rng
    alone), or a search agent's answers, under the same seed, would tell two such states apart."""
    determinize(live, seat, random.Random(seed))
    return live.snapshot()


def test_determinize_resamples_only_what_the_seat_cannot_see(game, request):
    gap(request, game, "determinize")
    spec = definition(game)
    if spec.determinize is None:
        pytest.skip(f"{game} hides nothing (see the test of a game without determinize)")
    determinize = spec.determinize.load()
    pairs = seeds(game, 2)
    for players, seed in pairs[::2] if len(pairs) > 2 else pairs:    # two games, or one per player count
        tried, changed = _determinized_game(game, players, seed, determinize)
        assert tried and changed, f"{game} seed {seed}: {tried} determinizations changed nothing hidden"


def _views_of_a_game(game: str, players: int, seed: int) -> None:
    rng = random.Random(seed)

    def at(live: Any, index: int, decision: Decision) -> Any:
        whole = live.snapshot()
        assert all(live.view_state(s) == whole for s in range(players)), f"{game}: a view hides something"
        return decision.random_answer(rng)

    live = new_game(game, players, seed, 0, at)
    live.play()
    assert live.standings


def test_a_game_without_determinize_hides_nothing(game):
    """The rule that lets a game leave ``determinize`` None: no seat's view ever lacks anything of the
    whole state, so there is nothing to resample."""
    if definition(game).determinize is not None:
        pytest.skip(f"{game} has hidden information and its determinize")
    for players, seed in seeds(game, 1):
        _views_of_a_game(game, players, seed)


@dataclass
class Stretch:
    """From one answer of the seat to its next decision (``decision`` None: the game ended first)."""

    quiet: bool
    decision: tuple[Any, ...] | None
    view: dict[str, Any]
    kinds: list[tuple[Any, ...]]


def _stretch(live: Any, seat: int, since: int, decision: Decision | None) -> Stretch:
    events = live.events[since:]
    asked = None if decision is None else (decision.kind, decision.options, decision.pick, decision.context)
    return Stretch(not any(live.reveals(e, seat) for e in events), asked, live.view_state(seat),
                   [(e["e"], e.get("kind"), e.get("player")) for e in events])


def _play(game: str, players: int, seed: int, seat: int, answers: list[Any], until: int,
          world: int | None = None) -> tuple[list[Any], dict[int, Stretch]]:
    """Play with the seat answering ``answers`` (then at random) up to its decision ``until`` (to the end
    when -1); the seat's answers and the stretch after each of them (only the last one in another world).
    In another ``world``, at the seat's decision ``until - 1`` (before answering it) all it cannot see is
    redrawn: ``determinize``, the game's chance reseeded, the other seats' agents reseeded."""
    determinize = _determinizer(game)
    rng = random.Random(f"{seed}/{seat}")
    given, marks = list(answers), []
    stretches: dict[int, Stretch] = {}

    def at(live: Any, index: int, decision: Decision) -> Any:
        if index and (world is None or index == until):
            stretches[index - 1] = _stretch(live, seat, marks[-1], decision)
        if index == until:
            raise Stop
        if world is not None and index == until - 1:
            if determinize is not None:
                determinize(live, seat, random.Random(f"world/{world}"))
            live.rng.seed(f"world/{world}")
            for other, agent in enumerate(live.agents):
                if other != seat:
                    agent.rng.seed(f"world/{world}/{other}")
        answer = given[index] if index < len(given) else decision.random_answer(rng)
        if index >= len(given):
            given.append(answer)
        marks.append(len(live.events) + 1)   # the events after this answer's own
        return answer

    live = new_game(game, players, seed, seat, at)
    try:
        live.play()
        stretches[len(marks) - 1] = _stretch(live, seat, marks[-1], None)
    except Stop:
        pass
    return given, stretches


@cache
def _determinizer(game: str) -> Any:
    spec = definition(game).determinize
    return None if spec is None else spec.load()


@cache
def _quiet_stretches(game: str) -> list[tuple[int, int, int, list[Any], Stretch, list[Stretch]]]:
    """Per game, up to STRETCHES quiet stretches of the seat per seed, each with the same stretch in WORLDS
    other worlds."""
    found = []
    for players, seed in seeds(game, 1):
        seat = seed % players
        answers, stretches = _play(game, players, seed, seat, [], until=-1)
        for k in _covering({k: stretch for k, stretch in stretches.items() if stretch.quiet}, seat):
            others = [_play(game, players, seed, seat, answers[:k + 1], k + 1, world)[1][k]
                      for world in range(WORLDS)]
            found.append((players, seed, k, answers, stretches[k], others))
    return found


def _covering(quiet: dict[int, Stretch], seat: int) -> list[int]:
    """Up to STRETCHES of the ``quiet`` stretches, chosen greedily so that each kind of event any of them
    holds (the seat's own or another's) is in COVER of them if it can be: a leak shows in some kind of
    event, and not at each of its events (a purchase refills the row from the deck only when the deck has
    a card and the weapon is Advanced)."""
    def kinds(k: int) -> set[tuple[Any, ...]]:
        return {(e, kind, None if player is None else player == seat) for e, kind, player in quiet[k].kinds}

    chosen: list[int] = []
    seen: Counter[tuple[Any, ...]] = Counter()
    while len(chosen) < min(STRETCHES, len(quiet)):
        best = max((k for k in quiet if k not in chosen),
                   key=lambda k: sum(seen[kind] < COVER for kind in kinds(k)))
        chosen.append(best)
        seen.update(kinds(best))
    return sorted(chosen)


def test_a_quiet_stretch_shows_the_seat_nothing_it_could_not_see(game, request):
    """Where the stretch is quiet in another world too, the seat sees there exactly what it saw: its view
    changed by nothing but what its own answer decided."""
    gap(request, game, "reveals")
    compared = 0
    for players, seed, k, _, stretch, others in _quiet_stretches(game):
        for other in others:
            if other.quiet:
                compared += 1
                seen = (other.decision, other.view, other.kinds)
                assert seen == (stretch.decision, stretch.view, stretch.kinds), \
                    f"{game}, {players} players, seed {seed}: the seat saw a hidden thing after answer {k}"
    if definition(game).determinize is not None:
        assert compared, f"{game}: no quiet stretch to compare in {len(seeds(game, 1))} games"


def test_whether_a_stretch_is_quiet_hides_what_the_seat_could_not_see(game, request):
    """A stretch quiet in the real game is quiet in every other world: whether something is revealed does
    not itself depend on what the seat could not see."""
    gap(request, game, "reveals-quiet")
    for players, seed, k, _, _, others in _quiet_stretches(game):
        assert all(other.quiet for other in others), \
            f"{game}, {players} players, seed {seed}: the stretch after the seat's answer {k} is quiet " \
            f"only in some worlds"
