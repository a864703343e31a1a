"""SGLang's Nemotron-H overrides (arg_groups/model_overrides/nemotron_h.py): the MoE runners and dispatch its
ModelOpt W4A16_NVFP4 experts, EPLB and redundant experts allow. Read from the model's config.json
(``reads_model``); the shared readers are in model_overrides.py."""
from __future__ import annotations

from collections.abc import Mapping

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import (
    Problem,
    a2a_backend,
    architecture,
    as_int,
    as_list,
    as_mapping,
    first_problem,
    problem_text,
    sglang_source,
)
from .model_overrides import raw, text_raw

# --- Nemotron-H (model_overrides/nemotron_h.py) --------------------------------------------------------------------

NEMOTRON_H = frozenset({"NemotronHForCausalLM", "NemotronHPuzzleForCausalLM", "NemotronH_Omni_Reasoning_V3"})
MODELOPT = ("modelopt", "modelopt_fp8", "modelopt_fp4", "modelopt_mixed")


def quant_config(c: RuleContext) -> Mapping[str, object]:
    return as_mapping(raw(c, "quantization_config"))


def model_quantization(c: RuleContext) -> object:
    """ModelConfig.quantization: --quantization, else the checkpoint's quant_method."""
    return c.quantization if c.quantization is not None else quant_config(c).get("quant_method")


def nemotron_quantization(c: RuleContext) -> object:
    """The quantization the override declares: a plain ``modelopt`` names its algorithm in quant_algo."""
    method = model_quantization(c)
    if method != "modelopt":
        return method
    algo = quant_config(c).get("quant_algo")
    return "modelopt_mixed" if algo == "MIXED_PRECISION" else "modelopt_fp4" if algo == "NVFP4" else "modelopt_fp8"


def nemotron_w4a16_moe(c: RuleContext) -> bool:
    """ModelOpt mixed precision whose expert layers are W4A16_NVFP4."""
    if model_quantization(c) not in MODELOPT or nemotron_quantization(c) != "modelopt_mixed":
        return False
    layers = as_mapping(quant_config(c).get("quantized_layers"))
    return any(as_mapping(info).get("quant_algo") == "W4A16_NVFP4" and ".experts." in name
               for name, info in layers.items())


def expert_remap(c: RuleContext) -> bool:
    return bool(c.enable_eplb or int(c.ep_num_redundant_experts) > 0 or c.init_expert_location != "trivial")


def puzzle_expert_counts(c: RuleContext) -> list[int]:
    """The routed-expert counts of a Nemotron-H Puzzle checkpoint's MoE blocks (block_configs)."""
    blocks = as_list(raw(c, "block_configs"))
    return sorted({as_int(as_mapping(b).get("n_routed_experts"), 0) for b in blocks
                   if as_mapping(b).get("block_type") == "moe"})


def nemotron_act(c: RuleContext) -> str:
    read = text_raw if architecture(c) == "NemotronH_Omni_Reasoning_V3" else raw
    return str(read(c, "mlp_hidden_act", "relu2"))  # NemotronHConfig's default


NEMOTRON: list[Problem] = [
    (lambda c: model_quantization(c) in MODELOPT and nemotron_act(c) != "relu2",
     Text("its ModelOpt quantization ({quant}) needs the relu2 MLP activation, and the config says {act}",
          "其 ModelOpt 量化（{quant}）要求 MLP 激活为 relu2，而配置中为 {act}")),
    (lambda c: expert_remap(c) and c.moe_runner_backend == "flashinfer_trtllm",
     Text("--moe-runner-backend flashinfer_trtllm routes inside its kernel and cannot follow EPLB or redundant experts",
          "--moe-runner-backend flashinfer_trtllm 在算子内部路由，无法配合 EPLB 或冗余专家")),
    (lambda c: c.enable_eplb and c.moe_runner_backend == "flashinfer_cutedsl" and a2a_backend(c) == "none",
     Text("--moe-runner-backend flashinfer_cutedsl without --moe-a2a-backend does not move its expert scales when "
          "EPLB rebalances", "不设 --moe-a2a-backend 时，--moe-runner-backend flashinfer_cutedsl 在 EPLB 重新均衡时"
          "不会迁移其专家缩放因子")),
    (lambda c: expert_remap(c) and architecture(c) == "NemotronHPuzzleForCausalLM" and len(puzzle_expert_counts(c)) > 1,
     Text("EPLB and redundant experts need one routed-expert count on every MoE layer, and this checkpoint has "
          "{puzzle_counts}", "EPLB 与冗余专家要求每个 MoE 层的路由专家数相同，而该检查点为 {puzzle_counts}")),
    (lambda c: nemotron_w4a16_moe(c) and a2a_backend(c) != "none",
     Text("its W4A16_NVFP4 MoE layers need --moe-a2a-backend none, not {moe_a2a_backend}",
          "其 W4A16_NVFP4 MoE 层要求 --moe-a2a-backend none，而不是 {moe_a2a_backend}")),
    (lambda c: nemotron_w4a16_moe(c) and c.moe_runner_backend not in ("auto", "marlin"),
     Text("its W4A16_NVFP4 MoE layers need --moe-runner-backend marlin, not {moe_runner_backend}",
          "其 W4A16_NVFP4 MoE 层要求 --moe-runner-backend marlin，而不是 {moe_runner_backend}")),
]


def _numbers(c: RuleContext) -> dict[str, object]:
    return {"architecture": architecture(c), "quant": model_quantization(c), "act": nemotron_act(c),
            "puzzle_counts": ", ".join(map(str, puzzle_expert_counts(c)))}


RULES: list[Rule] = [
    Rule("nemotron-h-limits", "AM-E481", ("moe_runner_backend", "moe_a2a_backend", "enable_eplb",
                                          "ep_num_redundant_experts", "init_expert_location", "quantization"),
         lambda c: architecture(c) in NEMOTRON_H and first_problem(c, NEMOTRON) is not None,
         Text("Nemotron-H ({architecture}): {why_en}", "Nemotron-H（{architecture}）：{why_zh}"),
         Text("change the MoE flag named (--moe-runner-backend flashinfer_trtllm_routed serves EPLB and redundant "
              "experts; marlin serves W4A16_NVFP4 experts)", "修改所述的 MoE 参数（EPLB 与冗余专家可用 "
              "--moe-runner-backend flashinfer_trtllm_routed；W4A16_NVFP4 专家用 marlin）"),
         source=sglang_source("arg_groups/model_overrides/nemotron_h.py:44, :76, :78, :154, :164, :176"),
         extra=problem_text(NEMOTRON, _numbers), reads_model=True),
]
