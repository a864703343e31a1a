"""What SGLang's start-up checks share: the release they were read from, and the resolved widths they divide by."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import cast

from ...records import record
from ...schema.meta import Text
from ..rules import ModelView, RuleContext

READ_FROM = "0.5.23"
EAGLE_FAMILY = ("EAGLE", "EAGLE3", "NEXTN")


def given(c: RuleContext, name: str) -> bool:
    """The launch names the flag (command line, config file or environment), whatever its value: what SGLang's
    own "did the user pick one" checks see (a field left at None or "auto" is filled in by SGLang instead).

    The one other fact a rule asks is ``c.changed(name)``: given *and* different from the release's default
    (an option repeated at its default changes nothing, so a rule about its effect stays quiet).  A value that
    differs from the declared default only because the platform resolves it (page size 128 on Ascend) is neither.
    """
    return name in c.user_set


def default_of(c: RuleContext, name: str) -> object:
    """The default of the release the launch is checked against (``c.defaults``), else the declared one: what a
    check that compares with "the field's default" compares with, instead of a copy of it."""
    return c.defaults.get(name, c.specs[name].default)


def attn_dp(c: RuleContext) -> int:
    """The attention-DP width: --attn-dp-size, or the deprecated --dp-size N --enable-dp-attention."""
    if c.attn_dp_size and c.attn_dp_size > 1:
        return c.attn_dp_size
    return c.dp_size if c.enable_dp_attention else 1


def attn_tp(c: RuleContext) -> int:
    """The attention-TP width (runtime_context.derive_attn_tp_size): --tp-size over the attention-DP and
    attention-CP widths, at least 1."""
    return max(1, c.tp_size // attn_dp(c) // max(1, c.attn_cp_size))


def tp_per_attn_dp(c: RuleContext) -> int:
    """The TP ranks of one attention-DP group, attention CP included (``tp_size // attn_dp_size`` in SGLang's
    token budgets: mega_moe_hook.py, the deepep_v2 dispatch buffer), at least 1."""
    return max(1, c.tp_size // attn_dp(c))


def cp_attn_dp(c: RuleContext) -> int:
    """The attention-DP width a DeepSeek context-parallel layout runs (model_override_base.context_parallel_attn_dp_size:
    --dp-size there counts attention-DP groups too, the deprecated reading)."""
    if c.enable_dp_attention:
        return attn_dp(c)
    return max(1, c.attn_dp_size or 1) * max(1, c.dp_size or 1)


def deepseek_cp_width(c: RuleContext) -> int:
    """The attention-CP width a DeepSeek context-parallel layout sets: the TP group over its attention DP
    (model_overrides/deepseek_v2.py and deepseek_v4_hook.py: ``tp_size // attn_dp_size``)."""
    return c.tp_size // cp_attn_dp(c)


def chunk(c: RuleContext) -> int:
    """--chunked-prefill-size, for a check that asked first that it is set (None: SGLang sizes it at start-up)."""
    if c.chunked_prefill_size is None:
        raise LookupError("a rule divided --chunked-prefill-size without asking whether it is set")
    return c.chunked_prefill_size


def replicas(c: RuleContext) -> int:
    """Data-parallel replicas: --dp-size, unless the deprecated spelling made it the attention-DP width."""
    return 1 if c.enable_dp_attention and not (c.attn_dp_size and c.attn_dp_size > 1) else int(c.dp_size)


def chunk_per_rank(c: RuleContext) -> int:
    return chunk(c) // attn_dp(c)


def chunk_numbers(c: RuleContext) -> dict[str, object]:
    page, adp = c.page_size or 1, attn_dp(c)
    step = page * adp
    wanted = chunk(c)
    return {"adp": adp, "eff": chunk_per_rank(c), "page": page,
            "ok_chunk": max(step, (wanted + step - 1) // step * step)}


# Reasons in both languages: a rule that stands for several related SGLang checks names the one that fails.
Problem = tuple[Callable[[RuleContext], bool], Text]


def first_problem(c: RuleContext, problems: Sequence[Problem]) -> Text | None:
    return next((text for cond, text in problems if cond(c)), None)


@record
class Cases:
    """An ``extra=`` that quotes one (or each) of several declared texts: at check time ``fill`` picks them, and
    the generated pages list ``cases`` (one tuple of texts per case: the reason, then its fix when there is one)
    where the message only says "the reason found"."""

    fill: Callable[[RuleContext], Mapping[str, object]]
    cases: tuple[tuple[Text, ...], ...]

    def __call__(self, c: RuleContext) -> Mapping[str, object]:
        return self.fill(c)


def problem_text(problems: Sequence[Problem], more: Callable[[RuleContext], Mapping[str, object]] | None = None
                 ) -> Cases:
    """``extra=`` for a rule whose messages quote the failing reason as {why_en} / {why_zh}; ``more`` adds numbers."""
    def extra(c: RuleContext) -> dict[str, object]:
        numbers = more(c) if more else {}
        text = first_problem(c, problems) or Text("", "")
        shown = {**c.values, **numbers}
        return {**numbers, "why_en": text.en.format_map(shown), "why_zh": text.zh.format_map(shown)}
    return Cases(extra, tuple((text,) for _, text in problems))


ON_CUDA = Text("on a CUDA GPU", "在 CUDA GPU 上")
ELSEWHERE = Text("on Ascend or a CPU", "在昇腾或 CPU 上")


def fix_by_family(on_gpu: Text, elsewhere: Text, more: Callable[[RuleContext], Mapping[str, object]] | None = None) -> Cases:
    """``extra=`` for a rule whose fix names a CUDA-only value: {fix_en}/{fix_zh} is ``on_gpu`` on a CUDA GPU and
    ``elsewhere`` on the other platforms, where that value is refused (AM-E105); the pages list both."""
    def extra(c: RuleContext) -> dict[str, object]:
        fix = on_gpu if family(c) == "gpu" else elsewhere
        return {**(more(c) if more else {}), "fix_en": fix.en, "fix_zh": fix.zh}
    return Cases(extra, ((ON_CUDA, on_gpu), (ELSEWHERE, elsewhere)))


def problems_with_fixes(problems: Sequence[Problem], fixes: Sequence[Text]) -> Cases:
    """``extra=`` for a rule whose message quotes the failing reason ({why_en}/{why_zh}) and whose hint quotes that
    reason's own fix ({fix_en}/{fix_zh}), so a fix never names another reason's flag; ``fixes`` parallels
    ``problems``."""
    if len(problems) != len(fixes):
        raise ValueError("one fix per problem")

    def extra(c: RuleContext) -> dict[str, object]:
        hit = next((i for i, (cond, _) in enumerate(problems) if cond(c)), None)
        why, fix = (problems[hit][1], fixes[hit]) if hit is not None else (Text("", ""), Text("", ""))
        return {"why_en": why.en.format_map(c.values), "why_zh": why.zh.format_map(c.values),
                "fix_en": fix.en.format_map(c.values), "fix_zh": fix.zh.format_map(c.values)}
    return Cases(extra, tuple((text, fix) for (_, text), fix in zip(problems, fixes, strict=True)))


# the platform families of a rule that holds off the GPU: Ascend NPUs and CPUs
NON_GPU = frozenset({"npu", "cpu"})


def env_set(c: RuleContext, name: str) -> bool:
    """The variable is in the environment the engine starts in, whatever its value."""
    return name in c.env


def env_true(c: RuleContext, name: str) -> bool:
    """An SGLang ``EnvBool`` switch in the environment the engine starts in, read as its parse reads it
    (environ.py: true/1/yes/y, any case)."""
    return str(c.env.get(name, "")).strip().lower() in ("true", "1", "yes", "y")


def in_order(items: Iterable[str]) -> list[str]:
    """Each item once, where it first comes."""
    seen: dict[str, None] = {}
    for item in items:
        seen.setdefault(item, None)
    return list(seen)


def sglang_source(where: str) -> str:
    return f"SGLang {READ_FROM} {where}"




def family(c: RuleContext) -> str | None:
    """The family of the platform the launch is checked for (npu, gpu, cpu)."""
    from ..platforms import PLATFORMS

    p = PLATFORMS.get(c.platform or "")
    return p.family if p is not None else None


@record
class Need:
    """One condition of a feature SGLang checks in a row: ``broken`` says when the launch breaks it, and the two
    phrases (templates over the resolved values) say what it needs."""

    broken: Callable[[RuleContext], bool]
    en: str
    zh: str


def broken_needs(needs: tuple[Need, ...]) -> Callable[[RuleContext], bool]:
    return lambda c: any(n.broken(c) for n in needs)


def needs_listed(needs: tuple[Need, ...]) -> Cases:
    """The broken conditions as two phrases, for a message that names every one of them at once."""
    def extra(c: RuleContext) -> dict[str, object]:
        hit = [n for n in needs if n.broken(c)]
        return {"needs_en": "; ".join(n.en.format_map(c.values) for n in hit),
                "needs_zh": "；".join(n.zh.format_map(c.values) for n in hit)}
    return Cases(extra, tuple((Text(n.en, n.zh),) for n in needs))


# The all-to-all backends for which SGLang 0.5.23 sets --ep-size to --tp-size, even over an explicit value
# (arg_groups/overrides.py _A2A_EP_SPANNING_BACKENDS, _a2a_ep_size).
A2A_EP_SPANNING = frozenset({"megamoe", "deepep", "deepep_v2", "mooncake", "nixl", "ascend_fuseep", "flashinfer",
                             "flashinfer_megamoe", "mori", "pplx"})


def a2a_backend(c: RuleContext) -> str:
    """--moe-a2a-backend as SGLang resolves it: Waterfill forces deepep unless megamoe is chosen
    (arg_groups/overrides.py _a2a_backend_overrides)."""
    backend = str(c.moe_a2a_backend)
    return "deepep" if c.enable_waterfill and backend not in ("deepep", "megamoe") else backend


def ep_size(c: RuleContext) -> int:
    """--ep-size as SGLang resolves it."""
    return int(c.tp_size) if a2a_backend(c) in A2A_EP_SPANNING else int(c.ep_size)


# configs/model_config.py is_deepseek_dsa: the architectures DeepSeek Sparse Attention runs on (with an index_topk)
DSA_ARCHITECTURES = frozenset({
    "DeepseekV3ForCausalLM", "DeepseekV32ForCausalLM", "DeepseekV3ForCausalLMNextN", "MistralLarge3ForCausalLM",
    "PixtralForConditionalGeneration", "GlmMoeDsaForCausalLM", "GlmMoeDsaForCausalLMNextN",
    "Glm5NextForConditionalGenerationNextN", "Glm5NextForConditionalGeneration", "LongcatFlashForCausalLM",
    "LongcatFlashForCausalLMNextN", "Dots3NoteForCausalLM", "Dots3NoteForCausalLMNextN", "HYV4ForCausalLM",
    "HYV4ForCausalLMNextN"})


def target(c: RuleContext) -> ModelView:
    """The target model's config facts.  Only a rule with ``reads_model`` (or one that asked ``c.model is not
    None`` first) reads them: those rules run once a local config.json was read."""
    if c.model is None:
        raise LookupError("a rule read the model's facts without reads_model")
    return c.model


def architectures(c: RuleContext) -> list[str]:
    """The model's config.json ``architectures`` (SGLang reads the first), or the one the facts name."""
    archs = target(c).raw.get("architectures")
    return [str(a) for a in archs] if isinstance(archs, list) and archs else [target(c).architecture]


def architecture(c: RuleContext) -> str:
    """The architecture SGLang dispatches on (``hf_config.architectures[0]``): the one every rule compares."""
    return architectures(c)[0]


def as_mapping(value: object) -> Mapping[str, object]:
    """A config.json object as a mapping; empty for anything else (absent, null, a list, a number)."""
    return cast("Mapping[str, object]", value) if isinstance(value, dict) else {}


def as_list(value: object) -> list[object]:
    """A config.json array as a list; empty for anything else (a string is not a list of its letters)."""
    return list(value) if isinstance(value, list) else []


def as_int(value: object, default: int) -> int:
    """A config.json number as an int; ``default`` when it is absent or not a number."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return default
    return int(value)


def text_config(c: RuleContext) -> Mapping[str, object]:
    """The language model's config (SGLang's get_text_config): ``text_config`` when there is one, else the top."""
    raw = target(c).raw
    text = raw.get("text_config")
    return as_mapping(text) if isinstance(text, dict) else raw


def minimax_m3_nvfp4(c: RuleContext) -> bool:
    """The quantization SGLang serves MiniMax-M3 with: --quantization, else the checkpoint's, where an mxfp8
    checkpoint with NVFP4-packed experts is served as minimax_m3_nvfp4 (model_overrides/minimax_m3.py
    _resolve_quant_method); --quantization unquant keeps the checkpoint's method off."""
    if c.quantization is not None:
        return c.quantization == "minimax_m3_nvfp4"
    q = as_mapping(target(c).raw.get("quantization_config"))
    return (q.get("quant_method") == "mxfp8" and str(q.get("moe_quant_algo", "")).upper() == "NVFP4"
            and q.get("moe_quant_format") == "nvfp4-pack-quantized")


def config_value(c: RuleContext, key: str) -> object:
    """A key of the model's config.json, in its language model's ``text_config`` (hf_text_config), else at the top."""
    raw = target(c).raw
    text = as_mapping(raw.get("text_config"))
    return text[key] if key in text else raw.get(key)


def deepseek_dsa(c: RuleContext) -> bool:
    """DeepSeek Sparse Attention (V3.2, GLM-5, ...): configs/model_config.py is_deepseek_dsa, one of its
    architectures with an ``index_topk`` in config.json (SGLang passes it ``hf_config``, the top level)."""
    return architecture(c) in DSA_ARCHITECTURES and target(c).raw.get("index_topk") is not None
