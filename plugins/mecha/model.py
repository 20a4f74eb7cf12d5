"""Build: the Mecha Game definitions the engine plays: cards, keywords, abilities, decks, rule parameters.

Everything here is immutable and shared by every game of a ruleset. Keywords are data (M16), as Forge keeps
them: a card lists keyword instances, and the totals the engine reads are summed once here. Abilities are
``trigger`` plus a list of effect steps (verbs with an amount and a target), never code. ``build_ruleset``
turns plain entities (as a pack's YAML gives them) into a :class:`Ruleset`, refusing anything the engine
could not play with a ``ValueError`` that names the entity.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

TOWER, MECHA, COMMAND = "tower", "mecha", "command"
CARD_KINDS = {"towers": TOWER, "mechas": MECHA, "commands": COMMAND}   # a pack's kind -> its cards' type

# Keywords (M16): those with an X stack by adding their X; the flags do not stack.
ARMOUR, PIERCE, FLIGHT, REACH, SPEED, RANGE, PROVIDE = "armour", "pierce", "flight", "reach", "speed", \
    "range", "provide"
NUMBERED_KEYWORDS = (ARMOUR, SPEED, RANGE, PROVIDE)
FLAG_KEYWORDS = (PIERCE, FLIGHT, REACH)
KEYWORDS = NUMBERED_KEYWORDS + FLAG_KEYWORDS

# Triggers (M7): when they fire is the engine's business; a card only names one.
ENTERS = "enters"                        # when this enters
TURN_START = "turn-start"                # at the start of your turn
LAST_TIME_COUNTER = "last-time-counter"  # when its last time counter is removed (M17)
DESTROYED = "destroyed"                  # when this is destroyed (M12)
ATTACKED = "attacked"                    # when this is attacked: on the declaration (M9), before the window
TRIGGERS = (ENTERS, TURN_START, LAST_TIME_COUNTER, DESTROYED, ATTACKED)

# Verbs of effect steps.
DRAW = "draw"                    # its controller draws `amount` (M20: from an empty deck it loses)
EACH_DRAWS = "each-player-draws"  # both players draw `amount`, as one event (M20: both may lose: a draw)
DAMAGE = "damage"                # remove `amount` durability counters from the target (not an attack: M12's
                                 # armour rule is about attacks, so armour does not stop it)
ADD_ARMOUR = "add-armour"        # put `amount` armour counters on the target
ADD_TIME = "add-time"            # put `amount` time counters on the target (a unit: M17)
ADD = "add"                      # add `amount` to the target's `modifier` (an accumulator) until end of turn
VERBS = (DRAW, EACH_DRAWS, DAMAGE, ADD_ARMOUR, ADD_TIME, ADD)
UNTARGETED_VERBS = frozenset({DRAW, EACH_DRAWS})

# Modifiers (the DSL's accumulators): what effects add to until end of turn (M5), each held by one type of
# unit and added to one of its printed values.
POWER = "power"                  # a mecha's power for its attacks (M12); towers have none (M14)
MODIFIERS = {POWER: (MECHA, "power")}   # modifier -> (the type of unit holding it, the printed value)

# Targets of a step: the ability's own unit, the attacker of a `when attacked`, or a unit its controller
# chooses (side: friendly / enemy / any; type: unit / mecha / tower).
THIS, ATTACKER = "this", "attacker"
CHOSEN_TARGETS = {
    "friendly-unit": ("friendly", None), "friendly-mecha": ("friendly", MECHA),
    "friendly-tower": ("friendly", TOWER), "enemy-unit": ("enemy", None),
    "enemy-mecha": ("enemy", MECHA), "enemy-tower": ("enemy", TOWER), "any-unit": ("any", None),
    "any-mecha": ("any", MECHA),
}
TARGETS = (THIS, ATTACKER, *CHOSEN_TARGETS)

# The phases of a turn (M5).
START_PHASE, DRAW_PHASE, MAIN_PHASE, END_PHASE = "start", "draw", "main", "end"

# Response windows (M15).
MAIN_WINDOW, ATTACK_WINDOW, END_WINDOW = "main", "attack", "end"
WINDOWS = (MAIN_WINDOW, ATTACK_WINDOW, END_WINDOW)


@dataclass(frozen=True, slots=True)
class Step:
    verb: str
    amount: int = 1
    target: str | None = None    # None for the untargeted verbs
    modifier: str | None = None  # what ADD adds to (MODIFIERS), None for every other verb


@dataclass(frozen=True, slots=True)
class Ability:
    trigger: str
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class Keywords:
    """A card's keyword totals (M16): a numbered keyword's X summed over its instances, 0 when absent."""

    armour: int = 0
    speed: int = 0
    range: int = 0
    provide: int = 0
    pierce: bool = False
    flight: bool = False
    reach: bool = False

    @classmethod
    def of(cls, instances: Sequence[Mapping[str, Any]]) -> Keywords:
        totals: dict[str, Any] = {}
        for instance in instances:
            for name, value in instance.items():
                if name in NUMBERED_KEYWORDS:
                    totals[name] = totals.get(name, 0) + int(value)
                elif name in FLAG_KEYWORDS:
                    totals[name] = True   # a second instance does nothing (M16)
                else:
                    raise ValueError(f"unknown keyword {name!r}")
        return cls(**totals)


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str
    name: str
    type: str
    cost: int = 0              # mechas only (M11)
    power: int = 0             # mechas only; a tower has none (M14)
    durability: int = 0        # units only (M2)
    keywords: Keywords = field(default_factory=Keywords)
    time: int = 0              # time counters it enters with (M17)
    abilities: tuple[Ability, ...] = ()
    effects: tuple[Step, ...] = ()         # a command's effect
    windows: tuple[str, ...] = ()          # the M15 windows a command may be played in
    text: str = ""                         # its ability's English (the effect compiler's, or the card's own)
    by_trigger: Mapping[str, tuple[Ability, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # the engine asks for a card's abilities at every trigger of every unit: grouped once, here
        grouped: dict[str, tuple[Ability, ...]] = {}
        for ability in self.abilities:
            grouped[ability.trigger] = (*grouped.get(ability.trigger, ()), ability)
        object.__setattr__(self, "by_trigger", grouped)

    @property
    def is_unit(self) -> bool:
        return self.type != COMMAND

    def triggered(self, trigger: str) -> tuple[Ability, ...]:
        """The card's abilities with ``trigger``, in the card's order."""
        return self.by_trigger.get(trigger, ())


@dataclass(frozen=True, slots=True)
class CardTables:
    """What the engine's hottest questions (the main phase's options, the windows, attacks) read of the
    cards, worked out once per ruleset (``Ruleset.tables``): card id -> answer."""

    window_cards: Mapping[str, frozenset[str]]   # window -> the commands that may be played in it (M15)
    flyers: frozenset[str]                       # cards with Flight (M13)
    bandwidth_needed: Mapping[str, float]        # free bandwidth to place it (M11): towers never wait
    chosen_targets: Mapping[str, frozenset[str]]   # a command needs a candidate for each (M15)
    moving: Mapping[str, tuple[int, int, bool]]  # speed, range, whether it may attack a flyer (M8, M10, M13)

    @classmethod
    def of(cls, cards: Iterable[CardDef]) -> CardTables:
        cards = list(cards)
        return cls(
            window_cards={w: frozenset(c.id for c in cards if w in c.windows) for w in WINDOWS},
            flyers=frozenset(c.id for c in cards if c.keywords.flight),
            bandwidth_needed={c.id: -math.inf if c.type == TOWER else c.cost if c.type == MECHA else math.inf
                              for c in cards},
            chosen_targets={c.id: frozenset(s.target for s in c.effects if s.target in CHOSEN_TARGETS)
                            for c in cards},
            moving={c.id: (c.keywords.speed, c.keywords.range, c.keywords.flight or c.keywords.reach)
                    for c in cards})


@dataclass(frozen=True, slots=True)
class Rules:
    """Rule parameters: what the text gives (M22) and what M4 and M6 leave configurable."""

    cols: int = 7
    rows: int = 5
    deck_size: int = 40
    max_copies: int = 3
    unlimited: tuple[str, ...] = ("Radio Tower",)   # card names (M24)
    opening_hand: int = 5
    damage_limit: int = 5
    first_player_draws_turn_one: bool = True    # M4
    summoning_sickness: bool = False            # M6
    step_cap: int = 50_000                      # a safety net only (M20: every game ends)


@dataclass(frozen=True, slots=True)
class DeckDef:
    id: str
    name: str
    cards: tuple[str, ...]     # card ids, one per card (40 for a legal deck)


@dataclass(frozen=True, slots=True)
class Ruleset:
    cards: Mapping[str, CardDef]
    decks: Mapping[str, DeckDef]
    rules: Rules = field(default_factory=Rules)
    seat_decks: tuple[str, str] = ("", "")     # the starter deck of seat A and seat B
    source: Mapping[str, Any] = field(default_factory=dict)   # the game, packs and plugins it was built from
    # the engine's lookups of ``cards``, worked out once per ruleset rather than once per game
    tables: CardTables = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "tables", CardTables.of(self.cards.values()))

    def card(self, card_id: str) -> CardDef:
        return self.cards[card_id]


def _steps(raw: Sequence[Mapping[str, Any]], where: str) -> tuple[Step, ...]:
    steps = []
    for item in raw:
        verb, target, modifier = item["verb"], item.get("target"), item.get("modifier")
        if verb not in VERBS:
            raise ValueError(f"{where}: unknown verb {verb!r}")
        if (target is None) != (verb in UNTARGETED_VERBS) or (target is not None and target not in TARGETS):
            raise ValueError(f"{where}: verb {verb!r} cannot take target {target!r}")
        if (verb == ADD) != (modifier is not None) or (modifier is not None and modifier not in MODIFIERS):
            raise ValueError(f"{where}: verb {verb!r} cannot add to {modifier!r}")
        steps.append(Step(verb, int(item.get("amount", 1)), target, modifier))
    return tuple(steps)


def card_from(entity: Mapping[str, Any]) -> CardDef:
    """A card from its entity (the pack's YAML fields)."""
    cid, kind = entity["id"], entity["type"]
    abilities = tuple(Ability(a["trigger"], _steps(a["effects"], f"{cid}: {a['trigger']}"))
                      for a in entity.get("abilities", ()))
    for ability in abilities:
        if ability.trigger not in TRIGGERS:
            raise ValueError(f"{cid}: unknown trigger {ability.trigger!r}")
        if kind == COMMAND:
            raise ValueError(f"{cid}: a command is never placed, so it has no triggered abilities (M2)")
    return CardDef(
        id=cid, name=entity["name"], type=kind, cost=int(entity.get("cost", 0)),
        power=int(entity.get("power", 0)), durability=int(entity.get("durability", 0)),
        keywords=Keywords.of(entity.get("keywords", ())), time=int(entity.get("time", 0)),
        abilities=abilities, effects=_steps(entity.get("effects", ()), cid),
        windows=tuple(entity.get("windows", ())), text=str(entity.get("text", "")))


def build_ruleset(cards: Sequence[Mapping[str, Any]], decks: Sequence[Mapping[str, Any]],
                  rules: Mapping[str, Any] | None = None) -> Ruleset:
    """A ruleset from plain entities: cards, decks (``cards: {id: count}``, ``seat: a|b``) and the rules
    entity's parameters. Raises ValueError naming the entity for what the engine cannot play."""
    params = dict(rules or {})
    for key in ("id", "name", "designed", "notes"):
        params.pop(key, None)
    if "unlimited" in params:
        params["unlimited"] = tuple(params["unlimited"])
    rule_set = Rules(**params)
    by_id = {c["id"]: card_from(c) for c in cards}
    built, seats = {}, ["", ""]
    for d in decks:
        listed = tuple(cid for cid, n in d["cards"].items() for _ in range(int(n)))
        unknown = sorted({cid for cid in listed if cid not in by_id})
        if unknown:
            raise ValueError(f"deck {d['id']!r} names unknown cards: {', '.join(unknown)}")
        built[d["id"]] = DeckDef(d["id"], d.get("name", d["id"]), listed)
        if "seat" in d:
            seats["ab".index(d["seat"])] = d["id"]
    return Ruleset(cards=by_id, decks=built, rules=rule_set, seat_decks=(seats[0], seats[1]))
