"""Show: Tiny Epic Quest's terminal board, its GameDefinition's ``board`` member (``rulecraft play`` and
``rulecraft replay --watch``): the map with both regions of every card, the heroes, goblins and
capacities, each player's tracks, the magic track, the quest row and the dice, the narration of each event
and the words of each decision.

It draws a *state*: one seat's view (Q33: everything but the quest deck's order, of which only the size
shows) when a person plays, or the whole snapshot when a log is watched; it never reads the game itself.
Where things stand is named by a stable code: a map card by its column and row (``b2``), a region by its
card and side (``b2l``, ``b2r``), a hero by its player's letter and number (``R1``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rich.console import Group
from rich.markup import escape
from rich.text import Text

from rulecraft.plugins.teq import decisions as K
from rulecraft.plugins.teq import model as M
from rulecraft.plugins.teq.geometry import Geometry
from rulecraft.plugins.teq.words import item_name, plural
from rulecraft.runtime.decisions import Decision

Pos = tuple[int, int]
FACE_LETTERS = {M.DAMAGE: "x", M.POWER: "p", M.MAGIC: "m", M.TORCH: "t", M.SCROLL: "s", M.ATTACK: "a"}
FACE_WORDS = {M.DAMAGE: "damage", M.POWER: "power", M.MAGIC: "magic", M.TORCH: "torch", M.SCROLL: "scroll",
              M.ATTACK: "attack"}
FEATURE_LETTERS = {M.CASTLE: "C", M.TEMPLE: "T", M.OBELISK: "O", M.GROTTO: "G", M.PORTAL: "P"}
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
WHY_WORDS = {"castle": "for entering your castle", "idle": "for idling with a hero at home",
             "temple": "for completing a temple", "rest": "for a hero resting home",
             "goblins passed": "to pass active goblins", "prevent a hit": "to prevent a hit",
             "forge ahead": "to Forge Ahead", "sword": "for the Sword", "staff": "for the Staff",
             "exhaustion": "exhausted", "day": "", "damage": "from the damage faces",
             "magic": "from the magic track", "dice": "from the dice"}
RULES = {   # ? at a prompt: the rule behind it, in words (the ruling ids stay here, in the help)
    K.MOVEMENT_CARD: [
        "The day (Q9): four turns; each turn's leader picks one of the face-up movement cards, then every "
        "player from the leader clockwise moves one hero by it or idles. The card is then used up until "
        "the round's resolution (Q28).",
        "Horse: along the row over roads; raft: along the column over rivers; gryphon: diagonally; ship: "
        "from a coastal card to any other round the coast; foot: to any touching card (Q5, Q6)."],
    K.DAY: [
        "Your day move (Q9): move one hero by the card's method, or idle (Q10: with a hero in your castle, "
        "gain 1 health or 1 power).",
        "Passing through a card whose portal holds an active goblin costs 1 power each (Q7). A region takes "
        "heroes of at most its capacity in players, one hero of yours at most; other castles are closed "
        "(Q4). Entering your castle gives 1 health or 1 power; a grotto's ability happens at once; a "
        "portal's goblin is attacked; a temple starts at its entrance (Q8).",
        "After the move, a movement quest of the row whose position your heroes meet, with the moved hero "
        "part of it, is yours (Q12)."],
    K.GAIN: ["Gain 1 health or 1 power (Q8, Q10, Q20, Q21), never above its maximum (Q24): only what can "
             "still rise is offered."],
    K.QUEST: ["Two quests of the row are met at once: you take one (Q12, Q13); the row refills (Q11)."],
    K.ITEM: ["A gained item goes at once to a hero with a free hand (two items each), or waits beside your "
             "mat (Q25); it works only while a hero holds it."],
    K.ARRANGE: ["After a move or an idle, items move freely among your heroes in your castle and the items "
                "waiting beside your mat, one at a time (Q25)."],
    K.NIGHT: [
        "The night (Q14): the dice go round clockwise from the token's holder; each adventuring player "
        "rolls all five or rests. A roll resolves damage, power, magic, then use (Q15).",
        "Damage faces are hits handed out one at a time clockwise from the roller among the adventurers "
        "(Q16); power faces likewise give power (Q17); magic faces move the magic token up (Q18).",
        "Resting (Q21) ends your night: heroes on portals and obelisks come home (an obelisk teaches its "
        "spell if the magic level reaches it) and a temple's last space completes it (Q20), each with 1 "
        "health or 1 power. At 0 health you are exhausted (Q22): every hero home, health and power reset, "
        "a spell level lost."],
    K.PREVENT: ["A hit (Q16): pay its cost in power to prevent it whole (the Shield makes it cheaper, Q27), "
                "or lose that much health; at 0 health you are exhausted at once (Q22)."],
    K.USE: ["The use step (Q19): the roll's torches, scrolls and attacks are yours as well; give each face "
            "to one hero: torches and scrolls step a hero up its temple track when they match its next space "
            "(Q20), an attack is 1 damage to the goblin a hero attacks (Q23). Forge Ahead: pay 2 power for "
            "an extra torch or scroll. The Sword deals 1 damage for its power (Q27). Faces left unused are "
            "lost."],
    K.REST_ORDER: ["Resting (Q21): your heroes on portals, obelisks and temples' last spaces resolve one at "
                   "a time, in the order you choose."],
    K.STAFF: ["The Staff (Q27): at an obelisk, pay its cost in power for each extra magic space that counts "
              "towards learning the spell (Q21); the magic token stays where it is."],
    K.ACTIVATE: ["Solo resolution (Q31): three passive goblins of your choice turn active."],
    K.TARGET: ["An ability acts on one of your heroes: choose which (Q8, Q25)."],
    K.MOVE: ["An ability moves a hero once by its method (Q5), paying for goblins passed (Q7) and entering "
             "as any move does (Q8); it is not a day move (Q9, Q12)."],
}


def pos_of(key: str) -> Pos:
    x, y = key.split(",")
    return int(x), int(y)


class Places:
    """The codes of a laid-out map: columns a, b, ... left to right and rows 1, 2, ... top to bottom, over
    the slots of the layout; a region is its card's code and ``l`` or ``r``."""

    def __init__(self, layout: M.Layout, placed: Mapping[str, str]) -> None:
        slots = [*layout.slots, *map(pos_of, placed)]
        self.xs = range(min(x for x, _ in slots), max(x for x, _ in slots) + 1)
        self.ys = range(min(y for _, y in slots), max(y for _, y in slots) + 1)
        self.cards = {pos_of(key): card for key, card in placed.items()}
        self.pos = {card: pos for pos, card in self.cards.items()}

    def code(self, pos: Pos) -> str:
        return f"{chr(97 + pos[0] - self.xs.start)}{pos[1] - self.ys.start + 1}"

    def region(self, region_id: str) -> str:
        card, side = region_id.rsplit(":", 1)
        return f"{self.code(self.pos[card])}{side[0]}" if card in self.pos else region_id

    def region_id(self, code: str) -> str | None:
        for pos, card in self.cards.items():
            for side in M.SIDES:
                if f"{self.code(pos)}{side[0]}" == code:
                    return f"{card}:{side}"
        return None


class Board:
    """Tiny Epic Quest at the terminal: the board, the narration and the words of each decision."""

    needs_state = frozenset({"move", "goblin-damage", "goblin-defeated", "goblin-healed"})   # regions' codes
    boundaries = frozenset({"round", "night", "game-end"})   # `replay --watch` shows the board then

    def __init__(self, ruleset: M.Ruleset, colours: list[str], agents: list[str] | None = None) -> None:
        self.ruleset = ruleset
        self.colours = list(colours)
        self.agents = list(agents or [])
        self.letters = hero_letters(self.colours)
        cards = (*ruleset.map_cards.values(), *ruleset.castles.values())
        self.cards: dict[str, M.MapCard] = {card.id: card for card in cards}
        self._places: tuple[Any, Places] | None = None

    # --- the map ----------------------------------------------------------------------------------
    def places(self, state: Mapping[str, Any]) -> Places:
        """The codes of the state's map (the same for the whole game: the map never changes)."""
        placed = state.get("map") or {}
        key = tuple(sorted(placed.items()))
        if self._places is None or self._places[0] != key:
            self._places = (key, Places(self.ruleset.layout, placed))
        return self._places[1]

    def region(self, region_id: str) -> M.Region:
        card, side = region_id.rsplit(":", 1)
        return self.cards[card].region(side)

    def region_name(self, region_id: str, state: Mapping[str, Any] | None) -> str:
        """``the Temple of Embers (b1l)``, ``your castle (a1l)``, ``the obelisk 3 (c2r)``."""
        card, side = region_id.rsplit(":", 1)
        if card not in self.cards:
            return region_id
        region = self.cards[card].region(side)
        code = f" ({self.places(state).region(region_id)})" if state and state.get("map") else ""
        if region.feature == M.TEMPLE and region.temple is not None:
            name = f"the {region.temple.name}"
        elif region.feature == M.OBELISK:
            name = f"the obelisk of level {region.spell_level}"
        elif region.feature == M.CASTLE:
            name = f"the {region.owner} castle"
        elif region.feature == M.GROTTO:
            name = region.name or "the grotto"
        else:
            name = f"the portal of {self.cards[card].name}"
        return name + code

    def geometry(self, state: Mapping[str, Any]) -> Geometry:
        places = self.places(state)
        cards = places.cards
        return Geometry(cards, {p for p, c in cards.items() if self.cards[c].road},
                        {p for p, c in cards.items() if self.cards[c].river}, self.ruleset.layout.coast)

    def move_cost(self, state: Mapping[str, Any], seat: int, option: tuple[Any, ...], method: str) -> int:
        """Q7: the power a move costs, from the seat's view: 1 per card passed whose portal holds an active
        goblin (less the hero's stealth items), by the cheapest way there (or the way it names)."""
        _, index, region, direction = option
        hero = state["players"][seat]["heroes"][index]
        places = self.places(state)
        start = places.pos[hero["region"].rsplit(":", 1)[0]]
        end = places.pos[region.rsplit(":", 1)[0]]
        goblins = {places.pos[rid.rsplit(":", 1)[0]] for rid, p in state["portals"].items()
                   if p["active"] and p["goblin"] is not None}
        per = max(0, self.ruleset.rules.goblin_toll - held(self.ruleset, hero["items"], M.STEALTH))
        costs = [per * len(goblins.intersection(path)) for pos, path, way in
                 self.geometry(state).reach(start, method) if pos == end and direction in (None, way)]
        return min(costs, default=0)

    # --- people ------------------------------------------------------------------------------------
    def who(self, seat: int | None, you: int | None) -> str:
        if seat is None:
            return "nobody"
        return "you" if seat == you else self.colours[seat] if seat < len(self.colours) else f"seat {seat}"

    def hero(self, seat: int, index: int) -> str:
        return f"{self.letters[seat]}{index + 1}"

    def whose(self, seat: int, you: int | None) -> str:
        return "your" if seat == you else f"{self.who(seat, you)}'s"

    # --- the plain board (replay --watch, --plain) ---------------------------------------------------
    def screen(self, state: dict[str, Any], you: int | None) -> Group:
        """The whole board, line by line (``--plain``, ``replay --watch``): the map, the round, the quest
        row whole, every player."""
        from rulecraft.plugins.teq.screen import map_lines, player_lines, status_lines

        seat = f"; you are {self.who(you, None)}" if you is not None else ""
        return Group(Text.from_markup(f"[bold]{escape(phase_words(state))}[/]{seat}"),
                     *map_lines(self, state, wide=True), *status_lines(self, state, True, you, whole=True),
                     *(Text.from_markup(line) for line in player_lines(self, state, you, wide=True)))

    def panes(self, seat: int) -> Any:
        """The full screen at a terminal (``rulecraft.plugins.teq.screen``), for ``seat``."""
        from rulecraft.plugins.teq.screen import Panes

        return Panes(self, seat)

    def prompts(self, terminal: Any, seat: int) -> Any:
        """The person's seat: keys that name their action (``rulecraft.plugins.teq.prompts``)."""
        from rulecraft.plugins.teq.prompts import Prompts

        return Prompts(terminal, self, seat)

    def boundary(self, event: dict[str, Any], state: dict[str, Any] | None) -> bool:
        return True

    # --- narration ---------------------------------------------------------------------------------
    def narrate(self, event: dict[str, Any], you: int | None, state: dict[str, Any] | None = None
                ) -> str | None:
        """One event as a line of markup in words, or None for what a player would not read (a decision
        and a chance event: the next line says what came of it). The quest deck's order is never said."""
        kind = event["e"]
        if kind in ("decision", "chance", "ability"):
            return None
        seat: Any = event.get("player")
        who = self.who(seat, you)
        s = "" if who == "you" else "s"
        has = "have" if who == "you" else "has"
        hero = f"{self.hero(seat, event['hero'])}" if seat is not None and isinstance(event.get("hero"),
                                                                                     int) else ""
        quests = self.ruleset.quests
        quest = escape(quests[event["quest"]].name) if event.get("quest") in quests else ""
        why = WHY_WORDS.get(str(event.get("why")), str(event.get("why", "")).replace("-", " "))

        def where(key: str) -> str:
            return escape(self.region_name(event[key], state or {"map": self._last_map()}))

        lines = {
            "setup": lambda: f"[bold]The map is laid out[/]; {self.who(event['first'], you)} "
                             f"{'go' if event['first'] == you else 'goes'} first",
            "quest-drawn": lambda: f"[dim]{quest} comes into the quest row ({plural(event['deck'], 'card')} "
                                   f"left in the deck)[/]",
            "quest-discarded": lambda: f"[dim]{quest} is discarded from the row[/]",
            "quest-expired": lambda: f"{quest} leaves the quest row unclaimed",
            "quest-reshuffle": lambda: "[dim]the discarded quests are shuffled into a new deck[/]",
            "round": lambda: f"[bold]Round {event['round']}[/]: {self.who(event['first'], you)} "
                             f"{'hold' if event['first'] == you else 'holds'} the first-player token",
            "movement-card": lambda: f"Day turn {event['turn']}: " + (   # Q31: chance picks it in solo
                f"the {event['method'].title()} card comes up" if len(self.colours) == 1 else
                f"{who} pick{s} the {event['method'].title()} card"),
            "move": lambda: f"{who} move{s} {hero} by {event['method']} to {where('region')}"
                            + (f", paying {event['cost']} power for goblins" if event["cost"] else ""),
            "idle": lambda: f"{who} idle{s}",
            "pay": lambda: None if event["why"] == "goblins passed" else
            f"{who} pay{s} {event['power']} power {why} ({event['left']} left)",
            "gain": lambda: f"{who} gain{s} {event['amount']} {event['what']} (health {event['health']}, "
                            f"power {event['power']})",
            "home": lambda: f"[dim]{hero} goes home{' (' + why + ')' if why else ''}[/]",
            "quest": lambda: f"[bold]{who} complete{s} {quest}[/]",
            "item": lambda: f"{who} gain{s} the {escape(item_name(self.ruleset, event['item']))}"
                            + (f", held by {self.hero(seat, event['hero'])}" if event["hero"] is not None
                               else ", waiting beside the mat"),
            "arrange": lambda: f"[dim]{who} put{s} the {escape(item_name(self.ruleset, event['item']))} "
                               + (f"in the hands of {self.hero(seat, event['hero'])}[/]"
                                  if event["hero"] is not None else "beside the mat[/]"),
            "night": lambda: f"[bold]Night of round {event['round']}[/]: the dice start with "
                             f"{self.who(event['holder'], you)}",
            "rest": lambda: f"{who} rest{s}",
            "roll": lambda: f"{who} roll{s} {', '.join(FACE_WORDS[f] for f in event['faces'])}",
            "magic": lambda: f"the magic token moves up to level {event['level']}",
            "hit": lambda: self._hit(event, who, s),
            "prevented": lambda: f"{who} prevent{s} {event['damage']} damage with an item",
            "hits-lost": lambda: f"[dim]{plural(event['hits'], 'hit')} lost: nobody adventures any more[/]",
            "power-lost": lambda: f"[dim]{who} {'are' if who == 'you' else 'is'} at maximum power: "
                                  f"{event['amount']} power lost[/]",
            "forge": lambda: f"{who} Forge{s} Ahead: an extra {event['symbol']} for {hero}",
            "step": lambda: f"{hero} steps to space {event['space']} of the "
                            f"{escape(self.ruleset.temple(event['temple']).name)}",
            "temple": lambda: f"[bold]{hero} completes the "
                              f"{escape(self.ruleset.temple(event['temple']).name)}[/]",
            "legendary": lambda: f"{whose_item(self, seat, you, event['item'])} moves to space "
                                 f"{event['space']} of its track",
            "found": lambda: f"[bold]{who} find{s} the {escape(item_name(self.ruleset, event['item']))}[/]",
            "spell": lambda: f"[bold]{who} learn{s} spell level {event['level']}[/]",
            "goblin-damage": lambda: f"{hero} deals {event['amount']} damage to the goblin on "
                                     f"{where('region')} ({event['damage']} of {event['health']})",
            "goblin-defeated": lambda: f"[bold]{who} defeat{s} the goblin on {where('region')}[/] "
                                       f"({plural(event['goblins'], 'goblin')}; maximum health "
                                       f"{event['max_health']})",
            "goblin-healed": lambda: f"[dim]the goblin on {where('region')} heals[/]",
            "exhausted": lambda: f"[bold red]{who} {'are' if who == 'you' else 'is'} exhausted[/]: every "
                                 f"hero goes home",
            "reset": lambda: f"{who} {has} health {event['health']}, power {event['power']} and spell level "
                             f"{event['spell']} now",
            "resolution": lambda: f"End of round {event['round']}: {plural(len(event['active']), 'goblin')} "
                                  f"turn{'s' if len(event['active']) == 1 else ''} active; the token passes "
                                  f"to {self.who(event['token'], you)}",
            "game-end": lambda: self._end(event, you),
        }
        if kind in lines:
            return lines[kind]()
        return f"[dim]{escape(kind.replace('-', ' '))}[/]"

    def _last_map(self) -> dict[str, str]:
        return dict(self._places[0]) if self._places is not None else {}

    def _hit(self, event: dict[str, Any], who: str, s: str) -> str:
        why = WHY_WORDS.get(event["why"], event["why"])
        if event["prevented"]:
            return f"{who} prevent{s} a hit {why}" if event["damage"] else f"{who} shrug{s} off a hit {why}"
        return f"{who} take{s} a hit of {event['damage']} {why} (health {event['health']})"

    def _end(self, event: dict[str, Any], you: int | None) -> str:
        rows = event["standings"]
        said = "; ".join(f"{self.who(r['player'], you)} {r['vp']} VP" for r in rows)
        return f"[bold]The game is over[/]: {said}"

    # --- the words of a decision -------------------------------------------------------------------
    def describe(self, decision: Decision, state: dict[str, Any]) -> str:
        """What the decision is about, in a sentence, from the seat's view (``?`` gives the rule)."""
        kind, context, seat = decision.kind, decision.context, decision.player
        me = state["players"][seat]
        if kind == K.MOVEMENT_CARD:
            return f"Day turn {int(context.get('turn', 0)) + 1}: you lead; pick the movement card every " \
                   f"player moves by."
        if kind == K.DAY:
            return f"Move one hero by {context.get('method')}, or idle (you have {me['power']} power)."
        if kind == K.GAIN:
            why = WHY_WORDS.get(str(context.get("why")), str(context.get("why")))
            return f"Gain 1 health or 1 power {why}: health {me['health']}/{me['max_health']}, power " \
                   f"{me['power']}/{me['max_power']}."
        if kind == K.QUEST:
            return "More than one quest of the row is yours to take: choose one."
        if kind == K.ITEM:
            return f"The {item_name(self.ruleset, str(context.get('item')))} goes to a hero with a free " \
                   f"hand."
        if kind == K.ARRANGE:
            return "Rearrange the items of your heroes at home, one at a time, or be done."
        if kind == K.NIGHT:
            return f"Night: roll all five dice or rest (health {me['health']}, power {me['power']}; " \
                   f"magic level {state['level']}: {dice_effect(self.ruleset, state)})."
        if kind == K.PREVENT:
            damage, cost = context.get("damage"), context.get("cost")
            return f"A hit of {damage}: pay {cost} power to prevent it (you have {me['power']}), or take " \
                   f"it (health {me['health']} to {max(0, me['health'] - int(damage or 0))})."
        if kind == K.USE:
            left = faces_left(decision)
            said = ", ".join(plural(n, FACE_WORDS[f]) for f, n in left.items() if n) or "no faces"
            return f"Use step: give the roll's faces to your heroes ({said} left), Forge Ahead for " \
                   f"{self.ruleset.rules.forge_cost} power, or be done."
        if kind == K.REST_ORDER:
            return "Resting: choose which hero resolves next."
        if kind == K.STAFF:
            return f"The Staff: pay {self._staff_cost()} power per extra magic space towards the obelisk " \
                   f"of level {context.get('obelisk')} (you know level {context.get('spell')})."
        if kind == K.ACTIVATE:
            return "Choose a passive goblin to turn active."
        if kind == K.TARGET:
            return f"{self.region_name(str(context.get('source')), state)}: choose the hero it acts on."
        if kind == K.MOVE:
            return f"{self.region_name(str(context.get('source')), state)}: move a hero, or stay."
        return kind

    def _staff_cost(self) -> int:
        return next((item.cost for item in self.ruleset.legendaries.values() if item.ability == M.STAFF), 1)

    def rules(self, decision: Decision) -> list[str]:
        """The rule behind a decision, in words (``?``)."""
        return RULES.get(decision.kind, [])

    def option_text(self, option: Any, state: Mapping[str, Any] | None = None) -> str:
        """An option in words: ``move R2 to the Temple of Embers (b1l)``, ``roll``, ``give a torch to R1``."""
        if isinstance(option, tuple) and option and option[0] == "move":
            seat = (state or {}).get("you", 0)
            return f"move {self.hero(seat, option[1])} to {self.region_name(option[2], state)}" + \
                (f" going {option[3]}" if option[3] else "")
        if option == K.IDLE:
            return "idle"
        if option == K.STAY:
            return "stay"
        if isinstance(option, tuple) and option[0] == "give" and option[1] in FACE_WORDS:
            return f"give a {option[1]} to hero {option[2] + 1}"
        if isinstance(option, tuple) and option[0] == "forge":
            return f"Forge Ahead: a {option[1]} for hero {option[2] + 1}"
        if isinstance(option, tuple):
            return " ".join(str(part) for part in option)
        return str(option)

    def verdict(self, state: dict[str, Any], standings: Any, events: list[dict[str, Any]], seat: int,
                solo: bool) -> str:
        """The final scores (Q29, Q30) and who won; in solo, the target (Q31)."""
        end: dict[str, Any] = next((e for e in reversed(events) if e["e"] == "game-end"), {})
        rows = end.get("standings", [])
        scores = "; ".join(f"{self.who(r['player'], seat)} {r['vp']} VP" for r in rows)
        result = end.get("results", {}).get(str(seat))
        if len(self.colours) == 1:
            goal = self.ruleset.rules.solo_target_vp
            return (f"[bold green]You win![/] {scores} of the {goal} VP target." if result == "win" else
                    f"[bold red]You lose:[/] {scores}; the target was {goal} VP.")
        if result == "win":
            return f"[bold green]You win![/] {scores}."
        if result == "shared":
            return f"[bold green]A shared victory![/] {scores}."
        winner = next((r["player"] for r in rows if r.get("rank") == 1), None)
        return f"[bold red]{self.who(winner, seat).capitalize()} wins:[/] {scores}."


def whose_item(board: Board, seat: int, you: int | None, item: str) -> str:
    return f"{board.whose(seat, you).capitalize()} {escape(item_name(board.ruleset, item))}"


def hero_letters(colours: Iterable[str]) -> list[str]:
    """Each seat's letter on the map: its colour's initial (``R`` red), another letter of it on a clash."""
    out: list[str] = []
    for colour in colours:
        letters = [ch.upper() for ch in colour if ch.isalpha()] + [chr(c) for c in range(65, 91)]
        out.append(next(ch for ch in letters if ch not in out))
    return out


def held(ruleset: M.Ruleset, items: Iterable[str], modifier: str) -> int:
    """What the items a hero holds add to ``modifier`` while held (Q25)."""
    total = 0
    for item in items:
        found = ruleset.treasures.get(item)
        for ability in found.abilities if found is not None else ():
            if ability.trigger == M.HELD:
                total += sum(s.amount for s in ability.steps if s.modifier == modifier)
    return total


def dice_effect(ruleset: M.Ruleset, state: Mapping[str, Any]) -> str:
    """What the dice do at the magic token's level, on the side in play (Q18, Q32)."""
    effect = ruleset.magic.effect(state["side"], state["magic"])
    parts = [f"a damage face hits for {effect.damage}" if effect.damage else "damage faces do nothing",
             f"a power face gives {effect.power}" if effect.power else "power faces give nothing"]
    if effect.magic_damage:
        parts.append(f"a magic face hits for {effect.magic_damage}")
    return ", ".join(parts)


def faces_left(decision: Decision) -> dict[str, int]:
    """The use step's faces not yet given (its context's faces less the answers chosen so far)."""
    left = dict(decision.context.get("faces", {}))
    for answer in decision.context.get("chosen", ()):
        if isinstance(answer, tuple | list) and answer and answer[0] == "give" and answer[1] in left:
            left[answer[1]] -= 1
    return left


def phase_words(state: Mapping[str, Any]) -> str:
    """``Round 2 of 5, night`` from the state."""
    phase = state.get("phase", "")
    if phase == "setup" or not state.get("round"):
        return "Setting up"
    if phase == "over":
        return "The game is over"
    return f"Round {state['round']}, {phase}"


def feature_tag(region: M.Region, portal: Mapping[str, Any] | None, colours: list[str],
                letters: list[str]) -> str:
    """A region's code on the map: ``C`` castle (its colour's letter), ``T²`` temple of capacity 2, ``O3``
    obelisk of spell level 3, ``G`` grotto, ``Pg``/``PG`` a portal with a passive/active goblin."""
    tag = FEATURE_LETTERS[region.feature]
    if region.feature == M.CASTLE and region.owner in colours:
        tag += letters[colours.index(region.owner)].lower()
    if region.feature == M.OBELISK:
        tag += str(region.spell_level)
    if region.capacity is not None and region.feature != M.CASTLE:
        tag += str(region.capacity).translate(SUPERSCRIPT)
    if portal is not None and portal.get("goblin") is not None:
        tag += "G" if portal["active"] else "g"
    return tag

