"""SGLang 0.5.23's checks that read the checkpoint's config.json: DeepSeek-V4/V4.1 (``sglang_checks/deepseek_v4.py``),
the MegaMoE token budget (``mega_moe.py``) and the MoE checks of ``moe.py`` with ``reads_model``. One launch that
breaks each rule and one close to it that does not, on the config-only stand-ins of the conformance corpus (the same
pairs are cases in tests/fixtures/sglang_conformance/cases/portc.yaml, with SGLang's own verdicts)."""
from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest

from argmatrix.matrix.sglang_checks import deepseek_v4, mega_moe, moe

from .helpers import by_code, codes
from .helpers import run as _run

run = partial(_run, releases={"sglang": "0.5.23"})
MODELS = Path(__file__).resolve().parents[1] / "fixtures" / "sglang_conformance" / "models"
V4, V41, QWEN_MOE, DSV3 = "deepseek-v4", "deepseek-v41", "qwen3-30b-a3b", "deepseek-v3"
CP = ["--enable-prefill-cp", "--tp", "2"]
REPLAY = ["--enable-encoder-swa-bounded-replay"]
MEGAMOE = ["--moe-a2a-backend", "megamoe", "--tp", "2"]
FMEGA = ["--moe-a2a-backend", "flashinfer_megamoe", "--tp", "2", "--attn-dp-size", "2"]
NO_BUDGET = {"SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK": "8192"}

CASES = [  # (rule code, model stand-in, environment, argv that breaks it, argv that does not)
    ("AM-E430", V4, {}, ["--dsv4-attn-backend", "trtllm", "--kv-cache-dtype", "bfloat16"],
     ["--dsv4-attn-backend", "flashmla", "--kv-cache-dtype", "bfloat16"]),
    ("AM-E430", V4, {}, ["--dsv4-attn-backend", "trtllm", "--disaggregation-mode", "prefill"],
     ["--dsv4-attn-backend", "trtllm"]),
    ("AM-E431", V4, {}, ["--speculative-algorithm", "EAGLE"],
     ["--speculative-algorithm", "EAGLE", "--speculative-eagle-topk", "1"]),
    ("AM-E431", V4, {}, ["--speculative-algorithm", "NEXTN"], ["--speculative-algorithm", "DSPARK"]),
    ("AM-E432", V4, {}, [*CP, "--cp-strategy", "zigzag"], [*CP, "--cp-strategy", "interleave"]),
    ("AM-E432", V4, {}, [*CP, "--cp-strategy", "interleave", "--moe-a2a-backend", "flashinfer"],
     [*CP, "--cp-strategy", "interleave", "--moe-a2a-backend", "deepep"]),
    ("AM-W433", V4, {"SGLANG_OPT_FLASHMLA_SPARSE_PREFILL": "1"}, [*CP, "--cp-strategy", "interleave"], ["--tp", "2"]),
    ("AM-E434", V4, {}, REPLAY, ["--chunked-prefill-size", "8192"]),
    ("AM-E434", V41, {}, [*REPLAY, "--chunked-prefill-size", "383"], [*REPLAY, "--chunked-prefill-size", "512"]),
    ("AM-E434", V41, {}, [*REPLAY, "--cuda-graph-backend-prefill", "full"],
     [*REPLAY, "--cuda-graph-backend-prefill", "breakable"]),
    ("AM-E435", V41, {}, ["--pp-size", "2"], ["--tp", "2"]),
    ("AM-E436", V41, {}, ["--speculative-algorithm", "DSPARK", "--disaggregation-mode", "prefill", "--dcp-size", "2",
                          "--tp", "2"], ["--disaggregation-mode", "prefill", "--dcp-size", "2", "--tp", "2"]),
    ("AM-E437", V41, {}, ["--enable-decoder-swa-bounded-replay", "--cuda-graph-backend-prefill", "full"],
     ["--enable-decoder-swa-bounded-replay"]),
    ("AM-E438", QWEN_MOE, {}, [*MEGAMOE, "--chunked-prefill-size", "16384"],
     [*MEGAMOE, "--chunked-prefill-size", "8192"]),
    ("AM-E438", QWEN_MOE, {}, [*MEGAMOE, "--attn-dp-size", "2", "--chunked-prefill-size", "40960"],
     [*MEGAMOE, "--attn-dp-size", "2", "--chunked-prefill-size", "32768"]),
    ("AM-E439", QWEN_MOE, {}, ["--moe-runner-backend", "flashinfer_cutedsl"],
     ["--moe-runner-backend", "flashinfer_cutedsl", "--quantization", "modelopt_fp4"]),
    ("AM-E440", QWEN_MOE, {}, ["--tp", "2", "--attn-dp-size", "2", "--moe-a2a-backend", "flashinfer",
                               "--moe-runner-backend", "flashinfer_cutlass", "--flashinfer-a2a-dispatch-type", "nvfp4"],
     ["--tp", "2", "--attn-dp-size", "2", "--moe-a2a-backend", "flashinfer", "--moe-runner-backend",
      "flashinfer_cutlass", "--flashinfer-a2a-dispatch-type", "bf16"]),
    ("AM-E441", "llama-tiny", {}, [*FMEGA, "--quantization", "mxfp8"],
     ["--moe-a2a-backend", "deepep", "--tp", "2", "--attn-dp-size", "2", "--quantization", "mxfp8"]),
    ("AM-E441", QWEN_MOE, {}, FMEGA, [*FMEGA, "--quantization", "mxfp8"]),
    ("AM-E442", "llama-tiny", {}, ["--tp", "2", "--moe-a2a-backend", "deepep_v2"],
     ["--tp", "2", "--moe-a2a-backend", "deepep"]),
]


def launch(model: str, argv: list[str]) -> list[str]:
    return ["--model-path", str(MODELS / model), *argv]


@pytest.mark.parametrize("code, model, env, bad, good", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_check_breaks_and_holds(code, model, env, bad, good):
    assert code in codes(run(launch(model, bad), target="cuda", env=env)), bad
    assert code not in codes(run(launch(model, good), target="cuda", env=env)), good


def test_every_model_rule_is_exercised():
    model_rules = {r.code for r in [*deepseek_v4.RULES, *mega_moe.RULES, *moe.RULES] if r.reads_model}
    assert model_rules == {c[0] for c in CASES}


def test_the_deepseek_v4_checks_are_deepseek_v4s_only():
    """The same launches on another checkpoint, and on a hub id (no local config.json), raise none of them."""
    dsv4_codes = {r.code for r in deepseek_v4.RULES}
    for code, _model, env, bad, _ in CASES:
        if code in dsv4_codes:
            assert not dsv4_codes & set(codes(run(launch("llama-tiny", bad), target="cuda", env=env))), bad
            assert not dsv4_codes & set(codes(run(["--model-path", "deepseek-ai/DeepSeek-V4", *bad], target="cuda",
                                                  env=env))), bad


def test_the_messages_name_the_failing_condition_in_both_languages():
    found = by_code(run(launch(V41, [*REPLAY, "--tp", "2", "--attn-dp-size", "2", "--chunked-prefill-size", "500"]),
                        target="cuda"), "AM-E434")[0]
    assert "384" in found.message.en and "250" in found.message.en and "384" in found.message.zh
    assert "{" not in found.message.en + found.message.zh + found.hint.en + found.hint.zh
    assert "1024" in found.hint.en  # two pages of 256 per attention-DP rank, two ranks
    budget = by_code(run(launch(QWEN_MOE, [*MEGAMOE, "--chunked-prefill-size", "16384"]), target="cuda"), "AM-E438")[0]
    assert "16384" in budget.message.en and "8192" in budget.message.zh and "Qwen3MoeForCausalLM" in budget.message.en


def test_sparse_prefill_is_a_warning_on_v4_only():
    env = {"SGLANG_OPT_FLASHMLA_SPARSE_PREFILL": "1"}
    argv = [*CP, "--cp-strategy", "interleave"]
    assert by_code(run(launch(V4, argv), target="cuda", env=env), "AM-W433")[0].severity == "warning"
    assert "AM-W433" not in codes(run(launch(V41, argv), target="cuda", env=env))


def test_megamoe_decode_budget_reads_the_decode_batch_when_the_launch_fixes_it():
    env = {"SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK": "256"}
    base = [*MEGAMOE, "--chunked-prefill-size", "256"]
    assert "AM-E438" in codes(run(launch(QWEN_MOE, [*base, "--cuda-graph-max-bs-decode", "512"]), target="cuda", env=env))
    assert "AM-E438" not in codes(run(launch(QWEN_MOE, [*base, "--cuda-graph-max-bs-decode", "512",
                                                        "--max-running-requests", "128"]), target="cuda", env=env))
    assert "AM-E438" not in codes(run(launch(QWEN_MOE, base), target="cuda", env=env))  # SGLang sizes the batch
    assert "AM-E438" not in codes(run(launch(DSV3, [*MEGAMOE[:-1], "8", "--chunked-prefill-size", "-1"]),
                                      target="cuda"))  # DeepSeek-V3 has a fused-MoE fallback


def test_deepep_v2_registered_architecture_passes_with_room():
    assert "AM-E442" not in codes(run(launch(QWEN_MOE, ["--tp", "2", "--moe-a2a-backend", "deepep_v2"]), target="cuda",
                                      env=NO_BUDGET))
