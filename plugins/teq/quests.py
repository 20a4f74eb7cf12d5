"""Run: the quest row (Q11), movement quests and their conditions (Q12) and treasure quests (Q13).

The row has three slots, left to right. A card leaving it lets the cards to its left slide right and the
leftmost slot refill; a refill draws from the deck (reshuffling the discard pile into a new deck when the
deck is empty) and, when the row is then full but lacks a movement or a treasure quest, discards the card
it just drew and draws again, until the row has both or the deck runs out (then the last card drawn stays).
"""

from __future__ import annotations

from itertools import permutations

from rulecraft.plugins.teq import decisions as K
from rulecraft.plugins.teq.model import (
    ANY_LINE,
    CASTLE,
    COLUMN,
    IN_LINE,
    ON_COAST,
    ON_FEATURES,
    ON_ONE_CARD,
    ROW,
    Condition,
    MovementQuest,
    TreasureQuest,
)
from rulecraft.plugins.teq.state import Hero, Player
from rulecraft.plugins.teq.table import Table

QUEST_DECK = "quest deck"      # what the quest deck's shuffles are for (Q11)


class QuestRules(Table):
    # --- the row (Q11) -------------------------------------------------------------------------
    def kinds_in_row(self) -> tuple[bool, bool]:
        """Whether the row holds a movement quest, and a treasure quest."""
        quests = self.ruleset.quests
        shown = [quests[q] for q in self.row if q is not None]
        return (any(isinstance(q, MovementQuest) for q in shown),
                any(isinstance(q, TreasureQuest) for q in shown))

    def draw_quest(self) -> str | None:
        """The deck's top card; an empty deck first takes the discard pile, shuffled (Q11)."""
        if not self.deck and self.discard:
            self.deck, self.discard = self.discard, []
            self.shuffle(self.deck, QUEST_DECK)
            self.emit("quest-reshuffle", deck=len(self.deck))
        return self.deck.pop(0) if self.deck else None

    def refill(self) -> None:
        """Fill the row's empty slots, rightmost first, under the row rule (Q11)."""
        for slot in range(len(self.row) - 1, -1, -1):
            while self.row[slot] is None:
                card = self.draw_quest()
                if card is None:
                    return
                self.row[slot] = card
                if not self.counted("quest-drawn"):
                    self.push({"e": "quest-drawn", "quest": card, "slot": slot, "deck": len(self.deck)})
                full = all(q is not None for q in self.row)
                if full and self.deck and not all(self.kinds_in_row()):
                    self.row[slot] = None
                    self.discard.append(card)
                    self.emit("quest-discarded", quest=card, slot=slot)

    def take_from_row(self, slot: int, discard: bool = False) -> str:
        """A quest leaves the row (taken, or ``discard`` ed, Q28): the cards to its left slide one slot
        right, then the row refills."""
        card = self.row[slot]
        assert card is not None
        self.row[1: slot + 1] = self.row[:slot]
        self.row[0] = None
        if discard:
            self.discard.append(card)
        self.refill()
        return card

    # --- treasure quests (Q13) -----------------------------------------------------------------
    def take_treasure_quest(self, player: Player, temple: str) -> None:
        """Q13, Q20: the first to complete the named temple while the quest is in the row takes it and its
        item; of two naming the temple the player takes one, its choice."""
        quests = self.ruleset.quests
        slots = [i for i, q in enumerate(self.row) if q is not None
                 and isinstance(quests[q], TreasureQuest) and quests[q].temple == temple]   # type: ignore[union-attr]
        if not slots:
            return
        slot = slots[0] if len(slots) == 1 else self.choose(K.QUEST, player.seat, slots, {"temple": temple})
        quest = quests[self.take_from_row(slot)]
        assert isinstance(quest, TreasureQuest)
        player.quests.append(quest.id)
        player.treasures.append(quest.item)
        self.emit("quest", player=player.seat, quest=quest.id, kind="treasure", item=quest.item)
        self.equip(player, quest.item)

    # --- movement quests (Q12) -----------------------------------------------------------------
    def meets(self, player: Player, condition: Condition, moved: Hero) -> bool:
        """Q12: the player's heroes hold the position with the moved hero part of it. Heroes in castles
        never count (a castle is no feature, no coast and no card of a line for a quest)."""
        regions = self.regions
        here = regions[moved.region].feature
        if here == CASTLE:
            return False
        out = [h for h in player.heroes if regions[h.region].feature != CASTLE]
        count = condition.count
        form = condition.form
        if form == ON_FEATURES:
            wanted = condition.features
            if len(out) < len(wanted) or here not in wanted:     # a distinct hero for each feature
                return False
            others = [h for h in out if h is not moved]
            for i, feature in enumerate(wanted):
                if here != feature:
                    continue
                rest = wanted[:i] + wanted[i + 1:]
                for pick in permutations(others, len(rest)):
                    if all(regions[h.region].feature == f for h, f in zip(pick, rest, strict=True)) \
                            and len({h.region for h in (moved, *pick)}) == len(wanted):
                        return True
            return False
        if len(out) < count and form in (ON_ONE_CARD, ON_COAST, IN_LINE):   # each needs count heroes
            return False
        pos = self.pos_of
        cards = [self.card_of[h.region] for h in out]
        mine = self.card_of[moved.region]
        if form == ON_ONE_CARD:
            return cards.count(mine) >= count
        if form == ON_COAST:
            coastal = {c for c in cards if pos[c] in self.geometry.coastal}
            return mine in coastal and len(coastal) >= count
        if form == IN_LINE:
            x, y = pos[mine]
            lines = []
            if condition.line in (ROW, ANY_LINE):
                lines.append({c for c in cards if pos[c][1] == y})
            if condition.line in (COLUMN, ANY_LINE):
                lines.append({c for c in cards if pos[c][0] == x})
            return any(len(line) >= count for line in lines)
        raise ValueError(f"no movement-quest condition form {form!r}")

    def movement_quests(self, player: Player, moved: Hero) -> None:
        """Q12: right after a move, a movement quest in the row it meets (with the token on Q) is taken,
        with its reward; the token flips. Of two met, the player takes one."""
        if not self.token_q:
            return
        quests = self.ruleset.quests
        met: list[int] = []
        for i, q in enumerate(self.row):
            if q is not None:
                quest = quests[q]
                if isinstance(quest, MovementQuest) and self.meets(player, quest.condition, moved):
                    met.append(i)
        if not met:
            return
        slot = met[0] if len(met) == 1 else self.choose(K.QUEST, player.seat, met, {"moved": moved.index})
        quest = quests[self.take_from_row(slot)]
        assert isinstance(quest, MovementQuest)
        player.quests.append(quest.id)
        self.token_q = False
        self.emit("quest", player=player.seat, quest=quest.id, kind="movement", hero=moved.index)
        self.reward(player, quest, moved)

    def reward(self, player: Player, quest: MovementQuest, moved: Hero) -> None:
        raise NotImplementedError
