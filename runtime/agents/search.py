"""Run: search agents for every game: information-set MCTS and its flat Monte Carlo baseline.

``ismcts`` is single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley & Whitehouse 2012): each
iteration draws a game the seat could be in (``view.forks().sample``: determinized for the seat, see
``rulecraft.runtime.agents.forks``), walks one tree of moves of every seat down it, choosing among the moves
legal *in that sample* by UCB1 with availability counts (a move's exploration term counts the iterations
it could have been chosen, not its parent's visits), adds one move, plays the rest of the sample out with
the rollout agents and credits every move on the path with its seat's reward. ``flatmc`` is the baseline:
the same samples and rollouts, no tree (each of the seat's answers tried in turn, the best mean kept).

A decision asking several picks at once (Tiny Epic Mechs' program) has too many answers to list: its moves
are the answers tried so far, widened as the node is visited (one more while fewer than
``1 + sqrt(visits)``), the rollout agent's answer first, then random ones.

**Budget**: iterations per decision (100 by default), or seconds per decision (checked before each
iteration; at least one runs). **Rollouts**: by default the game's ``heuristic`` when it has one (random
rollouts are a weak judge of a position: in Mecha Game ``ismcts@100+random`` lost 4 of 4 to the heuristic),
else ``random``; or any agent of the game named. **Reward**: the seat's
share of the win (``runtime.outcomes``), or with ``:margin`` its score margin over the best other seat,
squashed into (0, 1). A decision with one legal answer is answered at once.

**Names** (they fit ``--agents A,B,C``): ``KIND[@BUDGET][+ROLLOUT][:REWARD]``, KIND ``ismcts`` or
``flatmc``, BUDGET ``400`` (iterations) or ``0.5s`` (seconds), ROLLOUT an agent name, REWARD ``win`` or
``margin``: ``ismcts``, ``ismcts@400``, ``ismcts@0.5s+heuristic``, ``flatmc@100:margin``.
"""

from __future__ import annotations

import math
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from rulecraft.runtime.decisions import Agent, Decision, IllegalAnswer

KINDS = ("ismcts", "flatmc")
DEFAULT_ITERATIONS = 100
DEFAULT_ROLLOUT = "heuristic"   # when the game has one; else random
EXPLORATION = 0.7          # UCB1's constant for rewards in [0, 1]
FLAT_CANDIDATES = 8        # the answers flat MC tries at a multi-pick decision
NAME = re.compile(r"(?P<kind>[a-z]+)(?:@(?P<budget>[^+:]*))?(?:\+(?P<rollout>[^:]*))?(?::(?P<reward>.*))?")
SYNTAX = "KIND[@BUDGET][+ROLLOUT][:REWARD], e.g. ismcts@400+heuristic or flatmc@0.5s:margin"


@dataclass(frozen=True, slots=True)
class Spec:
    """A search agent's parameters, as its name gives them."""

    kind: str
    iterations: int | None = DEFAULT_ITERATIONS
    seconds: float | None = None
    rollout: str | None = None        # None: the game's heuristic, else random
    reward: str = "win"


@dataclass(frozen=True, slots=True)
class Estimate:
    """One answer of the seat's decision after a search: how often it was tried and its mean reward."""

    answer: Any
    visits: int
    value: float


def parse(name: str) -> Spec | None:
    """The spec a search agent's name gives; None for a name of no search agent; ValueError saying what
    is wrong with a malformed one."""
    match = NAME.fullmatch(name)
    if match is None or match["kind"] not in KINDS:
        return None
    kind, budget, rollout, reward = match["kind"], match["budget"], match["rollout"], match["reward"]
    iterations: int | None = DEFAULT_ITERATIONS
    seconds: float | None = None
    if budget is not None:
        try:
            if budget.endswith("s"):
                iterations, seconds = None, float(budget[:-1])
                if not 0 < seconds <= 3600:
                    raise ValueError
            else:
                iterations = int(budget)
                if iterations < 1:
                    raise ValueError
        except ValueError:
            raise ValueError(f"agent {name!r}: the budget {budget!r} is neither iterations (a whole number "
                             f"from 1, '400') nor seconds per decision ('0.5s'); {SYNTAX}") from None
    if rollout is not None and (not rollout or parse(rollout) is not None):
        raise ValueError(f"agent {name!r}: the rollout {rollout!r} must name a game's agent that does not "
                         f"search ('random', 'heuristic'); {SYNTAX}")
    if reward is not None and reward not in ("win", "margin"):
        raise ValueError(f"agent {name!r}: the reward {reward!r} is 'win' or 'margin'; {SYNTAX}")
    return Spec(kind, iterations, seconds, rollout, reward or "win")


class SearchAgent:
    """A seat played by search (see the module); ``last`` holds the estimates of its last decision."""

    searches: ClassVar[bool] = True
    needs_state: ClassVar[bool] = True

    def __init__(self, spec: Spec, seed: Any, rollouts: Callable[[int], Agent]) -> None:
        self.spec = spec
        self.rng = random.Random(f"{seed}/search")
        self._rollouts = rollouts
        self.last: list[Estimate] = []

    def decide(self, decision: Decision, view: Any) -> Any:
        if decision.pick == 1 and len(decision.options) == 1:
            return decision.options[0]
        forks = view.forks()
        try:
            forks.check(decision)
            self.last = search(forks, self.spec, self.rng, self._rollouts)
        finally:
            forks.close()
        return self.last[0].answer


def make(spec: Spec, seed: Any, make_agent: Callable[[str, Any], Agent]) -> SearchAgent:
    """A search agent of ``spec``, its rollout agents made by ``make_agent(name, seed)`` (one per seat,
    kept across its rollouts); an unknown rollout agent is a ValueError now, not at its first decision."""
    name = spec.rollout
    if name is None:
        try:
            make_agent(DEFAULT_ROLLOUT, f"{seed}/rollout")
            name = DEFAULT_ROLLOUT
        except ValueError:
            name = "random"
    else:
        make_agent(name, f"{seed}/rollout")
    spec = Spec(spec.kind, spec.iterations, spec.seconds, name, spec.reward)
    agents: dict[int, Agent] = {}

    def rollout(seat: int) -> Agent:
        agent = agents.get(seat)
        if agent is None:
            assert name is not None
            agent = agents[seat] = make_agent(name, f"{seed}/rollout/{seat}")
        return agent
    return SearchAgent(spec, seed, rollout)


def search(forks: Any, spec: Spec, rng: random.Random, rollouts: Callable[[int], Agent]) -> list[Estimate]:
    """The seat's answers at the forks' decision, best first, after ``spec``'s budget of iterations."""
    if spec.seconds is not None:
        deadline = time.perf_counter() + spec.seconds
        more: Callable[[int], bool] = lambda done: done == 0 or time.perf_counter() < deadline  # noqa: E731
    else:
        budget = spec.iterations or DEFAULT_ITERATIONS
        more = lambda done: done < budget  # noqa: E731
    run = _ismcts if spec.kind == "ismcts" else _flat
    return run(forks, spec, rng, rollouts, more)


# --- information-set MCTS -------------------------------------------------------------------------
class _Node:
    """A move (``seat``'s ``answer``) in the tree and what followed it: visits, total reward of its seat,
    availability (iterations in which it was legal when its parent was reached)."""

    __slots__ = ("answer", "avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int, answer: Any) -> None:
        self.seat, self.answer = seat, answer
        self.children: dict[tuple[int, Any], _Node] = {}
        self.visits, self.total, self.avail = 0, 0.0, 0


def _ismcts(forks: Any, spec: Spec, rng: random.Random, rollouts: Callable[[int], Agent],
            more: Callable[[int], bool]) -> list[Estimate]:
    root = _Node(-1, None)
    done = 0
    while more(done):
        game = forks.sample(rng)
        try:
            path = _descend(game, root, rng, rollouts)
            if game.pending is not None:
                game.play_out({seat: rollouts(seat) for seat in game.outside})
            rewards = _rewards(game, spec.reward)
        finally:
            game.close()
        for node in path:
            node.visits += 1
            node.total += rewards.get(node.seat, 0.0)
        done += 1
    seat = forks.seat
    moves = [child for (who, _), child in root.children.items() if who == seat]
    return _ranked([Estimate(c.answer, c.visits, c.total / c.visits if c.visits else 0.0) for c in moves])


def _descend(game: Any, root: _Node, rng: random.Random, rollouts: Callable[[int], Agent]) -> list[_Node]:
    """Walk the tree down one sample by UCB1 among the moves legal in it, add one move: the path."""
    node, path = root, []
    while (pending := game.pending) is not None:
        seat, decision = pending.seat, pending.decision
        legal = _available(node, seat, decision)
        for child in legal:
            child.avail += 1
        fresh = _untried(node, seat, decision, legal, rng, rollouts, pending.view)
        if fresh is not None:
            child = node.children[seat, _key(fresh)] = _Node(seat, fresh)
            child.avail += 1
            game.answer(seat, fresh)
            path.append(child)
            return path
        if not legal:       # a multi-pick decision whose tried answers are all illegal in this sample
            fresh = decision.random_answer(rng)
            child = node.children.setdefault((seat, _key(fresh)), _Node(seat, fresh))
            child.avail += 1
            game.answer(seat, fresh)
            path.append(child)
            return path
        node = max(legal, key=_ucb)
        game.answer(seat, node.answer)
        path.append(node)
    return path


def _available(node: _Node, seat: int, decision: Decision) -> list[_Node]:
    children = node.children
    if decision.pick == 1:
        found = (children.get((seat, _key(option))) for option in decision.options)
        return [child for child in found if child is not None]
    out = []
    for (who, _), child in children.items():
        if who == seat:
            try:
                decision.check(child.answer)
            except IllegalAnswer:
                continue
            out.append(child)
    return out


def _untried(node: _Node, seat: int, decision: Decision, legal: list[_Node], rng: random.Random,
             rollouts: Callable[[int], Agent], view: Any) -> Any:
    """A legal answer not yet in the tree here, to add, or None when every one (or, for a multi-pick
    decision, as many as its visits allow) is there."""
    if decision.pick == 1:
        if len(legal) == len(decision.options):
            return None
        untried = [o for o in decision.options if (seat, _key(o)) not in node.children]
        return untried[int(rng.random() * len(untried))]
    visits = sum(child.visits for child in legal)
    if len(legal) >= 1 + math.isqrt(visits):
        return None
    tried = {_key(child.answer) for child in legal}
    first = rollouts(seat).decide(decision, view) if not legal else None
    for answer in (first, *(decision.random_answer(rng) for _ in range(4))):
        if answer is not None and _key(answer) not in tried and (seat, _key(answer)) not in node.children:
            return answer
    return None


def _ucb(child: _Node) -> float:
    if child.visits == 0:
        return math.inf
    return child.total / child.visits + EXPLORATION * math.sqrt(math.log(max(child.avail, 1)) / child.visits)


# --- flat Monte Carlo -------------------------------------------------------------------------------
def _flat(forks: Any, spec: Spec, rng: random.Random, rollouts: Callable[[int], Agent],
          more: Callable[[int], bool]) -> list[Estimate]:
    decision = forks.decision
    seat = forks.seat
    if decision.pick == 1:
        candidates = list(decision.options)
    else:
        found: dict[Any, Any] = {}
        for _ in range(FLAT_CANDIDATES * 3):
            answer = decision.random_answer(rng)
            found.setdefault(_key(answer), answer)
            if len(found) >= FLAT_CANDIDATES:
                break
        candidates = list(found.values())
    visits, totals = [0] * len(candidates), [0.0] * len(candidates)
    done = 0
    while more(done):
        index = done % len(candidates)
        game = forks.sample(rng)
        try:
            game.answer(seat, candidates[index])
            if game.pending is not None:
                game.play_out({s: rollouts(s) for s in game.outside})
            totals[index] += _rewards(game, spec.reward).get(seat, 0.0)
        finally:
            game.close()
        visits[index] += 1
        done += 1
    tried = [Estimate(a, v, t / v) for a, v, t in zip(candidates, visits, totals, strict=True) if v]
    return sorted(tried, key=lambda e: (-e.value, -e.visits))      # flat: the best mean, not the most tried


# --- shared -------------------------------------------------------------------------------------------
def _rewards(game: Any, reward: str) -> dict[int, float]:
    """Each seat's reward at a sample's end: its share of the win, or its squashed score margin; nothing
    (0 for all) for an aborted or unfinished game."""
    standings = game.standings
    if not standings:
        return {}
    if reward == "margin":
        scores = {s.seat: float(s.score) if isinstance(s.score, int | float) else s.share for s in standings}
        out = {}
        for seat, score in scores.items():
            best = max((v for s, v in scores.items() if s != seat), default=0.0)
            out[seat] = 0.5 + (score - best) / (2 * (abs(score) + abs(best) + 1))
        return out
    return {s.seat: s.share for s in standings}


def _ranked(estimates: list[Estimate]) -> list[Estimate]:
    return sorted(estimates, key=lambda e: (-e.visits, -e.value))


def _key(answer: Any) -> Any:
    """An answer as a dict key (its own value, or its repr when it does not hash)."""
    try:
        hash(answer)
    except TypeError:
        return ("unhashable", repr(answer))
    return answer
