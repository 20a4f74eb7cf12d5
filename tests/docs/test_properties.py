"""Properties of the docs generators: pack text can never break a page or an SVG (packs are data)."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET

import markdown
from hypothesis import example, given
from hypothesis import strategies as st

from rulecraft.compiler.docgen.markdown import code, esc
from rulecraft.compiler.docgen.plaintext import one_line
from rulecraft.compiler.docgen.schemaref import table_cell
from rulecraft.plugins.tem.docgen.svg import arena_svg

SVG = "{http://www.w3.org/2000/svg}"


def rendered_cells(cell: str) -> list[str]:
    html = markdown.markdown(f"| a |\n|---|\n| {cell} |\n", extensions=["tables"])
    return re.findall(r"<td>(.*?)</td>", html, re.DOTALL)


@given(st.text(max_size=80))
def test_pack_text_shows_as_written_in_one_cell_and_is_never_markup(text):
    cell = esc(text)
    assert "<" not in cell and ">" not in cell  # no tag from a pack reaches the page
    rendered = rendered_cells(cell)
    assert len(rendered) == 1  # a `|` or a line break in a name cannot split the row
    assert html.unescape(rendered[0]) == one_line(text)  # no emphasis, link or code sneaks in


@given(st.text(max_size=40))
@example("0``")     # found by hypothesis: a run of two backticks closed a ``-fenced span early
def test_pack_ids_in_code_spans_show_as_written(text):
    rendered = rendered_cells(code(text))
    assert len(rendered) == 1
    shown = re.sub(r"</?code>", "", rendered[0])
    assert html.unescape(shown).strip() == one_line(text)


@given(st.lists(st.text(alphabet="ab|`", max_size=6), max_size=4))
def test_schema_text_keeps_code_spans_and_one_cell(parts):
    text = "`".join(parts)
    assert len(rendered_cells(table_cell(text))) == 1


@given(st.lists(st.lists(st.sampled_from(["R", "B", "M", ".", "X"]), min_size=1, max_size=7),
                min_size=1, max_size=7),
       st.text(max_size=30))
def test_any_layout_draws_well_formed_svg_with_one_card_per_zone(rows, name):
    svg = ET.fromstring(arena_svg(name, [" ".join(row) for row in rows]))
    zones = svg.findall(f".//{SVG}rect[@rx]")
    assert len(zones) == sum(cell != "." for row in rows for cell in row)
    assert (svg.find(f"{SVG}title").text or "") == one_line(name)
