"""SGLang 0.5.23's start-up checks on speculative decoding, LoRA, disaggregation, multimodal transport, deterministic
inference, the hierarchical cache, HiSparse and diffusion LLMs: one launch that breaks each rule, one close to it that
does not, through check-config's in-process path (the same pairs are conformance cases in
tests/fixtures/sglang_conformance/cases/portB.yaml)."""
from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
import yaml

from argmatrix.matrix.sglang_checks import deterministic, disaggregation, dllm, hicache, lora, speculative

from .helpers import codes
from .helpers import run as _run
from .test_sglang_checks_portf import PORTF_CODES

run = partial(_run, releases={"sglang": "0.5.23"})
MODULES = (speculative, lora, disaggregation, deterministic, hicache, dllm)
CASES_FILE = Path(__file__).resolve().parents[1] / "fixtures" / "sglang_conformance" / "cases" / "portB.yaml"


def _pairs() -> list[tuple[str, str, dict[str, str], list[str], list[str]]]:
    """(rule code, target, environment, argv that breaks it, argv that does not), read from the conformance cases."""
    cases = yaml.safe_load(CASES_FILE.read_text())
    by_id = {case["id"]: case for case in cases}
    out = []
    for case in cases:
        if case["expect"] != "refuse" and not case.get("warns"):
            continue
        if "rule" not in case:  # a conformance launch whose rule lives in another module (its owner's file)
            continue
        good = by_id[case["pair"]]
        assert good["target"] == case["target"], case["id"]
        out.append((case["rule"], case["target"], case.get("env", {}), case["argv"].split()[2:],
                    good["argv"].split()[2:]))
    return out


PAIRS = _pairs()


@pytest.mark.parametrize("code, target, env, bad, good", PAIRS, ids=[f"{p[0]}-{i}" for i, p in enumerate(PAIRS)])
def test_each_check_breaks_and_holds(code, target, env, bad, good):
    assert code in codes(run(bad, target=target, env=env)), bad
    assert code not in codes(run(good, target=target, env=env)), good


def test_every_rule_has_a_pair_and_cites_its_release():
    rules = [rule for module in MODULES for rule in module.RULES]
    assert {r.code for r in rules} - PORTF_CODES == {p[0] for p in PAIRS}
    for rule in rules:
        assert rule.source and rule.source.startswith("SGLang 0.5.23 arg_groups/"), rule.id
        assert rule.message.zh and rule.hint.zh, rule.id
        assert (rule.severity == "warning") == rule.code.startswith("AM-W"), rule.id


def test_a_rule_standing_for_several_checks_names_the_one_that_fails():
    c = run(["--moe-runner-backend", "lora_triton", "--enable-lora", "--max-lora-rank", "8",
             "--lora-target-modules", "all"], target="cuda")
    f = next(f for f in c.findings if f.code == "AM-E298")
    assert "--lora-backend triton_v2, not csgmv" in f.message.en and "--lora-backend triton_v2" in f.message.zh
    c = run(["--disaggregation-mode", "decode", "--disaggregation-decode-allocation-policy", "prefill_complete",
             "--tp", "2", "--enable-pd-role-switch"], target="cuda")
    f = next(f for f in c.findings if f.code == "AM-E386")
    assert "--tp 2 (attention TP above 1)" in f.message.en and "--enable-pd-role-switch" in f.message.en


def test_ngram_budget_counts_the_default_draft_tokens():
    base = ["--speculative-algorithm", "NGRAM", "--speculative-ngram-external-corpus-path", "/c.txt"]
    assert "AM-E288" not in codes(run([*base, "--speculative-ngram-external-sam-budget", "11"], target="cuda"))
    c = run([*base, "--speculative-ngram-external-sam-budget", "12"], target="cuda")
    assert "between 1 and the draft tokens minus one (11)" in next(f for f in c.findings if f.code == "AM-E288").message.en


def test_a_disposed_site_is_not_also_a_rule_citation():
    """A site either has a rule citing it or a disposition saying why none does, never both."""
    import importlib
    import re
    from typing import get_args

    from argmatrix.matrix.engines.sglang import all_rules
    from argmatrix.matrix.sglang_checks.dispositions import Kind

    cited: dict[str, set[int]] = {}
    for rule in all_rules():
        for m in re.finditer(r"arg_groups/(\w+)\.py:([\d:, -]+)", rule.source or ""):
            cited.setdefault(m.group(1), set()).update(int(n) for n in re.findall(r"\d+", m.group(2)))
    for stem in ("speculative_hook", "lora_hook", "pd_disaggregation_hook", "hicache_hook", "hisparse_hook",
                 "dllm_hook"):
        sites = importlib.import_module(f"argmatrix.matrix.sglang_checks.dispositions.{stem}").SITES
        assert not set(sites) & cited.get(stem, set()), stem
        for line, disposition in sites.items():
            assert disposition.kind in get_args(Kind) and disposition.why.strip(), (stem, line)
