"""SGLang's start-up checks on LayerNorm sequence parallelism (``arg_groups/layernorm_sp_hook.py``), read from 0.5.23:
the flag's parallelism needs, and (read from the model's config.json) the architectures it is validated for and
what Muse Spark further needs.
"""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import (
    Need,
    Problem,
    a2a_backend,
    architecture,
    attn_dp,
    broken_needs,
    env_true,
    ep_size,
    first_problem,
    needs_listed,
    problem_text,
    sglang_source,
    target,
)

# layers/layernorm_sp.py: MUSE_SP_ARCHITECTURES, and SP_SUPPORTED_ARCHITECTURES (Muse Spark and Qwen3).
MUSE_SPARK = frozenset({"MuseSparkForConditionalGeneration"})
SP_ARCHITECTURES = MUSE_SPARK | frozenset({"Qwen3ForCausalLM"})
# environ.py: SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK = EnvInt(8192)
MEGAMOE_CAPACITY_ENV, MEGAMOE_CAPACITY_DEFAULT = "SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK", 8192
NVFP4_DISPATCH_ENV = "SGLANG_MOE_NVFP4_DISPATCH"

LAYERNORM_SP_NEEDS = (
    Need(lambda c: c.tp_size <= 1, "--tp-size above 1 (there is nothing to shard on one rank)",
         "--tp-size 大于 1（单个 rank 上没有可切分的序列）"),
    Need(lambda c: attn_dp(c) > 1, "no attention data parallelism", "不能使用注意力数据并行"),
    Need(lambda c: c.pp_size > 1, "no pipeline parallelism (--pp-size 1)", "不能使用流水线并行（--pp-size 须为 1）"),
)


def muse(c: RuleContext) -> bool:
    return architecture(c) in MUSE_SPARK


def megamoe_capacity(c: RuleContext) -> int | None:
    """The per-rank token capacity SGLang reads from the environment (EnvInt); None when it is no integer."""
    raw = str(c.env.get(MEGAMOE_CAPACITY_ENV, MEGAMOE_CAPACITY_DEFAULT)).strip()
    try:
        return int(raw)
    except ValueError:
        return None


def megamoe_per_rank(c: RuleContext) -> int | None:
    """validate_muse_megamoe_token_budget: the chunk (or, with chunking off, the prefill budget) split over TP.  None
    when --chunked-prefill-size is left to SGLang, which sizes it from the GPU's memory at start-up."""
    chunk = c.chunked_prefill_size
    if chunk is None:
        return None
    budget = int(chunk) if chunk > 0 else int(c.max_prefill_tokens or 0)
    return (budget + int(c.tp_size) - 1) // int(c.tp_size)


def nvfp4_dispatch(c: RuleContext) -> bool:
    """SGLANG_MOE_NVFP4_DISPATCH as :102 reads it: set true, or left unset and turned on by moe_hook.py's FlashInfer
    all-to-all set-up for --quantization modelopt_fp4 without --flashinfer-a2a-dispatch-type (a checkpoint's own
    NVFP4 MoE metadata, which also turns it on, is not read here)."""
    if NVFP4_DISPATCH_ENV in c.env:
        return env_true(c, NVFP4_DISPATCH_ENV)
    return (a2a_backend(c) == "flashinfer" and c.flashinfer_a2a_dispatch_type is None
            and c.quantization == "modelopt_fp4")


def quantization_given_other(c: RuleContext) -> bool:
    """:151 as far as the launch tells: --quantization names another method than modelopt_fp4, or neither the flag
    nor the checkpoint quantizes and MegaMoE (which shares BF16 expert weights) is off.  A checkpoint quantized by
    its own config without --quantization is left to SGLang's resolution of it."""
    if c.quantization is not None:
        return c.quantization != "modelopt_fp4"
    return target(c).quantization is None and not c.enable_megamoe_for_layernorm_sp


# validate_layernorm_sp in order (the parallelism needs between them are LAYERNORM_SP_NEEDS' rule).
ARCHITECTURE_PROBLEMS: tuple[Problem, ...] = (
    (lambda c: c.enable_megamoe_for_layernorm_sp and not muse(c),
     Text("--enable-megamoe-for-layernorm-sp is for Muse Spark only, and the model is {arch}",
          "--enable-megamoe-for-layernorm-sp 只适用于 Muse Spark，而该模型是 {arch}")),
    (lambda c: architecture(c) not in SP_ARCHITECTURES,
     Text("--enable-layernorm-sp is validated only for " + ", ".join(sorted(SP_ARCHITECTURES)) + ", not {arch}",
          "--enable-layernorm-sp 只在 " + "、".join(sorted(SP_ARCHITECTURES)) + " 上验证过，不支持 {arch}")),
    (lambda c: c.speculative_algorithm is not None and not (muse(c) and c.speculative_algorithm == "DFLASH"),
     Text("--enable-layernorm-sp takes speculative decoding only as Muse Spark with DFLASH, not "
          "--speculative-algorithm {speculative_algorithm} on {arch}: other drafts do not gather the sharded "
          "hidden states", "--enable-layernorm-sp 只在 Muse Spark 配合 DFLASH 时支持投机解码，不支持在 {arch} 上使用 "
          "--speculative-algorithm {speculative_algorithm}：其他草稿方式不会汇集按序列切分的隐藏状态")),
)

MUSE_PROBLEMS: tuple[Problem, ...] = (
    (lambda c: (int(c.tp_size), ep_size(c)) not in ((4, 4), (8, 8)),
     Text("TP and EP must be 4/4 or 8/8, not TP {tp_size} / EP {ep}", "TP 与 EP 须为 4/4 或 8/8，而不是 TP {tp_size} / EP {ep}")),
    (quantization_given_other,
     Text("it needs NVFP4 weights served with --quantization modelopt_fp4, or BF16 weights with "
          "--enable-megamoe-for-layernorm-sp", "需要以 --quantization modelopt_fp4 加载的 NVFP4 权重，或配合 "
          "--enable-megamoe-for-layernorm-sp 的 BF16 权重")),
    (lambda c: c.enable_megamoe_for_layernorm_sp and c.moe_a2a_backend not in ("none", "flashinfer"),
     Text("with MegaMoE, --moe-a2a-backend must be none or flashinfer, not {moe_a2a_backend}",
          "使用 MegaMoE 时 --moe-a2a-backend 须为 none 或 flashinfer，而不是 {moe_a2a_backend}")),
    (lambda c: not c.enable_megamoe_for_layernorm_sp and c.moe_a2a_backend != "flashinfer",
     Text("without MegaMoE it needs --moe-a2a-backend flashinfer, not {moe_a2a_backend}",
          "不使用 MegaMoE 时需要 --moe-a2a-backend flashinfer，而不是 {moe_a2a_backend}")),
    (lambda c: c.moe_runner_backend != "flashinfer_trtllm",
     Text("it needs --moe-runner-backend flashinfer_trtllm, not {moe_runner_backend}",
          "需要 --moe-runner-backend flashinfer_trtllm，而不是 {moe_runner_backend}")),
    # handle_layernorm_sp, after validate_layernorm_sp (pp above 1 was refused there already)
    (lambda c: c.enable_megamoe_for_layernorm_sp and c.enable_mixed_chunk,
     Text("MegaMoE does not work with --enable-mixed-chunk: mixed batches skip the sequence-parallel prefill",
          "MegaMoE 不能与 --enable-mixed-chunk 同时使用：混合批次会绕过序列并行预填充")),
    (lambda c: c.enable_megamoe_for_layernorm_sp and (megamoe_capacity(c) or 0) <= 0,
     Text(f"MegaMoE needs a positive {MEGAMOE_CAPACITY_ENV}", f"MegaMoE 需要正的 {MEGAMOE_CAPACITY_ENV}")),
    (lambda c: c.enable_megamoe_for_layernorm_sp and (megamoe_per_rank(c) or 1) <= 0,
     Text("MegaMoE needs a positive prefill token budget (--chunked-prefill-size or --max-prefill-tokens)",
          "MegaMoE 需要正的预填充 token 预算（--chunked-prefill-size 或 --max-prefill-tokens）")),
    (lambda c: c.enable_megamoe_for_layernorm_sp and (megamoe_per_rank(c) or 0) > (megamoe_capacity(c) or 0) > 0,
     Text(f"MegaMoE needs {{per_rank}} tokens per rank, more than {MEGAMOE_CAPACITY_ENV}={{capacity}}",
          f"MegaMoE 每个 rank 需要 {{per_rank}} 个 token，超过 {MEGAMOE_CAPACITY_ENV}={{capacity}}")),
    (lambda c: not c.enable_megamoe_for_layernorm_sp and nvfp4_dispatch(c),
     Text("it needs SGLANG_MOE_NVFP4_DISPATCH=0 so the FlashInfer all-to-all carries BF16 activations (with "
          "--quantization modelopt_fp4 SGLang turns it on when the variable is unset)",
          "需要设置 SGLANG_MOE_NVFP4_DISPATCH=0，使 FlashInfer all-to-all 传输 BF16 激活（变量未设置时，"
          "--quantization modelopt_fp4 会让 SGLang 自动打开它）")),
)


def muse_numbers(c: RuleContext) -> dict[str, object]:
    return {"arch": architecture(c), "ep": ep_size(c), "per_rank": megamoe_per_rank(c),
            "capacity": megamoe_capacity(c)}


RULES: list[Rule] = [
    Rule("layernorm-sp-needs", "AM-E348", ("enable_layernorm_sp", "enable_megamoe_for_layernorm_sp"),
         lambda c: (c.enable_megamoe_for_layernorm_sp and not c.enable_layernorm_sp)
         or (c.enable_layernorm_sp and broken_needs(LAYERNORM_SP_NEEDS)(c)),
         Text("LayerNorm sequence parallelism is set up wrongly: {problem_en}", "LayerNorm 序列并行的设置有误：{problem_zh}"),
         Text("fix the settings named, or drop --enable-layernorm-sp", "按上述要求修改，或去掉 --enable-layernorm-sp"),
         source=sglang_source("arg_groups/layernorm_sp_hook.py:25, :136, :173, :187"),
         extra=lambda c: {
             "problem_en": "--enable-megamoe-for-layernorm-sp needs --enable-layernorm-sp" if not c.enable_layernorm_sp
             else "--enable-layernorm-sp needs " + str(needs_listed(LAYERNORM_SP_NEEDS)(c)["needs_en"]),
             "problem_zh": "--enable-megamoe-for-layernorm-sp 需要 --enable-layernorm-sp" if not c.enable_layernorm_sp
             else "--enable-layernorm-sp 的要求：" + str(needs_listed(LAYERNORM_SP_NEEDS)(c)["needs_zh"])}),
    Rule("layernorm-sp-model", "AM-E444", ("enable_layernorm_sp", "enable_megamoe_for_layernorm_sp",
                                           "speculative_algorithm"),
         lambda c: c.enable_layernorm_sp and first_problem(c, ARCHITECTURE_PROBLEMS) is not None,
         Text("{why_en}; SGLang refuses the launch at start-up", "{why_zh}；SGLang 会在启动时拒绝该启动命令"),
         Text("drop --enable-layernorm-sp (and --enable-megamoe-for-layernorm-sp) for this model, or serve a "
              "Qwen3ForCausalLM or Muse Spark checkpoint without speculative decoding",
              "对该模型去掉 --enable-layernorm-sp（以及 --enable-megamoe-for-layernorm-sp），或改用 Qwen3ForCausalLM "
              "或 Muse Spark 检查点且不用投机解码"),
         source=sglang_source("arg_groups/layernorm_sp_hook.py:129, :131, :181"),
         extra=problem_text(ARCHITECTURE_PROBLEMS, lambda c: {"arch": architecture(c)}), reads_model=True),
    Rule("layernorm-sp-muse-spark", "AM-E445", ("enable_layernorm_sp", "tp_size", "ep_size", "quantization",
                                                "moe_a2a_backend", "moe_runner_backend",
                                                "enable_megamoe_for_layernorm_sp", "enable_mixed_chunk"),
         lambda c: c.enable_layernorm_sp and muse(c) and c.tp_size > 1 and first_problem(c, MUSE_PROBLEMS) is not None,
         Text("--enable-layernorm-sp on Muse Spark: {why_en}", "在 Muse Spark 上使用 --enable-layernorm-sp：{why_zh}"),
         Text("serve it as SGLANG_MOE_NVFP4_DISPATCH=0 with --tp-size 8 --moe-a2a-backend flashinfer "
              "--moe-runner-backend flashinfer_trtllm --quantization modelopt_fp4 (NVFP4 weights), or as --tp-size 8 "
              "--ep-size 8 --enable-megamoe-for-layernorm-sp --moe-runner-backend flashinfer_trtllm (BF16 weights)",
              "NVFP4 权重：设置 SGLANG_MOE_NVFP4_DISPATCH=0，并按 --tp-size 8 --moe-a2a-backend flashinfer "
              "--moe-runner-backend flashinfer_trtllm --quantization modelopt_fp4 启动；BF16 权重：按 --tp-size 8 "
              "--ep-size 8 --enable-megamoe-for-layernorm-sp --moe-runner-backend flashinfer_trtllm 启动"),
         source=sglang_source("arg_groups/layernorm_sp_hook.py:47, :102, :142, :151, :158, :163, :168, :200, :205"),
         extra=problem_text(MUSE_PROBLEMS, muse_numbers), reads_model=True),
]
