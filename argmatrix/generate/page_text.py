"""A rule's message on a page: its template with every placeholder said in words, and the guard against holes.

A rule's message and fix are ``str.format`` templates that the compiler fills at check time from the launch
(``--tp-size {tp_size}``) and from numbers the rule computes (``{adp}``, ``{why_en}``).  A page has no launch, so
:func:`page_form` writes each placeholder as what it stands for: an argument as its upper-case metavariable, as in
``--help`` (``--tp-size TP_SIZE``), anything else as a few words in the page's language.  :func:`holes` finds a
``{name}`` left outside code spans; the writers refuse a page that has one.
"""
from __future__ import annotations

import re
import string
from collections.abc import Collection

from ..schema.meta import Text
from ..schema.registry import SPECS

# What the computed placeholders of the rules stand for.  A name ending in _en/_zh is looked up without it: the
# English and the Chinese template each quote their own language's text.  tests/docs/test_page_text.py requires
# an entry for every name a rule uses.
WORDS: dict[str, Text] = {
    "adp": Text("the attention-DP size", "注意力 DP 规模"),
    "eff": Text("the tokens per rank", "每个 rank 的 token 数"),
    "page": Text("in use", "当前值"),
    "ok_chunk": Text("the next multiple of page size × attention-DP size", "页大小 × 注意力 DP 规模的下一个整数倍"),
    "n_paths": Text("the number of", "若干"),
    "twice": Text("twice that", "其两倍"),
    "n": Text("the number given", "所给的个数"),
    "wanted": Text("the size asked for", "所需的大小"),
    "aligned": Text("the aligned size", "对齐后的大小"),
    "ctx": Text("the model's context length", "模型的上下文长度"),
    "threads": Text("the value set", "所设的值"),
    "env_port": Text("the value set", "所设的值"),
    "release": Text("the release read", "所读取的版本"),
    "new": Text("the new name", "新名称"),
    "old": Text("the old names", "旧名称"),
    "t": Text("the transport it implies", "对应的传输方式"),
    "bad": Text("an unknown modality", "未知的模态"),
    "missing": Text("the ones left out are", "缺少的选项"),
    "arch": Text("the model's architecture", "模型的架构"),
    "architecture": Text("the model's architecture", "模型的架构"),
    "draft_arch": Text("the draft's architecture", "草稿模型的架构"),
    "archs": Text("the validated architectures", "已验证的架构"),
    "why": Text("the reason found", "检查出的原因"),
    "fix": Text("the fix for that reason", "针对该原因的修复方法"),
    "needs": Text("the conditions not met", "未满足的条件"),
    "reason": Text("the reason found", "检查出的原因"),
    "problem": Text("the problem found", "检查出的问题"),
    "what": Text("the option chosen", "所选的选项"),
    "runs": Text("the GPU generations it runs on", "它能运行的 GPU 代际"),
    "asked": Text("the options chosen, each with where it runs", "所选的选项及各自能运行的平台"),
    "all": Text("the features set", "所设置的功能"),
    "allowed": Text("allowed", "允许的"),
    "rewrites": Text("the settings changed", "被修改的设置"),
    "off": Text("the features set", "所设置的功能"),
    "given": Text("the options given", "所给的选项"),
    "unsupported": Text("the options that do not work with it", "与之不兼容的选项"),
    "said": Text("what the table says", "特性表的说明"),
    "how": Text("how to run it", "运行方式"),
    "backends": Text("the backends chosen", "所选的后端"),
    "backend": Text("chosen", "所选的"),
    "attention": Text("MHA or MLA", "MHA 或 MLA"),
    "torch_note": Text("a note on the torch version", "关于 torch 版本的说明"),
    "conflicts": Text("the options set", "所设置的选项"),
    "multi": Text("(the algorithm set)", "（所设的算法）"),
    "flags": Text("the option", "该选项"),
    "most": Text("the most allowed", "允许的最大值"),
    "suggest": Text("a value in range", "范围内的值"),
    "steps": Text("its built-in", "其内置的"),
    "chain": Text("steps + 1", "步数 + 1"),
    "gamma": Text("gamma", "gamma"),
    "window": Text("gamma + 1", "gamma + 1"),
    "ragged": Text("the value set", "所设的值"),
    "topk": Text("the architecture's top-k", "该架构的 top-k"),
    "ep": Text("the expert-parallel size", "专家并行规模"),
    "runners": Text("it supports", "它支持的"),
    "quant": Text("the checkpoint's", "检查点的"),
    "a2a": Text("the backend chosen", "所选的后端"),
    "entries": Text("the entries without them", "缺少这些键的条目"),
    "named": Text("chosen", "所选的后端"),
    "threshold": Text("the threshold set", "所设的 threshold"),
    "estimate": Text("the estimate set", "所设的 next_prompt_estimate"),
    "dsa_page": Text("64 × index_kpool", "64 × index_kpool"),
    "kpool": Text("from config.json", "取自 config.json"),
    "fa4_page": Text("the page size FA4 needs", "FA4 所需的页大小"),
    "strategy": Text("the strategy for the model", "适合该模型的策略"),
    "block": Text("the model's block size", "模型的块大小"),
    "gpu": Text("the GPU found", "检测到的 GPU"),
    "capability": Text("its", "其"),
    "cp": Text("the context-parallel size", "上下文并行规模"),
    "mimo_tp": Text("the model's attention TP", "模型的注意力 TP"),
    "draft": Text("the draft's backend", "草稿模型的后端"),
    "page_major": Text("the backends it supports", "它支持的后端"),
    "draft_type": Text("the draft's model_type", "草稿模型的 model_type"),
    "draft_hidden": Text("the draft's hidden size", "草稿模型的隐藏层大小"),
    "draft_vocab": Text("the draft's vocabulary size", "草稿模型的词表大小"),
    "hidden": Text("the target's hidden size", "目标模型的隐藏层大小"),
    "vocab": Text("the target's vocabulary size", "目标模型的词表大小"),
    "draft_target_layers": Text("N", "N"),
    "layers": Text("the target's layer count", "目标模型的层数"),
    "width": Text("steps + 1", "步数 + 1"),
    "required": Text("the tokens needed", "所需的 token 数"),
    "capacity": Text("capacity", "容量"),
    "env": Text("the environment variable", "对应环境变量"),
    "graph": Text("the graph's tokens", "该图的 token 数"),
    "lin_decode": Text("chosen", "所选的后端"),
    "lin_prefill": Text("chosen", "所选的后端"),
    "decode": Text("the decode backend chosen", "所选的解码后端"),
    "cp_width": Text("that width", "该宽度"),
    "act": Text("another activation", "其他激活函数"),
    "puzzle_counts": Text("several counts", "多种数量"),
    "model_type": Text("another model_type", "其他 model_type"),
    "min_chunk": Text("the minimum", "最小值"),
    "per_rank": Text("the tokens per rank", "每个 rank 的 token 数"),
    "mode": Text("the mode set", "所设的模式"),
    "budget": Text("budget", "预算"),
    "part": Text("its", "对应的"),
    "part_size": Text("parallel size", "并行规模"),
    "align": Text("the alignment", "对齐粒度"),
    "heads": Text("the head count", "头数"),
    "attn_tp": Text("the attention TP", "注意力 TP"),
    "chunk": Text("from config.json", "取自 config.json"),
    "q": Text("Q", "Q"),
    "f": Text("F", "F"),
    "k": Text("K", "K"),
    "slots": Text("Q × K", "Q × K"),
    "parents": Text("K × (F − 2) + 1", "K × (F − 2) + 1"),
    "q_1": Text("Q − 1", "Q − 1"),
}


def placeholder_words(name: str, lang: str, args: Collection[str] | None = None) -> str | None:
    """The words for one placeholder, or None when neither an argument (of ``args``, SGLang's by default) nor a
    known name."""
    if name in (SPECS if args is None else args):
        return name.upper()
    base = re.sub(r"_(en|zh)$", "", name)
    words = WORDS.get(base)
    return words(lang) if words is not None else None


def page_form(template: str, lang: str, args: Collection[str] | None = None) -> str:
    """``template`` with each ``{name}`` written for a page: ``*TP_SIZE*`` for an argument, words for the rest.

    A name without words raises KeyError: a page must not print a hole, and the test over every rule catches it.
    """
    out = []
    for literal, name, _spec, _conv in string.Formatter().parse(template):
        out.append(literal)
        if name is None:
            continue
        words = placeholder_words(name, lang, args)
        if words is None:
            raise KeyError(f"no page words for the placeholder {{{name}}} in {template!r}")
        out.append(f"*{words}*")
    return "".join(out)


# A code span (any run of backticks, closed by the same run) or a placeholder outside one.
_CODE_OR_HOLE = re.compile(r"(`+)(?:.+?)\1|\{([A-Za-z_][A-Za-z0-9_]*)\}", re.S)


def holes(text: str) -> list[str]:
    """Every ``{name}`` outside inline code spans and fenced blocks (``{}`` and JSON such as ``{"a": 1}`` are not
    placeholders)."""
    found = []
    in_fence = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        found += [m.group(2) for m in _CODE_OR_HOLE.finditer(line) if m.group(2)]
    return found


USAGE_WORDS = ("Usage:", "用法：", "用法:")


def _choice_values() -> set[str]:
    """Values some argument takes: click prints a one-value choice as ``{fsdp}`` in ``--help``, which is no hole."""
    return {str(c) for spec in SPECS.values() for c in (spec.choices or ())}


def holes_in(files: dict[str, str]) -> list[str]:
    """One line per Markdown or text file with a placeholder left in it."""
    out = []
    choices: set[str] | None = None
    for rel, text in files.items():
        if not rel.endswith((".md", ".txt")):
            continue
        if rel.endswith(".txt"):  # --help: typer writes a required argument as {name} in the usage line
            text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(USAGE_WORDS))
        found = holes(text)
        if found and rel.endswith(".txt"):
            choices = _choice_values() if choices is None else choices
            found = [n for n in found if n not in choices]
        if found:
            shown = ", ".join(sorted({f"{{{n}}}" for n in found}))
            out.append(f"{rel}: {len(found)} template placeholder(s) left in the text ({shown})")
    return out


class TemplateHoles(ValueError):
    """The writers' refusal: a generated file would print a template placeholder."""


def refuse_holes(files: dict[str, str]) -> None:
    problems = holes_in(files)
    if problems:
        raise TemplateHoles("refusing to write generated files with template placeholders:\n  " + "\n  ".join(problems))


__all__ = ["WORDS", "TemplateHoles", "holes", "holes_in", "page_form", "placeholder_words", "refuse_holes"]
