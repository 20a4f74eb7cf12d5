"""Run: the game-agnostic core every game's engine builds on: seats, one seeded RNG, events, decisions.

A game's engine subclasses :class:`GameCore` and writes its rules in :meth:`GameCore.run`; the core owns what
every game needs and the tools rely on:

- **seats**: one agent per seat (``agents``; seat ``i`` is ``agents[i]``), asked only through :meth:`ask`.
  A seat's *name* is the engine's: every engine takes ``colours=`` (one name per seat, in seat order; by
  default its own, e.g. TEM's pack colours, Mecha Game's ``a``/``b``), and a log header records them as
  ``"colours"`` so a replay seats the same names;
- **chance** (:meth:`roll`, :meth:`shuffle`, :meth:`pick`): every chance outcome of the game is one of these
  calls, named by what it is for, and logged as one ``chance`` event; they draw from ``chance``, by default
  the seeded source over one ``rng`` (``random.Random(seed)``, ``seed`` an int or a text), so the same seed
  and the same answers give the same game, byte for byte (logs and replay). A rule scenario installs a
  scripted source instead (:mod:`rulecraft.runtime.chance`). Draw in a fixed order only (never over a
  ``set``'s or a hash's order), never from the ``random`` module; agents keep their own RNGs (a random
  seat is seeded ``"{seed}/{seat}"`` by the tools), so what an agent draws never moves the game's sequence.
  A plugin draws through the same calls (its draws are part of the game its log names);
- **events**: plain dicts with ``"e"`` first, recorded by :meth:`push` (or :meth:`emit`) in ``events`` and
  handed to every listener as they happen; in **summary mode** (:meth:`keep_only`, for a batch simulation
  that reads no log) ``events`` keeps only the types a per-game record reads and every other event is
  only counted (:meth:`event_counts`): the game plays the same either way;
- **the step cap and a clean abort**: more than ``step_cap`` events raise :class:`StepCapExceeded`; any
  :class:`GameError`, illegal answer or unscripted decision during :meth:`play` marks the game ``aborted``
  (one ``abort`` event with the reason) and is re-raised; nothing is half-applied;
- **decisions**: :meth:`ask` puts a :class:`~rulecraft.runtime.decisions.Decision` to its seat's agent with
  that seat's view (``view_class(game, seat, state=...)``: by default the shared
  :class:`~rulecraft.runtime.views.View` of the game's :meth:`view_state`, its hidden-information rule),
  validates the answer and logs it as a ``decision`` event; :meth:`choose` asks a single-pick decision
  of an agent that answers by index (``pick_index(n)``) without building the Decision or the view; a
  choice made of several such decisions, each depending on the answers before, is a
  :class:`~rulecraft.runtime.steps.StepChoice` (one ``choose`` per step);
- **play → run → result**: :meth:`play` runs the game and returns :meth:`run`'s result; the game's end is
  ``standings``, one typed :class:`~rulecraft.runtime.outcomes.Standing` per seat, best first (rank,
  result, share of a win, score, tie-break keys, target), ``None`` until the game has ended: what records,
  reports and the play loop read;
- **what the tools show**: ``colours`` (the seats' names, in seat order; by default the seat numbers) and
  :meth:`snapshot`, the whole state as plain data (``replay --watch`` draws it);
- **a stash** (``stash``): a plugin keeps its state of one game under its registered name there, so it lives
  and dies with the game (no module-global map keyed by games);
- **how the game played** (read by the per-game record, ``rulecraft.runtime.balance.quality``): per
  seat, the decisions asked (``seat_decisions``) and the options they offered (``seat_options``), counted
  by :meth:`ask` and :meth:`choose` in either mode; and with :meth:`follow_lead`, each seat's standing so
  far (a game's ``lead``) sampled after every event of the kinds it names, in ``lead_samples``. Counted,
  never logged: the log is the same byte for byte.

The hot paths (``push``, ``ask``) are the same code TEM's engine ran before the core was lifted out of it:
no per-event or per-decision indirection is added (``python -m bench engine`` measures it).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from rulecraft.runtime.chance import ChanceSource, Die, SeededChance, UnscriptedChance
from rulecraft.runtime.decisions import (
    Agent,
    Decision,
    IllegalAnswer,
    UnscriptedDecision,
    index_picker,
    needs_state,
)
from rulecraft.runtime.errors import GameError, StepCapExceeded
from rulecraft.runtime.outcomes import Standing
from rulecraft.runtime.views import View

Listener = Callable[[dict[str, Any]], None]
ViewFactory = Callable[..., Any]          # (game, seat, *, state: bool) -> the seat's view
ABORTS = (GameError, IllegalAnswer, UnscriptedDecision, UnscriptedChance)


@mypyc_attr(allow_interpreted_subclasses=True)
class GameCore:
    """One game's shared machinery; a game's engine subclasses it and implements :meth:`run`."""

    view_class: ClassVar[ViewFactory] = View   # what an agent gets per decision (a game may bring its own)
    # Slots: the core's own attributes cost a game's engine none of its instance-dict room (CPython keeps
    # the fast shared-key layout for up to 30 attributes), so the engine's own reads stay as fast as before.
    __slots__ = ("__dict__", "_cap", "_counts", "_kept", "_lead", "_lead_at", "_pickers", "_view", "aborted",
                 "agents", "asked", "chance", "colours", "events", "finished", "lead_samples", "listeners",
                 "rng", "seat_decisions", "seat_options", "seed", "standings", "stash", "steps")

    def __init__(self, agents: Sequence[Agent], seed: int | str, step_cap: int,
                 listeners: Iterable[Listener] = (), colours: Sequence[str] | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.chance: ChanceSource = SeededChance(self.rng)   # a rule scenario puts a scripted source here
        self.agents = list(agents)
        # the seats' names, given by the engine and set once (mypyc's build leaked a default replaced later)
        self.colours: Sequence[str] = colours if colours is not None else [str(s) for s in range(len(agents))]
        self.standings: list[Standing] | None = None    # set when the game ends (see module)
        self.listeners = list(listeners)
        self.events: list[dict[str, Any]] = []
        self.steps = 0
        self.finished = False
        self.aborted: str | None = None
        self.asked: list[Decision] | None = None   # every decision asked, when a caller keeps them here
        self.stash: dict[str, Any] = {}   # per-plugin state of this game, by the plugin's registered name
        self._cap = step_cap
        self._view = self.view_class
        # each seat's pick_index when its agent answers by index (see choose), else None
        self._pickers = [index_picker(agent) for agent in self.agents]
        self._counts: dict[str, int] | None = None   # summary mode: events counted by type (keep_only)
        self._kept: frozenset[str] = frozenset()     # summary mode: the types still kept in ``events``
        self.seat_decisions = [0] * len(self.agents)   # per seat: the decisions it was asked
        self.seat_options = [0] * len(self.agents)     # per seat: the options those decisions offered
        self.lead_samples: list[tuple[float, ...]] = []  # the standings sampled by follow_lead, in order
        self._lead: Callable[[Any], Sequence[float]] | None = None
        self._lead_at: frozenset[str] = frozenset()  # the event kinds after which the lead is sampled

    # --- events ----------------------------------------------------------------------------------
    def emit(self, event_type: str, /, **data: Any) -> None:
        if not self.counted(event_type):
            self.push({"e": event_type, **data})

    def push(self, event: dict[str, Any]) -> None:
        """Record a ready-made event (``"e"`` first): the hottest steps build their dict literally, which
        costs less than ``emit``'s keyword arguments."""
        steps = self.steps = self.steps + 1
        if steps > self._cap:
            raise self.capped()
        counts = self._counts
        if counts is None:
            self.events.append(event)
            if self._lead_at and event["e"] in self._lead_at:
                self.sample_lead()
        else:
            kind = event["e"]
            counts[kind] = counts.get(kind, 0) + 1
            if kind in self._kept:        # the lead's kinds are kept (follow_lead), so sampled here
                self.events.append(event)
                if kind in self._lead_at:
                    self.sample_lead()
        if self.listeners:
            for listener in self.listeners:
                listener(event)

    def counted(self, kind: str) -> bool:
        """In summary mode with no listener, count one ``kind`` event that nothing reads and say so: a hot
        step then skips building it (``if not self.counted("move"): self.push({...})``)."""
        counts = self._counts
        if counts is None or self.listeners or kind in self._kept:
            return False
        steps = self.steps = self.steps + 1
        if steps > self._cap:
            raise self.capped()
        counts[kind] = counts.get(kind, 0) + 1
        return True

    def capped(self) -> StepCapExceeded:
        """Mark the game aborted by its step cap, just exceeded, and say so (raised by the step)."""
        self.aborted = f"step cap of {self._cap} exceeded{self.where()}"
        return StepCapExceeded(self.aborted + ": a rule or plugin loops")

    def keep_only(self, types: Iterable[str]) -> None:
        """Summary mode, chosen before :meth:`play` when nothing reads the full log: ``events`` keeps only
        the events of ``types`` (what a per-game record reads) and every event is counted by type. The
        game is the same (events never steer the rules); listeners still see every event."""
        self._kept = frozenset(types) | self._lead_at
        self._counts = dict(Counter(e["e"] for e in self.events))
        self.events = [e for e in self.events if e["e"] in self._kept]

    def follow_lead(self, lead: Callable[[Any], Sequence[float]], at: Iterable[str]) -> None:
        """Sample ``lead(game)``, each seat's standing so far (a game's ``lead``: its VP, the damage it
        dealt), into ``lead_samples`` after every event of the kinds ``at`` (its turn or round
        boundaries), chosen before :meth:`play`. In summary mode those kinds are kept, so their events are
        still pushed (a few a game)."""
        self._lead = lead
        self._lead_at = frozenset(at)
        if self._counts is not None:
            self._kept = self._kept | self._lead_at

    def sample_lead(self) -> None:
        lead = self._lead
        if lead is not None:
            self.lead_samples.append(tuple(lead(self)))

    def event_counts(self) -> Counter[str]:
        """How many events of each type the game recorded, in either mode."""
        if self._counts is None:
            return Counter(e["e"] for e in self.events)
        return Counter(self._counts)

    def where(self) -> str:
        """Where the game is, for the step cap's message (`` in round 3``); a game says what it can."""
        return ""

    # --- chance ----------------------------------------------------------------------------------
    def roll(self, dice: Sequence[Die], what: str) -> list[Any]:
        """Throw ``dice`` at once (one face each, in order): one ``chance`` event with the faces."""
        faces = self.chance.roll(dice, what)
        if not self.counted("chance"):
            self.push({"e": "chance", "kind": "roll", "what": what, "dice": [die.id for die in dice],
                       "faces": list(faces)})
        return faces

    def shuffle(self, items: list[Any], what: str) -> None:
        """Shuffle ``items`` in place: one ``chance`` event with how many, never the order (a deck's order
        is what no seat may see; the events after it show what came)."""
        self.chance.shuffle(items, what)
        if not self.counted("chance"):
            self.push({"e": "chance", "kind": "shuffle", "what": what, "count": len(items)})

    def pick(self, options: Sequence[Any], what: str, *, hidden: bool = False) -> Any:
        """One of ``options`` by chance: one ``chance`` event with the result, unless it is ``hidden``
        (a card no seat may see yet: the event then says only how many options there were)."""
        result = self.chance.pick(options, what)
        if not self.counted("chance"):
            event: dict[str, Any] = {"e": "chance", "kind": "pick", "what": what, "count": len(options)}
            if not hidden:
                event["result"] = result
            self.push(event)
        return result

    # --- decisions -------------------------------------------------------------------------------
    def ask(self, decision: Decision) -> Any:
        """Ask the decision's player; validate the answer (IllegalAnswer) and log it."""
        seat = decision.player
        self.seat_decisions[seat] += 1
        self.seat_options[seat] += len(decision.options)
        if self.asked is not None:
            self.asked.append(decision)
        agent = self.agents[seat]
        answer = decision.check(agent.decide(decision, self._view(self, seat, state=needs_state(agent))))
        if not self.counted("decision"):
            self.push({"e": "decision", "kind": decision.kind, "player": seat, "answer": answer})
        return answer

    def choose(self, kind: str, seat: int, options: Sequence[Any],
               context: dict[str, Any] | None = None) -> Any:
        """Ask ``seat`` a single-pick decision. An agent that answers by index (``pick_index(n)``, the same
        draw as its ``decide``) is asked without a Decision or a view, which nobody would read, and its
        answer is legal by construction; any other agent, or a caller keeping ``asked``, goes to :meth:`ask`.
        The game and its log are the same either way."""
        pick_index = self._pickers[seat]
        if pick_index is None or self.asked is not None:
            return self.ask(Decision(kind, seat, tuple(options), {} if context is None else context))
        n = len(options)
        self.seat_decisions[seat] += 1
        self.seat_options[seat] += n
        index = pick_index(n)
        if not 0 <= index < n:
            raise IllegalAnswer(f"player {seat}: index {index!r} is not one of the {n} options of the {kind} "
                                f"decision")
        answer = options[index]
        counts = self._counts          # counted("decision") inlined: the one step every game takes most
        if counts is None or self.listeners or "decision" in self._kept:
            self.push({"e": "decision", "kind": kind, "player": seat, "answer": answer})
        else:
            steps = self.steps = self.steps + 1
            if steps > self._cap:
                raise self.capped()
            counts["decision"] = counts.get("decision", 0) + 1
        return answer

    def by_index(self, seat: int) -> bool:
        """Whether :meth:`choose` asks ``seat`` by index now (its agent answers by ``pick_index`` and no
        caller keeps ``asked``): then no Decision is built, so a caller need not build a context for it
        (:class:`~rulecraft.runtime.steps.StepChoice` builds none)."""
        return self._pickers[seat] is not None and self.asked is None

    def reveals(self, event: dict[str, Any], seat: int) -> bool:
        """Whether ``event`` shows ``seat`` something its own answers did not decide (what undo may not take
        back, see ``rulecraft.runtime.session``): by default a chance event with a result (a roll, a visible
        pick) and another seat's answer. A game overrides it from its hidden-information rule (a card drawn
        into that seat's hand reveals; another seat's secret answer does not, until it is turned)."""
        kind = event["e"]
        if kind == "chance":
            return "faces" in event or "result" in event
        answerer = self.answered(event)
        return answerer is not None and answerer != seat

    def answered(self, event: dict[str, Any]) -> int | None:
        """The seat whose answer ``event`` is, or None: a decision's player, by default. A game that lets a
        seat with nothing to decide pass unasked, and logs that pass, names its seat too: such a pass says
        as much as an answer would (Mecha Game's windows)."""
        return event.get("player") if event["e"] == "decision" else None

    def view_state(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see of the game now, as plain data with no other seat's secret (the game's
        hidden-information rule); :class:`~rulecraft.runtime.views.View` calls it."""
        raise NotImplementedError

    def snapshot(self) -> dict[str, Any]:
        """The whole state of the game now, as plain data and every secret in it (what ``replay --watch``
        draws when nobody's view is asked for); the game's engine implements it."""
        raise NotImplementedError

    def public_view(self) -> dict[str, Any]:
        """What every seat may see alike, as plain data with no seat's secret: a spectator's view (``rulecraft
        serve``). A game that does not say raises NotImplementedError (its tables have no spectators): never
        a seat's view or the snapshot by default, which would show someone's secret."""
        raise NotImplementedError

    # --- the whole game --------------------------------------------------------------------------
    def run(self) -> Any:
        """Play the game from its first step to its result; the game's engine implements it."""
        raise NotImplementedError

    def play(self) -> Any:
        """Run the game and return its result; a game that cannot go on is marked aborted (see module)."""
        try:
            return self.run()
        except ABORTS as exc:
            # nothing is half-applied: a failing step raises before it changes the state; mark the game
            self.aborted = self.aborted or f"{type(exc).__name__}: {exc}"
            self.events.append({"e": "abort", "reason": self.aborted})
            if self._counts is not None:
                self._counts["abort"] = self._counts.get("abort", 0) + 1
            raise
