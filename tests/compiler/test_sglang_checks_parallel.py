"""SGLang 0.5.23's checks on DCP, MoE-DP, shared-expert TP, DWDP, elastic EP, dispatch and the LM head
(``matrix/sglang_checks/parallel.py``): one launch that breaks each rule and one close to it that does not."""
from __future__ import annotations

from functools import partial

import pytest

from argmatrix.matrix.sglang_checks import parallel

from .helpers import codes
from .helpers import run as _run
from .test_sglang_checks_portf import PORTF_CODES

run = partial(_run, releases={"sglang": "0.5.23"})
# elastic EP that may grow to 16 ranks, with what SGLang asks of it (graphs off: parallel_hook.py:692, :696)
SCALE_UP = ["--elastic-ep-backend", "mooncake", "--max-ep-size", "16", "--tp", "2", "--attn-dp-size", "2",
            "--enable-dp-lm-head", "--moe-a2a-backend", "nixl", "--disable-cuda-graph"]

CASES = [  # (rule code, target, argv that breaks it, argv that does not)
    ("AM-E310", "cuda", ["--tp", "2", "--dcp-size", "2", "--enable-prefill-cp", "--cp-strategy", "zigzag"],
     ["--tp", "2", "--dcp-size", "2"]),
    ("AM-E311", "cuda", ["--dcp-comm-backend", "a2a"], ["--tp", "2", "--dcp-size", "2", "--dcp-comm-backend", "a2a"]),
    ("AM-E312", "a3", ["--tp", "2", "--dcp-size", "2", "--dcp-comm-backend", "fi_a2a"],
     ["--tp", "2", "--dcp-size", "2", "--dcp-comm-backend", "ag_rs"]),
    ("AM-E313", "cuda", ["--dcp-replicate-q-proj"], ["--tp", "2", "--dcp-size", "2", "--dcp-replicate-q-proj"]),
    ("AM-E313", "cuda", ["--tp", "2", "--dcp-size", "2", "--dcp-comm-backend", "ag_rs", "--dcp-replicate-q-proj"],
     ["--tp", "2", "--dcp-size", "2", "--dcp-comm-backend", "a2a", "--dcp-replicate-q-proj"]),
    ("AM-E313", "a3", ["--tp", "2", "--dcp-size", "2", "--dcp-replicate-q-proj"],  # unset resolves to ag_rs on NPU
     ["--tp", "2", "--dcp-size", "2", "--dcp-comm-backend", "a2a", "--dcp-replicate-q-proj"]),
    ("AM-E314", "cuda", ["--tp", "4", "--attn-cp-size", "2", "--enable-aiter-allreduce-fusion"],
     ["--tp", "4", "--attn-cp-size", "2"]),
    ("AM-E314", "cuda", ["--tp", "4", "--moe-dp-size", "2", "--attn-cp-size", "2", "--enable-aiter-allreduce-fusion"],
     ["--tp", "4", "--enable-aiter-allreduce-fusion"]),
    ("AM-E315", "cuda", ["--tp", "6", "--moe-dp-size", "4"], ["--tp", "8", "--moe-dp-size", "4", "--attn-cp-size", "4"]),
    ("AM-E315", "cuda", ["--tp", "4", "--moe-dp-size", "2", "--attn-cp-size", "2", "--pp-size", "2"],
     ["--tp", "4", "--moe-dp-size", "2", "--attn-cp-size", "2"]),
    ("AM-E315", "cuda", ["--tp", "8", "--moe-dp-size", "2", "--attn-cp-size", "2", "--ep-size", "2"],
     ["--tp", "8", "--moe-dp-size", "2", "--attn-cp-size", "2", "--ep-size", "4"]),
    ("AM-E315", "cuda", ["--tp", "4", "--moe-dp-size", "2"], ["--tp", "4", "--moe-dp-size", "2", "--attn-cp-size", "2"]),
    ("AM-E319", "cuda", ["--tp", "4", "--shared-experts-tp-size", "3", "--moe-a2a-backend", "deepep"],
     ["--tp", "4", "--shared-experts-tp-size", "2", "--moe-a2a-backend", "deepep"]),
    ("AM-E319", "cuda", ["--tp", "4", "--shared-experts-tp-size", "2"],
     ["--tp", "4", "--shared-experts-tp-size", "2", "--moe-a2a-backend", "deepep"]),
    ("AM-E321", "cuda", ["--tp", "4", "--dwdp-size", "2"], ["--tp", "4", "--dwdp-size", "4"]),
    ("AM-E321", "cuda", ["--tp", "4", "--dwdp-size", "4", "--enable-two-batch-overlap"], ["--tp", "4", "--dwdp-size", "4"]),
    ("AM-E322", "cuda", ["--max-ep-size", "1"], ["--max-ep-size", "1", "--elastic-ep-backend", "mooncake"]),
    ("AM-E322", "cuda", ["--elastic-ep-backend", "mooncake", "--pp-size", "2"], ["--elastic-ep-backend", "mooncake"]),
    ("AM-E322", "cuda", [*SCALE_UP[:4]], SCALE_UP),  # run-time scale-up needs attention DP, the DP LM head, nixl
    ("AM-E322", "cuda", [*SCALE_UP[:-1], "--speculative-algorithm", "NGRAM"],  # decode graphs recaptured on scale-up
     [*SCALE_UP, "--speculative-algorithm", "NGRAM"]),
    ("AM-E323", "cuda", ["--ep-dispatch-algorithm", "static"], ["--ep-dispatch-algorithm", "dynamic"]),
    ("AM-E324", "cuda", ["--tp", "2", "--enable-eplb"], ["--tp", "2", "--ep-size", "2", "--enable-eplb"]),
    ("AM-E325", "cuda", ["--tp", "2", "--enable-tp-lm-head-all-to-all"],
     ["--tp", "2", "--attn-dp-size", "2", "--enable-tp-lm-head-all-to-all"]),
]


@pytest.mark.parametrize("code, target, bad, good", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_check_breaks_and_holds(code, target, bad, good):
    assert code in codes(run(bad, target=target)), bad
    assert code not in codes(run(good, target=target)), good


def test_every_rule_of_the_module_is_exercised():
    assert {r.code for r in parallel.RULES} - PORTF_CODES == {c[0] for c in CASES}


def test_a_listing_rule_names_every_broken_condition():
    c = run(["--tp-size", "4", "--dwdp-size", "2", "--enable-eplb", "--ep-size", "4"], target="cuda")
    f = next(f for f in c.findings if f.code == "AM-E321")
    assert "--dwdp-size equal to --tp-size 4" in f.message.en and "--enable-eplb" in f.message.en
    assert "--dwdp-size 等于 --tp-size 4" in f.message.zh and "；" in f.message.zh


def test_an_a2a_backend_that_spans_experts_counts_as_expert_parallel():
    # SGLang sets --ep-size to --tp-size for these backends (overrides.py _a2a_ep_size), so EPLB has ranks to use.
    assert "AM-E324" not in codes(run(["--tp", "2", "--moe-a2a-backend", "flashinfer", "--enable-eplb"], target="cuda"))
