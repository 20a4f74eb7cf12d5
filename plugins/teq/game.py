"""Run: the definition of Tiny Epic Quest as a game plugin, registered as ``teq`` under ``rulecraft.games``.

Every heavy member is a :class:`~rulecraft.runtime.games.Ref` to the module implementing it, so importing
this module (as ``rulecraft games`` does) imports no engine, schema or compiler.
"""

from __future__ import annotations

from types import MappingProxyType

from rulecraft.runtime.games import GameDefinition, Ref

KINDS = ("rules", "layouts", "map-cards", "movement-cards", "dice", "magic", "treasure-items",
         "legendary-items", "quests", "goblins", "scoring")

GAME = GameDefinition(
    id="teq",
    name="Tiny Epic Quest",
    players=(1, 4),
    default_pack="teq-core",
    description="Move heroes by shared cards by day and push your luck with five dice by night, for "
                "quests, spells, goblins and legendary items over five rounds.",
    kinds=MappingProxyType({kind: f"rulecraft.schemas.teq:{kind}.schema.json" for kind in KINDS}),
    stack_checks=(Ref("rulecraft.plugins.teq.checks"),),
    error_codes=Ref("rulecraft.plugins.teq.errorcodes:CODES"),
    error_cases="tests/content",
    rulings=("Q",),
    ability_fields=Ref("rulecraft.plugins.teq.vocabulary:ABILITY_FIELDS"),
    vocabulary=Ref("rulecraft.plugins.teq.vocabulary:teq_vocabulary"),
    builder=Ref("rulecraft.plugins.teq.build:build_from_stack"),
    engine=Ref("rulecraft.plugins.teq.engine:Game"),
    agents=MappingProxyType({"heuristic": Ref("rulecraft.plugins.teq.agents:HeuristicAgent")}),
    scenario_adapter=Ref("rulecraft.plugins.teq.scenarios"),
    scenarios="tests/teq/scenarios",
    metrics=Ref("rulecraft.plugins.teq.metrics"),
    docs_pages=Ref("rulecraft.plugins.teq.docs"),
    determinize=Ref("rulecraft.plugins.teq.hidden:determinize"),
    board=Ref("rulecraft.plugins.teq.picture:Board"),
    card_templates=Ref("rulecraft.plugins.teq.cards:TEMPLATES"),
    # the optional compiled game loop: the table, its state and geometry, every rule area stacked on it
    compiled=tuple(f"rulecraft.plugins.teq.{m}" for m in (
        "geometry", "state", "table", "quests", "abilities", "day", "night", "rest", "engine", "agents")),
)
