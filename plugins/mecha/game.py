"""Run: the definition of Mecha Game as a game plugin, registered as ``mecha`` under ``rulecraft.games``.

Every heavy member is a :class:`~rulecraft.runtime.games.Ref` to the module implementing it, so importing
this module (as ``rulecraft games`` does) imports no engine, schema or compiler.
"""

from __future__ import annotations

from types import MappingProxyType

from rulecraft.runtime.games import GameDefinition, Ref

KINDS = ("rules", "towers", "mechas", "commands", "decks")

# Where abilities sit: each card kind's entity holds one `ability` string at its top level; the trigger
# kinds of the vocabulary are these kind names (a command's `when played`, a unit's others).
CARD_KINDS = ("towers", "mechas", "commands")
ABILITY_FIELDS = MappingProxyType({kind: (kind, lambda data: [()]) for kind in CARD_KINDS})

GAME = GameDefinition(
    id="mecha",
    name="Mecha Game",
    players=(2, 2),
    default_pack="mecha-core",
    description="A card battler on a 7x5 grid: towers give bandwidth, mechas fight, commands answer.",
    kinds=MappingProxyType({kind: f"rulecraft.schemas.mecha:{kind}.schema.json" for kind in KINDS}),
    stack_checks=(Ref("rulecraft.plugins.mecha.checks"),),
    error_codes=Ref("rulecraft.plugins.mecha.errorcodes:CODES"),
    error_cases="tests/content",
    rulings=("M",),
    ability_fields=Ref("rulecraft.plugins.mecha.game:ABILITY_FIELDS"),
    vocabulary=Ref("rulecraft.plugins.mecha.vocabulary:mecha_vocabulary"),
    builder=Ref("rulecraft.plugins.mecha.build:build_from_stack"),
    engine=Ref("rulecraft.plugins.mecha.engine:MechaGame"),
    agents=MappingProxyType({"heuristic": Ref("rulecraft.plugins.mecha.agents:HeuristicAgent")}),
    scenario_adapter=Ref("rulecraft.plugins.mecha.scenarios"),
    scenarios="tests/mecha/scenarios",
    metrics=Ref("rulecraft.plugins.mecha.metrics"),
    lead=Ref("rulecraft.plugins.mecha.lead:LEAD"),   # the damage each player has dealt (sim's measures)
    docs_pages=Ref("rulecraft.plugins.mecha.docs"),
    card_templates=Ref("rulecraft.plugins.mecha.cards:TEMPLATES"),
    board=Ref("rulecraft.plugins.mecha.picture:Board"),
    web=Ref("rulecraft.plugins.mecha.web:Board"),
    determinize=Ref("rulecraft.plugins.mecha.hidden:determinize"),
    # the optional compiled game loop: the table, its state and geometry, every rule area stacked on it
    compiled=tuple(f"rulecraft.plugins.mecha.{m}" for m in (
        "table", "state", "board", "effects", "combat", "actions", "engine", "agents")),
)
