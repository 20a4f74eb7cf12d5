"""Chance in the three games (issue 21): every draw of Tiny Epic Mechs' setup, Mecha Game's opening and
Pig's die is a core call, logged as one ``chance`` event naming what it is for; the draws are the ones the
engines made before chance was a core service (the goldens hold the rest of every game unchanged); and a
log whose chance event was edited, or that holds none, fails its replay naming the draw."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from rulecraft_pig.engine import Pig

from rulecraft.cli.main import main
from rulecraft.plugins.mecha.engine import MechaGame
from rulecraft.plugins.mecha.pack import core_ruleset
from rulecraft.plugins.wiring import load_ruleset
from rulecraft.runtime.decisions import RandomAgent

ROOT = Path(__file__).resolve().parents[2]
PIG = ROOT / "tests" / "games" / "pig" / "rulecraft_pig" / "content" / "pig-core"
# game -> (sim arguments, what each of its draws is for, in the order a game draws them)
GAMES = {
    "tem": (["--players", "3"], ["resource zones", "pilot cards", "starting player", "advanced weapon deck"]),
    "mecha": ([str(ROOT / "content" / "mecha-core")], ["first player", "deck of seat a", "deck of seat b"]),
    "pig": ([str(PIG)], ["turn roll"]),
}


def _log(tmp_path: Path, game: str) -> Path:
    """One seeded game of ``game`` written by ``rulecraft sim --log``."""
    argv, _ = GAMES[game]
    assert main(["sim", *argv, "--games", "1", "--seed", "chance", "--log", str(tmp_path), "--quiet"]) == 0
    (log,) = tmp_path.glob("*.jsonl")
    return log


def _events(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text("utf-8").splitlines()[1:]]


@pytest.mark.parametrize("game", GAMES)
def test_every_draw_of_the_game_is_a_logged_chance_event(game: str, tmp_path: Path) -> None:
    events = _events(_log(tmp_path, game))
    draws = [e for e in events if e["e"] == "chance"]
    whats = list(dict.fromkeys(e["what"] for e in draws))
    assert whats == GAMES[game][1]
    if game == "tem":   # T5: the pick is the Starting Player the game announces
        (start,) = [e for e in draws if e["what"] == "starting player"]
        assert start["result"] == next(e["player"] for e in events if e["e"] == "starting-player")
    if game == "pig":   # each roll's chance event comes right before the roll it decides
        rolls = [(e, events[i + 1]) for i, e in enumerate(events) if e["e"] == "chance"]
        assert rolls and all(after == {"e": "roll", "player": after["player"], "face": draw["faces"][0]}
                             for draw, after in rolls)
    assert not any("order" in e or "items" in e for e in draws)   # a shuffle tells how many, never the order


def test_pigs_die_rolls_as_its_engine_did_with_the_rng_one_random_per_roll() -> None:
    """The seeded source throws a die as ``faces[int(random() * len(faces))]``: for Pig's d6 the engine's
    old ``1 + int(rng.random() * 6)``, in the same order."""
    ruleset = load_ruleset((str(PIG),), (), "pig")
    for seed in range(20):
        game = Pig(ruleset, [RandomAgent(f"{seed}/{i}") for i in range(3)], seed=seed)
        game.play()
        rng = random.Random(seed)
        faces = [e["face"] for e in game.events if e["e"] == "roll"]
        assert faces == [1 + int(rng.random() * 6) for _ in faces]


def test_mechas_opening_draws_as_its_engine_did_with_the_rng() -> None:
    """M4: the first player is ``randrange(2)``, then each seat's deck is shuffled, seat a's first."""
    ruleset = core_ruleset()
    for seed in range(10):
        game = MechaGame(ruleset, [RandomAgent(f"{seed}/0"), RandomAgent(f"{seed}/1")], seed=seed)
        game.play()
        rng = random.Random(seed)
        first = rng.randrange(2)
        decks = [list(ruleset.decks[d].cards) for d in ruleset.seat_decks]
        for deck in decks:
            rng.shuffle(deck)
        at = next(i for i, e in enumerate(game.events) if e["e"] == "opening")
        hands = [[e["card"] for e in game.events[at:] if e["e"] == "draw" and e["player"] == seat]
                 [:ruleset.rules.opening_hand] for seat in (0, 1)]
        assert game.events[at]["first"] == first
        assert hands == [deck[::-1][:ruleset.rules.opening_hand] for deck in decks]   # the top card is last


def _edited(draw: dict) -> dict:
    """The draw with another result, as a hand editing the log would write it."""
    if draw["kind"] == "roll":
        return {**draw, "faces": [draw["faces"][0] % 6 + 1]}
    if draw["kind"] == "pick":
        return {**draw, "result": 1 - draw["result"] if draw["count"] == 2 else (draw["result"] + 1) % 3}
    return {**draw, "count": draw["count"] + 1}


@pytest.mark.parametrize("game", GAMES)
def test_an_edited_chance_event_fails_the_replay_naming_the_draw(game: str, tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    log = _log(tmp_path, game)
    assert main(["replay", str(log)]) == 0
    lines = log.read_text("utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith('{"e":"chance"'))
    draw = json.loads(lines[at])
    capsys.readouterr()
    log.write_text("\n".join([*lines[:at], json.dumps(_edited(draw), separators=(",", ":")), *lines[at + 1:]])
                   + "\n", "utf-8")
    assert main(["replay", str(log)]) == 1
    named = f"{draw['kind']} ({draw['what']})"
    assert f"{log}:{at + 1}: chance {named} differs: the log's draw is not the one its seed gives" \
        in capsys.readouterr().out
    log.write_text("\n".join(line for line in lines if not line.startswith('{"e":"chance"')) + "\n", "utf-8")
    assert main(["replay", str(log)]) == 1      # a log written before chance events were logged
    assert f"{log}:{at + 1}: the replay draws a chance {named} that the log does not hold" \
        in capsys.readouterr().out
