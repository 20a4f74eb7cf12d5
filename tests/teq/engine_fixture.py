"""A small Tiny Epic Quest ruleset built in code from the model's dataclasses, for engine tests that must
not depend on the shipped pack's designed values (Q35): Q2's layout and Q6's coast, Q3's composition."""

from __future__ import annotations

from rulecraft.plugins.teq.model import (
    ADD_TORCH,
    CASTLE,
    ENTERED,
    GOBLINS,
    GROTTO,
    HERO_ON_TEMPLE,
    LEFT,
    OBELISK,
    ON_FEATURES,
    PORTAL,
    QUESTS,
    RIGHT,
    SCROLL,
    SHIELD,
    SPELLS,
    STAFF,
    SWORD,
    TEMPLE,
    TORCH,
    Ability,
    Condition,
    Goblins,
    Ladder,
    Layout,
    LegendaryItem,
    LevelEffect,
    MagicCard,
    MapCard,
    MovementCard,
    MovementQuest,
    Region,
    Ruleset,
    Scoring,
    Step,
    TempleTrack,
    TreasureItem,
    TreasureQuest,
)
from rulecraft.runtime.chance import Die

FACES = ("damage", "power", "magic", "torch", "scroll", "attack")
COLOURS = ("red", "blue", "green", "yellow")
LEGENDARIES = (SWORD, SHIELD, STAFF)

LAYOUT = Layout(
    centre=((1, 0), (0, 1), (1, 1), (2, 1), (1, 2)),
    corners=((0, 0), (2, 0), (0, 2), (2, 2)),
    outer=((0, -1), (1, -1), (3, 0), (3, 1), (1, 3), (2, 3), (-1, 1), (-1, 2)),
    coast=((0, -1), (1, -1), (2, 0), (3, 0), (3, 1), (2, 2), (2, 3), (1, 3), (0, 2), (-1, 2), (-1, 1),
           (0, 0)),
)


def ruleset() -> Ruleset:
    cards: dict[str, MapCard] = {}
    for i in range(6):
        track = TempleTrack(f"temple-{i}", f"Temple {i}", ((TORCH,), (SCROLL,), (TORCH, SCROLL)),
                            LEGENDARIES[i % 3])
        cards[f"t{i}"] = MapCard(f"t{i}", f"Temple card {i}", Region(LEFT, TEMPLE, 2, temple=track),
                                 Region(RIGHT, OBELISK, None, spell_level=2 + i))
    for i in range(7):
        ability = (Ability(ENTERED, (Step(ADD_TORCH, 1, HERO_ON_TEMPLE),)),) if i == 0 else ()
        cards[f"g{i}"] = MapCard(f"g{i}", f"Grotto card {i}", Region(LEFT, GROTTO, None, name=f"Grotto {i}",
                                                                     ability=ability),
                                 Region(RIGHT, PORTAL, 1))
    castles = {c: MapCard(f"{c}-castle", f"{c} castle", Region(LEFT, CASTLE, None, owner=c),
                          Region(RIGHT, OBELISK, None, spell_level=1), castle=c) for c in COLOURS}
    multi = (LevelEffect(1, 1, 0, 0), LevelEffect(1, 1, 0, 1), LevelEffect(2, 0, 0, 2),
             LevelEffect(3, 0, 1, 3))
    solo = (LevelEffect(1, 1, 0, 0), LevelEffect(1, 1, 0, 1), LevelEffect(1, 0, 0, 2),
            LevelEffect(2, 0, 1, 3))
    treasures = {f"item-{i}": TreasureItem(f"item-{i}", f"Item {i}") for i in range(12)}
    quests: dict[str, MovementQuest | TreasureQuest] = {}
    for i in range(12):
        quests[f"mq-{i}"] = MovementQuest(f"mq-{i}", f"Movement {i}",
                                          Condition(ON_FEATURES, 2, (TEMPLE, OBELISK) if i % 2 else (PORTAL,
                                                                                                 GROTTO)))
        quests[f"tq-{i}"] = TreasureQuest(f"tq-{i}", f"Treasure {i}", f"temple-{i % 6}", f"item-{i}")
    ladder = Ladder((1, 2, 3, 4, 5), (1, 3, 6, 10, 15))
    return Ruleset(
        map_cards=cards, castles=castles, layout=LAYOUT,
        movement=tuple(MovementCard(m, m.title(), m) for m in ("horse", "raft", "gryphon", "ship", "foot")),
        dice=tuple(Die(f"die-{i}", FACES) for i in range(5)),
        magic=MagicCard((0, 1, 2, 3), {"multi": multi, "solo": solo}, (1, 2, 3, 4, 5, 6, 7)),
        treasures=treasures,
        legendaries={k: LegendaryItem(k, k.title(), k) for k in LEGENDARIES},
        quests=quests, goblins=Goblins(),
        scoring=Scoring({SPELLS: Ladder((3, 4, 5, 6, 7), (1, 3, 6, 10, 15)),
                         QUESTS: Ladder((2, 3, 4, 5, 6), (1, 3, 6, 10, 15)), GOBLINS: ladder}),
        source={"game": "teq"},
    )

