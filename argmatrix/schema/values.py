"""How a value is printed, in the two places argmatrix prints values.

* :func:`as_argv`: the way a person writes it after a flag (``true``, ``1,2,4``, ``0.85``); findings use it,
  so a fix can be pasted back onto the command line.
* :func:`as_doc`: the way SGLang's Ascend pages print a default or an option (``True``, ``None``, JSON for
  lists and objects); the generated pages and the matrix snapshots use it, so they compare with the seeds.
"""
from __future__ import annotations

import json
from typing import Any


def clipped(text: str, limit: int = 80) -> str:
    """``text`` cut to ``limit`` characters for a message line (the finding keeps the whole value): a 100,000-character
    value quoted in full buries the finding it belongs to."""
    return text if len(text) <= limit else f"{text[:limit - 3]}... ({len(text):,} characters)"


def as_argv(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(as_argv(v) for v in value)
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def as_doc(value: Any) -> str:
    if value is None:
        return "None"
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, str):
        return value if value else '""'
    if isinstance(value, (dict, list, tuple)):
        return json.dumps(list(value) if isinstance(value, tuple) else value, ensure_ascii=False)
    return str(value)
