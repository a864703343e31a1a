"""SGLang's start-up rules hold for the releases whose code has the check they port, found by content.

``matrix/sglang_checks/rule_releases.py`` and ``rule_sites.json`` are exactly what ``tools/sglang_rule_releases.py``
writes from the check-site inventories of the held releases (``tests/fixtures/sglang_check_sites-<release>.json``,
each read from that release's wheel by ``tools/sglang_check_sites.py``).  A rule fires only under a release whose
code has its check; under the release it was written against every rule holds.
"""
from __future__ import annotations

import importlib.util
import json
from functools import cache
from pathlib import Path

import pytest

from argmatrix.compiler import CompileOptions, compile
from argmatrix.matrix.engines import get
from argmatrix.matrix.sglang_checks import SGLANG_RULES
from argmatrix.matrix.sglang_checks.rule_releases import ANCHOR, HOLDS_IN, NOT_RESOLVED, RELEASES_READ
from argmatrix.schema.release_table import KNOWN_FLAG_SETS

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "sglang_rule_releases.py"
VERDICTS = ROOT / "tests" / "fixtures" / "sglang_conformance" / "verdicts-0.5.23.json"
SGLANG = get("sglang")
RULES = {r.id: r for r in SGLANG_RULES}


@cache
def tool():
    spec = importlib.util.spec_from_file_location("sglang_rule_releases", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_tables_are_what_the_tool_writes_from_the_inventories():
    table, sites, _ = tool().build()
    assert (ROOT / "argmatrix/matrix/sglang_checks/rule_releases.py").read_text() == table
    assert (ROOT / "argmatrix/matrix/sglang_checks/rule_sites.json").read_text() == sites


def test_an_inventory_is_held_for_every_release_whose_flags_are_held():
    assert RELEASES_READ == KNOWN_FLAG_SETS


def test_every_rule_holds_in_the_release_its_citation_was_written_against():
    for rule in SGLANG_RULES:
        assert SGLANG.rule_holds(rule, ANCHOR), rule.id
    assert set(HOLDS_IN) <= set(RULES) and set(NOT_RESOLVED) <= set(RULES)
    assert not set(HOLDS_IN) & set(NOT_RESOLVED)


def test_a_rule_holds_exactly_where_the_inventory_has_its_check():
    """Recomputed from the raw inventories, independently of the committed table: the rule holds in a release iff
    one of the checks it cites (by the anchor's site) has the same content somewhere in that release's code."""
    t = tool()
    inventories = t.load_inventories(ROOT / "tests" / "fixtures")
    sites = json.loads((ROOT / "argmatrix/matrix/sglang_checks/rule_sites.json").read_text())
    for rule_id, per in sites.items():
        for release in RELEASES_READ:
            assert SGLANG.rule_holds(RULES[rule_id], release) == (release in per), (rule_id, release)
            for loc in per.get(release, ()):
                file, line = loc.rsplit(":", 1)
                assert any(s["file"] == file and s["line"] == int(line) for s in inventories[release]), loc


@pytest.mark.slow
def test_no_release_runs_a_rule_whose_check_its_code_lacks():
    """Every launch of the conformance corpus, checked against each older release: no rule finding comes from a
    check that release's code does not have, and some findings of 0.5.23 do go (its checks came later)."""
    cases = json.loads(VERDICTS.read_text())["cases"]
    gone = 0
    for release in ("0.5.9", "0.5.12", "0.5.18"):
        for case in (cases.values() if isinstance(cases, dict) else cases):
            argv, target = case["argv"], case["target"]
            old = compile(argv, CompileOptions(target=target, releases={"sglang": release}, env={}))
            for f in old.findings:
                if f.rule is not None and f.rule in RULES:
                    assert SGLANG.rule_holds(RULES[f.rule], release), (release, f.rule, argv)
            if release == "0.5.18":
                new = compile(argv, CompileOptions(target=target, releases={"sglang": ANCHOR}, env={}))
                gone += len({f.rule for f in new.findings if f.rule} - {f.rule for f in old.findings if f.rule})
    assert gone > 0


@pytest.mark.parametrize("rule_id", sorted(HOLDS_IN)[:1])
def test_a_check_sglang_added_later_does_not_judge_an_older_release(rule_id):
    """The spans are runs of held releases, each from a release on to the anchor or an earlier one."""
    spans = HOLDS_IN[rule_id]
    assert all(a in RELEASES_READ and b in RELEASES_READ for a, b in spans)
    first = spans[0][0]
    before = RELEASES_READ[: RELEASES_READ.index(first)]
    assert all(not SGLANG.rule_holds(RULES[rule_id], r) for r in before)
