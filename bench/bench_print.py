"""Benchmark `rulecraft print`: plan (layout and text fit), render (PDF) and preview (PNG pages) for
the core pack and for generated packs of 300 and 3,000 extra weapons, and for Tiny Epic Quest's pack
(cards, tokens and mats: pieces of three sizes). Cost must grow linearly with the number of cards: the
per-card milliseconds should stay flat."""

from __future__ import annotations

import statistics
import tempfile
import time
from importlib import resources
from pathlib import Path

from bench.bench_load import generate
from rulecraft.compiler.docgen.cards.model import CardTemplates
from rulecraft.compiler.docgen.cards.pdf import SheetOptions, plan_sheets, render
from rulecraft.compiler.docgen.cards.preview import page_images
from rulecraft.plugins.wiring import check_packs
from rulecraft.runtime.games import get

REPEAT = 3
PREVIEW_PAGES = 4   # pages rendered to PNG per run (pdfium's cost is per page, not per card)


def _median_ms(step) -> tuple[float, object]:
    times, result = [], None
    for _ in range(REPEAT):
        start = time.process_time()
        result = step()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times), result


def measure(paths: list[Path]) -> tuple[int, int, dict[str, float]]:
    result = check_packs(paths)
    templates: CardTemplates = get(result.game).card_templates.load()   # type: ignore[union-attr]
    printed, icons = templates.cards(result.stack), templates.icons
    plan_ms, plan = _median_ms(lambda: plan_sheets(printed, SheetOptions(), icons))
    render_ms, _ = _median_ms(lambda: render(plan))
    head = render(plan_sheets(printed[: PREVIEW_PAGES // 2 * plan.grid.per_page], SheetOptions(), icons))
    preview_ms, _ = _median_ms(lambda: page_images(head))
    return len(printed), plan.pages, {"plan": plan_ms, "render": render_ms,
                                      "preview/page": preview_ms / PREVIEW_PAGES}


def run() -> list[str]:
    core = Path(str(resources.files("rulecraft.content").joinpath("tem-core")))
    rows = {"tem-core": measure([core]),
            "teq-core": measure([Path(str(resources.files("rulecraft.content").joinpath("teq-core")))])}
    with tempfile.TemporaryDirectory() as tmp:
        for count in (300, 3_000):
            rows[f"+{count:,} weapons"] = measure([core, generate(Path(tmp) / f"bench-{count}", count)])
    lines = [f"median of {REPEAT} runs, CPU milliseconds (poker on A4 with backs)",
             f"{'pack':<16}{'cards':>7}{'pages':>7}{'plan':>9}{'render':>9}{'ms/card':>9}{'png/page':>10}"]
    for label, (count, pages, ms) in rows.items():
        per_card = (ms["plan"] + ms["render"]) / count
        lines.append(f"{label:<16}{count:>7}{pages:>7}{ms['plan']:>9.0f}{ms['render']:>9.0f}{per_card:>9.2f}"
                     f"{ms['preview/page']:>10.0f}")
    return lines
