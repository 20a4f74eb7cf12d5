"""Run: the built-in scoring and standings of Tiny Epic Mechs, registered as an ordinary plugin.

A variant replaces a step by implementing the same hook (``firstresult`` hooks) or adds to it (lists).
"""

from __future__ import annotations

from rulecraft.plugins.hookspecs import hookimpl
from rulecraft.plugins.tem.state import MINE


@hookimpl(trylast=True)
def rulecraft_round_scores(game, player):
    """T14: your pilot's zone value, each Mine's zone value, each Turret twice, the Mighty Mech's bonus."""
    rules = game.rules
    zones = game.board.zones
    out = []
    if player.pos >= 0 and rules.score_pilot:
        out.append(("zone-pilot", zones[player.pos].value * rules.score_pilot))
    for cell, token in sorted(game.tokens.items()):
        if token.owner == player.seat:
            factor = rules.score_mine if token.kind == MINE else rules.score_turret
            out.append((f"zone-{token.kind}", zones[cell].value * factor))
    if game.mech_controller == player.seat:
        out.append(("mech-control", rules.vp_mech_control))
    return out


@hookimpl(trylast=True)
def rulecraft_final_scores(game, player):
    """T12/T14: the VP of every weapon bought with a Purchase action, equipped or not."""
    return [(f"weapon:{wid}", game.weapon(wid).vp) for wid in player.purchased if game.weapon(wid).vp]


@hookimpl(trylast=True)
def rulecraft_standing_key(game, player):
    """T15: most VP; then the Mighty Mech's controller; then most weapons; then a shared victory."""
    key = [player.vp]
    for rule in game.rules.tie_breaks:
        if rule == "mighty-mech-controller":
            key.append(int(game.mech_controller == player.seat))
        elif rule == "most-weapons":
            key.append(len(player.owned))
    return tuple(key)

