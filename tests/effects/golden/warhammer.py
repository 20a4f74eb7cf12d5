def ability(ctx):
    # when_used: 'When used: Gain 1 VP.'
    ctx.gain('vp', 1)
