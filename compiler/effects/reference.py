"""Generate: the effect DSL reference (Markdown) from the vocabulary registry.

Every trigger, verb, attribute and value is listed with its description and an example, and each
example is compiled on the spot to show the rule text it prints, so the reference documents the
registry as it is (plugins included) and cannot show an example that does not compile.
"""

from __future__ import annotations

from rulecraft.compiler import errorcodes
from rulecraft.compiler.effects.build import compile_effect
from rulecraft.compiler.effects.vocabulary import NUMBER, VOCABULARY, Vocabulary

_SYNTAX = """\
An **effect** is one or more abilities, one per line. An ability is a **trigger**, a colon, and what
happens: `after attack: gain 1 vp`. Words are lower or upper case alike.

| form | example | meaning |
|---|---|---|
| a verb | `gain 2 energy` | do something (the verbs are listed below) |
| `+N damage` | `+1 damage` | card shorthand for `add N damage` |
| `A and B` | `gain 1 vp and heal 1` | do both, in order |
| `A. B` | `pay 1 energy and heal 2. gain 1 vp` | separate sentences |
| `pay N R and ...` | `pay 1 energy and add 1 damage` | what follows `pay` happens only if you could pay |
| `you may ...` | `you may pay 1 energy and heal 2` | the player chooses whether to do it all |
| `pay up to N R: ... each` | `pay up to 3 energy: +1 damage each` | pick an amount to pay; the steps \
happen once per unit paid |
| `pay up to N R or R: ... each` | `pay up to 3 energy or credits: +1 damage each` | as above, with one \
resource of the player's choice |
| `if C then ... else ...` | `if health < 3 then heal 2 else gain 1 energy` | `else if` chains too |
| comparisons | `<` `<=` `>` `>=` `=` `!=` `is` `is not` | `attack-type is ranged`, `energy >= 2` |
| conditions | `and`, `or`, `not` | `if round >= 4 and not status is pilot then ...` |
| arithmetic | `+` `-` `*` and `( )` on whole numbers | `gain zone-value + 1 vp` |

A verb whose amount works out below 1 does nothing. Articles (`a`, `an`, `the`) are optional.
"""


def _row(*cells: str) -> str:
    return "| " + " | ".join(c.replace("|", "\\|").replace("\n", " ") for c in cells) + " |"


def _example(source: str, entity_kind: str | None) -> str:
    compiled = compile_effect(source, entity_kind)
    return compiled.text if compiled.ok else "(does not compile: " + compiled.problems[0].message + ")"


def reference(vocabulary: Vocabulary = VOCABULARY) -> str:
    """The whole reference as Markdown."""
    out = ["# The effect DSL", "", _SYNTAX, "## Triggers", "",
           "The runtime fires each trigger id at the rule step shown, for one player. Which abilities "
           "are active (engine ruling E8): the pilot's ability (in the Mighty Mech, the side's power "
           "instead) at every trigger of its owner; a weapon's ability only while it is equipped, at the "
           "attack triggers (`before attack`, `before power attack`, `after attack`, `when used`) only "
           "for the weapon attacking, at every other trigger for each equipped weapon; `when bought` "
           "only for the weapon just bought, equipped or not. At `when you purchase`, `when you deploy` "
           "and `when you upgrade` a cost change counts toward what you can afford (E4), and every "
           "other effect waits until the action is paid for (none when you do not take it).", "",
           _row("trigger", "id", "fires", "example", "prints"), _row(*["---"] * 5)]
    for t in vocabulary.triggers.values():
        kind = next(iter(sorted(t.kinds))) if t.kinds else None
        also = f" (also: {', '.join(f'`{a}`' for a in t.aliases)})" if t.aliases else ""
        only = f" Only {', '.join(sorted(t.kinds))} abilities." if t.kinds else ""
        out.append(_row(f"`{t.phrase}`{also}", f"`{t.id}`", t.step + "." + only, f"`{t.example}`",
                        _example(t.example, kind)))
    out += ["", "## Verbs", "", _row("verb", "usable", "does", "example", "prints"), _row(*["---"] * 5)]
    for v in vocabulary.verbs.values():
        usable = ("any trigger" if v.triggers is None else
                  ", ".join(f"`{t.phrase}`" for t in vocabulary.triggers.values() if t.id in v.triggers))
        ranges = "; ".join(f"{s.name} {s.low}-{s.high}" for s in v.slots if s.type == NUMBER)
        out.append(_row(f"`{v.pattern}`", usable, v.description + (f" ({ranges})" if ranges else ""),
                        f"`{v.example}`", _example(v.example, "weapon")))
    out += ["", "## Attributes", "", "Read-only values of the game, usable where a number (or value) goes.",
            "", _row("attribute", "type", "meaning", "readable", "example"), _row(*["---"] * 5)]
    for a in vocabulary.attributes.values():
        readable = ("any trigger" if a.triggers is None else
                    ", ".join(f"`{t.phrase}`" for t in vocabulary.triggers.values() if t.id in a.triggers))
        out.append(_row(f"`{a.name}`", a.type, a.description, readable, f"`{a.example}`"))
    out += ["", "## Values", "", _row("kind", "words", "meaning"), _row(*["---"] * 3)]
    for k in vocabulary.kinds.values():
        out.append(_row(k.name, ", ".join(f"`{w}`" for w in k.values), k.description))
    out += ["", "## Errors", "", "Every problem is reported at its file, line and column, with the caret "
            "under the offending word.", "", _row("code", "meaning"), _row("---", "---")]
    effect_codes = [c for c in errorcodes.REGISTRY.values()
                    if c.code.startswith("effect-") or c.code == "text-drift"]
    out += [_row(f"`{c.code}`", c.summary) for c in effect_codes]
    return "\n".join(out) + "\n"
