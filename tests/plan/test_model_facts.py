"""ModelFacts from hand-written config.json files of public models: shapes, context, MoE, MLA, windows, counts."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from argmatrix.compiler.model_facts import (
    ModelConfigError,
    config_file,
    derive_context_length,
    facts_from_config,
    read_model_facts,
)

CONFIGS = Path(__file__).parents[1] / "fixtures" / "model_configs"

# published totals (model cards); the count from the shapes must be within 2 %
PUBLISHED = {
    "llama-3.1-8b": 8.03e9, "llama-3.1-70b": 70.6e9, "qwen2.5-7b": 7.61e9, "qwen3-8b": 8.2e9,
    "qwen3-30b-a3b": 30.5e9, "mixtral-8x7b": 46.7e9, "deepseek-v2-lite": 15.7e9, "deepseek-v3": 671e9,
    "gemma-2-9b": 9.24e9,
}


def facts(name: str):
    return read_model_facts(CONFIGS / f"{name}.json")


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_parameter_count_matches_the_published_total(name):
    total = facts(name).params.total
    assert abs(total - PUBLISHED[name]) / PUBLISHED[name] < 0.02, (name, total)


def test_components_add_up_and_are_where_they_belong():
    llama = facts("llama-3.1-8b").params
    assert llama.embeddings == 128256 * 4096 and llama.lm_head == 128256 * 4096 + 4096
    assert llama.experts == llama.shared_experts == 0
    assert llama.dense_mlp == 32 * (3 * 4096 * 14336 + 4096)
    gemma = facts("gemma-2-9b").params
    assert gemma.lm_head == 3584  # tied: only the final norm
    mixtral = facts("mixtral-8x7b").params
    assert mixtral.dense_mlp == 0 and mixtral.experts > 0.9 * 45e9
    v3 = facts("deepseek-v3").params
    assert v3.dense_mlp == 3 * (3 * 7168 * 18432 + 7168)  # first_k_dense_replace = 3
    assert v3.shared_experts == 58 * 3 * 7168 * 2048


def test_shapes_moe_and_mla():
    llama = facts("llama-3.1-70b")
    assert (llama.layers, llama.heads, llama.kv_heads, llama.head_dim, llama.vocab_size) == (80, 64, 8, 128, 128256)
    assert not llama.is_moe and not llama.is_mla
    qwen_moe = facts("qwen3-30b-a3b")
    assert (qwen_moe.moe.experts, qwen_moe.moe.experts_per_token, len(qwen_moe.moe.moe_layers)) == (128, 8, 48)
    v3 = facts("deepseek-v3")
    assert v3.moe.experts == 256 and v3.moe.shared_experts == 1 and v3.moe.moe_layers[0] == 3
    assert (v3.mla.kv_lora_rank, v3.mla.qk_rope_head_dim, v3.mla.q_lora_rank) == (512, 64, 1536)
    assert v3.extra_layers == 1
    lite = facts("deepseek-v2-lite")
    assert lite.mla.q_lora_rank is None and lite.moe.shared_experts == 2
    assert facts("mixtral-8x7b").moe.experts == 8


def test_context_length_is_derived_the_way_sglang_does():
    assert facts("llama-3.1-8b").context_length == 131072  # llama3 rope type: already extended
    assert facts("deepseek-v3").context_length == 163840   # original_max_position_embeddings present
    assert facts("qwen3-8b").context_length == 40960
    assert derive_context_length({"max_position_embeddings": 32768, "rope_scaling": {"type": "yarn", "factor": 4}}) \
        == 131072
    assert derive_context_length({"seq_length": 4096, "max_position_embeddings": 8192}) == 4096
    assert derive_context_length({}) == 2048


def test_sliding_windows_quantization_and_dtype():
    gemma = facts("gemma-2-9b")
    assert gemma.sliding_window == 4096 and gemma.sliding_window_layers == 21 and gemma.torch_dtype == "float32"
    assert facts("qwen2.5-7b").sliding_window is None  # use_sliding_window false
    q = facts("deepseek-v3").quantization
    assert (q.method, q.bits, q.block_size) == ("fp8", 8, (128, 128))
    gptq = facts_from_config({"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4, "vocab_size": 10,
                              "quantization_config": {"quant_method": "gptq", "bits": 4, "group_size": 128}})
    assert (gptq.quantization.method, gptq.quantization.bits, gptq.quantization.group_size) == ("gptq", 4, 128)
    ct = facts_from_config({"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4, "vocab_size": 10,
                            "quantization_config": {"quant_method": "compressed-tensors", "config_groups": {
                                "group_0": {"weights": {"num_bits": 8, "type": "int"}}}}})
    assert (ct.quantization.method, ct.quantization.bits) == ("compressed-tensors", 8)


def test_a_model_folder_a_file_and_multimodal_text_config(tmp_path):
    (tmp_path / "m").mkdir()
    cfg = json.loads((CONFIGS / "qwen3-8b.json").read_text())
    (tmp_path / "m" / "config.json").write_text(json.dumps({"architectures": ["X"], "text_config": cfg}))
    assert config_file(tmp_path / "m") == tmp_path / "m" / "config.json"
    assert read_model_facts(tmp_path / "m").layers == 36
    assert config_file(tmp_path / "nowhere") is None
    assert config_file("meta-llama/Llama-3.1-8B") is None


@pytest.mark.parametrize("text, fragment", [
    ("{not json", "not a readable JSON file"),
    ("[1, 2]", "not a JSON object"),
    ('{"hidden_size": 64, "num_attention_heads": 4, "vocab_size": 10}', "num_hidden_layers"),
    ('{"num_hidden_layers": "x", "hidden_size": 64, "num_attention_heads": 4, "vocab_size": 10}', "num_hidden_layers"),
])
def test_unusable_configs_say_what_is_wrong(tmp_path, text, fragment):
    f = tmp_path / "config.json"
    f.write_text(text)
    with pytest.raises(ModelConfigError) as err:
        read_model_facts(f)
    assert fragment in err.value.text.en and err.value.text.zh


def test_no_heavy_imports():
    import subprocess

    code = ("import sys, argmatrix.compiler.model_facts; "
            "print(sorted(m for m in ('torch', 'transformers', 'pydantic') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
