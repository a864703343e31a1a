"""What SGLang 0.5.23 needs of a diffusion LLM launch beyond what it turns off (``dllm.py``): an algorithm it has,
a model it knows as a diffusion LLM, and a page size that fits the model's block (``arg_groups/overrides.py``
_dllm_attention_backend and _dllm_page_size, which build ``dllm/config.py``'s DllmConfig).

The algorithm's name is checked on the launch alone; the rest reads the model's config facts (``reads_model``).
"""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import Problem, architecture, as_int, first_problem, given, problem_text, sglang_source, target
from .resolved import radix_cache_on

# The Algorithm classes of sglang/srt/dllm/algorithm/ (get_algorithm_cls looks the name up among them).
ALGORITHMS = ("LowConfidence", "JointThreshold", "JointThresholdInDel", "Gemma4Renoise")
# An algorithm that serves some architectures only (its supported_architectures).
ALGORITHM_ARCHS = {"Gemma4Renoise": ("DiffusionGemmaForBlockDiffusion",)}
# dllm/config.py DLLM_PARAMS: the diffusion LLMs SGLang knows, their block size (None: the config's
# canvas_length, else 256) and the algorithm one of them requires.
DLLM_BLOCK = {"LLaDA2MoeModelLM": 32, "SDARForCausalLM": 4, "SDARMoeForCausalLM": 4,
              "DiffusionGemmaForBlockDiffusion": None}
REQUIRED_ALGORITHM = {"DiffusionGemmaForBlockDiffusion": "Gemma4Renoise"}


def block_size(c: RuleContext) -> int:
    """The dLLM block size SGLang derives from the model, before any --dllm-algorithm-config."""
    size = DLLM_BLOCK[architecture(c)]
    return as_int(target(c).raw.get("canvas_length"), 256) if size is None else size


def _needs_token_ids(c: RuleContext) -> bool:
    """JointThresholdInDel without delete_token_id and split_token_id in config.json (or the launch's overrides)."""
    return (c.dllm_algorithm == "JointThresholdInDel" and not c.json_model_override_args
            and (target(c).raw.get("delete_token_id") is None or target(c).raw.get("split_token_id") is None))


# DllmConfig.from_server_args' checks, in its order.
DLLM_MODEL: list[Problem] = [
    (lambda c: architecture(c) not in DLLM_BLOCK,
     Text("SGLang knows {architecture} as no diffusion LLM (it serves LLaDA2-MoE, SDAR, SDAR-MoE and Diffusion Gemma)",
          "SGLang 不认为 {architecture} 是扩散语言模型（它支持 LLaDA2-MoE、SDAR、SDAR-MoE 与 Diffusion Gemma）")),
    (lambda c: REQUIRED_ALGORITHM.get(architecture(c), c.dllm_algorithm) != c.dllm_algorithm,
     Text("{architecture} needs --dllm-algorithm {required}", "{architecture} 需要 --dllm-algorithm {required}")),
    (lambda c: architecture(c) not in ALGORITHM_ARCHS.get(str(c.dllm_algorithm), (architecture(c),)),
     Text("--dllm-algorithm {dllm_algorithm} does not serve {architecture}",
          "--dllm-algorithm {dllm_algorithm} 不支持 {architecture}")),
    (_needs_token_ids,
     Text("--dllm-algorithm JointThresholdInDel needs the checkpoint's delete_token_id and split_token_id, which "
          "config.json does not declare", "--dllm-algorithm JointThresholdInDel 需要检查点的 delete_token_id 与 "
          "split_token_id，而 config.json 中没有声明")),
]


def _known_model(c: RuleContext) -> bool:
    return c.dllm_algorithm in ALGORITHMS and first_problem(c, DLLM_MODEL) is None


def page_replaced(c: RuleContext) -> bool:
    """_dllm_page_size replaces a --page-size the launch gives (only a block size read from --dllm-algorithm-config
    would tell otherwise, and that file is not read here)."""
    if not (_known_model(c) and given(c, "page_size") and c.page_size is not None and c.dllm_algorithm_config is None):
        return False
    block = block_size(c)
    return bool((radix_cache_on(c) and c.page_size % block != 0) or c.page_size > block)


def _numbers(c: RuleContext) -> dict[str, object]:
    return {"architecture": architecture(c), "required": REQUIRED_ALGORITHM.get(architecture(c), ""),
            "block": block_size(c) if architecture(c) in DLLM_BLOCK else ""}


RULES: list[Rule] = [
    Rule("dllm-algorithm-known", "AM-E462", ("dllm_algorithm",),
         lambda c: c.dllm_algorithm is not None and c.dllm_algorithm not in ALGORITHMS,
         Text("--dllm-algorithm {dllm_algorithm} is no diffusion algorithm SGLang has; it stops at start-up",
              "--dllm-algorithm {dllm_algorithm} 不是 SGLang 提供的扩散解码算法，启动时会失败"),
         Text("use --dllm-algorithm " + ", ".join(list(ALGORITHMS)[:-1]) + " or " + ALGORITHMS[-1],
              "改用 --dllm-algorithm " + "、".join(list(ALGORITHMS)[:-1]) + " 或 " + ALGORITHMS[-1]),
         source="SGLang 0.5.23 dllm/algorithm get_algorithm_cls, called by arg_groups/overrides.py "
                "_dllm_attention_backend"),
    Rule("dllm-needs-diffusion-model", "AM-E463", ("dllm_algorithm",),
         lambda c: c.dllm_algorithm in ALGORITHMS and first_problem(c, DLLM_MODEL) is not None,
         Text("SGLang refuses --dllm-algorithm {dllm_algorithm} for this model at start-up: {why_en}",
              "SGLang 启动时会拒绝对该模型使用 --dllm-algorithm {dllm_algorithm}：{why_zh}"),
         Text("serve a diffusion LLM with an algorithm it supports, or drop --dllm-algorithm",
              "以其支持的算法运行扩散语言模型，或去掉 --dllm-algorithm"),
         source="SGLang 0.5.23 dllm/config.py DllmConfig.from_server_args, called by arg_groups/overrides.py "
                "_dllm_page_size", extra=problem_text(DLLM_MODEL, _numbers), reads_model=True),
    Rule("dllm-page-size-from-block", "AM-W464", ("page_size", "dllm_algorithm"), page_replaced,
         Text("--page-size {page_size} becomes {block}, the diffusion block size of {architecture}: SGLang pages "
              "the KV cache by whole blocks while the radix cache is on, and never by more than one block",
              "--page-size {page_size} 会改为 {architecture} 的扩散块大小 {block}：开启前缀缓存时 SGLang 按整块分页，"
              "且页大小不会超过一个块"),
         Text("write --page-size {block}", "改写为 --page-size {block}"), severity="warning",
         source=sglang_source("arg_groups/overrides.py:1738, :1744"), extra=_numbers, reads_model=True),
]
