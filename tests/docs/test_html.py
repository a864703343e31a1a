"""generated/matrix.html: self-contained, and usable in a real browser (headless Chromium).

The browser test needs Debian's chromium (/usr/bin/chromium) and the playwright Python package; it is
skipped, with the reason, when either is missing.  Its screenshot goes to test-artifacts/matrix.png.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from argmatrix.generate import html as html_gen
from argmatrix.schema.registry import SPECS

from ._md import ROOT

CHROMIUM = os.environ.get("ARGMATRIX_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]


def embedded(text: str) -> dict:
    m = re.search(r'<script type="application/json" id="matrix-data">\n(.*?)\n</script>', text, re.DOTALL)
    assert m is not None, "matrix.html lost its embedded data"
    return json.loads(m.group(1))


def test_page_is_self_contained(files):
    text = files["matrix.html"]
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", text, re.IGNORECASE)
    assert not re.search(r"@import|url\(", text)
    assert "<link" not in text and "<script src" not in text
    assert not re.search(r"https?://", text)


def test_data_has_one_line_per_argument(files):
    text = files["matrix.html"]
    data = embedded(text)
    assert [a["n"] for a in data["args"]] == list(SPECS)
    lines = [line for line in text.splitlines() if line.startswith('{"n":')]
    assert len(lines) == len(SPECS) + len(data["vargs"])  # SGLang's arguments, then vLLM's, one line each
    assert data["platforms"] == ["a2", "a3", "310p", "a5", "cuda", "cpu"]
    removed = next(a for a in data["args"] if a["n"] == "enable_double_sparsity")
    assert removed["depKind"] == "refused" and set(removed["s"].values()) == {"unsupported"}
    renamed = next(a for a in data["args"] if a["n"] == "stream_output")
    assert renamed["depKind"] == "refused" and "--incremental-streaming-output" in renamed["dep"]["en"]
    split = next(a for a in data["args"] if a["n"] == "disable_cuda_graph")  # 0.5.23 still takes it, with a warning
    assert split["depKind"] == "deprecated" and "supported" in split["s"].values()


def test_status_is_readable_without_colour():
    template = html_gen.TEMPLATE.read_text(encoding="utf-8")
    assert 'el("span", "mark"' in template and 'el("span", "word"' in template  # a symbol and a word per cell


def _expected(data: dict, lang: str, q: str = "", platform: str = "", status: str = "", group: str = "") -> list[str]:
    out = []
    for a in data["args"]:
        if group and a["g"] != group:
            continue
        plats = [platform] if platform else data["platforms"]
        if status and not any(a["s"][p] == status for p in plats):
            continue
        title = next(g for g in data["groups"] if g["key"] == a["g"])
        hay = " ".join([" ".join(a["f"]), a["n"], a["h"]["en"], a["h"]["zh"], title["en"], title["zh"]]).lower()
        if any(w not in hay for w in q.lower().split()):
            continue
        out.append(a["n"])
    return out


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} not found: install Debian's chromium (apt-get install -y chromium) to run the "
                    "browser test")
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright Python package is not installed")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


@pytest.mark.slow
def test_search_filter_and_language_in_chromium(browser, files, tmp_path):
    page_file = tmp_path / "matrix.html"
    page_file.write_text(files["matrix.html"], encoding="utf-8")
    data = embedded(files["matrix.html"])
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(page_file.as_uri() + "#en")
    page.wait_for_selector("body[data-ready='1']")

    def visible() -> list[str]:
        return page.eval_on_selector_all("#rows tr:not([hidden])", "rows => rows.map(r => r.dataset.name)")

    assert visible() == [a["n"] for a in data["args"]]
    assert page.inner_text("#head").split()[:2] == ["Argument", "Group"]

    # type a search
    page.fill("#search", "hicache")
    want = _expected(data, "en", q="hicache")
    assert want and visible() == want
    assert page.inner_text("#count") == f"{len(want)} of {len(data['args'])} arguments shown"
    page.fill("#search", "张量并行")  # Chinese on the English page
    assert "tp_size" in visible() and visible() == _expected(data, "en", q="张量并行")

    # toggle filters: planned on A3, then a group
    page.fill("#search", "")
    page.select_option("#platform", "a3")
    page.select_option("#status", "planned")
    want = _expected(data, "en", platform="a3", status="planned")
    assert want and visible() == want
    assert page.is_hidden("#head th[data-platform='cuda']") and page.is_visible("#head th[data-platform='a3']")
    first = page.locator("#rows tr:not([hidden])").first
    assert first.locator("td[data-platform='a3']").inner_text().strip() == "○ planned"
    page.select_option("#group", "optimization")
    want = _expected(data, "en", platform="a3", status="planned", group="optimization")
    assert visible() == want and "enable_two_batch_overlap" in want

    # switch language: the same rows, in Chinese
    page.click("#lang")
    assert page.get_attribute("html", "lang") == "zh-CN"
    assert visible() == want
    assert page.inner_text("#head").split()[:2] == ["参数", "分组"]
    assert first.locator("td[data-platform='a3']").inner_text().strip() == "○ 规划中"
    page.fill("#search", "重叠")  # the Chinese help text
    assert visible() == _expected(data, "zh", q="重叠", platform="a3", status="planned", group="optimization")
    page.fill("#search", "overlap")  # and the English one, whichever language is shown
    assert visible() == _expected(data, "zh", q="overlap", platform="a3", status="planned", group="optimization")

    # a row opens to its details
    page.fill("#search", "")
    page.select_option("#group", "")
    page.select_option("#status", "")
    page.select_option("#platform", "")
    page.click("#rows tr[data-name='hicache_write_policy'] summary")
    # the page fills the details from its "toggle" event, which fires after the click returns: wait for them
    page.wait_for_selector("#rows tr[data-name='hicache_write_policy'] .more dd")
    details = page.inner_text("#rows tr[data-name='hicache_write_policy'] .more")
    assert "write_back" in details and "write_through" in details

    page.click("#lang")  # back to English for the screenshot (CI images may lack CJK fonts)
    assert page.get_attribute("html", "lang") == "en"
    ARTIFACTS.mkdir(exist_ok=True)
    page.fill("#search", "cuda graph")
    page.screenshot(path=str(ARTIFACTS / "matrix.png"), full_page=False)
    assert (ARTIFACTS / "matrix.png").stat().st_size > 10_000
    assert not errors, errors
    assert all(u.startswith("file:") for u in requests), requests
    page.close()


@pytest.mark.slow
def test_column_header_stays_in_view_in_chromium(browser, files, tmp_path):
    page_file = tmp_path / "matrix.html"
    page_file.write_text(files["matrix.html"], encoding="utf-8")
    page = browser.new_page(viewport={"width": 1200, "height": 800})
    page.goto(page_file.as_uri() + "#en")
    page.wait_for_selector("body[data-ready='1']")
    page.eval_on_selector(".wrap", "w => { w.scrollTop = 3000; }")
    page.wait_for_function("() => document.querySelector('.wrap').scrollTop > 1000")
    head = page.eval_on_selector("#head th", "th => th.getBoundingClientRect().top")
    wrap = page.eval_on_selector(".wrap", "w => w.getBoundingClientRect().top")
    first_row = page.eval_on_selector("#rows tr", "tr => tr.getBoundingClientRect().top")
    assert abs(head - wrap) <= 2 and first_row < wrap  # the rows scrolled away under the header, which stayed
    assert 0 <= head < 800
    page.close()


@pytest.mark.slow
def test_engines_releases_and_search_across_them_in_chromium(browser, files, tmp_path):
    """Issue 32: one page for SGLang, vLLM (vLLM-Ascend on each Ascend chip) and argmatrix's own engine, with each
    engine's held releases, searched in both languages across all of them."""
    from argmatrix.matrix import engines

    page_file = tmp_path / "matrix.html"
    page_file.write_text(files["matrix.html"], encoding="utf-8")
    data = embedded(files["matrix.html"])
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(page_file.as_uri() + "#en")
    page.wait_for_selector("body[data-ready='1']")

    def visible(view: str = "") -> list[str]:
        sel = "#rows tr:not([hidden])" + (f"[data-view='{view}']" if view else "")
        return page.eval_on_selector_all(sel, "rows => rows.map(r => r.dataset.name)")

    def options(select: str) -> list[str]:
        return page.eval_on_selector_all(f"#{select} option", "os => os.map(o => o.value)")

    # the engine switch and, per engine, the releases its engine object holds (newest first)
    assert options("view") == ["sglang", "vllm", "argmatrix", "all"]
    assert options("release") == list(html_gen.held_releases(engines.get("sglang")))
    assert options("release")[0] == "0.5.23" and "0.5.9" in options("release")

    # SGLang at an older release: a flag that came later is not there yet, and says so
    row = "#rows tr[data-name='attn_dp_size']"
    assert page.inner_text(f"{row} td[data-platform='a3']").strip() == "✓ supported"
    page.select_option("#release", "0.5.9")
    assert page.inner_text(f"{row} td[data-platform='a3']").strip() == "✗ unsupported"
    assert "not in SGLang 0.5.9 yet" in page.inner_text(f"{row} summary")
    page.select_option("#release", "0.5.23")

    # vLLM, with vLLM-Ascend on the Ascend chips: --additional-config's keys and --quantization ascend on A3
    page.select_option("#view", "vllm")
    assert options("release") == list(html_gen.held_releases(engines.get("vllm")))
    assert "vLLM-Ascend" in page.inner_text("#head th[data-platform='a3']")
    assert "vLLM" in page.inner_text("#head th[data-platform='cuda']")
    assert len(visible()) == len(data["vargs"])
    page.select_option("#platform", "a3")
    page.fill("#search", "additional-config")
    assert "additional_config" in visible()
    page.click("#rows tr[data-name='additional_config'] summary")
    page.wait_for_selector("#rows tr[data-name='additional_config'] .more ul.keys li")
    keys = page.inner_text("#rows tr[data-name='additional_config'] .more")
    wanted = next(a for a in data["vargs"] if a["n"] == "additional_config")["k"]
    assert len(wanted) > 50 and all(k[0] in keys for k in wanted[:5])
    page.fill("#search", "--quantization")
    assert "quantization" in visible()
    quant = next(a for a in data["vargs"] if a["n"] == "quantization")
    assert "ascend" in quant["o"]["a3"] and "ascend" not in (quant["o"]["cuda"] or [])
    cell = page.inner_text("#rows tr[data-name='quantization'] td[data-platform='a3']").strip()
    assert cell.endswith(data["statusWords"][quant["s"]["a3"]]["en"])
    page.click("#rows tr[data-name='quantization'] summary")
    page.wait_for_selector("#rows tr[data-name='quantization'] .more dd")
    assert "ascend" in page.inner_text("#rows tr[data-name='quantization'] .more")

    # every engine at once: 张量并行 finds SGLang's and vLLM's tensor-parallel rows, on the English page too
    page.select_option("#platform", "")
    page.select_option("#view", "all")
    page.fill("#search", "张量并行")
    assert "tp_size" in visible("sglang") and "tensor_parallel_size" in visible("vllm")
    page.click("#lang")
    page.fill("#search", "tensor parallel")
    assert "tp_size" in visible("sglang") and "tensor_parallel_size" in visible("vllm")

    # argmatrix's own engine is a view of its own, labelled as such
    page.fill("#search", "")
    page.select_option("#view", "argmatrix")
    head = page.inner_text("#head")
    assert "argmatrix 自带引擎" in head and "A3" not in head
    assert "不是 SGLang 或 vLLM" in page.inner_text("#viewnote")
    assert page.is_disabled("#release")
    assert not errors, errors
    page.close()


@pytest.mark.slow
def test_vllm_ascend_release_in_chromium(browser, files, tmp_path):
    """Issue 32: the vLLM view's vLLM-Ascend selector judges the Ascend columns by that release
    (``VLLM.on_ascend``): at 0.23.0.post1 on A3, its --additional-config keys and its --quantization methods
    (``ascend``, no ``mxfp8``) with its statuses; back at the newest release, the newest's."""
    from argmatrix.matrix import engines
    from argmatrix.matrix.engines import vllm_ascend_facts as ascend
    from argmatrix.matrix.platforms import PLATFORMS
    from argmatrix.matrix.table import platform_entry

    page_file = tmp_path / "matrix.html"
    page_file.write_text(files["matrix.html"], encoding="utf-8")
    data = embedded(files["matrix.html"])
    vllm = engines.get("vllm")
    older = vllm.on_ascend("0.23.0.post1")
    a3 = PLATFORMS["a3"]
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(page_file.as_uri() + "#en")
    page.wait_for_selector("body[data-ready='1']")

    def options(select: str) -> list[str]:
        return page.eval_on_selector_all(f"#{select} option", "os => os.map(o => o.value)")

    def cell(name: str) -> str:
        return page.inner_text(f"#rows tr[data-name='{name}'] td[data-platform='a3']").strip()

    def word(status: str) -> str:
        return data["statusWords"][status]["en"]

    def open_row(name: str) -> str:
        """The row's details, filled by the page's toggle event once the summary is clicked."""
        page.click(f"#rows tr[data-name='{name}'] summary")
        page.wait_for_selector(f"#rows tr[data-name='{name}'] .more dd")
        return page.inner_text(f"#rows tr[data-name='{name}'] .more")

    def a3_details(name: str) -> str:  # the A3 line of a row's details: status, default, allowed values, reason
        return page.eval_on_selector_all(
            f"#rows tr[data-name='{name}'] .more dt",
            "dts => dts.filter(t => t.textContent.startsWith('A3')).map(t => t.nextElementSibling.textContent)"
            ".join('')")

    assert page.is_hidden("#ascendbox")  # SGLang's view has no vLLM-Ascend release
    page.select_option("#view", "vllm")
    assert page.is_visible("#ascendbox") and page.inner_text("#ascendbox span") == "vLLM-Ascend release"
    assert options("ascend") == list(reversed(ascend.RELEASES)) == list(html_gen.ascend_releases())
    assert page.input_value("#ascend") == ascend.NEWEST
    assert f"vLLM-Ascend {ascend.NEWEST}" in page.inner_text("#head th[data-platform='a3']")

    page.select_option("#ascend", "0.23.0.post1")
    assert "vLLM-Ascend 0.23.0.post1" in page.inner_text("#head th[data-platform='a3']")
    assert "vLLM-Ascend" not in page.inner_text("#head th[data-platform='cuda']")

    # every A3 status is 0.23.0.post1's, with its reasons (the release's feature page)
    def a3_cells() -> list[list[str]]:
        return page.eval_on_selector_all(
            "#rows tr td[data-platform='a3']", "tds => tds.map(t => [t.closest('tr').dataset.name, t.dataset.status])")

    specs = vllm.surface.specs
    shown = a3_cells()
    assert len(shown) == len(data["vargs"])
    assert shown == [[name, platform_entry(specs[name], "a3", older)["status"]] for name, _ in shown]
    said = {name: c.reason.en for name, _ in shown if (c := older.cell(specs[name], a3)).reason is not None}
    named = [name for name, why in said.items() if "vLLM-Ascend 0.23.0.post1" in why]
    assert named  # rows whose A3 status the release's feature page sets say so
    for name in named[:3]:
        title = page.get_attribute(f"#rows tr[data-name='{name}'] td[data-platform='a3']", "title") or ""
        assert title.startswith(said[name])
    # an older release whose statuses differ from the newest's on A3: the page shows that release's
    oldest = vllm.on_ascend(ascend.RELEASES[0])
    page.select_option("#ascend", ascend.RELEASES[0])
    assert a3_cells() == [[name, platform_entry(specs[name], "a3", oldest)["status"]] for name, _ in shown]
    assert any(oldest.cell(specs[n], a3).status != vllm.cell(specs[n], a3).status for n, _ in shown)
    page.select_option("#ascend", "0.23.0.post1")

    # --additional-config: 0.23.0.post1's keys, those it does not read marked so
    page.select_option("#platform", "a3")
    page.fill("#search", "additional-config")
    open_row("additional_config")
    listed = page.eval_on_selector_all("#rows tr[data-name='additional_config'] .more ul.keys li",
                                       "lis => lis.map(l => [l.dataset.key, l.dataset.unread === '1', l.textContent])")
    keys = older.object_keys("additional_config", a3)
    assert sorted(k for k, _, _ in listed) == sorted(keys)
    unread = {k for k, off, _ in listed if off}
    assert unread == {k.key for k in keys.values() if k.since or k.removed_in}
    said = {k: text for k, _, text in listed}
    assert "weight_prefetch_config" in said and "weight_prefetch_config" not in unread
    assert "scheduler_config" in unread  # only main reads it
    assert "not read by vLLM-Ascend 0.23.0.post1: read from main on" in said["scheduler_config"]
    newest_keys = vllm.object_keys("additional_config", a3)
    assert newest_keys["weight_prefetch_config"].removed_in  # the newest release no longer reads it

    # --quantization: 0.23.0.post1 offers ascend on A3, not mxfp8 (which the newest release offers)
    page.fill("#search", "--quantization")
    quant = specs["quantization"]
    methods = older.allowed(quant, a3)
    assert "ascend" in methods and "mxfp8" not in methods and "mxfp8" in vllm.allowed(quant, a3)
    assert cell("quantization").endswith(word(older.cell(quant, a3).status.value))
    open_row("quantization")
    line = a3_details("quantization")
    allowed = line.split("allowed: ")[1].split(" · ")[0].split(", ")
    assert allowed == [str(m) for m in methods] and "ascend" in allowed and "mxfp8" not in allowed

    # back to the newest release: its keys and methods again
    page.select_option("#ascend", ascend.NEWEST)
    page.fill("#search", "--quantization")
    open_row("quantization")
    assert "mxfp8" in a3_details("quantization").split("allowed: ")[1]
    page.fill("#search", "additional-config")
    open_row("additional_config")
    off = page.eval_on_selector_all("#rows tr[data-name='additional_config'] .more ul.keys li[data-unread='1']",
                                    "lis => lis.map(l => l.dataset.key)")
    assert "weight_prefetch_config" in off and "scheduler_config" not in off

    # in Chinese: the selector's label and a key the release does not read, said in Chinese
    page.select_option("#ascend", "0.23.0.post1")
    page.click("#lang")
    assert page.inner_text("#ascendbox span") == "vLLM-Ascend 版本"
    page.fill("#search", "additional-config")
    open_row("additional_config")
    text = page.inner_text("#rows tr[data-name='additional_config'] .more li[data-key='scheduler_config']")
    assert "vLLM-Ascend 0.23.0.post1 不读取该键" in text
    assert not errors, errors
    page.close()
