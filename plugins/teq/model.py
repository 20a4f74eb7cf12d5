"""Build: the Tiny Epic Quest definitions the engine plays: the map, movement, dice, magic, items, quests,
goblins, scoring and rule parameters (RULINGS Q1-Q35).

Everything here is immutable and shared by every game of a ruleset; the builder
(``rulecraft.plugins.teq.build``) makes it from a resolved pack, whose checks (``teq.checks``) have
already reported at the author's line what the engine could not play. Abilities (grottoes, treasure items,
quest rewards) are a trigger and a list of effect steps compiled from the DSL, never code; movement-quest
conditions are data (:class:`Condition`). Values the rulings mark designed (Q35) are designed in the pack,
not here: the defaults below are the rulings' published values or the safest neutral ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rulecraft.runtime.chance import Die

Pos = tuple[int, int]     # a layout slot, (x, y): x grows rightward, y downward as drawn (Q2)

# Region features (Q3).
CASTLE, TEMPLE, OBELISK, GROTTO, PORTAL = "castle", "temple", "obelisk", "grotto", "portal"
FEATURES = (CASTLE, TEMPLE, OBELISK, GROTTO, PORTAL)
LEFT, RIGHT = "left", "right"
SIDES = (LEFT, RIGHT)

# Movement methods (Q5).
HORSE, RAFT, GRYPHON, SHIP, FOOT = "horse", "raft", "gryphon", "ship", "foot"
METHODS = (HORSE, RAFT, GRYPHON, SHIP, FOOT)

# Die faces (Q15) and the symbols a temple space shows (Q20).
DAMAGE, POWER, MAGIC, TORCH, SCROLL, ATTACK = "damage", "power", "magic", "torch", "scroll", "attack"
FACES = (DAMAGE, POWER, MAGIC, TORCH, SCROLL, ATTACK)
SYMBOLS = (TORCH, SCROLL)

# The two sides of the magic card (Q18, Q32) and of a goblin token (Q23).
MULTI, SOLO = "multi", "solo"
PASSIVE, ACTIVE = "passive", "active"

# Legendary abilities (Q27): each an engine rule, parametrised by its power cost.
SWORD, SHIELD, STAFF = "sword", "shield", "staff"
LEGENDARY_ABILITIES = (SWORD, SHIELD, STAFF)

# Triggers of abilities (the DSL's, ``teq.vocabulary``): when the engine runs them.
ENTERED = "entered"          # a grotto: a hero has just entered it (Q8), day or a grotto's own move
USE_STEP = "use-step"        # an item: its holder's player's use step (Q19), before faces are given
HIT = "hit"                  # an item: its holder's player has just received a hit (Q16), before paying
HELD = "held"                # an item: always, while a hero holds it (Q25): its modifiers
COMPLETED = "completed"      # a movement quest's reward: the player has just taken the quest (Q12)
TRIGGERS = (ENTERED, USE_STEP, HIT, HELD, COMPLETED)

# Verbs of effect steps.
GAIN_HEALTH = "gain-health"      # the player gains `amount` health, up to its maximum (Q24)
GAIN_POWER = "gain-power"        # the player gains `amount` power, up to its maximum (Q24)
ADD_TORCH = "add-torch"          # `amount` extra torches for the target hero in this use step (Q19)
ADD_SCROLL = "add-scroll"        # `amount` extra scrolls for the target hero in this use step (Q19)
ADVANCE = "advance"              # the target hero steps `amount` spaces on its temple track without
                                 # symbols; reaching the last space in the day completes it (Q20)
GOBLIN_DAMAGE = "goblin-damage"  # `amount` damage to the goblin the target hero attacks (Q23)
PREVENT = "prevent"              # the hit just received deals `amount` less, not below 0 (Q16)
MOVE = "move"                    # the target hero moves once by `method` (Q5), paying for goblins (Q7),
                                 # entering as any move does (Q8); not a day move of its own (Q9, Q12)
ADD = "add"                      # `amount` added to the holder's `modifier` while held (HELD only)
VERBS = (GAIN_HEALTH, GAIN_POWER, ADD_TORCH, ADD_SCROLL, ADVANCE, GOBLIN_DAMAGE, PREVENT, MOVE, ADD)

# Targets of a step: the ability's own hero (the grotto's visitor, the item's holder), or one of the
# player's heroes it chooses (on a temple track / attacking a goblin / any), or none (player-wide verbs).
THIS_HERO = "this-hero"
HERO_ON_TEMPLE, HERO_AT_PORTAL, ANY_HERO = "hero-on-temple", "hero-at-portal", "any-hero"
TARGETS = (THIS_HERO, HERO_ON_TEMPLE, HERO_AT_PORTAL, ANY_HERO)

# Modifiers an item adds to while held (ADD steps): what the engine reads where the rule applies.
MAX_HEALTH = "max-health"        # the player's maximum health (Q24)
MAX_POWER = "max-power"          # the player's maximum power (Q24)
STEALTH = "stealth"              # the power this hero pays less per active goblin passed, not below 0 (Q7)
WARDING = "warding"              # the power its player pays less to prevent a hit, not below 0 (Q16)
MODIFIERS = (MAX_HEALTH, MAX_POWER, STEALTH, WARDING)

# Movement-quest condition forms (Q12), data rather than DSL: see ``Condition``.
ON_FEATURES, IN_LINE, ON_COAST, ON_ONE_CARD = "features", "line", "coast", "one-card"
CONDITION_FORMS = (ON_FEATURES, IN_LINE, ON_COAST, ON_ONE_CARD)
ROW, COLUMN, ANY_LINE = "row", "column", "any"

# Scoring categories (Q29) and the tie-break chain (Q30).
SPELLS, QUESTS, GOBLINS, ITEMS = "spell-level", "quests", "goblins", "items"


@dataclass(frozen=True, slots=True)
class Step:
    """One effect step of an ability (the DSL's verb, checked): ``verb`` with its ``amount``, its ``target``
    hero (None for the player-wide verbs), the ``method`` of a MOVE and the ``modifier`` of an ADD."""

    verb: str
    amount: int = 1
    target: str | None = None
    method: str | None = None
    modifier: str | None = None


@dataclass(frozen=True, slots=True)
class Ability:
    """A trigger and its steps, in order (grottoes Q8, items Q25, rewards Q12)."""

    trigger: str
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class TempleTrack:
    """A temple (Q20): its id (what treasure quests name, Q13), its name, the symbols of its further spaces
    after the entrance (each one or two of torch/scroll; the last space is the temple itself; three by
    default, designed) and the legendary item it is linked to (Q26, designed)."""

    id: str
    name: str
    spaces: tuple[tuple[str, ...], ...]
    legendary: str

    @property
    def last(self) -> int:
        """The index of the last space (the entrance is 0)."""
        return len(self.spaces)


@dataclass(frozen=True, slots=True)
class Region:
    """One half of a map card (Q3): its side and feature, and what the feature carries: a castle's owning
    colour, a temple's track, an obelisk's spell level, a grotto's name and ability. ``capacity`` is how
    many players may have a hero in it (Q4; None: any number; a castle admits its owner only)."""

    side: str
    feature: str
    capacity: int | None
    owner: str | None = None                  # castle
    temple: TempleTrack | None = None         # temple
    spell_level: int | None = None            # obelisk
    name: str = ""                            # grotto (and any region's display name)
    ability: tuple[Ability, ...] = ()         # grotto: its ENTERED abilities


@dataclass(frozen=True, slots=True)
class MapCard:
    """A map card (Q3): two regions (left, right), a road across it side to side and a river top to bottom
    unless its data says otherwise (Q5 reads them). ``castle`` is the colour of a castle card (Q2: the four
    corners), None for the 13 regular cards."""

    id: str
    name: str
    left: Region
    right: Region
    road: bool = True
    river: bool = True
    castle: str | None = None

    @property
    def regions(self) -> tuple[Region, Region]:
        return (self.left, self.right)

    def region(self, side: str) -> Region:
        return self.left if side == LEFT else self.right


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the cards go (Q2) and the coast (Q6), designed: the centre cross filled from the shuffled
    regular cards first, the castle corners, the outer slots in deal order, the coast ring clockwise."""

    centre: tuple[Pos, ...]
    corners: tuple[Pos, ...]
    outer: tuple[Pos, ...]
    coast: tuple[Pos, ...]

    @property
    def slots(self) -> tuple[Pos, ...]:
        return self.centre + self.corners + self.outer

    def coastal(self, pos: Pos) -> bool:
        """Q6: a slot is coastal if one of its four side neighbours holds no card."""
        taken = set(self.slots)
        x, y = pos
        return any(n not in taken for n in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)))


@dataclass(frozen=True, slots=True)
class MovementCard:
    """A movement card (Q5): its method (horse, raft, gryphon, ship or foot)."""

    id: str
    name: str
    method: str


@dataclass(frozen=True, slots=True)
class LevelEffect:
    """What the dice do at one magic level on one side of the magic card (Q18, Q32): damage per damage
    face, power per power face, damage per magic face (a hit, as Q16), and how many levels above its own
    a player may learn (Q21)."""

    damage: int
    power: int
    magic_damage: int
    spell_reach: int


@dataclass(frozen=True, slots=True)
class MagicCard:
    """The magic card (Q18, Q32): the track's spaces as levels, in order (the token starts each night on
    the first); each side's effect per level (index = level); the spell library's levels (Q35: 1 to 7);
    ``overflow_damage``: the hit a magic face deals when the token is already on the last space (Q18)."""

    track: tuple[int, ...]
    sides: Mapping[str, tuple[LevelEffect, ...]]
    library: tuple[int, ...]
    overflow_damage: int = 1

    def effect(self, side: str, space: int) -> LevelEffect:
        return self.sides[side][self.track[space]]


@dataclass(frozen=True, slots=True)
class TreasureItem:
    """A treasure item (Q13, Q25): its abilities work only while a hero holds it."""

    id: str
    name: str
    abilities: tuple[Ability, ...] = ()

    def triggered(self, trigger: str) -> tuple[Ability, ...]:
        return tuple(a for a in self.abilities if a.trigger == trigger)


@dataclass(frozen=True, slots=True)
class LegendaryItem:
    """A legendary item (Q26, Q27): its track on the mat (``spaces`` including the start; designed 3), its
    ability (sword, shield or staff) and that ability's power cost, its VP once found (published 4). The
    temples linked to it are ``Ruleset.linked_temples``."""

    id: str
    name: str
    ability: str
    cost: int = 1
    spaces: int = 3
    vp: int = 4


@dataclass(frozen=True, slots=True)
class Condition:
    """A movement quest's required position of one player's heroes (Q12), designed, as data:

    - ``features``: one distinct hero on a region of each listed feature, each on a different region
      (``("temple", "temple")``: heroes on two different temples; a castle never counts as a feature here);
    - ``line``: ``count`` heroes on ``count`` different cards of one row, column or either (``line``);
    - ``coast``: ``count`` heroes on ``count`` different coastal cards (Q6), none in a castle;
    - ``one-card``: ``count`` heroes on one map card, outside castles.

    The engine holds it met only with the moved hero among the heroes meeting it (Q12)."""

    form: str
    count: int = 2
    features: tuple[str, ...] = ()
    line: str = ANY_LINE


@dataclass(frozen=True, slots=True)
class MovementQuest:
    """A movement quest (Q12): its condition and its reward (COMPLETED abilities)."""

    id: str
    name: str
    condition: Condition
    reward: tuple[Ability, ...] = ()


@dataclass(frozen=True, slots=True)
class TreasureQuest:
    """A treasure quest (Q13): the temple it names and the treasure item it shows."""

    id: str
    name: str
    temple: str
    item: str


Quest = MovementQuest | TreasureQuest


@dataclass(frozen=True, slots=True)
class Goblins:
    """Goblin tokens (Q23): each side's health (published 5 and 5), the supply (designed 16, the ones on
    portals at setup included) and the maximum health a defeat gives (published 1)."""

    passive_health: int = 5
    active_health: int = 5
    supply: int = 16
    max_health_bonus: int = 1

    def health(self, side: str) -> int:
        return self.passive_health if side == PASSIVE else self.active_health


@dataclass(frozen=True, slots=True)
class Ladder:
    """One scoring ladder (Q29): the count reaching each step and that step's VP, rising; below the first
    step 0, beyond the last its VP."""

    steps: tuple[int, ...]
    vp: tuple[int, ...]

    def score(self, count: int) -> int:
        reached = [vp for step, vp in zip(self.steps, self.vp, strict=True) if count >= step]
        return reached[-1] if reached else 0


@dataclass(frozen=True, slots=True)
class Scoring:
    """The scoring matrix (Q29, designed): a ladder per category (spell level, quests, goblins) and the
    VP per found legendary item (Q26); the tie-break chain after VP (Q30)."""

    ladders: Mapping[str, Ladder]
    legendary_vp: int = 4
    tie_break: tuple[str, ...] = (QUESTS, GOBLINS, SPELLS, ITEMS)


@dataclass(frozen=True, slots=True)
class Rules:
    """Rule parameters: the published numbers (Q1, Q9, Q14-Q25, Q31) and what the rulings leave
    configurable (Q22's ``exhaustion_spell_loss``, Q31's ``solo_target_vp``, Q24's maxima, designed)."""

    rounds: int = 5                   # Q28
    heroes: int = 3                   # Q1
    start_health: int = 6             # Q1
    start_power: int = 3              # Q1
    base_max_health: int = 6          # Q24 (+ goblins defeated)
    base_max_power: int = 3           # Q24
    spell_levels_per_power: int = 2   # Q24 (designed): +1 maximum power per 2 spell levels
    track_top: int = 10               # Q24 (designed): health and power stop here
    day_turns: int = 4                # Q9
    row_size: int = 3                 # Q11
    items_per_hero: int = 2           # Q25
    prevent_cost: int = 2             # Q16
    forge_cost: int = 2               # Q19
    goblin_toll: int = 1              # Q7
    gain_on_return: int = 1           # Q8, Q10, Q20, Q21: health or power
    exhaustion_spell_loss: int = 1    # Q22
    exhaustion_health: int = 6        # Q22
    exhaustion_power: int = 3         # Q22
    solo_active_goblins: int = 3      # Q31
    solo_target_vp: int = 18          # Q31 (designed)
    step_cap: int = 200_000           # a safety net only: every game ends after `rounds` nights

    def max_power(self, spell_level: int) -> int:
        """Q24: the base plus 1 for every ``spell_levels_per_power`` spell levels, capped at the top."""
        return min(self.track_top, self.base_max_power + spell_level // self.spell_levels_per_power)

    def max_health(self, goblins: int, bonus: int = 1) -> int:
        """Q24: the base plus ``bonus`` per goblin defeated, capped at the top."""
        return min(self.track_top, self.base_max_health + bonus * goblins)


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A whole Tiny Epic Quest ruleset. ``map_cards`` are the regular cards (Q2: shuffled into the centre
    cross and the outer slots), ``castles`` the castle cards by colour (Q2: the corners, all four at every
    player count; seats take colours in the castles' order)."""

    map_cards: Mapping[str, MapCard]
    castles: Mapping[str, MapCard]
    layout: Layout
    movement: tuple[MovementCard, ...]
    dice: tuple[Die, ...]
    magic: MagicCard
    treasures: Mapping[str, TreasureItem]
    legendaries: Mapping[str, LegendaryItem]
    quests: Mapping[str, Quest]
    goblins: Goblins
    scoring: Scoring
    rules: Rules = field(default_factory=Rules)
    source: Mapping[str, Any] = field(default_factory=dict)   # the game, packs and plugins it was built from
    temples: Mapping[str, tuple[str, str]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # temple id -> (map card id, side): treasure quests and legendary links name temples by id
        found = {}
        for card in (*self.map_cards.values(), *self.castles.values()):
            for region in card.regions:
                if region.temple is not None:
                    found[region.temple.id] = (card.id, region.side)
        object.__setattr__(self, "temples", found)

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(self.castles)

    def card(self, card_id: str) -> MapCard:
        return self.map_cards[card_id] if card_id in self.map_cards else self.castles[card_id]

    def temple(self, temple_id: str) -> TempleTrack:
        card_id, side = self.temples[temple_id]
        track = self.card(card_id).region(side).temple
        assert track is not None
        return track

    def linked_temples(self, legendary: str) -> tuple[str, ...]:
        """Q26: the temples whose completion moves this legendary item, in map-card order."""
        return tuple(t for t in self.temples if self.temple(t).legendary == legendary)

    def movement_quests(self) -> tuple[MovementQuest, ...]:
        return tuple(q for q in self.quests.values() if isinstance(q, MovementQuest))

    def treasure_quests(self) -> tuple[TreasureQuest, ...]:
        return tuple(q for q in self.quests.values() if isinstance(q, TreasureQuest))
