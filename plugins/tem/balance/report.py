"""Report: Tiny Epic Mechs' balance report, its GameDefinition's ``metrics`` member.

What the tools read of it: ``game_record`` (one record per game, ``records``) and the events it reads
(``RECORD_EVENTS``: a simulation without logs plays in summary mode), ``SIM_REPORT`` (what
``rulecraft sim`` prints and writes: the final VP, every pilot and weapon of the stack, VP by source, the
Mighty Mech, and the comparison of two runs card by card; ``metrics``, ``comparison``, ``sections``,
``compare_text``, ``files``), and ``SWEEP_METRICS``/``SWEEP_DEFAULTS`` (what ``rulecraft sweep`` can read,
``sweep_metrics``). It declares its blocks and columns; the report skeleton
(``rulecraft.runtime.balance.report``) writes them.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from rulecraft.plugins.tem.balance.records import RECORD_EVENTS as RECORD_EVENTS
from rulecraft.plugins.tem.balance.records import game_record as game_record
from rulecraft.plugins.tem.balance.sweep_metrics import SWEEP_DEFAULTS as SWEEP_DEFAULTS
from rulecraft.plugins.tem.balance.sweep_metrics import SWEEP_METRICS as SWEEP_METRICS
from rulecraft.runtime.balance.report import Block, Column, Record, SimReport


class TemReport(SimReport):
    """Tiny Epic Mechs' numbers, blocks and columns on the skeleton (the layout its readers know)."""

    def seat_range(self, ruleset: Any, seats: tuple[int, int]) -> tuple[int, int]:
        """The stack's own ``min_players``-``max_players``, and no more seats than it has colours."""
        rules = ruleset.rules
        return rules.min_players, min(rules.max_players, len(ruleset.colours))

    def summarize(self, records: Sequence[Record], ruleset: Any) -> dict[str, Any]:
        from rulecraft.plugins.tem.balance.comparison import cards_of
        from rulecraft.plugins.tem.balance.metrics import summarize

        cards = cards_of(ruleset)
        return summarize(records, cards.weapons, cards.pilots)

    def totals(self, ruleset: Any) -> Any:
        """Running totals (``metrics.Totals``): a run of any length keeps none of its records."""
        from rulecraft.plugins.tem.balance.comparison import cards_of
        from rulecraft.plugins.tem.balance.metrics import Totals

        cards = cards_of(ruleset)
        return Totals(cards.weapons, cards.pilots)

    def compare(self, base: Sequence[Record], variant: Sequence[Record], rulesets: tuple[Any, Any]
                ) -> dict[str, Any]:
        from rulecraft.plugins.tem.balance.comparison import cards_of, compare

        return compare(base, variant, (cards_of(rulesets[0]), cards_of(rulesets[1])))

    def intro_lines(self, report: dict[str, Any]) -> list[str]:
        from rulecraft.plugins.tem.balance.sections import intro_lines

        return intro_lines(report)

    def sections(self, report: dict[str, Any]) -> list[Block]:
        from rulecraft.plugins.tem.balance.sections import terminal_sections

        return terminal_sections(report)

    def page_intro(self, report: dict[str, Any]) -> list[str]:
        from rulecraft.plugins.tem.balance.sections import page_intro

        return page_intro(report)

    def page(self, report: dict[str, Any]) -> list[Block]:
        from rulecraft.plugins.tem.balance.sections import page

        return page(report)

    def comparison_sections(self, comparison: dict[str, Any]) -> list[Block]:
        from rulecraft.plugins.tem.balance.compare_text import terminal_blocks

        return terminal_blocks(comparison)

    def comparison_page(self, comparison: dict[str, Any]) -> list[Block]:
        from rulecraft.plugins.tem.balance.compare_text import page_blocks

        return page_blocks(comparison)

    def csv_columns(self, records: Collection[Record]) -> list[Column]:
        from rulecraft.plugins.tem.balance.files import csv_columns

        return csv_columns(records)


SIM_REPORT = TemReport()
