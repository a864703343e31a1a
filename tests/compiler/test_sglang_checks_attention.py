"""SGLang 0.5.23's checks on attention backends, linear attention, multi-item scoring and deterministic inference
(``matrix/sglang_checks/attention.py``): one launch that breaks each rule and one close to it that does not."""
from __future__ import annotations

from functools import partial

import pytest

from argmatrix.matrix.sglang_checks import attention

from .helpers import codes
from .helpers import run as _run
from .test_sglang_checks_portf import PORTF_CODES

run = partial(_run, releases={"sglang": "0.5.23"})

CASES = [  # (rule code, target, argv that breaks it, argv that does not)
    ("AM-E339", "cuda", ["--attention-backend", "flex_attention", "--speculative-algorithm", "NGRAM"],
     ["--attention-backend", "triton", "--speculative-algorithm", "NGRAM"]),
    ("AM-E340", "cuda", ["--linear-attn-decode-backend", "flashkda"], ["--linear-attn-prefill-backend", "flashkda"]),
    ("AM-E341", "cuda", ["--enable-linear-replayssm", "--linear-attn-decode-backend", "flashinfer"],
     ["--enable-linear-replayssm", "--linear-attn-decode-backend", "triton"]),
    ("AM-E341", "cuda", ["--enable-linear-replayssm", "--disaggregation-mode", "decode"], ["--enable-linear-replayssm"]),
    ("AM-E342", "cuda", ["--enable-linear-replayssm-spec", "--enable-linear-replayssm"],
     ["--enable-linear-replayssm-spec"]),
    ("AM-E342", "cuda", ["--enable-linear-replayssm-spec", "--speculative-algorithm", "EAGLE",
                         "--speculative-eagle-topk", "4"],
     ["--enable-linear-replayssm-spec", "--speculative-algorithm", "EAGLE", "--speculative-eagle-topk", "1"]),
    ("AM-E343", "cuda", ["--enable-mis", "--attention-backend", "triton"], ["--enable-mis", "--attention-backend",
                                                                             "flashinfer"]),
    ("AM-E343", "a3", ["--enable-mis"], ["--enable-mis", "--attention-backend", "flashinfer"]),  # ascend by default
    ("AM-E345", "cuda", ["--attention-backend", "trtllm_mla", "--kv-cache-dtype", "fp8_e5m2"],
     ["--attention-backend", "trtllm_mla", "--kv-cache-dtype", "fp8_e4m3"]),
    ("AM-E346", "cuda", ["--prefill-attention-backend", "cutedsl_mla"], ["--decode-attention-backend", "cutedsl_mla"]),
    ("AM-E346", "cuda", ["--decode-attention-backend", "cutedsl_mla", "--kv-cache-dtype", "fp8_e5m2"],
     ["--decode-attention-backend", "cutedsl_mla", "--kv-cache-dtype", "auto"]),
]


@pytest.mark.parametrize("code, target, bad, good", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_check_breaks_and_holds(code, target, bad, good):
    assert code in codes(run(bad, target=target)), bad
    assert code not in codes(run(good, target=target)), good


def test_every_rule_of_the_module_is_exercised():
    assert {r.code for r in attention.RULES} - PORTF_CODES == {c[0] for c in CASES}


def test_deterministic_inference_leaves_an_unset_backend_to_sglang():
    assert "AM-E392" not in codes(run(["--enable-deterministic-inference"], target="cuda"))


def test_an_inherited_flashkda_decodes_on_triton():
    # attention_hook.py: --linear-attn-backend flashkda leaves decode on triton, which ReplaySSM accepts.
    assert "AM-E341" not in codes(run(["--enable-linear-replayssm", "--linear-attn-backend", "flashkda"], target="cuda"))
    assert "AM-E340" not in codes(run(["--linear-attn-backend", "flashkda"], target="cuda"))
