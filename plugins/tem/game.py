"""Run: the definition of Tiny Epic Mechs as a game plugin, registered as ``tem`` under ``rulecraft.games``.

Every member is a :class:`~rulecraft.plugins.games.Ref` to the module that implements it, so importing this
module (as ``rulecraft games`` does) imports no engine, schema or DSL.
"""

from __future__ import annotations

from types import MappingProxyType

from rulecraft.plugins.games import GameDefinition, Ref

KINDS = ("arenas", "colours", "mighty-mech", "pilots", "program-cards", "rules", "weapons", "zones")

GAME = GameDefinition(
    id="tem",
    name="Tiny Epic Mechs",
    players=(2, 4),
    default_pack="tem-core",
    description="Program, move and fight with Pilots, weapons and the Mighty Mech over six rounds.",
    packs="rulecraft.content",
    kinds=MappingProxyType({kind: f"rulecraft.schemas:{kind}.schema.json" for kind in KINDS}),
    stack_checks=(Ref("rulecraft.compiler.crossref"),),
    ability_fields=Ref("rulecraft.compiler.effects.pack:ABILITY_FIELDS"),
    vocabulary=Ref("rulecraft.compiler.effects.vocabulary:core_vocabulary"),
    effect_context=Ref("rulecraft.runtime.effect_context:EffectContext"),
    builder=Ref("rulecraft.compiler.build:build_ruleset"),
    engine=Ref("rulecraft.runtime.engine:Game"),
    hookspecs=Ref("rulecraft.plugins.hookspecs"),
    builtin_plugins=(Ref("rulecraft.plugins.core"),),
    variants=MappingProxyType({"robot-pilots": Ref("rulecraft.plugins.robot_pilots")}),
    agents=MappingProxyType({"heuristic": Ref("rulecraft.runtime.agents.heuristic:HeuristicAgent"),
                             "robot": Ref("rulecraft.plugins.robot_pilots:make_robot_agent")}),
    scenario_adapter=Ref("rulecraft.runtime.scenarios"),
    metrics=Ref("rulecraft.runtime.balance.metrics:summarize"),
    docs_pages=Ref("rulecraft.compiler.docgen.pages"),
    card_templates=Ref("rulecraft.compiler.docgen.cardlayout"),
    board=Ref("rulecraft.cli.board:Picture"),
)
