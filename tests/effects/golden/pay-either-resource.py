def ability(ctx):
    # before_attack: 'Before you attack: Pay up to 2 of one resource (Energy or Credits). This attack deals +1 damage and heal 1 health for each one paid.'
    _v1 = ctx.choose(('energy', 'credits'), 'Pay up to 2 of one resource (Energy or Credits). This attack deals +1 damage and heal 1 health for each one paid.')
    _v2 = 2
    if ctx.resource('you', _v1) < _v2:
        _v2 = ctx.resource('you', _v1)
    if _v2 > 0:
        _v3 = ctx.choose_amount(0, _v2, 'Pay up to 2 of one resource (Energy or Credits). This attack deals +1 damage and heal 1 health for each one paid.')
        if _v3 > 0 and ctx.pay(_v1, _v3):
            ctx.add_damage(_v3)
            ctx.heal(_v3)
