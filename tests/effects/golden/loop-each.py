def ability(ctx):
    # before_attack: 'Before you attack: Pay up to 2 Credits. Pay 1 Energy. If you do, deal 1 damage to the enemy for each Credit paid.'
    _v1 = 'credits'
    _v2 = 2
    if ctx.resource('you', _v1) < _v2:
        _v2 = ctx.resource('you', _v1)
    if _v2 > 0:
        _v3 = ctx.choose_amount(0, _v2, 'Pay up to 2 Credits. Pay 1 Energy. If you do, deal 1 damage to the enemy for each Credit paid.')
        if _v3 > 0 and ctx.pay(_v1, _v3):
            _v4 = 0
            while _v4 < _v3:
                if ctx.pay('energy', 1):
                    ctx.deal_damage(1)
                _v4 += 1
