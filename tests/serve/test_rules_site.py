"""``serve --site``: the built rules site under /rules/ on the same server, and the rule behind a decision
one click away: each ruling id in the decision's rules (Pig's P1-P4 here) links to its anchor on the
game's rulings page. The site is a stand-in folder with the shape ``make docs`` builds (the first game's
``rulings.html`` at the top, the others under ``games/<id>/``), so no mkdocs build is needed."""

from __future__ import annotations

import re

import pytest
from serve_kit import HOST, PIG_FORM, joined, open_table
from starlette.testclient import TestClient

from rulecraft.cli.main import main
from rulecraft.cli.web.app import build_app
from rulecraft.cli.web.setup import rulings_pages


@pytest.fixture
def site(tmp_path):
    root = tmp_path / "site"
    (root / "games" / "mecha").mkdir(parents=True)
    (root / "index.html").write_text("<h1>Rules</h1>")
    (root / "rulings.html").write_text('<h3 id="p1">P1 Roll</h3><h3 id="p4">P4 The goal</h3>')
    (root / "games" / "mecha" / "rulings.html").write_text('<h3 id="m15">M15</h3>')
    return root


def test_each_game_finds_its_rulings_page(site):
    pages = rulings_pages(site)
    assert pages["pig"] == "/rules/rulings.html" and pages["mecha"] == "/rules/games/mecha/rulings.html"
    assert "tem" not in pages and "teq" not in pages      # no page of theirs: their rules stay plain text


def test_the_rules_behind_a_decision_link_to_the_served_rulings(site, tmp_path, pig_choices):
    tables = tmp_path / "tables"
    tables.mkdir()
    with TestClient(build_app(tables, pig_choices, site=site), base_url=f"http://{HOST}") as client:
        assert "P4 The goal" in client.get("/rules/rulings.html").text
        assert client.get("/rules/").status_code == 200
        assert client.get("/rules/../pyproject.toml").status_code == 404     # the site's folder only
        links = open_table(client, PIG_FORM)
        with joined(client, links, links["seats"][0]) as (_, message):
            found = re.findall(r'<a href="([^"]+)"[^>]*>(P\d)</a>', message["panel"])
            assert ("/rules/rulings.html#p1", "P1") in found and ("/rules/rulings.html#p4", "P4") in found


def test_site_must_be_a_built_site(tmp_path, capsys):
    assert main(["serve", "--site", str(tmp_path), "--tables", str(tmp_path / "t")]) == 2
    assert "not a built rules site" in capsys.readouterr().err
