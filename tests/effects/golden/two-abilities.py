def ability(ctx):
    # combat_start: 'At the start of Combat: Deal 1 damage to the enemy.'
    ctx.deal_damage(1)

def ability(ctx):
    # after_attack: "After you attack: If the enemy's health is at most 2 and not (your status is Pilot), push the enemy to an adjacent zone of your choice."
    if (ctx.health('enemy') <= 2) and (not (ctx.status('you') == 'pilot')):
        _v1 = ctx.adjacent_zones('enemy')
        if _v1:
            ctx.move('enemy', ctx.choose_zone(_v1, 'Push the enemy to an adjacent zone of your choice.'))
