"""The values SGLang 0.5.23 replaces at start-up (``matrix/sglang_checks/replacements.py``): each replacement, on a
launch that gives the value, and a close launch that does not get it replaced."""
from __future__ import annotations

from functools import partial

import pytest

from argmatrix.matrix.sglang_checks import replacements

from .helpers import codes
from .helpers import run as _run

run = partial(_run, releases={"sglang": "0.5.23"})
W = "AM-W349"

CASES = [  # (target, argv whose value SGLang replaces, a close argv where it does not, a word the message has)
    ("cuda", ["--attention-backend", "fa3", "--kv-cache-dtype", "fp8_e5m2"],
     ["--attention-backend", "fa3", "--kv-cache-dtype", "fp8_e4m3"], "becomes triton"),
    ("cuda", ["--attention-backend", "torch_native", "--cuda-graph-max-bs", "64"], ["--attention-backend", "torch_native"],
     "graphs are off"),
    ("cuda", ["--tp", "2", "--moe-a2a-backend", "deepep", "--deepep-mode", "normal", "--cuda-graph-max-bs", "64"],
     ["--tp", "2", "--moe-a2a-backend", "deepep", "--deepep-mode", "low_latency", "--cuda-graph-max-bs", "64"],
     "--deepep-mode normal"),
    ("cuda", ["--enable-mis", "--attention-backend", "flashinfer", "--chunked-prefill-size", "4096"],
     ["--enable-mis", "--attention-backend", "flashinfer", "--chunked-prefill-size", "-1"], "becomes -1"),
    ("cuda", ["--enable-deterministic-inference", "--sampling-backend", "flashinfer"],
     ["--enable-deterministic-inference", "--sampling-backend", "pytorch"], "becomes pytorch"),
    ("cuda", ["--enable-deterministic-inference", "--enable-aiter-allreduce-fusion"],
     ["--enable-aiter-allreduce-fusion"], "--enable-aiter-allreduce-fusion is turned off"),
    ("cuda", [*["--disaggregation-mode", "prefill", "--enable-kv-cache-sharding", "--page-size", "64"],
              "--chunked-prefill-size", "1000"],
     [*["--disaggregation-mode", "prefill", "--enable-kv-cache-sharding", "--page-size", "64"],
      "--chunked-prefill-size", "1024"], "rounded up"),
    ("cuda", ["--tp", "2", "--attn-dp-size", "2", "--moe-a2a-backend", "flashinfer", "--flashinfer-a2a-dispatch-type",
              "bf16", "--moe-runner-backend", "flashinfer_trtllm"],
     ["--tp", "2", "--attn-dp-size", "2", "--moe-a2a-backend", "flashinfer", "--flashinfer-a2a-dispatch-type", "bf16",
      "--moe-runner-backend", "flashinfer_trtllm_routed"], "becomes flashinfer_trtllm_routed"),
    ("cuda", ["--enable-deterministic-inference", "--flashinfer-allreduce-fusion-backend", "trtllm"],
     ["--flashinfer-allreduce-fusion-backend", "trtllm"], "--flashinfer-allreduce-fusion-backend is dropped"),
    ("cuda", ["--tp", "2", "--moe-a2a-backend", "deepep", "--enable-waterfill", "--disable-shared-experts-fusion"],
     ["--tp", "2", "--moe-a2a-backend", "deepep", "--disable-shared-experts-fusion"], "Waterfill needs"),
    ("cuda", ["--attention-backend", "flex_attention", "--cuda-graph-max-bs", "64"], ["--cuda-graph-max-bs", "64"],
     "graphs are off"),
    ("a3", ["--dllm-algorithm", "DLLM", "--attention-backend", "triton"], ["--dllm-algorithm", "DLLM"],
     "becomes ascend"),
    ("cuda", ["--tp", "2", "--moe-a2a-backend", "deepep_v2", "--cuda-graph-backend-prefill", "breakable"],
     ["--tp", "2", "--moe-a2a-backend", "deepep", "--cuda-graph-backend-prefill", "breakable"], "DeepEP v2 prefill"),
    ("cuda", ["--dllm-algorithm", "DLLM", "--attention-backend", "triton"], ["--dllm-algorithm", "DLLM",
                                                                            "--disable-cuda-graph",
                                                                            "--attention-backend", "triton"],
     "becomes flashinfer"),
    ("cpu", ["--pre-warm-nccl"], [], "--pre-warm-nccl is turned off"),
    ("a3", ["--enable-symm-mem"], [], "--enable-symm-mem is turned off"),
]


@pytest.mark.parametrize("target, given, kept, word", CASES, ids=[c[3] for c in CASES])
def test_each_replacement_is_named_and_only_when_it_applies(target, given, kept, word):
    c = run(given, target=target)
    f = next((f for f in c.findings if f.code == W), None)
    assert f is not None and word in f.message.en and f.severity == "warning", [x.message.en for x in c.findings]
    assert "SGLang 会替换" in f.message.zh
    assert W not in codes(run(kept, target=target)), kept


def test_a_replaced_default_is_not_the_users_business():
    # SGLang fills the sampling backend in for deterministic inference; the launch gave none, so nothing is said.
    assert W not in codes(run(["--enable-deterministic-inference"], target="cuda"))
    assert W not in codes(run(["--enable-symm-mem"], target="cuda"))  # NCCL symmetric memory exists on CUDA


def test_every_replacement_of_the_table_is_exercised():
    said = [f.message.en for target, given, _, _ in CASES for f in run(given, target=target).findings if f.code == W]
    for entry in replacements.REPLACED:
        assert any(entry.en.split("{")[0] in m for m in said), entry.en
    assert [r.code for r in replacements.RULES] == [W]
