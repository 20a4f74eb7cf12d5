"""Run: any registered game as a PettingZoo AEC environment, on a :class:`~rulecraft.runtime.session.Session`.

PettingZoo is the interface people train agents against; a :class:`GameEnv` is one game of any registered
game held open by a session, its outside seats the environment's agents (``player_<seat>``), every other
seat the game's own agent named in the header (``random``, ``heuristic``...), answering on its own.

**Observation**, the seat's view only (never the engine's state, so it leaks nothing the seat may not see):
``{"observation": float32[features], "action_mask": int8[max_actions]}``. The vector is a generic feature
hashing of ``session.view(seat)`` and, for the seat asked, the decision it is asked (kind, context, options,
the picks made so far): every leaf of the JSON-like data adds its value (numbers, booleans) or 1 (a string
``path=value``) into the bucket its path hashes to, with a hashed sign, so it works for any game with no
game code (an ``encode`` callable replaces it). List elements are keyed by their index, and scalars in a
list also by value alone (a hand as a bag of cards). Values are clipped to ``±CLIP``.

**Actions**: ``Discrete(max_actions)``, action ``i`` is the decision's ``options[i]``; the mask marks the
legal ones, all zero for a seat not asked. A decision offering more than ``max_actions`` options raises
:class:`TooManyOptions` (the measured maxima: the guide ``agent-environment.md``). A decision with
``pick > 1`` (Tiny Epic Mechs' program) is answered one pick per step by the same agent, the mask leaving
out the options a :class:`~rulecraft.runtime.decisions.Distinct` key rules out, and is sent when complete.

**Rewards** come from the outcome only: at the game's end every agent gets its standing's ``share`` (1 a win,
1/k a shared win or draw, 0 a loss) and is terminated; an aborted game truncates every agent with reward
0 (``infos[agent]["aborted"]`` says why). The raw view, the decision and its options are in ``infos`` of
the seat asked (its own information only).
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from rulecraft.runtime.agents import Factory
from rulecraft.runtime.outcomes import of_seat
from rulecraft.runtime.session import OUTSIDE_KINDS, Pending, Session

FEATURES = 1024       # the observation vector's length by default
MAX_ACTIONS = 256     # the action space by default: above every option count measured (the guide)
CLIP = 1.0e6          # a feature's bound: the observation space is the box ±CLIP
Encoder = Callable[[dict[str, Any], int], np.ndarray]   # (the data of the seat, features) -> the vector


class TooManyOptions(ValueError):
    """A decision offers more options than the environment's action space holds."""


def featurize(data: Any, features: int = FEATURES) -> np.ndarray:
    """The feature hashing of JSON-like ``data`` into ``features`` float32 buckets (see the module): every
    leaf's key (its path, and ``=value`` for a string) hashed to a bucket and a sign, the leaf's number added
    there. One loop over a stack rather than a recursion: it is most of an environment step's cost."""
    sums: dict[int, float] = {}
    stack: list[tuple[str, Any]] = [("", data)]
    crc32 = zlib.crc32
    while stack:
        path, value = stack.pop()
        kind = type(value)
        if kind is str:
            key, amount = f"{path}={value}", 1.0
        elif kind is int or kind is float:
            key, amount = path, float(value)
        elif kind is bool or value is None:
            if not value:
                continue
            key, amount = path, 1.0
        elif kind is dict or isinstance(value, Mapping):
            stack.extend((f"{path}/{name}", item) for name, item in value.items())
            continue
        elif kind is list or kind is tuple or isinstance(value, list | tuple):
            for index, item in enumerate(value):
                stack.append((f"{path}/{index}", item))
                if type(item) in _SCALARS or not isinstance(item, Mapping | list | tuple):
                    stack.append((f"{path}/[]", item))      # a scalar in a list: by its value alone too
            continue
        elif isinstance(value, int | float):
            key, amount = path, float(value)
        else:
            key, amount = f"{path}={value}", 1.0
        digest = crc32(key.encode("utf-8"))
        bucket = digest % features
        sums[bucket] = sums.get(bucket, 0.0) + (-amount if digest & 0x80000000 else amount)
    out = np.zeros(features, dtype=np.float32)
    if sums:
        out[list(sums)] = list(sums.values())
    return np.clip(out, -CLIP, CLIP, out=out)


_SCALARS = frozenset({str, int, float, bool, type(None)})


class GameEnv(AECEnv):
    """One game of any registered game as a PettingZoo AEC environment (see the module).

    ``head``, ``ruleset``, ``hooks`` (and ``build``, ``game_agents``) are a :class:`Session`'s: the header's
    outside seats (``"outside"``) are the agents, the others its named agents. ``reset(seed=s)`` starts the
    game of seed ``s`` (the same game ``rulecraft play --seed s`` deals); a reset without a seed plays the
    next seed drawn from the last one given (the header's to start)."""

    def __init__(self, head: dict[str, Any], ruleset: Any, hooks: Any, *, features: int = FEATURES,
                 max_actions: int = MAX_ACTIONS, encode: Encoder | None = None,
                 build: Any = None, game_agents: Mapping[str, Factory] | None = None) -> None:
        super().__init__()
        self.head, self.ruleset, self.hooks = head, ruleset, hooks
        self._options = {"build": build, "game_agents": game_agents}
        self.features, self.max_actions = features, max_actions
        self.encode: Encoder = encode if encode is not None else featurize
        self.metadata = {"name": f"rulecraft_{head['game']}_v0", "render_modes": [],
                         "is_parallelizable": False}
        seats = [seat for seat, kind in enumerate(head["agents"]) if kind in OUTSIDE_KINDS]
        if not seats:
            raise ValueError("an environment needs at least one outside seat (agents: 'outside')")
        self.possible_agents = [f"player_{seat}" for seat in seats]
        self._seat = {agent: seat for agent, seat in zip(self.possible_agents, seats, strict=True)}
        observation = spaces.Dict({
            "observation": spaces.Box(-CLIP, CLIP, (features,), np.float32),
            "action_mask": spaces.Box(0, 1, (max_actions,), np.int8)})
        self._observation_spaces = {agent: observation for agent in self.possible_agents}
        self._action_spaces = {agent: spaces.Discrete(max_actions) for agent in self.possible_agents}
        self._seeds = random.Random(head["seed"])
        self.session: Session | None = None
        self._picked: list[int] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    # --- the game ---------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds.seed(seed)
            game_seed: int | str = seed
        else:
            game_seed = self._seeds.getrandbits(63)
        self.close()
        self.session = Session({**self.head, "seed": game_seed}, self.ruleset, self.hooks, **self._options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._picked = []
        self._advanced()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        pending = self._pending()
        mask = self._mask(pending, agent)
        if action is None or not 0 <= int(action) < self.max_actions or not mask[int(action)]:
            raise ValueError(f"{agent}: action {action!r} is not legal for the {pending.decision.kind} "
                             f"decision (legal: {np.flatnonzero(mask).tolist()})")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._picked.append(int(action))
        decision = pending.decision
        if len(self._picked) < decision.pick:
            self.infos[agent] = self._info(pending)     # the same seat picks again
            return
        options = decision.options
        answer = options[self._picked[0]] if decision.pick == 1 else tuple(options[i] for i in self._picked)
        self._picked = []
        assert self.session is not None
        self.session.answer(pending.seat, answer)
        self._advanced()

    def _advanced(self) -> None:
        """After the session has moved on: select the seat asked, or end the game for every agent."""
        session = self.session
        assert session is not None
        pending = session.pending
        if pending is not None:
            count = len(pending.decision.options)
            if count > self.max_actions:
                raise TooManyOptions(f"the {pending.decision.kind} decision offers {count} options, more "
                                     f"than max_actions={self.max_actions}: make the environment with more")
            self.agent_selection = f"player_{pending.seat}"
            for agent in self.agents:
                self.infos[agent] = {}
            self.infos[self.agent_selection] = self._info(pending)
            return
        for agent in self.agents:
            seat = self._seat[agent]
            if session.aborted:
                self.truncations[agent] = True
                self.infos[agent] = {"view": session.view(seat), "aborted": session.aborted}
            else:
                standing = of_seat(session.standings, seat)
                self.rewards[agent] = standing.share if standing is not None else 0.0
                self.terminations[agent] = True
                self.infos[agent] = {"view": session.view(seat), "standing": standing}
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]

    def _pending(self) -> Pending:
        assert self.session is not None and self.session.pending is not None
        return self.session.pending

    # --- what a seat gets -------------------------------------------------------------------------
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.observation(self.session, agent)

    def observation(self, session: Any, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation in ``session`` (this environment's, or a fork of it): computed from the
        seat's view and the decision it is asked only (the picks so far are this environment's)."""
        seat = self._seat[agent]
        pending = session.pending
        data: dict[str, Any] = {"view": session.view(seat)}
        if pending is not None and pending.seat == seat:
            decision = pending.decision
            picked = [decision.options[i] for i in self._picked]
            data["decision"] = {"kind": decision.kind, "context": decision.context, "pick": decision.pick,
                                "options": decision.options, "picked": picked}
        return {"observation": self.encode(data, self.features), "action_mask": self._mask(pending, agent)}

    def _mask(self, pending: Pending | None, agent: str) -> np.ndarray:
        mask = np.zeros(self.max_actions, dtype=np.int8)
        if pending is None or pending.seat != self._seat[agent]:
            return mask
        decision = pending.decision
        mask[:len(decision.options)] = 1
        if self._picked and decision.distinct is not None:
            key = decision.distinct.key
            used = {key(decision.options[i]) for i in self._picked}
            for index, option in enumerate(decision.options):
                if key(option) in used:
                    mask[index] = 0
        return mask

    def _info(self, pending: Pending) -> dict[str, Any]:
        """The seat asked's own information: its view, the decision and its options (action i is option i)."""
        assert self.session is not None
        decision = pending.decision
        return {"view": self.session.view(pending.seat), "decision": decision.kind,
                "context": decision.context, "options": list(decision.options), "pick": decision.pick,
                "picked": [decision.options[i] for i in self._picked]}

    def close(self) -> None:
        if self.session is not None:
            self.session.close()
