"""Attention over the paged KV cache, in plain torch.

One implementation for every device: write the step's new K/V into their
slots, gather each request's pages, and call ``scaled_dot_product_attention``.
Decodes (one query token) are gathered together into one padded batch; extends
(prefill chunks) run one request at a time, with an explicit bottom-right
causal mask when part of the sequence is already cached.  A fused paged kernel
can replace :class:`TorchPagedAttention` by implementing the same ``forward``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import torch
import torch.nn.functional as F


@dataclass
class Extend:
    """One request's prefill chunk: query rows ``[row, row + q_len)`` over ``kv_len`` keys."""

    row: int
    q_len: int
    kv_len: int
    pages: torch.Tensor                      # [ceil(kv_len / page_size)] page ids
    masks: dict = field(default_factory=dict)   # sliding window -> bool mask (None: plain causal)


@dataclass
class AttentionMetadata:
    """Where this step's tokens live in the pool; built once per step, shared by all layers."""

    slot_mapping: torch.Tensor               # [T] flat slot (page * page_size + offset) of each new token
    decode_rows: torch.Tensor | None = None  # [D] rows of the single-token queries
    decode_pages: torch.Tensor | None = None  # [D, max_pages] page tables, padded with the null page
    decode_kv_lens: torch.Tensor | None = None  # [D] keys per query, the new token included
    decode_masks: dict = field(default_factory=dict)  # sliding window -> [D, 1, 1, S] bool
    extends: list[Extend] = field(default_factory=list)

    def prepare(self, windows: set, page_size: int, dtype: torch.dtype) -> None:
        """Build the masks every layer will reuse (one set per distinct sliding window).

        The decode mask is additive (0 / -inf in the model dtype): SDPA's CPU kernel runs it
        faster than a boolean one.
        """
        for window in windows:
            if self.decode_kv_lens is not None:
                span = self.decode_pages.shape[1] * page_size
                keys = torch.arange(span, device=self.decode_kv_lens.device)
                lens = self.decode_kv_lens[:, None]
                mask = keys[None, :] < lens
                if window is not None:
                    mask &= keys[None, :] >= lens - window
                additive = torch.zeros(mask.shape, dtype=dtype, device=mask.device).masked_fill_(~mask, float("-inf"))
                self.decode_masks[window] = additive[:, None, None, :]
            for ext in self.extends:
                ext.masks[window] = causal_mask(ext.q_len, ext.kv_len, window, self.slot_mapping.device)


def causal_mask(q_len: int, kv_len: int, window: int | None, device) -> torch.Tensor | None:
    """Bottom-right aligned causal mask (query i sits at position kv_len - q_len + i); None when plain causal."""
    if q_len == kv_len and (window is None or window >= kv_len):
        return None                          # SDPA's own is_causal covers it, with the fast path
    q_pos = torch.arange(kv_len - q_len, kv_len, device=device)[:, None]
    k_pos = torch.arange(kv_len, device=device)[None, :]
    mask = k_pos <= q_pos
    if window is not None:
        mask &= k_pos > q_pos - window
    return mask


def gather_pages(cache: torch.Tensor, pages: torch.Tensor) -> torch.Tensor:
    """``cache[pages]`` as ``[B, kv_heads, pages * page_size, d]``, contiguous.

    One row-wise index_select over the flattened pool (much faster on CPU than advanced
    indexing), then one copy into the head-major layout SDPA runs fastest on.
    """
    b, n = pages.shape
    _, page_size, kv_heads, d = cache.shape
    rows = cache.view(cache.shape[0], -1).index_select(0, pages.reshape(-1))
    return rows.view(b, n * page_size, kv_heads, d).transpose(1, 2).contiguous()


class TorchPagedAttention:
    """``forward(layer, q, k, v, meta, scale, window)``: q ``[T, heads, d]``, k/v ``[T, kv_heads, d]``."""

    def __init__(self, pool):
        self.pool = pool

    def forward(self, layer: int, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, meta: AttentionMetadata,
                scale: float, window: int | None) -> torch.Tensor:
        k_cache, v_cache = self.pool.layer(layer)        # [pages + 1, page_size, kv_heads, d]
        kv_heads, d = k_cache.shape[-2:]
        k_cache.view(-1, kv_heads, d).index_copy_(0, meta.slot_mapping, k)
        v_cache.view(-1, kv_heads, d).index_copy_(0, meta.slot_mapping, v)
        out = torch.empty_like(q)
        heads = q.shape[1]
        group = heads // kv_heads

        if meta.decode_rows is not None:
            n = meta.decode_rows.shape[0]
            keys = gather_pages(k_cache, meta.decode_pages)          # [D, kv_heads, S, d]
            values = gather_pages(v_cache, meta.decode_pages)
            # The query heads that share a KV head ride along as extra query rows: no K/V repeat.
            qd = q.index_select(0, meta.decode_rows).view(n, kv_heads, group, d)
            o = F.scaled_dot_product_attention(qd, keys, values, attn_mask=meta.decode_masks[window], scale=scale)
            out.index_copy_(0, meta.decode_rows, o.reshape(n, heads, d))

        for ext in meta.extends:
            keys = gather_pages(k_cache, ext.pages[None])[..., :ext.kv_len, :]     # [1, kv_heads, S, d]
            values = gather_pages(v_cache, ext.pages[None])[..., :ext.kv_len, :]
            qe = q[ext.row:ext.row + ext.q_len].transpose(0, 1)[None]               # [1, heads, L, d]
            mask = ext.masks[window]
            o = F.scaled_dot_product_attention(qe, keys, values, attn_mask=mask, is_causal=mask is None,
                                               scale=scale, enable_gqa=group > 1)
            out[ext.row:ext.row + ext.q_len] = o[0].transpose(0, 1)
        return out
