"""The conformance launches of the ported rules (tests/fixtures/sglang_conformance/cases/inventory-*.yaml) are the
pairs argmatrix itself is tested on: every rule has one that breaks it and one that does not, argmatrix's verdict on
each is the one the case's name says, and every case names a check site of the 0.5.23 inventory."""
from __future__ import annotations

import shlex
from pathlib import Path

import pytest
import yaml

from argmatrix.matrix.sglang_checks import attention, layernorm_sp, modes, moe, parallel, replacements, sharding

from .helpers import codes, run

ROOT = Path(__file__).resolve().parents[2]
CASES_DIR = ROOT / "tests" / "fixtures" / "sglang_conformance" / "cases"
INVENTORY = ROOT / "tests" / "fixtures" / "sglang_check_sites-0.5.23.json"
# environment.py's rules are left out: a case is a launch line and a target, and has no environment to set; their
# pairs are in tests/compiler/test_sglang_checks_environment.py only.
# The rules that read config.json are left out too (the cases' M is no local folder), and the codes from AM-E410 on,
# ported in the next round: their pairs are in cases/port*.yaml and tests/compiler/test_sglang_checks_*.py.
RULES = [r for m in (parallel, moe, attention, sharding, layernorm_sp, modes, replacements) for r in m.RULES
         if not r.reads_model and int(r.code[4:]) < 410]
CASES = [case for path in sorted(CASES_DIR.glob("inventory-*.yaml"))
         for case in yaml.safe_load(path.read_text(encoding="utf-8"))]


# A case's name says whether the rule fires on it: refuse / accept for an error, warns / quiet for a warning (SGLang
# accepts both launches of a warning and replaces the value).
FIRES = {"refuse": True, "warns": True, "accept": False, "quiet": False}


def _rule_and_fires(case_id: str):
    for rule in RULES:
        for word, fires in FIRES.items():
            stem = f"inventory-{rule.id}-{word}"
            if case_id == stem or case_id.startswith(stem + "-"):
                return rule, fires
    raise AssertionError(f"{case_id}: names no ported rule")


def test_every_ported_rule_has_a_breaking_and_a_holding_launch():
    ids = {c["id"] for c in CASES}
    assert len(ids) == len(CASES), "case ids must be unique"
    for rule in RULES:
        fire, hold = ("refuse", "accept") if rule.severity == "error" else ("warns", "quiet")
        assert f"inventory-{rule.id}-{fire}" in ids and f"inventory-{rule.id}-{hold}" in ids, rule.code


def test_every_case_names_a_site_of_the_inventory():
    import json

    sites = {f"{s['file']}:{s['line']}" for s in json.loads(INVENTORY.read_text(encoding="utf-8"))["sites"]}
    assert [c["id"] for c in CASES if c.get("site") not in sites] == []


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_argmatrix_gives_the_verdict_the_case_is_named_for(case):
    rule, fires = _rule_and_fires(case["id"])
    argv = shlex.split(case["argv"])
    assert argv[:2] == ["--model-path", "M"] and case["target"] in ("a2", "a3", "cuda", "cpu")
    fired = rule.code in codes(run(argv, target=case["target"], releases={"sglang": "0.5.23"}))
    assert fired == fires, case
    assert case["expect"] == "accept" or rule.severity == "error", "SGLang refuses no launch for a warning's sake"
