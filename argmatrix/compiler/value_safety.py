"""Values no writer can carry: nested deeper than any configuration needs, or holding a lone surrogate.

Every later step (redaction, the memory plan, JSON and YAML writers, the terminal) walks a value recursively or
encodes it as UTF-8, so a 10,000-level dotted key (``--json-model-override-args.a.a....a 1``) or a ``\\ud800``
from a JSON escape ended in a traceback far from the flag.  They are found here, right after the sources merge,
by one iterative walk per value set, and each becomes an error finding naming the flag, where in the value, and
a fix; the value falls back to the default so nothing downstream sees it.
"""
from __future__ import annotations

from typing import Any

from ..schema.meta import Text
from .findings import ERROR, USAGE, Finding

# Deeper than any engine's JSON configuration (a few levels), far below Python's recursion limit.
MAX_VALUE_DEPTH = 64


def _where(path: list[Any]) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".") or "the value"


def problem(value: Any) -> tuple[str, list[Any], int] | None:
    """("depth", path, depth) for a value nested deeper than :data:`MAX_VALUE_DEPTH`, ("surrogate", path, index)
    for a string (or key) holding a lone surrogate at ``index``; None when the value is safe."""
    if value is None or type(value) in (bool, int, float):
        return None  # most values of a launch: nothing to walk
    stack: list[tuple[Any, list[Any], int]] = [(value, [], 0)]
    while stack:
        item, path, depth = stack.pop()
        if depth > MAX_VALUE_DEPTH:
            return "depth", path[:8], depth
        if isinstance(item, str):
            index = _surrogate_at(item)
            if index is not None:
                return "surrogate", path, index
        elif isinstance(item, dict):
            for key, sub in item.items():
                if isinstance(key, str) and _surrogate_at(key) is not None:
                    return "surrogate", [*path, key], _surrogate_at(key) or 0
                stack.append((sub, [*path, key] if len(path) < 64 else path, depth + 1))
        elif isinstance(item, (list, tuple)):
            for i, sub in enumerate(item):
                stack.append((sub, [*path, i] if len(path) < 64 else path, depth + 1))
    return None


def _surrogate_at(text: str) -> int | None:
    if text.isascii():
        return None
    try:
        text.encode("utf-8")
        return None
    except UnicodeEncodeError as exc:
        return exc.start


def unsafe_value_findings(values: dict[str, Any], names: set[str], flags: dict[str, str], sources: dict[str, str],
                          platform: str | None) -> list[Finding]:
    """AM-E012 (too deep) and AM-E013 (a lone surrogate) for the values of ``names``."""
    out: list[Finding] = []
    for name in sorted(names):
        found = problem(values.get(name))
        if found is None:
            continue
        kind, path, at = found
        flag = flags.get(name, name)
        where = _where(path)
        if kind == "depth":
            out.append(Finding("AM-E012", ERROR, USAGE,
                               Text(f"{flag} nests more than {MAX_VALUE_DEPTH} levels deep (at {where}...)",
                                    f"{flag} 的取值嵌套超过 {MAX_VALUE_DEPTH} 层（位于 {where}...）"),
                               Text(f"no engine configuration nests that deep: check the dotted keys or JSON given "
                                    f"to {flag}", f"没有任何引擎配置需要这么深的嵌套：请检查传给 {flag} 的点分键或 JSON"),
                               field=name, flag=flag, value=None, source=sources.get(name), platform=platform))
        else:
            out.append(Finding("AM-E013", ERROR, USAGE,
                               Text(f"{flag}: {where} holds a lone surrogate at character {at} (such as \\ud800 "
                                    f"from a JSON escape), which is not text any engine or file can take",
                                    f"{flag}：{where} 的第 {at} 个字符是单独的代理码元（例如 JSON 转义得到的 "
                                    f"\\ud800），任何引擎或文件都无法接受"),
                               Text(f"write {flag} as valid UTF-8 text", f"请用有效的 UTF-8 文本书写 {flag}"),
                               field=name, flag=flag, value=None, source=sources.get(name), platform=platform))
    return out
