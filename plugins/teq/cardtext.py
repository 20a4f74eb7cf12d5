"""Generate: the English of Tiny Epic Quest's cards, as printed cards and reference pages show them.

An ability's English comes from the effect compiler (the same effect string the engine plays, so card,
page and game cannot disagree): a grotto's, a treasure item's, a movement quest's reward. A movement
quest's condition is data (``model.Condition``, see ``teq.vocabulary`` for why), and its English is
generated here from its form; a temple's track is written out symbol by symbol (Q20).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulecraft.compiler.effects.vocabulary import Vocabulary
from rulecraft.plugins.teq import model as M
from rulecraft.plugins.teq.build import compile_ability

NUMBERS = ("no", "one", "two", "three", "four", "five", "six")
FEATURE_NAMES = {M.TEMPLE: "temple", M.OBELISK: "obelisk", M.GROTTO: "grotto", M.PORTAL: "portal",
                 M.CASTLE: "castle"}
LINES = {M.ROW: "one row", M.COLUMN: "one column", M.ANY_LINE: "one row or one column"}


def _number(n: int) -> str:
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def _plural(word: str, n: int) -> str:
    return word if n == 1 else word + ("es" if word.endswith("o") else "s")


def _article(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def ability_text(source: Any, entity_kind: str, vocabulary: Vocabulary, written: str | None = None) -> str:
    """The English of an ``ability``: its hand-written ``text`` (held to this by the drift check) when
    given, else what the effect compiler generates with ``vocabulary`` (the stack's words); empty when
    there is no ability."""
    if not isinstance(source, str):
        return ""
    return written or compile_ability(source, entity_kind, vocabulary).text


def _listing(parts: Sequence[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def condition_text(condition: Mapping[str, Any]) -> str:
    """A movement quest's position in words (Q12), from its form."""
    form, count = condition["form"], condition.get("count", 0)
    if form == M.ON_FEATURES:
        features = list(condition["features"])
        counted = [f"{_number(features.count(f))} different {_plural(FEATURE_NAMES[f], features.count(f))}"
                   if features.count(f) > 1 else _article(FEATURE_NAMES[f])
                   for f in dict.fromkeys(features)]
        return f"Have heroes on {_listing(counted)}."
    if form == M.IN_LINE:
        return (f"Have {_number(count)} heroes on {_number(count)} different map cards in "
                f"{LINES[condition.get('line', M.ANY_LINE)]}.")
    if form == M.ON_COAST:
        return (f"Have {_number(count)} heroes on {_number(count)} different coastal map cards, none in a "
                "castle.")
    return f"Have {_number(count)} heroes on one map card, none in a castle."


def quest_text(data: Mapping[str, Any], vocabulary: Vocabulary, temple_names: Mapping[str, str],
               item_names: Mapping[str, str]) -> str:
    """A quest card's text: a movement quest's position and reward (Q12), a treasure quest's temple and
    item (Q13)."""
    if data["type"] == "treasure":
        return (f"Complete the {temple_names.get(data['temple'], data['temple'])} to take this quest and "
                f"the {item_names.get(data['item'], data['item'])}.")
    reward = ability_text(data.get("ability"), "quest", vocabulary, data.get("text"))
    return f"{condition_text(data['condition'])} {reward}".strip()


def track_text(track: Sequence[Sequence[str]]) -> str:
    """A temple's track after its entrance, space by space (Q20): ``torch · scroll · torch + scroll``."""
    return " · ".join(" + ".join(space) for space in track)


def region_text(region: Mapping[str, Any], vocabulary: Vocabulary) -> str:
    """One region as its half of a map card reads (Q3): its feature and what the feature carries."""
    feature = region["feature"]
    if feature == M.TEMPLE:
        return f"{region['name']}: {track_text(region['track'])}; advances the {region['legendary'].title()}."
    if feature == M.OBELISK:
        return f"Obelisk: spell level {region['spell_level']}."
    if feature == M.GROTTO:
        ability = ability_text(region["ability"], "grotto", vocabulary, region.get("text"))
        return f"{region['name']}: {ability}"
    return {M.CASTLE: "Castle.", M.PORTAL: "Goblin portal."}[feature]
