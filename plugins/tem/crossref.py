"""Check: cross-references and counts over the resolved stack, what a per-file schema cannot express.

Each check takes the resolved ``Stack`` and returns located diagnostics; ``CHECKS`` lists them for
``rulecraft.compiler.check``. They hold the content to the rules: every reference resolves (program
cards and Bases name colours), counts match the rule parameters (8 program cards and one Ad Hoc card
per colour, one Base per colour, the box's inventory in ``rules.components``), rule parameters agree
with each other (scoring rounds within the game, picks within the hand), and every arena can be
played (Base slots for its seats, one Mech cell, enough Resource zones, connected zones, R1's single
north-most Base in solo play).

A stack with a ``rules`` entity is a game and is checked whole; a stack without one (a library of
weapons, say) is a fragment, and only the checks that need no rules run on it.

Where a count is too high the diagnostic points at each surplus entity (usually the one a later pack
added); where it is too low, at the rule parameter it falls short of.

``rules.components`` is the box's inventory (16 Basic and 16 Advanced weapon cards, ...). It holds the
stack only when the last pack loaded sets it: a variant that adds or removes cards without restating
the inventory changes the box on purpose, while the core pack checked alone, or a variant that patches
``components``, is held to its count. The rules' own needs (a Basic of each kind per player, a full
Advanced row, pilots to deal) always hold.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable, Iterator
from typing import Any

from rulecraft.compiler import errorcodes as codes
from rulecraft.compiler.diagnostics import Diagnostic
from rulecraft.compiler.loader import JsonPath
from rulecraft.compiler.resolve import Entity, Stack
from rulecraft.compiler.validate import did_you_mean
from rulecraft.plugins.tem.errorcodes import ARENA_SHAPE, WEAK_POWER_ATTACK

Check = Callable[[Stack], list[Diagnostic]]

# Arena legend (schemas/tem/arenas.schema.json): a cell letter and the zone type it holds.
CELL_TYPES = {"R": "resource", "B": "base", "M": "mech"}
WALL = "."


def _at(rules: Entity, path: JsonPath) -> str:
    origin = rules.locate(path)
    return f"{'.'.join(map(str, path))} is set at {origin.file}:{origin.line}"


def _too_many(entities: list[Entity], limit: int, path: JsonPath, what: str, rules: Entity,
              param: JsonPath) -> list[Diagnostic]:
    """One diagnostic per entity beyond ``limit`` (in definition order: the later ones are surplus)."""
    return [e.diagnostic(codes.COUNT_MISMATCH, f"{what}: {e.kind} '{e.id}' is number {n}, one too many "
                         f"for {'.'.join(map(str, param))} = {limit}", path, hint=_at(rules, param))
            for n, e in enumerate(entities[limit:], start=limit + 1)]


def _count(entities: list[Entity], expected: int, what: str, rules: Entity, param: JsonPath,
           path: JsonPath = ("id",)) -> list[Diagnostic]:
    """``entities`` must number exactly ``expected`` (the rule parameter at ``param``)."""
    if len(entities) > expected:
        return _too_many(entities, expected, path, what, rules, param)
    if len(entities) < expected:
        return [rules.diagnostic(codes.COUNT_MISMATCH, f"{what}: {len(entities)} defined, but "
                                 f"{'.'.join(map(str, param))} is {expected}", param)]
    return []


def _inventory_applies(stack: Stack, rules: Entity) -> bool:
    """True when the last pack loaded set some of ``rules.components`` (see the module docstring)."""
    top = stack.packs[-1].id if stack.packs else None
    return any(origin.pack == top for path, origin in rules.origins.items() if path[:1] == ("components",))


def _copies(weapons: list[Entity], expected: int, what: str, rules: Entity,
            param: JsonPath) -> list[Diagnostic]:
    """The weapons' ``copies`` must add up to ``expected`` cards."""
    out, total = [], 0
    for weapon in weapons:
        total += weapon.data["copies"]
        if total > expected:
            out.append(weapon.diagnostic(
                codes.COUNT_MISMATCH, f"{what}: '{weapon.id}' brings the count to {total} cards, more than "
                f"{'.'.join(map(str, param))} = {expected}", ("copies",), hint=_at(rules, param)))
    if total < expected:
        out.append(rules.diagnostic(codes.COUNT_MISMATCH, f"{what}: the weapons make {total} cards, but "
                                    f"{'.'.join(map(str, param))} is {expected}", param))
    return out


# --- references --------------------------------------------------------------------------------

def check_references(stack: Stack) -> list[Diagnostic]:
    """Program cards and Bases name a colour that exists."""
    colours = {e.id for e in stack.of_kind("colours")}
    out = []
    for entity in [*stack.of_kind("program-cards"), *stack.of_kind("zones")]:
        colour = entity.data.get("colour")
        if colour is not None and colour not in colours:
            out.append(entity.diagnostic(
                codes.UNKNOWN_REFERENCE, f"{entity.kind} '{entity.id}' names colour '{colour}', which is not "
                f"a colour id", ("colour",), hint=_suggest(colour, colours)))
    return out


def _suggest(word: str, choices: set[str]) -> str:
    return did_you_mean(word, sorted(choices)) or f"colours: {', '.join(sorted(choices)) or 'none defined'}"


# --- rule parameters ---------------------------------------------------------------------------

def check_rule_parameters(stack: Stack) -> list[Diagnostic]:
    """Rule parameters that contradict each other (each names the rule that ties them)."""
    rules = stack.rules
    if rules is None:
        return []
    r = rules.data
    out: list[Diagnostic] = []

    def bad(path: JsonPath, message: str) -> None:
        out.append(rules.diagnostic(codes.RULE_PARAMETER, message, path))

    if r["min_players"] > r["max_players"]:
        bad(("min_players",), f"min_players {r['min_players']} is above max_players {r['max_players']}")
    for index, scoring in enumerate(r["scoring_rounds"]):
        if scoring > r["rounds"]:
            bad(("scoring_rounds", index), f"scoring round {scoring} is after the last round ({r['rounds']})")
    if r["program_picks"] > r["program_hand_size"]:
        bad(("program_picks",), f"players pick {r['program_picks']} program cards from a hand of "
                                f"{r['program_hand_size']}")
    if r["turns_per_round"] != r["program_picks"]:  # T5: one picked card per turn
        bad(("turns_per_round",), f"{r['turns_per_round']} turns per round, but each player programs "
                                  f"{r['program_picks']} cards, one per turn (T5)")
    for name in ("starting_energy", "starting_credits", "ko_resource_floor"):
        if r[name] > r["resource_max"]:
            bad((name,), f"{name} {r[name]} is above the resource track's maximum {r['resource_max']}")
    if r["pilots_kept"] > r["pilots_dealt"]:
        bad(("pilots_kept",), f"players keep {r['pilots_kept']} of {r['pilots_dealt']} pilots dealt")
    pilot_basic = r["weapon_slots"]["pilot"]["basic"]
    if r["starting_basic_weapons"] > pilot_basic:
        bad(("starting_basic_weapons",), f"{r['starting_basic_weapons']} starting Basic weapons do not fit "
                                         f"a Pilot's {pilot_basic} Basic slots")
    if r["starting_basic_weapons"] < r["min_equipped_weapons"]:  # T12: always one weapon equipped
        bad(("starting_basic_weapons",), f"players start with {r['starting_basic_weapons']} weapons but must "
                                         f"keep {r['min_equipped_weapons']} equipped (T12)")
    for status, slots in r["weapon_slots"].items():
        if slots["basic"] + slots["advanced"] < r["min_equipped_weapons"]:
            total = slots["basic"] + slots["advanced"]
            bad(("weapon_slots", status), f"{status} has {total} weapon slots, fewer than "
                                          f"min_equipped_weapons {r['min_equipped_weapons']} (T12)")
    if r["starting_mines_on_base"] > min(r["mine_count"], r["tokens_per_zone"]):  # T17
        bad(("starting_mines_on_base",), f"{r['starting_mines_on_base']} Mines on the Base need "
                                         f"mine_count and tokens_per_zone of at least that (T17)")
    tie_break = r["tie_break"]
    if "shared" in tie_break and tie_break[-1] != "shared":  # T15
        bad(("tie_break", tie_break.index("shared")), "`shared` ends the tie-break: nothing after it applies")
    for weapon_type, beaten in r["counters"].items():
        if weapon_type == beaten:
            bad(("counters", weapon_type), f"{weapon_type} cannot counter itself (T13)")
    return out


# --- program cards and colours -----------------------------------------------------------------

def check_program_cards(stack: Stack) -> list[Diagnostic]:
    """Setup G: each colour has program_hand_size program cards and exactly one Ad Hoc card."""
    rules = stack.rules
    if rules is None:
        return []
    hand = rules.data["program_hand_size"]
    colours = stack.of_kind("colours")
    by_colour: dict[str, tuple[list[Entity], list[Entity]]] = {c.id: ([], []) for c in colours}
    for card in stack.of_kind("program-cards"):
        if card.data["colour"] in by_colour:
            by_colour[card.data["colour"]][bool(card.data.get("ad_hoc"))].append(card)
    out = []
    for colour_id, (program, ad_hoc) in by_colour.items():
        colour = stack.get("colours", colour_id)
        assert colour is not None           # by_colour's keys are the colours' ids
        out += _per_colour(colour, program, hand, "program cards", rules, ("program_hand_size",))
        if len(ad_hoc) > 1:
            out += [card.diagnostic(codes.COUNT_MISMATCH, f"colour '{colour_id}' already has an Ad Hoc Mode "
                                    f"card ('{ad_hoc[0].id}'); each colour has one", ("ad_hoc",))
                    for card in ad_hoc[1:]]
        elif not ad_hoc:
            out.append(colour.diagnostic(codes.COUNT_MISMATCH, f"colour '{colour_id}' has no Ad Hoc Mode "
                                         "card", ("id",), hint="add a program card with `ad_hoc: true`"))
    return out


def _per_colour(colour: Entity, cards: list[Entity], expected: int, what: str, rules: Entity,
                param: JsonPath) -> list[Diagnostic]:
    if len(cards) > expected:
        return _too_many(cards, expected, ("colour",), f"colour '{colour.id}' {what}", rules, param)
    if len(cards) < expected:
        return [colour.diagnostic(codes.COUNT_MISMATCH, f"colour '{colour.id}' has {len(cards)} {what}, "
                                  f"but {'.'.join(map(str, param))} is {expected}", ("id",),
                                  hint=_at(rules, param))]
    return []


def check_colours(stack: Stack) -> list[Diagnostic]:
    """Every seat needs a colour: at least max_players colours."""
    rules = stack.rules
    if rules is None:
        return []
    count, seats = len(stack.of_kind("colours")), rules.data["max_players"]
    if count < seats:
        return [rules.diagnostic(codes.COUNT_MISMATCH, f"{count} colours for up to {seats} players; each "
                                 f"player needs a colour", ("max_players",))]
    return []


# --- weapons and pilots ------------------------------------------------------------------------

def check_weapons(stack: Stack) -> list[Diagnostic]:
    """The box's Basic and Advanced cards (T3), a Basic of each kind per player (Setup M), a full row."""
    out = []
    weapons = stack.of_kind("weapons")
    for weapon in weapons:  # rulebook, Power Attacking: "a more powerful attack"
        if weapon.data["power_damage"] <= weapon.data["damage"]:
            out.append(weapon.diagnostic(
                WEAK_POWER_ATTACK, f"'{weapon.id}' Power Attack deals {weapon.data['power_damage']}, "
                f"no more than its normal attack ({weapon.data['damage']})",
                stack.last_set(weapon, ("power_damage",), ("damage",))))
    rules = stack.rules
    if rules is None:
        return out
    r = rules.data
    basic = [w for w in weapons if w.data["tier"] == "basic"]
    advanced = [w for w in weapons if w.data["tier"] == "advanced"]
    if _inventory_applies(stack, rules):
        out += _count(basic, r["components"]["basic_weapon_kinds"], "Basic weapon kinds", rules,
                      ("components", "basic_weapon_kinds"))
        out += _copies(basic, r["components"]["basic_weapon_cards"], "Basic weapon cards", rules,
                       ("components", "basic_weapon_cards"))
        out += _copies(advanced, r["components"]["advanced_weapon_cards"], "Advanced weapon cards", rules,
                       ("components", "advanced_weapon_cards"))
    for weapon in basic:
        if weapon.data["copies"] < r["max_players"]:
            out.append(weapon.diagnostic(
                codes.COUNT_MISMATCH, f"'{weapon.id}' has {weapon.data['copies']} copies, but each of up to "
                f"{r['max_players']} players is dealt one (Setup M)", ("copies",),
                hint=_at(rules, ("max_players",))))
    deck = sum(w.data["copies"] for w in advanced)
    if deck < r["advanced_row_size"]:
        out.append(rules.diagnostic(codes.COUNT_MISMATCH, f"the Advanced deck has {deck} cards, fewer "
                                    f"than the row of {r['advanced_row_size']}", ("advanced_row_size",)))
    return out


def check_pilots(stack: Stack) -> list[Diagnostic]:
    """The box's pilot cards (T3), and enough to deal pilots_dealt to every player (Setup A)."""
    rules = stack.rules
    if rules is None:
        return []
    r = rules.data
    pilots = stack.of_kind("pilots")
    out = []
    if _inventory_applies(stack, rules):
        out += _count(pilots, r["components"]["pilots"], "pilot cards", rules, ("components", "pilots"))
    needed = r["pilots_dealt"] * r["max_players"]
    if len(pilots) < needed:
        out.append(rules.diagnostic(codes.COUNT_MISMATCH, f"dealing {r['pilots_dealt']} pilots to "
                                    f"{r['max_players']} players needs {needed} pilot cards, not "
                                    f"{len(pilots)}", ("pilots_dealt",)))
    return out


# --- zones -------------------------------------------------------------------------------------

def check_zones(stack: Stack) -> list[Diagnostic]:
    """Setup H: one Base per colour, the box's Resource zones, exactly one Mech Zone."""
    rules = stack.rules
    if rules is None:
        return []
    zones = stack.of_kind("zones")
    by_type = {t: [z for z in zones if z.data["type"] == t] for t in CELL_TYPES.values()}
    out = []
    if _inventory_applies(stack, rules):
        out += _count(by_type["resource"], rules.data["components"]["resource_zones"], "Resource zones",
                      rules, ("components", "resource_zones"))
    mechs = by_type["mech"]
    if not mechs:
        out.append(rules.diagnostic(codes.MISSING_CONTENT, "no zone has `type: mech`: the game needs the "
                                    "Mech Zone for the Mighty Mech", ("id",)))
    out += [z.diagnostic(codes.COUNT_MISMATCH, f"a second Mech Zone ('{mechs[0].id}' is the first); the "
                         f"game has one", ("type",)) for z in mechs[1:]]
    bases: dict[str, list[Entity]] = {}
    for base in by_type["base"]:
        bases.setdefault(base.data["colour"], []).append(base)
    for colour in stack.of_kind("colours"):
        own = bases.get(colour.id, [])
        if not own:
            out.append(colour.diagnostic(codes.COUNT_MISMATCH, f"colour '{colour.id}' has no Base",
                                         ("id",), hint="add a zone with `type: base` and this colour"))
        out += [b.diagnostic(codes.COUNT_MISMATCH, f"colour '{colour.id}' already has a Base "
                             f"('{own[0].id}'); each colour has one", ("colour",)) for b in own[1:]]
    return out


# --- arenas ------------------------------------------------------------------------------------

def _grid(layout: list[str]) -> list[list[str]]:
    return [row.split(" ") for row in layout]


def _reachable(grid: list[list[str]]) -> bool:
    """True when every zone cell is reachable from every other by orthogonal steps (T10 counts them)."""
    cells = {(r, c) for r, row in enumerate(grid) for c, cell in enumerate(row) if cell != WALL}
    if not cells:
        return True
    start = min(cells)
    seen, todo = {start}, deque([start])
    while todo:
        r, c = todo.popleft()
        for step in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if step in cells and step not in seen:
                seen.add(step)
                todo.append(step)
    return seen == cells


def _arena_problems(arena: Entity, resource_zones: int, colours: int) -> Iterator[Diagnostic]:
    layout = arena.data["layout"]
    grid = _grid(layout)
    seats = arena.data["players"] + arena.data["robots"]
    widths = {len(row) for row in grid}
    if len(widths) > 1:
        width = len(grid[0])
        for index, row in enumerate(grid):
            if len(row) != width:
                yield arena.diagnostic(ARENA_SHAPE, f"row {index + 1} has {len(row)} cells, the first "
                                       f"row {width}; rows must be equal", ("layout", index))
        return
    cells = Counter(cell for row in grid for cell in row)
    if cells["B"] != seats:
        yield arena.diagnostic(ARENA_SHAPE, f"{cells['B']} Base slots for {seats} seats "
                               f"({arena.data['players']} players + {arena.data['robots']} robots)",
                               ("layout",))
    if cells["M"] != 1:
        yield arena.diagnostic(ARENA_SHAPE, f"{cells['M']} Mech cells; an arena has exactly one, where "
                               f"the Mighty Mech starts", ("layout",))
    if cells["R"] > resource_zones:
        yield arena.diagnostic(ARENA_SHAPE, f"{cells['R']} Resource cells, but only {resource_zones} "
                               f"Resource zones exist to fill them", ("layout",))
    if seats > colours:
        yield arena.diagnostic(codes.COUNT_MISMATCH, f"{seats} seats, but only {colours} colours exist",
                               ("players",))
    if not _reachable(grid):
        yield arena.diagnostic(ARENA_SHAPE, "some zones cannot be reached from the others by "
                               "orthogonal steps", ("layout",))
    if arena.data["robots"]:  # R1: the human takes the single north-most Base
        north = next((i for i, row in enumerate(grid) if "B" in row), None)
        if north is not None and grid[north].count("B") != 1:
            yield arena.diagnostic(ARENA_SHAPE, f"the north-most row with Bases has "
                                   f"{grid[north].count('B')}; solo play needs a single north-most Base (R1)",
                                   ("layout", north))


def check_arenas(stack: Stack) -> list[Diagnostic]:
    """Each arena is playable; each player count from min_players to max_players has one arena."""
    rules = stack.rules
    if rules is None:
        return []
    resource_zones = sum(1 for z in stack.of_kind("zones") if z.data["type"] == "resource")
    colours = len(stack.of_kind("colours"))
    out: list[Diagnostic] = []
    standard: dict[int, Entity] = {}
    for arena in stack.of_kind("arenas"):
        out += _arena_problems(arena, resource_zones, colours)
        players = arena.data["players"]
        if arena.data["robots"]:
            continue
        if players in standard:
            out.append(arena.diagnostic(codes.COUNT_MISMATCH, f"a second arena for {players} players "
                                        f"('{standard[players].id}' is the first)", ("players",)))
        else:
            standard[players] = arena
    for players in range(rules.data["min_players"], rules.data["max_players"] + 1):
        if players not in standard:
            bound = "min_players" if players == rules.data["min_players"] else "max_players"
            out.append(rules.diagnostic(codes.MISSING_CONTENT, f"no arena for {players} player(s)", (bound,),
                                        hint=f"add an arena with players: {players}, robots: 0"))
    return out


# --- the Mighty Mech ---------------------------------------------------------------------------

def check_mighty_mech(stack: Stack) -> list[Diagnostic]:
    """The game has exactly one Mighty Mech."""
    rules = stack.rules
    if rules is None:
        return []
    mechs = stack.of_kind("mighty-mech")
    if not mechs:
        return [rules.diagnostic(codes.MISSING_CONTENT, "no mighty-mech entity: the game needs the Mighty "
                                 "Mech", ("id",))]
    return [m.diagnostic(codes.COUNT_MISMATCH, f"a second Mighty Mech ('{mechs[0].id}' is the first); the "
                         f"game has one", ("id",)) for m in mechs[1:]]


# --- designed markers --------------------------------------------------------------------------

def _designed_lists(value: Any, path: JsonPath) -> Iterator[tuple[JsonPath, dict[str, Any]]]:
    if isinstance(value, dict):
        if isinstance(value.get("designed"), list):
            yield path, value
        for key, item in value.items():
            yield from _designed_lists(item, (*path, key))


def check_designed(stack: Stack) -> list[Diagnostic]:
    """A `designed` list names only fields its entity (or Mighty Mech side) actually sets (T3)."""
    out = []
    for kind in stack.kinds():
        for entity in stack.of_kind(kind):
            for path, owner in _designed_lists(entity.data, ()):
                out += [entity.diagnostic(codes.DESIGNED_UNSET, f"`designed` names '{name}', which "
                                          f"{entity.kind} '{entity.id}' does not set", (*path, "designed", i))
                        for i, name in enumerate(owner["designed"]) if name not in owner]
    return out


CHECKS: list[Check] = [
    check_references,
    check_rule_parameters,
    check_colours,
    check_program_cards,
    check_weapons,
    check_pilots,
    check_zones,
    check_arenas,
    check_mighty_mech,
    check_designed,
]
