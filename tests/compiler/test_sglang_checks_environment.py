"""SGLang 0.5.23's checks on SGLANG_* variables of the launch environment (``matrix/sglang_checks/environment.py``):
one launch whose environment breaks each, one close to it that does not."""
from __future__ import annotations

from functools import partial

import pytest

from argmatrix.matrix.sglang_checks import environment

from .helpers import codes
from .helpers import run as _run

run = partial(_run, releases={"sglang": "0.5.23"})
E = "AM-E318"
FI = ["--tp", "2", "--attn-dp-size", "2", "--moe-a2a-backend", "flashinfer", "--moe-runner-backend",
      "flashinfer_cutlass", "--flashinfer-a2a-dispatch-type", "bf16"]
CUTEDSL = ["--tp", "2", "--attn-dp-size", "2", "--moe-a2a-backend", "flashinfer", "--moe-runner-backend",
           "flashinfer_cutedsl"]
MEGA = ["--tp", "2", "--attn-dp-size", "2", "--moe-a2a-backend", "flashinfer_megamoe"]
SHARD = ["--disaggregation-mode", "prefill", "--enable-kv-cache-sharding"]

CASES = [  # (argv, environment that breaks it, a close environment that does not, a word of the message)
    (FI, {"SGLANG_MOE_NVFP4_DISPATCH": "0"}, {}, "SGLANG_MOE_NVFP4_DISPATCH is set"),
    (CUTEDSL, {"SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16": "1", "SGLANG_MOE_NVFP4_DISPATCH": "true"},
     {"SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16": "1"}, "SGLANG_MOE_NVFP4_DISPATCH off"),
    ([*CUTEDSL, "--flashinfer-a2a-dispatch-type", "nvfp4"], {"SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16": "1"}, {},
     "--flashinfer-a2a-dispatch-type bf16"),
    (MEGA, {"SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16": "1", "SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE": "mxfp8"},
     {"SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16": "1"}, "COMBINE_DTYPE=bf16"),
    (MEGA, {"SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE": "fp16"}, {"SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE": "NVFP4"},
     "bf16, mxfp8 or nvfp4"),
    (MEGA, {"SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE": "nvfp4", "SGLANG_FLASHINFER_MEGAMOE_IN_KERNEL_FC2_REDUCE": "true"},
     {"SGLANG_FLASHINFER_MEGAMOE_IN_KERNEL_FC2_REDUCE": "true"}, "FC2_REDUCE"),
    (SHARD, {"SGLANG_DISAGG_STAGING_BUFFER": "yes"}, {"SGLANG_DISAGG_STAGING_BUFFER": "0"}, "STAGING_BUFFER"),
    (SHARD, {"SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND": "rust"}, {"SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND": "python"},
     "TREE_CORE_BACKEND=python"),
    (["--enable-linear-replayssm-spec"], {"SGLANG_RAGGED_VERIFY_MODE": "compact"}, {"SGLANG_RAGGED_VERIFY_MODE": "static"},
     "SGLANG_RAGGED_VERIFY_MODE=static"),
]


@pytest.mark.parametrize("argv, bad, good, word", CASES, ids=[c[3] for c in CASES])
def test_each_environment_check_breaks_and_holds(argv, bad, good, word):
    c = run(argv, target="cuda", env=bad)
    f = next((f for f in c.findings if f.code == E), None)
    assert f is not None and word in f.message.en, [x.message.en for x in c.findings]
    assert "环境变量" in f.message.zh
    assert E not in codes(run(argv, target="cuda", env=good)), good


def test_the_same_flags_in_a_clean_environment_pass():
    for argv, _, _, _ in CASES:
        assert E not in codes(run(argv, target="cuda", env={})), argv


def test_every_conflict_of_the_table_is_exercised():
    said = [f.message.en for argv, bad, _, _ in CASES for f in run(argv, target="cuda", env=bad).findings if f.code == E]
    for need in environment.ENV_CONFLICTS:
        assert any(need.en.split("{")[0] in m for m in said), need.en
