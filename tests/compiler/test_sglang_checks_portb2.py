"""SGLang 0.5.23's DSPARK checks and the speculative checks the model's config.json decides (sglang_checks/dspark.py,
speculative_model.py): one launch that breaks each rule and one close to it that does not, warnings included,
through check-config's in-process path with the same config.json stand-ins (the pairs are the conformance cases of
tests/fixtures/sglang_conformance/cases/portb.yaml, whose SGLang verdicts test_sglang_conformance.py compares)."""
from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
import yaml

from argmatrix.matrix.sglang_checks import dspark, speculative_model

from .helpers import codes
from .helpers import run as _run

run = partial(_run, releases={"sglang": "0.5.23"})
MODULES = (dspark, speculative_model)
CONFORMANCE = Path(__file__).resolve().parents[1] / "fixtures" / "sglang_conformance"
OURS = {rule.code for module in MODULES for rule in module.RULES}


def _argv(case: dict) -> list[str]:
    model = str(CONFORMANCE / "models" / case.get("model", "llama-tiny"))
    return [model if word == "M" else word for word in case["argv"].split()]


def _pairs() -> list[tuple[str, dict, dict]]:
    """(rule code, the case that breaks it, its passing twin) for every case of portb.yaml whose rule is ours."""
    cases = yaml.safe_load((CONFORMANCE / "cases" / "portb.yaml").read_text())
    by_id = {case["id"]: case for case in cases}
    return [(case["rule"], case, by_id[case["pair"]]) for case in cases
            if case.get("rule") in OURS and (case["expect"] == "refuse" or case.get("warns"))]


PAIRS = _pairs()


@pytest.mark.parametrize("code, bad, good", PAIRS, ids=[p[1]["id"] for p in PAIRS])
def test_each_check_breaks_and_holds(code, bad, good):
    assert code in codes(run(_argv(bad), target=bad["target"], env=bad.get("env", {}))), bad["id"]
    assert code not in codes(run(_argv(good), target=good["target"], env=good.get("env", {}))), good["id"]


def test_every_rule_has_a_pair_and_cites_its_release():
    assert OURS == {p[0] for p in PAIRS}
    for rule in (rule for module in MODULES for rule in module.RULES):
        assert rule.source and rule.source.startswith("SGLang 0.5.23 "), rule.id
        assert rule.message.zh and rule.hint.zh, rule.id
        assert (rule.severity == "warning") == rule.code.startswith("AM-W"), rule.id


def test_the_dspark_rule_names_the_check_that_fails_and_its_fix():
    hub = ["--model-path", "org/m", "--speculative-algorithm", "DSPARK", "--speculative-draft-model-path", "org/d",
           "--tp", "2", "--attn-dp-size", "2", "--enable-dp-lm-head", "--moe-a2a-backend", "deepep"]
    f = next(f for f in run(hub, target="cuda").findings if f.code == "AM-E422")
    assert "none, megamoe or mori, not deepep" in f.message.en and "deepep" in f.message.zh
    assert f.hint.en == "use --moe-a2a-backend none (or megamoe, mori)"


def test_the_auto_tree_rule_says_what_sglang_chose():
    llama = str(CONFORMANCE / "models" / "llama-tiny")
    c = run(["--model-path", llama, "--speculative-algorithm", "EAGLE", "--speculative-use-rejection-sampling"],
            target="cuda")
    f = next(f for f in c.findings if f.code == "AM-E428")
    assert "top-k 4 for a LlamaForCausalLM target" in f.message.en and "rejection sampling" in f.message.en
    # the launch's own shape is the shape rules' to judge, not this one
    c = run(["--model-path", llama, "--speculative-algorithm", "EAGLE", "--speculative-use-rejection-sampling",
             "--speculative-num-steps", "3", "--speculative-eagle-topk", "1", "--speculative-num-draft-tokens", "4"],
            target="cuda")
    assert "AM-E428" not in codes(c)
