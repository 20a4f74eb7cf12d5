"""Benchmark the effect DSL: compile time (core pack, 1,000 and 10,000 generated effects; growth must
be linear) and the per-call cost of generated handlers against the same effects hand-written in
Python (goal: within 1.5x) and against a tree-walking evaluator of the same checked tree, written
only for this benchmark (goal: generated handlers at least 5x faster). All in one run, CPU time."""

from __future__ import annotations

import operator
import os
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.goals import figure
from rulecraft.compiler.effects import ir
from rulecraft.compiler.effects.build import compile_effect, load_handlers
from rulecraft.compiler.effects.pack import compile_stack, sites
from rulecraft.compiler.effects.vocabulary import Arg, Call, Choice, Const
from rulecraft.plugins.tem.vocabulary import VOCABULARY
from rulecraft.plugins.wiring import check_packs

CORE = Path(__file__).resolve().parents[1] / "content" / "tem-core"
CALLS = 200_000


# --- compile time ----------------------------------------------------------------------------

_TEMPLATES = (
    "after attack: gain {n} {r}",
    "before attack: pay up to {n} {r}: +1 damage each",
    "when attacked: if attack-type is {t} then prevent {n} damage",
    "at round end: if energy < {n} then gain 1 energy else if health < max-health then heal {n} "
    "else gain 1 vp",
    "at scoring: gain deployed-mines + {n} vp",
    "before attack: you may pay {n} {r} and add {n} damage",
    "at combat start: if enemy-health <= {n} and not status is pilot then deal {n} damage",
)


def generated_effects(count: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    return [rng.choice(_TEMPLATES).format(n=rng.randint(1, 9), r=rng.choice(("energy", "credits", "vp")),
                                          t=rng.choice(("area", "ranged", "melee"))) for _ in range(count)]


def compile_all(effects: list[str]) -> float:
    """CPU seconds to parse, check, generate, verify and load handlers for every effect."""
    start = time.process_time()
    for source in effects:
        compiled = compile_effect(source, "weapon", VOCABULARY)
        assert compiled.ok, source
        load_handlers(compiled.triggers, compiled.python, compiled.texts, "<bench>",
                              VOCABULARY.methods)
    return time.process_time() - start


# --- per-call cost -----------------------------------------------------------------------------

class FastContext:
    """The smallest EffectContext: constant reads, no-op verbs, answers at the top of the range."""

    def health(self, who): return 5
    def max_health(self, who): return 9
    def resource(self, who, resource): return 3
    def status(self, who): return "power-armor"
    def zone_value(self): return 2
    def round(self): return 3
    def turn(self): return 2
    def attack_type(self): return "ranged"
    def weapon_type(self): return "melee"
    def attack_damage(self): return 2
    def deployed(self, token): return 2
    def weapons_owned(self, who): return 3
    def adjacent_zones(self, who): return (1, 2)
    def deal_damage(self, amount): pass
    def add_damage(self, amount): pass
    def prevent_damage(self, amount): pass
    def heal(self, amount): pass
    def gain(self, resource, amount): pass
    def pay(self, resource, amount): return True
    def enemy_loses(self, resource, amount): pass
    def reduce_cost(self, amount): pass
    def move(self, who, zone): pass
    def ready_weapon(self): pass
    def exhaust_enemy_weapon(self): pass
    def choose_amount(self, low, high, prompt): return high
    def choose_yes_no(self, prompt): return True
    def choose_zone(self, options, prompt): return options[0]
    def choose(self, options, prompt): return options[0]
    def extension(self, name, *args): return 0


_PROMPT = "Pay up to 3 Energy. This attack deals +1 damage for each Energy paid."


def _coil(ctx):
    high = ctx.resource("you", "energy")
    if high > 3:
        high = 3
    if high > 0:
        paid = ctx.choose_amount(0, high, _PROMPT)
        if paid > 0 and ctx.pay("energy", paid):
            ctx.add_damage(paid)


def _shield(ctx):
    if ctx.attack_type() == "ranged":
        ctx.prevent_damage(1)


def _hammer(ctx):
    ctx.gain("vp", 1)


def _stomper(ctx):
    turrets = ctx.deployed("turret")
    if turrets > 0:
        ctx.gain("vp", turrets)


def _pistol(ctx):
    prompt = "You may pay 1 Energy. If you do, this attack deals +1 damage."
    if ctx.choose_yes_no(prompt) and ctx.pay("energy", 1):
        ctx.add_damage(1)


def _round_end(ctx):
    if ctx.resource("you", "energy") < 2:
        ctx.gain("energy", 1)
    elif ctx.health("you") < ctx.max_health("you"):
        ctx.heal(1)
    else:
        ctx.gain("vp", 1)


# The same effects as DSL source and as the Python a programmer would write by hand.
CASES: dict[str, tuple[str, Callable[[Any], None]]] = {
    "lightning coil (pay up to 3)": ("before attack: pay up to 3 energy: +1 damage each", _coil),
    "riot shield (if type)": ("when attacked: if attack-type is ranged then prevent 1 damage", _shield),
    "warhammer (gain)": ("when used: gain 1 VP", _hammer),
    "seismic stomper (attribute)": ("at scoring: gain deployed-turrets VP", _stomper),
    "pulse pistol (you may pay)": ("before attack: you may pay 1 energy and add 1 damage", _pistol),
    "else-if chain": ("at round end: if energy < 2 then gain 1 energy "
                      "else if health < max-health then heal 1 else gain 1 vp", _round_end),
}


_COMPARE = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge, "==": operator.eq,
            "!=": operator.ne}
_ARITHMETIC = {"+": operator.add, "-": operator.sub, "*": operator.mul}


class TreeWalker:
    """A straightforward interpreter of the checked tree (ir.py), for comparison only."""

    def run(self, ability: ir.Ability, ctx: Any) -> None:
        for sentence in ability.body:
            self.sentence(sentence, ctx)

    def sentence(self, node: Any, ctx: Any) -> None:
        if isinstance(node, ir.Seq):
            self.steps(node.steps, ctx)
        elif isinstance(node, ir.May):
            if ctx.choose_yes_no("?"):
                self.steps(node.seq.steps, ctx)
        elif self.cond(node.condition, ctx):
            self.sentence(node.then, ctx)
        elif node.otherwise is not None:
            self.sentence(node.otherwise, ctx)

    def steps(self, steps: tuple, ctx: Any) -> None:
        for step in steps:
            if isinstance(step, ir.Pay):
                if not ctx.pay(step.resource.word, self.expr(step.amount, ctx)):
                    return
            elif isinstance(step, ir.PayUpTo):
                resource = step.resources[0].word
                high = min(self.expr(step.limit, ctx), ctx.resource("you", resource))
                if high > 0:
                    paid = ctx.choose_amount(0, high, "?")
                    if paid > 0 and ctx.pay(resource, paid):
                        for _ in range(paid):
                            self.steps(step.body, ctx)
            else:
                self.do(step, ctx)

    def do(self, step: ir.Do, ctx: Any) -> None:
        values = {name: (value.word if isinstance(value, ir.Value) else self.expr(value, ctx))
                  for name, value in step.args}
        if any(isinstance(v, int) and v < 1 for v in values.values()):
            return
        self.call(step.verb.call, values, ctx)

    def call(self, call: Call, values: dict, ctx: Any) -> Any:
        args = []
        for arg in call.args:
            if isinstance(arg, Arg):
                args.append(values[arg.name])
            elif isinstance(arg, Const):
                args.append(arg.value)
            elif isinstance(arg, Choice):
                options = self.call(arg.options, values, ctx)
                if not options:
                    return None
                args.append(getattr(ctx, arg.chooser)(options, "?"))
            else:
                args.append(self.call(arg, values, ctx))
        return getattr(ctx, call.method)(*args)

    def expr(self, node: Any, ctx: Any) -> Any:
        if isinstance(node, ir.Num):
            return node.value
        if isinstance(node, ir.Value):
            return node.word
        if isinstance(node, ir.Attr):
            return self.call(node.attribute.call, {}, ctx)
        return _ARITHMETIC[node.op](self.expr(node.left, ctx), self.expr(node.right, ctx))

    def cond(self, node: Any, ctx: Any) -> bool:
        if isinstance(node, ir.Not):
            return not self.cond(node.test, ctx)
        if isinstance(node, ir.All):
            return all(self.cond(t, ctx) for t in node.tests)
        if isinstance(node, ir.Any):
            return any(self.cond(t, ctx) for t in node.tests)
        return _COMPARE[node.op](self.expr(node.left, ctx), self.expr(node.right, ctx))


def per_call(function: Callable[[Any], None], ctx: Any, calls: int = CALLS) -> float:
    """CPU nanoseconds per call (best of 3 runs)."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for _ in range(calls):
            function(ctx)
        best = min(best, time.process_time() - start)
    return best / calls * 1e9


def run() -> list[str]:
    lines = []
    with tempfile.TemporaryDirectory() as cache_home:
        previous = os.environ.get("XDG_CACHE_HOME")
        os.environ["XDG_CACHE_HOME"] = cache_home
        try:
            stack = check_packs([CORE]).stack      # the check writes the cache entry (without handlers)
            count = len(list(sites(stack)))
            start = time.process_time()
            compile_stack(stack, VOCABULARY, use_cache=False)
            cold = time.process_time() - start
            start = time.process_time()
            warm = compile_stack(stack, VOCABULARY, use_cache=True)
            cached = time.process_time() - start
            assert warm.from_cache
        finally:
            if previous is None:
                os.environ.pop("XDG_CACHE_HOME", None)
            else:
                os.environ["XDG_CACHE_HOME"] = previous
    lines.append(f"core pack: {count} effects compiled in {cold * 1e3:.1f} ms "
                 f"({cold / count * 1e6:.0f} us each); from the cache: {cached * 1e3:.1f} ms")
    small, large = compile_all(generated_effects(1_000)), compile_all(generated_effects(10_000))
    lines.append(f"generated effects: 1,000 in {small:.2f} s, 10,000 in {large:.2f} s "
                 f"({large / 10_000 * 1e6:.0f} us each); 10k/1k ratio {large / small:.1f} (linear = 10)")
    ctx, walker = FastContext(), TreeWalker()
    lines.append(f"per call, ns (best of 3 x {CALLS:,}): generated / hand-written / tree-walk")
    worst_hand, worst_walk = 0.0, float("inf")
    for name, (source, hand) in CASES.items():
        compiled = compile_effect(source, "weapon", VOCABULARY)
        [ability] = load_handlers(compiled.triggers, compiled.python, compiled.texts, "<bench>",
                              VOCABULARY.methods)
        tree = compiled.abilities[0]
        generated = per_call(ability.handler, ctx)
        written = per_call(hand, ctx)
        walked = per_call(lambda c, t=tree: walker.run(t, c), ctx)
        worst_hand = max(worst_hand, generated / written)
        worst_walk = min(worst_walk, walked / generated)
        lines.append(f"  {name:30} {generated:6.0f} / {written:6.0f} / {walked:7.0f}   generated/hand "
                     f"{generated / written:.2f}x, tree-walk/generated {walked / generated:.1f}x")
    lines.append(figure("worst generated / hand-written handler", worst_hand, "x", at_most=1.5,
                        source="the DSL's design"))
    lines.append(figure("worst tree-walk / generated handler", worst_walk, "x", at_least=5,
                        source="the DSL's design"))
    return lines
