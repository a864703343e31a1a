"""Model- and topology-aware findings on hand-written configs: one test per rule, both ways."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from argmatrix.compiler import CompileOptions, compile
from argmatrix.compiler.model_checks import MODEL_CODES, PlanInputs, parse_size

CONFIGS = Path(__file__).parents[1] / "fixtures" / "model_configs"
GB = 1 << 30


def model(name: str) -> str:
    return str(CONFIGS / f"{name}.json")


def run(name: str | None, argv=(), target="cuda", env=None, **inputs):
    inputs.setdefault("device_memory", 141 * GB)
    inputs.setdefault("devices_per_node", 8)
    inputs.setdefault("model_config", model(name) if name else None)
    path = ["--model-path", "m"] if name or inputs["model_config"] else []
    return compile([*path, *argv], CompileOptions(target=target, env=env or {}, plan_inputs=PlanInputs(**inputs)))


def codes(c, prefix="AM-"):
    return sorted(f.code for f in c.findings if f.code.startswith(prefix) and f.code[4] in "7")


def one(c, code):
    found = [f for f in c.findings if f.code == code]
    assert len(found) == 1, [(f.code, f.message.en) for f in c.findings]
    return found[0]


def test_every_code_has_both_languages_and_a_severity():
    for code, (severity, text) in MODEL_CODES.items():
        assert code[3] == severity[0].upper() and text.en and text.zh


def test_a_clean_launch_gets_only_the_capacity_note():
    c = run("llama-3.1-8b")
    assert codes(c) == ["AM-N773"] and c.exit_code == 0
    f = one(c, "AM-N773")
    assert "KV pool" in f.message.en and "KV 缓存池" in f.message.zh


def test_hub_id_skips_model_checks_with_a_note():
    c = compile(["--model-path", "meta-llama/Llama-3.1-8B"], CompileOptions(target="cuda", env={},
                                                                            plan_inputs=PlanInputs()))
    assert codes(c) == ["AM-N700"] and c.exit_code == 0
    # without plan inputs (library callers, existing scripts) nothing is added
    assert compile(["--model-path", "meta-llama/Llama-3.1-8B"], CompileOptions(target="cuda", env={})).findings == []


def test_local_model_path_is_read(tmp_path):
    (tmp_path / "config.json").write_text((CONFIGS / "qwen3-8b.json").read_text())
    c = compile(["--model-path", str(tmp_path), "--tp", "3"], CompileOptions(target="cuda", env={}))
    assert "AM-E710" in codes(c)


def test_model_config_errors():
    c = run(None, model_config="/nowhere/config.json")
    assert one(c, "AM-E701").kind == "usage" and c.exit_code == 2


def test_broken_config_json(tmp_path):
    (tmp_path / "config.json").write_text("{broken")
    c = compile(["--model-path", str(tmp_path)], CompileOptions(target="cuda", env={}))
    f = one(c, "AM-E701")
    # the model's config.json is input: one that cannot be used is unusable input (exit 2), as a bad --config is
    assert "not a readable JSON file" in f.message.en and f.flag == "--model-path" and c.exit_code == 2


# --- tensor parallel -----------------------------------------------------------------------------------------

def test_heads_must_divide_by_tp():
    f = one(run("qwen2.5-7b", ["--tp", "8"], devices_per_node=8), "AM-E710")  # 28 heads
    assert "28 attention heads" in f.message.en and "1, 2, 4" in f.hint.en and f.flag == "--tp"
    assert "AM-E710" not in codes(run("qwen2.5-7b", ["--tp", "4"]))


def test_kv_heads_split_or_replicate():
    # Llama-3.1-8B: 32 heads, 8 KV heads. tp 16 replicates KV heads (16 % 8 == 0): fine
    assert "AM-E711" not in codes(run("llama-3.1-8b", ["--tp", "16"], devices_per_node=16))
    # Qwen2.5-7B: 28 heads, 4 KV heads; tp 14 divides the heads but neither divides nor is a multiple of 4
    c = run("qwen2.5-7b", ["--tp", "14"], devices_per_node=16)
    assert "AM-E711" in codes(c) and "AM-E710" not in codes(c)


def test_dp_attention_uses_the_attention_tp_size():
    # 32 heads, tp 16 / dp 2 = 8-way attention: fine; dp 16 -> 1-way: fine; tp 16 dp 3 -> 5-way: not
    assert "AM-E710" not in codes(run("llama-3.1-8b", ["--tp", "16", "--dp", "2", "--enable-dp-attention"],
                                      devices_per_node=16))
    f = one(run("llama-3.1-8b", ["--tp", "15", "--dp", "3", "--enable-dp-attention"], devices_per_node=16),
            "AM-E710")
    assert "attention TP size" in f.message.en and "5" in f.message.en


def test_vocab_padding_is_a_note_and_intermediate_must_shard():
    assert "AM-N712" in codes(run("qwen2.5-7b", ["--tp", "7"]))  # 152064 % 7 != 0; 28 heads % 7 == 0
    assert "AM-E713" in codes(run("qwen2.5-7b", ["--tp", "7"]))  # 18944 % 7 != 0


def test_fp8_block_size_limits_tp():
    # DeepSeek-V3 experts: 2048 / 16 = 128 (one fp8 block), 2048 / 32 = 64 (half a block)
    assert "AM-E713" not in codes(run("deepseek-v3", ["--tp", "16", "--ep-size", "1"], devices_per_node=16))
    found = [f.message.en for f in run("deepseek-v3", ["--tp", "32", "--ep-size", "1"], devices_per_node=32).findings
             if f.code == "AM-E713"]
    assert len(found) == 2 and all("fp8 block size 128" in m for m in found)  # dense 18432/32 = 576, experts 64
    assert any(m.startswith("the expert") for m in found)


# --- context length --------------------------------------------------------------------------------------------

def test_context_length_above_the_model():
    f = one(run("qwen3-8b", ["--context-length", "65536"]), "AM-E720")
    assert "40960" in f.message.en and "--context-length 40960" in f.hint.en
    assert "SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN" in f.hint.en
    assert "AM-E720" not in codes(run("llama-3.1-8b", ["--context-length", "131072"]))  # llama3 rope: 131072
    assert "AM-E720" in codes(run("llama-3.1-8b", ["--context-length", "131073"]))


def test_context_override_env_turns_it_into_a_warning():
    c = run("qwen3-8b", ["--context-length", "65536"], env={"SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN": "1"})
    assert "AM-W721" in codes(c) and "AM-E720" not in codes(c)


# --- MoE and MLA -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("flag", [["--ep-size", "2"], ["--enable-eplb"], ["--moe-a2a-backend", "deepep"],
                                  ["--moe-runner-backend", "triton"]])
def test_moe_flags_on_a_dense_model(flag):
    f = next(f for f in run("llama-3.1-8b", ["--tp", "2", *flag]).findings if f.code == "AM-E730")
    assert f.flag == flag[0] and "dense" in f.message.en
    assert "AM-E730" not in codes(run("mixtral-8x7b", ["--tp", "2", *flag]))


def test_ep_size_must_divide_experts():
    f = one(run("mixtral-8x7b", ["--tp", "6", "--ep-size", "6"], devices_per_node=8), "AM-E731")  # 8 experts
    assert "8 experts" in f.message.en
    assert "AM-E731" not in codes(run("qwen3-30b-a3b", ["--tp", "8", "--ep-size", "8"]))


def test_mla_only_features():
    f = one(run("llama-3.1-8b", ["--attention-backend", "flashmla"]), "AM-E732")
    assert "latent attention" in f.message.en
    assert "AM-E732" not in codes(run("deepseek-v3", ["--tp", "8", "--attention-backend", "flashmla"]))


# --- quantization and dtype ------------------------------------------------------------------------------------

def test_quantization_contradicting_the_checkpoint():
    f = one(run("deepseek-v3", ["--tp", "8", "--quantization", "awq"]), "AM-E740")
    assert "fp8-quantized" in f.message.en
    assert "AM-E740" not in codes(run("deepseek-v3", ["--tp", "8", "--quantization", "fp8"]))


def test_quantized_checkpoint_the_platform_cannot_run():
    c = run("deepseek-v3", ["--tp", "16"], target="a3", device_memory=None, devices_per_node=None)
    f = one(c, "AM-E741")
    assert "modelslim" in f.message.en and f.severity == "error"
    relaxed = compile(["--model-path", "m", "--tp", "16"], CompileOptions(target="a3", env={}, allow_unsupported=True,
                                                                          plan_inputs=PlanInputs(model_config=model("deepseek-v3"))))
    assert one(relaxed, "AM-E741").severity == "warning"


def test_dtype_rules(tmp_path):
    assert "AM-W743" in codes(run("llama-3.1-8b", ["--dtype", "float16"]))
    assert "AM-W743" not in codes(run("llama-3.1-8b", ["--dtype", "bfloat16"]))
    # a float32 checkpoint runs in bfloat16 on an accelerator: no dtype error on A2
    assert "AM-E742" not in codes(run("gemma-2-9b", [], target="a2", device_memory=None, devices_per_node=None))


def test_draft_model_vocab(tmp_path):
    draft = tmp_path / "draft"
    draft.mkdir()
    cfg = json.loads((CONFIGS / "llama-3.1-8b.json").read_text())
    (draft / "config.json").write_text(json.dumps({**cfg, "num_hidden_layers": 1, "vocab_size": 32000}))
    argv = ["--speculative-algorithm", "EAGLE", "--speculative-draft-model-path", str(draft)]
    f = one(run("llama-3.1-8b", argv), "AM-E750")
    assert "32000" in f.message.en and "128256" in f.message.en
    (draft / "config.json").write_text(json.dumps({**cfg, "num_hidden_layers": 1}))
    assert "AM-E750" not in codes(run("llama-3.1-8b", argv))


# --- topology --------------------------------------------------------------------------------------------------

def test_devices_per_node_from_the_platform():
    assert "AM-E760" in codes(run(None, ["--tp", "16"], target="a2", device_memory=None, devices_per_node=None))
    assert "AM-E760" not in codes(run(None, ["--tp", "16"], target="a3", device_memory=None, devices_per_node=None))
    two_nodes = ["--tp", "16", "--nnodes", "2", "--dist-init-addr", "n0:5000"]
    assert codes(run(None, two_nodes, target="a2", device_memory=None, devices_per_node=None)) == []
    f = one(run(None, ["--tp", "4", "--pp-size", "4"], devices_per_node=8), "AM-E760")
    assert "--nnodes 2" in f.hint.en


def test_cuda_device_count_is_unknown_unless_given():
    c = compile(["--tp", "64"], CompileOptions(target="cuda", env={}))
    assert "AM-E760" not in codes(c)


def test_nnodes_rules():
    assert "AM-E761" in codes(run(None, ["--tp", "3", "--nnodes", "2", "--dist-init-addr", "a:1"]))
    assert "AM-E762" in codes(run(None, ["--tp", "4", "--nnodes", "2", "--node-rank", "2", "--dist-init-addr", "a:1"]))
    assert "AM-E763" in codes(run(None, ["--tp", "4", "--nnodes", "2"]))


def test_base_gpu_id_reaches_past_the_last_device():
    f = one(run(None, ["--tp", "4", "--base-gpu-id", "6"], devices_per_node=8), "AM-E764")
    assert "device 9" in f.message.en
    assert "AM-E764" not in codes(run(None, ["--tp", "4", "--base-gpu-id", "4"], devices_per_node=8))
    assert "AM-E764" in codes(run(None, ["--tp", "4", "--gpu-id-step", "3"], devices_per_node=8))


def test_parse_size():
    assert parse_size("141GB") == 141 * GB == parse_size("141GiB") == parse_size("141g")
    assert parse_size("512MiB") == 512 << 20 and parse_size("1.5TB") == int(1.5 * (1 << 40))
    assert parse_size("1000") == 1000
    for bad in ("", "GB", "12XB", "-3GB", "0"):
        with pytest.raises(ValueError):
            parse_size(bad)


def test_dtype_the_platform_does_not_compute_in(monkeypatch):
    """A GPU without bfloat16 (V100, T4: as the facts would say after detection) and a bf16 checkpoint."""
    from argmatrix import records
    from argmatrix.matrix.devices import DeviceFacts
    from argmatrix.matrix.platforms import PLATFORMS

    cuda = PLATFORMS["cuda"]
    volta = DeviceFacts(8, 32 * GB, ("float32", "float16"), cuda.devices.source)
    monkeypatch.setitem(PLATFORMS, "cuda", records.replace(cuda, devices=volta))
    f = one(run("llama-3.1-8b", device_memory=None), "AM-E742")
    assert "bfloat16" in f.message.en and f.flag == "--dtype"
    assert "AM-E742" not in codes(run("llama-3.1-8b", ["--dtype", "float16"], device_memory=None))
