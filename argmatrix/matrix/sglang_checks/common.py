"""What SGLang's start-up checks share: the release they were read from, and the resolved widths they divide by."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ...schema.meta import Text
from ..rules import RuleContext

READ_FROM = "0.5.23"
EAGLE_FAMILY = ("EAGLE", "EAGLE3", "NEXTN")


def attn_dp(c: RuleContext) -> int:
    """The attention-DP width: --attn-dp-size, or the deprecated --dp-size N --enable-dp-attention."""
    if c.attn_dp_size and c.attn_dp_size > 1:
        return int(c.attn_dp_size)
    return int(c.dp_size) if c.enable_dp_attention else 1


def replicas(c: RuleContext) -> int:
    """Data-parallel replicas: --dp-size, unless the deprecated spelling made it the attention-DP width."""
    return 1 if c.enable_dp_attention and not (c.attn_dp_size and c.attn_dp_size > 1) else int(c.dp_size)


def chunk_per_rank(c: RuleContext) -> int:
    return int(c.chunked_prefill_size) // attn_dp(c)


def chunk_numbers(c: RuleContext) -> dict[str, Any]:
    page, adp = int(c.page_size or 1), attn_dp(c)
    step = page * adp
    wanted = int(c.chunked_prefill_size)
    return {"adp": adp, "eff": chunk_per_rank(c), "page": page,
            "ok_chunk": max(step, (wanted + step - 1) // step * step)}


# Reasons in both languages: a rule that stands for several related SGLang checks names the one that fails.
Problem = tuple[Callable[[RuleContext], bool], Text]


def first_problem(c: RuleContext, problems: Sequence[Problem]) -> Text | None:
    return next((text for cond, text in problems if cond(c)), None)


@dataclass(frozen=True)
class Cases:
    """An ``extra=`` that quotes one (or each) of several declared texts: at check time ``fill`` picks them, and
    the generated pages list ``cases`` (one tuple of texts per case: the reason, then its fix when there is one)
    where the message only says "the reason found"."""

    fill: Callable[[RuleContext], dict[str, Any]]
    cases: tuple[tuple[Text, ...], ...]

    def __call__(self, c: RuleContext) -> dict[str, Any]:
        return self.fill(c)


def problem_text(problems: Sequence[Problem], more: Callable[[RuleContext], dict[str, Any]] | None = None
                 ) -> Cases:
    """``extra=`` for a rule whose messages quote the failing reason as {why_en} / {why_zh}; ``more`` adds numbers."""
    def extra(c: RuleContext) -> dict[str, Any]:
        numbers = more(c) if more else {}
        text = first_problem(c, problems) or Text("", "")
        shown = {**c.values, **numbers}
        return {**numbers, "why_en": text.en.format_map(shown), "why_zh": text.zh.format_map(shown)}
    return Cases(extra, tuple((text,) for _, text in problems))


ON_CUDA = Text("on a CUDA GPU", "在 CUDA GPU 上")
ELSEWHERE = Text("on Ascend or a CPU", "在昇腾或 CPU 上")


def fix_by_family(on_gpu: Text, elsewhere: Text, more: Callable[[RuleContext], dict[str, Any]] | None = None) -> Cases:
    """``extra=`` for a rule whose fix names a CUDA-only value: {fix_en}/{fix_zh} is ``on_gpu`` on a CUDA GPU and
    ``elsewhere`` on the other platforms, where that value is refused (AM-E105); the pages list both."""
    def extra(c: RuleContext) -> dict[str, Any]:
        fix = on_gpu if family(c) == "gpu" else elsewhere
        return {**(more(c) if more else {}), "fix_en": fix.en, "fix_zh": fix.zh}
    return Cases(extra, ((ON_CUDA, on_gpu), (ELSEWHERE, elsewhere)))


def problems_with_fixes(problems: Sequence[Problem], fixes: Sequence[Text]) -> Cases:
    """``extra=`` for a rule whose message quotes the failing reason ({why_en}/{why_zh}) and whose hint quotes that
    reason's own fix ({fix_en}/{fix_zh}), so a fix never names another reason's flag; ``fixes`` parallels
    ``problems``."""
    if len(problems) != len(fixes):
        raise ValueError("one fix per problem")

    def extra(c: RuleContext) -> dict[str, Any]:
        hit = next((i for i, (cond, _) in enumerate(problems) if cond(c)), None)
        why, fix = (problems[hit][1], fixes[hit]) if hit is not None else (Text("", ""), Text("", ""))
        return {"why_en": why.en.format_map(c.values), "why_zh": why.zh.format_map(c.values),
                "fix_en": fix.en.format_map(c.values), "fix_zh": fix.zh.format_map(c.values)}
    return Cases(extra, tuple((text, fix) for (_, text), fix in zip(problems, fixes, strict=True)))


def env_true(c: RuleContext, name: str) -> bool:
    """An SGLang ``EnvBool`` switch in the environment the engine starts in, read as its parse reads it
    (environ.py: true/1/yes/y, any case)."""
    return str(c.env.get(name, "")).strip().lower() in ("true", "1", "yes", "y")


def sglang_source(where: str) -> str:
    return f"SGLang {READ_FROM} {where}"




def family(c: RuleContext) -> str | None:
    """The family of the platform the launch is checked for (npu, gpu, cpu)."""
    from ..platforms import PLATFORMS

    p = PLATFORMS.get(c.platform or "")
    return p.family if p is not None else None


@dataclass(frozen=True)
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
    def extra(c: RuleContext) -> dict[str, Any]:
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


def architectures(c: RuleContext) -> list[str]:
    """The model's config.json ``architectures`` (SGLang reads the first), or the one the facts name."""
    archs = c.model.raw.get("architectures")
    return [str(a) for a in archs] if isinstance(archs, list) and archs else [str(c.model.architecture)]
