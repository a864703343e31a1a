"""SGLang 0.5.23's checks on MoE runners and all-to-all backends (``matrix/sglang_checks/moe.py``): one launch that
breaks each rule and one close to it that does not."""
from __future__ import annotations

from functools import partial

import pytest

from argmatrix.matrix.sglang_checks import moe

from .helpers import codes
from .helpers import run as _run

run = partial(_run, releases={"sglang": "0.5.23"})
# FlashInfer all-to-all as SGLang takes it: attention DP over every rank, a runner it feeds
FI_A2A = ["--tp", "2", "--attn-dp-size", "2", "--moe-a2a-backend", "flashinfer", "--moe-runner-backend", "flashinfer_cutlass"]

CASES = [  # (rule code, target, argv that breaks it, argv that does not)
    ("AM-E326", "cuda", ["--moe-runner-backend", "flashinfer_cutlass", "--quantization", "fp8"],
     ["--moe-runner-backend", "flashinfer_cutlass", "--quantization", "modelopt_fp4"]),
    ("AM-E326", "cuda", ["--moe-runner-backend", "flashinfer_trtllm", "--quantization", "awq"],
     ["--moe-runner-backend", "flashinfer_trtllm", "--quantization", "fp8"]),
    ("AM-E327", "cuda", ["--tp", "4", "--ep-size", "2", "--moe-runner-backend", "flashinfer_cutlass"],
     ["--tp", "4", "--ep-size", "4", "--moe-runner-backend", "flashinfer_cutlass"]),
    ("AM-E328", "cuda", ["--tp", "2", "--moe-runner-backend", "flashinfer_cutedsl", "--moe-a2a-backend", "mooncake"],
     ["--tp", "2", "--moe-runner-backend", "flashinfer_cutedsl", "--moe-a2a-backend", "deepep"]),
    ("AM-E329", "cuda", ["--tp", "2", "--ep-size", "2", "--moe-runner-backend", "cutlass", "--quantization", "fp8"],
     ["--tp", "2", "--moe-runner-backend", "cutlass", "--quantization", "fp8"]),
    ("AM-E330", "cuda", ["--flashinfer-a2a-dispatch-type", "bf16"],
     ["--tp", "2", "--attn-dp-size", "2", "--flashinfer-a2a-dispatch-type", "bf16", "--moe-a2a-backend", "flashinfer",
      "--moe-runner-backend", "flashinfer_cutlass"]),
    ("AM-E330", "cuda", ["--tp", "2", "--attn-dp-size", "2", "--moe-a2a-backend", "flashinfer",
                         "--flashinfer-a2a-dispatch-type", "mxfp8"],
     ["--tp", "2", "--attn-dp-size", "2", "--moe-a2a-backend", "flashinfer", "--flashinfer-a2a-dispatch-type", "mxfp8", "--quantization",
      "mxfp8", "--moe-runner-backend", "flashinfer_trtllm_routed"]),
    ("AM-E317", "cuda", ["--quantization", "nvfp4_online", "--moe-runner-backend", "triton"],
     ["--quantization", "nvfp4_online", "--moe-runner-backend", "flashinfer_trtllm"]),
    ("AM-E332", "cuda", ["--tp", "4", "--moe-a2a-backend", "flashinfer_megamoe"],
     ["--tp", "4", "--attn-dp-size", "4", "--moe-a2a-backend", "flashinfer_megamoe"]),
    ("AM-E333", "cuda", ["--tp", "2", "--moe-a2a-backend", "deepep", "--moe-runner-backend", "flashinfer_cutedsl",
                         "--deepep-mode", "normal"],
     ["--tp", "2", "--moe-a2a-backend", "deepep", "--moe-runner-backend", "flashinfer_cutedsl", "--deepep-mode",
      "low_latency"]),
    ("AM-E333", "cuda", ["--tp", "2", "--moe-a2a-backend", "deepep", "--moe-runner-backend", "flashinfer_cutedsl",
                         "--quantization", "nvfp4_online"],
     ["--tp", "2", "--moe-a2a-backend", "flashinfer", "--attn-dp-size", "2", "--moe-runner-backend",
      "flashinfer_cutedsl", "--quantization", "nvfp4_online"]),
    ("AM-E334", "cuda", ["--tp", "2", "--moe-a2a-backend", "megamoe", "--enable-two-batch-overlap"],
     ["--tp", "2", "--moe-a2a-backend", "deepep", "--enable-two-batch-overlap"]),
    ("AM-E335", "cuda", ["--tp", "2", "--moe-a2a-backend", "deepep_v2", "--moe-runner-backend", "triton"],
     ["--tp", "2", "--moe-a2a-backend", "deepep_v2"]),
    ("AM-E335", "cuda", ["--tp", "2", "--moe-a2a-backend", "deepep_v2", "--nnodes", "2", "--dist-init-addr", "h:1"],
     ["--tp", "2", "--moe-a2a-backend", "deepep_v2", "--nnodes", "2", "--dist-init-addr", "h:1", "--deepep-v2-mode",
      "hybrid"]),
    ("AM-E336", "cuda", ["--tp", "2", "--moe-a2a-backend", "deepep_v2", "--speculative-algorithm", "EAGLE"],
     ["--tp", "2", "--moe-a2a-backend", "deepep_v2", "--speculative-algorithm", "EAGLE",
      "--speculative-moe-a2a-backend", "deepep"]),
    # -1: the pplx dispatch budget (moe_hook.py:615, 128 tokens per rank by default) is only checked with chunking
    ("AM-E337", "cuda", ["--tp", "2", "--moe-a2a-backend", "pplx", "--chunked-prefill-size", "-1"],
     ["--tp", "2", "--attn-dp-size", "2", "--moe-a2a-backend", "pplx", "--chunked-prefill-size", "-1"]),
    ("AM-E338", "cuda", [*FI_A2A, "--chunked-prefill-size", "-1"], [*FI_A2A, "--chunked-prefill-size", "8192"]),
    ("AM-E338", "cuda", ["--tp", "2", "--moe-a2a-backend", "flashinfer", "--moe-runner-backend", "flashinfer_cutlass"],
     FI_A2A),
    ("AM-E338", "cuda", [*FI_A2A[:-1], "triton"], FI_A2A),  # a runner FlashInfer all-to-all does not feed
    ("AM-E443", "cuda", ["--tp", "2", "--attn-dp-size", "2", "--moe-a2a-backend", "pplx", "--chunked-prefill-size", "512"],
     ["--tp", "2", "--attn-dp-size", "2", "--moe-a2a-backend", "pplx", "--chunked-prefill-size", "256"]),
    ("AM-E443", "cuda", ["--model-path", "instance://10.0.0.1:9000", "--tp", "2", "--moe-a2a-backend", "deepep_v2"],
     ["--model-path", "instance://10.0.0.1:9000", "--tp", "2", "--moe-a2a-backend", "deepep"]),
]


@pytest.mark.parametrize("code, target, bad, good", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_check_breaks_and_holds(code, target, bad, good):
    assert code in codes(run(bad, target=target)), bad
    assert code not in codes(run(good, target=target)), good


def test_every_rule_of_the_module_is_exercised():
    # the rules that read the checkpoint are exercised on config stand-ins in test_sglang_checks_portc.py
    assert {r.code for r in moe.RULES if not r.reads_model} == {c[0] for c in CASES} | ENV_CODES


ENV_CODES = {"AM-W447"}  # rules that read the engine's environment, exercised below
MORI = ["--tp", "2", "--ep-size", "2", "--moe-a2a-backend", "mori", "--deepep-mode", "low_latency",
        "--chunked-prefill-size", "4096"]


def test_an_explicit_mori_epv2_replaces_the_low_latency_mode():
    # moe_hook.py:558, recorded as lead-mori-epv2-low-latency-* in the conformance corpus
    found = [f for f in run(MORI, target="cuda", env={"SGLANG_MORI_EP_V2": "true"}).findings if f.code == "AM-W447"]
    assert len(found) == 1 and found[0].severity == "warning" and found[0].field == "deepep_mode"
    assert "normal" in found[0].message.en and "normal" in found[0].message.zh
    for env in ({"SGLANG_MORI_EP_V2": "false"}, {}):  # EPv1, or EPv2 unsupported on these columns: the mode stays
        assert "AM-W447" not in codes(run(MORI, target="cuda", env=env)), env
    assert "AM-W447" not in codes(run(MORI[:-4] + ["--deepep-mode", "normal", "--chunked-prefill-size", "4096"],
                                      target="cuda", env={"SGLANG_MORI_EP_V2": "true"}))


def test_mxfp8_is_left_to_sglang_which_replaces_the_runner():
    # overrides.py _moe_runner_backend_quant_constraints swaps a runner that cannot run mxfp8 for one that can.
    assert "AM-E326" not in codes(run(["--moe-runner-backend", "flashinfer_cutlass", "--quantization", "mxfp8"],
                                      target="cuda"))


def test_the_runner_message_lists_what_it_takes():
    c = run(["--moe-runner-backend", "flashinfer_cutlass", "--quantization", "fp8"], target="cuda")
    f = next(f for f in c.findings if f.code == "AM-E326")
    assert "modelopt_fp4, modelopt_fp8, modelopt_mixed, bf16 (none)" in f.message.en


def test_waterfill_makes_the_a2a_backend_deepep_as_sglang_does():
    # overrides.py _a2a_backend_overrides: --enable-waterfill forces deepep, so the per-rank dispatch pick holds and
    # DeepEP v2's missing overlap hooks no longer matter.
    assert "AM-E323" not in codes(run(["--tp", "2", "--enable-waterfill", "--ep-dispatch-algorithm", "static"],
                                      target="cuda"))
    assert "AM-E334" not in codes(run(["--tp", "2", "--moe-a2a-backend", "deepep_v2", "--enable-waterfill",
                                       "--enable-two-batch-overlap"], target="cuda"))
