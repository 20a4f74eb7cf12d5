"""Run: the definition of Tiny Epic Mechs as a game plugin, registered as ``tem`` under ``rulecraft.games``.

Every member is a :class:`~rulecraft.runtime.games.Ref` to the module that implements it, so importing this
module (as ``rulecraft games`` does) imports no engine, schema or DSL.
"""

from __future__ import annotations

from types import MappingProxyType

from rulecraft.runtime.games import GameDefinition, Ref

SCENARIO_SCHEMA = "rulecraft.schemas.tem:scenario.schema.json"   # rule scenarios (``rulecraft test``)
VARIANTS = {"robot-pilots": Ref("rulecraft.plugins.tem.robot_pilots")}   # first-party, loaded when named
KINDS = ("arenas", "colours", "mighty-mech", "pilots", "program-cards", "rules", "weapons", "zones")

GAME = GameDefinition(
    id="tem",
    name="Tiny Epic Mechs",
    players=(2, 4),
    default_pack="tem-core",
    description="Program, move and fight with Pilots, weapons and the Mighty Mech over six rounds.",
    packs="rulecraft.content",
    kinds=MappingProxyType({kind: f"rulecraft.schemas.tem:{kind}.schema.json" for kind in KINDS}),
    stack_checks=(Ref("rulecraft.plugins.tem.crossref"),),
    error_codes=Ref("rulecraft.plugins.tem.errorcodes:CODES"),
    error_cases="tests/content",
    rulings=("T", "R", "E"),   # the rules, the Robot Pilots of solo mode, the engine's own (rulings page)
    ability_fields=Ref("rulecraft.plugins.tem.vocabulary:ABILITY_FIELDS"),
    vocabulary=Ref("rulecraft.plugins.tem.vocabulary:core_vocabulary"),
    effect_context=Ref("rulecraft.plugins.tem.effect_context:EffectContext"),
    builder=Ref("rulecraft.plugins.tem.build:build_checked"),
    engine=Ref("rulecraft.plugins.tem.engine:Game"),
    hookspecs=Ref("rulecraft.plugins.tem.hookspecs"),
    builtin_plugins=(Ref("rulecraft.plugins.tem.core"),),
    invariants=Ref("rulecraft.plugins.tem.invariants:watch"),   # its rules after every event
    variants=MappingProxyType(VARIANTS),
    agents=MappingProxyType({"heuristic": Ref("rulecraft.plugins.tem.heuristic:HeuristicAgent"),
                             "robot": Ref("rulecraft.plugins.tem.robot_pilots:make_robot_agent")}),
    scenario_adapter=Ref("rulecraft.plugins.tem.scenarios"),
    scenarios="tests/scenarios",
    metrics=Ref("rulecraft.plugins.tem.balance.report"),
    lead=Ref("rulecraft.plugins.tem.lead:LEAD"),   # each player's VP so far (sim's measures of how it plays)
    docs_pages=Ref("rulecraft.plugins.tem.docgen.site"),
    card_templates=Ref("rulecraft.plugins.tem.docgen.cards:TEMPLATES"),
    board=Ref("rulecraft.plugins.tem.board:Picture"),
    web=Ref("rulecraft.plugins.tem.web:Board"),
    determinize=Ref("rulecraft.plugins.tem.hidden:determinize"),
    scaffold=Ref("rulecraft.plugins.tem.scaffold:examples"),
    # the optional compiled game loop: the table, its state and every rule area stacked on it
    compiled=tuple(f"rulecraft.plugins.tem.{m}" for m in (
        "table", "state", "abilities", "equipment", "actions", "combat", "mech", "knockouts", "movement",
        "rounds", "setup_rules", "engine", "effects", "heuristic")),
)
