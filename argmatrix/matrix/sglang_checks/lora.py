"""SGLang's start-up checks on LoRA serving (arg_groups/lora_hook.py): the triton_v2 backend's limits, the LoRA MoE
runners, and which speculative decoding LoRA can run with.  The first LoRA checks ported are in startup.py."""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import Problem, attn_dp, env_true, first_problem, problem_text, problems_with_fixes, sglang_source
from .resolved import adaptive_stays_on, algorithm


def lora_on(c: RuleContext) -> bool:
    """--enable-lora, or --lora-paths, which turns it on (lora_hook.py:41)."""
    return bool(c.enable_lora or c.lora_paths)


def lora_moe_runner(c: RuleContext) -> bool:
    return str(c.moe_runner_backend or "").startswith("lora")


TRITON_V2_MODES: list[Problem] = [
    (lambda c: attn_dp(c) > 1, Text("attention DP (--attn-dp-size {adp})", "注意力数据并行（--attn-dp-size {adp}）")),
    (lambda c: c.enable_pdmux, Text("PD multiplexing (--enable-pdmux)", "PD 复用（--enable-pdmux）")),
    (lambda c: c.enable_two_batch_overlap, Text("two-batch overlap (--enable-two-batch-overlap)",
                                                "双批重叠（--enable-two-batch-overlap）")),
    (lambda c: env_true(c, "SGLANG_EXPERIMENTAL_LORA_OPTI"),
     Text("SGLANG_EXPERIMENTAL_LORA_OPTI=1", "SGLANG_EXPERIMENTAL_LORA_OPTI=1")),
]
LORA_MOE_RUNNER: list[Problem] = [
    (lambda c: not lora_on(c), Text("it needs --enable-lora (or --lora-paths)", "它需要 --enable-lora（或 --lora-paths）")),
    (lambda c: c.lora_backend != "triton_v2", Text("it needs --lora-backend triton_v2, not {lora_backend}",
                                                   "它需要 --lora-backend triton_v2，而不是 {lora_backend}")),
    (lambda c: c.quantization not in (None, "fp8", "modelopt_fp4"),
     Text("it runs unquantized, FP8 or ModelOpt NVFP4 MoE weights, not --quantization {quantization}",
          "它只支持未量化、FP8 或 ModelOpt NVFP4 的 MoE 权重，不支持 --quantization {quantization}")),
    (lambda c: c.quantization == "modelopt_fp4" and c.moe_runner_backend != "lora_marlin",
     Text("ModelOpt NVFP4 MoE needs --moe-runner-backend lora_marlin", "ModelOpt NVFP4 的 MoE 需要 --moe-runner-backend lora_marlin")),
    (lambda c: c.moe_a2a_backend != "none",
     Text("it needs the standard MoE dispatch, not --moe-a2a-backend {moe_a2a_backend}",
          "它需要标准的 MoE 分发，不能使用 --moe-a2a-backend {moe_a2a_backend}")),
    (lambda c: c.ep_join_mode is not None, Text("it does not support elastic EP (--ep-join-mode {ep_join_mode})",
                                                "它不支持弹性 EP（--ep-join-mode {ep_join_mode}）")),
    (lambda c: c.enable_eplb or c.init_expert_location != "trivial" or c.ep_num_redundant_experts > 0,
     Text("it needs the trivial expert placement: no --enable-eplb, --init-expert-location or "
          "--ep-num-redundant-experts", "它要求默认的专家放置：不能使用 --enable-eplb、--init-expert-location 或 "
          "--ep-num-redundant-experts")),
]
LORA_SPECULATIVE: list[Problem] = [
    # lora_hook.py:253: the algorithms whose verify step gives every request the same token width
    (lambda c: algorithm(c) not in ("EAGLE", "EAGLE3", "DFLASH", "DSPARK"),
     Text("it works only with NGRAM, EAGLE, EAGLE3, NEXTN, DFLASH or DSPARK, not --speculative-algorithm "
          "{speculative_algorithm}",
          "只能使用 NGRAM、EAGLE、EAGLE3、NEXTN、DFLASH 或 DSPARK，不能使用 --speculative-algorithm "
          "{speculative_algorithm}")),
    (lambda c: algorithm(c) == "DSPARK" and str(c.env.get("SGLANG_RAGGED_VERIFY_MODE", "static")) != "static",
     Text("DSPARK with LoRA needs SGLANG_RAGGED_VERIFY_MODE=static: per-request verify lengths break LoRA's "
          "equal-width segments", "DSPARK 与 LoRA 同用时要求 SGLANG_RAGGED_VERIFY_MODE=static："
          "按请求变化的验证长度会打乱 LoRA 的等宽分段")),
    (adaptive_stays_on,
     Text("EAGLE-family drafts do not support --speculative-adaptive here", "此时 EAGLE 系列草稿不支持 --speculative-adaptive")),
    (lambda c: "experimental_sgl_trtllm" in (c.moe_runner_backend, c.speculative_moe_runner_backend),
     Text("EAGLE-family drafts do not support the experimental_sgl_trtllm MoE runner here",
          "此时 EAGLE 系列草稿不支持 experimental_sgl_trtllm MoE 执行后端")),
    (lambda c: env_true(c, "SGLANG_ENABLE_OVERLAP_PLAN_STREAM"),
     Text("EAGLE-family drafts do not support SGLANG_ENABLE_OVERLAP_PLAN_STREAM=1 here",
          "此时 EAGLE 系列草稿不支持 SGLANG_ENABLE_OVERLAP_PLAN_STREAM=1")),
]


# What to change for each of LORA_SPECULATIVE's reasons, in the same order: the fix names the reason's own flag
LORA_SPECULATIVE_FIXES: list[Text] = [
    Text("use --speculative-algorithm EAGLE3 or NEXTN with LoRA", "使用 LoRA 时请改用 --speculative-algorithm EAGLE3 或 NEXTN"),
    Text("set SGLANG_RAGGED_VERIFY_MODE=static", "设置 SGLANG_RAGGED_VERIFY_MODE=static"),
    Text("drop --speculative-adaptive", "去掉 --speculative-adaptive"),
    Text("drop --moe-runner-backend and --speculative-moe-runner-backend, or use another MoE runner than "
         "experimental_sgl_trtllm", "去掉 --moe-runner-backend 与 --speculative-moe-runner-backend，或改用 "
         "experimental_sgl_trtllm 以外的 MoE 执行后端"),
    Text("unset SGLANG_ENABLE_OVERLAP_PLAN_STREAM", "取消设置 SGLANG_ENABLE_OVERLAP_PLAN_STREAM"),
]


RULES: list[Rule] = [
    Rule("lora-triton-v2-modes", "AM-E295", ("lora_backend", "attn_dp_size", "enable_pdmux", "enable_two_batch_overlap"),
         lambda c: lora_on(c) and c.lora_backend == "triton_v2"
         and first_problem(c, TRITON_V2_MODES) is not None,
         Text("--lora-backend triton_v2 does not support {why_en} yet", "--lora-backend triton_v2 暂不支持{why_zh}"),
         Text("use --lora-backend csgmv (SGLang's default), or drop what it does not support",
              "改用 --lora-backend csgmv（SGLang 的默认值），或去掉它不支持的设置"),
         source=sglang_source("arg_groups/lora_hook.py:30"), extra=problem_text(TRITON_V2_MODES, lambda c: {"adp": attn_dp(c)})),
    Rule("lora-target-all-alone", "AM-E296", ("lora_target_modules",),
         lambda c: lora_on(c) and c.lora_target_modules is not None and "all" in c.lora_target_modules
         and len(set(c.lora_target_modules)) > 1,
         Text("--lora-target-modules 'all' must be the only module named", "--lora-target-modules 中的“all”必须单独使用"),
         Text("write --lora-target-modules all, or list the modules without 'all'",
              "写成 --lora-target-modules all，或列出模块而不含“all”"),
         source=sglang_source("arg_groups/lora_hook.py:147")),
    Rule("speculative-moe-runner-not-lora", "AM-E297", ("speculative_moe_runner_backend", "speculative_algorithm"),
         lambda c: c.speculative_algorithm is not None and str(c.speculative_moe_runner_backend or "").startswith("lora"),
         Text("--speculative-moe-runner-backend {speculative_moe_runner_backend}: the draft model has no LoRA adapters, "
              "so it cannot use a LoRA MoE runner", "--speculative-moe-runner-backend "
              "{speculative_moe_runner_backend}：草稿模型没有 LoRA 适配器，不能使用 LoRA MoE 执行后端"),
         Text("drop --speculative-moe-runner-backend, or use --speculative-moe-runner-backend triton",
              "去掉 --speculative-moe-runner-backend，或改用 --speculative-moe-runner-backend triton"),
         source=sglang_source("arg_groups/lora_hook.py:192")),
    Rule("lora-moe-runner-requirements", "AM-E298", ("moe_runner_backend", "enable_lora", "lora_backend", "quantization",
                                                      "moe_a2a_backend"),
         lambda c: lora_moe_runner(c) and first_problem(c, LORA_MOE_RUNNER) is not None,
         Text("--moe-runner-backend {moe_runner_backend}: {why_en}", "--moe-runner-backend {moe_runner_backend}：{why_zh}"),
         Text("use it as --enable-lora --lora-backend triton_v2 --moe-runner-backend {moe_runner_backend} with the "
              "standard MoE dispatch, or drop --moe-runner-backend", "按 --enable-lora --lora-backend triton_v2 "
              "--moe-runner-backend {moe_runner_backend} 的方式并配合标准 MoE 分发使用，或去掉 --moe-runner-backend"),
         source=sglang_source("arg_groups/lora_hook.py:201, :205, :211, :216, :221, :226, :234"),
         extra=problem_text(LORA_MOE_RUNNER)),
    Rule("lora-with-speculative", "AM-E299", ("speculative_algorithm", "enable_lora", "lora_paths",
                                              "speculative_adaptive"),
         lambda c: lora_on(c) and c.speculative_algorithm not in (None, "NGRAM")
         and first_problem(c, LORA_SPECULATIVE) is not None,
         Text("LoRA with speculative decoding: {why_en}", "LoRA 与投机解码同用：{why_zh}"),
         Text("{fix_en}", "{fix_zh}"),
         source=sglang_source("arg_groups/lora_hook.py:260, :299"),
         extra=problems_with_fixes(LORA_SPECULATIVE, LORA_SPECULATIVE_FIXES)),
]
