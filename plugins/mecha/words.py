"""Show: Mecha Game in a player's words: each card as its stats, keywords with reminder text and ability,
each keyword's reminder (M16's text, shortened), and the effect steps a prompt is about.

The board, the full screen and the prompts all say a card the same way through :func:`card_words`; the
ability's English is the card's (``CardDef.text``: the effect compiler's, or the pack's own ``text``).
"""

from __future__ import annotations

from rulecraft.plugins.mecha import model as M
from rulecraft.plugins.mecha.model import CardDef, Keywords

REMINDERS = {
    M.ARMOUR: "enters with {x} armour counter{s}; an attack removes one instead of durability",
    M.PIERCE: "its attacks ignore armour",
    M.FLIGHT: "only units with Flight or Reach can attack it",
    M.REACH: "can attack units with Flight",
    M.SPEED: "moves up to {x} spaces, one at a time",
    M.RANGE: "attacks up to {x} spaces away, counted orthogonally",
}
TARGET_WORDS = {
    "friendly-unit": "a unit of yours", "friendly-mecha": "a mecha of yours",
    "friendly-tower": "a tower of yours", "enemy-unit": "an enemy unit", "enemy-mecha": "an enemy mecha",
    "enemy-tower": "an enemy tower", "any-unit": "a unit", "any-mecha": "a mecha",
}
WINDOW_WORDS = {M.MAIN_WINDOW: "your main phase", M.ATTACK_WINDOW: "an attack window",
                M.END_WINDOW: "the end window"}


def plural(n: int, word: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def keyword_names(keywords: Keywords, towers: bool = False) -> list[str]:
    """The keywords a card has, totalled (M16: Speed 1 twice is Speed 2): ``Armour 1``, ``Flight``;
    Provide (a tower's bandwidth) is left to the stats."""
    names = []
    for name in M.NUMBERED_KEYWORDS:
        value = getattr(keywords, name)
        if value and name != M.PROVIDE:
            names.append(f"{name.title()} {value}")
    names += [name.title() for name in M.FLAG_KEYWORDS if getattr(keywords, name)]
    return names


def keyword_reminders(keywords: Keywords) -> list[str]:
    """Each keyword with its reminder text: ``Pierce (its attacks ignore armour)``."""
    out = []
    for name in (*M.NUMBERED_KEYWORDS, *M.FLAG_KEYWORDS):
        value = getattr(keywords, name)
        if not value or name == M.PROVIDE:
            continue
        x = int(value)
        title = name.title() if value is True else f"{name.title()} {x}"
        out.append(f"{title} ({REMINDERS[name].format(x=x, s='' if x == 1 else 's')})")
    return out


def stats(card: CardDef) -> str:
    """``mecha, cost 2, power 2, durability 2`` / ``tower, durability 2, gives 1 bandwidth`` / ``command``."""
    if card.type == M.MECHA:
        return f"mecha, cost {card.cost}, power {card.power}, durability {card.durability}"
    if card.type == M.TOWER:
        return f"tower, durability {card.durability}, gives {card.keywords.provide} bandwidth"
    return "command, played in " + " or ".join(WINDOW_WORDS[w] for w in card.windows)


def card_words(card: CardDef, reminders: bool = True) -> str:
    """Everything a player needs to know of a card, in one line: its stats, its keywords (with reminder
    text unless ``reminders`` is off), the time counters it enters with (M17) and its ability."""
    parts = [stats(card)]
    keywords = keyword_reminders(card.keywords) if reminders else keyword_names(card.keywords)
    if keywords:
        parts.append(", ".join(keywords))
    if card.time:
        parts.append(f"enters with {plural(card.time, 'time counter')}")
    text = f"{card.name}: " + "; ".join(parts) + "."
    return f"{text} {card.text}" if card.text else text


def step_words(verb: str, amount: int, target: str | None, modifier: str | None = None) -> str:
    """What a chosen target of an effect step gets, as the target prompt asks it: ``an enemy unit to take
    2 damage``."""
    who = TARGET_WORDS.get(str(target), "a unit")
    if verb == M.DAMAGE:
        return f"{who} to take {amount} damage"
    if verb == M.ADD_ARMOUR:
        return f"{who} to get {plural(amount, 'armour counter')}"
    if verb == M.ADD_TIME:
        return f"{who} to get {plural(amount, 'time counter')}"
    if verb == M.ADD:
        return f"{who} to get {amount:+d} {modifier or ''} until end of turn".replace("  ", " ")
    return who
