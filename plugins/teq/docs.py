"""Generate: what Tiny Epic Quest brings to the rules site (the module its ``docs_pages`` member names).

Its hand-written site (``SITE``: the rulebook in our words, under ``plugins/teq/site/``), the schema of its
rule scenarios, the rulebook's value markers (``{{ rules.rounds }}``, ``{{ goblins.active_health }}``) and
the reference pages generated from the stack: the map (the layout's slots and coast ring, drawn as SVG by
``layoutsvg``; every map card's two regions with roads and rivers; the temples and what they link), the
quest deck, the treasure and legendary items, the goblins, the dice and movement cards, the magic card
with both sides, the scoring ladders and the rule parameters. Ability and quest text is the English the
printed cards carry (``cardtext``); every designed value carries the Q35 dagger.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulecraft.compiler.docgen import markdown, values
from rulecraft.compiler.docgen.markdown import code, designed_mark, esc, rule_values, with_source
from rulecraft.compiler.docgen.reference import ReferenceStyle
from rulecraft.compiler.docgen.rulings import link
from rulecraft.compiler.docgen.values import UnknownValue
from rulecraft.compiler.effects.vocabulary import Vocabulary
from rulecraft.compiler.resolve import Entity, Stack
from rulecraft.compiler.validate import load_schema
from rulecraft.plugins.teq import model as M
from rulecraft.plugins.teq.cardtext import FEATURE_NAMES, ability_text, condition_text, track_text
from rulecraft.plugins.teq.game import GAME
from rulecraft.plugins.teq.layoutsvg import layout_svg
from rulecraft.plugins.teq.scenarios import SCHEMA as SCENARIO_SCHEMA
from rulecraft.plugins.teq.vocabulary import GROTTO, QUEST, TREASURE
from rulecraft.plugins.wiring import stack_words

SITE = "rulecraft.plugins.teq.site"
DAGGER = designed_mark("Q35")
LEGEND = (f"Values marked {DAGGER} are **designed**: the overview gives no component data, so the pack "
          f"designed them ({link('Q35')}); a dagger after a name alone marks an entry designed as a whole. "
          "If the printed game says otherwise, change the YAML: this page, the printed cards and the engine "
          "follow.")
ABILITY_NOTE = ("Ability text is **generated** from the effect the engine plays; under it, in `code` style, "
                "is that effect's source in the pack (the effect DSL).")
ENTITY_KINDS = {"map-cards": GROTTO, "treasure-items": TREASURE, "quests": QUEST}   # whose ability it is


def _ability_text(kind: str, data: Mapping[str, Any], vocabulary: Vocabulary) -> str:
    return ability_text(data.get("ability"), ENTITY_KINDS[kind], vocabulary, data.get("text"))


# a wholly designed entry (`designed: true`) has one dagger, after its name
STYLE = ReferenceStyle(GAME.kinds, GAME.rulings, DAGGER, LEGEND, ABILITY_NOTE, _ability_text, whole="name")
mark, cell = STYLE.mark, STYLE.cell

METHODS = {  # Q5, in our words: where a card sends one hero
    M.HORSE: "to any card of the same row, along an unbroken run of cards with roads",
    M.RAFT: "to any card of the same column, along an unbroken run of cards with rivers",
    M.GRYPHON: "to any card on a diagonal through the hero's card, along an unbroken diagonal run",
    M.SHIP: "from a coastal card to any other coastal card, either way round the coast ring",
    M.FOOT: "to any of the up to eight cards touching the hero's card at a side or a corner",
}
LEGENDARY = {  # Q27, in our words, with the item's power cost
    M.SWORD: "While its hero attacks a goblin, its player may pay {cost} power per extra damage to that "
             "goblin, as often as it likes, in any use step.",
    M.SHIELD: "Whichever hero holds it, its player prevents a hit for {cost} power instead of the usual "
              "price.",
    M.STAFF: "When its hero rests on an obelisk, its player may pay {cost} power per extra magic space to "
             "count in that hero's spell check; the magic token does not move.",
}
TIE_BREAKS = {"quests": "most quests completed", "goblins": "most goblins defeated",
              "spell-level": "highest spell level", "items": "most items (treasure and found legendary)"}
SIDE_NAMES = {"multi": "The 2 to 4 player side", "solo": "The solo side"}
SIDE_RULINGS = {"multi": "Q18", "solo": "Q32"}


def first(stack: Stack, kind: str) -> Entity | None:
    """The one entity of a single-entity kind (the magic card, the goblins, the scoring), or None."""
    found = stack.of_kind(kind)
    return found[0] if found else None


def _name(entity: Entity) -> str:
    return f"**{esc(entity.data.get('name', entity.id))}**{mark(entity.data, 'name')}"


def _described(kind: str) -> str:
    return str(load_schema(GAME.kinds[kind])["description"])


def capacity(region: Mapping[str, Any], rules: Mapping[str, Any]) -> str:
    """Who may stand in a region (Q4): its owner alone for a castle, else its own or the feature's limit."""
    if region.get("feature") == M.CASTLE:
        return "its owner only"
    limit = region.get("capacity", rules.get("capacity", {}).get(region.get("feature")))
    if limit is None:
        return "any number of players"
    return f"{limit} player{'' if limit == 1 else 's'}"


def region_cell(region: Mapping[str, Any], rules: Mapping[str, Any], words: Vocabulary, dagger: str) -> str:
    """One half of a map card: its feature (``dagger`` after it when designed) and what it carries (Q3),
    who may stand there (Q4)."""
    feature = region.get("feature", "")
    head = f"**{esc(FEATURE_NAMES.get(feature, feature)).capitalize()}**{dagger}"
    if feature == M.TEMPLE:
        body = (f"[{esc(region.get('name', region.get('temple', '')))}](#{region.get('temple', '')}): "
                f"{esc(track_text(region.get('track', ())))}")
    elif feature == M.OBELISK:
        body = f"spell level {esc(region.get('spell_level', '—'))}"
    elif feature == M.GROTTO:
        body = f"{esc(region.get('name', ''))}: {STYLE.ability('map-cards', dict(region), words)}"
    else:
        body = ""
    return f"{head}{' — ' + body if body else ''}<br><small>{esc(capacity(region, rules))}</small>"


def _yes(data: Mapping[str, Any], field: str) -> str:
    return ("yes" if data.get(field, True) else "no") + mark(dict(data), field)


def layout_file(layout: Entity) -> str:
    """Where a layout's picture is, from the map page (``reference/``)."""
    return f"layouts/{layout.id}.svg"


def layout_lines(stack: Stack) -> list[str]:
    """The layouts: each slot of Q2 in deal order, and the coast ring of Q6 clockwise."""
    lines: list[str] = []
    for layout in stack.of_kind("layouts"):
        data = layout.data
        coast = [tuple(p) for p in data.get("coast", ())]
        rows = []
        for group, what in (("centre", "centre cross: regular card {n}"), ("corners", "corner: castle {n}"),
                            ("outer", "outer: regular card {n}")):
            offset = len(data.get("centre", ())) if group == "outer" else 0
            for n, pos in enumerate(data.get(group, ()), start=1):
                where = tuple(pos)
                ring = f"{coast.index(where) + 1}" if where in coast else "inland"
                rows.append([code(f"({where[0]}, {where[1]})"), esc(what.format(n=n + offset)), ring])
        lines += [f"### {esc(data.get('name', layout.id))}{mark(data, 'name')} {{ #{layout.id} }}", "",
                  f"![{esc(data.get('name', layout.id))}]({layout_file(layout)})", "",
                  f"Positions are (x, y), x growing to the right and y downward ({link('Q2')}). The "
                  f"coast column gives a card's place on the coast ring, clockwise ({link('Q6')}); an "
                  "inland card cannot take a Ship.", ""]
        lines += markdown.table(["position", "what goes there", "coast ring"], rows)
    return lines or ["This stack has no layout.", ""]


def map_page(stack: Stack) -> str:
    """The map: the layout, then every map card's two regions, road and river, then the temples."""
    words, rules = stack_words(stack), rule_values(stack)
    lines = STYLE.head("The map", _described("map-cards") + " At setup they are laid on the layout's slots "
                       "(Q2); each region says who may stand in it (Q4).")
    lines += ["## Layout", "", *layout_lines(stack), "## Map cards", ""]
    cards = stack.of_kind("map-cards")
    rows = [[_name(e) + (f"<br><small>{esc(e.data['castle'])} castle</small>" if "castle" in e.data else ""),
             region_cell(e.data.get(M.LEFT, {}), rules, words, mark(e.data, M.LEFT)),
             region_cell(e.data.get(M.RIGHT, {}), rules, words, mark(e.data, M.RIGHT)),
             _yes(e.data, "road"), _yes(e.data, "river")] for e in cards]
    lines += with_source(stack, ["card", "left", "right", "road", "river"], rows, cards) if cards \
        else ["This stack has no map cards.", ""]
    lines += ["## Temples", "",
              f"A temple's track runs from its entrance over the spaces below, the last being the temple "
              f"itself; a hero steps on when one use step gives it what the next space shows "
              f"({link('Q20')}). Completing it advances the linked legendary item ({link('Q26')}).", ""]
    quests = stack.of_kind("quests")
    temple_rows = []
    for entity in cards:
        for side in M.SIDES:
            region = entity.data.get(side, {})
            if region.get("feature") != M.TEMPLE:
                continue
            temple, item = region.get("temple"), str(region.get("legendary", ""))
            naming = [esc(q.data.get("name", q.id)) for q in quests if q.data.get("temple") == temple]
            temple_rows.append([f"<a id=\"{esc(temple)}\"></a>**{esc(region.get('name', ''))}**",
                                esc(entity.data.get("name", entity.id)),
                                esc(track_text(region.get("track", ()))) + mark(entity.data, side),
                                f"[{esc(item.title())}](items.md#{item})", ", ".join(naming) or "—"])
    lines += markdown.table(["temple", "card", "track", "advances", "treasure quests"], temple_rows) \
        if temple_rows else ["This stack has no temple.", ""]
    return "\n".join(lines) + "\n"


def quests_page(stack: Stack) -> str:
    """The quest deck (Q11-Q13): movement quests with their positions and rewards, treasure quests."""
    words = stack_words(stack)
    temples = {r["temple"]: r.get("name", r["temple"]) for e in stack.of_kind("map-cards")
               for r in (e.data.get(s, {}) for s in M.SIDES) if r.get("feature") == M.TEMPLE}
    items = {e.id: e.data.get("name", e.id) for e in stack.of_kind("treasure-items")}
    quests = stack.of_kind("quests")
    lines = STYLE.head("Quests", _described("quests") + " Three lie face up in the row (Q11); a movement "
                       "quest is taken right after a move that makes its position hold with the moved "
                       "hero part of it (Q12), a treasure quest by completing its temple (Q13).")
    movement = [e for e in quests if e.data.get("type") == "movement"]
    treasure = [e for e in quests if e.data.get("type") == "treasure"]
    lines += ["## Movement quests", "",
              "A hero in a castle never counts toward a position (a castle is no feature, no coast and no "
              f"card of a line for a quest; {link('Q12')}).", ""]
    rows = [[_name(e), esc(condition_text(e.data["condition"])) + mark(e.data, "condition"),
             STYLE.ability("quests", e.data, words)] for e in movement]
    lines += with_source(stack, ["quest", "position", "reward"], rows, movement) if movement \
        else ["This stack has no movement quest.", ""]
    lines += ["## Treasure quests", ""]
    rows = []
    for e in treasure:
        temple, item = str(e.data.get("temple", "")), str(e.data.get("item", ""))
        rows.append([_name(e),
                     f"[{esc(temples.get(temple, temple))}](map.md#{temple}){mark(e.data, 'temple')}",
                     f"[{esc(items.get(item, item))}](items.md#{item}){mark(e.data, 'item')}"])
    lines += with_source(stack, ["quest", "temple", "item"], rows, treasure) if treasure \
        else ["This stack has no treasure quest.", ""]
    return "\n".join(lines) + "\n"


def items_page(stack: Stack) -> str:
    """The treasure items (Q25) with their abilities, and the legendary items (Q26, Q27)."""
    words = stack_words(stack)
    quests = stack.of_kind("quests")
    lines = STYLE.head("Items", f"A hero holds at most two items, and an item works only while a hero "
                       f"holds it ({link('Q25')}). Treasure items come with treasure quests "
                       f"({link('Q13')}); the legendary items are found on each mat's tracks "
                       f"({link('Q26')}).")
    treasures = stack.of_kind("treasure-items")
    lines += ["## Treasure items", ""]
    rows = [[f"<a id=\"{e.id}\"></a>{_name(e)}", STYLE.ability("treasure-items", e.data, words),
             ", ".join(esc(q.data.get("name", q.id)) for q in quests if q.data.get("item") == e.id) or "—"]
            for e in treasures]
    lines += with_source(stack, ["item", "ability", "given by"], rows, treasures) if treasures \
        else ["This stack has no treasure items.", ""]
    lines += ["## Legendary items", "",
              f"Each player has its own Sword, Shield and Staff on a track of its mat; each completed linked "
              f"temple moves the item one space, and on the last space it is found ({link('Q26')}). Their "
              f"abilities are rules, not DSL ({link('Q27')}).", ""]
    legendary = stack.of_kind("legendary-items")
    temples = [(r.get("legendary"), r.get("name", r.get("temple"))) for e in stack.of_kind("map-cards")
               for r in (e.data.get(s, {}) for s in M.SIDES) if r.get("feature") == M.TEMPLE]
    rows = [[f"<a id=\"{e.id}\"></a>{_name(e)}",
             esc(LEGENDARY.get(e.data.get("ability", ""), "").format(cost=e.data.get("cost", "—")))
             + mark(e.data, "ability"),
             cell(e.data, "cost"), cell(e.data, "spaces"), cell(e.data, "vp"),
             ", ".join(esc(name) for linked, name in temples if linked == e.id) or "—"] for e in legendary]
    lines += with_source(stack, ["item", "ability", "power cost", "track spaces", "VP", "linked temples"],
                         rows, legendary) if legendary else ["This stack has no legendary items.", ""]
    return "\n".join(lines) + "\n"


def goblins_page(stack: Stack) -> str:
    """The goblin tokens (Q23): each side's health, the supply, what a defeat gives."""
    lines = STYLE.head("Goblins", _described("goblins") + " A goblin starts passive on a portal and turns "
                       "active at round resolution (Q28); passing an active one costs power (Q7).",
                       wide=False, abilities=False)
    goblins = stack.of_kind("goblins")
    rows = [[_name(e), cell(e.data, "passive_health"), cell(e.data, "active_health"), cell(e.data, "supply"),
             f"+{cell(e.data, 'max_health_bonus')}"] for e in goblins]
    lines += with_source(stack, ["token", "passive health", "active health", "supply",
                                 "maximum health for a defeat"], rows, goblins) if goblins \
        else ["This stack has no goblins.", ""]
    portals = [esc(e.data.get("name", e.id)) for e in stack.of_kind("map-cards")
               if any(e.data.get(s, {}).get("feature") == M.PORTAL for s in M.SIDES)]
    lines += [f"Portals are on {len(portals)} map cards: {', '.join(portals) or 'none'} "
              "([the map](map.md#map-cards)).", ""]
    return "\n".join(lines) + "\n"


def dice_page(stack: Stack) -> str:
    """The adventure dice (Q15) and the movement cards (Q5)."""
    lines = STYLE.head("Dice and movement cards", "The day moves heroes by the shared movement cards (Q5, "
                       "Q9); every night roll throws the adventure dice and resolves their faces in four "
                       "steps (Q15).", wide=False, abilities=False)
    dice = stack.of_kind("dice")
    rows = [[_name(e), cell(e.data, "count"), cell(e.data, "faces", lambda f: esc(", ".join(f)))]
            for e in dice]
    lines += ["## Dice", "", *(with_source(stack, ["die", "thrown per roll", "faces"], rows, dice) if dice
                               else ["This stack has no dice.", ""])]
    cards = stack.of_kind("movement-cards")
    rows = [[_name(e), cell(e.data, "method"), esc(METHODS.get(e.data.get("method", ""), ""))]
            for e in cards]
    lines += ["## Movement cards", "",
              f"A move takes one hero to a region of another map card; the cards strictly between start "
              f"and end are passed through ({link('Q5')}).", "",
              *(with_source(stack, ["card", "method", "moves a hero"], rows, cards) if cards
                else ["This stack has no movement cards.", ""])]
    return "\n".join(lines) + "\n"


def magic_page(stack: Stack) -> str:
    """The magic card (Q18, Q32): the track's spaces, what each level does on each side, the library."""
    lines = STYLE.head("The magic track", _described("magic"), wide=False, abilities=False)
    magic = first(stack, "magic")
    if magic is None:
        return "\n".join([*lines, "This stack has no magic card."]) + "\n"
    data = magic.data
    track = data.get("track", [])
    lines += ["## The track", "",
              f"The token starts every night on space 1 and each magic face moves it one space on; a magic "
              f"face with the token on the last space is a hit of {cell(data, 'overflow_damage')} damage "
              f"instead ({link('Q18')}).", ""]
    lines += markdown.table(["space", "magic level"],
                            [[str(i), esc(level) + mark(data, "track")] for i, level in enumerate(track, 1)])
    for side in ("multi", "solo"):
        levels = data.get(side, [])
        lines += [f"## {SIDE_NAMES[side]}{mark(data, side)}", "",
                  f"What a roll's faces do at each magic level ({link(SIDE_RULINGS[side])}); the damage and "
                  f"power steps use the level from before the roll's magic step ({link('Q15')}).", ""]
        lines += markdown.table(
            ["level", "damage per damage face", "power per power face", "damage per magic face",
             "spells up to this many levels above yours"],
            [[str(level), esc(e.get("damage", 0)), esc(e.get("power", 0)), esc(e.get("magic_damage", 0)),
              esc(e.get("spell_reach", 0))] for level, e in enumerate(levels)])
    obelisks: dict[int, list[str]] = {}
    for entity in stack.of_kind("map-cards"):
        for side in M.SIDES:
            region = entity.data.get(side, {})
            if region.get("feature") == M.OBELISK:
                name = esc(entity.data.get("name", entity.id))
                obelisks.setdefault(region.get("spell_level", 0), []).append(name)
    lines += ["## The spell library", "",
              f"The spell levels an obelisk may teach{mark(data, 'library')}, and the obelisks of each: a "
              f"resting hero on one learns its spell when the magic level reaches far enough "
              f"({link('Q21')}).",
              ""]
    lines += markdown.table(["spell level", "obelisks"],
                            [[esc(level), ", ".join(obelisks.get(level, [])) or "—"]
                             for level in data.get("library", [])])
    return "\n".join(lines) + "\n"


def scoring_page(stack: Stack) -> str:
    """The scoring ladders (Q29), VP per legendary item and the tie-break chain (Q30)."""
    lines = STYLE.head("Scoring", _described("scoring"), wide=False, abilities=False)
    scoring = first(stack, "scoring")
    if scoring is None:
        return "\n".join([*lines, "This stack has no scoring."]) + "\n"
    data = scoring.data
    lines += ["## The ladders", "",
              f"Each category scores the VP of the highest step it has reached: nothing below the first "
              f"step, the top VP beyond the last ({link('Q29')}).", ""]
    for category, ladder in data.get("ladders", {}).items():
        steps, vp = ladder.get("steps", []), ladder.get("vp", [])
        lines += [f"### {esc(str(category).replace('-', ' ').capitalize())}{mark(data, 'ladders')}", ""]
        lines += markdown.table(["reached", *(esc(s) for s in steps)], [["VP", *(esc(v) for v in vp)]])
    lines += ["## Legendary items", "",
              f"Each found legendary item scores {cell(data, 'legendary_vp')} VP ({link('Q26')}).", "",
              "## Tie-breaks", "",
              f"Equal VP are split by, in order ({link('Q30')}): "
              + ", then ".join(esc(TIE_BREAKS.get(k, k)) for k in data.get("tie_break", []))
              + "; still equal, the victory is shared.", ""]
    return "\n".join(lines) + "\n"


def reference_pages(stack: Stack) -> dict[str, str]:
    """Every generated reference page of a Tiny Epic Quest stack (site path -> Markdown), and a picture of
    each layout (site path -> SVG)."""
    pages = {"reference/rules.md": STYLE.rules_page(stack), "reference/map.md": map_page(stack),
             "reference/quests.md": quests_page(stack), "reference/items.md": items_page(stack),
             "reference/goblins.md": goblins_page(stack), "reference/dice.md": dice_page(stack),
             "reference/magic.md": magic_page(stack), "reference/scoring.md": scoring_page(stack)}
    for layout in stack.of_kind("layouts"):
        picture = layout_svg(layout.data.get("name", layout.id), layout.data)
        pages[f"reference/{layout_file(layout)}"] = picture
    return pages


def fill(page: str, stack: Stack) -> str:
    """``page`` with every ``{{ rules.x }}`` marker replaced by that rule parameter of ``stack``, and
    ``{{ goblins.x }}``, ``{{ scoring.x }}``, ``{{ magic.x }}`` and ``{{ dice.x }}`` by a field of that
    kind's one entity."""
    sources = {"rules": rule_values(stack)}
    for kind in ("goblins", "scoring", "magic", "dice"):
        entity = first(stack, kind)
        sources[kind] = entity.data if entity is not None else {}
    return values.fill(page, sources, DAGGER)


__all__ = ["SCENARIO_SCHEMA", "SITE", "UnknownValue", "fill", "reference_pages"]
