"""The diagnostics reference (Developer section): every registered code, each with a real example.

The page is generated at build time from compiler/errorcodes.py and the cases of tests/content (their
README says how a code gets one); each example's output is what running its case printed.
"""

from __future__ import annotations

import re

from rulecraft.cli.example_cases import run_case
from rulecraft.compiler.docgen.codesref import diagnostics_reference
from rulecraft.compiler.errorcodes import REGISTRY


def _sections(page: str) -> dict[str, str]:
    parts = re.split(r'<h2 id="([a-z0-9-]+)"', page)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_every_registered_code_has_a_section_with_its_example_output(core_site):
    sections = _sections(core_site.page("developer/diagnostics.html"))
    assert list(sections) == list(REGISTRY), "one section per code, in registry order"
    for code, entry in REGISTRY.items():
        section = sections[code]
        assert entry.summary.split("`")[0].strip() in section
        assert f"{entry.severity}[{code}]" in section, f"{code}: the example's output lacks the code"
        assert "tests/content/" in section and "Exit code" in section


def test_an_example_shows_the_file_and_the_located_output(core_site):
    section = _sections(core_site.page("developer/diagnostics.html"))["enum-value"]
    assert "pack/weapons.yaml" in section and "meelee" in section
    assert "pack/weapons.yaml:6:11: error[enum-value]" in section
    assert "did you mean &#39;melee&#39;?" in section or "did you mean 'melee'?" in section


def test_without_the_cases_the_reference_still_lists_every_code():
    """An installed wheel has no tests/content: the page lists the codes and says where examples live."""
    page = diagnostics_reference(None, run_case)
    for code in REGISTRY:
        assert f"## `{code}` {{ #{code} }}" in page
    assert "Example:" not in page and "tests/content/" in page
