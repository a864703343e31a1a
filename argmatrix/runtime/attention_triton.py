"""Paged decode attention as a Triton kernel (the CUDA path of :mod:`.attention`).

Imported only when the engine runs on CUDA (``model_runner.DECODE_BACKENDS``); it needs the
``triton`` package.  One program per (request, KV head) walks that request's
page table a block of positions at a time with an online softmax, loading K/V
straight from the pool: nothing is gathered into a contiguous buffer.  The
query heads that share the KV head are processed together (GQA).  Loop bounds
come from the lengths tensor on the device, so the launch has no host sync and
a CUDA graph can capture it.

Status: its logic is tested against :class:`TorchPagedDecode` under Triton's
CPU interpreter (``TRITON_INTERPRET=1``, tests/runtime/test_attention.py); it
has not been compiled or timed on a GPU here (see docs/benchmarks.md).
"""
from __future__ import annotations

import torch
import triton
import triton.language as tl

from .attention import DecodeBatch, PagedDecode


@triton.jit
def _paged_decode(q_ptr, k_ptr, v_ptr, table_ptr, rows_ptr, lens_ptr, out_ptr, scale, window,
                  stride_qb, stride_qh, stride_kp, stride_ks, stride_kh, stride_tr, stride_ob, stride_oh,
                  PAGE: tl.constexpr, GROUP: tl.constexpr, GROUP_P: tl.constexpr, D: tl.constexpr,
                  D_P: tl.constexpr, BLOCK: tl.constexpr):
    b = tl.program_id(0)
    kvh = tl.program_id(1)
    seq_len = tl.load(lens_ptr + b)
    table_row = tl.load(rows_ptr + b)
    first = tl.where(window > 0, tl.maximum(seq_len - window, 0), 0)   # one type on both paths

    g = tl.arange(0, GROUP_P)
    dd = tl.arange(0, D_P)
    g_ok = g < GROUP
    d_ok = dd < D
    heads = kvh * GROUP + g
    q = tl.load(q_ptr + b * stride_qb + heads[:, None] * stride_qh + dd[None, :],
                mask=g_ok[:, None] & d_ok[None, :], other=0.0).to(tl.float32)

    m = tl.full([GROUP_P], float("-inf"), tl.float32)
    total = tl.zeros([GROUP_P], tl.float32)
    acc = tl.zeros([GROUP_P, D_P], tl.float32)
    for start in range((first // BLOCK) * BLOCK, seq_len, BLOCK):
        pos = start + tl.arange(0, BLOCK)
        ok = (pos < seq_len) & (pos >= first)
        page = tl.load(table_ptr + table_row * stride_tr + pos // PAGE, mask=ok, other=0)
        off = page * stride_kp + (pos % PAGE) * stride_ks + kvh * stride_kh
        k = tl.load(k_ptr + off[:, None] + dd[None, :], mask=ok[:, None] & d_ok[None, :], other=0.0).to(tl.float32)
        v = tl.load(v_ptr + off[:, None] + dd[None, :], mask=ok[:, None] & d_ok[None, :], other=0.0).to(tl.float32)
        s = tl.sum(q[:, None, :] * k[None, :, :], axis=2) * scale            # [GROUP_P, BLOCK]
        s = tl.where(ok[None, :], s, float("-inf"))
        m_new = tl.maximum(m, tl.max(s, axis=1))
        p = tl.exp(s - m_new[:, None])
        corr = tl.exp(m - m_new)
        total = total * corr + tl.sum(p, axis=1)
        acc = acc * corr[:, None] + tl.sum(p[:, :, None] * v[None, :, :], axis=1)
        m = m_new
    out = acc / total[:, None]
    tl.store(out_ptr + b * stride_ob + heads[:, None] * stride_oh + dd[None, :],
             out.to(out_ptr.dtype.element_ty), mask=g_ok[:, None] & d_ok[None, :])


class TritonPagedDecode(PagedDecode):
    name = "triton"

    # The kernel forms a [group, block, head_dim] product in registers: keep it near 8k elements.
    REGISTER_BUDGET = 8192

    def __init__(self, dtype: torch.dtype, page_size: int, block: int | None = None):
        self.page_size = page_size
        self.block = block

    def forward(self, q, k_cache, v_cache, decode: DecodeBatch, scale: float, window: int | None) -> torch.Tensor:
        n, heads, d = q.shape
        kv_heads = k_cache.shape[-2]
        group = heads // kv_heads
        q = q.contiguous()
        out = torch.empty_like(q)
        table = decode.page_table
        _paged_decode[(n, kv_heads)](
            q, k_cache, v_cache, table, decode.table_rows, decode.kv_lens, out, scale, window or 0,
            q.stride(0), q.stride(1), k_cache.stride(0), k_cache.stride(1), k_cache.stride(2), table.stride(0),
            out.stride(0), out.stride(1),
            PAGE=self.page_size, GROUP=group, GROUP_P=triton.next_power_of_2(group), D=d,
            D_P=triton.next_power_of_2(d), BLOCK=self.block or min(128, max(
                16, self.REGISTER_BUDGET // (triton.next_power_of_2(group) * triton.next_power_of_2(d)))))
        return out
