"""Print-and-play cards for towers, mechas and commands: what each face shows, and the sheets
(`rulecraft print` through the game's card templates on the shared card sheet)."""

from __future__ import annotations

from pathlib import Path

from rulecraft.cli.main import main
from rulecraft.compiler.docgen.cards.pdf import SheetOptions, write_sheets
from rulecraft.plugins.mecha.cards import ICONS, TEMPLATES, printed_cards

PACK = Path(__file__).resolve().parents[2] / "content" / "mecha-core"


def test_one_face_per_card_of_the_pool_with_its_stats_keywords_ability_and_windows():
    cards = printed_cards(PACK)
    faces = {c.front.title: c.front for c in cards}
    assert len(cards) == 20
    lancer = faces["Lancer"]
    assert [(s.label, s.value) for s in lancer.stats] == [("Cost", "2"), ("Power", "2"), ("Durability", "2")]
    assert "Pierce (its attacks ignore armour)." in lancer.text and lancer.designed == ("all",)   # reminder
    reactor = faces["Fusion Reactor"]
    assert [(s.label, s.value) for s in reactor.stats] == [("Durability", "1"), ("Provide", "2")]
    assert "Enters with 3 time counters." in reactor.text
    assert "When its last time counter is removed: Draw 2." in reactor.text
    overdrive = faces["Overdrive"]
    assert "gets +2 power until end of turn" in overdrive.text
    assert "in an attack window, before the attack resolves" in overdrive.text     # M15 (b), not "after"
    radio = faces["Radio Tower"]
    assert radio.designed == ("durability", "keywords")      # its name is the text's (M22)


def test_m16_stacked_keywords_print_as_their_sum_each_with_its_reminder():
    harrier = next(c.front for c in printed_cards(PACK) if c.front.title == "Harrier")   # Speed 1 twice
    assert harrier.text.startswith("Reach (can attack Flight), Speed 2 (moves up to 2).")
    assert "Speed 1" not in harrier.text


def test_printed_decks_carry_their_deck_mark_and_back_so_a_table_can_sort_them():
    cards = printed_cards(PACK, decks=True)
    decks = ("Skyline Assault", "Iron Bastion")
    by_deck = {name: [c for c in cards if c.front.caption == name] for name in decks}
    assert [len(deck) for deck in by_deck.values()] == [40, 40]      # every front names its deck (M21)
    backs = {name: {c.back for c in deck} for name, deck in by_deck.items()}
    assert all(len(b) == 1 for b in backs.values())                  # one back per deck...
    assert backs["Skyline Assault"] != backs["Iron Bastion"]          # ...and the two decks' differ


def test_the_starter_decks_print_80_cards_on_sheets(tmp_path):
    cards = printed_cards(PACK, decks=True)
    assert len(cards) == 80
    out = tmp_path / "decks.pdf"
    plan, document = write_sheets(cards, out, SheetOptions(footer="mecha-core"), ICONS)
    assert document.startswith(b"%PDF") and out.read_bytes() == document
    assert plan.cards == 80 and plan.pages >= 80 // 9 and plan.diagnostics == []


def test_rulecraft_print_makes_sheets_and_previews_of_every_starter_deck_card(tmp_path, capsys):
    out, preview = tmp_path / "mecha.pdf", tmp_path / "preview"
    assert main(["print", str(PACK), "--out", str(out), "--preview", str(preview)]) == 0
    assert "80 cards on 18 pages" in capsys.readouterr().err     # 2 decks of 40 (M21), fronts and backs
    assert out.read_bytes().startswith(b"%PDF") and len(sorted(preview.glob("page-*.png"))) == 18


def test_the_card_templates_name_mecha_games_own_icons():
    """Every icon a face or back names is in Mecha Game's own table (none falls back to an initial)."""
    cards = printed_cards(PACK)
    named = {s.icon for c in cards for s in c.front.stats} | {i for c in cards for i in c.front.art.icons}
    named |= {c.back.icon for c in cards}
    assert named <= set(TEMPLATES.icons) and {"towers", "mechas", "commands"} <= named
