"""Attention over the paged KV cache.

:class:`PagedAttention` is what every layer calls.  It writes the step's new
K/V into their slots, then runs

* **one batched prefill call** for all the step's prefill chunks: each chunk's
  queries attend to its own request's keys only (cached prefix + the chunk),
  bottom-right causal.  The chunks are padded into one ``[B, Lq]`` x ``[B, Lkv]``
  batch (a block-diagonal attention over the requests) and go through
  ``scaled_dot_product_attention`` in one call, on every device;
* **one paged decode call** for all single-token queries, through a
  :class:`PagedDecode` the runner chose by device (``model_runner.DECODE_BACKENDS``): it reads K/V
  through the page table instead of first copying each request's whole KV into
  a contiguous buffer.  :class:`TorchPagedDecode` is the CPU path and the
  reference the others are tested against; the Triton kernel (CUDA) and
  ``torch_npu``'s fused paged attention (Ascend) live in their own modules and
  are imported only on those devices.

Everything a step's layers share (masks, key indices) is built once per step
by ``prepare`` and kept on the metadata.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F

log = logging.getLogger(__name__)


@dataclass
class DecodeBatch:
    """The step's single-token queries."""

    page_table: torch.Tensor                 # [R, W] page ids, padded with the null page (the runner's table)
    table_rows: torch.Tensor                 # [D] each query's row in page_table
    kv_lens: torch.Tensor                    # [D] keys per query, the new token included
    rows: torch.Tensor | None = None         # [D] their rows in q; None: q is exactly the decodes, in order
    max_kv_len: int | None = None            # host-side bound on kv_lens; None: the whole table (graph replay)
    scratch: dict = field(default_factory=dict)   # the decode backend's per-step state (masks, indices)


@dataclass
class ExtendBatch:
    """The step's prefill chunks, padded into one batch: chunk ``b`` fills ``q_lens[b]`` of ``max_q`` rows."""

    rows: torch.Tensor                       # [Te] rows of q holding chunk tokens, chunk after chunk
    padded_index: torch.Tensor | None        # [Te] where each lands in the flat [B * max_q] layout (None: B == 1)
    pages: torch.Tensor                      # [B, Wp] page tables
    q_lens: list[int]
    kv_lens: list[int]
    masks: dict = field(default_factory=dict)     # sliding window -> [B, 1, max_q, max_kv] bool, or None

    @property
    def max_q(self) -> int:
        return max(self.q_lens)

    @property
    def max_kv(self) -> int:
        return max(self.kv_lens)


@dataclass
class AttentionMetadata:
    """Where this step's tokens live in the pool; built once per step, shared by all layers."""

    slot_mapping: torch.Tensor               # [T] flat slot (page * page_size + offset) of each new token
    decode: DecodeBatch | None = None
    extend: ExtendBatch | None = None


def extend_mask(q_lens: list[int], kv_lens: list[int], window: int | None, device,
                dtype: torch.dtype = torch.float32) -> torch.Tensor | None:
    """``[B, 1, max_q, max_kv]`` additive (0 / -inf): query i of chunk b (at position kv_len - q_len + i)
    sees keys <= it.

    None when SDPA's own top-left ``is_causal`` is exact: no chunk has a cached prefix and no window
    cuts in.  Padding then sits after each chunk, where only padding queries (dropped) see it.
    Otherwise padding query rows see key 0 so no row is all -inf (SDPA would return NaN).
    """
    if q_lens == kv_lens and (window is None or window >= max(kv_lens)):
        return None
    max_q, max_kv = max(q_lens), max(kv_lens)
    q_lens_t = torch.tensor(q_lens, device=device)[:, None, None]
    kv_lens_t = torch.tensor(kv_lens, device=device)[:, None, None]
    i = torch.arange(max_q, device=device)[None, :, None]
    j = torch.arange(max_kv, device=device)[None, None, :]
    q_pos = kv_lens_t - q_lens_t + i
    mask = (j <= q_pos) & (j < kv_lens_t)
    if window is not None:
        mask &= j > q_pos - window
    mask |= (i >= q_lens_t) & (j == 0)
    # additive, made once per step: SDPA would otherwise convert a boolean mask in every layer
    return torch.zeros(mask.shape, dtype=dtype, device=device).masked_fill_(~mask, float("-inf"))[:, None]


def gather_pages(cache: torch.Tensor, pages: torch.Tensor, length: int) -> torch.Tensor:
    """``cache[pages]`` as ``[B, kv_heads, length, d]`` (prefill only: its keys are needed whole anyway)."""
    b, n = pages.shape
    _, page_size, kv_heads, d = cache.shape
    rows = cache.view(cache.shape[0], -1).index_select(0, pages.reshape(-1))
    return rows.view(b, n * page_size, kv_heads, d)[:, :length].transpose(1, 2).contiguous()


class PagedDecode:
    """The device-specific part: decode attention read through the page table.

    ``prepare(decode, page_size, windows, dtype)`` once per step; ``forward(q, k_cache, v_cache,
    decode, scale, window)`` per layer, q ``[D, heads, d]`` -> ``[D, heads, d]``; caches
    ``[pages, page_size, kv_heads, d]``.  Both must stay free of host synchronisation so a
    device graph can capture them.
    """

    name = "abstract"

    def prepare(self, decode: DecodeBatch, page_size: int, windows: set, dtype: torch.dtype) -> None:
        pass

    def forward(self, q, k_cache, v_cache, decode: DecodeBatch, scale: float, window: int | None) -> torch.Tensor:
        raise NotImplementedError


class TorchPagedDecode(PagedDecode):
    """Plain torch, any device: keys are read through the page table a block of pages at a time
    (``block`` positions or more), with an online softmax across blocks, so the scratch per layer
    is ``[D, block]`` keys whatever the context length.  Short contexts (one block) take one SDPA
    call.  Whole pages are gathered (a page holds every head: the largest rows, the fastest
    index_select) and SDPA reads them through a transposed view, without a layout copy.

    The block's page indices and its additive mask are computed once per step in ``prepare``.
    """

    name = "torch"

    def __init__(self, block: int = 512):
        self.block = block

    def prepare(self, decode: DecodeBatch, page_size: int, windows: set, dtype: torch.dtype) -> None:
        lens = decode.kv_lens
        dev = lens.device
        width = decode.page_table.shape[1]
        if decode.max_kv_len is not None:
            width = min(width, -(-decode.max_kv_len // page_size))
        table = decode.page_table[:, :width].index_select(0, decode.table_rows)
        per_block = max(1, self.block // page_size)
        blocks = []
        for first in range(0, width, per_block):
            last = min(width, first + per_block)
            pos = torch.arange(first * page_size, last * page_size, device=dev)
            masks = {}
            for window in windows:
                visible = pos[None, :] < lens[:, None]
                if window is not None:
                    visible &= pos[None, :] >= lens[:, None] - window
                # additive (0 / -inf): SDPA's CPU kernel runs it faster than a boolean mask
                masks[window] = torch.zeros(visible.shape, dtype=dtype, device=dev).masked_fill_(
                    ~visible, float("-inf"))[:, None, None, :]
            blocks.append((table[:, first:last].reshape(-1), masks))
        decode.scratch["blocks"] = blocks

    @staticmethod
    def _keys(cache: torch.Tensor, pages: torch.Tensor, count: int) -> torch.Tensor:
        """``[D, kv_heads, n, d]`` (a strided view) of a block's pages."""
        _, _, kv_heads, d = cache.shape
        rows = cache.view(cache.shape[0], -1).index_select(0, pages)
        return rows.view(count, -1, kv_heads, d).transpose(1, 2)

    def forward(self, q, k_cache, v_cache, decode: DecodeBatch, scale: float, window: int | None) -> torch.Tensor:
        n, heads, d = q.shape
        kv_heads = k_cache.shape[-2]
        # The query heads sharing a KV head ride along as extra query rows: no K/V repeat.
        qg = q.view(n, kv_heads, heads // kv_heads, d)
        blocks = decode.scratch["blocks"]
        if len(blocks) == 1:
            pages, masks = blocks[0]
            keys, values = self._keys(k_cache, pages, n), self._keys(v_cache, pages, n)
            out = F.scaled_dot_product_attention(qg, keys, values, attn_mask=masks[window], scale=scale)
            return out.reshape(n, heads, d)
        # Online softmax over blocks (flash-decoding's recurrence), in float32 or wider.
        acc_dtype = torch.promote_types(q.dtype, torch.float32)
        qf = qg.to(acc_dtype) * scale
        m = torch.full(qg.shape[:-1], float("-inf"), dtype=acc_dtype, device=q.device)
        total = torch.zeros_like(m)
        acc = torch.zeros(qg.shape, dtype=acc_dtype, device=q.device)
        for pages, masks in blocks:
            keys = self._keys(k_cache, pages, n).to(acc_dtype).contiguous()
            values = self._keys(v_cache, pages, n).to(acc_dtype).contiguous()
            s = qf @ keys.transpose(-1, -2) + masks[window].to(acc_dtype)   # [D, kvh, g, block]
            m_new = torch.maximum(m, s.amax(-1))
            safe = torch.where(torch.isinf(m_new), torch.zeros_like(m_new), m_new)   # a block wholly masked
            p = torch.exp(s - safe[..., None])
            corr = torch.exp(m - safe)
            total = total * corr + p.sum(-1)
            acc = acc * corr[..., None] + p @ values
            m = m_new
        return (acc / total[..., None]).to(q.dtype).reshape(n, heads, d)


class PagedAttention:
    """``forward(layer, q, k, v, meta, scale, window)``: q ``[T, heads, d]``, k/v ``[T, kv_heads, d]``."""

    def __init__(self, pool, decode: PagedDecode | None = None):
        self.pool = pool
        self.decode = decode or TorchPagedDecode()

    def prepare(self, meta: AttentionMetadata, windows: set, dtype: torch.dtype) -> None:
        """Per-step work shared by every layer."""
        ps = self.pool.page_size
        if meta.decode is not None:
            self.decode.prepare(meta.decode, ps, windows, dtype)
        ext = meta.extend
        if ext is not None:
            for window in windows:
                ext.masks[window] = extend_mask(ext.q_lens, ext.kv_lens, window, meta.slot_mapping.device, dtype)

    def forward(self, layer: int, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, meta: AttentionMetadata,
                scale: float, window: int | None) -> torch.Tensor:
        k_cache, v_cache = self.pool.layer(layer)        # [pages, page_size, kv_heads, d]
        kv_heads, d = k_cache.shape[-2:]
        k_cache.view(-1, kv_heads, d).index_copy_(0, meta.slot_mapping, k)
        v_cache.view(-1, kv_heads, d).index_copy_(0, meta.slot_mapping, v)
        dec, ext = meta.decode, meta.extend
        if ext is None and dec is not None and dec.rows is None:
            return self.decode.forward(q, k_cache, v_cache, dec, scale, window)
        out = torch.empty_like(q)
        if dec is not None:
            rows = dec.rows
            assert rows is not None, "a batch with extends names the rows of its decodes"
            o = self.decode.forward(q.index_select(0, rows), k_cache, v_cache, dec, scale, window)
            out.index_copy_(0, rows, o)
        if ext is not None:
            self._extend(q, k_cache, v_cache, ext, scale, window, out)
        return out

    @staticmethod
    def _extend(q, k_cache, v_cache, ext: ExtendBatch, scale: float, window, out: torch.Tensor) -> None:
        """Every prefill chunk of the step in one SDPA call (padded, per-request causal mask)."""
        heads, d = q.shape[1:]
        b, max_q, max_kv = len(ext.q_lens), ext.max_q, ext.max_kv
        qe = q.index_select(0, ext.rows)
        if ext.padded_index is not None:
            qe = q.new_zeros((b * max_q, heads, d)).index_copy_(0, ext.padded_index, qe)
        qe = qe.view(b, max_q, heads, d).transpose(1, 2)                       # [B, heads, max_q, d]
        keys = gather_pages(k_cache, ext.pages, max_kv)                          # [B, kv_heads, max_kv, d]
        values = gather_pages(v_cache, ext.pages, max_kv)
        mask = ext.masks[window]
        o = F.scaled_dot_product_attention(qe, keys, values, attn_mask=mask, is_causal=mask is None, scale=scale,
                                           enable_gqa=heads != keys.shape[1])
        o = o.transpose(1, 2).reshape(b * max_q, heads, d)
        if ext.padded_index is not None:
            o = o.index_select(0, ext.padded_index)
        out.index_copy_(0, ext.rows, o)
