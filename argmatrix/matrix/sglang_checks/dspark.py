"""SGLang's start-up checks on DSPARK speculative decoding (arg_groups/speculative_hook.py _handle_dspark): where it
runs, the draft it needs, and its verify window of gamma + 1 tokens.

SGLang takes gamma (the draft block) from --speculative-dspark-block-size, else from the draft checkpoint's config
(``dspark_block_size``, or ``block_size`` in ``dflash_config`` or at the top; dspark_config.parse_dspark_draft_config),
else 7 when --speculative-num-draft-tokens is unset too; the verify window must then be gamma + 1.  The draft is
--speculative-draft-model-path, else the target itself when its config carries ``dspark_*`` keys (the draft head is
bundled), else a ``dspark/`` folder inside a local target folder.  The checks that need those configs read them
(``reads_model``); on a hub id SGLang downloads them, and check-config says the model checks were skipped.
"""
from __future__ import annotations

from pathlib import Path

from ...schema.meta import Text
from ..rules import ModelView, Rule, RuleContext
from .common import (
    Problem,
    a2a_backend,
    as_mapping,
    attn_dp,
    env_true,
    family,
    first_problem,
    problem_text,
    sglang_source,
    target,
)

RAGGED_VERIFY_MODES = ("static", "cap-accept", "compact")  # speculative/ragged_verify.py RaggedVerifyMode
# dspark_config.checkpoint_bundles_dspark_draft: a target config with any of these keys bundles the draft head.
BUNDLED_DRAFT_KEYS = ("dspark_block_size", "dspark_markov_rank", "dspark_noise_token_id", "dspark_target_layer_ids")
DSPARK_DRAFT_FOLDER = "dspark"  # speculative_hook.py _DSPARK_DRAFT_SUBFOLDER


def dspark(c: RuleContext) -> bool:
    return c.speculative_algorithm == "DSPARK"


def _ragged_mode(c: RuleContext) -> str:
    return str(c.env.get("SGLANG_RAGGED_VERIFY_MODE", "static"))  # an EnvStr, read as written (default static)


def _dp_attention(c: RuleContext) -> bool:
    return attn_dp(c) > 1


def _gpu_dp(c: RuleContext) -> bool:
    """DP attention off Ascend: SGLang checks the MoE dispatch and the verify mode only there."""
    return _dp_attention(c) and family(c) != "npu"


# In the order _handle_dspark checks them (:670 .. :715), each with its fix.
WHERE_IT_RUNS: list[tuple[Problem, Text]] = [
    ((lambda c: family(c) == "cpu",
      Text("it runs only on CUDA GPUs, Ascend NPUs or Intel XPUs, not on a CPU", "它只能在 CUDA GPU、昇腾 NPU 或 Intel "
           "XPU 上运行，不能在 CPU 上运行")),
     Text("run it on a GPU or NPU, or use --speculative-algorithm NGRAM on the CPU",
          "在 GPU 或 NPU 上运行，或在 CPU 上改用 --speculative-algorithm NGRAM")),
    ((lambda c: _dp_attention(c) and not c.enable_dp_lm_head,
      Text("with attention DP (--attn-dp-size {adp}) it needs --enable-dp-lm-head",
           "启用注意力数据并行（--attn-dp-size {adp}）时需要 --enable-dp-lm-head")),
     Text("add --enable-dp-lm-head", "添加 --enable-dp-lm-head")),
    ((lambda c: _gpu_dp(c) and a2a_backend(c) not in ("none", "megamoe", "mori"),
      Text("with attention DP it supports only --moe-a2a-backend none, megamoe or mori, not {a2a}",
           "启用注意力数据并行时只支持 --moe-a2a-backend none、megamoe 或 mori，不支持 {a2a}")),
     Text("use --moe-a2a-backend none (or megamoe, mori)", "改用 --moe-a2a-backend none（或 megamoe、mori）")),
    ((lambda c: _gpu_dp(c) and (a2a_backend(c) != "none"
                                or env_true(c, "SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION"))
      and _ragged_mode(c) != "static",
      Text("with attention DP and an all-to-all MoE dispatch or SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION, it needs "
           "SGLANG_RAGGED_VERIFY_MODE=static, not {ragged}", "启用注意力数据并行且使用 all-to-all MoE 分发或 "
           "SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION 时，需要 SGLANG_RAGGED_VERIFY_MODE=static，而不是 {ragged}")),
     Text("set SGLANG_RAGGED_VERIFY_MODE=static (or leave it unset)", "设置 SGLANG_RAGGED_VERIFY_MODE=static（或不设置）")),
    ((lambda c: _dp_attention(c) and c.attn_cp_size > 1,
      Text("with attention DP it does not support attention context parallelism (--attn-cp-size {attn_cp_size})",
           "启用注意力数据并行时不支持注意力上下文并行（--attn-cp-size {attn_cp_size}）")),
     Text("drop --attn-cp-size, or drop attention DP", "去掉 --attn-cp-size，或不启用注意力数据并行")),
    ((lambda c: _gpu_dp(c) and c.speculative_moe_a2a_backend is not None
      and c.speculative_moe_a2a_backend != a2a_backend(c),
      Text("it does not use --speculative-moe-a2a-backend; with attention DP that must equal the target's "
           "--moe-a2a-backend {a2a}, not {speculative_moe_a2a_backend}", "它不使用 --speculative-moe-a2a-backend；"
           "启用注意力数据并行时该值须与目标模型的 --moe-a2a-backend {a2a} 相同，而不是 {speculative_moe_a2a_backend}")),
     Text("drop --speculative-moe-a2a-backend", "去掉 --speculative-moe-a2a-backend")),
    ((lambda c: c.pp_size != 1 and c.disaggregation_mode != "prefill",
      Text("pipeline parallelism (--pp-size {pp_size}) works only on a PD prefill server "
           "(--disaggregation-mode prefill)", "流水线并行（--pp-size {pp_size}）只能用于 PD 预填充实例"
           "（--disaggregation-mode prefill）")),
     Text("use --pp-size 1 (or run it as a PD prefill server)", "改用 --pp-size 1（或作为 PD 预填充实例运行）")),
]
WHERE_PROBLEMS: list[Problem] = [problem for problem, _fix in WHERE_IT_RUNS]


def _where_numbers(c: RuleContext) -> dict[str, object]:
    numbers = {"adp": attn_dp(c), "a2a": a2a_backend(c), "ragged": _ragged_mode(c)}
    fix = next((fix for (cond, _why), fix in WHERE_IT_RUNS if cond(c)), Text("", ""))
    return {**numbers, "fix_en": fix.en, "fix_zh": fix.zh}


def _window_problem(c: RuleContext) -> bool:
    """The verify window against --speculative-dspark-block-size, or (no block size) the window's floor of 2."""
    tokens, block = c.speculative_num_draft_tokens, c.speculative_dspark_block_size
    if tokens is None:
        return False
    return tokens != block + 1 if block is not None else tokens < 2


def _window_text(c: RuleContext) -> dict[str, object]:
    block = c.speculative_dspark_block_size
    if block is None:
        return {"why_en": "a window of at least 2 (gamma 1 or more)", "why_zh": "至少为 2 的窗口（gamma 至少为 1）"}
    return {"why_en": f"--speculative-dspark-block-size {block} (gamma + 1 = {block + 1})",
            "why_zh": f"--speculative-dspark-block-size {block}（gamma + 1 = {block + 1}）"}


def draft_config(c: RuleContext) -> ModelView | None:
    """The facts of the config SGLang reads DSPARK's gamma from: the draft's, or the target's when it bundles the
    draft head and no draft path is given; None when argmatrix has not read it (a ``dspark/`` folder, a hub id)."""
    if c.speculative_draft_model_path is not None:
        return c.draft
    return c.model if bundles_draft(c) else None


def bundles_draft(c: RuleContext) -> bool:
    return any(target(c).raw.get(key) is not None for key in BUNDLED_DRAFT_KEYS)


def _int_or_none(value: object, floor: int | None = None) -> int | None:
    """An int the way SGLang's config parsing reads it; None where its parse fails (the caller swallows that)."""
    if not isinstance(value, (int, float, str)):
        return None
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    return None if floor is not None and number < floor else number


def draft_gamma(c: RuleContext) -> int | None:
    """gamma from the draft's config (parse_dspark_draft_config): dspark_block_size as written, else a block_size of
    1 or more in dflash_config or at the top; None when none is there (or argmatrix has not read the config)."""
    facts = draft_config(c)
    if facts is None:
        return None
    raw = facts.raw
    if raw.get("dspark_block_size") is not None:
        return _int_or_none(raw["dspark_block_size"])
    nested = as_mapping(raw.get("dflash_config"))
    block = nested.get("block_size", raw.get("block_size"))
    return None if block is None else _int_or_none(block, floor=1)


def _gamma_problem(c: RuleContext) -> bool:
    if c.speculative_dspark_block_size is not None:
        return False  # the block size wins over the draft's config; the model-independent rule checks it
    gamma = draft_gamma(c)
    if gamma is None:
        return False
    tokens = c.speculative_num_draft_tokens
    if tokens is None:
        return gamma + 1 < 2  # SGLang sets the window to gamma + 1, then refuses one under 2 (:847)
    return tokens >= 2 and tokens != gamma + 1  # a window under 2 is the model-independent rule's


def _local_draft_folder(c: RuleContext) -> bool:
    folder = Path(str(c.model_path)).expanduser()
    try:
        return (folder / DSPARK_DRAFT_FOLDER / "config.json").is_file()
    except (OSError, ValueError):
        return False


def _needs_draft(c: RuleContext) -> bool:
    """No draft path, no bundled draft head, no dspark/ folder: SGLang has no draft to load.  Judged only for a target
    folder argmatrix read (for a hub id SGLang looks for the folder on the hub)."""
    if c.speculative_draft_model_path is not None or bundles_draft(c):
        return False
    try:
        local = Path(str(c.model_path)).expanduser().is_dir()
    except (OSError, ValueError):
        local = False
    return local and not _local_draft_folder(c)


def _steps_topk_forced(c: RuleContext) -> list[str]:
    return [f"{flag} {value}" for flag, value in (("--speculative-num-steps", c.speculative_num_steps),
                                                   ("--speculative-eagle-topk", c.speculative_eagle_topk))
            if value is not None and value != 1]


RULES: list[Rule] = [
    Rule("dspark-where-it-runs", "AM-E422", ("speculative_algorithm", "attn_dp_size", "enable_dp_lm_head",
                                              "moe_a2a_backend", "attn_cp_size", "speculative_moe_a2a_backend",
                                              "pp_size"),
         lambda c: dspark(c) and first_problem(c, WHERE_PROBLEMS) is not None,
         Text("--speculative-algorithm DSPARK: {why_en}", "--speculative-algorithm DSPARK：{why_zh}"),
         Text("{fix_en}", "{fix_zh}"),
         source=sglang_source("arg_groups/speculative_hook.py:670, :676, :678, :693, :698, :707, :715"),
         extra=problem_text(WHERE_PROBLEMS, _where_numbers)),
    Rule("dspark-verify-window", "AM-E423", ("speculative_num_draft_tokens", "speculative_dspark_block_size"),
         lambda c: dspark(c) and _window_problem(c),
         Text("DSPARK verifies gamma + 1 tokens: --speculative-num-draft-tokens {speculative_num_draft_tokens} does not "
              "fit {why_en}", "DSPARK 每次验证 gamma + 1 个 token：--speculative-num-draft-tokens "
              "{speculative_num_draft_tokens} 与 {why_zh}不符"),
         Text("write --speculative-dspark-block-size (gamma) and drop --speculative-num-draft-tokens, which SGLang then "
              "sets to gamma + 1", "写 --speculative-dspark-block-size（即 gamma）并去掉 "
              "--speculative-num-draft-tokens，SGLang 会将其设为 gamma + 1"),
         source=sglang_source("arg_groups/speculative_hook.py:830, :847"),
         extra=_window_text),
    Rule("dspark-verify-window-of-the-draft", "AM-E423", ("speculative_num_draft_tokens",
                                                           "speculative_draft_model_path"),
         lambda c: dspark(c) and _gamma_problem(c),
         Text("DSPARK verifies gamma + 1 tokens, and the draft's config.json sets gamma to {gamma}: "
              "--speculative-num-draft-tokens {speculative_num_draft_tokens} is not {window}",
              "DSPARK 每次验证 gamma + 1 个 token，草稿模型的 config.json 将 gamma 设为 {gamma}："
              "--speculative-num-draft-tokens {speculative_num_draft_tokens} 不等于 {window}"),
         Text("drop --speculative-num-draft-tokens (SGLang sets it to {window}), or give --speculative-dspark-block-size "
              "to override the draft's gamma", "去掉 --speculative-num-draft-tokens（SGLang 会设为 {window}），或用 "
              "--speculative-dspark-block-size 覆盖草稿模型的 gamma"),
         source=sglang_source("arg_groups/speculative_hook.py:830, :847"), reads_model=True,
         extra=lambda c: {"gamma": draft_gamma(c), "window": (draft_gamma(c) or 0) + 1}),
    Rule("dspark-needs-a-draft", "AM-E424", ("speculative_draft_model_path", "speculative_algorithm"),
         lambda c: dspark(c) and _needs_draft(c),
         Text("--speculative-algorithm DSPARK has no draft: no --speculative-draft-model-path, the target's config.json "
              "carries no bundled DSPARK draft (dspark_* keys), and {model_path} has no dspark/ folder",
              "--speculative-algorithm DSPARK 没有草稿模型：未给出 --speculative-draft-model-path，目标模型的 "
              "config.json 中没有内置的 DSPARK 草稿（dspark_* 键），{model_path} 下也没有 dspark/ 目录"),
         Text("add --speculative-draft-model-path with the DSPARK draft checkpoint",
              "添加 --speculative-draft-model-path，指向 DSPARK 草稿检查点"),
         source=sglang_source("arg_groups/speculative_hook.py:752"), reads_model=True),
    Rule("dspark-steps-and-topk-are-1", "AM-W425", ("speculative_num_steps", "speculative_eagle_topk"),
         lambda c: dspark(c) and bool(_steps_topk_forced(c)),
         Text("DSPARK drafts one step of top-1: SGLang replaces {given} by 1",
              "DSPARK 每次只草拟一步、取 top-1：SGLang 会将 {given} 替换为 1"),
         Text("drop --speculative-num-steps and --speculative-eagle-topk (or write 1)",
              "去掉 --speculative-num-steps 和 --speculative-eagle-topk（或写 1）"),
         severity="warning", source=sglang_source("arg_groups/speculative_hook.py:764, :781"),
         extra=lambda c: {"given": ", ".join(_steps_topk_forced(c))}),
    # Not a site of the inventory (speculative/spec_info.py is outside arg_groups/): SpeculativeAlgorithm's
    # handle_server_args reads the ragged-verify mode for every algorithm, "so that a typo'd value raises" at start-up.
    Rule("ragged-verify-mode-known", "AM-E429", ("speculative_algorithm",),
         lambda c: c.speculative_algorithm is not None and _ragged_mode(c) not in RAGGED_VERIFY_MODES,
         Text("SGLANG_RAGGED_VERIFY_MODE={ragged} is none of static, cap-accept, compact: SGLang refuses every "
              "speculative launch with it", "SGLANG_RAGGED_VERIFY_MODE={ragged} 不是 static、cap-accept、compact 之一："
              "SGLang 会拒绝所有带该设置的投机解码启动"),
         Text("set SGLANG_RAGGED_VERIFY_MODE=static (or leave it unset)", "设置 SGLANG_RAGGED_VERIFY_MODE=static（或不设置）"),
         source="SGLang 0.5.23 speculative/spec_info.py (SpeculativeAlgorithm.handle_server_args, "
                "ragged_verify.read_ragged_verify_mode)",
         extra=lambda c: {"ragged": _ragged_mode(c)}),
]
