"""Report: a comparison (``comparison.compare``) as tables and notes, the words the terminal and the
HTML page both print: B - A cells in percentage points for rates, the flags, which interval, who chose
what, and what a fractional win is.
"""

from __future__ import annotations

from typing import Any

from rulecraft.plugins.tem.balance.comparison import MIN_SAMPLE
from rulecraft.runtime.balance.comparison import FEW, entity_section, game_section, players_section
from rulecraft.runtime.balance.report import Block, Bullets, ForestPlot, Lines, Section

FRACTIONAL_WINS = ("A win is a share: a shared victory (T15: still tied after the Mighty Mech and the "
                   "weapon-count tie-breaks) gives each of its k winners 1/k, so win counts can be "
                   "fractional.")
CHOICES = ("Sample sizes are the agents' choices, not players' preferences: each seat's agent keeps one of "
           "the pilots dealt to it and buys its weapons, so a card an agent favours has many games and one "
           "it never picks has none.")


def choice_lines(comparison: dict[str, Any]) -> list[str]:
    """One line per side and agent: the pilots it kept when dealt (most kept first), and how many
    weapons its seats bought; a card it never picks shows 0 of its deals."""
    lines = []
    for side in "ab":
        found = comparison["choices"][side]
        agents = sorted({a for by in found["pilots"].values() for a in by})
        for agent in agents:
            kept = sorted(((by[agent]["kept"], by[agent]["dealt"], p) for p, by in found["pilots"].items()
                           if agent in by), key=lambda t: (-t[0] / t[1], -t[1], t[2]))
            pilots = ", ".join(f"{p} {k}/{d}" for k, d, p in kept)
            bought = sorted(((by[agent]["bought"], w) for w, by in found["weapons"].items()
                             if agent in by and by[agent]["bought"]), reverse=True)
            weapons = ", ".join(f"{w} {n}" for n, w in bought[:5]) or "none"
            lines.append(f"{side.upper()}, {agent} seats: kept when dealt: {pilots}; bought most: {weapons}")
    return lines


def agent_choices(by_agent: dict[str, dict[str, int]]) -> str:
    """``heuristic 27/27, random 6/13``: how often each agent kept a pilot when it was dealt one."""
    return ", ".join(f"{agent} {n['kept']}/{n['dealt']}" for agent, n in by_agent.items()) or "never dealt"


def method_note(comparison: dict[str, Any]) -> str:
    """The sentences that say which interval and which flags the comparison uses."""
    games = comparison["games"]
    if comparison["paired"]:
        how = (f"{games} games paired by seed; each row is B - A with a 95% paired t interval on the "
               f"per-game differences (a card's rates are ratios over games: linearised by the delta "
               f"method, each game one unit)")
    else:
        how = (f"{games[0]} and {games[1]} games on different seeds, not paired; each row is B - A with "
               f"Welch's interval (Newcombe's for 0/1 game metrics)")
    return (f"{how}. * = the interval excludes 0. With {comparison['tested']} rows tested, about 1 in 20 of "
            f"the unchanged ones is starred by chance alone; ** = still significant after Holm's adjustment "
            f"for all {comparison['tested']} (a 5% chance that any ** is false). {FEW} = a card's rate over "
            f"fewer than {MIN_SAMPLE} seats on a side: shown, not tested.")


# group, title, its two measures with their short column names, what the first measure's n counts
CARD_TABLES = (("pilot", "Pilots", {"win rate when kept": "win", "kept when dealt": "kept/dealt"}, "kept"),
               ("weapon", "Weapons", {"win rate when owned": "win", "purchase rate": "bought"}, "owners"))


def tables(comparison: dict[str, Any]) -> list[Section]:
    """Pilots and weapons (two measures each, every card of the stacks), seats and agents, the game."""
    rows = comparison["rows"]
    return [*(entity_section(rows, group, title, pair, count) for group, title, pair, count in CARD_TABLES),
            players_section(rows, "Win rate by seat and agent: B - A (percentage points)"),
            game_section(rows)]


def notes(comparison: dict[str, Any]) -> list[str]:
    """What a reader needs before the tables: the interval and flags, fractional wins, who chose."""
    return [method_note(comparison), FRACTIONAL_WINS, CHOICES]


def terminal_blocks(comparison: dict[str, Any]) -> list[Block]:
    """The notes and who chose what, line by line, then the tables."""
    return [Lines((*notes(comparison), *choice_lines(comparison))), *tables(comparison)]


def page_blocks(comparison: dict[str, Any]) -> list[Block]:
    """The notes, who chose what as a list, the forest plots of every card's, seat's and agent's change,
    then the tables."""
    rows = tuple(comparison["rows"])
    forests = [ForestPlot(rows, group, tuple(pair), f"{title}: B - A")
               for group, title, pair, _ in CARD_TABLES]
    forests += [ForestPlot(rows, group, ("win rate",), f"Win rate by {group}: B - A")
                for group in ("seat", "agent")]
    return [Lines(tuple(notes(comparison))), Bullets(tuple(choice_lines(comparison))), *forests,
            *tables(comparison)]
