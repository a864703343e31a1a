"""SGLang 0.5.23's start-up checks, one case that breaks each and one that passes, on resolved values."""
from __future__ import annotations

from functools import partial

import pytest

from argmatrix.matrix.sglang_checks import SGLANG_RULES, startup

from .helpers import codes
from .helpers import run as _run
from .test_sglang_checks_portf import PORTF_CODES

run = partial(_run, releases={"sglang": "0.5.23"})
LORA = ["--enable-lora", "--max-lora-rank", "8", "--lora-target-modules", "all"]

CASES = [  # (rule code, target, argv that breaks it, argv that does not)
    ("AM-E233", "cuda", ["--dp-size", "2", "--nnodes", "2", "--dist-init-addr", "h:1", "--tp", "2"],
     ["--attn-dp-size", "2", "--tp", "4", "--nnodes", "2", "--dist-init-addr", "h:1"]),
    ("AM-E234", "cuda", ["--dp-size", "2", "--attn-dp-size", "2", "--tp", "2"], ["--attn-dp-size", "2", "--tp", "2"]),
    ("AM-E235", "a3", ["--tp", "16", "--attn-dp-size", "3"], ["--tp", "16", "--attn-dp-size", "4"]),
    ("AM-E235", "a3", ["--tp", "16", "--dp-size", "3", "--enable-dp-attention"],  # the deprecated spelling counts
     ["--tp", "16", "--dp-size", "4", "--enable-dp-attention"]),
    ("AM-E236", "cuda", ["--tp", "8", "--attn-cp-size", "3"], ["--tp", "8", "--attn-cp-size", "2"]),
    ("AM-E237", "cuda", ["--enable-prefill-cp"], ["--enable-prefill-cp", "--cp-strategy", "zigzag"]),
    ("AM-E238", "cuda", ["--tp", "8", "--moe-dense-tp-size", "2"], ["--tp", "8", "--moe-dense-tp-size", "1"]),
    ("AM-E239", "cuda", ["--pp-size", "2", "--speculative-algorithm", "EAGLE"],
     ["--pp-size", "2", "--speculative-algorithm", "EAGLE", "--disaggregation-mode", "prefill"]),
    ("AM-E240", "a3", ["--tp", "16", "--attn-dp-size", "4", "--chunked-prefill-size", "4000"],
     ["--tp", "16", "--attn-dp-size", "16", "--chunked-prefill-size", "24576"]),
    ("AM-E240", "a2", ["--chunked-prefill-size", "1000"], ["--chunked-prefill-size", "1024"]),  # page 128 on Ascend
    ("AM-E241", "cuda", ["--disable-cuda-graph-padding", "--enable-torch-compile"], ["--enable-torch-compile"]),
    ("AM-E242", "a3", ["--speculative-algorithm", "NGRAM"], ["--speculative-algorithm", "NEXTN"]),
    ("AM-E243", "cuda", ["--speculative-algorithm", "STANDALONE", "--attn-dp-size", "2", "--tp", "2"],
     ["--speculative-algorithm", "STANDALONE", "--tp", "2"]),
    ("AM-E244", "cuda", ["--enable-two-batch-overlap"], ["--enable-two-batch-overlap", "--moe-a2a-backend", "deepep"]),
    ("AM-E245", "cuda", ["--enable-dp-lm-head", "--dp-size", "2"],
     ["--enable-dp-lm-head", "--attn-dp-size", "2", "--tp", "2"]),
    ("AM-W250", "cuda", ["--enable-dp-lm-head"], ["--enable-dp-lm-head", "--attn-dp-size", "2", "--tp", "2"]),
    ("AM-E246", "cuda", ["--enable-lora"], LORA),
    ("AM-E247", "cuda", [*LORA, "--lora-paths", "a=/x", "b=/y", "c=/z", "--max-loaded-loras", "2",
                         "--max-loras-per-batch", "2"],
     [*LORA, "--lora-paths", "a=/x", "--max-loaded-loras", "2", "--max-loras-per-batch", "2"]),
    ("AM-E248", "cuda", [*LORA, "--enable-lora-overlap-loading"],
     [*LORA, "--enable-lora-overlap-loading", "--max-loaded-loras", "16"]),
    ("AM-E249", "cuda", ["--enable-priority-scheduling", "--schedule-policy", "lpm"], ["--enable-priority-scheduling"]),
    ("AM-E251", "cuda", ["--retraction-policy", "priority"], ["--retraction-policy", "priority",
                                                              "--enable-priority-scheduling"]),
    ("AM-E252", "cuda", ["--served-model-name", "llama:8b"], ["--served-model-name", "llama-8b"]),
    ("AM-E253", "cuda", ["--export-metrics-to-file"], ["--export-metrics-to-file", "--export-metrics-to-file-dir", "/m"]),
    ("AM-E254", "cuda", ["--grpc-port", "30000"], ["--grpc-port", "30001"]),
    ("AM-E255", "cuda", ["--gc-threshold", "1", "2", "3", "4"], ["--gc-threshold", "50000", "10", "10"]),
    ("AM-E256", "cuda", ["--kv-canary-sweep-interval", "10"], ["--kv-canary-sweep-interval", "10", "--kv-canary", "log"]),
    ("AM-E257", "a3", ["--enable-quant-communications"], ["--enable-quant-communications", "--tp", "2"]),
    ("AM-E258", "a3", ["--speculative-algorithm", "EAGLE", "--speculative-eagle-topk", "4"],
     ["--speculative-algorithm", "EAGLE", "--speculative-eagle-topk", "1"]),
    ("AM-E259", "cuda", ["--enable-quant-communications", "--tp", "2"], ["--tp", "2"]),
]


@pytest.mark.parametrize("code, target, bad, good", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_check_breaks_and_holds(code, target, bad, good):
    assert code in codes(run(bad, target=target)), bad
    assert code not in codes(run(good, target=target)), good


def test_every_check_is_exercised_and_names_its_source():
    # the other modules (and helper F's rules in startup.py): their own test files
    assert {r.code for r in startup.RULES} - PORTF_CODES == {c[0] for c in CASES}
    for rule in SGLANG_RULES:
        assert rule.source and ("0.5.23" in rule.source), rule.id
        assert rule.message.zh and rule.hint.zh, rule.id


def test_the_chunk_message_quotes_the_resolved_numbers():
    c = run(["--tp", "16", "--attn-dp-size", "4", "--chunked-prefill-size", "4000"], target="a3")
    f = next(f for f in c.findings if f.code == "AM-E240")
    assert "1000 tokens per attention-DP rank (divided by 4)" in f.message.en and "page size 128" in f.message.en
    assert f.hint.en.startswith("use --chunked-prefill-size 4096")
