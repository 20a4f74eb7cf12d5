"""Report: a Mecha Game position as text, drawn from one player's view (M18): the grid, the units with
their counters, each player's zones, bandwidth and population. It reads only a view's state, so it can
never show the opponent's hand or a deck's order."""

from __future__ import annotations

from typing import Any

from rulecraft.plugins.mecha.model import Ruleset

SEAT_NAMES = ("a", "b")


def code(name: str) -> str:
    """Two letters for a card on the grid: the initials of a two-word name, else its first two letters."""
    words = name.split()
    return (words[0][0] + words[1][0] if len(words) > 1 else name[:2]).upper()


def picture(state: dict[str, Any], ruleset: Ruleset) -> list[str]:
    rules, cards, units = ruleset.rules, ruleset.cards, state["units"]
    letters = [chr(97 + c) for c in range(rules.cols)]
    you = state["you"]
    lines = [f"Turn {state['turn']}: seat {SEAT_NAMES[state['active']]} to play ({state['phase']} phase); "
             f"you are seat {SEAT_NAMES[you]}", "     " + "".join(f"{x:^5}" for x in letters)]
    for row in range(rules.rows, 0, -1):
        cells = []
        for x in letters:
            unit = units.get(f"{x}{row}")
            cells.append(f"{code(cards[unit['card']].name)}{SEAT_NAMES[unit['owner']]}" if unit else " . ")
        zone = "   seat b's entry zone" if row == rules.rows else "   seat a's entry zone" if row == 1 else ""
        lines.append(f"  {row:>2} " + "".join(f"{c:^5}" for c in cells) + zone)
    for cell in sorted(units, key=lambda c: (int(c[1:]), c[0])):
        u = units[cell]
        card = cards[u["card"]]
        stats = f"durability {u['durability']}, armour {u['armour']}"
        if card.type == "mecha":
            stats = f"power {card.power + u['modifiers'].get('power', 0)}, " + stats
        if u["time"]:
            stats += f", time {u['time']}"
        used = ", ".join(w for w, flag in (("moved", u["moved"]), ("attacked", u["attacked"])) if flag)
        flags = f" [{used}]" if used else ""
        lines.append(f"  {cell:<3} {card.name} ({SEAT_NAMES[u['owner']]}): {stats}{flags}")
    for p in state["players"]:
        hand = p["hand"]
        shown = ", ".join(cards[c].name for c in hand) if isinstance(hand, list) else f"{hand} cards"
        lines.append(f"  seat {SEAT_NAMES[p['seat']]}: bandwidth {p['bandwidth']}, "
                     f"population {p['population']}, deck {p['deck']}, "
                     f"damage {len(p['damage'])}/{rules.damage_limit}, "
                     f"discard {len(p['discard'])}; hand: {shown or 'empty'}")
    return lines
