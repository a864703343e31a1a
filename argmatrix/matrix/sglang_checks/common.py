"""What SGLang's start-up checks share: the release they were read from, and the resolved widths they divide by."""

from __future__ import annotations

from typing import Any

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


def sglang_source(where: str) -> str:
    return f"SGLang {READ_FROM} {where}"


