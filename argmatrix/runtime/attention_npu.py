"""Paged decode attention on Ascend through ``torch_npu``'s fused paged-attention operator.

Imported only when the engine runs on an NPU (``DECODE_BACKENDS`` in :mod:`.model_runner`).
``torch_npu._npu_paged_attention`` reads K/V through an int32 block table from a
cache laid out ``[blocks, block_size, kv_heads, head_dim]``, which is the pool's
per-layer layout, so nothing is gathered.  It has no sliding window: layers with
one use the torch implementation.

Status: untested: no Ascend hardware was available; the call follows the
signature SGLang's Ascend backend uses (``ascend_backend.py``, SGLang 0.5.23).
"""
from __future__ import annotations

import torch
import torch_npu  # registers torch.npu and the operators

from .attention import DecodeBatch, PagedDecode, TorchPagedDecode


class AscendPagedDecode(PagedDecode):
    name = "torch_npu._npu_paged_attention"

    def __init__(self, dtype: torch.dtype, page_size: int):
        if not hasattr(torch_npu, "_npu_paged_attention"):
            raise RuntimeError("this torch_npu has no _npu_paged_attention")
        self.fallback = TorchPagedDecode()     # sliding-window layers

    def prepare(self, decode: DecodeBatch, page_size: int, windows: set, dtype: torch.dtype) -> None:
        decode.scratch["block_table"] = decode.page_table.index_select(0, decode.table_rows).to(torch.int32)
        decode.scratch["context_lens"] = decode.kv_lens.to(torch.int32)
        if any(w is not None for w in windows):
            self.fallback.prepare(decode, page_size, windows, dtype)

    def forward(self, q, k_cache, v_cache, decode: DecodeBatch, scale: float, window: int | None) -> torch.Tensor:
        if window is not None:
            return self.fallback.forward(q, k_cache, v_cache, decode, scale, window)
        q = q.contiguous()
        out = torch.empty_like(q)
        torch_npu._npu_paged_attention(
            query=q, key_cache=k_cache, value_cache=v_cache, num_heads=q.shape[1], num_kv_heads=k_cache.shape[-2],
            scale_value=scale, block_table=decode.scratch["block_table"],
            context_lens=decode.scratch["context_lens"], out=out)
        return out
