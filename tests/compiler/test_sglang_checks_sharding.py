"""SGLang 0.5.23's checks on KV-cache sharding and LayerNorm sequence parallelism
(``matrix/sglang_checks/sharding.py``, ``layernorm_sp.py``) that need no model: one launch that breaks each rule and
one close to it that does not.  The rules that read config.json: test_sglang_checks_model_sites.py."""
from __future__ import annotations

from functools import partial

import pytest

from argmatrix.matrix.sglang_checks import layernorm_sp, sharding

from .helpers import codes
from .helpers import run as _run

run = partial(_run, releases={"sglang": "0.5.23"})
PREFILL = ["--disaggregation-mode", "prefill", "--enable-kv-cache-sharding", "--page-size", "64"]
# what a GQA model needs besides (kv_shard_hook.py:266, :71): prefill CP over 2 ranks, the fa3 prefill backend
GQA = ["--tp", "2", "--attn-cp-size", "2", "--enable-prefill-cp", "--cp-strategy", "interleave",
       "--attention-backend", "fa3"]

CASES = [  # (rule code, target, argv that breaks it, argv that does not)
    ("AM-E347", "cuda", ["--enable-kv-cache-sharding", "--page-size", "64", *GQA], [*PREFILL, *GQA]),
    ("AM-E347", "cuda", [*PREFILL, *GQA, "--enable-two-batch-overlap"], [*PREFILL, *GQA]),
    ("AM-E347", "cuda", [*PREFILL, *GQA, "--chunked-prefill-size", "-1"],
     [*PREFILL, *GQA, "--chunked-prefill-size", "8192"]),
    ("AM-E347", "cuda", [*PREFILL, *GQA[:-1], "triton"], [*PREFILL, *GQA]),  # the prefill backend named
    ("AM-E348", "cuda", ["--enable-megamoe-for-layernorm-sp"], ["--tp", "4", "--enable-layernorm-sp",
                                                                "--enable-megamoe-for-layernorm-sp"]),
    ("AM-E348", "cuda", ["--enable-layernorm-sp"], ["--tp", "4", "--enable-layernorm-sp"]),
    ("AM-E348", "cuda", ["--tp", "4", "--attn-dp-size", "2", "--enable-layernorm-sp"], ["--tp", "4", "--enable-layernorm-sp"]),
]


@pytest.mark.parametrize("code, target, bad, good", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_check_breaks_and_holds(code, target, bad, good):
    assert code in codes(run(bad, target=target)), bad
    assert code not in codes(run(good, target=target)), good


def test_every_rule_of_the_module_is_exercised():
    assert {r.code for m in (sharding, layernorm_sp) for r in m.RULES if not r.reads_model} == {c[0] for c in CASES}


def test_kv_sharding_names_each_missing_condition_in_both_languages():
    c = run(["--enable-kv-cache-sharding", "--enable-two-batch-overlap"], target="cuda")
    f = next(f for f in c.findings if f.code == "AM-E347")
    assert "a PD prefill worker" in f.message.en and "no --enable-two-batch-overlap" in f.message.en
    assert "PD 预填充实例" in f.message.zh and "不能使用 --enable-two-batch-overlap" in f.message.zh
