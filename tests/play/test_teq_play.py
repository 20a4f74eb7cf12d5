"""`rulecraft play content/teq-core` at the full screen through a pseudo-terminal (issue 23 item 7): a whole
solo game (Q31) and a whole 2-player game against an agent, read with the pyte emulator at 120x40 and
80x24: the map with both regions of every card, the heroes by letter, goblins and capacities, each
player's health and power with their maxima (Q24), the magic track and the dice as rolled (Q15), the quest
row (Q11) but never the deck's order (Q33); keys that name their action, `?` with the rule behind the
prompt, `u` in words; no event dump and no ruling id outside the help pane; a log `rulecraft replay`
verifies."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from players import pane

from rulecraft.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "content" / "teq-core"
OPTION = re.compile(r"^│   (\S+(?: \S+)?)  (\S.*?)\s*│")
DUMP = re.compile(r"\b[a-z_]+=\S")          # an event's fields, `hero=1`
RULING = re.compile(r"\bQ\d{1,2}\b")         # a ruling id: only the help pane may name one
HELP = "help: any answer closes it"
VERDICT = re.compile(r"You win!|You lose:|wins:|A shared victory!")


def options(screen: list[str]) -> list[tuple[str, str]]:
    return [(m.group(1), m.group(2)) for m in map(OPTION.match, screen) if m]


def answer(rng: random.Random, screen: list[str]) -> str:
    """A player who reads the prompt pane: a listed key (a move: its hero and the first region listed)."""
    listed = options(screen)
    assert listed, "no options on screen:\n" + "\n".join(screen)
    key, what = rng.choice(listed)
    if key.endswith(" REGION"):
        return key.split()[0] + " " + first_region(what)
    return key


def first_region(listed: str) -> str:
    """The first region of a move's line, with a ship's way round when it names one (``b1l acw``)."""
    tokens = [re.sub(r"\(.*", "", t).rstrip("…") for t in listed.split(" to ", 1)[1].split()[:2]]
    return " ".join(tokens if len(tokens) > 1 and tokens[1] in ("cw", "acw") else tokens[:1])


def play_through(game, seed: int, extra=None) -> list[list[str]]:
    rng = random.Random(seed)
    for _ in range(4000):
        kind = game.wait_prompt()
        if kind is None:
            return game.screens
        if extra is not None and extra(game, kind):
            continue
        if kind == "cannot-undo":           # a roll or a quest drawn shows: play it, and ask no more
            game.type("a\r")
            continue
        game.type(answer(rng, game.screen.display) + "\r")
    raise AssertionError("the game does not end")


def _words(screens: list[list[str]]) -> None:
    """Every screen in words: no event dump anywhere; no ruling id but in the help pane."""
    for screen in screens:
        text = "\n".join(screen)
        assert not DUMP.search(text), text
        if HELP not in text:
            assert not RULING.search(text), text


@pytest.mark.parametrize("players", [1, 2], ids=["solo", "two-players"])
@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_whole_game_at_the_full_screen(pty_game, tmp_path, capsys, players, size):
    log = tmp_path / "teq.jsonl"
    game = pty_game([str(PACK), "--seed", "4", "--players", str(players), "--opponents", "heuristic",
                     "--log", str(log)], *size)
    shown: dict[str, str] = {}

    def extra(game, kind: str) -> bool:
        if kind == "night" and "rules" not in shown:
            shown["rules"] = ""
            game.type("?\r")
            return True
        if kind == "night" and not shown["rules"]:
            shown["rules"] = pane(game.screens[-1], "help")
            game.type("m\r")
            return True
        if kind == "night" and "map" not in shown:
            shown["map"] = pane(game.screens[-1], "help")
            game.type("u\r")
            return True
        if "map" in shown and "undo" not in shown:
            shown["undo"] = pane(game.screens[-1], "log")
        return False

    screens = play_through(game, players, extra)
    assert game.close() == 0
    _words(screens)
    assert json.loads(log.read_text().splitlines()[-1])["e"] == "game-end"
    assert main(["replay", str(log)]) == 0 and "replayed identically" in capsys.readouterr().out
    texts = ["\n".join(s) for s in screens]
    first = texts[0]
    assert re.search(r"a +b +c +d +e", first)                          # the map's columns
    assert re.search(r"\bCr\b", first) and re.search(r"\bR1?2?3\b|R\d", first)   # your castle, your heroes
    assert re.search(r"P¹[gG]", first) and "T²" in first                # goblins, capacities
    assert re.search(r"\bq1 \S", first) and "deck" in first             # the quest row, the deck's size
    assert re.search(r"R you:? +h(ealth )?\d+/\d+", first)              # health with its maximum
    assert any(re.search(r"dice \((you|blue)\): \w", t) for t in texts)   # the dice as rolled
    assert any(re.search(r"magic .*\[\d\]", t) for t in texts)
    if players == 2:
        assert any("B blue" in t for t in texts)
    assert "(Q14)" in shown["rules"] and "rolls all five or rests" in shown["rules"]
    assert "The map" in shown["map"] and "Temple of" in shown["map"]
    assert "obelisk of spell level" in shown["map"]
    assert "Taken back" in shown["undo"] or "cannot take back your" in shown["undo"], shown["undo"]
    verdict = " ".join(game.screen.display)
    assert VERDICT.search(verdict), verdict


def test_the_deck_is_its_size_only(tmp_path):
    """Q33: the panes draw the seat's view, where the quest deck is its size only, and show that size."""
    from test_snapshots import teq_screen_at

    panes = teq_screen_at(("night", 1), tmp_path)
    assert isinstance(panes.state["deck"], int)
    assert f"deck {panes.state['deck']})" in panes.render(120, 39)


def test_replay_watch_draws_the_quest_board(tmp_path, capsys):
    """`replay --watch` of a simulated game: the map, the round, the players, the narration in words; the
    watcher's snapshot shows the deck as its size, like every seat's view."""
    logs = tmp_path / "logs"
    assert main(["sim", str(PACK), "--games", "1", "--players", "2", "--quiet", "--log", str(logs)]) == 0
    capsys.readouterr()
    assert main(["replay", str(logs / "game-000000.jsonl"), "--watch", "--delay", "0"]) == 0
    shown = capsys.readouterr().out
    assert "The map is laid out" in shown and "Night of round 1" in shown and "The game is over" in shown
    assert re.search(r"quest row \(deck \d+\):", shown) and "'" not in shown.split("quest row")[1][:12]
    assert not DUMP.search(shown)


def test_keys_name_their_action_and_a_ship_asks_its_way(tmp_path):
    """A move's key is its hero and region, whatever else is offered (`2 b1l`); a ship move whose two ways
    round cost differently (Q7) takes its way too, and the region alone says what is missing."""
    import io

    from rich.console import Console
    from test_snapshots import teq_screen_at

    from rulecraft.cli.prompts import Terminal
    from rulecraft.plugins.teq import decisions as K
    from rulecraft.plugins.teq.prompts import OptionKeys, Prompts
    from rulecraft.runtime.decisions import Decision

    panes = teq_screen_at(("night", 1), tmp_path)
    board, state = panes.board, panes.state
    places = board.places(state)
    region = next(f"{card}:right" for card in places.pos if not card.startswith("castle"))
    code = places.region(region)
    options = (("move", 1, region, "clockwise"), ("move", 1, region, "anticlockwise"), K.IDLE)
    decision = Decision(K.DAY, 0, options, {"method": "ship"})
    keys = OptionKeys(board, decision, state)
    assert keys.keys[f"2{code}cw"] == options[0] and keys.keys[f"2{code}acw"] == options[1]
    assert keys.keys["i"] == K.IDLE and keys.lines[0].startswith("  2 REGION  R2 from ")
    out = io.StringIO()
    typed = iter([f"2 {code}", f"2 {code} acw"])
    term = Terminal(Console(file=out, width=120, color_system=None), lambda prompt: next(typed))
    assert Prompts(term, board, 0).ask(decision, state) == options[1]
    said = " ".join(out.getvalue().split())
    assert f"2 {code} needs a way round the coast" in said and f"2 {code} cw or 2 {code} acw" in said
    assert not RULING.search(said) and not DUMP.search(said)
