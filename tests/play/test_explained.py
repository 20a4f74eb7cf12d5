"""`rulecraft play` explains itself: every refused or pointless choice says why with numbers, Collect and
scoring are itemised per zone, capped damage is explained, a weapon your status cannot equip asks first,
an equip window offering the loadouts you last confirmed keeps your answer, and player-facing text names
rules in words (ruling ids only in the help pane).

Rules pinned: T1 (costs: a Mine costs Credits, a Turret Energy, equal to the zone's value; Power Up),
T2 (damage beyond the remaining health scores no VP), T12 (weapon slots per status), T14 (scoring per
zone), T16 (the UI reads only the seat's view).
"""

from __future__ import annotations

import io
import json
import re

import pytest
from rich.console import Console

from rulecraft.cli.play_ui import load, make_terminal
from rulecraft.plugins.tem import api
from rulecraft.plugins.tem import kinds as D
from rulecraft.plugins.tem.board import Picture
from rulecraft.plugins.tem.engine import Game
from rulecraft.plugins.tem.prompts import Prompts
from rulecraft.plugins.tem.views import view_for
from rulecraft.plugins.wiring import plugin_names
from rulecraft.runtime.decisions import Decision, RandomAgent
from rulecraft.runtime.games import agents_for, engine_for

# T and R ids anywhere (no arena has a column T or R); E ids only as a citation, "(E4)" or ", E4)", since E3
# is also a cell of a five-column arena
RULING_ID = re.compile(r"\b[TR]\d{1,2}\b|[(,] ?E\d\b")


@pytest.fixture(scope="module")
def core():
    ruleset, hooks, _ = load([], [])
    return ruleset, hooks


def narrated_games(ruleset, hooks, seeds=range(3)):
    """Real seeded games, each event narrated for seat 0 with seat 0's view at that moment."""
    for seed in seeds:
        out: list[tuple[dict, str | None]] = []
        holder: dict = {}
        picture = Picture(ruleset, list(ruleset.colours))

        def listen(event, out=out, holder=holder, picture=picture):
            state = view_for(holder["game"], 0) if event["e"] in picture.needs_state else None
            out.append((event, picture.narrate(event, 0, state)))

        game = holder["game"] = Game(ruleset, [RandomAgent(f"{seed}/{s}") for s in range(4)], seed=seed,
                                     hooks=hooks, listeners=[listen])
        game.play()
        yield out


def test_collect_and_scoring_are_itemised_per_zone(core):
    """Collect names each controlled zone with what it paid, and the items add up to the total (T1);
    each zone score names its zone and value, value x factor = the VP (T14)."""
    ruleset, hooks = core
    rules = ruleset.rules
    collects = zone_scores = 0
    for narrated in narrated_games(ruleset, hooks):
        for event, text in narrated:
            if event["e"] == "collect":
                collects += 1
                items = text.split(": ", 1)[1]
                assert items.count("(") >= 1, text
                paid = re.findall(r"\) ((?:\d+[⚡$] ?)+|nothing)", items)
                energy = sum(int(n) for part in paid for n in re.findall(r"(\d+)⚡", part))
                credits = sum(int(n) for part in paid for n in re.findall(r"(\d+)\$", part))
                assert (energy, credits) == (event["energy"], event["credits"]), text
            if event["e"] == "vp" and str(event["source"]).startswith("zone-"):
                zone_scores += 1
                match = re.search(r"at ([A-E]\d) \(value (\d+)(?: x(\d+))?\)", text)
                assert match, text
                factor = int(match.group(3) or 1)
                expected = {"zone-pilot": rules.score_pilot, "zone-mine": rules.score_mine,
                            "zone-turret": rules.score_turret}[event["source"]]
                assert factor == expected and int(match.group(2)) * factor == event["vp"], text
    assert collects > 10 and zone_scores > 10


def _table(ruleset, hooks, human=None, **zones):
    agents = [human] if human is not None else None
    game = api.table(ruleset, colours=("red", "blue"), hooks=hooks, zones=zones,
                     agents=[*agents, api.ScriptedAgent()] if agents else None)
    return game


def _narrate(game, events):
    picture = Picture(game.ruleset, [p.colour for p in game.players])
    return [picture.narrate(e, 0, view_for(game, 0)) for e in events]


def test_an_action_you_cannot_afford_says_what_it_costs_and_what_you_have(core):
    """T1: a Mine on a value-3 zone costs 3 Credits; with 1 the action does nothing, and says so."""
    ruleset, hooks = core
    game = _table(ruleset, hooks, r1c2="credits-3-a")
    api.set_player(game, 0, at="r2c2", credits=1, energy=0)
    lines = [t for t in _narrate(game, api.play_card(game, 0, "red-deploy-mine", "N")) if t]
    refused = next(t for t in lines if "no effect" in t)
    assert "costs 3$" in refused and "you have 1$" in refused
    assert "has no effect here" not in refused
    api.set_player(game, 0, at="r2c2")
    api.place_token(game, "r1c2", owner=0, kind="mine", number=2)
    lines = [t for t in _narrate(game, api.play_card(game, 0, "red-deploy-turret", "N")) if t]
    assert any("C2 already holds a Mine (one token per zone)" in t for t in lines), lines


def test_capped_damage_is_explained(core):
    """T2: 4 damage against 2 health: 2 taken, the other 2 lost (and no VP for them)."""
    ruleset, _ = core
    picture = Picture(ruleset, ["red", "blue"])
    text = picture.narrate({"e": "damage", "player": 1, "by": 0, "amount": 4, "dealt": 2, "health": 0,
                            "source": "attack"}, 0)
    assert "takes 2 damage of 4 (only 2 health was left: the other 2 is lost and scores no VP)" in text
    full = picture.narrate({"e": "damage", "player": 1, "by": 0, "amount": 2, "dealt": 2, "health": 3,
                            "source": "attack"}, 0)
    assert "of" not in full.split("damage")[1].split("(")[0]


def _human(ruleset, script: list[str]):
    console = Console(file=io.StringIO(), width=300, color_system=None)
    typed = list(script)
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return typed.pop(0)

    human = Prompts(make_terminal(console, read), Picture(ruleset, ["red", "blue"]), 0)
    return human, console, prompts


def _state(ruleset, hooks, **player):
    game = _table(ruleset, hooks)
    api.set_player(game, 0, at="r2c2", **player)
    return view_for(game, 0)


def test_buying_a_weapon_you_cannot_equip_asks_first_and_says_when_you_could(core):
    """T12: a Pilot has no Advanced slot: buying one asks for confirmation and names Power Armor (and its
    price) and the Mighty Mech; a Basic weapon is bought without the question."""
    ruleset, hooks = core
    state = _state(ruleset, hooks, credits=9, energy=9)
    human, console, prompts = _human(ruleset, ["1", "n", "1", "y"])
    decision = Decision(D.PURCHASE, 0, (None, "warhammer", "pulse-pistol"))
    assert human.ask(decision, state) == "warhammer"
    out = console.file.getvalue()
    assert "A Pilot has no slot for Advanced weapons, so you cannot equip Warhammer now" in out
    assert "you could in Power Armor (Power Up, 5$) or in the Mighty Mech" in out
    assert [p.split("]")[0] for p in prompts] == ["[purchase", "[confirm-buy", "[purchase", "[confirm-buy"]
    human, _, prompts = _human(ruleset, ["2"])
    assert human.ask(decision, state) == "pulse-pistol" and len(prompts) == 1
    armour = _state(ruleset, hooks, status="power-armor", credits=9)
    human, _, prompts = _human(ruleset, ["1"])
    assert human.ask(decision, armour) == "warhammer" and len(prompts) == 1


def test_power_up_with_nothing_to_do_says_why_with_numbers(core):
    """T1: at full health with 3 Credits, Power Up can neither heal nor buy the 5-Credit upgrade."""
    ruleset, hooks = core
    state = _state(ruleset, hooks, credits=3)
    human, console, _ = _human(ruleset, [])
    assert human.ask(Decision(D.POWER_UP, 0, (None,)), state) is None
    out = console.file.getvalue()
    health = state["players"][0]["health"]
    assert f"you are at full health ({health}/{health})" in out
    assert "the upgrade to Power Armor costs 5$, you have 3$" in out
    assert "the only legal answer is do nothing" not in out


def test_the_same_equip_window_keeps_the_last_confirmed_loadout(core):
    """The engine asks at every equip window; the person answers once per set of loadouts; ``w`` at a
    prompt makes the next window ask again."""
    ruleset, hooks = core
    state = _state(ruleset, hooks, owned=["energy-sword", "pulse-pistol"], equipped=["energy-sword"])
    options = (("energy-sword",), ("pulse-pistol",), ("energy-sword", "pulse-pistol"))
    window = Decision(D.EQUIP, 0, options, {"when": "turn-start"})
    human, console, prompts = _human(ruleset, ["3", "w", "-", "1"])
    assert human.ask(window, state) == ("energy-sword", "pulse-pistol")
    for _ in range(2):                       # the same loadouts offered again: kept, not asked
        assert human.ask(window, state) == ("energy-sword", "pulse-pistol")
    assert len(prompts) == 1
    assert console.file.getvalue().count("Equip: keeping Energy Sword + Pulse Pistol") == 2
    other = Decision(D.EQUIP, 0, options[:2], {"when": "status"})   # other loadouts: this one asks
    assert human.last_equip is not None and human._kept_loadout(other) is None
    purchase = Decision(D.PURCHASE, 0, (None, "pulse-pistol"))
    assert human.ask(purchase, state) is None             # "w" typed there, then "-"
    assert "The next equip window will ask you again" in console.file.getvalue()
    assert human.ask(window, state) == ("energy-sword",)   # asked again: "1"
    assert [p.split("]")[0] for p in prompts] == ["[equip", "[purchase", "[purchase", "[equip"]


def test_the_turret_prompt_says_yes_and_no_in_words_with_the_cost(core):
    ruleset, hooks = core
    game = _table(ruleset, hooks, r2c1="energy-2-a")
    api.set_player(game, 0, at="r2c1", energy=5)
    human, console, _ = _human(ruleset, ["n"])
    assert human.ask(Decision(D.DEPLOY_TURRET, 0, (True, False)), view_for(game, 0)) is False
    out = console.file.getvalue()
    assert "y  yes, deploy a Turret here" in out and "n  no, keep it in your supply" in out
    assert "no (deploy a Turret)" not in out
    assert "Deploy a Turret here? It costs 2⚡ (the zone's value), you have 5⚡." in out


def test_player_facing_text_names_rules_in_words(Driver, tmp_path, core):
    """A whole game's transcript shows no ruling id; the help pane (``?``) names them."""
    from rulecraft.cli.play_ui import new_header, play

    driver = Driver(seed=3, script={"pilot": ["?", "1"]})
    head, ruleset, hooks = new_header([], "heuristic", 4, 0, False, "7")
    outcome = play(head, ruleset, hooks, tmp_path / "g.jsonl", make_terminal(driver.console, driver))
    assert outcome.status == "finished"
    out = driver.output()
    help_start = out.index("rules ")
    help_text = out[help_start:help_start + 400]
    assert "Setup: each player is dealt 2 pilots" in help_text
    rest = out[:help_start] + out[help_start + len(help_text):]
    assert not RULING_ID.findall(rest), RULING_ID.findall(rest)[:5]
    for line in (tmp_path / "g.jsonl").read_text().splitlines()[1:3]:
        json.loads(line)


def test_kept_loadouts_are_still_asked_and_logged(Driver, tmp_path):
    """The UI answers a repeated equip window itself, but the engine asked and logged it as before: the
    log holds more equip decisions of the person than prompts were shown, and it replays."""
    from rulecraft.cli.play_ui import new_header, play
    from rulecraft.plugins.manager import make_hooks
    from rulecraft.plugins.tem.build import load_ruleset
    from rulecraft.runtime import logs

    driver = Driver(seed=4)
    head, ruleset, hooks = new_header([], "heuristic", 2, 0, False, "12")
    path = tmp_path / "e.jsonl"
    assert play(head, ruleset, hooks, path, make_terminal(driver.console, driver)).status == "finished"
    logged = [e for e in map(json.loads, path.read_text().splitlines()[1:])
              if e.get("e") == "decision" and e.get("player") == 0 and e["kind"] == "equip"]
    asked = sum(p.startswith("[equip]") for p in driver.prompts)
    kept = driver.output().count("Equip: keeping")
    assert kept > 0 and len(logged) == asked + kept
    assert logs.replay(path, load_ruleset, make_hooks, engine_for, agents_for, plugin_names).ok


@pytest.mark.parametrize("why", ["owns-4-advanced", "cannot-afford", "in-mighty-mech", "full-health",
                                 "zone-taken", "mighty-mech-zone", "no-token"])
def test_a_robot_that_cannot_act_says_why_in_words(core, why):
    """Issue 20 item 11: a Robot's reason for collecting instead (R3) reaches the player in words, never as
    the event's code (every code robot_pilots gives has its words)."""
    ruleset, _ = core
    line = Picture(ruleset, list(ruleset.colours)).narrate(
        {"e": "robot-collects", "player": 1, "instead_of": "mine", "why": why}, 0)
    assert line is not None and "Collect instead" in line and why not in line
