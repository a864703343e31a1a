"""Every check site of SGLang 0.5.23's start-up code is accounted for: ported by a rule, or given one disposition.

The sites are the inventory ``tests/fixtures/sglang_check_sites-0.5.23.json`` (``tools/sglang_check_sites.py``
reads them out of the wheel; CI never installs SGLang).  ``argmatrix/matrix/sglang_checks/coverage.py`` does the
accounting; the numbers are printed at the end of the run and must equal the table in docs/check-config.md.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from argmatrix.matrix.engines.sglang import all_rules
from argmatrix.matrix.rules import Rule
from argmatrix.matrix.sglang_checks import SGLANG_RULES
from argmatrix.matrix.sglang_checks import coverage as cv
from argmatrix.matrix.sglang_checks.dispositions import Disposition

ROOT = Path(__file__).resolve().parents[2]
INVENTORY = ROOT / "tests" / "fixtures" / "sglang_check_sites-0.5.23.json"
DOC = ROOT / "docs" / "check-config.md"


@pytest.fixture(scope="module")
def inventory() -> dict:
    return cv.load_sites(INVENTORY)


@pytest.fixture(scope="module")
def coverage(inventory) -> cv.Coverage:
    files = sorted({s["file"] for s in inventory["sites"]})
    return cv.compute(inventory["sites"], all_rules(), cv.load_dispositions(files))


def _where(file: str, line: int, inventory: dict) -> str:
    site = next((s for s in inventory["sites"] if (s["file"], s["line"]) == (file, line)), None)
    return f"{file}:{line}" + (f" ({site['kind']} in {site['function']}: {site['message']})" if site else "")


def test_the_inventory_is_of_the_release_the_rules_cite(inventory):
    assert inventory["release"] == "0.5.23"
    assert inventory["counts"]["sites"] == len(inventory["sites"]) > 0
    keys = [(s["file"], s["line"]) for s in inventory["sites"]]
    assert keys == sorted(set(keys)), "sites must be sorted and one per line"


def test_every_site_is_ported_or_has_a_disposition(coverage, inventory):
    missing = [_where(f, line, inventory) for f, line in coverage.uncovered]
    assert not missing, f"{len(missing)} sites with neither a rule nor a disposition:\n" + "\n".join(missing[:40])


def test_no_disposition_is_stale(coverage):
    assert not coverage.stale, f"dispositions on lines that are no site of 0.5.23: {coverage.stale}"


def test_no_site_is_both_ported_and_disposed_of(coverage):
    assert not coverage.double, f"sites cited by a rule and given a disposition: {coverage.double}"


def test_every_rule_citation_is_a_site(coverage):
    assert not coverage.typos, f"rules citing lines that are no site (rule, file, first, last): {coverage.typos}"


def test_dispositions_are_well_formed(coverage):
    for file in {s["file"] for s in coverage.sites}:
        for line, disp in cv.load_dispositions([file]).get(file, {}).items():
            assert isinstance(disp, Disposition) and disp.why.strip(), (file, line)
            assert disp.kind in ("model", "runtime", "not-applicable", "declared", "pending"), (file, line)
            if disp.kind == "model":
                # a model disposition names the check that covers it
                assert re.search(r"AM-[EWN]7\d\d", disp.why), (file, line, disp.why)


def test_the_doc_shows_the_computed_numbers(coverage):
    text = DOC.read_text(encoding="utf-8")
    table = cv.markdown_table(coverage)
    assert "\n".join(table) in text, "docs/check-config.md must hold this coverage table:\n" + "\n".join(table)


# --- the accounting itself, on a made-up inventory ------------------------------------------------------------------
def _site(file, line, end=None, block=None, kind="raise"):
    return {"file": file, "line": line, "end_line": end or line, "block_line": block or line - 1, "kind": kind,
            "function": "f", "message": "m"}


def _rule(code, source):
    return Rule(code.lower(), code, ("tp_size",), lambda c: False, None, None, source=source)  # type: ignore[arg-type]


def test_citation_forms():
    assert [(c.file, c.first, c.last) for c in cv.citations(_rule("AM-E1", "SGLang 0.5.23 arg_groups/x.py:123"))] \
        == [("arg_groups/x.py", 123, 123)]
    assert [(c.file, c.first, c.last) for c in cv.citations(_rule("AM-E1", "SGLang 0.5.23 x.py:160-163"))] \
        == [("x.py", 160, 163)]
    assert [(c.file, c.first) for c in cv.citations(_rule("AM-E1", "SGLang 0.5.23 x.py:1370, :1083, y.py:5"))] \
        == [("x.py", 1370), ("x.py", 1083), ("y.py", 5)]
    # prose after the list is not read as a citation
    assert [(c.file, c.first) for c in cv.citations(_rule("AM-E1", "SGLang 0.5.23 a.py:244, after b.py:331 x"))] \
        == [("a.py", 244)]
    assert cv.citations(_rule("AM-E1", "Ascend feature table")) == []


def test_accounting_catches_each_kind_of_gap():
    sites = [_site("arg_groups/x.py", 10, 12, block=9), _site("arg_groups/x.py", 20), _site("arg_groups/x.py", 30),
             _site("arg_groups/x.py", 40), _site("server_args.py", 5)]
    rules = [_rule("AM-E1", "SGLang 0.5.23 x.py:11"),           # inside the first site
             _rule("AM-E2", "SGLang 0.5.23 x.py:9"),            # its guarding if
             _rule("AM-E3", "SGLang 0.5.23 x.py:30"),           # also disposed of: double
             _rule("AM-E4", "SGLang 0.5.23 x.py:77"),           # no site: typo
             _rule("AM-E5", "SGLang 0.5.23 server_args.py:5")]  # the top-level file
    disps = {"arg_groups/x.py": {20: Disposition("runtime", "needs a device"), 30: Disposition("pending", "later"),
                                 31: Disposition("model", "AM-E710")}}
    cov = cv.compute(sites, rules, disps)
    assert cov.ported_by[("arg_groups/x.py", 10)] == ["AM-E1", "AM-E2"]
    assert cov.typos == [("AM-E4", "x.py", 77, 77)]
    assert cov.stale == [("arg_groups/x.py", 31)]
    assert cov.double == [("arg_groups/x.py", 30, ["AM-E3"])]
    assert cov.uncovered == [("arg_groups/x.py", 40)]
    assert cov.counts() == {"sites": 5, "ported": 3, "declared": 0, "model": 0, "runtime": 1, "not-applicable": 0, "pending": 0,
                            "unaccounted": 1}
    assert cv.compute(sites, rules, disps, skip_files={"arg_groups/x.py"}).uncovered == []


def test_module_names_of_sglang_files():
    assert cv.disposition_module("arg_groups/moe_hook.py") == "moe_hook"
    assert cv.disposition_module("server_args.py") == "server_args"
    assert cv.disposition_module("arg_groups/model_overrides/gpt_oss.py") == "model_overrides_gpt_oss"
    assert cv.disposition_module("arg_groups/fields/__init__.py") == "fields_init"


# Sources whose text after the citations mentions a line that is context, not a ported site.
PROSE_AFTER_CITATIONS = {"AM-E240"}  # "..., after parallel_hook.py:331 divides the chunk"


def test_no_citation_is_lost_to_a_mistyped_separator():
    """Every file:line a source names is read as a citation (", :N" and ", file.py:N" continue the list; anything
    else ends it), so a stray space cannot silently drop the sites after it."""
    for rule in SGLANG_RULES:
        if rule.code in PROSE_AFTER_CITATIONS:
            continue
        written = re.findall(r"(?:\.py|, ):\d+", rule.source or "")
        assert len(written) == len(cv.citations(rule)), (rule.code, rule.source)
