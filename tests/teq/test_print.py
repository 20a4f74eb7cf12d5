"""`rulecraft print content/teq-core`: Tiny Epic Quest's pieces as print-and-play sheets. What each face says
comes from the pack (regions, roads, rivers, capacities, quests, items, tracks); mats and tokens are not
cards and get pages of their own size with their own crop marks; a pdfium render shows every kind drawn
at its size; pack text is made printable."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pypdfium2
import pytest

from rulecraft.cli.main import main
from rulecraft.compiler.docgen.cards.icons import rgb
from rulecraft.compiler.docgen.cards.layout import Box
from rulecraft.compiler.docgen.cards.model import Face
from rulecraft.compiler.docgen.cards.pdf import SheetOptions, plan_sheets, render
from rulecraft.compiler.docgen.cards.preview import page_images
from rulecraft.plugins.teq.cards import MAT, TEMPLATES, TOKEN, cards
from rulecraft.plugins.wiring import check_packs

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "content" / "teq-core"
DPI = 40
MM = DPI / 25.4


@pytest.fixture(scope="module")
def stack():
    result = check_packs([CORE])
    assert result.ok
    return result.stack


@pytest.fixture(scope="module")
def printed(stack):
    return cards(stack)


@pytest.fixture(scope="module")
def plan(printed):
    return plan_sheets(printed, SheetOptions(footer="teq-core 0.1.0"), TEMPLATES.icons)


@pytest.fixture(scope="module")
def images(plan):
    return page_images(render(plan), DPI)


def _front(printed, title):
    return next(c for c in printed if c.front.title == title)


def test_every_piece_is_printed_once_per_copy_at_its_own_size(stack, printed):
    families = Counter((c.front.family, c.size) for c in printed)
    assert families == {
        ("map-card", None): 17, ("quest", None): 24, ("treasure", None): 12, ("legendary", None): 12,
        ("movement", None): 5, ("adventure", None): 4, ("scoring", None): 1,
        ("goblin", TOKEN): 16, ("hero", TOKEN): 12, ("first-player", TOKEN): 1,   # supply 16; 3 heroes x 4
        ("mat", MAT): 4, ("magic", MAT): 1}
    # two-sided pieces carry their other side; the rest their pile's back
    goblin = next(c for c in printed if c.front.family == "goblin")
    assert (goblin.front.band, goblin.back.band) == ("Passive - health 5", "Active - health 5")
    magic = next(c for c in printed if c.front.family == "magic")
    assert (magic.front.title, magic.back.title) == ("Magic track: 2-4 players", "Magic track: Solo")
    assert _front(printed, "Adventure").back.title == "Rest"
    assert {c.back.title for c in printed if c.front.family == "quest"} == {"Quest deck"}
    assert {c.front.band for c in printed if c.front.family == "mat"} == {
        f"Player mat - {colour}" for colour in ("Red", "Blue", "Yellow", "Green")}


def test_map_cards_show_both_regions_roads_rivers_and_capacities(printed):
    embers = _front(printed, "Temple of Embers").front
    assert embers.text.splitlines() == [
        "Left - Temple of Embers: torch · torch · torch + torch; advances the Sword.",
        "Right - Obelisk: spell level 2."]
    left, right = embers.art.left, embers.art.right
    assert (left.feature, left.capacity, left.track) == ("temple", "2 players", (("torch",), ("torch",),
                                                                                 ("torch", "torch")))
    assert (right.feature, right.label, right.capacity) == ("obelisk", "Obelisk: spell 2", "any number")
    assert embers.art.road and embers.art.river
    # `road: false` / `river: false` (Q3) reach the drawing and the words
    thorns, tides = _front(printed, "Temple of Thorns").front, _front(printed, "Temple of Tides").front
    assert (thorns.art.road, thorns.art.river, tides.art.road, tides.art.river) == (False, True, True, False)
    assert thorns.text.endswith("No road across this card.")
    assert tides.text.endswith("No river across this card.")
    red = _front(printed, "Red Castle").front
    assert (red.band, red.colour, red.art.left.capacity) == ("Castle card", "#b5283a", "Red only")   # Q4
    glowcap = _front(printed, "Glowcap Grotto").front
    assert glowcap.text.startswith("Left - Glowcap Grotto: When a hero enters: Gain 2 power.")
    assert glowcap.art.right.capacity == "1 player"       # a portal admits one player (Q4)
    # a grotto's marks are what its compiled ability does: a move by its method, a gain by its track
    assert glowcap.art.left.effects == ("power",)
    assert _front(printed, "Spore Winds").front.art.left.effects == ("gryphon",)
    assert _front(printed, "Toadstool Ring").front.art.left.effects == ("health", "power")


def test_quests_items_and_legendary_items_say_what_they_do(printed):
    twins = _front(printed, "Twin Temples").front
    assert twins.text == "Have heroes on two different temples. When completed: Gain 1 power."
    assert twins.art.icons == ("temple", "temple")
    row = _front(printed, "March East").front
    assert row.text.startswith("Have three heroes on three different map cards in one row.")
    lantern_quest = _front(printed, "The Lantern of Embers").front
    assert lantern_quest.text.splitlines() == [
        "Complete the Temple of Embers to take this quest and the Lantern.",
        "Lantern: In each use step: This hero gets +1 torch this use step."]
    assert lantern_quest.caption == "Temple of Embers" and lantern_quest.art.icons == ("temple", "torch")
    bow = _front(printed, "Hunting Bow").front
    assert bow.text == "In each use step: Deal 1 damage to the goblin this hero is attacking."
    assert bow.art.icons == ("attack",)       # from the compiled ability's verb
    swords = [c for c in printed if c.front.title == "Sword"]
    assert [c.back.title for c in swords] == ["Red legendary", "Blue legendary", "Yellow legendary",
                                              "Green legendary"]
    sword = swords[0].front
    assert sword.text.startswith("While its hero is at a portal, pay 1 power for each extra 1 damage")
    assert "the Temple of Embers or the Temple of Thorns" in sword.text     # its links (Q26)
    assert [(s.label, s.value) for s in sword.stats] == [("Track", "3"), ("VP", "4")]
    ship = _front(printed, "Ship").front
    assert len(ship.art.coast) == 12 and len(ship.art.slots) == 17     # the pack's own coast ring (Q6)


def test_mats_and_the_magic_card_come_from_the_rules(printed):
    mat = next(c.front for c in printed if c.front.family == "mat")
    health, power, spells = mat.art.tracks
    assert (health.top, health.start, dict(health.marks)) == (10, 6, {6: "start, max", 10: "top"})
    assert (power.start, dict(power.marks)) == (3, {3: "start, max", 10: "top"})
    assert spells.top == 7 and dict(spells.marks) == {0: "start", 2: "+1 max power", 4: "+1 max power",
                                                        6: "+1 max power"}
    assert [(t.name, t.spaces, t.temples) for t in mat.art.legendaries] == [
        ("Sword", 3, "Linked: Temple of Embers, Temple of Thorns"),
        ("Shield", 3, "Linked: Temple of Tides, Temple of Stone"),
        ("Staff", 3, "Linked: Temple of Whispers, Temple of Stars")]
    assert (mat.art.heroes, mat.art.hands) == (3, 2)                          # Q1, Q25
    assert "Maximum health 6, +1 per goblin defeated" in mat.text            # Q24
    magic = next(c for c in printed if c.front.family == "magic")
    multi, solo = (dict((label, values) for _, label, values in side.art.rows)
                   for side in (magic.front, magic.back))
    assert multi["Damage face"] == ("1 dmg", "1 dmg", "2 dmg", "3 dmg")       # Q18
    assert solo["Damage face"] == ("1 dmg", "1 dmg", "1 dmg", "2 dmg")        # Q32
    assert multi["Power face"] == solo["Power face"] == ("+1", "+1", "-", "-")
    assert multi["Learn spells"] == ("-", "up to +1", "up to +2", "up to +3")     # above your own (Q21)


def test_designed_values_are_marked_published_ones_are_not(printed):
    assert _front(printed, "Red Castle").front.footnote == "designed: name, colour, left region, right region"
    assert _front(printed, "Temple of Embers").front.footnote == "designed card: no rule text gives it"
    assert _front(printed, "Horse").front.footnote == ""          # the five methods are published (Q5)
    goblin = next(c for c in printed if c.front.family == "goblin")
    assert goblin.front.footnote == goblin.back.footnote == ""   # health 5 on both sides is published
    magic = next(c for c in printed if c.front.family == "magic")
    assert magic.front.footnote == "designed: track spaces"
    assert magic.back.footnote == "designed: track spaces, solo side"       # Q32
    mat = next(c.front for c in printed if c.front.family == "mat")
    assert mat.footnote == "designed: track top, max power steps, legendary track length"
    assert _front(printed, "Sword").front.footnote == "designed: track length"


def test_items_of_another_size_get_pages_of_their_own(plan, printed):
    """Cards fill their 9-a-page sheets; the 29 tokens one sheet; the 5 mats three sheets, two a page:
    each page holds one size, cut at that size, on its own grid."""
    assert plan.diagnostics == []
    assert plan.cards == 75 and plan.pages == 18 + 2 + 6 == 26
    assert {size: (grid.per_page, n) for size, (grid, n) in plan.sized.items()} == {TOKEN: (35, 29),
                                                                                   MAT: (2, 5)}
    sizes: dict[int, set] = {}
    for placed in plan.placed:
        sizes.setdefault(placed.page, set()).add((round(placed.cut.w, 3), round(placed.cut.h, 3)))
        assert plan.grid.page.inset(3.0).contains(placed.cut.inset(-plan.options.bleed))
    assert all(len(s) == 1 for s in sizes.values())
    assert [sizes[p].pop() for p in (0, 17, 18, 19, 20, 25)] == [(63, 88), (63, 88), (36, 36), (36, 36),
                                                                  (180, 120), (180, 120)]
    assert [plan.page_grids[p].per_page for p in (0, 18, 20, 24)] == [9, 35, 2, 2]
    mats = [p for p in plan.placed if p.page == 20]
    assert len(mats) == 2 and mats[1].cut.y >= mats[0].cut.bottom     # two mats, one above the other
    assert len([p for p in plan.placed if p.page == 24]) == 1          # the fifth alone (the magic card)


def _pixels(image, box: Box) -> np.ndarray:
    array = np.asarray(image.convert("RGB"), dtype=int)
    top, left = round(box.y * MM), round(box.x * MM)
    return array[top:round(box.bottom * MM), left:round(box.right * MM)].reshape(-1, 3)


def test_the_render_shows_every_kind_drawn_at_its_size(plan, images):
    """pdfium renders the PDF: every face shows its colour over its own cut box; a mat's colour stops at
    its own cut plus bleed (paper beyond); a mat page's crop marks extend the mat's cut lines, not a
    card's."""
    assert len(images) == plan.pages == 26
    seen = set()
    for placed in plan.placed:
        side = placed.side
        colour = np.array(rgb(side.colour))
        inside = _pixels(images[placed.page], placed.cut.inset(0.8))
        share = (np.abs(inside - colour).max(axis=1) < 24).mean()
        assert share > 0.08, (placed.page, side.title, share)
        if isinstance(side, Face):
            seen.add(side.family)
    assert seen == {"map-card", "quest", "treasure", "legendary", "movement", "adventure", "scoring",
                    "goblin", "hero", "first-player", "mat", "magic"}
    mat = next(p for p in plan.placed if p.page == 20)
    bleed = plan.options.bleed
    right = Box(mat.cut.right + bleed + 0.6, mat.cut.y, 1.5, mat.cut.h)       # past the mat's bleed: paper
    assert (_pixels(images[20], right).min(axis=1) > 235).all()
    grid = plan.page_grids[20]
    marks = Box(0, grid.area.y - 4.0, grid.page.w, 3.0)                        # the top margin's marks
    top = np.asarray(images[20].convert("L"), dtype=int)[round(marks.y * MM):round(marks.bottom * MM)]
    dark = {round(x / MM) for x in np.nonzero((top < 128).any(axis=0))[0]}
    cut_lines = grid.cut_lines()[0]
    assert all(any(abs(x - line) <= 1 for x in dark) for line in cut_lines)
    assert not any(abs(x - line) <= 1 for x in dark for line in plan.grid.cut_lines()[0]
                   if all(abs(line - c) > 3 for c in cut_lines))      # no card-sized mark on a mat page


def _characters(document: bytes) -> list[list[tuple[str, Box]]]:
    pdf = pypdfium2.PdfDocument(document)
    pages = []
    for page in pdf:
        height, text = page.get_size()[1], page.get_textpage()
        chars = []
        for i in range(text.count_chars()):
            char = text.get_text_range(i, 1)
            if char.strip():
                left, bottom, right, top = (v * 25.4 / 72 for v in text.get_charbox(i))
                chars.append((char, Box(left, height * 25.4 / 72 - top, right - left, top - bottom)))
        pages.append(chars)
    pdf.close()
    return pages


def test_no_text_leaves_its_piece(plan):
    """Every printed character lies inside the cut box of exactly one piece of its page: what the art sets
    (region labels, capacities, tracks, tables) stays on its card, token or mat."""
    pages = _characters(render(plan))
    for number, chars in enumerate(pages):
        boxes = [p.cut for p in plan.placed if p.page == number]
        for char, box in chars:
            assert sum(cut.inset(-0.2).contains(box) for cut in boxes) == 1, (number, char, box)


def test_rulecraft_print_writes_the_sheets_and_a_png_per_page(tmp_path, capsys):
    out, preview = tmp_path / "teq.pdf", tmp_path / "preview"
    assert main(["print", str(CORE), "--out", str(out), "--preview", str(preview), "--paper", "letter"]) == 0
    err = capsys.readouterr().err
    assert ("75 cards on 26 pages (poker on letter, 9 a page; 29 tokens 36 x 36 mm, 35 a page; 5 mats "
            "180 x 120 mm, 2 a page, 1.5 mm bleed") in err
    assert out.read_bytes().startswith(b"%PDF") and len(list(preview.glob("page-*.png"))) == 26


def test_pack_text_is_made_printable(tmp_path):
    """A modder's names reach the cards through the sheet's own filter: a control character dropped, what
    the core fonts cannot set replaced, nothing crashes."""
    pack = tmp_path / "odd"
    pack.mkdir()
    (pack / "pack.yaml").write_text('id: odd\nname: Odd names\nversion: 1.0.0\nrulecraft: ">=0.1"\n'
                                    "depends: [{id: teq-core}]\nfiles: [map-cards.yaml]\n")
    (pack / "map-cards.yaml").write_text('kind: map-cards\npatch:\n  - id: glowcap\n'
                                         '    name: "Glow\\u0007cap \\U0001F344 Grotto"\n'
                                         '    left: {name: "Shroom\\u0007 \\u2603 Hollow"}\n')
    result = check_packs([CORE, pack])
    assert result.ok, result.diagnostics
    plan = plan_sheets(cards(result.stack), SheetOptions(), TEMPLATES.icons)
    text = "".join(char for page in _characters(render(plan)) for char, _ in page)
    assert "Glowcap?Grotto" in text and "Shroom?Hollow" in text and "\a" not in text
    assert plan.diagnostics == []
