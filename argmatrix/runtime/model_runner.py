"""Turn a scheduled batch into one model call and return the logits to sample from.

``NativeRunner`` (``--model-impl sglang``) flattens the batch into one
``[tokens]`` sequence over the paged pool.  ``TransformersRunner``
(``--model-impl transformers``) runs any causal LM one request at a time with
a per-request transformers cache: slower, but general.  Both return logits for
the requests whose fed tokens reach the end of their token list, in batch order.
"""
from __future__ import annotations

import importlib
import inspect
import logging
import time
from typing import TYPE_CHECKING, Protocol

import torch

from .attention import AttentionMetadata, DecodeBatch, ExtendBatch, PagedAttention, PagedDecode, TorchPagedDecode
from .distributed import DECODE, PREFILL
from .kv_cache import KVPool
from .llama import NativeCausalLM
from .scheduler import Request, ScheduledBatch

if TYPE_CHECKING:
    from .graphs import DecodeGraphRunner

log = logging.getLogger(__name__)

# Device type -> "module:class" of its paged decode; anything else runs TorchPagedDecode.
DECODE_BACKENDS = {
    "cuda": "argmatrix.runtime.attention_triton:TritonPagedDecode",
    "npu": "argmatrix.runtime.attention_npu:AscendPagedDecode",
}


def decode_backend_for(device: torch.device | str, dtype: torch.dtype, page_size: int) -> PagedDecode:
    """The paged decode for ``device``; the torch reference where the device's own cannot load."""
    spec = DECODE_BACKENDS.get(torch.device(device).type)
    if spec is not None:
        module, _, cls = spec.partition(":")
        try:
            backend = getattr(importlib.import_module(module), cls)(dtype=dtype, page_size=page_size)
            log.info("paged decode attention: %s", backend.name)
            return backend
        except (ImportError, RuntimeError, ValueError) as exc:
            log.warning("paged decode attention: %s unavailable (%s); using the torch implementation", cls, exc)
    return TorchPagedDecode()


# index lists in a prefill step's flat tensor: ids, positions, rows, 3 decode, 3 extend, padded, samples, 3 updates
PREFILL_PARTS = 13


def sampling_rows(batch: ScheduledBatch) -> list[int]:
    """Indices into ``batch.reqs`` of the requests that sample this step."""
    return [i for i, (r, n) in enumerate(zip(batch.reqs, batch.lens)) if r.kv_len + n == len(r.token_ids)]


class ModelRunner(Protocol):
    """What the engine's step loop asks of a runner; NativeRunner and TransformersRunner are the two."""

    device: torch.device
    model_s: float                       # time inside the model's forward in the last step

    def release(self, req: Request) -> None:
        """``req`` left the running batch (finished or preempted): forget what was kept for it."""

    def pages_replaced(self, req: Request) -> None:
        """``req``'s pages were swapped for shared prefix pages: rebuild what points at them."""

    def forward(self, batch: ScheduledBatch) -> torch.Tensor:
        """Logits for the requests of ``batch`` that sample this step, in batch order."""
        ...


class NativeRunner:
    def __init__(self, hf_model, pool: KVPool, max_running: int, max_context_len: int, device, tp_group=None):
        self.device = device
        self.page_size = pool.page_size
        self.dtype = pool.kv.dtype
        self.attention = PagedAttention(pool, decode_backend_for(device, self.dtype, pool.page_size))
        self.model = NativeCausalLM(hf_model, self.attention)
        # Tensor parallel (distributed.py): this rank's shard of the model; rank 0 sends each step to the others.
        # None with --tp-size 1, so the single-process path pays nothing for it.
        self.tp = tp_group
        if tp_group is not None:
            from .tensor_parallel import shard_model

            shard_model(self.model, tp_group)
        self.windows = set(self.model.windows)
        self.vocab_size = hf_model.config.vocab_size
        # Each running request's page table lives in a row of this tensor (the row is ``req.slot``),
        # updated only where pages were added, so building a step costs O(new pages), not O(context).
        # The extra last row points at the scratch page: padding rows of a decode graph use it.
        self.max_pages = -(-max_context_len // self.page_size) + 1
        self.page_table = torch.zeros((max_running + 1, self.max_pages), dtype=torch.long, device=device)
        self.pad_row = max_running
        self.page_table[self.pad_row] = pool.scratch_page
        # a DecodeGraphRunner (graphs.py) when graphs or torch.compile are on
        self.decode_graphs: DecodeGraphRunner | None = None
        # (requests, graphs?, max kv length) of the last decode-only step
        self._last_decode: tuple[list[Request], bool, int] | None = None
        self._decode_state: torch.Tensor | None = None   # its [4, n] ids/positions/rows/lengths (eager decode)
        self.model_s = 0.0               # time inside the model's forward in the last step

    def release(self, req) -> None:
        req.runner_state = None          # pages written to the page-table row

    def pages_replaced(self, req) -> None:
        req.runner_state = None          # rewrite the whole row at the next step

    def _page_table_updates(self, reqs) -> tuple[list[int], list[int], list[int]]:
        """(rows, columns, pages) of the page-table entries written since the last step."""
        rows, cols, vals = [], [], []
        for req in reqs:
            written, total = req.runner_state or 0, len(req.pages)
            if written == total - 1:                   # the common case: a decode crossed into a new page
                rows.append(req.slot)
                cols.append(written)
                vals.append(req.pages[written])
            elif written < total:
                rows += [req.slot] * (total - written)
                cols += range(written, total)
                vals += req.pages[written:]
            req.runner_state = total
        return rows, cols, vals

    def _write_page_table(self, updates: torch.Tensor) -> None:
        """``updates`` ``[3 * k]``: rows, then columns, then pages."""
        if updates.numel():
            r, c, v = updates.view(3, -1)
            self.page_table[r, c] = v

    def slot_mapping(self, table_rows: torch.Tensor, positions: torch.Tensor) -> torch.Tensor:
        ps = self.page_size
        if ps == 1:
            return self.page_table[table_rows, positions]
        return self.page_table[table_rows, positions // ps] * ps + positions % ps

    def decode_forward(self, input_ids: torch.Tensor, positions: torch.Tensor, table_rows: torch.Tensor,
                       kv_lens: torch.Tensor, max_kv_len: int | None = None) -> torch.Tensor:
        """A decode-only step from tensors alone (no host sync): what graphs capture and torch.compile compiles.

        Logits ``[len(input_ids), vocab]``, one row per request.
        """
        meta = AttentionMetadata(self.slot_mapping(table_rows, positions),
                                 decode=DecodeBatch(self.page_table, table_rows, kv_lens, max_kv_len=max_kv_len))
        self.attention.prepare(meta, self.windows, self.dtype)
        return self.model.forward(input_ids, positions, meta, None)

    @torch.inference_mode()
    def forward(self, batch: ScheduledBatch) -> torch.Tensor:
        if not batch.num_prefill:
            return self._decode(batch)
        self._last_decode = None                         # positions moved on for only some requests
        updates = self._page_table_updates(batch.reqs)
        dev = self.device
        input_ids: list[int] = []
        positions: list[int] = []
        token_rows: list[int] = []
        decode_rows: list[int] = []
        decode_slots: list[int] = []
        decode_lens: list[int] = []
        extend_rows: list[int] = []
        extend_slots: list[int] = []
        q_lens: list[int] = []
        kv_lens: list[int] = []
        sample_rows: list[int] = []
        row = 0
        for req, n in zip(batch.reqs, batch.lens):
            start = req.kv_len
            if n == 1:
                input_ids.append(req.token_ids[start])
                positions.append(start)
                token_rows.append(req.slot)
                decode_rows.append(row)
                decode_slots.append(req.slot)
                decode_lens.append(start + 1)
            else:
                input_ids += req.token_ids[start:start + n]
                positions += range(start, start + n)
                token_rows += [req.slot] * n
                extend_rows += range(row, row + n)
                extend_slots.append(req.slot)
                q_lens.append(n)
                kv_lens.append(start + n)
            row += n
            if start + n == len(req.token_ids):
                sample_rows.append(row - 1)
        max_q = max(q_lens)
        padded = [] if len(q_lens) == 1 else [b * max_q + i for b, n in enumerate(q_lens) for i in range(n)]

        # One host-to-device copy for every index list of the step (small tensors cost ~µs each).
        parts = (input_ids, positions, token_rows, decode_rows, decode_slots, decode_lens, extend_rows,
                 extend_slots, padded, sample_rows, *updates)
        flat = torch.tensor([x for part in parts for x in part], dtype=torch.long, device=dev)
        sizes = [len(p) for p in parts]          # PREFILL_PARTS of them
        max_decode = max(decode_lens) if decode_lens else 0
        if self.tp is None:
            return self._run_prefill(flat, sizes, q_lens, kv_lens, max_decode)
        with self.tp.lock:
            self.tp.send(PREFILL, [len(q_lens), max_decode, *sizes, *q_lens, *kv_lens], flat, dev)
            return self._run_prefill(flat, sizes, q_lens, kv_lens, max_decode)

    def _run_prefill(self, flat: torch.Tensor, sizes: list[int], q_lens: list[int], kv_lens: list[int],
                     max_decode: int) -> torch.Tensor:
        """The device half of a prefill (or mixed) step: every rank runs it from the same message."""
        self._decode_state = None
        ids, pos, rows_t, d_rows, d_slots, d_lens, e_rows, e_slots, e_padded, s_rows, *_ = flat.split(sizes)
        self._write_page_table(flat[len(flat) - 3 * sizes[-1]:])
        meta = AttentionMetadata(self.slot_mapping(rows_t, pos))
        if sizes[3]:
            meta.decode = DecodeBatch(self.page_table, d_slots, d_lens, rows=d_rows, max_kv_len=max_decode)
        meta.extend = ExtendBatch(e_rows, e_padded if sizes[8] else None,
                                  self.page_table[e_slots, :-(-max(kv_lens) // self.page_size)], q_lens, kv_lens)
        self.attention.prepare(meta, self.windows, self.dtype)
        t0 = time.perf_counter()
        logits = self.model.forward(ids, pos, meta, s_rows)
        self.model_s = time.perf_counter() - t0
        return logits

    @torch.inference_mode()
    def run_message(self, kind: int, ints: list[int], flat: torch.Tensor) -> None:
        """A rank other than 0: run the step rank 0 sent (distributed.py); its logits are rank 0's to sample."""
        if kind == PREFILL:
            b, k = ints[0], 2 + PREFILL_PARTS
            self._run_prefill(flat, ints[2:k], ints[k:k + b], ints[k + b:k + 2 * b], ints[1])
        elif kind == DECODE:
            n, n_updates, same, max_kv = ints
            self._run_decode(flat, n, n_updates, bool(same), max_kv)
        else:
            raise ValueError(f"unknown tensor-parallel message kind {kind}")

    def _decode(self, batch: ScheduledBatch) -> torch.Tensor:
        """A decode-only step.  When the batch is the previous step's (the steady state), the
        positions, page-table rows and lengths on the device just advance by one: only the new
        token ids and page-table entries cross from the host."""
        reqs = batch.reqs
        n = len(reqs)
        ids = [r.token_ids[-1] for r in reqs]            # a decode feeds the last token
        rows, cols, vals = self._page_table_updates(reqs)
        graphs = self.decode_graphs
        use_graphs = graphs is not None and graphs.fits(n)
        last = self._last_decode
        same = last is not None and last[0] == reqs and last[1] == use_graphs
        if last is not None and same:
            host = ids + rows + cols + vals
            max_kv = last[2] + 1
        else:
            pos = [r.kv_len for r in reqs]
            host = ids + pos + [r.slot for r in reqs] + rows + cols + vals
            max_kv = max(pos) + 1
        flat = torch.tensor(host, dtype=torch.long, device=self.device)
        self._last_decode = (list(reqs), use_graphs, max_kv)
        if graphs is not None and use_graphs:
            self._write_page_table(flat[len(flat) - 3 * len(rows):])
            bs = graphs.advance(flat[:n]) if same else graphs.load(flat[:3 * n].view(3, n))
            t0 = time.perf_counter()
            logits = graphs.replay(bs, n, max_kv)
            self.model_s = time.perf_counter() - t0
            return logits
        if self.tp is None:
            return self._run_decode(flat, n, len(rows), same, max_kv)
        with self.tp.lock:
            self.tp.send(DECODE, [n, len(rows), int(same), max_kv], flat, self.device)
            return self._run_decode(flat, n, len(rows), same, max_kv)

    def _run_decode(self, flat: torch.Tensor, n: int, n_updates: int, same: bool, max_kv: int) -> torch.Tensor:
        """The device half of an eager decode step: every rank runs it from the same message."""
        self._write_page_table(flat[len(flat) - 3 * n_updates:])
        if same:
            state = self._decode_state
            assert state is not None, "a repeated decode step follows an eager one"
            state[0].copy_(flat[:n])
            state[1:4:2].add_(1)                       # positions and lengths
        else:
            state = torch.cat([flat[:3 * n].view(3, n), flat[n:2 * n][None] + 1])
        self._decode_state = state
        t0 = time.perf_counter()
        logits = self.decode_forward(state[0], state[1], state[2], state[3], max_kv)
        self.model_s = time.perf_counter() - t0
        return logits


class TransformersRunner:
    """Any ``AutoModelForCausalLM``, one request per call, each with its own transformers cache."""

    def __init__(self, hf_model, device):
        from transformers import DynamicCache

        self.model = hf_model
        self.device = device
        self._new_cache = lambda: DynamicCache(config=hf_model.config)
        # transformers 5 renamed past_key_values to cache (the old name still works for a while).
        params = inspect.signature(hf_model.forward).parameters
        self.cache_arg = "cache" if "cache" in params else "past_key_values"
        self.model_s = 0.0

    def release(self, req) -> None:
        req.runner_state = None          # drop the cache: a preempted request recomputes from scratch

    def pages_replaced(self, req) -> None:  # pragma: no cover  (the prefix cache is off for this impl)
        pass

    @torch.inference_mode()
    def forward(self, batch: ScheduledBatch) -> torch.Tensor:
        out = []
        t0 = time.perf_counter()
        for req, n in zip(batch.reqs, batch.lens):
            start = req.kv_len
            if req.runner_state is None:
                assert start == 0, "the transformers model-impl cannot resume from a shared prefix"
                req.runner_state = self._new_cache()
            ids = torch.tensor([req.token_ids[start:start + n]], device=self.device)
            position_ids = torch.arange(start, start + n, device=self.device)[None]
            result = self.model(input_ids=ids, position_ids=position_ids, use_cache=True, logits_to_keep=1,
                                **{self.cache_arg: req.runner_state})
            if start + n == len(req.token_ids):
                out.append(result.logits[0, -1])
        self.model_s = time.perf_counter() - t0
        return torch.stack(out) if out else torch.empty(0, device=self.device)
