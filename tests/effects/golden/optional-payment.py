def ability(ctx):
    # before_attack: 'Before you attack: You may pay 1 Energy. If you do, this attack deals +1 damage.'
    if ctx.resource('you', 'energy') >= 1 and ctx.choose_yes_no('You may pay 1 Energy. If you do, this attack deals +1 damage.'):
        if ctx.pay('energy', 1):
            ctx.add_damage(1)
