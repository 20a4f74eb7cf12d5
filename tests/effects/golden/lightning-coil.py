def ability(ctx):
    # before_attack: 'Before you attack: Pay up to 3 Energy. This attack deals +1 damage for each Energy paid.'
    _v1 = 'energy'
    _v2 = 3
    if ctx.resource('you', _v1) < _v2:
        _v2 = ctx.resource('you', _v1)
    if _v2 > 0:
        _v3 = ctx.choose_amount(0, _v2, 'Pay up to 3 Energy. This attack deals +1 damage for each Energy paid.')
        if _v3 > 0 and ctx.pay(_v1, _v3):
            ctx.add_damage(_v3)
