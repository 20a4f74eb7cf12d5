"""Check: resolve an effect's words against the vocabulary, type-check it and find dead branches.

Input: the syntax tree from ``parse.py`` and the kind of entity that owns it (the game's ability fields
name it, e.g. ``weapon``: some triggers belong to one kind). Output: the typed tree (``ir.py``)
and every problem found, each located by offsets in the effect string. Problems: unknown words
(with "did you mean"), a verb's words not matching its pattern, wrong types, timing (a verb or
attribute the trigger cannot use), numbers out of range, a ``pay up to`` inside another (its handler
would nest loops, which the verifier refuses), and ``if`` branches that can never run.
The checker reports all problems it can find, not only the first.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from rulecraft.compiler import errorcodes as codes
from rulecraft.compiler.effects import ir
from rulecraft.compiler.effects import nodes as n
from rulecraft.compiler.effects.problems import Problem
from rulecraft.compiler.effects.verify import MAX_VALUE
from rulecraft.compiler.effects.vocabulary import ARTICLES, NUMBER, Slot, Trigger, Verb, Vocabulary

_OPS = {"<": "<", "<=": "<=", ">": ">", ">=": ">=", "=": "==", "!=": "!=", "is": "==", "is not": "!="}


def did_you_mean(word: str, choices: Iterable[str]) -> str | None:
    close = difflib.get_close_matches(word, sorted(set(choices)), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else None


@dataclass(frozen=True, slots=True)
class _Item:
    """One word or expression after a verb, as the pattern matcher sees it."""

    word: str | None
    expr: n.Expr | None
    span: n.Span


@dataclass(slots=True)
class Checker:
    vocabulary: Vocabulary
    entity_kind: str | None = None
    problems: list[Problem] = field(default_factory=list)
    trigger: Trigger | None = None

    def problem(self, code: codes.ErrorCode, message: str, span: n.Span, hint: str | None = None) -> None:
        self.problems.append(Problem(code, message, span.start, max(span.end, span.start + 1), hint))

    # --- abilities ---------------------------------------------------------------------------
    def effect(self, effect: n.Effect) -> list[ir.Ability]:
        abilities = [self.ability(a) for a in effect.abilities]
        return [a for a in abilities if a is not None]

    def ability(self, ability: n.Ability) -> ir.Ability | None:
        phrase = ability.trigger_phrase
        first, last = ability.trigger[0].span, ability.trigger[-1].span
        where = n.Span(first.start, last.end, first.line, first.column)
        self.trigger = self.vocabulary.phrases.get(phrase)
        if self.trigger is None:
            self.problem(codes.EFFECT_UNKNOWN_WORD, f"unknown trigger '{phrase}'", where,
                         did_you_mean(phrase, self.vocabulary.phrases)
                         or "see `rulecraft dsl-reference` for the triggers")
        else:
            self.owner_allows(self.trigger.kinds, f"'{phrase}'", where)
        body = tuple(self.sentence(s) for s in ability.body)
        if self.trigger is None or any(s is None for s in body):
            return None
        return ir.Ability(self.trigger, body)  # type: ignore[arg-type]

    # --- sentences ------------------------------------------------------------------------------
    def sentence(self, node: n.Sentence) -> ir.Sentence | None:
        if isinstance(node, n.If):
            return self.if_(node)
        if isinstance(node, n.May):
            seq = self.steps(node.steps)
            return ir.May(seq) if seq is not None else None
        return self.steps(node)

    def if_(self, node: n.If) -> ir.If | None:
        condition = self.condition(node.condition)
        then = self.sentence(node.then)
        otherwise = self.sentence(node.otherwise) if node.otherwise is not None else None
        if condition is None:
            return None
        known = fold_condition(condition)
        if known is False:
            self.problem(codes.EFFECT_UNREACHABLE, "this never happens: the condition is always false",
                         node.then.span, hint="remove the `if` or fix the comparison")
        elif known is True and node.otherwise is not None:
            self.problem(codes.EFFECT_UNREACHABLE, "this never happens: the condition is always true",
                         node.otherwise.span, hint="remove the `else` branch or fix the comparison")
        elif known is True:
            self.problem(codes.EFFECT_UNREACHABLE, "the condition is always true, so the `if` does nothing",
                         node.condition.span)
        if then is None or (node.otherwise is not None and otherwise is None):
            return None
        return ir.If(condition, then, otherwise)  # type: ignore[arg-type]

    def steps(self, node: n.Steps) -> ir.Seq | None:
        steps = [self.step(s) for s in node.steps]
        return None if any(s is None for s in steps) else ir.Seq(tuple(steps))  # type: ignore[arg-type]

    def step(self, node: n.Step) -> ir.Step | None:
        if isinstance(node, n.Pay | n.PayUpTo) and self.vocabulary.payment is None:
            self.problem(codes.EFFECT_UNKNOWN_WORD, "this game's effects pay nothing: 'pay' has nothing to "
                         "pay with", node.span, "see `rulecraft dsl-reference` for the verbs")
            return None
        if isinstance(node, n.Pay):
            payment = self.vocabulary.payment
            resource = self.kind_word(node.resource, payment.kind, "'pay'")  # type: ignore[union-attr]
            amount = self.number(node.amount, Slot("amount", NUMBER, 1, 20), "pay")
            return ir.Pay(resource, amount, payment) if resource and amount else None  # type: ignore[arg-type]
        if isinstance(node, n.PayUpTo):
            return self.pay_up_to(node)
        return self.command(node)

    def pay_up_to(self, node: n.PayUpTo) -> ir.PayUpTo | None:
        payment = self.vocabulary.payment
        assert payment is not None
        limit = self.number(node.limit, Slot("limit", NUMBER, 1, 10), "pay up to")
        resources = []
        for word in node.resources:
            value = self.kind_word(word, payment.kind, "'pay up to'")
            if value is not None and value in resources:
                self.problem(codes.EFFECT_ARGUMENTS, f"'{word.text}' is listed twice", word.span)
            resources.append(value)
        body = self.steps(node.body)
        for inner in node.body.steps:
            if isinstance(inner, n.PayUpTo):
                example = self.vocabulary.examples.get("pay_up_to")
                self.problem(codes.EFFECT_TOO_COMPLEX, "a 'pay up to' cannot be inside another's steps: they "
                             "already repeat once per unit paid, and a repeat cannot repeat", inner.span,
                             "give each 'pay up to' a sentence of its own"
                             + (f", e.g. '{example}'" if example else ""))
                body = None
        if limit is None or body is None or None in resources:
            return None
        return ir.PayUpTo(tuple(resources), limit, body.steps, payment)  # type: ignore[arg-type]

    # --- commands: matching a verb's pattern -------------------------------------------------
    def command(self, node: n.Command) -> ir.Do | None:
        items = [_Item(node.verb.text, None, node.verb.span)]
        for arg in node.args:
            word = arg.word.text if isinstance(arg, n.Name) else None
            items.append(_Item(word, arg, arg.span))
        items = [i for i in items if i.word not in ARTICLES]
        head = items[0] if items else None
        if head is None or head.word is None:
            step = self.vocabulary.examples.get("step")
            self.problem(codes.EFFECT_ARGUMENTS, "a command starts with a verb"
                         + (f", e.g. '{step}'" if step else ""), node.span)
            return None
        candidates = self.vocabulary.verbs_for(head.word)
        if not candidates:
            heads = {v.head for v in self.vocabulary.verbs.values()}
            self.problem(codes.EFFECT_UNKNOWN_WORD, f"unknown verb '{head.word}'", head.span,
                         did_you_mean(head.word, heads) or "see `rulecraft dsl-reference` for the verbs")
            return None
        results = [self.match(verb, items) for verb in candidates]
        best = max(results, key=lambda r: r[0])
        _, verb, bound, failure = best
        if failure is not None:
            self.problems.append(failure)
            return None
        return self.bind(verb, bound, node.span)

    def match(self, verb: Verb, items: list[_Item]) -> tuple[int, Verb, dict, Problem | None]:
        """Align ``items`` with the verb's pattern: (items matched, verb, slot -> item, failure)."""
        slots = {s.name: s for s in verb.slots}
        bound: dict[str, _Item] = {}
        usage = _usage(verb)
        j = 1
        for token in verb.words[1:]:
            before = " ".join(_item_text(i) for i in items[:j]) if j <= 3 else "…"
            item = items[j] if j < len(items) else None
            slot = slots.get(token[1:-1]) if token.startswith("{") else None
            at = item.span if item else _after(items[j - 1].span)
            if slot is None:
                if item is None or item.word != token:
                    found = f", found '{item.word}'" if item and item.word else ""
                    return j, verb, bound, Problem(codes.EFFECT_ARGUMENTS,
                                                   f"expected '{token}' after '{before}'{found} ({usage})",
                                                   at.start, at.end)
            elif slot.type == NUMBER:
                if item is None or item.word in verb.words[j + 1:]:  # "deal damage": the number is missing
                    message = f"expected a number or an attribute after '{before}' ({usage})"
                    return j, verb, bound, Problem(codes.EFFECT_ARGUMENTS, message, at.start, at.end)
                bound[slot.name] = item
            else:
                if item is None or item.word is None:
                    kind = self.vocabulary.kinds[slot.type]
                    return j, verb, bound, Problem(
                        codes.EFFECT_ARGUMENTS, f"expected a {slot.type} ({', '.join(kind.values)}) after "
                        f"'{before}' ({usage})", at.start, at.end)
                bound[slot.name] = item
            j += 1
        if j < len(items):
            extra = items[j]
            return j, verb, bound, Problem(codes.EFFECT_ARGUMENTS,
                                           f"unexpected '{extra.word or 'value'}' after '{usage}'",
                                           extra.span.start, extra.span.end)
        return j + 1, verb, bound, None

    def owner_allows(self, kinds: frozenset[str] | None, what: str, span: n.Span) -> bool:
        """Whether an entry limited to abilities of entity ``kinds`` may be used by this ability's owner."""
        if kinds is None or self.entity_kind in kinds:
            return True
        self.problem(codes.EFFECT_TIMING, f"{what} is only for {' and '.join(sorted(kinds))} abilities, "
                     f"not {self.entity_kind or 'this entity'}", span)
        return False

    def bind(self, verb: Verb, bound: dict[str, _Item], span: n.Span) -> ir.Do | None:
        if self.trigger is not None and verb.triggers is not None and self.trigger.id not in verb.triggers:
            allowed = sorted(t.phrase for t in self.vocabulary.triggers.values() if t.id in verb.triggers)
            self.problem(codes.EFFECT_TIMING, f"'{verb.head}' cannot be used '{self.trigger.phrase}'", span,
                         "it works only: " + ", ".join(f"'{a}'" for a in allowed))
        if not self.owner_allows(verb.kinds, f"'{_usage(verb)}'", span):
            return None
        args: list[tuple[str, ir.Expr]] = []
        for slot in verb.slots:
            item = bound[slot.name]
            if slot.type == NUMBER:
                value = self.number(item.expr, slot, verb.head)  # type: ignore[arg-type]
            else:
                value = self.kind_word(n.Word(item.word, item.span), slot.type, f"'{verb.head}'")  # type: ignore
            if value is None:
                return None
            args.append((slot.name, value))
        return ir.Do(verb, tuple(args))

    def kind_word(self, word: n.Word, kind_name: str, who: str) -> ir.Value | None:
        kind = self.vocabulary.kinds[kind_name]
        if word.text in kind.values:
            return ir.Value(kind_name, word.text, kind.values[word.text], kind.singular.get(word.text))
        other = self.vocabulary.kind_of_word(word.text)
        if other is not None:
            self.problem(codes.EFFECT_TYPE, f"'{word.text}' is a {other.name}, but {who} needs a {kind_name} "
                         f"({', '.join(kind.values)})", word.span)
        elif word.text in self.vocabulary.attributes:
            self.problem(codes.EFFECT_TYPE, f"'{word.text}' is an attribute, but {who} needs a {kind_name} "
                         f"({', '.join(kind.values)})", word.span)
        else:
            self.problem(codes.EFFECT_UNKNOWN_WORD, f"'{word.text}' is not a {kind_name}", word.span,
                         did_you_mean(word.text, kind.values) or f"a {kind_name} is one of "
                         + ", ".join(kind.values))
        return None

    # --- expressions ---------------------------------------------------------------------------
    def number(self, node: n.Expr, slot: Slot, who: str) -> ir.Expr | None:
        result = self.expr(node)
        if result is None:
            return None
        expr, kind = result
        if kind != NUMBER:
            self.problem(codes.EFFECT_TYPE, f"'{who}' needs a number here, but this is a {kind}", node.span)
            return None
        if isinstance(expr, ir.Num) and not slot.low <= expr.value <= slot.high:
            self.problem(codes.EFFECT_RANGE,
                         f"'{who}' takes {slot.low} to {slot.high} here, not {expr.value}", node.span)
            return None
        return expr

    def expr(self, node: n.Expr, kind_hint: str | None = None) -> tuple[ir.Expr, str] | None:
        if isinstance(node, n.Number):
            if node.value is None or node.value > MAX_VALUE:
                self.problem(codes.EFFECT_RANGE, f"{node.text[:12]}{'…' if len(node.text) > 12 else ''} is "
                             f"too large; numbers go up to {MAX_VALUE}", node.span)
                return None
            return ir.Num(node.value), NUMBER
        if isinstance(node, n.Name):
            return self.name(node, kind_hint)
        left, right = self.expr(node.left), self.expr(node.right)
        if left is None or right is None:
            return None
        for side, (_, kind) in ((node.left, left), (node.right, right)):
            if kind != NUMBER:
                self.problem(codes.EFFECT_TYPE, f"'{node.op}' works on numbers, but this is a {kind}",
                             side.span)
                return None
        folded = fold(ir.BinOp(node.op, left[0], right[0]))
        if isinstance(folded, ir.Num) and abs(folded.value) > MAX_VALUE:
            self.problem(codes.EFFECT_RANGE, f"this comes to {folded.value}; numbers go up to {MAX_VALUE}",
                         node.span)
            return None
        return folded, NUMBER

    def name(self, node: n.Name, kind_hint: str | None) -> tuple[ir.Expr, str] | None:
        word = node.word.text
        if kind_hint is not None and word in self.vocabulary.kinds[kind_hint].values:
            return ir.Value(kind_hint, word, self.vocabulary.kinds[kind_hint].values[word]), kind_hint
        attribute = self.vocabulary.attributes.get(word)
        if attribute is not None:
            if (self.trigger is not None and attribute.triggers is not None
                    and self.trigger.id not in attribute.triggers):
                allowed = sorted(t.phrase for t in self.vocabulary.triggers.values()
                                 if t.id in attribute.triggers)
                self.problem(codes.EFFECT_TIMING, f"'{word}' has no value '{self.trigger.phrase}'", node.span,
                             "it can be read only: " + ", ".join(f"'{a}'" for a in allowed))
                return None
            if not self.owner_allows(attribute.kinds, f"'{word}'", node.span):
                return None
            return ir.Attr(attribute), attribute.type
        kind = self.vocabulary.kind_of_word(word)
        if kind is not None:
            return ir.Value(kind.name, word, kind.values[word]), kind.name
        if kind_hint is not None:
            self.problem(codes.EFFECT_UNKNOWN_WORD, f"'{word}' is not a {kind_hint}", node.span,
                         did_you_mean(word, self.vocabulary.kinds[kind_hint].values))
            return None
        words = [*self.vocabulary.attributes, *(w for k in self.vocabulary.kinds.values() for w in k.values)]
        self.problem(codes.EFFECT_UNKNOWN_WORD, f"unknown word '{word}'", node.span,
                     did_you_mean(word, words) or "see `rulecraft dsl-reference` for the attributes")
        return None

    def condition(self, node: n.Condition) -> ir.Cond | None:
        if isinstance(node, n.Negation):
            test = self.condition(node.test)
            return ir.Not(test) if test is not None else None
        if isinstance(node, n.AllOf | n.AnyOf):
            tests = [self.condition(t) for t in node.tests]
            if any(t is None for t in tests):
                return None
            return (ir.All if isinstance(node, n.AllOf) else ir.Any)(tuple(tests))  # type: ignore[arg-type]
        left = self.expr(node.left)
        right = self.expr(node.right, left[1] if left and left[1] != NUMBER else None)
        if left is None or right is None:
            return None
        if node.op in ("is", "is not", "=", "!="):
            if left[1] != right[1]:
                self.problem(codes.EFFECT_TYPE, f"cannot compare a {left[1]} with a {right[1]}", node.span)
                return None
        elif left[1] != NUMBER or right[1] != NUMBER:
            bad = node.left if left[1] != NUMBER else node.right
            self.problem(codes.EFFECT_TYPE, f"'{node.op}' compares numbers, but this is a "
                         f"{left[1] if bad is node.left else right[1]}", bad.span)
            return None
        return ir.Compare(_OPS[node.op], left[0], right[0])


def _usage(verb: Verb) -> str:
    """The verb's words with its slots in capitals: ``add AMOUNT armour to this``."""
    return " ".join(w[1:-1].upper() if w.startswith("{") else w for w in verb.words)


def _item_text(item: _Item) -> str:
    return item.word or (item.expr.text if isinstance(item.expr, n.Number) else "…")


def _after(span: n.Span) -> n.Span:
    return n.Span(span.end, span.end + 1, span.line, span.column + (span.end - span.start))


# --- constant folding and "can this ever be true?" ------------------------------------------

def fold(expr: ir.Expr) -> ir.Expr:
    """Fold arithmetic on constants: ``2 + 1`` becomes ``3``."""
    if isinstance(expr, ir.BinOp) and isinstance(expr.left, ir.Num) and isinstance(expr.right, ir.Num):
        a, b = expr.left.value, expr.right.value
        return ir.Num(a + b if expr.op == "+" else a - b if expr.op == "-" else a * b)
    return expr


def bounds(expr: ir.Expr) -> tuple[float, float]:
    """The smallest and largest value an expression can take (attributes are never below their low)."""
    if isinstance(expr, ir.Num):
        return expr.value, expr.value
    if isinstance(expr, ir.Attr):
        return expr.attribute.low, math.inf
    if isinstance(expr, ir.BinOp):
        (a, b), (c, d) = bounds(expr.left), bounds(expr.right)
        if expr.op == "+":
            return a + c, b + d
        if expr.op == "-":
            return a - d, b - c
        products = [x * y for x in (a, b) for y in (c, d) if not (math.isinf(x) and y == 0)
                    and not (math.isinf(y) and x == 0)] or [0]
        return min(products), max(products)
    return -math.inf, math.inf


def fold_condition(cond: ir.Cond) -> bool | None:
    """``True``/``False`` when the condition's value is known before the game runs, else ``None``."""
    if isinstance(cond, ir.Not):
        inner = fold_condition(cond.test)
        return None if inner is None else not inner
    if isinstance(cond, ir.All | ir.Any):
        values = [fold_condition(t) for t in cond.tests]
        if isinstance(cond, ir.All):
            return False if False in values else (True if all(v is True for v in values) else None)
        return True if True in values else (False if all(v is False for v in values) else None)
    if isinstance(cond.left, ir.Value) or isinstance(cond.right, ir.Value):
        if isinstance(cond.left, ir.Value) and isinstance(cond.right, ir.Value):
            return (cond.left.word == cond.right.word) == (cond.op == "==")
        return None
    (a, b), (c, d) = bounds(cond.left), bounds(cond.right)
    always, never = {
        "<": (b < c, a >= d), "<=": (b <= c, a > d), ">": (a > d, b <= c), ">=": (a >= d, b < c),
        "==": (a == b == c == d, b < c or a > d), "!=": (b < c or a > d, a == b == c == d),
    }[cond.op]
    return True if always else False if never else None


def check(effect: n.Effect, vocabulary: Vocabulary, entity_kind: str | None = None
          ) -> tuple[list[ir.Ability], list[Problem]]:
    """Check a parsed effect; the typed abilities are complete only when no problem is an error."""
    checker = Checker(vocabulary, entity_kind)
    abilities = checker.effect(effect)
    return abilities, checker.problems
