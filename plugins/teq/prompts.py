"""Ask: a person at the terminal answers Tiny Epic Quest's decisions with keys that mean one action for good.

A key names its action, not its place in a list, so the same key does the same thing at every prompt it is
offered at:

- ``2 b1l``: move your hero 2 to region b1l (the map's column and row, ``l``/``r`` its side); a ship's way
  round is ``2 b1l cw`` or ``acw`` when the two ways cost differently; ``i`` idles, ``st`` stays put;
- ``ho``, ``ra``, ``gr``, ``sh``, ``fo``: the movement card (horse, raft, gryphon, ship, foot);
- ``roll`` or ``rest`` at night; ``pay`` or ``take`` a hit; ``hp`` or ``pw``: gain health or power;
- in the use step ``t1``, ``s1``, ``a1``: give a torch, a scroll, an attack to hero 1; ``ft1``/``fs1``: Forge
  Ahead a torch/scroll for hero 1; ``sw1``: swing the Sword; ``d``: done;
- ``q1``-``q3``: a quest of the row; ``1``-``3``: a hero; ``w``: an item waits beside your mat; an item's
  code and a hero (``la 2``: the Lantern to hero 2); ``+1``: the Staff's extra spaces; a region's code.

Spaces and case do not matter. ``?`` shows the rule behind the prompt and the keys, ``m`` the map in words,
``b`` the board again; ``l`` shows the whole log, ``u`` takes your last answer back and ``q`` stops (those
three are the terminal's, :mod:`rulecraft.cli.prompts`). The engine's own check (``Decision.check``) has
the last word.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.markup import escape

from rulecraft.plugins.teq import decisions as K
from rulecraft.plugins.teq import model as M
from rulecraft.plugins.teq.picture import FACE_LETTERS, FACE_WORDS, Board
from rulecraft.plugins.teq.words import item_name, item_words, quest_words, region_words
from rulecraft.runtime.decisions import Decision
from rulecraft.runtime.prompts import HELP_WORDS, ask_by_key, normal

TITLES = {K.MOVEMENT_CARD: "the day: pick a movement card", K.DAY: "your day move", K.GAIN: "health or power",
          K.QUEST: "which quest", K.ITEM: "who holds the item", K.ARRANGE: "rearrange items",
          K.NIGHT: "the night: roll or rest", K.PREVENT: "a hit", K.USE: "the use step",
          K.REST_ORDER: "resting: which hero next", K.STAFF: "the Staff", K.ACTIVATE: "a goblin turns active",
          K.TARGET: "which hero", K.MOVE: "an ability's move"}
WORDS = {K.ROLL: ("roll", "roll all five dice"), K.REST: ("rest", "rest: bring heroes home, end your night"),
         K.PREVENT_HIT: ("pay", "pay to prevent the hit"), K.TAKE_HIT: ("take", "take the hit"),
         K.HEALTH: ("hp", "gain 1 health"), K.POWER: ("pw", "gain 1 power"), K.DONE: ("d", "done"),
         K.WAIT: ("w", "let it wait beside your mat")}
SHIP_WAYS = {"clockwise": "cw", "anticlockwise": "acw"}


def item_codes(ruleset: M.Ruleset) -> dict[str, str]:
    """Each item's two-letter code (``LA`` Lantern, ``TR`` Tome of Runes), unique in the ruleset."""
    codes: dict[str, str] = {}
    for item_id in (*ruleset.treasures, *ruleset.legendaries):
        words = ["".join(ch for ch in w if ch.isalpha()) for w in item_name(ruleset, item_id).upper().split()]
        words = [w for w in words if w and w not in ("OF", "THE")] or ["X"]
        short = words[0][0] + words[1][0] if len(words) > 1 else (words[0] + "X")[:2]
        extra = iter([*"".join(words)[2:], *map(chr, range(65, 91))])
        while short in codes.values():
            short = short[:2] + next(extra)
        codes[item_id] = short
    return codes


class OptionKeys:
    """The keys of one decision's options (``key -> option``) and their lines: one per option, but the
    moves, one line per hero (``  2 REGION  move Y2 (a1l) to b1l c2r (1 power)``)."""

    def __init__(self, board: Board, decision: Decision, state: dict[str, Any]) -> None:
        self.board, self.decision, self.state = board, decision, state
        self.places = board.places(state)
        self.items = item_codes(board.ruleset)
        self.keys: dict[str, Any] = {}
        self.others: list[str] = []
        self.moves: dict[int, list[str]] = {}
        for option in decision.options:
            self._add(option)
        seat = decision.player
        heroes = state["players"][seat]["heroes"]
        self.lines = [f"  {index + 1} REGION  {board.hero(seat, index)} from "
                      f"{self.places.region(heroes[index]['region'])} to {' '.join(ends)}"
                      for index, ends in self.moves.items()] + self.others

    def _key(self, key: str, option: Any, what: str) -> None:
        self.keys[normal(key)] = option
        self.others.append(f"  {escape(key)}  {escape(what)}")

    def _add(self, option: Any) -> None:
        kind, board, seat = self.decision.kind, self.board, self.decision.player
        if isinstance(option, str) and option in WORDS:
            key, what = WORDS[option]
            self._key(key, option, what)
        elif isinstance(option, tuple) and option and option[0] == "move":
            _, index, region, direction = option
            key = f"{index + 1} {self.places.region(region)}" + (f" {SHIP_WAYS.get(direction, direction)}"
                                                                 if direction else "")
            self.keys[normal(key)] = option
            method = self.decision.context.get("method")
            if kind == K.MOVE:
                method = self._ability_method()
            cost = board.move_cost(self.state, seat, option, method) if method else 0
            shown = key.split(" ", 1)[1] + (f"({cost}p)" if cost else "")
            self.moves.setdefault(index, []).append(shown)
        elif option == K.IDLE:
            self._key("i", option, "idle" + self._idle_gain())
        elif option == K.STAY:
            self._key("st", option, "stay where the hero is")
        elif kind == K.MOVEMENT_CARD:
            card = next(c for c in board.ruleset.movement if c.id == option)
            self._key(card.name[:2].lower(), option,
                      f"the {card.name} card ({METHOD_WORDS.get(card.method, '')})")
        elif kind == K.QUEST:
            quest = self.state["row"][option]
            self._key(f"q{option + 1}", option, quest_words(board.ruleset, quest) if quest else "")
        elif kind in (K.ITEM, K.REST_ORDER, K.TARGET):
            self._key(str(option + 1), option, self._hero_words(option))
        elif kind == K.ARRANGE and isinstance(option, tuple):
            code = self.items[option[1]].lower()
            name = item_name(board.ruleset, option[1])
            if option[0] == "wait":
                self._key(f"{code} w", option, f"the {name} waits beside your mat")
            else:
                self._key(f"{code} {option[2] + 1}", option, f"the {name} to {board.hero(seat, option[2])}")
        elif kind == K.USE and isinstance(option, tuple):
            hero = board.hero(seat, option[-1])
            if option[0] == "give":
                self._key(f"{FACE_LETTERS[option[1]]}{option[2] + 1}", option,
                          f"give {'an' if option[1] == M.ATTACK else 'a'} {FACE_WORDS[option[1]]} to {hero}")
            elif option[0] == "forge":
                self._key(f"f{FACE_LETTERS[option[1]]}{option[2] + 1}", option,
                          f"Forge Ahead: a {option[1]} for {hero} ({board.ruleset.rules.forge_cost} power)")
            else:
                self._key(f"sw{option[1] + 1}", option, f"swing the Sword for {hero}: 1 damage to its goblin")
        elif kind == K.STAFF:
            self._key(f"+{option}", option, f"{option} extra magic spaces" if option != 1 else
                      "1 extra magic space")
        elif kind == K.ACTIVATE:
            self._key(self.places.region(option), option,
                      f"the goblin on {board.region_name(option, self.state)} turns active")
        else:
            self._key(normal(str(option)), option, board.option_text(option, self.state))

    def _ability_method(self) -> str | None:
        source = self.decision.context.get("source")
        if not source:
            return None
        region = self.board.region(str(source))
        return next((s.method for a in region.ability for s in a.steps if s.verb == M.MOVE), None)

    def _idle_gain(self) -> str:
        me = self.state["players"][self.decision.player]
        home = any(self.board.region(h["region"]).feature == M.CASTLE for h in me["heroes"])   # Q4: its own
        return " (a hero at home: gain 1 health or 1 power)" if home else " (no hero at home: nothing gained)"

    def _hero_words(self, index: int) -> str:
        seat = self.decision.player
        hero = self.state["players"][seat]["heroes"][index]
        return f"{self.board.hero(seat, index)} on {self.board.region_name(hero['region'], self.state)}"


METHOD_WORDS = {M.HORSE: "along a row by roads", M.RAFT: "along a column by rivers",
                M.GRYPHON: "diagonally", M.SHIP: "coast to coast", M.FOOT: "to a touching card"}


class Prompts:
    """The person's seat at the terminal: ``ask(decision, state, fresh)`` draws what is needed, lists the
    options by key and returns the legal answer typed."""

    def __init__(self, terminal: Any, board: Board, seat: int) -> None:
        self.term, self.board, self.seat = terminal, board, seat

    def ask(self, decision: Decision, state: dict[str, Any], fresh: bool = True) -> Any:
        keys = OptionKeys(self.board, decision, state)
        about = self.board.describe(decision, state)
        self.term.begin(state, lambda: self.board.screen(state, self.seat) if fresh else None)
        if len(decision.options) == 1:
            only = self.board.option_text(decision.options[0], state)
            self.term.say(f"[dim]{escape(about)} Only one choice: {escape(only)}.[/]")
            return decision.options[0]
        self.term.heading(TITLES.get(decision.kind, decision.kind), "")
        self.term.say(escape(about))
        for line in keys.lines:
            self.term.say(line)
        extra = {**dict.fromkeys(HELP_WORDS, lambda: self.term.help(self.help(decision, keys.lines))),
                 "m": lambda: self.term.help(self.map_words(state)),
                 "b": lambda: self.term.board(state, self.board, self.seat)}
        return ask_by_key(self.term, decision, keys.keys, extra, lambda text: self.refusal(text, keys.keys))

    @staticmethod
    def refusal(text: str, keys: dict[str, Any]) -> str:
        """What a typed text that is no key gets: a ship move missing its way round the coast is told so."""
        typed = escape(text)
        if any(normal(text) + way in keys for way in SHIP_WAYS.values()):
            return (f"[red]{typed} needs a way round the coast[/] (the two ways cost differently): "
                    f"{typed} cw or {typed} acw.")
        return (f"[red]{escape(text or '(nothing)')} is not one of the keys[/]: type one as listed (REGION: "
                f"a region like b1l; ? help, m the map, u take back, q stop).")

    def help(self, decision: Decision, lines: Iterable[str]) -> list[str]:
        """``?``: the rule behind the prompt, the options and the keys."""
        from rulecraft.plugins.teq.screen import legend_lines

        return [*(escape(rule) for rule in self.board.rules(decision)), "[bold]Options[/]", *lines,
                "[bold]The map's codes[/]", *legend_lines(self.board, True),
                "Keys: as listed (REGION: a map card's column and row and its side, l or r, like b1l; a "
                "ship's way round the coast after it, 2 b1l cw or acw, when the ways cost differently); m: "
                "the map in words; b: the board; l: the whole log; u: take back your last answer; q: stop "
                "(the log is saved; `rulecraft play --resume LOG` goes on)."]

    def map_words(self, state: dict[str, Any]) -> list[str]:
        """``m``: every region in words, the items of every hero, the quest row whole."""
        board = self.board
        places = board.places(state)
        out = ["[bold]The map[/] (column and row of each card; l and r its regions)"]
        coast = set(board.ruleset.layout.coast)
        for pos in sorted(places.cards, key=lambda p: (p[1], p[0])):
            card = board.cards[places.cards[pos]]
            ways = [w for w, on in (("road", card.road), ("river", card.river), ("coast", pos in coast))
                    if on]
            regions = "; ".join(f"{places.code(pos)}{r.side[0]} {region_words(r)}" for r in card.regions)
            out.append(f"{places.code(pos)} {escape(card.name)} ({', '.join(ways) or 'no road or river'}): "
                       f"{escape(regions)}")
        out.append("[bold]The quest row[/]")
        out += [f"q{slot} {escape(quest_words(board.ruleset, q))}"
                for slot, q in enumerate(state["row"], 1) if q]
        out.append("[bold]Items[/]")
        for p in state["players"]:
            held = [i for h in p["heroes"] for i in h["items"]] + list(p["waiting"])
            for item in dict.fromkeys(held):
                who = escape(board.who(p["seat"], self.seat))
                out.append(f"{who}: {escape(item_words(board.ruleset, item))}")
        return out
