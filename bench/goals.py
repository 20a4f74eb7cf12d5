"""Each figure a benchmark holds to a goal, printed next to it (issue 14: "bench prints each figure with its
goal").

A benchmark reports a goal figure with :func:`figure`, which returns its report line and records it;
``python -m bench`` prints every recorded figure again at the end, met or not, so one look says where
rulecraft stands. A goal is a bound (``at_most`` or ``at_least``) in the figure's unit, with the issue or
ruling that set it. Benchmarks measure; a missed goal is reported, never a failed build.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Figure:
    name: str
    value: float
    unit: str
    bound: float
    at_most: bool              # False: the goal is a floor (at least ``bound``)
    source: str                # what set the goal, e.g. "issue 14"

    @property
    def met(self) -> bool:
        return self.value <= self.bound if self.at_most else self.value >= self.bound

    def line(self) -> str:
        sign = "<=" if self.at_most else ">="
        verdict = "met" if self.met else "NOT MET"
        value = f"{self.value:,.0f}" if abs(self.value) >= 1000 else f"{self.value:.3g}"
        return (f"{self.name:<46} {value:>9} {self.unit:<14} goal {sign} {self.bound:g} {self.unit} "
                f"({self.source}): {verdict}")


RECORDED: list[Figure] = []


def figure(name: str, value: float, unit: str, *, at_most: float | None = None, at_least: float | None = None,
           source: str) -> str:
    """Record a figure and its goal (exactly one of ``at_most``/``at_least``); returns its report line."""
    if (at_most is None) == (at_least is None):
        raise ValueError("a goal is either at_most or at_least")
    bound = at_most if at_most is not None else at_least
    assert bound is not None
    found = Figure(name, value, unit, bound, at_most is not None, source)
    RECORDED.append(found)
    return found.line()


def summary() -> list[str]:
    """Every figure recorded in this run, with its goal: the last thing ``python -m bench`` prints."""
    if not RECORDED:
        return []
    met = sum(f.met for f in RECORDED)
    return [f"{met} of {len(RECORDED)} goals met", *(f.line() for f in RECORDED)]
