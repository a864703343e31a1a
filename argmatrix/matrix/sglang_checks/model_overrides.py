"""SGLang's per-architecture start-up checks (arg_groups/model_overrides/*.py): what a model family refuses or
replaces, read from the model's config.json (``reads_model``: these run only once a local config.json was read).

SGLang runs the override functions registered for the architecture named first in ``architectures``; the
frozensets here are those registrations, and each problem list keeps the order the function checks in. This module
holds the shared readers and the smaller families; the DeepSeek family is in model_overrides_deepseek.py and
Nemotron-H in model_overrides_nemotron.py. Checks that read the GPU's SM generation (Blackwell-only branches) are
not ported here; the dispositions say so.
"""
from __future__ import annotations

from collections.abc import Mapping

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import (
    Problem,
    architecture,
    as_list,
    attn_dp,
    family,
    first_problem,
    minimax_m3_nvfp4,
    problem_text,
    sglang_source,
    target,
    text_config,
)

MINIMAX_M3 = frozenset({"MiniMaxM3SparseForCausalLM", "MiniMaxM3SparseForConditionalGeneration"})
IQUEST_Q1 = frozenset({"IQuestQ1ForCausalLM", "IQuestQ1MTP"})
KIMI_K3 = frozenset({"KimiK3ForConditionalGeneration"})
MINICPM = frozenset({"MiniCPMForCausalLM", "MiniCPMSALAForCausalLM"})
ERNIE45_VL = frozenset({"Ernie4_5_VLMoeForConditionalGeneration"})
MOSS_VL = frozenset({"MossVLForConditionalGeneration"})
QWEN4_EXP = frozenset({"Qwen4ExpForConditionalGeneration"})


def raw(c: RuleContext, key: str, default: object = None) -> object:
    """A top-level key of config.json (SGLang reads these off hf_config)."""
    return target(c).raw.get(key, default)


def text_raw(c: RuleContext, key: str, default: object = None) -> object:
    """A key of the language model's config: text_config when there is one (SGLang's get_text_config)."""
    return text_config(c).get(key, default)


def outside_npu(c: RuleContext) -> bool:
    """The DSA branch for CUDA and ROCm GPUs is "not NPU and not XPU" (deepseek_v2.py:105): argmatrix has no XPU
    target, so every target but Ascend's takes it, the CPU one included."""
    return family(c) != "npu"


def env_value(c: RuleContext, name: str, default: str) -> str:
    return str(c.env.get(name, default))


# --- MiniMax M3 (model_overrides/minimax_m3.py) ---------------------------------------------------------------------

def minimax_nvfp4(c: RuleContext) -> bool:
    """MiniMax M3.1 NVFP4: --quantization minimax_m3_nvfp4, or none given and a checkpoint that declares mxfp8 with
    NVFP4-packed experts (_resolve_quant_method); --quantization unquant keeps the checkpoint's method off."""
    return architecture(c) in MINIMAX_M3 and minimax_m3_nvfp4(c)


def minimax_draft(c: RuleContext) -> bool:
    return c.speculative_algorithm in ("DSPARK", "DFLASH")


MINIMAX_NVFP4: list[Problem] = [
    (lambda c: c.speculative_algorithm is not None and not minimax_draft(c),
     Text("it drafts only with DSPARK or DFLASH, not --speculative-algorithm {speculative_algorithm}",
          "它只支持 DSPARK 或 DFLASH 投机解码，不支持 --speculative-algorithm {speculative_algorithm}")),
    (lambda c: minimax_draft(c) and architecture(c) != "MiniMaxM3SparseForConditionalGeneration",
     Text("{speculative_algorithm} needs the MiniMaxM3SparseForConditionalGeneration checkpoint (only it exposes the "
          "hidden states the draft reads), not {architecture}", "{speculative_algorithm} 需要 "
          "MiniMaxM3SparseForConditionalGeneration 检查点（只有它提供草稿读取的隐藏状态），而不是 {architecture}")),
    (lambda c: minimax_draft(c) and env_value(c, "SGLANG_RAGGED_VERIFY_MODE", "static") != "static",
     Text("{speculative_algorithm} needs SGLANG_RAGGED_VERIFY_MODE=static, not {ragged}",
          "{speculative_algorithm} 要求 SGLANG_RAGGED_VERIFY_MODE=static，而不是 {ragged}")),
    (lambda c: minimax_draft(c) and int(c.pp_size) != 1,
     Text("{speculative_algorithm} needs --pp-size 1, not {pp_size}", "{speculative_algorithm} 要求 --pp-size 1，而不是 {pp_size}")),
    (lambda c: c.speculative_algorithm == "DFLASH" and c.disaggregation_mode != "null",
     Text("DFLASH needs colocated serving, not --disaggregation-mode {disaggregation_mode}",
          "DFLASH 要求预填充与解码同机部署，不能使用 --disaggregation-mode {disaggregation_mode}")),
    (lambda c: c.changed("page_size") and c.page_size != 128,  # unset: SGLang fills 128 itself
     Text("it needs --page-size 128, not {page_size}", "它要求 --page-size 128，而不是 {page_size}")),
]


# --- IQuest Q1 (model_overrides/iquest_q1.py) ------------------------------------------------------------------------

IQUEST: list[Problem] = [
    (lambda c: any(b not in (None, "fa3") for b in (c.attention_backend, c.prefill_attention_backend,
                                                     c.decode_attention_backend)),
     Text("it takes its attention sink from the softmax LSE, so prefill and decode need the fa3 attention backend",
          "它从 softmax 的 LSE 计算注意力 sink，预填充与解码都必须使用 fa3 注意力后端")),
    (lambda c: c.speculative_algorithm is not None and str(c.speculative_algorithm).upper() not in ("EAGLE", "NEXTN"),
     Text("its MTP drafts only with serial EAGLE or NEXTN, not --speculative-algorithm {speculative_algorithm}",
          "其 MTP 只支持串行的 EAGLE 或 NEXTN 草稿，不支持 --speculative-algorithm {speculative_algorithm}")),
    (lambda c: c.speculative_algorithm is not None and c.speculative_draft_attention_backend not in (None, "fa3"),
     Text("its MTP draft needs the fa3 attention backend, not --speculative-draft-attention-backend "
          "{speculative_draft_attention_backend}", "其 MTP 草稿必须使用 fa3 注意力后端，不能使用 "
          "--speculative-draft-attention-backend {speculative_draft_attention_backend}")),
    (lambda c: int(c.attn_cp_size) > 1 or int(c.dcp_size) > 1 or c.enable_prefill_cp,
     Text("it has no context parallelism (--attention-context-parallel-size, --dcp-size, --enable-prefill-cp)",
          "它不支持上下文并行（--attention-context-parallel-size、--dcp-size、--enable-prefill-cp）")),
    (lambda c: c.speculative_eagle_topk is not None and int(c.speculative_eagle_topk) > 1,
     Text("its speculative decoding needs --speculative-eagle-topk 1, not {speculative_eagle_topk}",
          "其投机解码要求 --speculative-eagle-topk 1，而不是 {speculative_eagle_topk}")),
    (lambda c: c.enable_multi_layer_eagle,
     Text("its MTP drafting does not support --enable-multi-layer-eagle", "其 MTP 草稿不支持 --enable-multi-layer-eagle")),
    (lambda c: attn_dp_on(c),
     Text("it does not support attention DP (--attn-dp-size {adp})", "它不支持注意力数据并行（--attn-dp-size {adp}）")),
    (lambda c: int(c.pp_size) > 1,
     Text("it does not support pipeline parallelism (--pp-size {pp_size})", "它不支持流水线并行（--pp-size {pp_size}）")),
]


def attn_dp_on(c: RuleContext) -> bool:
    """runtime_context.attn_dp_enabled_of: attention DP, or an EP scale joiner that joins such a deployment."""
    return attn_dp(c) > 1 or c.ep_join_mode == "scale"


# --- Kimi K3 (model_overrides/kimi_k3.py) ----------------------------------------------------------------------------

def kimi_dcp(c: RuleContext) -> bool:
    return architecture(c) in KIMI_K3 and int(c.dcp_size) > 1


def decode_backend(c: RuleContext) -> str | None:
    """model_override_base.attention_backends_of: the decode backend falls back to --attention-backend."""
    return c.decode_attention_backend or c.attention_backend


KIMI_DCP: list[Problem] = [
    (lambda c: c.speculative_algorithm == "DSPARK" and env_value(c, "SGLANG_RAGGED_VERIFY_MODE", "static") != "static",
     Text("with DSPARK it needs SGLANG_RAGGED_VERIFY_MODE=static, not {ragged}",
          "与 DSPARK 同用时要求 SGLANG_RAGGED_VERIFY_MODE=static，而不是 {ragged}")),
    (lambda c: decode_backend(c) not in (None, "cutedsl_mla", "aiter"),
     Text("its decode attention must run on cutedsl_mla or aiter, not {decode}",
          "其解码注意力只能使用 cutedsl_mla 或 aiter，不能使用 {decode}")),
]


# --- other families: one table, architecture -> what its override refuses --------------------------------------------

# configs/minicpm.py _MIXER_TYPE_ALIASES: the layer kinds a MiniCPM SALA config may name.
MINICPM_MIXERS = {"minicpm4": "minicpm4", "minicpm": "minicpm4", "standard": "minicpm4", "attention": "minicpm4",
                  "attn": "minicpm4", "lightning": "lightning-attn", "lightning_attn": "lightning-attn",
                  "lightning-attn": "lightning-attn"}


def minicpm_mixers(c: RuleContext) -> set[str]:
    """The layer kinds of a MiniCPM SALA config (MiniCPMHybridConfig: mixer_types, default all minicpm4)."""
    if target(c).model_type != "minicpm_sala":
        return set()
    return {MINICPM_MIXERS.get(str(m), str(m)) for m in as_list(raw(c, "mixer_types")) or ["minicpm4"]}


def minicpm_sparse(c: RuleContext) -> bool:
    """MiniCPMHybridConfig.has_minicpm_sparse_attention: a sparse_config over minicpm4 layers."""
    if "has_minicpm_sparse_attention" in target(c).raw:
        return bool(raw(c, "has_minicpm_sparse_attention"))
    return raw(c, "sparse_config") is not None and "minicpm4" in minicpm_mixers(c)


def minicpm_hybrid(c: RuleContext) -> bool:
    """Sparse attention or lightning layers (MiniCPMHybridConfig.has_lightning_layers)."""
    lightning = raw(c, "has_lightning_layers") if "has_lightning_layers" in target(c).raw \
        else "lightning-attn" in minicpm_mixers(c)
    return minicpm_sparse(c) or bool(lightning)


def minicpm_sparse_backend(c: RuleContext) -> bool:
    backends = (c.attention_backend, c.prefill_attention_backend, c.decode_attention_backend)
    return all(b is None for b in backends) or any(b in ("minicpm_flashattn", "minicpm_flashinfer") for b in backends)


def moss_prefill_backend(c: RuleContext) -> str | None:
    return c.prefill_attention_backend or c.attention_backend


OTHER_FAMILIES: dict[frozenset[str], list[Problem]] = {
    MINICPM: [  # model_overrides/minicpm.py:18, :26, :54
        (attn_dp_on, Text("MiniCPM does not support attention DP (--attn-dp-size {adp})",
                          "MiniCPM 不支持注意力数据并行（--attn-dp-size {adp}）")),
        (lambda c: minicpm_hybrid(c) and c.enable_hierarchical_cache,
         Text("MiniCPM SALA (sparse or lightning layers) does not support --enable-hierarchical-cache",
              "MiniCPM SALA（稀疏或 lightning 层）不支持 --enable-hierarchical-cache")),
        (lambda c: minicpm_sparse(c)
         and str(c.env.get("SGLANG_MINICPM_FORCE_DENSE", "")).strip().lower() not in ("true", "1", "yes", "y")
         and minicpm_sparse_backend(c) and c.disaggregation_mode != "null",
         Text("MiniCPM sparse attention does not support PD disaggregation (--disaggregation-mode "
              "{disaggregation_mode})", "MiniCPM 稀疏注意力不支持 PD 分离（--disaggregation-mode {disaggregation_mode}）")),
    ],
    ERNIE45_VL: [  # model_overrides/ernie45_vl.py:15
        (attn_dp_on, Text("ERNIE 4.5 VL MoE does not support attention DP (--attn-dp-size {adp}): its attention heads "
                          "are split over the whole TP group", "ERNIE 4.5 VL MoE 不支持注意力数据并行（--attn-dp-size "
                          "{adp}）：其注意力头按整个 TP 组切分")),
    ],
    MOSS_VL: [  # model_overrides/moss_vl.py:27
        (lambda c: any(b is not None for b in (c.attention_backend, c.prefill_attention_backend,
                                               c.decode_attention_backend))
         and moss_prefill_backend(c) != "flashinfer",
         Text("Moss-VL needs the flashinfer prefill attention backend (its cross-attention uses a custom mask), "
              "not {moss_prefill}", "Moss-VL 的预填充注意力必须使用 flashinfer 后端（其交叉注意力需要自定义掩码），"
              "而不是 {moss_prefill}")),
    ],
    QWEN4_EXP: [  # model_overrides/qwen4_exp.py:33, :39, :86
        (lambda c: c.disaggregation_mode != "null" and c.disaggregation_transfer_backend == "mori"
         and int(c.pp_size) > 1,
         Text("Qwen4-Exp PD disaggregation over MORI needs --pp-size 1, not {pp_size}",
              "Qwen4-Exp 通过 MORI 做 PD 分离时要求 --pp-size 1，而不是 {pp_size}")),
        (lambda c: c.enable_unified_memory, Text("Qwen4-Exp does not support --enable-unified-memory yet",
                                                 "Qwen4-Exp 暂不支持 --enable-unified-memory")),
        (lambda c: c.qsa_indexer_dtype == "fp8_e4m3" and text_raw(c, "indexer_n_heads") is None,
         Text("--qsa-indexer-dtype fp8_e4m3 needs the compressed QSA indexer, which this checkpoint lacks "
              "(no indexer_n_heads)", "--qsa-indexer-dtype fp8_e4m3 需要压缩 QSA 索引器，而该检查点没有"
              "（缺少 indexer_n_heads）")),
    ],
}


def other_family_problems(c: RuleContext) -> list[Problem]:
    return next((problems for archs, problems in OTHER_FAMILIES.items() if architecture(c) in archs), [])


def _other_extra(c: RuleContext) -> Mapping[str, object]:
    return problem_text(other_family_problems(c), _numbers)(c)


def _numbers(c: RuleContext) -> dict[str, object]:
    return {"adp": attn_dp(c), "ragged": env_value(c, "SGLANG_RAGGED_VERIFY_MODE", "static"),
            "decode": decode_backend(c), "moss_prefill": moss_prefill_backend(c), "architecture": architecture(c)}


RULES: list[Rule] = [
    Rule("minimax-m3-nvfp4-limits", "AM-E485", ("speculative_algorithm", "pp_size", "disaggregation_mode", "page_size",
                                                "quantization"),
         lambda c: minimax_nvfp4(c) and first_problem(c, MINIMAX_NVFP4) is not None,
         Text("MiniMax M3.1 NVFP4 ({architecture}): {why_en}", "MiniMax M3.1 NVFP4（{architecture}）：{why_zh}"),
         Text("change the flag named (SGLang serves M3.1 NVFP4 with --page-size 128 and DSPARK/DFLASH or no drafting)",
              "修改所述参数（SGLang 以 --page-size 128、DSPARK/DFLASH 或不做投机解码的方式运行 M3.1 NVFP4）"),
         source=sglang_source("arg_groups/model_overrides/minimax_m3.py:58, :63, :70, :74, :76, :93"),
         extra=problem_text(MINIMAX_NVFP4, _numbers), reads_model=True),
    Rule("iquest-q1-limits", "AM-E486", ("attention_backend", "prefill_attention_backend", "decode_attention_backend",
                                         "speculative_algorithm", "speculative_draft_attention_backend", "attn_cp_size",
                                         "dcp_size", "enable_prefill_cp", "speculative_eagle_topk",
                                         "enable_multi_layer_eagle", "attn_dp_size", "pp_size"),
         lambda c: architecture(c) in IQUEST_Q1 and first_problem(c, IQUEST) is not None,
         Text("IQuest Q1 ({architecture}): {why_en}", "IQuest Q1（{architecture}）：{why_zh}"),
         Text("serve IQuest Q1 with the fa3 attention backend, TP only, and EAGLE/NEXTN with --speculative-eagle-topk 1",
              "IQuest Q1 请使用 fa3 注意力后端、仅张量并行，投机解码用 EAGLE/NEXTN 并设 --speculative-eagle-topk 1"),
         source=sglang_source("arg_groups/model_overrides/iquest_q1.py:20, :26, :28, :30, :32, :36, :38, :40"),
         extra=problem_text(IQUEST, _numbers), reads_model=True),
    Rule("kimi-k3-dcp-limits", "AM-E487", ("dcp_size", "decode_attention_backend", "attention_backend",
                                           "speculative_algorithm"),
         lambda c: kimi_dcp(c) and first_problem(c, KIMI_DCP) is not None,
         Text("--dcp-size {dcp_size} on Kimi K3: {why_en}", "Kimi K3 上的 --dcp-size {dcp_size}：{why_zh}"),
         Text("with --dcp-size, leave the decode attention backend unset (cutedsl_mla) or use aiter, and run DSPARK "
              "with SGLANG_RAGGED_VERIFY_MODE=static", "使用 --dcp-size 时请不设解码注意力后端（即 cutedsl_mla）或使用 "
              "aiter，DSPARK 需配合 SGLANG_RAGGED_VERIFY_MODE=static"),
         source=sglang_source("arg_groups/model_overrides/kimi_k3.py:71, :110"),
         extra=problem_text(KIMI_DCP, _numbers), reads_model=True),
    Rule("kimi-k3-dcp-turns-symm-mem-off", "AM-W488", ("enable_symm_mem", "dcp_size"),
         lambda c: kimi_dcp(c) and bool(c.enable_symm_mem),
         Text("--enable-symm-mem with --dcp-size {dcp_size} on Kimi K3: SGLang turns symmetric memory off (its decode "
              "CUDA graphs are not correct with it)", "Kimi K3 上 --enable-symm-mem 与 --dcp-size {dcp_size} 同用："
              "SGLang 会关闭对称内存（与之同用时解码 CUDA Graph 结果不正确）"),
         Text("drop --enable-symm-mem when using --dcp-size", "使用 --dcp-size 时去掉 --enable-symm-mem"),
         severity="warning", source=sglang_source("arg_groups/model_overrides/kimi_k3.py:57"), reads_model=True),
    Rule("model-family-limits", "AM-E489", ("attn_dp_size", "enable_hierarchical_cache", "disaggregation_mode",
                                            "prefill_attention_backend", "attention_backend", "enable_unified_memory",
                                            "qsa_indexer_dtype", "pp_size"),
         lambda c: first_problem(c, other_family_problems(c)) is not None,
         Text("a limit of {architecture} in SGLang: {why_en}", "SGLang 对 {architecture} 的限制：{why_zh}"),
         Text("change the flag named for this model", "针对该模型修改所述参数"),
         source=sglang_source("arg_groups/model_overrides/minicpm.py:18, :26, :54, "
                              "arg_groups/model_overrides/ernie45_vl.py:15, arg_groups/model_overrides/moss_vl.py:27, "
                              "arg_groups/model_overrides/qwen4_exp.py:33, :39, :86"),
         extra=_other_extra, reads_model=True),
]
