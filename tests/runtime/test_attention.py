"""The paged attention pieces against plain per-request SDPA (float64): the batched prefill call and the
torch paged decode (one block and several), plus the Triton kernel under Triton's CPU interpreter."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

torch = pytest.importorskip("torch")

from argmatrix.runtime.attention import (  # noqa: E402
    AttentionMetadata,
    DecodeBatch,
    ExtendBatch,
    PagedAttention,
    TorchPagedDecode,
)
from argmatrix.runtime.model_runner import decode_backend_for  # noqa: E402

HEADS, KV_HEADS, D = 4, 2, 8


class Pool:
    """Just enough of KVPool: one layer, random pages."""

    def __init__(self, pages: int, page_size: int, seed: int = 0):
        g = torch.Generator().manual_seed(seed)
        self.page_size = page_size
        self.kv = torch.randn((2, 1, pages + 2, page_size, KV_HEADS, D), generator=g, dtype=torch.float64)
        self.kv[:, :, 0] = 0

    def layer(self, i):
        return self.kv[0, i], self.kv[1, i]


def reference(q, keys, values, q_pos, window=None):
    """Attention of queries at positions q_pos over keys [0, len(keys)) in plain float64 math."""
    k = keys.repeat_interleave(HEADS // KV_HEADS, dim=1)          # [S, heads, d]
    v = values.repeat_interleave(HEADS // KV_HEADS, dim=1)
    s = torch.einsum("qhd,khd->hqk", q, k) / D ** 0.5
    j = torch.arange(len(keys))
    visible = j[None, :] <= torch.tensor(q_pos)[:, None]
    if window is not None:
        visible &= j[None, :] > torch.tensor(q_pos)[:, None] - window
    s = s.masked_fill(~visible[None], float("-inf"))
    return torch.einsum("hqk,khd->qhd", s.softmax(-1), v)


def pages_of(pool, n_tokens, first):
    n = -(-n_tokens // pool.page_size)
    return list(range(first, first + n))


def read(pool, pages, n):
    k, v = pool.layer(0)
    return k[pages].reshape(-1, KV_HEADS, D)[:n], v[pages].reshape(-1, KV_HEADS, D)[:n]


@pytest.mark.parametrize("window", [None, 5])
@pytest.mark.parametrize("page_size", [1, 4])
def test_batched_prefill_with_prefixes_and_decodes_in_one_step(page_size, window):
    """Three prefill chunks (no prefix, aligned and unaligned cached prefixes) and two decodes, one call."""
    pool = Pool(64, page_size)
    g = torch.Generator().manual_seed(1)
    chunks = [(0, 7), (8, 5), (6, 9)]           # (cached prefix, chunk length)
    decodes = [11, 3]                           # kv_len of each decode, the new token included
    table = torch.zeros((8, 16), dtype=torch.long)
    first, reqs = 1, []
    for slot, (prefix, n) in enumerate(chunks):
        pages = pages_of(pool, prefix + n, first)
        first += len(pages)
        table[slot, :len(pages)] = torch.tensor(pages)
        reqs.append((slot, prefix, n, pages))
    for j, kv in enumerate(decodes):
        pages = pages_of(pool, kv, first)
        first += len(pages)
        table[3 + j, :len(pages)] = torch.tensor(pages)
        reqs.append((3 + j, kv - 1, 1, pages))
    t = sum(n for _, _, n, _ in reqs)
    q = torch.randn((t, HEADS, D), generator=g, dtype=torch.float64)
    k = torch.randn((t, KV_HEADS, D), generator=g, dtype=torch.float64)
    v = torch.randn((t, KV_HEADS, D), generator=g, dtype=torch.float64)
    # rows: the two decodes first (as with --enable-mixed-chunk), then the chunks
    order = reqs[3:] + reqs[:3]
    slots, row, rows_of = [], 0, {}
    for slot, start, n, pages in order:
        rows_of[slot] = range(row, row + n)
        for p in range(start, start + n):
            slots.append(pages[p // page_size] * page_size + p % page_size)
        row += n
    max_q = max(n for _, n in chunks)
    meta = AttentionMetadata(torch.tensor(slots))
    meta.decode = DecodeBatch(table, torch.tensor([3, 4]), torch.tensor(decodes), rows=torch.tensor([0, 1]),
                              max_kv_len=max(decodes))
    e_rows = [r for slot in range(3) for r in rows_of[slot]]
    padded = [b * max_q + i for b, (_, n) in enumerate(chunks) for i in range(n)]
    meta.extend = ExtendBatch(torch.tensor(e_rows), torch.tensor(padded), table[:3, :-(-15 // page_size)],
                              [n for _, n in chunks], [p + n for p, n in chunks])
    attention = PagedAttention(pool)
    attention.prepare(meta, {window}, torch.float64)
    out = attention.forward(0, q, k, v, meta, D ** -0.5, window)
    for slot, start, n, pages in order:
        keys, values = read(pool, pages, start + n)
        r = rows_of[slot]
        want = reference(q[r.start:r.stop], keys, values, list(range(start, start + n)), window)
        torch.testing.assert_close(out[r.start:r.stop], want, rtol=1e-10, atol=1e-10)


@pytest.mark.parametrize("block", [512, 3])
@pytest.mark.parametrize("window", [None, 4])
def test_torch_paged_decode_blocks(block, window):
    """One SDPA block, and an online softmax over many blocks (with blocks wholly outside the window)."""
    page_size = 2
    pool = Pool(64, page_size, seed=3)
    lens = [1, 2, 9, 17, 6]
    table = torch.zeros((6, 12), dtype=torch.long)
    first = 1
    for i, n in enumerate(lens):
        pages = pages_of(pool, n, first)
        first += len(pages)
        table[i, :len(pages)] = torch.tensor(pages)
    q = torch.randn((len(lens), HEADS, D), generator=torch.Generator().manual_seed(4), dtype=torch.float64)
    for max_kv_len in (max(lens), None):           # None: the whole table, as a graph replay reads it
        decode = DecodeBatch(table, torch.arange(len(lens)), torch.tensor(lens), max_kv_len=max_kv_len)
        backend = TorchPagedDecode(block=block)
        backend.prepare(decode, page_size, {window}, torch.float64)
        k_cache, v_cache = pool.layer(0)
        out = backend.forward(q, k_cache, v_cache, decode, D ** -0.5, window)
        for i, n in enumerate(lens):
            keys, values = read(pool, table[i, :-(-n // page_size)].tolist(), n)
            want = reference(q[i:i + 1], keys, values, [n - 1], window)
            torch.testing.assert_close(out[i:i + 1], want, rtol=1e-10, atol=1e-10)


def test_cpu_selects_the_torch_decode():
    assert isinstance(decode_backend_for("cpu", torch.float32, 1), TorchPagedDecode)


TRITON_CHECK = r"""
import torch
from argmatrix.runtime.attention import DecodeBatch, TorchPagedDecode
from argmatrix.runtime.attention_triton import TritonPagedDecode
torch.manual_seed(0)
for heads, kv_heads, d, page_size, window in [(4, 2, 8, 2, None), (14, 2, 16, 4, 5), (3, 3, 4, 1, None)]:
    pages = 40
    k_cache = torch.randn(pages + 2, page_size, kv_heads, d)
    v_cache = torch.randn(pages + 2, page_size, kv_heads, d)
    lens = torch.tensor([1, 7, 13, 2])
    table = torch.randint(1, pages + 1, (6, 16))
    decode = DecodeBatch(table, torch.tensor([4, 0, 2, 5]), lens, max_kv_len=None)
    q = torch.randn(4, heads, d)
    ref = TorchPagedDecode()
    ref.prepare(decode, page_size, {window}, torch.float32)
    want = ref.forward(q, k_cache, v_cache, decode, d ** -0.5, window)
    for block in (8, None):                      # several blocks per request; the default block
        tri = TritonPagedDecode(dtype=torch.float32, page_size=page_size, block=block)
        tri.prepare(decode, page_size, {window}, torch.float32)
        got = tri.forward(q, k_cache, v_cache, decode, d ** -0.5, window)
        torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-5)
print("triton-ok")
"""


@pytest.mark.slow
def test_triton_kernel_matches_the_reference_in_the_interpreter():
    """The CUDA kernel's logic, run by Triton's CPU interpreter (no GPU here); skipped without triton."""
    pytest.importorskip("triton")
    env = dict(os.environ, TRITON_INTERPRET="1")
    result = subprocess.run([sys.executable, "-c", TRITON_CHECK], env=env, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0 and "triton-ok" in result.stdout, result.stderr[-3000:]
