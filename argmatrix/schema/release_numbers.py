"""Release numbers of any engine, read from their text: the one parse SGLang's, vLLM's and vLLM-Ascend's release
lines share (each line's own facts are in its own module)."""
from __future__ import annotations

import functools


@functools.lru_cache(maxsize=256)  # a few dozen release texts, asked for every flag of every launch
def release_numbers(text: str, least: int = 3) -> tuple[int, ...]:
    """``"0.5.23"`` -> ``(0, 5, 23)``; ``"v0.5.9.post1"`` -> ``(0, 5, 9)`` (post releases keep the flag set);
    with ``least=2``, ``"0.33"`` -> ``(0, 33, 0)``.  ValueError for fewer than ``least`` numbers."""
    out = []
    for part in text.strip().lstrip("vV").split("."):
        if not part.isdigit():
            break
        out.append(int(part))
    if len(out) < least:
        raise ValueError(f"'{text}' is not a release number like 0.5.23")
    return tuple((out + [0, 0])[:3])
