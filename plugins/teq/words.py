"""Show: Tiny Epic Quest's pieces in words for the terminal: regions, quests, items and abilities, from the
built ruleset (the pack's definitions, public to every seat) and never from a game.

The printed cards' English comes from the effect compiler (``teq.cardtext``, from the pack's ability
strings); the terminal has only the built ruleset, so an ability's steps are said here from their verbs.
"""

from __future__ import annotations

from rulecraft.plugins.teq import model as M
from rulecraft.plugins.teq.cardtext import condition_text, track_text

TRIGGER_WORDS = {M.ENTERED: "On entering", M.USE_STEP: "In each use step", M.HIT: "When you take a hit",
                 M.HELD: "While held", M.COMPLETED: "On completing it"}
TARGET_WORDS = {M.THIS_HERO: "this hero", M.HERO_ON_TEMPLE: "a hero of yours on a temple",
                M.HERO_AT_PORTAL: "a hero of yours attacking a goblin", M.ANY_HERO: "a hero of yours"}
MODIFIER_WORDS = {M.MAX_HEALTH: "maximum health", M.MAX_POWER: "maximum power",
                  M.STEALTH: "stealth (1 power less per active goblin passed)",
                  M.WARDING: "warding (1 power less to prevent a hit)"}
FEATURE_WORDS = {M.CASTLE: "castle", M.TEMPLE: "temple", M.OBELISK: "obelisk", M.GROTTO: "grotto",
                 M.PORTAL: "goblin portal"}


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def step_words(step: M.Step) -> str:
    """One effect step: ``gain 2 power``, ``+1 torch for this hero``, ``move a hero of yours by gryphon``."""
    n, who = step.amount, TARGET_WORDS.get(step.target or "", "")
    said = {
        M.GAIN_HEALTH: f"gain {n} health", M.GAIN_POWER: f"gain {n} power",
        M.ADD_TORCH: f"+{n} {'torch' if n == 1 else 'torches'}",
        M.ADD_SCROLL: f"+{n} {'scroll' if n == 1 else 'scrolls'}",
        M.ADVANCE: f"{who} steps {plural(n, 'space')} on its temple track",
        M.GOBLIN_DAMAGE: f"deal {n} damage to the goblin {who} attacks",
        M.PREVENT: f"prevent {n} damage of the hit",
        M.MOVE: f"move {who} by {step.method}",
        M.ADD: f"+{n} {MODIFIER_WORDS.get(step.modifier or '', step.modifier or '')}",
    }.get(step.verb, step.verb.replace("-", " "))
    if step.verb in (M.ADD_TORCH, M.ADD_SCROLL) and who:
        said += f" for {who}"
    return said


def ability_words(abilities: tuple[M.Ability, ...]) -> str:
    """Abilities as sentences: ``In each use step: +1 torch for this hero.``"""
    return " ".join(f"{TRIGGER_WORDS.get(a.trigger, a.trigger)}: {', '.join(map(step_words, a.steps))}."
                    for a in abilities)


def item_words(ruleset: M.Ruleset, item: str) -> str:
    """A treasure or legendary item's name and what it does while a hero holds it (Q25, Q27)."""
    if item in ruleset.treasures:
        found = ruleset.treasures[item]
        return f"{found.name}: {ability_words(found.abilities)}"
    legendary = ruleset.legendaries[item]
    return f"{legendary.name} (legendary, {legendary.vp} VP): {LEGENDARY_WORDS[legendary.ability]} " \
           f"for {legendary.cost} power"


LEGENDARY_WORDS = {M.SWORD: "in the use step, 1 damage to its hero's goblin",
                   M.SHIELD: "prevent a hit", M.STAFF: "at an obelisk, count one more magic space"}


def item_name(ruleset: M.Ruleset, item: str) -> str:
    found = ruleset.treasures.get(item) or ruleset.legendaries.get(item)
    return found.name if found is not None else item


def quest_words(ruleset: M.Ruleset, quest_id: str) -> str:
    """A quest card: a movement quest's position and reward (Q12), a treasure quest's temple and item
    (Q13)."""
    quest = ruleset.quests[quest_id]
    if isinstance(quest, M.TreasureQuest):
        temple = ruleset.temple(quest.temple).name if quest.temple in ruleset.temples else quest.temple
        return f"{quest.name}: complete the {temple} for the {item_name(ruleset, quest.item)}."
    c = quest.condition
    condition = condition_text({"form": c.form, "count": c.count, "features": c.features, "line": c.line})
    return f"{quest.name}: {condition} {ability_words(quest.reward)}".strip()


def region_words(region: M.Region) -> str:
    """A region as its half of a map card reads (Q3, Q4): its feature, what it carries, its capacity."""
    feature = region.feature
    if feature == M.TEMPLE and region.temple is not None:
        track = region.temple
        said = f"{track.name}, track {track_text(track.spaces)}; advances the {track.legendary.title()}"
    elif feature == M.OBELISK:
        said = f"obelisk of spell level {region.spell_level}"
    elif feature == M.GROTTO:
        said = f"{region.name or 'grotto'}: {ability_words(region.ability)}"
    elif feature == M.CASTLE:
        said = f"the {region.owner} castle" if region.owner else "a castle"
    else:
        said = "goblin portal"
    if region.capacity is not None and feature != M.CASTLE:
        said += f" (heroes of at most {plural(region.capacity, 'player')})"
    return said
