"""The memory plan against public facts, and its formulas piece by piece."""
from __future__ import annotations

from pathlib import Path

import pytest

from argmatrix.compiler import CompileOptions, compile
from argmatrix.compiler.memory_plan import (
    Parallel,
    default_mem_fraction,
    kv_pool_tokens,
    plan,
    quant_bytes_per_param,
)
from argmatrix.compiler.model_checks import PlanInputs
from argmatrix.compiler.model_facts import QuantFacts, read_model_facts

CONFIGS = Path(__file__).parents[1] / "fixtures" / "model_configs"
GB = 1 << 30


def plan_for(name, argv=(), target="cuda", memory=141 * GB, devices=8, **kw):
    facts = read_model_facts(CONFIGS / f"{name}.json")
    values = compile(["--model-path", "m", *argv], CompileOptions(target=target, env={})).values
    family = {"a2": "npu", "a3": "npu", "cuda": "gpu", "cpu": "cpu"}[target]
    return plan(facts, values, target=target, family=family, device_memory=memory, devices_per_node=devices, **kw)


def findings(name, argv=(), target="cuda", **inputs):
    inputs.setdefault("device_memory", 141 * GB)
    c = compile(["--model-path", "m", *argv], CompileOptions(target=target, env={},
                                                             plan_inputs=PlanInputs(model_config=str(CONFIGS / f"{name}.json"), **inputs)))
    return {f.code: f for f in c.findings}


# --- public facts ----------------------------------------------------------------------------------------------

def test_llama_3_1_70b_bf16_needs_two_141gb_devices():
    one = plan_for("llama-3.1-70b", ["--tp", "1"])
    assert not one.fits and one.kv_pool_tokens == 0 and one.smallest_fitting_tp == 2
    assert 140e9 < one.per_device_weight_bytes < 142e9  # 70.6 B parameters x 2 bytes
    two = plan_for("llama-3.1-70b", ["--tp", "2"])
    assert two.fits and two.max_context_len == 131072 and two.kv_pool_tokens > 131072
    f = findings("llama-3.1-70b")["AM-E770"]
    assert "--tp-size 2" in f.hint.en and f.severity == "error"


def test_deepseek_v3_fp8_fits_eight_141gb_devices():
    p = plan_for("deepseek-v3", ["--tp", "8"])
    assert p.fits and 80e9 < p.per_device_weight_bytes < 90e9  # 671 B x 1 byte / 8, embeddings in bf16
    assert p.kv_bytes_per_token == 61 * (512 + 64) * 2  # MLA latent + rope key, bf16, every layer on every device
    assert p.max_context_len == 163840
    assert not plan_for("deepseek-v3", ["--tp", "4"]).fits


def test_an_8b_bf16_model_fits_one_64gb_npu_with_room_for_kv():
    for name in ("llama-3.1-8b", "qwen3-8b", "qwen2.5-7b"):
        p = plan_for(name, target="a2", memory=64 * GB)
        assert p.fits and p.per_device_weight_bytes < 17e9 and p.kv_pool_tokens > 100_000, name


def test_mla_kv_is_not_split_by_tp_and_gqa_kv_is():
    assert plan_for("deepseek-v3", ["--tp", "16"], devices=16).kv_bytes_per_token == \
        plan_for("deepseek-v3", ["--tp", "8"]).kv_bytes_per_token
    assert plan_for("llama-3.1-8b", ["--tp", "2"]).kv_bytes_per_token * 2 == \
        plan_for("llama-3.1-8b").kv_bytes_per_token
    # beyond 8 KV heads each device keeps one replicated head
    assert plan_for("llama-3.1-8b", ["--tp", "16"], devices=16).kv_bytes_per_token == \
        plan_for("llama-3.1-8b", ["--tp", "8"]).kv_bytes_per_token


def test_kv_cache_dtype_and_pipeline_parallel():
    base = plan_for("llama-3.1-8b").kv_bytes_per_token
    assert plan_for("llama-3.1-8b", ["--kv-cache-dtype", "fp8_e4m3"]).kv_bytes_per_token * 2 == base
    pp = plan_for("llama-3.1-8b", ["--pp-size", "2"])
    assert pp.kv_bytes_per_token * 2 == base
    assert pp.per_device_weight_bytes < 0.6 * plan_for("llama-3.1-8b").per_device_weight_bytes


def test_sliding_window_layers_are_capped_per_request():
    p = plan_for("gemma-2-9b", memory=80 * GB)
    assert p.sliding_window == 4096 and p.kv_bytes_full_layers * 2 == p.kv_bytes_per_token  # 21 of 42 layers
    assert p.kv_bytes_for(8192) == p.kv_bytes_full_layers * 8192 + (p.kv_bytes_per_token - p.kv_bytes_full_layers) * 4096


def test_short_pool_warns_with_the_longest_request():
    f = findings("llama-3.1-70b", ["--tp", "2", "--mem-fraction-static", "0.5"])
    assert "AM-W772" in f and "longest request that fits" in f["AM-W772"].message.en
    assert "--context-length" in f["AM-W772"].hint.en


def test_plan_lengths_replace_the_context():
    p = plan_for("llama-3.1-8b", input_len=1000, output_len=24)
    assert p.request_len == 1024 and p.max_running_requests == p.kv_pool_tokens // 1024


def test_unknown_memory_skips_the_plan_with_a_note():
    c = compile(["--model-path", "m"], CompileOptions(target="cuda", env={},
                                                      plan_inputs=PlanInputs(model_config=str(CONFIGS / "llama-3.1-8b.json"))))
    assert [f.code for f in c.findings] == ["AM-N774"]


# --- formulas --------------------------------------------------------------------------------------------------

def test_kv_pool_tokens():
    assert kv_pool_tokens(memory_bytes=1000, weight_bytes=100, mem_fraction_static=0.5, kv_bytes_per_token=10,
                          page_size=4) == 40  # (500 - 100) / 10 = 40 tokens
    assert kv_pool_tokens(memory_bytes=1000, weight_bytes=100, mem_fraction_static=0.5, kv_bytes_per_token=10,
                          page_size=16) == 32
    assert kv_pool_tokens(memory_bytes=1000, weight_bytes=600, mem_fraction_static=0.5, kv_bytes_per_token=10,
                          page_size=1) == 0
    assert kv_pool_tokens(memory_bytes=1000, weight_bytes=100, mem_fraction_static=0.5, kv_bytes_per_token=10,
                          page_size=1, max_total_tokens=7, cap_tokens=20) == 7


@pytest.mark.parametrize("memory_gib, tp, family, expected", [
    (141, 1, "gpu", 0.907),   # H200: 8k chunk, graphs up to 256: 13440 MiB reserved
    (80, 8, "gpu", 0.819),    # H100 at tp 8: 512 + 12288 + 1024 + 1024 = 14848 MiB
    (24, 1, "gpu", 0.72),     # RTX 4090 (0.5.23): 512 + 6144 + 96 + 128 = 6880 MiB
    (64, 1, "npu", 0.801),    # Atlas A2/A3 (64 GiB): the NPU rule, 8k chunk, graphs up to 64: 13056 MiB
    (61, 1, "npu", 0.791),    # as the driver reports it: the same NPU row (<= 64 GiB)
])
def test_sglang_default_mem_fraction(memory_gib, tp, family, expected):
    assert default_mem_fraction(memory_gib * GB, family, {}, Parallel(tp=tp)) == expected


def test_cpu_plan_follows_the_engine_cap(monkeypatch):
    from argmatrix.compiler import memory_plan

    # unset --mem-fraction-static: one context per core, 4 to 64 of them
    for cores, contexts in ((2, 4), (16, 16), (200, 64)):
        monkeypatch.setattr(memory_plan, "cpu_cores", lambda cores=cores: cores)
        p = plan_for("qwen3-8b", ["--context-length", "1024"], target="cpu", memory=4096 * GB, devices=1)
        assert p.mem_fraction_static == 0.3 and p.kv_pool_tokens == contexts * 1024
    # --mem-fraction-static set: sized from memory, within the engine's cap of 512 contexts
    p = plan_for("qwen3-8b", ["--context-length", "1024", "--mem-fraction-static", "0.3"], target="cpu",
                 memory=4096 * GB, devices=1)
    assert p.mem_fraction_static == 0.3 and p.kv_pool_tokens == 512 * 1024


def test_pool_cap_says_why():
    from argmatrix.compiler.memory_plan import pool_cap

    cap = pool_cap(2048, "cpu", fraction_set=False, cores=2)
    assert cap.tokens == 4 * 2048 and "4 contexts of 2048 tokens" in cap.reason and "2 core" in cap.reason
    assert pool_cap(2048, "cpu", fraction_set=True, cores=2).tokens == 512 * 2048
    assert pool_cap(4096, "cuda", fraction_set=False, cores=2).tokens == 1 << 20


def test_cpu_default_fraction():
    assert default_mem_fraction(64 * GB, "cpu", {}, Parallel()) == 0.3


def test_quantized_bytes_per_weight():
    assert quant_bytes_per_param(QuantFacts("fp8", 8, None, (128, 128)), None) == pytest.approx(1 + 4 / 16384)
    assert quant_bytes_per_param(QuantFacts("gptq", 4, 128, None), None) == pytest.approx(0.5 + 2.5 / 128)
    assert quant_bytes_per_param(None, "fp8") == 1  # online quantization of an unquantized checkpoint
    assert quant_bytes_per_param(None, None) is None
    assert plan_for("llama-3.1-8b", ["--quantization", "fp8"]).per_device_weight_bytes < \
        0.6 * plan_for("llama-3.1-8b").per_device_weight_bytes
