"""The built site in a real browser (Debian's headless Chromium) and the card PDF rendered to an image.

Checks what a reader would see: the home page, a weapon reference page, the arenas and the print view
render, every SVG picture loads and has a size, the pages log no console error, and no link in the
built site points at a missing file. Screenshots are kept under tests/artifacts/ (gitignored).
In CI (``CI`` set) a missing browser is a failure, since ``.ci/run`` installs it; elsewhere a skip.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import threading
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from PIL import Image, ImageStat

from rulecraft.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
PAGES = ["index.html", "reference/weapons.html", "reference/arenas.html", "print_page.html"]
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-dev-shm-usage", "--hide-scrollbars", "--no-first-run", "--mute-audio"]
HARNESS = """<!doctype html><meta charset="utf-8"><pre id="out">pending</pre><script>
const pages = %s;
function check(page) {
  return new Promise(resolve => {
    const frame = document.createElement("iframe");
    frame.style.width = "1280px"; frame.style.height = "1200px";
    frame.onload = () => {
      const doc = frame.contentDocument;
      const svgs = [...doc.querySelectorAll("img")].filter(img => img.src.endsWith(".svg"));
      Promise.all(svgs.map(img => img.complete ? null : new Promise(r => { img.onload = img.onerror = r; })))
        .then(() => resolve({
          svgs: svgs.length,
          drawn: svgs.filter(img => img.naturalWidth > 0 && img.getBoundingClientRect().width > 0).length,
          title: doc.title}));
    };
    frame.src = page;
    document.body.appendChild(frame);
  });
}
(async () => {
  const results = {};
  for (const page of pages) results[page] = await check(page);
  document.getElementById("out").textContent = JSON.stringify(results);
})();
</script>"""


def tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        if os.environ.get("CI"):
            pytest.fail(f"{name} is missing; .ci/run installs it")
        pytest.skip(f"{name} is not installed (apt-get install chromium poppler-utils)")
    return found


@pytest.fixture(scope="module")
def served(core_site):
    """The built site over HTTP on the loopback interface, plus the check harness beside it (served from
    memory: the session's site is shared by every docs test and stays as mkdocs built it)."""
    handler = functools.partial(QuietHandler, directory=str(core_site.out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def do_GET(self) -> None:
        if self.path != "/_harness.html":
            return super().do_GET()
        body = (HARNESS % json.dumps(PAGES)).encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        return None

    def log_message(self, format: str, *args: object) -> None:  # keep the test output clean
        pass


def chromium(*args: str, timeout: int = 90) -> subprocess.CompletedProcess:
    return subprocess.run([tool("chromium"), *CHROMIUM_FLAGS, *args], capture_output=True, text=True,
                          timeout=timeout, check=False)


def not_blank(png: Path) -> bool:
    stat = ImageStat.Stat(Image.open(png).convert("L"))
    return stat.stddev[0] > 5  # a blank or single-colour image has (almost) no spread


@pytest.mark.parametrize("page", PAGES)
def test_page_renders_without_console_errors(served, page):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / f"site-{page.replace('/', '-').removesuffix('.html')}.png"
    shot.unlink(missing_ok=True)
    done = chromium("--enable-logging=stderr", "--v=0", "--window-size=1280,1600",
                    f"--screenshot={shot}", f"{served}/{page}")
    assert shot.is_file(), done.stderr[-2000:]
    assert not_blank(shot)
    # Chromium logs every console message and uncaught exception as a CONSOLE line; our pages log none
    console = [line for line in done.stderr.splitlines() if ":CONSOLE" in line]
    assert not console, "\n".join(console)


def test_svg_pictures_load_and_show(served):
    done = chromium("--virtual-time-budget=20000", "--dump-dom", f"{served}/_harness.html")
    found = re.search(r'<pre id="out">(.*?)</pre>', done.stdout, re.DOTALL)
    assert found and found.group(1) != "pending", done.stderr[-2000:]
    results = json.loads(found.group(1).replace("&quot;", '"'))
    assert results["reference/arenas.html"]["svgs"] >= 4  # one per arena of the core pack
    for page, seen in results.items():
        assert seen["drawn"] == seen["svgs"], f"{page}: {seen['svgs'] - seen['drawn']} SVG(s) not drawn"
    assert results["print_page.html"]["svgs"] >= results["reference/arenas.html"]["svgs"]


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.targets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value and ((tag == "a" and name == "href") or (tag in {"img", "script"} and name == "src")
                          or (tag == "link" and name == "href")):
                self.targets.append(value)


def test_no_broken_links_in_the_built_site(core_site):
    """Every link of the project site resolves; the other games' sites its home page lists are built beside
    it by `make docs`'s second step, so their links are test_game_sites.py's to check."""
    broken = []
    for page in core_site.out.rglob("*.html"):
        if page.is_relative_to(core_site.out / "games"):
            continue
        parser = Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for target in parser.targets:
            parts = urlsplit(target)
            if parts.scheme or parts.netloc or not parts.path:  # external, or an anchor on this page
                continue
            if page.parent == core_site.out and parts.path.startswith("games/"):   # another game's site
                continue
            base = core_site.out if parts.path.startswith("/") else page.parent  # 404.html is root-relative
            if not (base / unquote(parts.path).lstrip("/")).resolve().exists():
                broken.append(f"{page.relative_to(core_site.out)} -> {target}")
    assert not broken, "\n".join(sorted(set(broken)))


def test_print_and_play_pdf_first_page_is_not_blank(tmp_path):
    pdf = tmp_path / "cards.pdf"
    assert main(["print", str(ROOT / "content" / "tem-core"), "--out", str(pdf)]) == 0
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    prefix = ARTIFACTS / "cards-page"
    subprocess.run([tool("pdftoppm"), "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", str(pdf),
                    str(prefix)], check=True, capture_output=True, timeout=60)
    assert not_blank(prefix.with_suffix(".png"))
