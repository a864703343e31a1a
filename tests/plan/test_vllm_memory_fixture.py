"""``plan --engine vllm`` sizes Qwen2.5-7B's KV cache within 5% of what vLLM 0.34.0's own code sizes it to.

The fixture (tools/vllm_memory.py, run in a vLLM 0.34.0 venv with the platform faked) holds, per device, what
vLLM's code computed: the resolved config (block size, utilization, batch defaults), the weight bytes of vLLM's
model class built on the meta device, the KV cache spec of its attention layers, and the blocks and tokens of
``get_kv_cache_configs`` / ``get_kv_cache_capacity`` for the available memory.  The profile run's two terms
(activation peak, memory outside torch) need a device: the fixture holds them under ``assumed``, from a documented
vLLM log, apart from vLLM's figures.  The A2 entry is vLLM's sizing with vLLM-Ascend's own block-size rule and
worker rule (no CUDA-graph term), vLLM-Ascend's platform itself needing torch_npu.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from argmatrix.cli.app import app
from argmatrix.compiler import CompileOptions, compile
from argmatrix.compiler.model_checks import PlanInputs
from argmatrix.compiler.model_facts import read_model_facts
from argmatrix.compiler.vllm_model_checks import (
    NON_TORCH_BYTES,
    block_size,
    gpu_memory_utilization,
    serve_defaults,
    vllm_plan,
)
from argmatrix.matrix.platforms import PLATFORMS
from argmatrix.schema.vllm.releases import NEWEST

ROOT = Path(__file__).parents[2]
FIXTURE = json.loads((ROOT / "tests/fixtures/vllm_memory-0.34.0.json").read_text(encoding="utf-8"))
MODEL = str(ROOT / FIXTURE["model_config"])
DEVICES = {d["family"]: d for d in FIXTURE["devices"]}
TOLERANCE = 0.05  # the acceptance: within 5% of vLLM's recorded figure


def test_the_fixture_is_the_newest_release_argmatrix_holds():
    assert FIXTURE["vllm_version"] == NEWEST == "0.34.0"
    assert set(DEVICES) == {"cuda", "a2"}


def test_the_fixture_keeps_vllms_figures_apart_from_the_assumed_ones():
    for device in FIXTURE["devices"]:
        assert set(device["assumed"]) == {"non_torch_bytes", "activation_peak_bytes"}
        code = device["vllm_code"]
        assert code["available_bytes"] == (code["requested_memory_bytes"] - code["weight_bytes"]
                                           - sum(device["assumed"].values()) - code["cudagraph_estimate_bytes"])
    assert "NOT vLLM's figure" in FIXTURE["which_is_which"]["assumed"]


def _plan_json(family: str) -> dict:
    device = DEVICES[family]
    r = CliRunner().invoke(app, ["plan", "--engine", "vllm", "--target", family, "--device-memory",
                                 f"{device['memory_bytes'] >> 30}GiB", "--devices-per-node", "1", "--model-config",
                                 MODEL, "--format", "json", "--"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


@pytest.mark.parametrize("family", ["cuda", "a2"])
def test_plan_engine_vllm_is_within_5_percent_of_vllm(family):
    device, code = DEVICES[family], DEVICES[family]["vllm_code"]
    per_device = _plan_json(family)["per_device"]
    assert abs(per_device["kv_pool_tokens"] / code["kv_cache_tokens"] - 1) <= TOLERANCE
    # the terms: weights as vLLM's model counts them (parameters; vLLM also holds the rotary cos/sin cache, 8 MiB,
    # which argmatrix leaves out), KV bytes per token from vLLM's own attention spec
    assert abs(per_device["weight_bytes"] / code["weight_bytes"] - 1) <= 0.001
    assert per_device["weight_bytes"] == code["parameter_bytes"]
    assert per_device["kv_bytes_per_token"] == code["kv_bytes_per_token"]
    assert device["resolved"]["kv_cache_dtype"] == "auto" and device["resolved"]["dtype"] == "torch.bfloat16"


@pytest.mark.parametrize("family", ["cuda", "a2"])
def test_the_check_config_path_gives_the_same_pool(family):
    device, code = DEVICES[family], DEVICES[family]["vllm_code"]
    compiled = compile(["vllm", "serve", "Qwen/Qwen2.5-7B-Instruct"], CompileOptions(target=family, env={}, plan_inputs=PlanInputs(model_config=MODEL, device_memory=device["memory_bytes"],
                                              devices_per_node=1)))
    note = next(f for f in compiled.findings if f.code == "AM-N773")
    tokens = _plan_json(family)["per_device"]["kv_pool_tokens"]
    assert f"KV cache {tokens} tokens" in note.message.en and f"KV 缓存 {tokens} token" in note.message.zh
    assert f"block size {device['resolved']['block_size']}" in note.message.en
    assert code["kv_cache_tokens"] * (1 - TOLERANCE) <= tokens <= code["kv_cache_tokens"] * (1 + TOLERANCE)


@pytest.mark.parametrize("family", ["cuda", "a2"])
def test_the_resolved_settings_are_vllms(family):
    """Block size (vLLM 0.34's default kept by the backend on CUDA; vLLM-Ascend's refresh_block_size on A2), the
    utilization an unset flag resolves to, and the server's batch defaults by device memory."""
    device = DEVICES[family]
    resolved = device["resolved"]
    values = dict(compile(["vllm", "serve", "m"], CompileOptions(target=family, env={})).values)
    platform_family = PLATFORMS[family].family
    assert block_size(values, platform_family, FIXTURE["vllm_version"]) == resolved["block_size"]
    assert gpu_memory_utilization(values, platform_family) == resolved["resolved_gpu_memory_utilization"]
    assert serve_defaults(device["memory_bytes"]) == (resolved["max_num_batched_tokens"], resolved["max_num_seqs"])


@pytest.mark.parametrize("family", ["cuda", "a2"])
def test_blocks_are_vllms_arithmetic(family):
    """Given vLLM's own available memory, argmatrix's block arithmetic gives vLLM's block count and tokens; with its
    own estimate of the profile terms, its blocks are within 5% of vLLM's."""
    device, code = DEVICES[family], DEVICES[family]["vllm_code"]
    facts = read_model_facts(MODEL)
    values = dict(compile(["vllm", "serve", "m"], CompileOptions(target=family, env={})).values)
    p, blocks = vllm_plan(facts, values, target=family, memory=device["memory_bytes"], devices=1,
                          release=FIXTURE["vllm_version"])
    block = device["resolved"]["block_size"]
    assert p.kv_bytes_per_token * block == code["pool_bytes_per_block"]
    assert code["available_bytes"] // (p.kv_bytes_per_token * block) == code["num_blocks"]
    assert code["num_blocks"] * block == code["kv_cache_tokens"]
    assert abs(blocks / code["num_blocks"] - 1) <= TOLERANCE and p.kv_pool_tokens == blocks * block
    # the reserve beside the weights: argmatrix's estimate against the fixture's assumed terms (the memory
    # outside torch is the same documented figure on both sides; the activation peak is argmatrix's own estimate)
    assert NON_TORCH_BYTES == device["assumed"]["non_torch_bytes"]


def test_npu_keeps_128_over_a_given_block_size_unless_prefix_caching_and_chunked_prefill_are_off():
    """vLLM-Ascend's refresh_block_size, as the tool ran it from vllm_ascend/utils.py."""
    assert "refresh_block_size" in DEVICES["a2"]["resolved"]["block_size_rule"]
    values = {"block_size": 16, "enable_prefix_caching": None, "enable_chunked_prefill": None}
    assert block_size(values, "npu", "0.34.0") == 128
    assert block_size({**values, "enable_prefix_caching": False}, "npu", "0.34.0") == 128
    assert block_size({**values, "enable_prefix_caching": False, "enable_chunked_prefill": False}, "npu",
                      "0.34.0") == 16
    assert block_size({"block_size": 32}, "gpu", "0.34.0") == 32
    assert block_size({}, "gpu", "0.33.0") == 16 and block_size({}, "gpu", None) == 64
