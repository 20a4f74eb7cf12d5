"""Play: a whole game of any registered game at the terminal (a person against agents), its log, resuming
and watching.

A game is set up from a *header* (the log's first line: the game, packs, plugins, seed, colours, seat agents,
and ``play``: which seat is the person, whether it is solo), so a new game and a resumed one are built the
same way, and held by a session (``rulecraft.runtime.session``): the front end's loop asks the session whose
answer it awaits, shows the person's seat its view, reads the answer and hands it to the session, which
plays every other seat (the named agents seeded ``SEED/SEAT``, with the plugins their rules need, e.g.
Robot Pilots for ``robot``) on its own. ``u`` takes the person's last answer back when the session allows
it, and says why not when it does not; ``hint`` shows the search agent's best answers (:func:`show_hint`).
No game's code runs inside the engine's loop.

What is shown is the game's ``board`` member (its GameDefinition): a class built from ``(ruleset, colours,
agents)`` that draws a state (``screen``) and narrates events (``narrate``, ``needs_state``), says when
``replay --watch`` shows the board (before the events of ``boundaries`` that ``boundary`` keeps) and who
won (``verdict``). The person's seat is asked through the board's ``prompts`` (Tiny Epic Mechs' programs,
Mecha Game's keys), else the shared numbered prompts (:class:`~rulecraft.cli.choices.NumberedChoices`, with
the board's ``describe`` and ``option_text``); a board with a ``solo_game`` offers ``--solo``, one with
``panes`` is drawn full screen at a real terminal (``rulecraft.cli.fullscreen``).

The log is the session's state: written as the game goes (one line per event, flushed before every
prompt), so quitting, Ctrl-C or a closed terminal lose nothing, and written again from the session's lines
after an undo. Resuming restores the session from the log: the person's logged answers are fed back, the
other seats play again (they are seeded, so they answer as before), and every event is checked against
its line; then the game goes on at the terminal, appending to the same log. A resumed game is the very
game an uninterrupted one would have been.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import IO, Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from rulecraft.cli.games import DEFAULT_GAME
from rulecraft.cli.prompts import AskHint, Quit, TakeBack, Terminal
from rulecraft.plugins.wiring import plugin_names
from rulecraft.runtime import logs
from rulecraft.runtime.balance.records import seat_names
from rulecraft.runtime.errors import GameError
from rulecraft.runtime.games import agents_for, engine_for, get
from rulecraft.runtime.outcomes import DRAW, SHARED, WIN, of_seat
from rulecraft.runtime.safe_console import SafeConsole

HUMAN = "human"
Game = Any             # a game's engine (``rulecraft.runtime.game.GameCore``)
Board = Any            # a game's ``board`` member, built for one game (see the module's docstring)


class PlayError(ValueError):
    """A game cannot be started or resumed as asked; the message says why."""


@dataclass
class Outcome:
    """How a game at the terminal ended (``finished``, ``quit``, ``interrupted`` (Ctrl-C) or ``aborted``)
    and its session (``rulecraft.runtime.session``) as it stands."""

    status: str
    session: Any
    problem: str | None = None      # why the game stopped, when it was aborted


def new_header(packs: Sequence[str], opponents: str, players: int | None, seat: int, solo: bool,
               seed: str, extra_plugins: Sequence[str] = (), game: str = DEFAULT_GAME
               ) -> tuple[dict[str, Any], Any, Any]:
    """The header of a new game, with its ruleset and hooks. The packs name their game (none: ``game``'s
    core pack); ``players`` None seats the most the game has. ``solo``: the board's solo mode
    (Tiny Epic Mechs: one person against two Robots on the 3-player arena, R1)."""
    from rulecraft.runtime.agents import agent_plugins, agent_problem
    from rulecraft.runtime.decisions import RandomAgent

    game = stack_game(packs, game)
    board = board_class(game)
    if solo:
        setup = getattr(board, "SOLO", None)
        if setup is None:
            raise PlayError(f"{get(game).name} has no solo mode")
        players, seat, opponents = setup["players"], setup["seat"], setup["opponents"]
    fewest, most = get(game).players
    players = most if players is None else players
    if not fewest <= players <= most:
        raise PlayError(f"--players must be {fewest}-{most}" if fewest < most else
                        f"--players must be {most}")
    if not 0 <= seat < players:
        raise PlayError(f"--seat must be 0-{players - 1}")
    game_agents = agents_for(game)
    problem = agent_problem(opponents, game_agents)
    if problem is not None:
        raise PlayError(f"--opponents: {problem}")
    agents = [HUMAN if s == seat else opponents for s in range(players)]
    ruleset, hooks, plugins = load(packs, [*extra_plugins, *agent_plugins(agents, game_agents)], game)
    # The seats' names and the stack's own player counts are the engine's: a game built and not played.
    try:
        probe = engine_for(game)(ruleset, [RandomAgent(s) for s in range(players)], seed=seed, hooks=hooks)
    except ValueError as exc:
        raise PlayError(f"--players {players}: {exc}") from None
    packs = [str(Path(p).resolve()) for p in packs]     # a log replays from any folder
    head = logs.header(ruleset, packs, plugins, seed, seat_names(probe), agents)
    head["play"] = {"human": seat, "solo": solo}
    return head, ruleset, hooks


def stack_game(packs: Sequence[str], game: str) -> str:
    """The game of a pack stack (its manifests'), or ``game`` for no packs."""
    if packs:
        from rulecraft.plugins.wiring import check_packs

        found = check_packs([Path(p) for p in packs]).game
        if found is not None:
            return found
    return game


def board_class(game: str) -> Any:
    """The game's ``board`` member (what ``play`` and ``replay --watch`` draw), else the shared plain one."""
    definition = get(game)
    if definition.board is None:
        from rulecraft.cli.plain_board import PlainBoard

        return PlainBoard
    return definition.board.load()


def load(packs: Sequence[str], plugins: Sequence[str], game: str = DEFAULT_GAME
         ) -> tuple[Any, Any, list[str]]:
    """The ruleset and hooks of a pack stack (none: ``game``'s core pack) with plugins (the packs' own
    first), and the plugin list."""
    ruleset, hooks, names = _load(tuple(packs), tuple(plugins), game)
    return ruleset, hooks, list(names)


@cache
def _load(packs: tuple[str, ...], plugins: tuple[str, ...], game: str) -> tuple[Any, Any, tuple[str, ...]]:
    """Built once per process: a ruleset is immutable and shared by games, and hooks keep no game state
    of their own (as ``runtime.balance.batch`` shares them)."""
    from rulecraft.plugins.manager import make_hooks
    from rulecraft.plugins.wiring import load_ruleset

    ruleset = load_ruleset(list(packs), list(plugins), game)
    names = tuple(dict.fromkeys([*ruleset.source.get("plugins", ()), *plugins]))
    return ruleset, make_hooks(ruleset.source["game"], list(names)), names


class LogFile:
    """The game's log, written as it goes: one line per event (flushed before every prompt), so quitting,
    Ctrl-C or a closed terminal lose nothing. The log is the session's state (``Session.lines``): after an
    undo, or at the end (the engine's ``abort`` line is not emitted), the file is written again from it."""

    def __init__(self, path: Path, lines: Sequence[str]) -> None:
        self.path, self.written = path, len(lines)
        self.out: IO[str] | None = None
        if not path.exists() or not lines[1:]:      # a new game: the header now; a resumed one has its lines
            self.rewrite(lines)

    def __call__(self, event: dict[str, Any]) -> None:
        if self.out is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.out = open(self.path, "a", encoding="utf-8")  # noqa: SIM115 - open for the whole game
        self.out.write(logs.dumps(event) + "\n")
        self.written += 1

    def flush(self) -> None:
        if self.out is not None:
            self.out.flush()

    def rewrite(self, lines: Sequence[str]) -> None:
        """The whole file from the session's lines (rulecraft's own file: it wrote every line of it)."""
        self.close()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        self.written = len(lines)

    def close(self, lines: Sequence[str] | None = None) -> None:
        """Close, first writing the file again from ``lines`` when it holds fewer of them."""
        if self.out is not None:
            self.out.close()
            self.out = None
        if lines is not None and len(lines) != self.written:
            self.rewrite(lines)


class Narrator:
    """Prints each event as it happens, as the person may see it (the session calls it for new events only,
    not for those a resumed game re-runs). ``view`` gives the person's view now: the only picture of the
    game the UI gets."""

    def __init__(self, picture: Board, terminal: Terminal, seat: int, view: Callable[[], dict[str, Any]],
                 delay: float = 0.0) -> None:
        self.pic, self.term, self.seat, self.view, self.delay = picture, terminal, seat, view, delay
        self.heard = 0           # events narrated so far: the board is drawn again when it grows

    def __call__(self, event: dict[str, Any]) -> None:
        self.heard += 1
        state = self.view() if event["e"] in self.pic.needs_state else None
        text = self.pic.narrate(event, self.seat, state)
        if text is not None:
            self.term.narrate(text)
            pause = event["e"] in getattr(self.pic, "pauses", ())
            if self.delay and pause and event.get("player") != self.seat:
                self.term.show(self.view())
                time.sleep(self.delay)


def play(head: dict[str, Any], ruleset: Any, hooks: Any, path: Path, terminal: Terminal,
         expected: Sequence[str] = (), delay: float = 0.0, full_screen: bool = False) -> Outcome:
    """Play (or resume, ``expected`` being the log's event lines) the game of ``head`` at the terminal,
    logging to ``path``; ``full_screen``: as panes that stay in place (a real terminal), else line by
    line."""
    seat = head["play"]["human"]
    picture = board_class(head["game"])(ruleset, head["colours"], head.get("agents"))
    if not (full_screen and hasattr(picture, "panes")):   # a board with panes of its own
        return _play(head, ruleset, hooks, path, terminal, picture, expected, delay)
    from rulecraft.cli.fullscreen import ScreenTerminal

    with ScreenTerminal(terminal.console, picture.panes(seat)) as screen:
        outcome = _play(head, ruleset, hooks, path, screen, picture, expected, delay)
    terminal.console.file.write(screen.last_screen())
    if outcome.status == "finished":
        terminal.say(verdict(picture, outcome.session, seat, bool(head["play"].get("solo"))))
    elif outcome.status == "aborted":
        terminal.say(f"[bold red]The game stopped:[/] {escape(str(outcome.problem))}")
    return outcome


def _play(head: dict[str, Any], ruleset: Any, hooks: Any, path: Path, terminal: Terminal, picture: Board,
          expected: Sequence[str], delay: float) -> Outcome:
    """The front end's loop: the session says whose answer it awaits; the person's seat is shown its view
    and asked (the board's ``prompts``), and the answer goes to the session, which plays every other seat
    on its own. ``u`` takes the person's last answer back when the session allows it."""
    from rulecraft.runtime.session import LogDiverged, Session, default_builder

    seat = head["play"]["human"]
    asker = prompts_for(picture, terminal, seat)
    log = LogFile(path, [logs.dumps(head), *expected])
    # The narrator needs the seat's view while the session is still being made (its first advance runs to
    # the first question), so the game the session plays now is kept as the session builds it (again on
    # an undo).
    playing: dict[str, Game] = {}
    base = default_builder(head)

    def build(*args: Any, **options: Any) -> Game:
        playing["game"] = base(*args, **options)
        return playing["game"]

    narrator = Narrator(picture, terminal, seat, lambda: playing["game"].view_state(seat), delay)
    if expected:
        terminal.narrate(f"[dim]Resuming {path}: replaying {len(expected)} logged events…[/]")
    try:
        session = Session.restore([logs.dumps(head), *expected], ruleset, hooks, listeners=[log, narrator],
                                  build=build)
    except LogDiverged as exc:
        log.close()
        problem = f"{path}:{str(exc).removeprefix('line ')}\n(a different pack, plugin or rulecraft version?)"
        terminal.narrate(f"[bold red]The game stopped:[/] {escape(problem)}")
        return Outcome("aborted", None, problem)
    status, shown, problem = "finished", -1, ""
    try:
        while (pending := session.pending) is not None:
            log.flush()
            fresh, shown = narrator.heard != shown, narrator.heard
            try:
                answer = asker.ask(pending.decision, session.view(seat), fresh)
                game = playing["game"]
                try:
                    sure = confirmed(session, seat, answer, picture, terminal)
                finally:
                    playing["game"] = game        # the look-ahead's fork built a game of its own
                if not sure:
                    continue
            except TakeBack:
                if take_back(session, seat, picture, terminal, log):
                    shown = -1                # the board is drawn again at the prompt asked anew
                continue
            except AskHint:
                game = playing["game"]
                try:
                    show_hint(session, seat, picture, terminal)
                finally:
                    playing["game"] = game        # the search's forks built games of their own
                continue
            session.answer(seat, answer)
    except Quit:
        status = "quit"
    except KeyboardInterrupt:     # saved as a quit game is; the command exits 130
        status = "interrupted"
    finally:
        log.close(session.lines())
        session.close()
    if session.aborted:
        status = "aborted"
        problem = str(session.aborted)
    if status == "finished":
        terminal.finish(session.view(seat), picture, seat)
        terminal.narrate(verdict(picture, session, seat, bool(head["play"].get("solo"))))
    elif status == "aborted":
        terminal.narrate(f"[bold red]The game stopped:[/] {escape(problem)}")
    return Outcome(status, session, problem if status == "aborted" else None)


HINT_SECONDS = 1.0       # the search behind a hint: seconds of ismcts on forks of the session
HINTS = 3


def show_hint(session: Any, seat: int, picture: Board, terminal: Terminal, seconds: float | None = None
              ) -> None:
    """``hint``: the search agent's best answers to the pending decision, searched for ``seconds`` on games
    determinized for the seat (``runtime.agents.forks``: it sees no more than the seat does), with their
    estimated win rates and how often each was tried; rollouts by the game's heuristic when it has one."""
    from rulecraft.runtime.agents import make_agent
    from rulecraft.runtime.agents.forks import Forks
    from rulecraft.runtime.agents.search import Spec, search

    seconds = HINT_SECONDS if seconds is None else seconds
    game_agents = agents_for(session.head["game"])
    rollout = "heuristic" if "heuristic" in game_agents else "random"
    made: dict[int, Any] = {}

    def rollouts(at: int) -> Any:
        if at not in made:
            made[at] = make_agent(rollout, f"hint/{at}", game_agents)
        return made[at]

    forks = Forks.of_session(session, seat)
    try:
        found = search(forks, Spec("ismcts", None, seconds, rollout), random.Random(len(session.events)),
                       rollouts)
    finally:
        forks.close()
    text = getattr(picture, "option_text", None)
    terminal.say(f"[bold]Hint[/] (ismcts, {seconds:g} s, {rollout} rollouts; estimated win rate, tries):")
    for rank, estimate in enumerate(found[:HINTS], 1):
        said = text(estimate.answer) if text is not None else logs.dumps(estimate.answer)
        terminal.say(f"  {rank}. {escape(str(said))}: {estimate.value:.0%} ({estimate.visits} tries)")


def take_back(session: Any, seat: int, picture: Board, terminal: Terminal, log: LogFile) -> bool:
    """``u``: the session takes the seat's last answer back (and what followed it), past the answers the
    prompts gave alone (a decision with one legal option), and the log file is written again from the
    session's lines; or it refuses, and the reason is said in words. Whether it was taken back."""
    taken: list[dict[str, Any]] = []
    while (reason := session.undo_refusal(seat)) is None:
        taken = session.undo(seat)
        if len(session.pending.decision.options) > 1:      # a real choice again: asked anew
            log.rewrite(session.lines())
            decision = taken[0] if taken and taken[0].get("e") == "decision" else None
            what = f" your {decision['kind']} answer" if decision is not None else ""
            terminal.narrate(f"[bold]Taken back[/]{what}: you are asked again.")
            return True
    if taken:        # only forced answers came off: the loop gives them again, to the same events
        log.rewrite(session.lines())
    terminal.narrate(f"[red]Not taken back:[/] {escape(refusal_words(reason, session, seat, picture))}")
    return False


YES, NO, ALWAYS = ("y", "yes"), ("n", "no"), ("a", "always")
CONFIRM_TAG = "cannot-undo"        # the prompt's tag: an answer that could not be taken back


def confirmed(session: Any, seat: int, answer: Any, picture: Board, terminal: Terminal) -> bool:
    """Before an answer that could not be taken back (it shows the seat a card it draws, a die it rolls:
    ``Session.reveal_of``, for every game), the person says yes or no in words; no asks the decision
    again, always plays it and stops asking for the rest of the session (a dice game reveals at every
    roll). A decision with one legal option is the prompts' own, never asked."""
    if terminal.sure or len(session.pending.decision.options) < 2:
        return True
    event = session.reveal_of(answer)
    if event is None:
        return True
    terminal.say(f"{escape(reveal_words(picture, event, seat))}: this cannot be undone. Play it? y/n/a")
    while (reply := terminal.ask(f"[{CONFIRM_TAG}] > ").lower()) not in (*YES, *NO, *ALWAYS):
        terminal.say("Answer y (play it), n (choose again) or a (play it, and stop asking).")
    if reply in NO:
        terminal.say("Not played: choose again.")
    if reply in ALWAYS:
        terminal.sure = True
        terminal.say("Played; no more questions before a move that cannot be undone.")
    return reply not in NO


def reveal_words(picture: Board, event: dict[str, Any], seat: int) -> str:
    """What an answer would reveal, never what it shows: the board's words (``reveal_words(event, seat)``,
    "Drawing reveals a card"), else the kind of event."""
    own = getattr(picture, "reveal_words", None)
    said = own(event, seat) if own is not None else None
    if said:
        return said
    if event["e"] == "chance":
        return "This leaves something to chance and shows you the result"
    return f"This shows you something new ({event['e'].replace('-', ' ')})"


def refusal_words(reason: str, session: Any, seat: int, picture: Board) -> str:
    """The session's reason for refusing an undo, said to the person: their seat is "you", another seat is
    named as the board names it, and the event that revealed something is told as the board narrates it
    (the session names a seat by number and colour, an event by its fields)."""
    colours = session.colours

    def plain(markup: str) -> str:
        return Text.from_markup(markup).plain

    events = session.events
    mine = [i for i, e in enumerate(events) if e.get("e") == "decision" and e.get("player") == seat]
    for event in events[mine[-1] + 1:] if mine else ():
        said = f"a {event['e']} event ({json.dumps({k: v for k, v in event.items() if k != 'e'})[:60]})"
        told = picture.narrate(event, seat, None) if said in reason else None
        if told is not None:
            reason = reason.replace(said, plain(told))
    for other, colour in enumerate(colours):
        name = f"seat {other} ({colour})"
        reason = reason.replace(name, "you" if other == seat else plain(picture.who(other, seat)))
    if reason.startswith("you"):
        reason = reason.replace("you has", "you have").replace("since it,", "since then,")
        reason = reason.replace("the ", "your ", 1)
    return reason[:1].upper() + reason[1:]


def prompts_for(picture: Board, terminal: Terminal, seat: int) -> Any:
    """The person's seat: the board's own prompts, else the shared numbered ones."""
    make = getattr(picture, "prompts", None)
    if make is not None:
        return make(terminal, seat)
    from rulecraft.cli.choices import NumberedChoices

    return NumberedChoices(terminal, picture, seat)


def verdict(picture: Board, session: Any, seat: int, solo: bool) -> str:
    """Who won: the board's words (from the seat's last view, the standings and the log), else the
    standings' results (a win, a share of one, a draw, a target reached or missed, or the seat's place)."""
    if hasattr(picture, "verdict"):
        return picture.verdict(session.view(seat), session.standings, session.events, seat, solo)
    mine = of_seat(session.standings, seat)
    if mine is None:
        return "The game ended."
    if mine.target is not None:
        return ("[bold green]You win![/]" if mine.result == WIN else "[bold red]You lose:[/]") + \
            f" the target was {escape(mine.target)}."
    words = {WIN: "[bold green]You win![/]", SHARED: "[bold green]A shared victory![/]", DRAW: "A draw."}
    return words.get(mine.result, f"You finish #{mine.rank}.")


def read_log(path: Path) -> tuple[dict[str, Any], list[str]]:
    """A log's header and event lines (``logs.read``), with a ``play`` header's solo mode checked against
    the game's: a log claiming ``solo: true`` for a game without one, or for another seating, is a
    ``ValueError`` naming its header line."""
    head, lines = logs.read(path, plugin_names)
    play = head.get("play")
    if isinstance(play, dict) and play.get("solo"):
        setup = getattr(board_class(head["game"]), "SOLO", None)
        if setup is None:
            raise ValueError(f"{path}:1: the header says solo, but {get(head['game']).name} has no solo mode")
        if (len(head["colours"]), play["human"]) != (setup["players"], setup["seat"]):
            raise ValueError(f"{path}:1: the header says solo, which seats {setup['players']} players with "
                             f"the human at seat {setup['seat']}, not {len(head['colours'])} with seat "
                             f"{play['human']}")
    return head, lines


def log_ruleset(head: dict[str, Any], path: Path) -> tuple[Any, Any]:
    """The ruleset and hooks a log's header names, checked to be of its game and stack
    (``logs.check_ruleset``)."""
    packs = [p for p in head["packs"] if not p.startswith(logs.BUILTIN)]
    ruleset, hooks, _ = load(packs, head["plugins"], head["game"])
    logs.check_ruleset(head, ruleset, f"{path}:1")
    return ruleset, hooks


def read_for_resume(path: Path) -> tuple[dict[str, Any], list[str]]:
    """A ``rulecraft play`` log that can be resumed: its header and event lines."""
    head, lines = read_log(path)
    if not isinstance(head.get("play"), dict) or "human" not in head["play"]:
        raise PlayError(f"{path}: not a log of `rulecraft play` (no player seat in its header)")
    for line in lines[-2:]:
        kind = json.loads(line).get("e")
        if kind == "game-end":
            raise PlayError(f"{path}: this game is over; watch it with `rulecraft replay {path} --watch`")
        if kind == "abort":
            raise PlayError(f"{path}: this game was aborted and cannot go on")
    return head, lines


# --- watching a saved game -----------------------------------------------------------------------
@dataclass
class Followed:
    """A log re-run from its header: the game as far as the log goes, how many events matched, and what
    went wrong if the game left the log (None when every event matched)."""

    game: Game
    matched: int
    problem: str | None
    stopped: bool = False     # the log ends before the game does (a game quit at the terminal)


def follow(path: Path, on_event: Callable[[Game, dict[str, Any]], None] | None = None) -> Followed:
    """Re-run the game of a log, feeding each seat its recorded answers, checking every event against the
    log's line and calling ``on_event(game, event)``. Unlike ``logs.replay`` it accepts a log that stops
    before the end of the game (a game quit at the terminal), and stops there."""
    from rulecraft.runtime.logs import recorded_agents

    head, lines = read_log(path)
    events = [json.loads(line) for line in lines]
    ruleset, hooks = log_ruleset(head, path)
    matched = 0
    holder: dict[str, Game] = {}

    def step(event: dict[str, Any]) -> None:
        nonlocal matched
        if matched >= len(lines):
            raise _LogEnd()          # the log stops here (a game quit at the terminal)
        if logs.dumps(event) != lines[matched]:
            raise _LogEnd(f"{path}:{matched + 2}: the game no longer follows its log here\n  log:  "
                          f"{lines[matched]}\n  game: {logs.dumps(event)}")
        matched += 1
        if on_event is not None:
            on_event(holder["game"], event)

    new_game, agents = engine_for(head["game"]), recorded_agents(head, events, agents_for(head["game"]))
    game = holder["game"] = new_game(ruleset, agents, seed=head["seed"], hooks=hooks, listeners=[step],
                                     colours=head["colours"])
    problem, stopped = None, False
    try:
        game.play()
    except _LogEnd as end:
        problem = end.args[0] if end.args else None
        stopped = not end.args
    except (GameError, LookupError, ValueError) as exc:
        if events and events[-1].get("e") == "abort" and matched == len(lines) - 1:
            matched += 1             # the engine appends its abort line without emitting it
            problem = None if logs.dumps(game.events[-1]) == lines[-1] else str(exc)
        elif matched < len(lines):
            problem = str(exc)
        else:
            stopped = True           # a seat asked for an answer the log does not hold: it stops here
    if problem is None and game.finished and matched != len(lines):
        problem = f"{path}: the log has {len(lines)} events, the game {matched}"
    return Followed(game, matched, problem, stopped)


def watch(path: Path, terminal: Terminal, delay: float | None = None, seat: int | None = None) -> bool:
    """Show a saved game step by step: the narration of each event group, then the board. Groups end
    before each turn, round and scoring; ``delay`` seconds between them, or Enter to go on when None.
    ``seat`` shows one player's view (T16), None everything. Returns whether the game followed its log."""
    head = read_log(path)[0]
    ruleset = log_ruleset(head, path)[0]
    picture = board_class(head["game"])(ruleset, head["colours"], head.get("agents"))

    def show(game: Game, event: dict[str, Any]) -> None:
        at_boundary = event["e"] in picture.boundaries
        state = _state(game, seat) if at_boundary or event["e"] in picture.needs_state else None
        if at_boundary and picture.boundary(event, state):
            terminal.console.print(picture.screen(state, seat))
            _pause(terminal, delay)
        text = picture.narrate(event, seat, state)
        if text is not None:
            terminal.say(text)

    result = follow(path, show)
    terminal.console.print(picture.screen(_state(result.game, seat), seat))
    if result.problem:
        terminal.say(f"[bold red]{escape(result.problem)}[/]")
        return False
    if result.stopped:
        terminal.say(f"[dim]The log ends here, after {result.matched} events (the game was not finished; "
                     f"`rulecraft play --resume {path}` goes on with it).[/]")
    return True


def _state(game: Game, seat: int | None) -> dict[str, Any]:
    return game.view_state(seat) if seat is not None else game.snapshot()


class _LogEnd(BaseException):
    """The followed log is used up (no message) or the game left it (the message says where). A
    BaseException: no plugin wrapper may turn it into a plugin error on its way out."""


def _pause(terminal: Terminal, delay: float | None) -> None:
    if delay is None:
        terminal.ask("[watch] Enter: next step, q: stop > ")
    elif delay > 0:
        time.sleep(delay)


def default_log(directory: Path, seed: str) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return directory / f"{stamp}-seed{seed}.jsonl"


def make_terminal(console: Console | None = None, read: Callable[[str], str] | None = None) -> Terminal:
    return Terminal(console or SafeConsole(highlight=False), read)
