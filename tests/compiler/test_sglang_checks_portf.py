"""SGLang 0.5.23's checks ported by helper F (the --cuda-graph-config parser, elastic scale-up, shared-experts TP,
deterministic inference, HiSparse's models, the Mamba radix cache, the prefill CUDA-graph context, the Rust
server's bootstrap port, ...): each rule's launches from tests/fixtures/sglang_conformance/cases/portf.yaml, run
through check-config's in-process path with the same config-only model stand-ins, so the rule fires on the launch
SGLang refuses (or warns on) and stays quiet on its neighbour."""
from __future__ import annotations

import shlex
from functools import partial
from pathlib import Path

import pytest
import yaml

from argmatrix.matrix.sglang_checks import attention, disaggregation, hicache, mamba, parallel, startup, validation

from .helpers import codes
from .helpers import run as _run

run = partial(_run, releases={"sglang": "0.5.23"})
CONFORMANCE = Path(__file__).resolve().parents[1] / "fixtures" / "sglang_conformance"
CASES = {case["id"]: case for case in yaml.safe_load((CONFORMANCE / "cases" / "portf.yaml").read_text())}

# case id -> the rule it is about (the case breaks it, or for a warning rule, triggers it); every other case of the
# file is a neighbour that must draw none of these codes.
TRIGGERS = {
    "portf-cuda-graph-config-unknown-phase-breaks": "AM-E468",
    "portf-cuda-graph-config-unknown-key-breaks": "AM-E468",
    "portf-cuda-graph-config-phase-not-object-breaks": "AM-E468",
    "portf-ib-device-blank-breaks": "AM-E470",
    "portf-rust-server-bootstrap-port-breaks": "AM-E471",
    "portf-elastic-scale-up-replicas-breaks": "AM-E322",
    "portf-elastic-scale-up-prefill-graph-breaks": "AM-E322",
    "portf-deterministic-mla-attention-backend-breaks": "AM-E469",
    "portf-deterministic-tp-symm-mem-warns": "AM-W472",
    "portf-shared-experts-tp-not-kimi-k3-breaks": "AM-E473",
    "portf-hisparse-model-not-sparse-breaks": "AM-E475",
    "portf-hisparse-dsa-backend-breaks": "AM-E475",
    "portf-graph-prefill-context-within-model-breaks": "AM-E478",
    "portf-graph-prefill-context-user-context-breaks": "AM-E478",
    **{case_id: "AM-E476" for case_id in CASES if case_id.startswith("portf-mamba-") and case_id.endswith("-breaks")},
}
OWN_CODES = set(TRIGGERS.values())
# The rules this file exercises (the modules' own test files leave them to it): new codes, and rules added under an
# existing code.
PORTF_CODES = frozenset({"AM-E468", "AM-E469", "AM-E470", "AM-E471", "AM-W472", "AM-E473", "AM-W474", "AM-E475",
                         "AM-E476", "AM-E477", "AM-E478", "AM-W479"})
PORTF_IDS = frozenset({"pp-dspark-without-pp-spec-env"})


def _compiled(case: dict):
    model = str(CONFORMANCE / "models" / case.get("model", "llama-tiny"))
    argv = [model if word == "M" else word for word in shlex.split(case["argv"])]
    return run(argv, target=case["target"], env=case.get("env", {}))


@pytest.mark.parametrize("case_id", sorted(CASES))
def test_each_case_draws_its_rule_and_no_other(case_id):
    found = set(codes(_compiled(CASES[case_id]))) & OWN_CODES
    assert found == ({TRIGGERS[case_id]} if case_id in TRIGGERS else set()), (case_id, found)


def test_the_message_names_the_failing_reason():
    f = next(f for f in _compiled(CASES["portf-cuda-graph-config-unknown-phase-breaks"]).findings
             if f.code == "AM-E468")
    assert "'k' is not a phase" in f.message.en and "“k”不是阶段名" in f.message.zh
    f = next(f for f in _compiled(CASES["portf-mamba-no-buffer-page-breaks"]).findings if f.code == "AM-E476")
    assert "no_buffer needs --page-size 1, not 16" in f.message.en and "Qwen3NextForCausalLM" in f.message.en


def _facts_dir(tmp_path: Path, **changes) -> str:
    """llama-tiny's config.json with another architecture or model type: what a model rule reads."""
    import json

    cfg = json.loads((CONFORMANCE / "models" / "llama-tiny" / "config.json").read_text())
    cfg.update(changes)
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "config.json").write_text(json.dumps(cfg))
    return str(tmp_path)


@pytest.mark.parametrize("changes, argv, why", [
    ({"model_type": "nemotron_h"}, ["--attn-cp-size", "2", "--tp-size", "2"], "Nemotron-H does not support"),
    ({"model_type": "longcat_flash"}, ["--attn-cp-size", "2", "--tp-size", "2", "--enable-prefill-cp",
                                       "--cp-strategy", "zigzag"], "LongCat-Flash does not support"),
    ({"architectures": ["DeepseekV32ForCausalLM"]}, ["--attn-cp-size", "2", "--tp-size", "2", "--enable-prefill-cp",
                                                     "--cp-strategy", "zigzag"], "does not support --cp-strategy zigzag"),
    ({"architectures": ["MiMoV2FlashForCausalLM"]}, ["--attn-cp-size", "2", "--tp-size", "2", "--enable-prefill-cp",
                                                     "--cp-strategy", "interleave"], "supports only --cp-strategy zigzag"),
])
def test_model_parallel_limits_of_each_model(tmp_path, changes, argv, why):
    c = run(["--model-path", _facts_dir(tmp_path, **changes), *argv], target="cuda")
    assert why in next(f for f in c.findings if f.code == "AM-E473").message.en
    assert "AM-E473" not in codes(run(["--model-path", _facts_dir(tmp_path / "x"), *argv], target="cuda"))


def test_input_scattered_attention_warns_for_the_models_that_never_enter_it(tmp_path):
    argv = ["--enable-attn-tp-input-scattered"]
    kimi = _facts_dir(tmp_path / "a", architectures=["KimiK3LinearForCausalLM"])
    assert "AM-W474" in codes(run(["--model-path", kimi, *argv], target="cuda"))
    assert "AM-W474" not in codes(run(["--model-path", _facts_dir(tmp_path / "b"), *argv], target="cuda"))


def test_shared_experts_tp_on_an_instance_connector_is_refused():
    argv = ["--model-path", "instance://10.0.0.1:30000", "--tp-size", "2", "--moe-a2a-backend", "deepep",
            "--shared-experts-tp-size", "1"]
    f = next(f for f in run(argv, target="cuda").findings if f.code == "AM-E319")
    assert "instance://" in f.message.en


def test_muse_spark_language_only_refuses_adaptive_dispatch(tmp_path):
    muse = _facts_dir(tmp_path / "a", architectures=["MuseSparkForConditionalGeneration"])
    argv = ["--language-only", "--enable-adaptive-dispatch-to-encoder"]
    assert "AM-E477" in codes(run(["--model-path", muse, *argv], target="cuda"))
    assert "AM-E477" not in codes(run(["--model-path", muse, "--language-only"], target="cuda"))


def test_kda_verify_on_flashinfer_under_pp_spec_warns(tmp_path):
    kda = _facts_dir(tmp_path / "a", linear_attn_config={"kda_layers": [1]})
    argv = ["--model-path", kda, "--linear-attn-verify-backend", "flashinfer"]
    assert "AM-W479" in codes(run(argv, target="cuda", env={"SGLANG_ENABLE_PP_SPEC": "1"}))
    assert "AM-W479" not in codes(run(argv, target="cuda"))
    plain = ["--model-path", _facts_dir(tmp_path / "b"), "--linear-attn-verify-backend", "flashinfer"]
    assert "AM-W479" not in codes(run(plain, target="cuda", env={"SGLANG_ENABLE_PP_SPEC": "1"}))


def test_dspark_pp_on_prefill_refuses_the_pp_spec_switch():
    argv = ["--pp-size", "2", "--speculative-algorithm", "DSPARK", "--disaggregation-mode", "prefill"]
    assert "AM-E363" in codes(run(argv, target="cuda", env={"SGLANG_ENABLE_PP_SPEC": "1"}))
    assert "AM-E363" not in codes(run(argv, target="cuda"))


def test_every_new_rule_cites_its_release_and_speaks_both_languages():
    mine = set(PORTF_CODES)
    rules = [r for m in (attention, disaggregation, hicache, mamba, parallel, startup, validation) for r in m.RULES
             if r.code in mine]
    assert {r.code for r in rules} == mine
    for rule in rules:
        assert rule.source and rule.source.startswith("SGLang 0.5.23 "), rule.id
        assert rule.message.zh and rule.hint.zh, rule.id
        assert (rule.severity == "warning") == rule.code.startswith("AM-W"), rule.id
