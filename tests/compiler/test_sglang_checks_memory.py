"""SGLang 0.5.23's KV-cache and memory start-up checks (matrix/sglang_checks/memory.py): a launch that breaks
each rule and a close one that does not; the same pairs are cases of tests/fixtures/sglang_conformance/cases/memory.yaml."""
from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
import yaml

from argmatrix.matrix.sglang_checks import memory

from .helpers import by_code, codes
from .helpers import run as _run

run = partial(_run, releases={"sglang": "0.5.23"})
CASES_FILE = Path(__file__).parents[1] / "fixtures/sglang_conformance/cases/memory.yaml"
PD_DECODE = ["--disaggregation-mode", "decode"]
UNIFIED_PD = ["--enable-unified-memory", *PD_DECODE]

CASES = [  # (rule code, target, argv that breaks it, argv that does not)
    ("AM-E350", "cuda", ["--kv-cache-dtype", "fp8_e4m3", "--prefill-kv-cache-dequant-dtype", "fp8_e4m3"],
     ["--kv-cache-dtype", "fp8_e4m3"]),
    ("AM-E351", "cuda", ["--kv-cache-dtype", "nvfp4", "--attention-backend", "fa3"],
     ["--kv-cache-dtype", "nvfp4", "--attention-backend", "flashinfer"]),
    ("AM-E351", "cuda", ["--kv-cache-dtype", "nvfp4", "--prefill-kv-cache-dequant-dtype", "nvfp4",
                         "--prefill-attention-backend", "flashinfer"],
     ["--kv-cache-dtype", "nvfp4", "--prefill-kv-cache-dequant-dtype", "nvfp4",
      "--prefill-attention-backend", "trtllm_mha"]),
    ("AM-E352", "cuda", ["--kv-cache-dtype", "nvfp4", "--decode-attention-backend", "flashinfer"],
     ["--kv-cache-dtype", "nvfp4", "--decode-attention-backend", "trtllm_mha"]),
    ("AM-E353", "cuda", ["--kv-cache-dtype", "fp4_mx_block16", "--enable-unified-memory"],
     ["--kv-cache-dtype", "fp8_e4m3", "--enable-unified-memory"]),
    ("AM-E354", "cuda", ["--disaggregation-decode-retraction-backup", "host_pool"],
     ["--disaggregation-decode-retraction-backup", "host_pool", *PD_DECODE]),
    ("AM-E355", "cuda", ["--disaggregation-decode-retraction-backup", "host_pool", *PD_DECODE, "--dcp-size", "2",
                         "--tp", "2"],
     ["--disaggregation-decode-retraction-backup", "cpu_tensor", *PD_DECODE, "--dcp-size", "2", "--tp", "2"]),
    ("AM-E356", "cuda", ["--disaggregation-decode-retraction-backup", "host_pool", *PD_DECODE,
                         "--enable-priority-scheduling"],
     ["--disaggregation-decode-retraction-backup", "host_pool", *PD_DECODE, "--enable-priority-scheduling",
      "--disable-priority-preemption"]),
    ("AM-E357", "cuda", ["--radix-eviction-policy", "tlru"],
     ["--radix-eviction-policy", "tlru", "--radix-eviction-policy-config",
      '{"threshold": 4096, "next_prompt_estimate": 1024}']),
    ("AM-E357", "cuda", ["--radix-eviction-policy", "tlru", "--radix-eviction-policy-config",
                         '{"threshold": 1024, "next_prompt_estimate": 1024}'],
     ["--radix-eviction-policy", "tlru", "--radix-eviction-policy-config",
      '{"threshold": 1025, "next_prompt_estimate": 1024}']),
    ("AM-E358", "cuda", ["--enable-hierarchical-cache", "--disable-radix-cache"], ["--enable-hierarchical-cache"]),
    ("AM-E359", "cuda", ["--disaggregation-decode-enable-offload-kvcache", "--hicache-storage-backend", "file"],
     ["--disaggregation-decode-enable-offload-kvcache", "--hicache-storage-backend", "file", *PD_DECODE]),
    ("AM-E400", "cuda", ["--disaggregation-decode-enable-offload-kvcache", *PD_DECODE],
     ["--disaggregation-decode-enable-offload-kvcache", *PD_DECODE, "--hicache-storage-backend", "file"]),
    ("AM-E401", "cuda", ["--swa-full-tokens-ratio", "0"], ["--swa-full-tokens-ratio", "0.1"]),
    ("AM-E402", "cuda", ["--enable-lmcache", "--disable-radix-cache"], ["--enable-lmcache"]),
    ("AM-E402", "cuda", ["--enable-lmcache", "--enable-streaming-session"], ["--enable-streaming-session"]),
    ("AM-E402", "cuda", ["--enable-lmcache", "--dcp-size", "2", "--tp", "2"], ["--enable-lmcache", "--tp", "2"]),
    ("AM-E403", "cuda", [*UNIFIED_PD, "--disaggregation-transfer-backend", "nixl"],
     [*UNIFIED_PD, "--disaggregation-transfer-backend", "mooncake"]),
    ("AM-E403", "cuda", [*UNIFIED_PD, "--pp-size", "2"], ["--enable-unified-memory", "--pp-size", "2"]),
    ("AM-E404", "cuda", ["--enable-page-major-kv-layout"], ["--enable-page-major-kv-layout", "--enable-unified-memory"]),
    ("AM-E405", "cuda", ["--enable-unified-memory", "--mamba-backend", "flashinfer"],
     ["--enable-unified-memory", "--mamba-backend", "triton"]),
    ("AM-E405", "cuda", ["--enable-unified-memory", "--linear-attn-backend", "cutedsl"],
     ["--linear-attn-backend", "cutedsl"]),
    ("AM-E406", "cuda", ["--prefill-only-disable-kv-cache", "--is-embedding", "--chunked-prefill-size", "-1",
                         "--disable-radix-cache", "--attention-backend", "flashinfer"],
     ["--prefill-only-disable-kv-cache", "--is-embedding", "--chunked-prefill-size", "-1",
      "--disable-radix-cache", "--attention-backend", "fa3"]),
    ("AM-E407", "cuda", ["--ple-offload-embedding", "--cpu-offload-gb", "4"], ["--ple-offload-embedding"]),
    ("AM-E408", "cuda", ["--ple-offload-backend", "file", "--no-ple-offload-embedding"],
     ["--ple-offload-backend", "file", "--ple-offload-embedding"]),
    ("AM-E409", "cpu", ["--cuda-graph-bs-decode", "0"], ["--cuda-graph-bs-decode", "1", "2", "4"]),
]


@pytest.mark.parametrize("code, target, bad, good", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_check_breaks_and_holds(code, target, bad, good):
    assert code in codes(run(["--model-path", "m", *bad], target=target)), bad
    assert code not in codes(run(["--model-path", "m", *good], target=target)), good


def test_every_rule_is_exercised_and_cites_the_release():
    assert {r.code for r in memory.RULES} == {c[0] for c in CASES}
    for rule in memory.RULES:
        assert rule.source and rule.source.startswith("SGLang 0.5.23 arg_groups/"), rule.id
        assert rule.message.zh and rule.hint.zh and rule.message.en != rule.message.zh, rule.id


def test_the_conformance_cases_are_these_pairs():
    """memory.yaml holds each pair: the breaking launch expected refused, the close one accepted."""
    cases = yaml.safe_load(CASES_FILE.read_text(encoding="utf-8"))
    ids = [c["id"] for c in cases]
    assert len(ids) == len(set(ids)) == 2 * len(CASES)
    pairs = {(c["target"], c["argv"], c["expect"]) for c in cases}
    for _, target, bad, good in CASES:
        assert (target, " ".join(["--model-path", "M", *_quoted(bad)]), "refuse") in pairs, bad
        assert (target, " ".join(["--model-path", "M", *_quoted(good)]), "accept") in pairs, good
    for case in cases:
        assert case["site"].startswith("arg_groups/") and ".py:" in case["site"], case["id"]


def _quoted(argv: list[str]) -> list[str]:
    return [f"'{a}'" if " " in a or "{" in a else a for a in argv]


def test_conflict_messages_name_the_conflict_in_both_languages():
    f = by_code(run(["--model-path", "m", "--enable-lmcache", "--dcp-size", "2", "--tp", "2"], target="cuda"),
                "AM-E402")[0]
    assert f.message.en == "--enable-lmcache does not work with --dcp-size 2"
    assert f.message.zh == "--enable-lmcache 不能与以下设置同时使用：--dcp-size 2"


def test_lazy_compaction_env_is_read_from_the_launch_environment():
    argv = ["--model-path", "m", *UNIFIED_PD]
    assert "AM-E403" not in codes(run(argv, target="cuda"))
    f = by_code(run(argv, target="cuda", env={"SGLANG_DISABLE_LAZY_COMPACTION": "1"}), "AM-E403")[0]
    assert "SGLANG_DISABLE_LAZY_COMPACTION" in f.message.en
