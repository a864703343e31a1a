"""--quantization modelslim: the weights are sized from the export's quant_model_description.json (what SGLang reads
for the per-weight schemes), and without one at ModelSlim's narrowest width, saying so."""
from __future__ import annotations

import json
from pathlib import Path

from argmatrix.compiler import CompileOptions, compile
from argmatrix.compiler.model_checks import PlanInputs
from argmatrix.compiler.model_facts import read_model_facts

CONFIGS = Path(__file__).parents[1] / "fixtures" / "model_configs"
GIB = 1 << 30
# SGLang's Ascend best-practice DeepSeek-R1 launch on 16 A3 dies (a W4A8 export), as its docs give it
LAUNCH = ["--tp", "16", "--attention-backend", "ascend", "--quantization", "modelslim", "--mem-fraction-static", "0.74",
          "--moe-a2a-backend", "deepep", "--enable-dp-attention", "--dp-size", "16", "--dtype", "bfloat16"]


def export(tmp_path: Path, expert_scheme: str | None) -> Path:
    cfg = json.loads((CONFIGS / "deepseek-v3.json").read_text())
    cfg.pop("quantization_config", None)
    (tmp_path / "config.json").write_text(json.dumps(cfg))
    if expert_scheme is not None:
        described = {"model.embed_tokens.weight": "FLOAT", "model.layers.0.input_layernorm.weight": "FLOAT",
                     "model.layers.0.self_attn.q_a_proj.weight": "W8A8",
                     "model.layers.0.self_attn.o_proj.weight": "W8A8",
                     "model.layers.0.mlp.gate_proj.weight": "W8A8",
                     "model.layers.3.mlp.experts.0.gate_proj.weight": expert_scheme,
                     "model.layers.3.mlp.experts.0.down_proj.weight": expert_scheme}
        (tmp_path / "quant_model_description.json").write_text(json.dumps(described))
    return tmp_path


def plan_of(folder: Path):
    return compile(["--model-path", str(folder), *LAUNCH], CompileOptions(target="a3", env={},
                                                                          releases={"sglang": "0.5.23"},
                                                                          plan_inputs=PlanInputs(device_memory=64 * GIB, devices_per_node=16)))


def test_the_description_gives_the_widths(tmp_path):
    q = read_model_facts(export(tmp_path, "W4A8_DYNAMIC")).modelslim
    assert q is not None and (q.method, q.bits, q.expert_bits) == ("modelslim", 8, 4)
    bare = tmp_path / "bare"
    bare.mkdir()
    assert read_model_facts(export(bare, None)).modelslim is None


def test_a_w8a8_export_does_not_fit_and_a_w4a8_one_does(tmp_path):
    (tmp_path / "w8").mkdir()
    (tmp_path / "w4").mkdir()
    w8 = plan_of(export(tmp_path / "w8", "W8A8_DYNAMIC"))
    assert "AM-E770" in {f.code for f in w8.findings}  # 8-bit experts plus replicated attention: ~49 GiB of 47.4
    w4 = plan_of(export(tmp_path / "w4", "W4A8_DYNAMIC"))
    assert "AM-E770" not in {f.code for f in w4.findings}
    assert not [f for f in w4.findings if f.code == "AM-N773" and "unknown" in f.message.en]


def test_without_a_description_the_plan_says_what_it_assumed(tmp_path):
    c = plan_of(export(tmp_path, None))
    assert "AM-E770" not in {f.code for f in c.findings}
    note = next(f for f in c.findings if f.code in ("AM-N773", "AM-W772"))
    assert "quant_model_description.json" in note.message.en and "4 bits" in note.message.en
    assert "quant_model_description.json" in note.message.zh
