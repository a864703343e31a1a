"""Option-level support: which values of an argument each platform allows, and the hint's nearest value."""
from __future__ import annotations

import pytest

from argmatrix.matrix.platforms import PLATFORMS
from argmatrix.schema import SPECS

from .helpers import only, run


def _e105(argv, target):
    c = run(argv, target=target)
    f = only(c, "AM-E105")
    assert f.severity == "error" and f.kind == "support" and f.platform == target
    assert c.exit_code == 1
    return f


@pytest.mark.parametrize("flag", ["--attention-backend", "--prefill-attention-backend", "--decode-attention-backend"])
@pytest.mark.parametrize("target", ["a2", "a3"])
def test_attention_backends_are_only_ascend_on_npu(flag, target):
    assert run([flag, "ascend"], target=target).findings == []
    f = _e105([flag, "flashinfer"], target)
    assert (f.flag, f.value, f.source) == (flag, "flashinfer", "argv[0]")
    short = PLATFORMS[target].short.en  # messages name the chip as people write it: A2, not a2
    assert f.message.en == f"{flag} flashinfer is not available on {short}"
    assert f.hint.en == f"use {flag} ascend (the only value allowed on {short})"


@pytest.mark.parametrize("target", ["cuda", "cpu"])
def test_ascend_attention_backend_is_refused_off_npu(target):
    f = _e105(["--attention-backend", "ascend"], target)
    assert f.field == "attention_backend"
    assert "ascend" not in f.hint.en.split("allowed on")[1]


def test_mm_attention_backend():
    assert run(["--mm-attention-backend", "ascend_attn"], target="a3").findings == []
    f = _e105(["--mm-attention-backend", "sdpa"], "a3")
    assert f.hint.en.startswith("use --mm-attention-backend ascend_attn")
    f = _e105(["--mm-attention-backend", "ascend_attn"], "cuda")
    assert "ascend_attn" not in f.hint.en
    assert run(["--mm-attention-backend", "sdpa"], target="cuda").findings == []


def test_quantization_is_modelslim_on_npu():
    assert run(["--quantization", "modelslim"], target="a2").findings == []
    f = _e105(["--quantization", "fp8"], "a2")
    assert f.hint.en == "use --quantization modelslim (the only value allowed on A2)"
    _e105(["--quantization", "modelslim"], "cuda")
    assert run(["--quantization", "fp8"], target="cuda").findings == []


def test_kv_cache_dtype_is_auto_on_npu():
    assert run(["--kv-cache-dtype", "auto"], target="a3").findings == []
    f = _e105(["--kv-cache-dtype", "fp8_e4m3"], "a3")
    assert f.hint.en == "use --kv-cache-dtype auto (the only value allowed on A3)"
    assert run(["--kv-cache-dtype", "fp8_e4m3"], target="cuda").findings == []


def test_hicache_io_backend():
    base = ["--enable-hierarchical-cache", "--hicache-io-backend"]
    assert run(base + ["kernel_ascend"], target="a3").findings == []
    assert run(base + ["direct"], target="a3").findings == []
    f = _e105(base + ["kernel"], "a3")
    # the nearest allowed value to 'kernel' is 'kernel_ascend', not the first one listed
    assert f.hint.en == "use --hicache-io-backend kernel_ascend (allowed on A3: kernel_ascend, direct)"
    f = _e105(base + ["kernel_ascend"], "cuda")
    assert f.hint.en.startswith("use --hicache-io-backend kernel ")


def test_moe_a2a_backend():
    for ok in ("none", "deepep", "ascend_fuseep"):
        assert run(["--moe-a2a-backend", ok], target="a3").findings == [], ok
    f = _e105(["--moe-a2a-backend", "mooncake"], "a3")
    assert "allowed on A3: none, deepep, ascend_fuseep" in f.hint.en
    f = _e105(["--moe-a2a-backend", "ascend_fuseep"], "cuda")
    assert "ascend_fuseep" not in f.hint.en
    f = _e105(["--moe-a2a-backend", "deepep"], "cpu")
    assert f.hint.en == "use --moe-a2a-backend none (the only value allowed on CPU)"


def test_disaggregation_transfer_backend():
    pd = ["--disaggregation-mode", "prefill", "--disaggregation-transfer-backend"]
    assert run(pd + ["ascend"], target="a3").findings == []
    f = _e105(pd + ["mooncake"], "a3")
    assert f.hint.en.startswith("use --disaggregation-transfer-backend ascend")
    assert f.source == "argv[2]"
    f = _e105(pd + ["ascend"], "cuda")
    assert "ascend" not in f.hint.en.split("allowed on")[1]


@pytest.mark.parametrize("target, device", [("a2", "npu"), ("a3", "npu"), ("cuda", "cuda"), ("cpu", "cpu")])
def test_device_npu_only_where_an_npu_is(target, device):
    assert run(["--device", device], target=target).findings == []
    for other in {"npu", "cuda", "cpu"} - {device}:
        f = _e105(["--device", other], target)
        assert f.hint.en == f"use --device {device} (the only value allowed on {PLATFORMS[target].short.en})"


def test_allowed_tables():
    assert PLATFORMS["a2"].allowed(SPECS["attention_backend"]) == ("ascend",)
    assert "ascend" not in PLATFORMS["cuda"].allowed(SPECS["attention_backend"])
    assert PLATFORMS["cpu"].allowed(SPECS["attention_backend"]) == ("torch_native", "intel_amx")
    assert PLATFORMS["a3"].allowed(SPECS["hicache_io_backend"]) == ("kernel_ascend", "direct")
    assert PLATFORMS["a2"].allowed(SPECS["tp_size"]) is None

