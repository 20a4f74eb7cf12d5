def ability(ctx):
    # round_start: 'At the start of each round: Move to an adjacent zone of your choice. Gain 1 Energy.'
    _v1 = ctx.adjacent_zones('you')
    if _v1:
        ctx.move('you', ctx.choose_zone(_v1, 'Move to an adjacent zone of your choice.'))
    ctx.gain('energy', 1)
