"""A ``vllm serve`` launch gets the device, model and memory checks an SGLang launch gets, by vLLM's rules and in
vLLM's flags (compiler/vllm_model_checks.py), and ``argmatrix plan`` sizes its KV cache as vLLM does."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from argmatrix.cli.app import app
from argmatrix.compiler import CompileOptions, compile
from argmatrix.compiler.model_checks import PlanInputs
from argmatrix.compiler.model_facts import read_model_facts
from argmatrix.compiler.vllm_model_checks import (
    CUDA_GRAPH_BYTES,
    NON_TORCH_BYTES,
    activation_bytes,
    vllm_plan,
)
from argmatrix.matrix.platforms import PLATFORMS

CONFIGS = Path(__file__).parents[1] / "fixtures" / "model_configs"
QWEN_7B = str(CONFIGS / "qwen2.5-7b.json")
LLAMA_8B = str(CONFIGS / "llama-3.1-8b.json")
LLAMA_70B = str(CONFIGS / "llama-3.1-70b.json")
GIB = 1 << 30


def codes(argv, target, env=None, **inputs):
    compiled = compile(argv, CompileOptions(target=target, env=env or {},
                                            plan_inputs=PlanInputs(**inputs) if inputs else None))
    return [f.code for f in compiled.findings], compiled


# --- devices ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("target, tp, dp", [("a3", 16, 4), ("a2", 8, 2)])
def test_data_parallel_beyond_the_node_is_refused_as_sglang_is(target, tp, dp):
    vllm, compiled = codes(["vllm", "serve", "m", "-tp", str(tp), "-dp", str(dp)], target)
    sglang, _ = codes(["python", "-m", "sglang.launch_server", "--model-path", "m", "--tp", str(tp), "--dp", str(dp)],
                      target)
    assert "AM-E760" in vllm and "AM-E760" in sglang
    finding = next(f for f in compiled.findings if f.code == "AM-E760")
    devices = PLATFORMS[target].devices.devices_per_node
    assert f"{tp * dp} workers" in finding.message.en and f"{devices} devices" in finding.message.en
    assert "--data-parallel-size-local" in finding.hint.en and "--data-parallel-size-local" in finding.hint.zh


def test_a_node_that_runs_its_share_of_the_ranks_fits():
    found, _ = codes(["vllm", "serve", "m", "-tp", "8", "-dp", "2", "--data-parallel-size-local", "1",
                      "--data-parallel-address", "10.0.0.1"], "a2")
    assert not {"AM-E760", "AM-W767"} & set(found)
    headless, _ = codes(["vllm", "serve", "m", "-tp", "8", "-dp", "2", "--data-parallel-size-local", "1", "--headless",
                         "--data-parallel-start-rank", "1", "--data-parallel-address", "10.0.0.1"], "a2")
    assert not {"AM-E760", "AM-W767", "AM-E765", "AM-E766"} & set(headless)


@pytest.mark.parametrize("extra, code", [
    (["--data-parallel-size-local", "1"], "AM-W767"),                                   # no address to meet at
    (["--data-parallel-size-local", "1", "--headless", "--data-parallel-address", "h"], "AM-W767"),  # no start rank
    (["--data-parallel-size-local", "4"], "AM-E765"),                                   # more local than global
    (["--data-parallel-size-local", "1", "--data-parallel-start-rank", "2", "--data-parallel-address", "h"],
     "AM-E765"),                                                                        # rank 2 of 2
    (["--data-parallel-size-local", "0", "--headless", "--data-parallel-address", "h"], "AM-E766"),
    (["--nnodes", "3"], "AM-E761"),                                                     # 16 workers over 3 nodes
    (["--nnodes", "2", "--node-rank", "2"], "AM-E762"),
])
def test_multi_node_layouts(extra, code):
    found, compiled = codes(["vllm", "serve", "m", "-tp", "8", "-dp", "2", *extra], "a2")
    assert code in found
    f = next(f for f in compiled.findings if f.code == code)
    assert f.message.zh and f.hint and f.hint.zh


def test_ray_places_the_workers_over_its_cluster():
    found, _ = codes(["vllm", "serve", "m", "-tp", "16", "--distributed-executor-backend", "ray"], "a2")
    assert "AM-E760" not in found


def test_nnodes_spreads_the_workers():
    found, _ = codes(["vllm", "serve", "m", "-tp", "8", "-dp", "2", "--nnodes", "2", "--node-rank", "1"], "a2")
    assert not {"AM-E760", "AM-E761", "AM-E762"} & set(found)


# --- the model ----------------------------------------------------------------------------------------------

def test_heads_context_and_quantization():
    found, compiled = codes(["vllm", "serve", "m", "-tp", "3"], "cuda", model_config=LLAMA_8B)
    assert "AM-E710" in found
    assert next(f for f in compiled.findings if f.code == "AM-E710").flag == "-tp"
    found, _ = codes(["vllm", "serve", "m", "--max-model-len", "1000000"], "cuda", model_config=LLAMA_8B)
    assert "AM-E720" in found
    found, _ = codes(["vllm", "serve", "m", "--max-model-len", "1000000"], "cuda",
                     env={"VLLM_ALLOW_LONG_MAX_MODEL_LEN": "1"}, model_config=LLAMA_8B)
    assert "AM-W721" in found and "AM-E720" not in found
    found, _ = codes(["vllm", "serve", "m", "--max-model-len", "131072"], "cuda", model_config=LLAMA_8B)
    assert "AM-E720" not in found


def test_quantization_against_the_checkpoint(tmp_path):
    cfg = json.loads(Path(QWEN_7B).read_text())
    cfg["quantization_config"] = {"quant_method": "awq", "bits": 4, "group_size": 128}
    (tmp_path / "config.json").write_text(json.dumps(cfg))
    assert "AM-E740" in codes(["vllm", "serve", str(tmp_path), "--quantization", "fp8"], "cuda")[0]
    assert "AM-E740" not in codes(["vllm", "serve", str(tmp_path), "--quantization", "awq_marlin"], "cuda")[0]


def test_expert_parallel_on_a_dense_model_is_refused():
    found, _ = codes(["vllm", "serve", "m", "--enable-expert-parallel"], "cuda", model_config=QWEN_7B)
    assert "AM-E730" in found
    found, _ = codes(["vllm", "serve", "m", "--enable-expert-parallel", "-tp", "4"], "cuda",
                     model_config=str(CONFIGS / "qwen3-30b-a3b.json"))
    assert "AM-E730" not in found


@pytest.mark.parametrize("tp, dcp, refused", [(8, 2, True), (16, 2, False), (16, 4, True), (32, 4, False)])
def test_decode_context_parallel_on_a_gqa_model(tp, dcp, refused):
    """Llama-3.1-8B: 32 heads, 8 KV heads: tp must exceed 8 and dcp be at most tp / 8."""
    found, _ = codes(["vllm", "serve", "m", "-tp", str(tp), "-dcp", str(dcp)], "cuda", model_config=LLAMA_8B)
    assert ("AM-E714" in found) == refused


def test_a_72b_class_model_does_not_fit_one_a2_device():
    found, _ = codes(["vllm", "serve", "m"], "a2", model_config=LLAMA_70B)
    assert "AM-E770" in found
    found, _ = codes(["vllm", "serve", "m", "-tp", "8", "--max-model-len", "32k"], "a2", model_config=LLAMA_70B)
    assert "AM-E770" not in found and "AM-E775" not in found


# --- memory -------------------------------------------------------------------------------------------------

def test_an_unset_utilization_is_what_vllm_034_resolves_it_to():
    """vLLM 0.34 leaves --gpu-memory-utilization unset: 1.0 with the extensible KV cache (on by default on CUDA
    without --kv-cache-memory-bytes), 0.92 without it (Ascend, or the cache turned off)."""
    from argmatrix.compiler.vllm_model_checks import gpu_memory_utilization

    values = dict(compile(["vllm", "serve", "m"], CompileOptions(target="cuda", release="0.34.0", env={})).values)
    assert values["gpu_memory_utilization"] is None
    assert gpu_memory_utilization(values, "gpu") == 1.0
    assert gpu_memory_utilization({**values, "enable_extensible_kv_cache": False}, "gpu") == 0.92
    assert gpu_memory_utilization({**values, "kv_cache_memory_bytes": 2**34}, "gpu") == 0.92
    assert gpu_memory_utilization(values, "npu") == 0.92
    assert gpu_memory_utilization({**values, "gpu_memory_utilization": 0.5}, "gpu") == 0.5

@pytest.mark.parametrize("target, memory, block", [("a2", 64 * GIB, 128), ("cuda", 80 * GIB, 16)])
def test_the_kv_cache_follows_vllms_formula(target, memory, block):
    """gpu_worker.determine_available_memory (vllm_ascend/worker/worker.py:547 on NPU): requested memory
    (memory x --gpu-memory-utilization) minus weights, the profile run's peak and the memory outside torch, and on
    CUDA the CUDA-graph estimate; kv_cache_utils: whole blocks of KV bytes per token x block size."""
    facts = read_model_facts(QWEN_7B)
    values = dict(compile(["vllm", "serve", "m"], CompileOptions(target=target, release="0.33.0", env={})).values)
    p, blocks = vllm_plan(facts, values, target=target, memory=memory, devices=8, release="0.33.0")
    assert p.kv_bytes_per_token == 28 * 2 * 4 * 128 * 2
    overhead = activation_bytes(facts, values, memory, 2) + NON_TORCH_BYTES + (CUDA_GRAPH_BYTES if target == "cuda"
                                                                               else 0)
    available = int(memory * values["gpu_memory_utilization"] - p.per_device_weight_bytes - overhead)
    assert blocks == available // (p.kv_bytes_per_token * block)
    assert p.kv_pool_tokens == blocks * block
    assert p.notes == (f"block size {block}",)


@pytest.fixture
def cli(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("ARGMATRIX_TARGET", raising=False)
    runner = CliRunner()
    return lambda *args: runner.invoke(app, list(args), catch_exceptions=False)


def test_plan_takes_a_vllm_line_with_the_model_folder(cli, tmp_path):
    shutil.copy(QWEN_7B, tmp_path / "config.json")
    r = cli("plan", "--target", "a2", "--format", "json", "--", "vllm", "serve", str(tmp_path))
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["fits"] and data["per_device"]["kv_pool_tokens"] % 128 == 0
    assert [f["code"] for f in data["findings"]] == ["AM-N773"]
    # --model-config with a vLLM line reads it as vLLM's (--max-model-len, not SGLang's --context-length)
    r = cli("plan", "--target", "cuda", "--device-memory", "80GB", "--model-config", QWEN_7B, "--format", "json",
            "--", "vllm", "serve", "Qwen/Qwen2.5-7B", "--max-model-len", "16k", "-tp", "2")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["per_device"]["kv_bytes_per_token"] == 28 * 2 * 2 * 128 * 2
    table = cli("plan", "--target", "cuda", "--device-memory", "80GB", "--model-config", QWEN_7B, "--", "vllm",
                "serve", "Qwen/Qwen2.5-7B").stdout
    assert "gpu-memory-utilization" in table


def test_plan_engine_option(cli):
    r = cli("plan", "--engine", "vllm", "--target", "cuda", "--device-memory", "80GB", "--model-config", QWEN_7B,
            "--format", "json", "--", "--max-model-len", "8192")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["per_device"]["kv_pool_tokens"] % 16 == 0


def test_plan_without_a_model_says_how_to_give_one(cli):
    r = cli("plan", "--target", "a2", "--", "vllm", "serve")
    assert r.exit_code == 2 and "vllm serve DIR" in r.output


@pytest.mark.parametrize("target, memory, tokens, vllms", [("a2", 64 * GIB, 795_136, 779_520),
                                                            ("cuda", 80 * GIB, 1_166_208, 1_175_040)])
def test_qwen25_7b_figures_in_the_docs(target, memory, tokens, vllms):
    """docs/plan.md's worked figures: argmatrix's plan with vLLM 0.34's defaults, and the figure vLLM 0.34.0's own
    sizing code gave on the faked device (tests/fixtures/vllm_memory-0.34.0.json; its profile terms assumed)."""
    facts = read_model_facts(QWEN_7B)
    values = dict(compile(["vllm", "serve", "m"], CompileOptions(target=target, release="0.34.0", env={})).values)
    p, _ = vllm_plan(facts, values, target=target, memory=memory, devices=8, release="0.34.0")
    assert p.kv_pool_tokens == tokens
    recorded = json.loads((CONFIGS.parent / "vllm_memory-0.34.0.json").read_text(encoding="utf-8"))
    family = {"a2": "a2", "cuda": "cuda"}[target]
    assert next(d for d in recorded["devices"] if d["family"] == family)["vllm_code"]["kv_cache_tokens"] == vllms
    docs = (Path(__file__).parents[2] / "docs/plan.md").read_text(encoding="utf-8")
    assert f"{tokens:,}" in docs and f"{vllms:,}" in docs


@pytest.mark.parametrize("flag", ["-tp", "-pp", "-dp", "-dcp", "--prefill-context-parallel-size", "--nnodes"])
def test_a_parallel_size_of_zero_is_vllms_bound_error_not_a_traceback(flag):
    found, _ = codes(["vllm", "serve", str(CONFIGS.parent / "vllm_conformance" / "models" / "llama-3.1-8b"), flag, "0"],
                     "cuda", model_config=LLAMA_8B)
    assert "AM-E118" in found


@pytest.mark.parametrize("release, refused", [("0.34.0", True), ("0.23.0", True), ("0.18.0", False)])
def test_an_external_data_parallel_rank_needs_a_moe_model_from_vllm_0_23(release, refused):
    """vllm/engine/arg_utils.py create_engine_config (0.34.0 line 2495): "Non-MoE models do not support external
    data parallel mode"."""
    launch = ["vllm", "serve", "m", "-dp", "2", "--data-parallel-rank", "0"]
    dense = compile(launch, CompileOptions(target="cuda", env={}, release=release, plan_inputs=PlanInputs(model_config=LLAMA_8B)))
    found = [f for f in dense.findings if f.code == "AM-E730"]
    assert bool(found) == refused
    if refused:
        assert found[0].flag == "--data-parallel-rank" and "MoE" in found[0].message.en and "MoE" in found[0].message.zh
    moe = compile(launch, CompileOptions(target="cuda", env={}, release=release, plan_inputs=PlanInputs(model_config=str(CONFIGS / "qwen3-30b-a3b.json"))))
    assert "AM-E730" not in [f.code for f in moe.findings]


@pytest.mark.parametrize("release, target, block", [("0.33.0", "cuda", 16), ("0.34.0", "cuda", 64), (None, "cuda", 64),
                                                    ("0.34.0", "a2", 128)])
def test_the_default_block_size_is_the_releases(release, target, block):
    """vllm/config/cache.py CacheConfig.DEFAULT_BLOCK_SIZE: 16 up to vLLM 0.33, 64 from 0.34 (vLLM 0.34's own
    create_engine_config resolves 64 on the faked CUDA node of tests/fixtures/vllm_conformance); 128 on Ascend."""
    facts = read_model_facts(QWEN_7B)
    values = dict(compile(["vllm", "serve", "m"], CompileOptions(target=target, release=release or "0.34.0", env={})).values)
    p, blocks = vllm_plan(facts, values, target=target, memory=80 * GIB, devices=8, release=release)
    assert p.notes == (f"block size {block}",) and p.kv_pool_tokens == blocks * block
