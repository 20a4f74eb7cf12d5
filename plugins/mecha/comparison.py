"""Report: Mecha Game's comparison of two runs (``rulecraft sim --compare``), variant (B) minus base (A):
the skeleton's seat, agent and game rows (``rulecraft.runtime.balance.comparison``) and, for every card of
either stack, the win rate of the seats that played it and how often a seat that drew it played it; and
which starter deck each seat played on each side (a seat's win rate is its deck's as much as its own).

A card's rates are ratios over games (wins of the seats that played it over those seats; seats that drew
and played it over seats that drew it), paired by seed like every row; over fewer than ``MIN_SAMPLE``
seats on a side a rate is shown as ``few`` and not tested, and a card only one stack has is ``new in B``
or ``removed in B``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from rulecraft.runtime.balance.comparison import (
    MIN_SAMPLE,
    Measure,
    adjusted,
    entity_section,
    game_section,
    held_row,
    measure_row,
    measures,
    pair_by_seed,
    players_section,
)
from rulecraft.runtime.balance.comparison import method_note as core_method_note
from rulecraft.runtime.balance.report import Block, Bullets, ForestPlot, Lines, Record, Section

# measure -> its short column name, and how a row with no holders on a side reads
CARD_MEASURES = {"win rate when played": ("win", "never played"),
                 "played when drawn": ("use", "never drawn")}


def _played(card: str, r: Record) -> tuple[float, float]:
    mine = [s for s in r["seats"] if card in s["played"]]
    return sum(s["win"] for s in mine), len(mine)


def _played_when_drawn(card: str, r: Record) -> tuple[float, float]:
    drew = [s for s in r["seats"] if card in s["drawn"]]
    return sum(1 for s in drew if card in s["played"]), len(drew)


COUNTS = {"win rate when played": _played, "played when drawn": _played_when_drawn}


def card_measures(cards: Sequence[str]) -> list[Measure]:
    return [Measure("card", card, measure, partial(COUNTS[measure], card), True, never)
            for card in cards for measure, (_, never) in CARD_MEASURES.items()]


def seat_decks(ruleset: Any) -> list[dict[str, str]]:
    """Which starter deck each seat plays (M1: seat a, seat b), by id and name."""
    return [{"seat": str(seat), "colour": "ab"[seat], "deck": deck, "name": ruleset.decks[deck].name}
            for seat, deck in enumerate(ruleset.seat_decks)]


def compare(base: Sequence[Record], variant: Sequence[Record], numbers: Any, rulesets: tuple[Any, Any]
            ) -> dict[str, Any]:
    """Every card's rows (each card of either stack, and any a record names), then the skeleton's."""
    games_a, games_b, paired = pair_by_seed(base, variant)
    held = (set(rulesets[0].cards), set(rulesets[1].cards))
    named = sorted({c for r in (*games_a, *games_b) for s in r["seats"] for c in (*s["played"], *s["drawn"])})
    cards = list(dict.fromkeys([*rulesets[0].cards, *rulesets[1].cards, *named]))
    rows = [held_row(m, games_a, games_b, held, paired) for m in card_measures(cards)]
    rows += [measure_row(m, games_a, games_b, paired) for m in measures([*games_a, *games_b], numbers)]
    return {**adjusted(rows, games_a, games_b, paired),
            "decks": {"a": seat_decks(rulesets[0]), "b": seat_decks(rulesets[1])}}


def deck_line(comparison: dict[str, Any]) -> str:
    """``Decks: seat 0 (a) plays Skyline Assault (skyline-assault) in A and B; ...``"""
    parts = []
    for a, b in zip(comparison["decks"]["a"], comparison["decks"]["b"], strict=True):
        seat = f"seat {a['seat']} ({a['colour']})"
        if a["deck"] == b["deck"]:
            parts.append(f"{seat} plays {a['name']} ({a['deck']}) in A and B")
        else:
            parts.append(f"{seat} plays {a['name']} ({a['deck']}) in A, {b['name']} ({b['deck']}) in B")
    return "Decks: " + "; ".join(parts) + "."


def method_note(comparison: dict[str, Any]) -> str:
    return (f"{core_method_note(comparison)} A card's rates are ratios over games (the delta method, each "
            f"game one unit); few = over fewer than {MIN_SAMPLE} seats on a side: shown, not tested.")


def tables(comparison: dict[str, Any]) -> list[Section]:
    rows = comparison["rows"]
    pair = {measure: short for measure, (short, _) in CARD_MEASURES.items()}
    return [entity_section(rows, "card", "Cards", pair, "seats"),
            players_section(rows, "Win rate by seat and agent: B - A (percentage points)"),
            game_section(rows)]


def terminal_blocks(comparison: dict[str, Any]) -> list[Block]:
    return [Lines((method_note(comparison), deck_line(comparison))), *tables(comparison)]


def page_blocks(comparison: dict[str, Any]) -> list[Block]:
    """The notes, the decks, the forest plot of every card's change, then the tables."""
    rows = tuple(comparison["rows"])
    forests = [ForestPlot(rows, "card", tuple(CARD_MEASURES), "Cards: B - A"),
               ForestPlot(rows, "seat", ("win rate",), "Win rate by seat: B - A")]
    return [Lines((method_note(comparison),)), Bullets((deck_line(comparison),)), *forests,
            *tables(comparison)]
