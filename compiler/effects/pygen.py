"""Generate: Python handler source from the checked effect tree, and compile it safely.

Only tree nodes produce code. Identifiers come from the vocabulary registry (EffectContext method
names, checked to be plain identifiers when registered) or are this module's own temporaries
(``_v1``...); every literal (numbers, registry words, prompts) is rendered with ``repr``. No
string the author wrote is ever spliced into code. The source is then verified by ``verify.py``
(an allow-list of Python syntax) before ``compile()``, and executed in a namespace without
builtins, so a handler can do nothing but call its ``ctx`` (``verify.load``).

Semantics the code implements: a verb whose amount computes to less than 1 does nothing; a failed
``pay`` skips the rest of its sentence; ``pay up to N R: ... each`` asks for an amount (0..what
you can afford), pays it, then repeats the steps once per unit paid (scaling the amount instead
when every step's verb is additive, which is the same result with one call). What paying calls is the
game's (``vocabulary.Payment``): its method and its read of how much the payer has.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from rulecraft.compiler.effects import ir
from rulecraft.compiler.effects import text as tx
from rulecraft.compiler.effects.verify import FUNCTION
from rulecraft.compiler.effects.vocabulary import Arg, Call, Choice, Const, Payment

_INDENT = "    "


@dataclass(slots=True)
class _Writer:
    lines: list[str] = field(default_factory=list)
    counter: itertools.count = field(default_factory=lambda: itertools.count(1))

    def temp(self) -> str:
        return f"_v{next(self.counter)}"

    def emit(self, depth: int, line: str) -> None:
        self.lines.append(_INDENT * depth + line)


def expr_code(expr: ir.Expr) -> str:
    if isinstance(expr, ir.Num):
        return repr(expr.value)
    if isinstance(expr, ir.Value):
        return repr(expr.word)
    if isinstance(expr, ir.Attr):
        return _call(expr.attribute.call, {})
    return f"({expr_code(expr.left)} {expr.op} {expr_code(expr.right)})"


def cond_code(cond: ir.Cond) -> str:
    if isinstance(cond, ir.Compare):
        return f"{expr_code(cond.left)} {cond.op} {expr_code(cond.right)}"
    if isinstance(cond, ir.Not):
        return f"not ({cond_code(cond.test)})"
    joiner = " and " if isinstance(cond, ir.All) else " or "
    return joiner.join(f"({cond_code(t)})" for t in cond.tests)


def _call(call: Call, args: dict[str, str]) -> str:
    rendered = []
    for arg in call.args:
        if isinstance(arg, Arg):
            rendered.append(args[arg.name])
        elif isinstance(arg, Const):
            rendered.append(repr(arg.value))
        elif isinstance(arg, Call):
            rendered.append(_call(arg, args))
        else:
            rendered.append(args[f"choice:{id(arg)}"])
    return f"ctx.{call.method}({', '.join(rendered)})"


def _choices(call: Call) -> list[Choice]:
    found = []
    for arg in call.args:
        if isinstance(arg, Choice):
            found.append(arg)
        elif isinstance(arg, Call):
            found.extend(_choices(arg))
    return found


def _is_constant(expr: ir.Expr) -> bool:
    return isinstance(expr, ir.Num | ir.Value)


class _Generator:
    def __init__(self) -> None:
        self.out = _Writer()

    def do(self, step: ir.Do, depth: int, scale: str | None = None) -> None:
        args: dict[str, str] = {}
        guards: list[str] = []
        for name, value in step.args:
            code = expr_code(value)
            if name == step.verb.scales and scale is not None:
                code = scale if code == "1" else f"{code} * {scale}"
            if not _is_constant(value):
                temp = self.out.temp()
                self.out.emit(depth, f"{temp} = {code}")
                guards.append(f"{temp} > 0")
                code = temp
            args[name] = code
        for choice in _choices(step.verb.call):
            temp = self.out.temp()
            self.out.emit(depth, f"{temp} = {_call(choice.options, args)}")
            guards.append(temp)
            prompt = tx.capitalize(tx.do_text(step)) + "."
            args[f"choice:{id(choice)}"] = f"ctx.{choice.chooser}({temp}, {prompt!r})"
        if guards:
            self.out.emit(depth, f"if {' and '.join(guards)}:")
            depth += 1
        self.out.emit(depth, _call(step.verb.call, args))

    def steps(self, steps: tuple[ir.Step, ...], depth: int, scale: str | None = None) -> None:
        if not steps:
            self.out.emit(depth, "pass")
        for index, step in enumerate(steps):
            if isinstance(step, ir.Pay):
                amount = expr_code(step.amount)
                resource = repr(step.resource.word)
                pay = step.payment.method
                if _is_constant(step.amount):
                    self.out.emit(depth, f"if ctx.{pay}({resource}, {amount}):")
                else:
                    temp = self.out.temp()
                    self.out.emit(depth, f"{temp} = {amount}")
                    self.out.emit(depth, f"if {temp} < 1 or ctx.{pay}({resource}, {temp}):")
                self.steps(steps[index + 1:], depth + 1, scale)
                return
            if isinstance(step, ir.PayUpTo):
                self.pay_up_to(step, depth)
            else:
                self.do(step, depth, scale)

    def pay_up_to(self, step: ir.PayUpTo, depth: int) -> None:
        resource, high, paid = self.out.temp(), self.out.temp(), self.out.temp()
        prompt = " ".join(tx.capitalize(s) + "." for s in tx.pay_up_to_sentences(step))
        words = tuple(r.word for r in step.resources)
        if len(words) == 1:
            self.out.emit(depth, f"{resource} = {words[0]!r}")
        else:
            self.out.emit(depth, f"{resource} = ctx.choose({words!r}, {prompt!r})")
        has = _has(step.payment, resource)
        self.out.emit(depth, f"{high} = {expr_code(step.limit)}")
        self.out.emit(depth, f"if {has} < {high}:")
        self.out.emit(depth + 1, f"{high} = {has}")
        self.out.emit(depth, f"if {high} > 0:")
        self.out.emit(depth + 1, f"{paid} = ctx.choose_amount(0, {high}, {prompt!r})")
        self.out.emit(depth + 1, f"if {paid} > 0 and ctx.{step.payment.method}({resource}, {paid}):")
        if all(isinstance(s, ir.Do) and s.verb.scales for s in step.body):
            self.steps(step.body, depth + 2, scale=paid)
        else:
            counter = self.out.temp()
            self.out.emit(depth + 2, f"{counter} = 0")
            self.out.emit(depth + 2, f"while {counter} < {paid}:")
            self.steps(step.body, depth + 3)
            self.out.emit(depth + 3, f"{counter} += 1")

    def sentence(self, sentence: ir.Sentence, depth: int) -> None:
        if isinstance(sentence, ir.Seq):
            self.steps(sentence.steps, depth)
        elif isinstance(sentence, ir.May):
            prompt = tx.sentence_text(sentence)
            afford = _affordable(sentence.seq.steps)
            self.out.emit(depth, f"if {afford}ctx.choose_yes_no({prompt!r}):")
            self.steps(sentence.seq.steps, depth + 1)
        else:
            self.out.emit(depth, f"if {cond_code(sentence.condition)}:")
            self.sentence(sentence.then, depth + 1)
            if sentence.otherwise is not None:
                self.out.emit(depth, "else:")
                self.sentence(sentence.otherwise, depth + 1)


def _affordable(steps: tuple[ir.Step, ...]) -> str:
    """Guards for the payments a "you may" starts with: a choice you cannot pay for is not offered.

    Only the leading payments count (a later one may be paid with what the steps before it gain);
    amounts of the same resource add up. Returns ``""`` or conditions ending in `` and ``.
    """
    needed: dict[str, list[str]] = {}
    payments: dict[str, Payment] = {}
    for step in steps:
        if not isinstance(step, ir.Pay):
            break
        code = expr_code(step.amount)
        needed.setdefault(step.resource.word, []).append(code if _is_constant(step.amount) else f"({code})")
        payments[step.resource.word] = step.payment
    return "".join(f"{_has(payments[word], repr(word))} >= {' + '.join(amounts)} and "
                   for word, amounts in needed.items())


def _has(payment: Payment, word: str) -> str:
    """The code reading how much of ``word`` (code: a literal or a temporary) the payer has."""
    return _call(payment.has, {"word": word})


def generate(ability: ir.Ability) -> str:
    """The Python source of one ability's handler: ``def ability(ctx): ...``."""
    generator = _Generator()
    generator.out.emit(0, f"def {FUNCTION}(ctx):")
    generator.out.emit(1, f"# {ability.trigger.id}: {tx.ability_text(ability)!r}")
    for sentence in ability.body:
        generator.sentence(sentence, 1)
    return "\n".join(generator.out.lines) + "\n"
