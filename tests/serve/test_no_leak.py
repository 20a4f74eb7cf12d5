"""Secrets stay on the server: over random sessions of every shipped game and Pig, what a seat is sent
depends on nothing its view does not hold.

**Indistinguishable worlds.** At each decision of a person's seat, the game is forked and *determinized* for
that seat (``Session.fork(determinize_for=seat)``: the game's ``determinize`` resamples everything the seat
cannot see: the other hands, the decks' order, hidden programs and Mine numbers, T16, M18; the seat's
view stays as it was). The message the server builds for the seat (``app.state_for``: its board, decision
panel with the options' warnings, targets, log, undo words) from the fork must be byte for byte the one
it builds from the real game; so must a spectator's. The undo words are the session's history, the same
in both worlds, so the fork's are the real session's (a determinized fork refuses every undo).

**Quiet stretches.** From that seat's answer to its next decision, both worlds play on (the fork's other
people answered afresh). When no event of the real stretch ``reveals`` anything to the seat (the
conformance notion, ``tests/conformance/test_determinize.py``), its next message, log lines included, must
again be the same in both worlds: a log line narrating a hidden draw or another seat's secret answer is
caught there.

**Texts.** After every answer, no text that is an id ("grenade-launcher", "emp-burst", "c3") of
``snapshot()`` which none of the seat's views so far has shown appears in its message, for the log lines
of stretches that reveal something. Answers go through the table on disk (``Table.changing``), as the
server gives them; undo is tried on the way.

Each check can fail: a board drawing the snapshot, a board that remembers another seat's hand (by its cards'
names, which the text check cannot tell from English) and a log that tells another seat's secret answer
are each caught below.
"""

from __future__ import annotations

import dataclasses
import html
import json
import random
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st
from serve_kit import PIG

from rulecraft.cli.web import store
from rulecraft.cli.web.app import Seat, act, state_for
from rulecraft.cli.web.messages import Refused, Request
from rulecraft.cli.web.setup import stack_choices, table_header
from rulecraft.cli.web.store import Table, new_table
from rulecraft.cli.web.words import NOBODY, Words
from rulecraft.plugins.mecha.web import Board as MechaBoard
from rulecraft.runtime.web.components import Markup, tag

STEPS = {"pig": 60, "tem": 30, "mecha": 40, "teq": 30}     # people's answers per session (CPU budget)
EXAMPLES = {"pig": 6, "tem": 2, "mecha": 2, "teq": 2}


def texts(value: object, found: set[str] | None = None) -> set[str]:
    found = set() if found is None else found
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str) and not key.isalpha():    # an id as a key (a cell, a card), not a field
                found.add(key)
            texts(item, found)
    elif isinstance(value, list | tuple):
        for item in value:
            texts(item, found)
    return found


def leaked(message: str, secrets: set[str]) -> list[str]:
    """The secrets written in ``message`` as whole words (escaped as the HTML escapes them, or not)."""
    out = []
    for secret in secrets:
        if len(secret) < 3 or secret.isdigit() or secret.isalpha():
            continue                      # "a", "12", "first", "damage": the messages' English has them
        for form in {secret, html.escape(secret, quote=True)}:
            if re.search(rf"(?<![\w-]){re.escape(form)}(?![\w-])", message):
                out.append(secret)
    return out


def choice(game: str):
    stacks = stack_choices([PIG]) if game == "pig" else stack_choices([])
    return next(c for c in stacks if c.stack.game == game)


def sent(table: Table, seat: int) -> str:
    """The message the server builds for ``seat`` (NOBODY: a spectator), as the browser receives it."""
    return json.dumps(state_for(table, None if seat == NOBODY else seat))


@dataclass
class Stretch:
    """The other world, determinized for ``seat`` at its decision: the stretch from its answer on."""

    seat: int
    start: int              # the real game's events before the seat's answer
    world: Table


def other_world(table: Table, seat: int, rng: random.Random) -> Table:
    """The table's game as another world the seat cannot tell from this one (its own Table, never written:
    its session is a fork determinized for ``seat``)."""
    world = Table(table.folder)
    assert world.session is not None and table.session is not None
    fork = world.session.fork(determinize_for=seat, rng=random.Random(rng.getrandbits(64)))
    world.session.close()
    fork.undo_refusal = table.session.undo_refusal     # type: ignore[method-assign]  # the same history
    world.session = fork
    return world


def watchers_of(table: Table, people: list[int]) -> list[int]:
    return [*people, NOBODY] if table.spectators else people


def same_in_both(table: Table, stretch: Stretch, watchers: list[int], when: str) -> None:
    """The seat's message, and a spectator's (who sees less than any seat), the same in both worlds; the
    other seats' are not: what the seat cannot see is theirs."""
    for seat in (stretch.seat, *(w for w in watchers if w == NOBODY)):
        assert sent(stretch.world, seat) == sent(table, seat), \
            f"seat {seat} is sent something else in a world seat {stretch.seat} cannot tell apart ({when})"


@pytest.mark.parametrize("game", ["pig", "mecha", "tem", "teq"])
def test_no_message_depends_on_what_its_seat_cannot_see(game):
    picked = choice(game)

    @settings(max_examples=EXAMPLES[game], database=None,
              phases=[Phase.explicit, Phase.generate])     # a failure is reported as found: a game is long
    @given(seed=st.integers(0, 10**6), players=st.integers(*picked.stack.players), people=st.integers(1, 15),
           rng=st.randoms(use_true_random=False))
    def session(seed: int, players: int, people: int, rng: random.Random) -> None:
        with tempfile.TemporaryDirectory() as root:
            table = open_table(Path(root), picked, seed, players, people)
            try:
                play(table, rng, STEPS[game])
            finally:
                table.close()

    session()


def open_table(root: Path, picked: Any, seed: int, players: int, people: int) -> Table:
    seats = [seat for seat in range(players) if people >> seat & 1] or [0]
    form = {"players": str(players), "seed": str(seed),
            **{f"seat{s}": "human" if s in seats else picked.stack.agents[0] for s in range(players)}}
    head, spectators = table_header(picked, form)
    links = new_table(root, head, hotseat=False, spectators=spectators)
    return Table(root / links.table)


def play(table: Table, rng: random.Random, steps: int) -> dict[str, int]:
    """Play ``steps`` people's answers at random, checking every message; how many pairs and quiet
    stretches were compared."""
    people = table.people
    watchers = watchers_of(table, people)
    seen: dict[int, set[str]] = {seat: set() for seat in watchers}
    stretch: Stretch | None = None
    counts = {"pairs": 0, "quiet": 0}
    try:
        for _ in range(steps + 1):
            session = table.session
            assert session is not None
            check_texts(table, watchers, seen)
            pending = session.pending
            if stretch is not None and (pending is None or pending.seat == stretch.seat):
                counts["quiet"] += close(table, stretch, watchers)
                stretch = None
            if pending is None:
                break
            if stretch is None:
                stretch = Stretch(pending.seat, len(session.events), other_world(table, pending.seat, rng))
                same_in_both(table, stretch, watchers, "at its decision")
                counts["pairs"] += 1
            if rng.random() < 0.15:
                try:
                    act(table, Seat(None, "seat", pending.seat), Request("undo"))  # type: ignore[arg-type]
                    drop(stretch)            # another history: the other world is no longer one
                    stretch = None
                    continue
                except Refused:
                    pass
            answer = pending.decision.random_answer(rng)
            with table.changing() as playing:
                playing.answer(pending.seat, answer)
            if stretch is not None and started_now(stretch):
                advance(stretch, answer, rng)
    finally:
        drop(stretch)
    return counts


def new_events(table: Table, stretch: Stretch) -> list[dict[str, Any]]:
    assert table.session is not None
    return table.session.events[stretch.start:]


def started_now(stretch: Stretch) -> bool:
    """Whether the other world is still at the decision it was made at (the seat's answer starts it)."""
    assert stretch.world.session is not None
    return len(stretch.world.session.events) == stretch.start


def advance(stretch: Stretch, answer: Any, rng: random.Random) -> None:
    """The other world answers as the seat did, then plays on to the seat's next decision, its other
    people answering afresh."""
    world = stretch.world.session
    assert world is not None
    world.answer(stretch.seat, answer)
    while world.pending is not None and world.pending.seat != stretch.seat:
        world.answer(world.pending.seat, world.pending.decision.random_answer(rng))


def close(table: Table, stretch: Stretch, watchers: list[int]) -> int:
    """At the seat's next decision (or the end): when nothing in the stretch revealed anything to the seat,
    both worlds must send the same; 1 when compared."""
    try:
        game = table.told.game
        if any(game.reveals(event, stretch.seat) for event in new_events(table, stretch)):
            return 0
        world = stretch.world.session
        assert world is not None and table.session is not None
        assert (world.pending is None) == (table.session.pending is None)
        same_in_both(table, stretch, watchers, "after a stretch that revealed nothing to it")
        return 1
    finally:
        drop(stretch)


def drop(stretch: Stretch | None) -> None:
    if stretch is not None:
        stretch.world.close()


def check_texts(table: Table, watchers: list[int], seen: dict[int, set[str]]) -> None:
    session = table.session
    assert session is not None
    snapshot = texts(table.told.game.snapshot())
    for seat in watchers:
        view = session.public_view() if seat == NOBODY else session.view(seat)
        seen[seat] |= texts(view)
        if session.pending is not None and session.pending.seat == seat:    # its own decision's words
            seen[seat] |= texts([session.pending.decision.options, session.pending.decision.context])
        found = leaked(sent(table, seat), snapshot - seen[seat])
        assert not found, f"seat {seat} was sent {found}, which its views never showed"


# --- the checks can fail ------------------------------------------------------------------------------
def mecha_table(root: Path, people: int = 0b11) -> Table:
    return open_table(root, choice("mecha"), 1, 2, people)


def test_the_text_check_finds_a_board_drawn_from_the_snapshot():
    """A board drawing the whole state (the opponent's hand and both decks' order, M18) is caught."""
    with tempfile.TemporaryDirectory() as root:
        table = mecha_table(Path(root), 0b01)
        table.web.board = lambda state, you: json.dumps(table.told.game.snapshot())
        try:
            with pytest.raises(AssertionError, match="which its views never showed"):
                check_texts(table, [0], {0: set()})
        finally:
            table.close()


class Gossip(MechaBoard):
    """A leaky board: it remembers each hand it was shown and draws the others' (M18: secret). One board
    draws every seat at a table, so a seat is sent the hand of the seat drawn before it."""

    def __init__(self, ruleset: Any, colours: Any) -> None:
        super().__init__(ruleset, colours)
        self.hands: dict[int, list[str]] = {}

    def board(self, state: dict[str, Any], you: int | None) -> Markup:
        for player in state["players"]:
            if isinstance(player["hand"], list):
                self.hands[player["seat"]] = list(player["hand"])
        told = [self.ruleset.cards[card].name for seat, hand in sorted(self.hands.items()) if seat != you
                for card in hand]
        return Markup(super().board(state, you) + tag("p", " ".join(told)))


@dataclass(frozen=True)
class Loaded:
    """A definition's member, already loaded (as a test's stand-in for an entry point)."""

    thing: Any

    def load(self) -> Any:
        return self.thing


def test_the_worlds_find_a_board_that_remembers_another_seats_hand(monkeypatch):
    """It draws the cards' names, as boards do ("Lancer", "Ember Mortar"): no id the text check looks for,
    and words it could not tell from English; the determinized world, where the opponent holds other
    cards, tells."""
    real = store.get
    monkeypatch.setattr(store, "get", lambda game: dataclasses.replace(real(game), web=Loaded(Gossip)))
    with tempfile.TemporaryDirectory() as root:
        table = mecha_table(Path(root))
        try:
            with pytest.raises(AssertionError, match="cannot tell apart"):
                play(table, random.Random(2), 12)
        finally:
            table.close()


def test_the_quiet_stretches_find_a_log_that_tells_a_secret_number(monkeypatch):
    """A log that says each number picked tells a seat another's secret Mine number (T16, T17): a hidden
    number, which no text check can tell from the messages' other numbers; caught by the log of a stretch
    that revealed nothing to the seat, the other seat having picked otherwise in the other world."""
    told = Words.narrate

    def telling(self: Words, event: dict[str, Any], you: int, state: Any) -> str | None:
        if event["e"] == "decision" and type(event.get("answer")) is int:
            return f"seat {event['player']} picked {event['answer']}"
        return told(self, event, you, state)

    monkeypatch.setattr(Words, "narrate", telling)
    with tempfile.TemporaryDirectory() as root:
        table = open_table(Path(root), choice("tem"), 4, 2, 0b11)
        try:
            with pytest.raises(AssertionError, match="after a stretch that revealed nothing"):
                play(table, random.Random(0), 8)          # the Mine numbers picked (T17) differ there
        finally:
            table.close()


def test_the_worlds_are_compared_in_every_game():
    """The property is not vacuous: in a seeded session of each game with something hidden, pairs of worlds
    and quiet stretches are compared."""
    for game, seed in (("mecha", 5), ("tem", 5)):
        with tempfile.TemporaryDirectory() as root:
            table = open_table(Path(root), choice(game), seed, 2, 0b01)
            try:
                counts = play(table, random.Random(seed), 12)
            finally:
                table.close()
            assert counts["pairs"] > 0 and counts["quiet"] > 0, (game, counts)
