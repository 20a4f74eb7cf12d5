def ability(ctx):
    # on_scoring: 'When you score zones: Gain VP equal to the number of your deployed Mines plus (the number of your deployed Turrets times 2).'
    _v1 = (ctx.deployed('mine') + (ctx.deployed('turret') * 2))
    if _v1 > 0:
        ctx.gain('vp', _v1)
