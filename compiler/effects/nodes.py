"""Parse: the effect DSL's syntax tree, small frozen dataclasses that carry their source span.

These nodes say only what was *written*; the checker (``check.py``) resolves words against the
vocabulary and builds the typed tree (``ir.py``) the back ends render. ``dump`` prints a tree as
stable text for the golden tests and ``rulecraft explain --emit ast``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True, slots=True)
class Span:
    """Where a node sits in its effect string: 0-based ``start``/``end`` offsets, 1-based line/column."""

    start: int
    end: int
    line: int = 1
    column: int = 1

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"


@dataclass(frozen=True, slots=True)
class Word:
    text: str
    span: Span


@dataclass(frozen=True, slots=True)
class Number:
    """An integer literal; ``value`` is ``None`` when it has too many digits to be a sane amount."""

    value: int | None
    text: str
    span: Span


@dataclass(frozen=True, slots=True)
class Name:
    """A bare word where a value is expected: an attribute (``health``) or a value (``ranged``)."""

    word: Word
    span: Span


@dataclass(frozen=True, slots=True)
class Binary:
    left: Expr
    op: str  # + - *
    right: Expr
    span: Span


Expr = Number | Name | Binary


@dataclass(frozen=True, slots=True)
class Comparison:
    left: Expr
    op: str  # < <= > >= = != is "is not"
    right: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class Negation:
    test: Condition
    span: Span


@dataclass(frozen=True, slots=True)
class AllOf:
    tests: tuple[Condition, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class AnyOf:
    tests: tuple[Condition, ...]
    span: Span


Condition = Comparison | Negation | AllOf | AnyOf


@dataclass(frozen=True, slots=True)
class Command:
    """A verb word and its arguments (numbers, attributes and plain words), matched by the checker."""

    verb: Word
    args: tuple[Expr, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Pay:
    amount: Expr
    resource: Word
    span: Span


@dataclass(frozen=True, slots=True)
class PayUpTo:
    """``pay up to LIMIT RESOURCE [or RESOURCE...]: STEPS each``: STEPS happen once per unit paid."""

    limit: Expr
    resources: tuple[Word, ...]
    body: Steps
    span: Span


Step = Command | Pay | PayUpTo


@dataclass(frozen=True, slots=True)
class Steps:
    """Steps joined by ``and``; a failed payment skips the steps after it."""

    steps: tuple[Step, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class May:
    """``you may STEPS``: the player decides whether to do all of them."""

    steps: Steps
    span: Span


Clause = Steps | May


@dataclass(frozen=True, slots=True)
class If:
    condition: Condition
    then: Clause
    otherwise: Clause | If | None
    span: Span


Sentence = If | Clause


@dataclass(frozen=True, slots=True)
class Ability:
    trigger: tuple[Word, ...]
    body: tuple[Sentence, ...]
    span: Span

    @property
    def trigger_phrase(self) -> str:
        return " ".join(w.text for w in self.trigger)


@dataclass(frozen=True, slots=True)
class Effect:
    abilities: tuple[Ability, ...]
    span: Span


def dump(node: object, indent: int = 0) -> str:
    """An indented, stable text form of a tree: node name, span, then fields."""
    pad = "  " * indent
    if isinstance(node, Word):
        return f"{pad}Word {node.text!r} @{node.span}"
    if isinstance(node, Number):
        return f"{pad}Number {node.text} @{node.span}"
    if isinstance(node, Name):
        return f"{pad}Name {node.word.text!r} @{node.span}"
    lines = [f"{pad}{type(node).__name__} @{node.span}"]  # type: ignore[attr-defined]
    for f in fields(node):  # type: ignore[arg-type]
        if f.name == "span":
            continue
        value = getattr(node, f.name)
        if isinstance(value, str):
            lines.append(f"{pad}  {f.name}: {value!r}")
        elif value is None:
            lines.append(f"{pad}  {f.name}: -")
        elif isinstance(value, tuple):
            lines.append(f"{pad}  {f.name}:")
            lines.extend(dump(item, indent + 2) for item in value)
        else:
            lines.append(f"{pad}  {f.name}:")
            lines.append(dump(value, indent + 2))
    return "\n".join(lines)
