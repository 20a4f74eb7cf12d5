def ability(ctx):
    # round_end: 'At the end of each round: If your Energy is less than 2, gain 1 Energy. Otherwise, if your health is less than your maximum health, heal 1 health. Otherwise, gain 1 VP.'
    if ctx.resource('you', 'energy') < 2:
        ctx.gain('energy', 1)
    else:
        if ctx.health('you') < ctx.max_health('you'):
            ctx.heal(1)
        else:
            ctx.gain('vp', 1)
