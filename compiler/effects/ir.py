"""Check: the checked, typed effect tree that both back ends render.

The checker builds it only from a syntax tree whose every word resolved against the vocabulary,
so back ends never see an unknown word: verbs and attributes are registry entries, values are
registry words, numbers are small ints. Nothing here holds a user string that could reach code.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulecraft.compiler.effects.vocabulary import Attribute, Payment, Trigger, Verb


@dataclass(frozen=True, slots=True)
class Num:
    value: int


@dataclass(frozen=True, slots=True)
class Attr:
    attribute: Attribute


@dataclass(frozen=True, slots=True)
class Value:
    """A word of a kind (``ranged``, ``energy``: the game's vocabulary); ``display`` is its rule-text form."""

    kind: str
    word: str
    display: str
    singular: str | None = None


@dataclass(frozen=True, slots=True)
class BinOp:
    op: str  # + - *
    left: Expr
    right: Expr


Expr = Num | Attr | Value | BinOp


@dataclass(frozen=True, slots=True)
class Compare:
    op: str  # < <= > >= == !=
    left: Expr
    right: Expr


@dataclass(frozen=True, slots=True)
class All:
    tests: tuple[Cond, ...]


@dataclass(frozen=True, slots=True)
class Any:
    tests: tuple[Cond, ...]


@dataclass(frozen=True, slots=True)
class Not:
    test: Cond


Cond = Compare | All | Any | Not


@dataclass(frozen=True, slots=True)
class Do:
    """A verb with its arguments: slot name -> expression (numbers) or Value (kinds)."""

    verb: Verb
    args: tuple[tuple[str, Expr], ...]

    def arg(self, name: str) -> Expr:
        return dict(self.args)[name]


@dataclass(frozen=True, slots=True)
class Pay:
    """``pay AMOUNT RESOURCE``, with the game's ``payment`` (what paying calls)."""

    resource: Value
    amount: Expr
    payment: Payment


@dataclass(frozen=True, slots=True)
class PayUpTo:
    resources: tuple[Value, ...]
    limit: Expr
    body: tuple[Step, ...]
    payment: Payment


Step = Do | Pay | PayUpTo


@dataclass(frozen=True, slots=True)
class Seq:
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class May:
    seq: Seq


@dataclass(frozen=True, slots=True)
class If:
    condition: Cond
    then: Seq | May
    otherwise: Seq | May | If | None


Sentence = Seq | May | If


@dataclass(frozen=True, slots=True)
class Ability:
    trigger: Trigger
    body: tuple[Sentence, ...]
