def ability(ctx):
    # on_collect: "When you collect: If the round number is at least 4 or the turn number is 1, gain Credits equal to your zone's value."
    if (ctx.round() >= 4) or (ctx.turn() == 1):
        _v1 = ctx.zone_value()
        if _v1 > 0:
            ctx.gain('credits', _v1)
