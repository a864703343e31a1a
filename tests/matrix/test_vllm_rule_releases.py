"""vLLM's own start-up rules hold for the vLLM releases whose code has the check they port, found by content.

``argmatrix/matrix/engines/vllm_rule_releases.py`` is exactly what ``tools/vllm_rule_releases.py`` writes from the
check-site inventories of the held releases (``tests/fixtures/vllm_check_sites-<release>.json``, each read from
that release's package by ``tools/vllm_check_sites.py``).  A rule fires only under a release whose code has its
check; under the release its citations were written against every rule holds.
"""
from __future__ import annotations

import importlib.util
import json
import re
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

from argmatrix.compiler import CompileOptions, compile
from argmatrix.matrix.engines import get
from argmatrix.matrix.engines.vllm_checks import READ_FROM, VLLM_RULES
from argmatrix.matrix.engines.vllm_rule_releases import ANCHOR, HOLDS_IN, NOT_RESOLVED, RELEASES_READ, SITES
from argmatrix.schema.vllm.releases import HELD

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
VLLM = get("vllm")
RULES = {r.id: r for r in VLLM_RULES}
VENV_PACKAGE = Path("/work/venvs/vllm-{}/lib/python3.11/site-packages/vllm")


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@cache
def resolver() -> ModuleType:
    return _load("vllm_rule_releases")


@cache
def inventory(release: str) -> list[dict]:
    return json.loads((FIXTURES / f"vllm_check_sites-{release}.json").read_text(encoding="utf-8"))["sites"]


def test_the_table_is_what_the_tool_writes_from_the_inventories():
    table, _, _ = resolver().build()
    assert (ROOT / "argmatrix/matrix/engines/vllm_rule_releases.py").read_text(encoding="utf-8") == table


def test_an_inventory_is_held_for_every_held_release():
    assert RELEASES_READ == HELD
    assert ANCHOR == READ_FROM


def test_every_rule_holds_in_the_release_its_citations_were_written_against():
    for rule in VLLM_RULES:
        assert VLLM.rule_holds(rule, ANCHOR), rule.id
    assert set(HOLDS_IN) <= set(RULES) and set(NOT_RESOLVED) <= set(RULES)
    # every rule cites a check site of the inventory it names; none holds everywhere unexamined
    assert NOT_RESOLVED == ()
    assert set(SITES) == set(RULES)


def _cited(rule) -> list[dict]:
    """The inventory sites a rule's citations name: the site on the cited line, or the first one the cited guard
    line heads (this test's own reading of the citation, not the tool's)."""
    out = []
    for release, file, line in re.findall(r"vLLM (\S+) ([\w/]+\.py):(\d+)", rule.source):
        sites = [s for s in inventory(release) if s["file"] == file]
        on = [s for s in sites if s["line"] <= int(line) <= s["end_line"]]
        headed = sorted((s for s in sites if s["block_line"] <= int(line) < s["line"]), key=lambda s: s["line"])
        out += on or headed[:1]
    return out


def test_a_rule_holds_exactly_where_a_release_has_its_check():
    """Recomputed from the raw inventories, independently of the committed table: a rule holds in a release iff
    some site of that release's code has the kind and the normalised message or guard of a site it cites."""
    norm = resolver().normalise

    def content(s: dict) -> set[tuple[str, str]]:
        message = norm(s["message"])
        guard = "|".join(x for x in (norm(s["condition"]), norm(s["test"])) if x)
        keys = {(s["kind"], "g" + guard)} if guard else set()
        if message and len(message) > 12:
            keys.add((s["kind"], "m" + message))
        return keys

    for rule in VLLM_RULES:
        cited = set().union(*(content(s) for s in _cited(rule)))
        assert cited, rule.id
        for release in HELD:
            where = {f"{s['file']}:{s['line']}" for s in inventory(release) if content(s) & cited}
            assert VLLM.rule_holds(rule, release) == bool(where), (rule.id, release)
            assert set(SITES[rule.id].get(release, ())) == where, (rule.id, release)


def test_a_launch_vllm_0_23_does_not_refuse_is_refused_from_0_32_on():
    """vLLM 0.32 added the check that a decode context parallel size spans the prefill context axis (0.23 checks
    only that it divides the tensor parallel size); --prefill-context-parallel-size exists in both."""
    argv = ["vllm", "serve", "m", "--tensor-parallel-size", "4", "--prefill-context-parallel-size", "2",
            "--decode-context-parallel-size", "4"]
    codes = {release: {f.code for f in compile(argv, CompileOptions(target="cuda", env={}, release=release)).findings}
             for release in ("0.23.0", "0.32.0", "0.34.0")}
    assert "AM-E907" in codes["0.32.0"] and "AM-E907" in codes["0.34.0"]
    assert "AM-E907" not in codes["0.23.0"]
    assert not VLLM.rule_holds(RULES["vllm-dcp-with-pcp"], "0.23.0")


def test_a_check_vllm_dropped_stops_firing():
    """vLLM 0.34 turns numa_bind on when a binding list is given (it refuses only an explicit --no-numa-bind),
    so the 0.23-0.33 refusal of a list without --numa-bind does not fire under 0.34."""
    argv = ["vllm", "serve", "m", "--numa-bind-nodes", "0"]
    codes = {release: {f.code for f in compile(argv, CompileOptions(target="cuda", env={}, release=release)).findings}
             for release in ("0.33.0", "0.34.0")}
    assert "AM-E916" in codes["0.33.0"]
    assert "AM-E916" not in codes["0.34.0"]


def test_release_diff_names_the_checks_that_come_and_go():
    checks = VLLM.release_diff("0.23.0", "0.34.0")["checks"]
    assert "vllm-dcp-with-pcp" in checks["added"] and "vllm-numa-lists-need-bind" in checks["removed"]


@pytest.mark.slow
@pytest.mark.parametrize("release", HELD)
def test_the_inventory_is_what_the_tool_reads_from_the_package(release, tmp_path):
    """Where the scratch venv of a release is on this machine, re-reading it gives the committed fixture
    (CI never installs vLLM: elsewhere this is skipped)."""
    package = Path(str(VENV_PACKAGE).format(release))
    if not package.is_dir():
        pytest.skip(f"no vLLM {release} package at {package}")
    sites_tool = _load("vllm_check_sites")
    out = sites_tool.write(package, tmp_path / "sites.json")
    assert out.read_text(encoding="utf-8") == (FIXTURES / f"vllm_check_sites-{release}.json").read_text(
        encoding="utf-8")
