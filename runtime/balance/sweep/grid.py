"""Run: a sweep's grid from ``--vary 'KIND:ID.FIELD=VALUES'``: its variations and their points.

A variation names an entity field (``weapons:lightning-coil.cost.energy``; ``rules:rules.rounds`` for a
rule parameter) and the values to try: a list ``1,2,3``, a range ``1..5`` (inclusive, step 1) or a range
with a step ``0.5..2.0/0.25``; items mix (``1..3,5``). Several variations make a grid, their cross
product, guarded by a maximum number of points.

A point is a set of assignments, plain data: the compiler layers it on the stack as a generated pack
(``rulecraft.compiler.variations``), the sweep runs its games and reports it by :func:`label`.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from typing import Any

MAX_VALUES = 10_000      # one variation's values; the grid has its own --max-points
_TARGET = re.compile(r"^(?P<kind>[a-z][a-z0-9_-]*):(?P<id>[A-Za-z0-9_-]+)\.(?P<path>[A-Za-z0-9_.-]+)="
                     r"(?P<values>.*)$", re.S)
_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")


class VaryError(ValueError):
    """A ``--vary`` argument that does not parse: a usage error, said in the argument's own terms."""


@dataclass(frozen=True)
class Variation:
    """One ``--vary``: the field it sets and the values to try, in the order given."""

    text: str
    kind: str
    id: str
    path: tuple[str, ...]
    values: tuple[Any, ...]

    @property
    def field(self) -> str:
        return f"{self.kind}:{self.id}.{'.'.join(self.path)}"

    @property
    def numeric(self) -> bool:
        return all(isinstance(v, int | float) and not isinstance(v, bool) for v in self.values)


@dataclass(frozen=True)
class Assignment:
    """One field set to one value at one point; ``text`` is the ``--vary`` it came from."""

    kind: str
    id: str
    path: tuple[str, ...]
    value: Any
    text: str

    @property
    def field(self) -> str:
        return f"{self.kind}:{self.id}.{'.'.join(self.path)}"


Point = tuple[Assignment, ...]


def parse_variation(text: str) -> Variation:
    """``KIND:ID.FIELD=VALUES`` -> Variation; VaryError says what is wrong and how it should look."""
    match = _TARGET.match(text.strip())
    if match is None:
        raise VaryError(f"--vary {text!r}: expected KIND:ID.FIELD=VALUES, e.g. "
                        "'weapons:lightning-coil.cost.energy=1,3' or 'rules:rules.rounds=5..7'")
    path = tuple(match["path"].split("."))
    if any(not part for part in path):
        raise VaryError(f"--vary {text!r}: the field path {match['path']!r} has an empty part")
    values = parse_values(match["values"], text)
    return Variation(text, match["kind"], match["id"], path, values)


def parse_values(spec: str, text: str = "") -> tuple[Any, ...]:
    """``1,2,3``, ``1..5``, ``0.5..2.0/0.25`` or a mix, in order, each value once."""
    where = f"--vary {text or spec!r}"
    values: list[Any] = []
    for item in (part.strip() for part in spec.split(",")):
        if not item:
            raise VaryError(f"{where}: an empty value (two commas, or none at all)")
        values += _range(item, where) if ".." in item else [_scalar(item)]
        if len(values) > MAX_VALUES:
            raise VaryError(f"{where}: more than {MAX_VALUES} values")
    return tuple(dict.fromkeys(values))


def _range(item: str, where: str) -> list[Any]:
    bounds, _, step_text = item.partition("/")
    low_text, _, high_text = bounds.partition("..")
    try:
        low, high = Decimal(low_text.strip()), Decimal(high_text.strip())
        step = Decimal(step_text.strip()) if step_text else Decimal(1)
    except InvalidOperation:
        raise VaryError(f"{where}: {item!r} is not a range; write LOW..HIGH or LOW..HIGH/STEP with "
                        "numbers") from None
    if step <= 0:
        raise VaryError(f"{where}: the step of {item!r} must be positive")
    if low > high:
        raise VaryError(f"{where}: {item!r} runs downwards; write the lower bound first")
    if (high - low) / step > MAX_VALUES:
        raise VaryError(f"{where}: {item!r} has more than {MAX_VALUES} values")
    integral = all(d == d.to_integral_value() and "." not in t
                   for d, t in ((low, low_text), (high, high_text), (step, step_text or "1")))
    out, current = [], low
    while current <= high:
        out.append(int(current) if integral else float(current))
        current += step
    return out


def _scalar(item: str) -> Any:
    """A value as YAML would read it: integer, number, true/false, or text."""
    if _NUMBER.match(item):
        return int(item) if re.fullmatch(r"[+-]?\d+", item) else float(item)
    if item in ("true", "false"):
        return item == "true"
    return item


def grid(variations: Sequence[Variation], max_points: int) -> list[Point]:
    """The cross product of the variations (the first varies slowest); VaryError above ``max_points``."""
    count = 1
    for variation in variations:
        count *= len(variation.values)
    if count > max_points:
        sizes = " x ".join(str(len(v.values)) for v in variations)
        raise VaryError(f"the grid has {count} points ({sizes}), more than --max-points {max_points}; "
                        "vary fewer values or raise --max-points")
    fields = [v.field for v in variations]
    if len(set(fields)) != len(fields):
        raise VaryError("the same field is varied twice: " + ", ".join(sorted({f for f in fields
                                                                               if fields.count(f) > 1})))
    return [tuple(Assignment(v.kind, v.id, v.path, value, v.text) for v, value in zip(variations, combo,
                                                                                    strict=True))
            for combo in itertools.product(*(v.values for v in variations))]


def with_value(point: Point, field: str, value: Any) -> Point:
    """``point`` with the assignment to ``field`` set to ``value`` (the refinement's new points)."""
    return tuple(replace(a, value=value) if a.field == field else a for a in point)


def label(point: Point) -> str:
    return ", ".join(f"{a.field}={json.dumps(a.value)}" for a in point)
