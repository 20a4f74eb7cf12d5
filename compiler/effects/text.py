"""Generate: English rule text from the checked effect tree (the printed card's wording).

Every node renders itself: verbs and attributes through their registry templates, values through
their display names ("Energy", "Power Armor"), numbers as digits. The result is the text the
cards, the docs and the agents' prompts show, so it can never disagree with the handler the
engine runs, which the Python back end generates from the same tree.
"""

from __future__ import annotations

from functools import singledispatch

from rulecraft.compiler.effects import ir

_COMPARE = {"<": "is less than", "<=": "is at most", ">": "is more than", ">=": "is at least",
            "==": "is", "!=": "is not"}
_ARITHMETIC = {"+": "plus", "-": "minus", "*": "times"}


def capitalize(text: str) -> str:
    return text[:1].upper() + text[1:]


@singledispatch
def expr_text(expr: ir.Expr) -> str:
    raise TypeError(f"no text for {type(expr).__name__}")


@expr_text.register
def _(expr: ir.Num) -> str:
    return str(expr.value)


@expr_text.register
def _(expr: ir.Attr) -> str:
    return expr.attribute.text


@expr_text.register
def _(expr: ir.Value) -> str:
    return expr.display


@expr_text.register
def _(expr: ir.BinOp) -> str:
    left = expr_text(expr.left)
    right = expr_text(expr.right)
    if isinstance(expr.right, ir.BinOp):
        right = f"({right})"
    return f"{left} {_ARITHMETIC[expr.op]} {right}"


def condition_text(cond: ir.Cond) -> str:
    if isinstance(cond, ir.Compare):
        return f"{expr_text(cond.left)} {_COMPARE[cond.op]} {expr_text(cond.right)}"
    if isinstance(cond, ir.Not):
        return f"not ({condition_text(cond.test)})"
    joiner = " and " if isinstance(cond, ir.All) else " or "
    parts = [condition_text(t) if isinstance(t, ir.Compare | ir.Not) else f"({condition_text(t)})"
             for t in cond.tests]
    return joiner.join(parts)


def do_text(step: ir.Do) -> str:
    """One verb as a clause, lower case, no full stop: 'gain 1 VP', 'this attack deals +1 damage'."""
    verb = step.verb
    values = {name: expr_text(value) for name, value in step.args}
    if any(isinstance(v, ir.Num) and v.value == 1 for _, v in step.args):  # "1 Credit", "2 Credits"
        values.update({name: v.singular for name, v in step.args if isinstance(v, ir.Value) and v.singular})
    plain = all(isinstance(value, ir.Num | ir.Value) for _, value in step.args)
    template = verb.text if plain or verb.text_equal is None else verb.text_equal
    return template.format(**values)


def seq_sentences(seq: ir.Seq | tuple[ir.Step, ...]) -> list[str]:
    """Steps as sentences (lower case start): a payment ends a sentence and the next opens with
    'if you do, ' because what follows happens only if it was paid."""
    steps = seq.steps if isinstance(seq, ir.Seq) else seq
    sentences: list[str] = []
    clauses: list[str] = []
    prefix = ""
    for step in steps:
        if isinstance(step, ir.Pay):
            one = isinstance(step.amount, ir.Num) and step.amount.value == 1 and step.resource.singular
            name = step.resource.singular if one else step.resource.display
            clauses.append(f"pay {expr_text(step.amount)} {name}")
            sentences.append(prefix + " and ".join(clauses))
            clauses, prefix = [], "if you do, "
        elif isinstance(step, ir.PayUpTo):
            if clauses:
                sentences.append(prefix + " and ".join(clauses))
                clauses, prefix = [], ""
            sentences.extend(prefix + s for s in pay_up_to_sentences(step))
            prefix = ""
        else:
            clauses.append(do_text(step))
    if clauses:
        sentences.append(prefix + " and ".join(clauses))
    return sentences


def pay_up_to_sentences(step: ir.PayUpTo) -> list[str]:
    names = [r.display for r in step.resources]
    limit = expr_text(step.limit)
    if len(names) == 1:
        paid = step.resources[0].singular or names[0]  # "for each Credit paid"
        one = isinstance(step.limit, ir.Num) and step.limit.value == 1
        first = f"pay up to {limit} {paid if one else names[0]}"
    else:
        paid = "one"
        first = f"pay up to {limit} of one resource ({' or '.join(names)})"
    body = seq_sentences(step.body)
    return [first, *body[:-1], f"{body[-1]} for each {paid} paid"]


def sentence_text(sentence: ir.Sentence) -> str:
    """A sentence (or several) with capitals and full stops."""
    if isinstance(sentence, ir.Seq):
        return " ".join(capitalize(s) + "." for s in seq_sentences(sentence))
    if isinstance(sentence, ir.May):
        parts = seq_sentences(sentence.seq)
        return " ".join(capitalize(s) + "." for s in [f"you may {parts[0]}", *parts[1:]])
    return capitalize(_if_text(sentence))


def _branch(branch: ir.Seq | ir.May) -> str:
    parts = seq_sentences(branch.seq if isinstance(branch, ir.May) else branch)
    if isinstance(branch, ir.May):
        parts[0] = f"you may {parts[0]}"
    return ". ".join([parts[0], *(capitalize(p) for p in parts[1:])]) + "."


def _if_text(node: ir.If) -> str:
    text = f"if {condition_text(node.condition)}, {_branch(node.then)}"
    if node.otherwise is None:
        return text
    if isinstance(node.otherwise, ir.If):
        return f"{text} Otherwise, {_if_text(node.otherwise)}"
    return f"{text} Otherwise, {_branch(node.otherwise)}"


def ability_text(ability: ir.Ability) -> str:
    """'Before you attack: Pay up to 3 Energy. This attack deals +1 damage for each Energy paid.'"""
    return f"{ability.trigger.text}: " + " ".join(sentence_text(s) for s in ability.body)
