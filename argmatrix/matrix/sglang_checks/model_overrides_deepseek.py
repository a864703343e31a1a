"""SGLang's DeepSeek-family overrides (arg_groups/model_overrides/deepseek_v2.py, _deepseek_family_overrides): the
context-parallel limits of DSA and HYV4, and what its context-parallel layout and DSA page size replace. Read from
the model's config.json (``reads_model``); the shared readers are in model_overrides.py."""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import (
    Problem,
    architecture,
    as_int,
    deepseek_cp_width,
    deepseek_dsa,
    first_problem,
    problem_text,
    sglang_source,
    target,
)
from .model_overrides import outside_npu, raw

# _deepseek_family_overrides is registered for these (model_overrides/deepseek_v2.py:37).
DEEPSEEK_FAMILY = frozenset({
    "DeepseekV3ForCausalLM", "DeepseekV32ForCausalLM", "KimiK25ForConditionalGeneration", "MistralLarge3ForCausalLM",
    "PixtralForConditionalGeneration", "GlmMoeDsaForCausalLM", "Glm5NextForConditionalGeneration", "HYV4ForCausalLM",
    "HYV4ForCausalLMNextN", "LongcatFlashForCausalLM", "LongcatFlashForCausalLMNextN", "Dots3NoteForCausalLM",
})
# configs/model_config.py is_deepseek_dsa: one of these architectures with an ``index_topk`` (the DSA indexer).
DSA_ARCHITECTURES = frozenset({
    "DeepseekV3ForCausalLM", "DeepseekV32ForCausalLM", "DeepseekV3ForCausalLMNextN", "MistralLarge3ForCausalLM",
    "PixtralForConditionalGeneration", "GlmMoeDsaForCausalLM", "GlmMoeDsaForCausalLMNextN",
    "Glm5NextForConditionalGenerationNextN", "Glm5NextForConditionalGeneration", "LongcatFlashForCausalLM",
    "LongcatFlashForCausalLMNextN", "Dots3NoteForCausalLM", "Dots3NoteForCausalLMNextN", "HYV4ForCausalLM",
    "HYV4ForCausalLMNextN",
})
HYV4 = frozenset({"HYV4ForCausalLM", "HYV4ForCausalLMNextN"})


# --- DeepSeek family (model_overrides/deepseek_v2.py) ---------------------------------------------------------------

def deepseek(c: RuleContext) -> bool:
    return architecture(c) in DEEPSEEK_FAMILY


def dsa(c: RuleContext) -> bool:
    """A DeepSeek-family model with DSA sparse attention (DeepSeek V3.2, GLM 5, ...)."""
    return deepseek(c) and deepseek_dsa(c)


def index_kpool(c: RuleContext) -> int:
    return as_int(raw(c, "index_kpool"), 1) or 1


def dsa_gpu_cp(c: RuleContext) -> bool:
    """DSA context parallelism outside Ascend (the DSA branch for GPUs)."""
    return dsa(c) and outside_npu(c) and bool(c.enable_prefill_cp)


def mla_cp(c: RuleContext) -> bool:
    """MLA prefill context parallelism: a DeepSeek-family model without DSA, on any platform."""
    return deepseek(c) and not dsa(c) and bool(target(c).is_mla) and bool(c.enable_prefill_cp)


def cp_attn_cp_size(c: RuleContext) -> int:
    """The --attention-context-parallel-size SGLang sets: an explicit width survives only DSA's interleave layout."""
    if dsa_gpu_cp(c) and c.cp_strategy == "interleave" and int(c.attn_cp_size) > 1:
        return int(c.attn_cp_size)
    return deepseek_cp_width(c)


def cp_moe_forced(c: RuleContext) -> bool:
    """Whether the layout forces --moe-dense-tp-size 1, --moe-a2a-backend deepep and --ep-size tp: DSA's zigzag
    strategy and every MLA context-parallel launch."""
    return mla_cp(c) or (dsa_gpu_cp(c) and c.cp_strategy == "zigzag")


def dsa_dcp(c: RuleContext) -> bool:
    return dsa(c) and int(c.dcp_size) > 1


# The context-parallel limits of the DeepSeek family, in the order _deepseek_family_overrides checks them.
DEEPSEEK_CP: list[Problem] = [
    (lambda c: architecture(c) in HYV4 and c.enable_prefill_cp,
     Text("{architecture} does not support --enable-prefill-cp: its attention has no DSA context-parallel metadata "
          "or sharding", "{architecture} 不支持 --enable-prefill-cp：其注意力实现没有 DSA 上下文并行所需的元数据与切分")),
    (lambda c: architecture(c) in HYV4 and int(c.dcp_size) > 1,
     Text("{architecture} does not support --dcp-size {dcp_size}: decode context parallelism cannot give its learnable "
          "attention sinks one owner rank", "{architecture} 不支持 --dcp-size {dcp_size}：解码上下文并行无法让其可学习的"
          "注意力 sink 只由一个 rank 持有")),
    (lambda c: dsa_dcp(c) and (c.enable_hisparse or c.enable_hierarchical_cache),
     Text("--dcp-size {dcp_size} on {architecture} (DSA) does not work with HiSparse or the hierarchical cache "
          "(--enable-hisparse / --enable-hierarchical-cache)", "{architecture}（DSA）上的 --dcp-size {dcp_size} 不能与 "
          "HiSparse 或分层缓存（--enable-hisparse / --enable-hierarchical-cache）同用")),
    (lambda c: dsa_dcp(c) and c.disaggregation_mode != "null",
     Text("--dcp-size {dcp_size} on {architecture} (DSA) does not work with PD disaggregation (--disaggregation-mode "
          "{disaggregation_mode})", "{architecture}（DSA）上的 --dcp-size {dcp_size} 不能与 PD 分离"
          "（--disaggregation-mode {disaggregation_mode}）同用")),
    (lambda c: dsa_dcp(c) and c.speculative_eagle_topk not in (None, 1),
     Text("--dcp-size {dcp_size} on {architecture} (DSA) needs --speculative-eagle-topk 1, not {speculative_eagle_topk}",
          "{architecture}（DSA）上的 --dcp-size {dcp_size} 要求 --speculative-eagle-topk 1，而不是 "
          "{speculative_eagle_topk}")),
    (lambda c: dsa_gpu_cp(c) and int(c.tp_size) > 8,
     Text("--enable-prefill-cp on {architecture} (DSA) runs on one machine only: --tp-size {tp_size} is over 8",
          "{architecture}（DSA）上的 --enable-prefill-cp 只能在单机运行：--tp-size {tp_size} 超过 8")),
    (lambda c: dsa_dcp(c) and outside_npu(c) and index_kpool(c) > 1,
     Text("--dcp-size {dcp_size} on {architecture} (DSA): the checkpoint pools {kpool} index keys per group "
          "(index_kpool), and a pooled key spans positions that different DCP ranks own",
          "{architecture}（DSA）上的 --dcp-size {dcp_size}：该检查点的索引键按 {kpool} 个一组池化（index_kpool），"
          "一个池化键会跨越不同 DCP rank 持有的位置")),
]
CP_REPLACED: list[Problem] = [
    (lambda c: c.changed("dp_size") and int(c.dp_size) > 1,
     Text("--dp-size {dp_size} is read as {dp_size} attention-DP groups (a deprecated reading) and --dp-size becomes 1",
          "--dp-size {dp_size} 被当作 {dp_size} 个注意力数据并行组（已弃用的用法），--dp-size 改为 1")),
    (lambda c: cp_moe_forced(c) and c.changed("moe_dense_tp_size") and c.moe_dense_tp_size != 1,
     Text("--moe-dense-tp-size {moe_dense_tp_size} is replaced by 1", "--moe-dense-tp-size {moe_dense_tp_size} 被替换为 1")),
    (lambda c: cp_moe_forced(c) and c.changed("moe_a2a_backend") and c.moe_a2a_backend != "deepep",
     Text("--moe-a2a-backend {moe_a2a_backend} is replaced by deepep",
          "--moe-a2a-backend {moe_a2a_backend} 被替换为 deepep")),
    (lambda c: cp_moe_forced(c) and c.changed("ep_size") and int(c.ep_size) != int(c.tp_size),
     Text("--ep-size {ep_size} is replaced by the --tp-size {tp_size}", "--ep-size {ep_size} 被替换为 --tp-size 的值 {tp_size}")),
    (lambda c: c.changed("attn_cp_size") and int(c.attn_cp_size) != cp_attn_cp_size(c),
     Text("--attention-context-parallel-size {attn_cp_size} is replaced by {cp_width} (--tp-size / attention-DP width)",
          "--attention-context-parallel-size {attn_cp_size} 被替换为 {cp_width}（--tp-size / 注意力数据并行宽度）")),
]


def _numbers(c: RuleContext) -> dict[str, object]:
    return {"kpool": index_kpool(c), "cp_width": cp_attn_cp_size(c) if c.enable_prefill_cp else 1,
            "architecture": architecture(c)}


RULES: list[Rule] = [
    Rule("deepseek-context-parallel-limits", "AM-E480", ("dcp_size", "enable_prefill_cp", "enable_hisparse",
                                                         "enable_hierarchical_cache", "disaggregation_mode",
                                                         "speculative_eagle_topk", "tp_size"),
         lambda c: deepseek(c) and first_problem(c, DEEPSEEK_CP) is not None,
         Text("context parallelism on a DeepSeek-family model: {why_en}", "DeepSeek 系列模型的上下文并行：{why_zh}"),
         Text("drop the context-parallel flag named (--dcp-size / --enable-prefill-cp), or the feature it cannot run with",
              "去掉所述的上下文并行参数（--dcp-size / --enable-prefill-cp），或去掉与之不兼容的功能"),
         source=sglang_source("arg_groups/model_overrides/deepseek_v2.py:22, :24, :26, :63, :71, :123, :164"),
         extra=problem_text(DEEPSEEK_CP, _numbers), reads_model=True),
    Rule("deepseek-cp-replaces-layout", "AM-W483", ("enable_prefill_cp", "dp_size", "moe_dense_tp_size",
                                                    "moe_a2a_backend", "ep_size", "attn_cp_size"),
         lambda c: (dsa_gpu_cp(c) or mla_cp(c)) and first_problem(c, CP_REPLACED) is not None,
         Text("--enable-prefill-cp on {architecture}: SGLang sets its own context-parallel layout: {why_en}",
              "{architecture} 上的 --enable-prefill-cp：SGLang 会使用自己的上下文并行布局：{why_zh}"),
         Text("drop the flags the layout replaces (use --attn-dp-size instead of --dp-size)",
              "去掉被该布局替换的参数（用 --attn-dp-size 代替 --dp-size）"),
         severity="warning",
         source=sglang_source("arg_groups/model_overrides/deepseek_v2.py:107, :119, :135, :192, :203, :211"),
         extra=problem_text(CP_REPLACED, _numbers), reads_model=True),
    Rule("dsa-page-size-replaced", "AM-W484", ("page_size",),
         lambda c: dsa(c) and outside_npu(c) and c.changed("page_size") and c.page_size != 64 * index_kpool(c),
         Text("--page-size {page_size} on {architecture} (DSA): SGLang replaces it by {dsa_page} (64 x index_kpool "
              "{kpool}), so a page holds a whole pooled index group", "{architecture}（DSA）上的 --page-size "
              "{page_size}：SGLang 会将其替换为 {dsa_page}（64 x index_kpool {kpool}），使一页容纳完整的池化索引组"),
         Text("drop --page-size, or set --page-size {dsa_page}", "去掉 --page-size，或设为 --page-size {dsa_page}"),
         severity="warning", source=sglang_source("arg_groups/model_overrides/deepseek_v2.py:173"),
         extra=lambda c: {**_numbers(c), "dsa_page": 64 * index_kpool(c)}, reads_model=True),
]
