"""Report: Mecha Game's balance report, its GameDefinition's ``metrics`` member: the records and sections
``rulecraft sim`` adds to the report skeleton (``rulecraft.runtime.balance.report``).

``game_record`` keeps what one game says beyond the skeleton's record: the first player (M4), the turns,
how it ended (M20: the loser's loss condition, or a draw), each seat's deck and the cards it drew and
played. ``SIM_REPORT`` adds to the skeleton's seat, agent, first-player and length sections: how games
end, deck-out against damage against the other way (a full entry zone) and draws, each with its Wilson
interval, and the win rate of a seat that played each card; its comparison (``comparison``) a row per
card of either stack, and each seat's deck. A draw is k = 2 winners: each seat gets half a win.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulecraft.runtime.balance.records import core_record
from rulecraft.runtime.balance.report import (
    Block,
    CoreTotals,
    Rates,
    Record,
    Section,
    SimReport,
    core_numbers,
    core_sections,
    pct,
    rate,
    rate_section,
    section_plot,
)
from rulecraft.runtime.balance.sweep.metrics import held_win

# The events a record reads one by one (who played what); every other kind it only counts
# (``GameCore.event_counts``), so a simulation that keeps no log plays in summary mode
# (``GameCore.keep_only``).
RECORD_EVENTS = frozenset({"enter", "command", "draw"})

# M20's three ways to lose, by the reason the engine records on the loser: (1) drawing from, or being
# attacked directly with, an empty deck; (2) 5 damage cards; (3) an entry zone with no room at the end of
# its owner's Start phase. Both at once is a draw.
WAYS = {"deck-out": "deck-out", "attacked-with-empty-deck": "deck-out", "damage": "damage",
        "entry-zone-full": "other"}
WAY_NAMES = {"deck-out": "deck-out (M20 1)", "damage": "damage (M20 2)",
             "other": "other: a full entry zone (M20 3)", "draw": "draw (both at once)"}


def game_record(game: Any, index: int, seed: str, agents: Sequence[str]) -> Record:
    """The skeleton's record of one game, with its first seat, turns, how it ended, each seat's deck and
    what it drew and played."""
    record = core_record(game, index, seed, agents)
    played: list[set[str]] = [set() for _ in record["seats"]]
    drawn: list[set[str]] = [set() for _ in record["seats"]]
    for event in game.events:
        if event["e"] in RECORD_EVENTS:
            (drawn if event["e"] == "draw" else played)[event["player"]].add(event["card"])
    for seat, deck in zip(record["seats"], game.ruleset.seat_decks, strict=True):
        seat.update(deck=deck, played=sorted(played[seat["seat"]]), drawn=sorted(drawn[seat["seat"]]))
    ended = game.reason if game.winner is not None else "draw" if game.finished else None
    record.update(first_seat=game.first, turns=game.turn, end=ended,
                  way=WAYS.get(ended, "other") if ended not in (None, "draw") else ended)
    return record


def _played(seat: Record) -> list[str]:
    """What a seat held: the cards it played (entered or commanded) at least once."""
    return seat["played"]


def _ends_by(record: Record, way: str) -> list[int]:
    return [int(record["way"] == way)]


# What `rulecraft sweep` can read of a Mecha Game record (rulecraft.runtime.balance.sweep.metrics's table
# shape), and what it reads without --metric: a varied card's win rate when played, and the game length.
SWEEP_METRICS = {
    "card-win-rate": ("rate", held_win(_played), "ID", "win rate of the seats that played card ID"),
    "ends-by": ("rate", _ends_by, "WAY", "share of games ending by WAY (M20): deck-out, damage, other, draw"),
    "turns": ("mean", lambda record, _: [record["turns"]], "", "turns per game"),
}
SWEEP_DEFAULTS = {"towers": ("card-win-rate",), "mechas": ("card-win-rate",), "commands": ("card-win-rate",),
                  "*": ("turns",)}


class MechaReport(SimReport):
    intro = ("A draw (both players meet a loss condition in the same event, M20) counts half a win for each "
             "seat.",)

    def summarize(self, records: Sequence[Record], ruleset: Any) -> dict[str, Any]:
        totals = self.totals(ruleset)
        for record in records:
            totals.add(record)
        return totals.report()

    def totals(self, ruleset: Any) -> MechaTotals:
        """Running totals: a run of any length keeps none of its records (issue 28: flat memory)."""
        return MechaTotals(ruleset)

    def sections(self, report: dict[str, Any]) -> list[Block]:
        ends = tuple((WAY_NAMES[way], str(e["wins"]), pct(e)) for way, e in report["ends"].items())
        title = "How games end (M20: the loser's loss condition)"
        how = Section(title, ("end", "games", "share [95% CI]"), ends,
                      plot=section_plot(title, [WAY_NAMES[way] for way in report["ends"]],
                                        list(report["ends"].values())))
        cards = rate_section("Win rate when a card was played (seats that played it at least once)", "card",
                             report["card_win"], 0.5, lambda row: f"{row['name']} ({row['card']})",
                             "* = the interval excludes 50%. A card played by the stronger agent's seats "
                             "wins more: read it beside the win rate by agent.")
        return [*core_sections(report), how, cards]

    def numbers(self, record: Record) -> dict[str, float]:
        out = core_numbers(record)
        out.update({f"ends by {WAY_NAMES[way]}": float(record["way"] == way) for way in WAY_NAMES})
        return out

    def compare(self, base: Sequence[Record], variant: Sequence[Record], rulesets: tuple[Any, Any]
                ) -> dict[str, Any]:
        from rulecraft.plugins.mecha.comparison import compare

        return compare(base, variant, self.numbers, rulesets)

    def comparison_sections(self, comparison: dict[str, Any]) -> list[Block]:
        from rulecraft.plugins.mecha.comparison import terminal_blocks

        return terminal_blocks(comparison)

    def comparison_page(self, comparison: dict[str, Any]) -> list[Block]:
        from rulecraft.plugins.mecha.comparison import page_blocks

        return page_blocks(comparison)


class MechaTotals(CoreTotals):
    """The skeleton's totals, how games end (M20) and the win rate of the seats that played each card."""

    def __init__(self, ruleset: Any) -> None:
        super().__init__()
        self.ruleset = ruleset
        self.ends = dict.fromkeys(WAY_NAMES, 0)
        self.cards = Rates("card")

    def add(self, record: Record) -> None:
        super().add(record)
        if record["aborted"]:
            return
        if record["way"] in self.ends:
            self.ends[record["way"]] += 1
        for seat in record["seats"]:
            for card in dict.fromkeys(_played(seat)):
                self.cards.add(seat, card)

    def report(self) -> dict[str, Any]:
        report = super().report()
        report["ends"] = {way: rate(count, self.games) for way, count in self.ends.items()}
        cards = {row["card"]: row for row in self.cards.rows()}
        report["card_win"] = [{"name": self.ruleset.cards[c].name, **cards[c]} for c in sorted(cards)]
        return report


SIM_REPORT = MechaReport()
