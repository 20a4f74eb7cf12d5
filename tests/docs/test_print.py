"""`rulecraft print`: every card of a stack on sheets with backs, bleed and crop marks; the layout model
keeps every card and its text on the page; a render (pdfium) shows every card drawn and nothing
printed outside the cards but crop marks; a text that does not fit is a located error."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pypdfium2
import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from rulecraft.cli.main import main
from rulecraft.compiler.docgen.cards.icons import contrast, on
from rulecraft.compiler.docgen.cards.layout import (
    CARD_SIZES,
    DESIGN_W,
    MARKER_W,
    PAPERS,
    SAFE,
    TEXT_PAD,
    Box,
    line_height,
    measurer,
    printable,
    sheet_grid,
)
from rulecraft.compiler.docgen.cards.model import Back, Card, Face, Size, faces
from rulecraft.compiler.docgen.cards.pdf import SheetOptions, plan_sheets, render
from rulecraft.compiler.docgen.cards.preview import page_images
from rulecraft.plugins.tem.docgen.cardicons import ICONS
from rulecraft.plugins.tem.docgen.cards import cards
from rulecraft.plugins.tem.game import VARIANTS
from rulecraft.plugins.wiring import check_packs
from rulecraft.runtime.games import Ref

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "content" / "tem-core"
LONG = Path(__file__).parent / "packs" / "long-text"
BOUNTIES = ROOT / "tests" / "compiler" / "plugin_kind"
DPI = 50
MM = DPI / 25.4   # pixels per millimetre at DPI


@pytest.fixture(scope="module")
def core():
    result = check_packs([CORE])
    assert result.ok
    return result.stack


@pytest.fixture(scope="module")
def core_cards(core):
    return cards(core)


def test_every_core_card_is_printed_once_per_copy_with_the_right_back(core, core_cards):
    families = Counter(card.front.family for card in core_cards)
    assert families["program"] == len(core.of_kind("program-cards"))  # 8 + Ad Hoc per colour
    assert families["weapon"] == sum(w.data["copies"] for w in core.of_kind("weapons")) == 32
    assert families["zone"] == len(core.of_kind("zones")) == 21
    assert families["player"] == len(core.of_kind("colours")) and families["reference"] == 1
    # two-sided cards: a pilot's back is its Power Armor side; the Mighty Mech card has both sides
    pilots = [c for c in core_cards if c.front.family == "pilot"]
    assert len(pilots) == 8 and all(c.back.band == "Pilot - Power Armor side" for c in pilots)
    mech = [c for c in core_cards if c.front.family == "mighty-mech"]
    assert [(c.front.title, c.back.title) for c in mech] == [("Troy 3000", "Sparta 3000")]
    assert len(faces(core_cards)) == 112
    # weapon backs tell the piles apart (Basic, Advanced: Setup M-O); program backs tell the colours apart
    backs = {family: {c.back.title for c in core_cards if c.front.family == family}
             for family in ("weapon", "program")}
    assert backs == {"weapon": {"Basic weapon", "Advanced weapon"},
                     "program": {"Red", "Blue", "Green", "Yellow"}}


def test_weapons_are_coloured_by_type_and_program_cards_by_player(core_cards):
    by_type = {c.front.band.split(" - ")[1]: c.front.colour for c in core_cards if c.front.family == "weapon"}
    assert len(set(by_type.values())) == len(by_type) == 3   # melee, ranged, area
    red = [c.front.colour for c in core_cards if c.front.band == "Program card - Red"]
    assert set(red) == {"#d62828"}   # colours.yaml's hex for red


def test_designed_values_are_named_once_in_the_footnote(core_cards):
    coil = next(c.front for c in core_cards if c.front.title == "Lightning Coil")
    assert coil.text.startswith("Before you attack: Pay up to 3 Energy.")
    assert "damage" not in coil.designed  # Lightning Coil's damage 0 is given (T3)
    assert coil.footnote.startswith("designed: ") and "cost" in coil.footnote
    assert [s.icon for s in coil.cost] and {s.icon for s in coil.cost} <= {"energy", "credits"}
    step = next(c.front for c in core_cards if c.front.title == "Step: Collect")
    assert step.footnote == ""   # given by the quick reference: no marker
    assert (step.art.distance, step.art.jump, step.art.action) == (1, False, "collect")


def test_the_art_of_program_mighty_mech_and_reference_cards_comes_from_the_rules(core_cards):
    jump = next(c.front for c in core_cards if c.front.title == "Diagonal Jump")
    assert jump.art.jump and jump.art.directions == ("NE", "SE", "SW", "NW") and jump.art.action == ""
    troy = next(c.front for c in core_cards if c.front.title == "Troy 3000")
    assert troy.text.startswith("Rocket Charge: ")   # the power's name (given, T3), then what it does
    reference = next(c.front for c in core_cards if c.front.family == "reference")
    assert reference.art.beats == (("area", "ranged"), ("ranged", "melee"), ("melee", "area"))


@pytest.mark.parametrize("card", list(CARD_SIZES))
@pytest.mark.parametrize("paper", list(PAPERS))
def test_every_card_and_its_text_stay_inside_the_page_and_fit(core_cards, card, paper):
    plan = plan_sheets(core_cards, SheetOptions(card, paper, bleed=2.0 if paper == "a4" else 1.5))
    assert plan.diagnostics == []
    page, bleed = plan.grid.page, plan.options.bleed
    measure = measurer()
    assert len(plan.placed) == 2 * len(core_cards)   # a front and a back each
    for placed in plan.placed:
        assert page.inset(3.0).contains(placed.cut.inset(-bleed)), placed.side.title
        if isinstance(placed.side, Back):
            continue
        layout, fitted = placed.layout, placed.fitted
        assert all(layout.safe.contains(box) for box in layout.boxes() if box is not layout.safe)
        if layout.text is None:
            assert not placed.side.text
            continue
        inner = layout.text.inset(TEXT_PAD * layout.scale)
        assert len(fitted.lines) * line_height(fitted.text_size) <= inner.h + 1e-6
        measure.set_font("helvetica", size=fitted.text_size)
        assert all(measure.get_string_width(line) <= inner.w + 1e-6 for line in fitted.lines)
        measure.set_font("helvetica", "B", fitted.title_size)
        marker = MARKER_W * layout.scale if placed.side.footnote else 0.0   # the dagger follows the title
        assert measure.get_string_width(printable(placed.side.title)) + marker <= layout.title.w + 1e-6


@pytest.mark.parametrize("flip", ["long", "short"])
def test_backs_are_mirrored_across_the_edge_the_sheet_turns_over(core_cards, flip):
    """Turned over its long edge a sheet's x runs backwards, over its short edge its y: each back's
    cut box is its front's, mirrored that way (on Letter, whose grid margins differ from A4's)."""
    plan = plan_sheets(core_cards, SheetOptions(paper="letter", flip=flip))
    page = plan.grid.page
    fronts = [p for p in plan.placed if p.page % 2 == 0]
    backs = [p for p in plan.placed if p.page % 2 == 1]
    assert len(fronts) == len(backs) == len(core_cards)
    for front, back in zip(fronts, backs, strict=True):
        assert back.page == front.page + 1
        if flip == "long":
            assert back.cut.x == pytest.approx(page.w - front.cut.right) and back.cut.y == front.cut.y
        else:
            assert back.cut.y == pytest.approx(page.h - front.cut.bottom) and back.cut.x == front.cut.x
    maverick = next(i for i, p in enumerate(fronts) if p.side.title == "Maverick")
    assert backs[maverick].side.title == "Maverick: Power Armor"


@given(st.tuples(*[st.integers(0, 255)] * 3))
def test_card_text_has_at_least_large_text_contrast_on_any_colour(colour):
    """A modder's colour of any hex still gets a readable title (WCAG 2: 3:1 for large text)."""
    assert contrast(on(colour), colour) >= 3.0


def test_sheet_grid_fits_the_paper_and_refuses_what_cannot():
    assert sheet_grid("poker", "a4", 1.5).per_page == sheet_grid("poker", "letter", 1.5).per_page == 9
    assert sheet_grid("mini", "a4", 1.5).per_page == 16
    assert sheet_grid("poker", "letter", 3.0).rows == 2   # more bleed: fewer cards, never off the page
    with pytest.raises(ValueError, match="bleed"):
        sheet_grid("poker", "a4", 9.0)


def test_items_of_their_own_size_get_their_own_pages_grid_and_crop_marks(core_cards):
    """Any game's item that is not a card (``Card.size``: a mat, a board) is laid out on sheets of its own
    size, each size in the order it first comes, the sheet's cards on theirs; a size the paper cannot hold
    is refused by name."""
    board = Size("board", 150.0, 110.0)
    printed = [Card(c.front, c.back, board) for c in core_cards[:3]] + core_cards[:10]
    plan = plan_sheets(printed, SheetOptions(), ICONS)
    assert plan.cards == 10 and plan.sized[board][1] == 3 and plan.sized[board][0].per_page == 2
    assert plan.pages == 2 * 2 + 2 * 2            # two board sheets, then two card sheets, each with backs
    assert [g.per_page for g in plan.page_grids] == [2, 2, 2, 2, 9, 9, 9, 9]
    for placed in plan.placed:
        size = (150.0, 110.0) if placed.page < 4 else (63.0, 88.0)
        assert (placed.cut.w, placed.cut.h) == size
        assert plan.page_grids[placed.page].page.inset(3.0).contains(placed.cut.inset(-plan.options.bleed))
    images = page_images(render(plan), DPI)
    grid = plan.page_grids[0]
    top = np.asarray(images[0].convert("L"), dtype=int)[:round((grid.area.y - 1.0) * MM)]
    marks = {round(x / MM) for x in np.nonzero((top < 128).any(axis=0))[0]}
    assert all(any(abs(x - line) <= 1 for x in marks) for line in grid.cut_lines()[0])
    with pytest.raises(ValueError, match=r"a banner \(250 x 100 mm\) with 1.5 mm bleed does not fit on a4"):
        plan_sheets([Card(core_cards[0].front, core_cards[0].back, Size("banner", 250.0, 100.0))],
                    SheetOptions())


def _pixels(image: Image.Image, box: Box) -> np.ndarray:
    """The RGB pixels of ``box`` (millimetres) as an (n, 3) array."""
    rgb = np.asarray(image.convert("RGB"), dtype=int)
    top, left = round(box.y * MM), round(box.x * MM)
    return rgb[top:round(box.bottom * MM), left:round(box.right * MM)].reshape(-1, 3)


def _white(pixels: np.ndarray) -> np.ndarray:
    return pixels.min(axis=1) > 235


def test_render_draws_every_card_and_nothing_outside_the_cards_but_crop_marks(core_cards):
    """pdfium renders the real PDF: inside every cut box the card's colour is drawn (not paper), the
    text box holds dark text pixels, and the margins hold only grey-scale crop marks."""
    plan = plan_sheets(core_cards, SheetOptions(), ICONS)
    images = page_images(render(plan), DPI)
    assert len(images) == plan.pages == 24
    for placed in plan.placed:
        card = _pixels(images[placed.page], placed.cut.inset(2.0))
        assert (~_white(card)).mean() > 0.5, (placed.page, placed.side.title)
        if isinstance(placed.side, Face) and placed.fitted.lines:
            text = _pixels(images[placed.page], placed.layout.text.inset(1.0))
            assert (text.max(axis=1) < 120).any(), placed.side.title
    area = plan.grid.area.inset(-0.5)
    for image in images:
        rgb = np.asarray(image.convert("RGB"), dtype=int)
        ys, xs = np.mgrid[0:rgb.shape[0], 0:rgb.shape[1]] / MM
        outside = ~((xs >= area.x) & (xs <= area.right) & (ys >= area.y) & (ys <= area.bottom))
        margin = rgb[outside]
        grey = margin.max(axis=1) - margin.min(axis=1) < 30
        assert len(margin) and (_white(margin) | grey).all()
    # the last sheet is not full: its empty slots are paper
    empty = plan.grid.cut(len(core_cards) % plan.grid.per_page).inset(-plan.options.bleed + 0.5)
    assert _white(_pixels(images[-2], empty)).all()


def _characters(document: bytes) -> list[list[tuple[str, Box]]]:
    """Every printed character of every page with its box in millimetres from the top left (pdfium)."""
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


@pytest.mark.parametrize("card", list(CARD_SIZES))
def test_no_text_leaves_its_card_and_the_designed_marker_is_printed_once(core_cards, card):
    """From the PDF's own text: every character lies inside the safe area of the card it belongs to,
    and a card with designed values shows the dagger twice (the marker after the title and the
    footnote's), a card without none."""
    plan = plan_sheets(core_cards, SheetOptions(card=card), ICONS)
    pages = _characters(render(plan))
    safe = {p.page: [] for p in plan.placed}
    for placed in plan.placed:
        area = placed.layout.safe if placed.layout else placed.cut.inset(SAFE * placed.cut.w / DESIGN_W)
        safe[placed.page].append((area, placed))
    for number, chars in enumerate(pages):
        for char, box in chars:
            owners = [placed for area, placed in safe[number] if area.inset(-0.3).contains(box)]
            assert len(owners) == 1, (number, char, box)
        for area, placed in safe[number]:
            if isinstance(placed.side, Face):
                daggers = sum(char == "\u2020" and area.inset(-0.3).contains(box) for char, box in chars)
                assert daggers == (2 if placed.side.footnote else 0), placed.side.title


def test_cli_writes_the_pdf_and_one_png_per_page(tmp_path, capsys):
    out, preview = tmp_path / "core.pdf", tmp_path / "preview"
    assert main(["print", str(CORE), "--out", str(out), "--preview", str(preview), "--paper", "letter"]) == 0
    assert out.read_bytes().startswith(b"%PDF") and out.stat().st_size > 10_000
    assert "103 cards on 24 pages (poker on letter, 9 a page, 1.5 mm bleed" in capsys.readouterr().err
    pngs = sorted(preview.glob("page-*.png"))
    assert [p.name for p in pngs[:2]] == ["page-001.png", "page-002.png"] and len(pngs) == 24
    width, height = Image.open(pngs[0]).size
    assert abs(width / height - PAPERS["letter"][0] / PAPERS["letter"][1]) < 0.01


def test_cli_card_size_no_backs_and_preview_alone(tmp_path, capsys):
    assert main(["print", str(CORE), "--preview", str(tmp_path / "p"), "--card", "mini", "--no-backs",
                 "--bleed", "0"]) == 0
    assert "103 cards on 7 pages (mini on a4, 16 a page, 0 mm bleed, fronts only)" in capsys.readouterr().err
    assert main(["print", str(CORE), "--preview", str(tmp_path / "q"), "--flip", "short"]) == 0
    assert "fronts and backs for a short-edge flip" in capsys.readouterr().err
    assert len(list((tmp_path / "p").glob("*.png"))) == 7


def test_text_fit_check_flags_over_long_text_and_titles_at_their_entries(tmp_path, capsys):
    out = tmp_path / "long.pdf"
    assert main(["print", str(CORE), str(LONG), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.count("error[card-text-overflow]") == 2  # once per entry, not once per copy
    assert "long-text/weapons.yaml:4:11: error[card-text-overflow]: the text of card 'Riot Shield'" in err
    assert "long-text/weapons.yaml:15:11: error[card-text-overflow]: the title 'Grenade Launcher of" in err
    assert out.is_file()  # still written, so the designer can look


def test_a_modders_pack_prints_the_same_way():
    """Layout follows the family and the data, not tem-core's ids: a variant's new weapon is a melee
    weapon card like any other, and its changed upgrade price reaches every Power Armor side."""
    result = check_packs([CORE, ROOT / "tests" / "packs" / "variant-heavy-metal"])
    assert result.ok
    printed = cards(result.stack)
    ball = next(c.front for c in printed if c.front.title == "Wrecking Ball")
    hammer = next(c.front for c in printed if c.front.title == "Warhammer")
    assert (ball.family, ball.colour, ball.art, ball.caption) == ("weapon", hammer.colour, hammer.art,
                                                                 "Melee beats Area")
    assert ball.footnote == "designed card: no rule text gives it"
    armor = [c.back for c in printed if c.front.family == "pilot"]
    assert {a.text for a in armor} == {"Reached with Power Up: pay 6 Credits. Starts at full health."}
    assert {(s.icon, s.value) for a in armor for s in a.cost} == {("credits", "6")}
    assert not any(c.front.title == "Flamethrower" for c in printed)
    assert plan_sheets(printed, SheetOptions()).diagnostics == []


def test_a_plugin_kind_prints_as_cards_of_its_own(monkeypatch):
    """A kind no layout knows (the bounties test plugin's) gets the generic family: name, numbers, back."""

    monkeypatch.syspath_prepend(str(BOUNTIES))
    monkeypatch.setitem(VARIANTS, "bounties", Ref("rulecraft_test_bounties"))
    result = check_packs([CORE, BOUNTIES / "bounties-pack"])
    assert result.ok, result.diagnostics
    bounties = [c for c in cards(result.stack) if c.front.family == "entry"]
    assert [(c.front.title, [(s.label, s.value) for s in c.front.stats]) for c in bounties] == [
        ("First Blood", [("VP", "1")]), ("Big Game", [("VP", "2")])]
    assert all(c.back.title == "Bounties" and c.front.footnote for c in bounties)
    assert plan_sheets(bounties, SheetOptions()).diagnostics == []


def test_usage_and_content_errors(tmp_path, capsys):
    broken = ROOT / "tests" / "content" / "invalid" / "schema-enum-typo" / "pack"
    assert main(["print", str(broken), "--out", str(tmp_path / "x.pdf")]) == 1
    assert "error[enum-value]" in capsys.readouterr().err
    assert main(["print", str(CORE), "--out", str(tmp_path / "no" / "x.pdf")]) == 2
    assert main(["print", str(CORE)]) == 2   # nowhere to write
    assert main(["print", str(CORE), "--out", str(tmp_path / "x.pdf"), "--bleed", "12"]) == 2
    assert "bleed must be between 0 and 6 mm" in capsys.readouterr().err
    (tmp_path / "file").write_text("not a folder")
    assert main(["print", str(CORE), "--preview", str(tmp_path / "file")]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err


@pytest.mark.parametrize("option", [["--paper", "a3"], ["--card", "tarot"]])
def test_unknown_paper_or_card_is_a_usage_error(tmp_path, option):
    with pytest.raises(SystemExit) as exit_:
        main(["print", str(CORE), "--out", str(tmp_path / "x.pdf"), *option])
    assert exit_.value.code == 2


@pytest.mark.parametrize("missing", ["fpdf", "pypdfium2"])
def test_without_the_docs_extra_print_is_a_usage_error(tmp_path, monkeypatch, capsys, missing):
    import sys

    drop = ("rulecraft.compiler.docgen.cards.pdf", "rulecraft.compiler.docgen.cards.preview", missing)
    for name in [m for m in sys.modules if m.startswith(drop)]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, missing, None)  # as if it were not installed
    assert main(["print", str(CORE), "--out", str(tmp_path / "x.pdf"), "--preview", str(tmp_path / "p")]) == 2
    assert not (tmp_path / "x.pdf").exists()
    assert "pip install 'rulecraft[docs]'" in capsys.readouterr().err
