"""Generate: Tiny Epic Quest's card templates: the print-and-play pieces of a resolved stack as the shared
card sheet's data (``rulecraft.compiler.docgen.cards``).

Cards of the sheet's size: the map cards, castles too (both regions with their feature, capacity, a
temple's track; the road and river as the data gives them: Q3, Q4), the quest deck (a movement quest's
position and reward, a treasure quest's temple and item: Q12, Q13), the treasure items (Q25), each
player's Sword, Shield and Staff with their linked temples (Q26, Q27), the movement cards (Q5), each
player's adventure card (Adventure and Rest: Q14, Q21) and the scoring card (Q29, Q30). Items that are not
cards carry their own ``Size``: the tokens (goblins with their passive and active sides, Q23; the heroes,
Q1; the first-player token's Q and crossed-Q sides, Q12), and at mat size each
player's mat (tracks Q24, legendary tracks Q26, item hands Q25) and the magic card (its 2-4 player and
solo sides, Q18, Q32). Every ability's English is the effect compiler's (``teq.cardtext``); a designed
value (Q35) is named in ``Face.designed``, so the sheet marks it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from rulecraft.compiler.docgen.cards.model import (
    GREY,
    WHOLLY_DESIGNED,
    Back,
    Card,
    CardTemplates,
    Emblem,
    Face,
    Size,
    Stat,
)
from rulecraft.compiler.docgen.markdown import designed
from rulecraft.compiler.effects.vocabulary import Vocabulary
from rulecraft.compiler.resolve import Stack
from rulecraft.plugins.teq import model as M
from rulecraft.plugins.teq.build import compile_ability, steps
from rulecraft.plugins.teq.cardart import (
    GoblinArt,
    LegendaryTrack,
    MapArt,
    MatArt,
    Piece,
    Reach,
    RegionArt,
    Table,
    Track,
)
from rulecraft.plugins.teq.cardicons import ICONS
from rulecraft.plugins.teq.cardtext import ability_text, quest_text, region_text
from rulecraft.plugins.teq.vocabulary import GROTTO
from rulecraft.plugins.wiring import stack_words

MAT = Size("mat", 180.0, 120.0)    # two to an A4 or Letter page: the player mats and the magic card
TOKEN = Size("token", 36.0, 36.0)   # 35 to an A4 or Letter page
CASTLE_COLOURS = {"red": "#b5283a", "blue": "#2463a6", "yellow": "#d9a21b", "green": "#2a7f4f",
                  "purple": "#6d4c9a", "orange": "#c8621e", "black": "#3b3b3b", "white": "#8c8c8c"}
CARD_COLOURS = {M.CASTLE: "#7a5c3e", M.TEMPLE: "#a0772b", M.GROTTO: "#4f6d5a"}   # by its main feature
QUEST = {"movement": "#2f5d8a", "treasure": "#8a4f2f"}
TREASURE, MOVEMENT, GOBLIN, MAGIC, SCORING = "#7d5a1e", "#3d6b73", "#3f7d3a", "#4b3f8f", "#3d405b"
ACTIVE = "#a3312a"
BACKS = {"map": Back("Map card", "Tiny Epic Quest", "#5c4a36", "map"),
         "quest": Back("Quest", "Quest deck", "#2b3a55", "quest"),
         "treasure": Back("Treasure item", "Treasure", "#5e4416", "treasure"),
         "movement": Back("Movement card", "Movement", "#2c4f55", "horse")}
FEATURE_WORDS = {M.CASTLE: "Castle", M.TEMPLE: "Temple", M.OBELISK: "Obelisk", M.GROTTO: "Grotto",
                 M.PORTAL: "Portal"}
# What each movement method does (Q5): the engine's five methods, in the card's words.
METHOD_TEXT = {
    M.HORSE: "Move one hero to any card in its row, along an unbroken run of cards with roads.",
    M.RAFT: "Move one hero to any card in its column, along an unbroken run of cards with rivers.",
    M.GRYPHON: "Move one hero to any card on either diagonal through its card, along an unbroken run.",
    M.SHIP: "From a coastal card, move one hero to any other coastal card, either way round the coast.",
    M.FOOT: "Move one hero to any of the up to 8 cards touching its card at a side or a corner.",
}
# The legendary abilities (Q27, published): engine rules, each with its power cost from the data.
LEGENDARY_TEXT = {
    M.SWORD: "While its hero is at a portal, pay {cost} power for each extra 1 damage to that goblin, any "
             "number of times, in any use step.",
    M.SHIELD: "Whichever hero holds it, preventing a hit costs you {cost} power instead of {prevent}.",
    M.STAFF: "When its hero rests on an obelisk, pay {cost} power for each extra magic space to count in "
             "its spell check; the token stays.",
}
# The icon of an effect step (its verb, or the modifier an ADD step adds to; a move: its method).
STEP_ICONS = {M.ADD_TORCH: "torch", M.ADD_SCROLL: "scroll", M.GOBLIN_DAMAGE: "attack", M.PREVENT: "shield",
              M.GAIN_HEALTH: "health", M.GAIN_POWER: "power", M.ADVANCE: "temple",
              M.MAX_HEALTH: "health", M.MAX_POWER: "power", M.STEALTH: "goblin", M.WARDING: "shield"}


def _words(value: object) -> str:
    return str(value).replace("-", " ").replace("_", " ")


def _marks(data: Mapping[str, Any], labels: Mapping[str, str]) -> tuple[str, ...]:
    """The designed fields of ``data`` in words, in card order (WHOLLY_DESIGNED: the whole entity)."""
    if data.get("designed") is True:
        return WHOLLY_DESIGNED
    return tuple(dict.fromkeys(label for field, label in labels.items() if designed(dict(data), field)))


def _colour(word: str) -> str:
    return CASTLE_COLOURS.get(word, GREY)


def _players(n: int) -> str:
    return f"{n} player{'s' if n != 1 else ''}"


class Pack:
    """What several templates read: the stack's words, rules, castles (the players' colours), temples and
    items by id."""

    def __init__(self, stack: Stack) -> None:
        self.stack = stack
        self.words: Vocabulary = stack_words(stack)
        self.rules: dict[str, Any] = dict(stack.rules.data) if stack.rules else {}
        self.maps = list(stack.of_kind("map-cards"))
        self.colours = [str(e.data["castle"]) for e in self.maps if e.data.get("castle")]
        self.temples = {r["temple"]: r for e in self.maps for r in (e.data["left"], e.data["right"])
                        if r.get("feature") == M.TEMPLE}
        self.items = {e.id: e for e in stack.of_kind("treasure-items")}

    def capacity(self, region: Mapping[str, Any], castle: str | None) -> str:
        """Who may stand in a region (Q4): its own capacity, else the rules' for its feature; a castle its
        owner only."""
        if region["feature"] == M.CASTLE:
            return f"{_words(castle or '').title()} only"
        n = region.get("capacity", (self.rules.get("capacity") or {}).get(region["feature"]))
        return "any number" if n is None else _players(int(n))

    def linked(self, legendary: str) -> list[str]:
        return [str(t["name"]) for t in self.temples.values() if t.get("legendary") == legendary]


# --- cards ----------------------------------------------------------------------------------------


def _region_art(pack: Pack, region: Mapping[str, Any], castle: str | None) -> RegionArt:
    feature = region["feature"]
    label = {M.CASTLE: f"{_words(castle or '').title()} castle",
             M.OBELISK: f"Obelisk: spell {region.get('spell_level', '-')}",
             M.PORTAL: "Goblin portal"}.get(feature, str(region.get("name", FEATURE_WORDS[feature])))
    track = tuple(tuple(space) for space in region.get("track", ())) if feature == M.TEMPLE else ()
    effects = _ability_icons(region.get("ability"), pack.words, GROTTO) if feature == M.GROTTO else ()
    return RegionArt(feature, label, pack.capacity(region, castle), track, effects)


def map_cards(pack: Pack) -> Iterator[Card]:
    for entity in pack.maps:
        data = entity.data
        castle = data.get("castle")
        left, right = data["left"], data["right"]
        features = [left["feature"], right["feature"]]
        main = next((f for f in features if f in CARD_COLOURS), features[0])
        colour = _colour(castle) if castle else CARD_COLOURS.get(main, GREY)
        lines = [f"{side.title()} - {region_text(data[side], pack.words)}" for side in (M.LEFT, M.RIGHT)]
        lines += [f"No {what} across this card." for what in ("road", "river") if data.get(what) is False]
        art = MapArt(_region_art(pack, left, castle), _region_art(pack, right, castle),
                     data.get("road", True) is not False, data.get("river", True) is not False)
        band = ("Castle card" if castle
                else f"Map card - {FEATURE_WORDS[features[0]]} and {FEATURE_WORDS[features[1]]}")
        face = Face("map-card", band, data["name"], text="\n".join(lines), colour=colour, art=art,
                    designed=_marks(data, {"name": "name", "castle": "colour", "left": "left region",
                                           "right": "right region", "road": "road", "river": "river"}),
                    entity=entity, title_path=("name",))
        yield Card(face, BACKS["map"])


def quest_cards(pack: Pack) -> Iterator[Card]:
    temple_names = {t: str(r["name"]) for t, r in pack.temples.items()}
    item_names = {i: str(e.data["name"]) for i, e in pack.items.items()}
    for entity in pack.stack.of_kind("quests"):
        data = entity.data
        text = quest_text(data, pack.words, temple_names, item_names)
        if data["type"] == "treasure":
            item = pack.items.get(data["item"])
            if item is not None:
                held = item.data
                words = ability_text(held.get("ability"), "treasure", pack.words, held.get("text"))
                text += f"\n{held['name']}: {words}"
            icons = () if item is None else _ability_icons(item.data.get("ability"), pack.words)
            art = Emblem(("temple", *(icons[:2] or ("treasure",))))
            caption = temple_names.get(data["temple"], _words(data["temple"]))
            path: tuple = ("temple",)
        else:
            condition = data["condition"]
            icons = {M.ON_FEATURES: tuple(condition.get("features", ())),
                     M.IN_LINE: ("hero",) * int(condition.get("count", 2)),
                     M.ON_COAST: ("ship",) + ("hero",) * int(condition.get("count", 2)),
                     M.ON_ONE_CARD: ("hero",) * int(condition.get("count", 2))}[condition["form"]]
            art, caption, path = Emblem(icons), "Needs the Q token (Q12)", ("ability",)
        face = Face("quest", f"{data['type'].title()} quest", data["name"], text=text,
                    colour=QUEST.get(data["type"], GREY), art=art, caption=caption,
                    designed=_marks(data, {"name": "name", "condition": "position", "ability": "reward",
                                           "temple": "temple", "item": "item"}),
                    entity=entity, text_path=path, title_path=("name",))
        yield Card(face, BACKS["quest"])


def _ability_icons(source: Any, words: Vocabulary, kind: str = "treasure") -> tuple[str, ...]:
    """The icons of what an ability does, from its compiled steps (a move: its method's): an item's emblem,
    a grotto's marks; none for an ability the checks have refused."""
    if not isinstance(source, str):
        return ()
    compiled = compile_ability(source, kind, words)
    try:
        found = [step.method or STEP_ICONS.get(step.modifier or step.verb, "")
                 for ability in steps(compiled) for step in ability.steps] if compiled.ok else []
    except ValueError:      # a construct the engine does not play: `rulecraft check` has said so
        return ()
    return tuple(dict.fromkeys(icon for icon in found if icon))


def treasure_cards(pack: Pack) -> Iterator[Card]:
    for entity in pack.items.values():
        data = entity.data
        face = Face("treasure", "Treasure item", data["name"],
                    text=ability_text(data.get("ability"), "treasure", pack.words, data.get("text")),
                    colour=TREASURE,
                    art=Emblem(_ability_icons(data.get("ability"), pack.words) or ("treasure",)),
                    caption="Works only while a hero holds it (Q25)",
                    designed=_marks(data, {"name": "name", "ability": "ability"}),
                    entity=entity, text_path=("text" if data.get("text") else "ability",),
                    title_path=("name",))
        yield Card(face, BACKS["treasure"])


def legendary_cards(pack: Pack) -> Iterator[Card]:
    """One Sword, Shield and Staff for each player's colour (Q1)."""
    prevent = pack.rules.get("prevent_cost", 2)
    for colour in pack.colours:
        back = Back("Legendary item", f"{_words(colour).title()} legendary", _colour(colour), "sword")
        for entity in pack.stack.of_kind("legendary-items"):
            data = entity.data
            ability = str(data["ability"])
            temples = pack.linked(entity.id)
            text = LEGENDARY_TEXT.get(ability, "").format(cost=data.get("cost", 1), prevent=prevent)
            text += (f"\nMoves one space when you complete the {' or the '.join(temples) or 'no temple'}; "
                     f"found on its last space (Q26).")
            stats = (Stat("Track", str(data.get("spaces", 3)), ability, designed(dict(data), "spaces")),
                     Stat("VP", str(data.get("vp", 4)), "quest", designed(dict(data), "vp")))
            face = Face("legendary", f"Legendary item - {_words(colour).title()}", data["name"], stats, text,
                        _colour(colour), Emblem((ability,)),
                        designed=_marks(data, {"spaces": "track length", "cost": "cost", "vp": "VP"}),
                        entity=entity, title_path=("name",))
            yield Card(face, back)


def movement_cards(pack: Pack) -> Iterator[Card]:
    layout = next(iter(pack.stack.of_kind("layouts")), None)
    slots: tuple = ()
    coast: tuple = ()
    if layout is not None:
        slots = tuple(tuple(p) for key in ("centre", "corners", "outer") for p in layout.data.get(key, ()))
        coast = tuple(tuple(p) for p in layout.data.get("coast", ()))
    for entity in pack.stack.of_kind("movement-cards"):
        data = entity.data
        method = str(data["method"])
        art = Reach(method, slots, coast) if method == M.SHIP else Reach(method)
        face = Face("movement", "Movement card", data["name"], text=METHOD_TEXT.get(method, ""),
                    colour=MOVEMENT, art=art, designed=_marks(data, {"name": "name", "method": "method"}),
                    entity=entity, title_path=("name",))
        yield Card(face, BACKS["movement"])


def adventure_cards(pack: Pack) -> Iterator[Card]:
    """Each player's adventure card: Adventure up at night's start (Q14), Rest once it rests (Q21, Q22)."""
    gain = pack.rules.get("gain_on_return", 1)
    for colour in pack.colours:
        name, hex_colour = _words(colour).title(), _colour(colour)
        band = f"Adventure card - {name}"
        adventure = Face("adventure", band, "Adventure", colour=hex_colour,
                         art=Emblem(("damage", "power", "magic")),
                         text="Holding the dice: roll all five, or rest (Q14). While you adventure you take "
                              "hits and gain power from every roll, and use its torches, scrolls and attacks "
                              "(Q16-Q19).")
        rest = Face("adventure", band, "Rest", colour=_darker(hex_colour),
                    art=Emblem(("castle", "obelisk", "temple")),
                    text=f"Resolve your heroes one at a time: from a portal, an obelisk or a temple's last "
                         f"space each returns to your castle for {gain} health or {gain} power; an obelisk "
                         "first teaches its spell, a last space completes its temple (Q21).")
        yield Card(adventure, rest)


def _darker(hex_colour: str) -> str:
    """The Rest side's colour: the player's, darkened."""
    value = hex_colour.lstrip("#")
    r, g, b = (int(value[i:i + 2], 16) * 3 // 5 for i in (0, 2, 4))
    return f"#{r:02x}{g:02x}{b:02x}"


def scoring_card(pack: Pack) -> Iterator[Card]:
    """The scoring matrix (Q29): a row per ladder, a column per step; the tie-break chain (Q30)."""
    icons = {M.SPELLS: "magic", M.QUESTS: "quest", M.GOBLINS: "goblin"}
    for entity in pack.stack.of_kind("scoring"):
        data = entity.data
        ladders = data.get("ladders", {})
        width = max((len(ladder.get("vp", ())) for ladder in ladders.values()), default=0)
        vps = {tuple(ladder["vp"]) for ladder in ladders.values()}
        shared = next(iter(vps)) if len(vps) == 1 else None     # one VP row for every ladder (Q29's)
        header = (tuple(f"{vp} VP" for vp in shared) if shared
                  else tuple(f"step {i + 1}" for i in range(width)))
        rows = tuple((icons.get(name, "quest"), _words(name).title(),
                      tuple(str(step) if shared else f"{step}: {vp}"
                            for step, vp in zip(ladder["steps"], ladder["vp"], strict=True)))
                     for name, ladder in ladders.items())
        ties = ", then ".join(_words(t) for t in data.get("tie_break", ()))
        text = (f"A category scores the VP of the highest step its count reaches. "
                f"+{data.get('legendary_vp', 4)} VP per found legendary item. Ties: most {ties}; then a "
                "shared victory (Q30).")
        face = Face("scoring", "Reference", data.get("name", "Scoring"), text=text, colour=SCORING,
                    art=Table(header, rows, lead=0.4), designed=_marks(data, {"ladders": "ladders"}),
                    entity=entity, title_path=("name",))
        yield Card(face, Back("Reference", "Scoring", SCORING, "quest"))


# --- tokens and mats ------------------------------------------------------------------------------


def goblin_tokens(pack: Pack) -> Iterator[Card]:
    """As many tokens as the supply (Q23), passive on the front and active on the back."""
    for entity in pack.stack.of_kind("goblins"):
        data = entity.data
        sides = [Face("goblin", f"{side.title()} - health {data[f'{side}_health']}", data["name"],
                      colour=colour, art=GoblinArt(int(data[f"{side}_health"])), entity=entity,
                      title_path=("name",))
                 for side, colour in ((M.PASSIVE, GOBLIN), (M.ACTIVE, ACTIVE))]
        yield from [Card(sides[0], sides[1], TOKEN)] * int(data.get("supply", 1))


def hero_tokens(pack: Pack) -> Iterator[Card]:
    """Each player's heroes (Q1), in its colour on both sides."""
    for colour in pack.colours:
        name = _words(colour).title()
        side = Face("hero", f"Hero - {name}", f"{name} hero", colour=_colour(colour), art=Piece("hero"))
        yield from [Card(side, side, TOKEN)] * int(pack.rules.get("heroes", 3))


def first_player_token(pack: Pack) -> Iterator[Card]:
    """The first-player token: its Q side, and the crossed-Q side it turns to once a movement quest is
    taken (Q12); it passes clockwise, Q side up, at round resolution (Q28)."""
    open_side = Face("first-player", "First player", "Quest open", colour=SCORING, art=Piece("quest"))
    taken = Face("first-player", "First player", "Quest taken", colour=ACTIVE, art=Piece("no-quest"))
    yield Card(open_side, taken, TOKEN)


def _labels(start: int, marks: tuple[tuple[int, str], ...]) -> tuple[tuple[int, str], ...]:
    """The words under a track's spaces: its start, then each mark, joined where they share a space."""
    under: dict[int, list[str]] = {start: ["start"]}
    for value, words in marks:
        under.setdefault(value, []).append(words)
    return tuple((value, ", ".join(words)) for value, words in under.items())


def _tracks(pack: Pack) -> tuple[Track, ...]:
    """Health, power (Q1, Q24) and spell level (the library's range, Q35), with where the maxima start."""
    rules = pack.rules
    top, per = int(rules.get("track_top", 10)), int(rules.get("spell_levels_per_power", 2))
    magic = next(iter(pack.stack.of_kind("magic")), None)
    spells = max((int(n) for n in (magic.data.get("library", ()) if magic else ())), default=0)
    return tuple(Track(label, icon, end, start, _labels(start, marks)) for label, icon, end, start, marks in (
        ("Health", "health", top, int(rules.get("start_health", 6)),
         ((int(rules.get("base_max_health", 6)), "max"), (top, "top"))),
        ("Power", "power", top, int(rules.get("start_power", 3)),
         ((int(rules.get("base_max_power", 3)), "max"), (top, "top"))),
        ("Spell level", "magic", spells, 0, tuple((n, "+1 max power") for n in range(per, spells + 1, per)))))


def player_mats(pack: Pack) -> Iterator[Card]:
    """A mat per player's colour: its tracks (Q24), legendary tracks (Q26), heroes' hands (Q25)."""
    rules, legendary = pack.rules, list(pack.stack.of_kind("legendary-items"))
    legendaries = tuple(LegendaryTrack(e.data["name"], str(e.data["ability"]), int(e.data.get("spaces", 3)),
                                       "Linked: " + (", ".join(pack.linked(e.id)) or "no temple"),
                                       f"{e.data.get('vp', 4)} VP") for e in legendary)
    goblins = next(iter(pack.stack.of_kind("goblins")), None)
    bonus = goblins.data.get("max_health_bonus", 1) if goblins else 1
    text = (f"Maximum health {rules.get('base_max_health', 6)}, +{bonus} per goblin defeated; maximum power "
            f"{rules.get('base_max_power', 3)}, +1 per {rules.get('spell_levels_per_power', 2)} spell "
            "levels; "
            f"both tracks stop at {rules.get('track_top', 10)} (Q24). Exhausted (Q22): health "
            f"{rules.get('exhaustion_health', 6)}, power {rules.get('exhaustion_power', 3)}, "
            f"-{rules.get('exhaustion_spell_loss', 1)} spell level.")
    marks = _marks(rules, {"track_top": "track top", "spell_levels_per_power": "max power steps"})
    marks += ("legendary track length",) if any(designed(dict(e.data), "spaces") for e in legendary) else ()
    art = MatArt(_tracks(pack), legendaries, int(rules.get("heroes", 3)), int(rules.get("items_per_hero", 2)))
    for colour in pack.colours:
        name = _words(colour).title()
        face = Face("mat", f"Player mat - {name}", f"{name} heroes", text=text, colour=_colour(colour),
                    art=art, designed=marks, entity=pack.stack.rules)    # its text is the rules' numbers
        yield Card(face, Back("Player mat", name, _colour(colour), "hero"), MAT)


Row = tuple[str, str, tuple[str, ...]]     # a Table row: icon, label, a value per column


def _level_rows(effects: list[dict[str, Any]], track: list[int]) -> tuple[Row, ...]:
    """What each face does at each space's level, on one side of the magic card (Q18, Q32)."""
    def at(level: int, field: str, show: str) -> str:
        value = effects[level][field] if level < len(effects) else 0
        return show.format(value) if value else "-"
    return (("damage", "Damage face", tuple(at(level, "damage", "{} dmg") for level in track)),
            ("power", "Power face", tuple(at(level, "power", "+{}") for level in track)),
            ("magic", "Magic face", tuple(at(level, "magic_damage", "{} dmg") for level in track)),
            ("scroll", "Learn spells", tuple(at(level, "spell_reach", "up to +{}") for level in track)))


def magic_card(pack: Pack) -> Iterator[Card]:
    """The magic card's two sides, 2-4 players (Q18) and solo (Q32), a column per space of its track."""
    for entity in pack.stack.of_kind("magic"):
        data = entity.data
        track = [int(level) for level in data.get("track", ())]
        overflow = data.get("overflow_damage", 1)
        start = "The token starts each night on the shaded space"
        faces = []
        for side, title, rule in ((M.MULTI, "2-4 players", "Q18"), (M.SOLO, "Solo", "Q32")):
            text = (f"Each magic face moves the token one space on; on the last space it is a "
                    f"{overflow}-damage hit instead. The damage and power steps use the level from "
                    f"before the magic step ({rule}).")
            labels = {"track": "track spaces", **({M.SOLO: "solo side"} if side == M.SOLO else {})}
            art = Table(tuple(f"level {level}" for level in track), _level_rows(data.get(side, []), track), 0)
            faces.append(Face("magic", f"Magic card - {title} side", f"Magic track: {title}", text=text,
                              colour=MAGIC, art=art, designed=_marks(data, labels), entity=entity,
                              title_path=("name",), caption=start))
        yield Card(faces[0], faces[1], MAT)


def cards(stack: Stack) -> list[Card]:
    """Every piece of the stack, in print order: the cards, then the tokens, then the mats."""
    pack = Pack(stack)
    return [*map_cards(pack), *quest_cards(pack), *treasure_cards(pack), *legendary_cards(pack),
            *movement_cards(pack), *adventure_cards(pack), *scoring_card(pack), *goblin_tokens(pack),
            *hero_tokens(pack), *first_player_token(pack), *player_mats(pack), *magic_card(pack)]


TEMPLATES = CardTemplates(cards, ICONS)   # the game's `card_templates` member
