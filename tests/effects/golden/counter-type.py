def ability(ctx):
    # when_attacked: 'When you are attacked: If the type of the weapon just used against you is Ranged, prevent 1 damage from this attack.'
    if ctx.attack_type() == 'ranged':
        ctx.prevent_damage(1)
