"""Turn a scheduled batch into one model call and return the logits to sample from.

``NativeRunner`` (``--model-impl sglang``) flattens the batch into one
``[tokens]`` sequence over the paged pool.  ``TransformersRunner``
(``--model-impl transformers``) runs any causal LM one request at a time with
a per-request transformers cache: slower, but general.  Both return logits for
the requests whose fed tokens reach the end of their token list, in batch order.
"""
from __future__ import annotations

import inspect

import torch

from .attention import AttentionMetadata, Extend, TorchPagedAttention
from .kv_cache import KVPool
from .llama import NativeCausalLM
from .scheduler import ScheduledBatch


def sampling_rows(batch: ScheduledBatch) -> list[int]:
    """Indices into ``batch.reqs`` of the requests that sample this step."""
    return [i for i, (r, n) in enumerate(zip(batch.reqs, batch.lens)) if r.kv_len + n == len(r.token_ids)]


class NativeRunner:
    def __init__(self, hf_model, pool: KVPool, max_running: int, max_context_len: int, device):
        self.device = device
        self.page_size = pool.page_size
        self.attention = TorchPagedAttention(pool)
        self.model = NativeCausalLM(hf_model, self.attention)
        self.windows = set(self.model.windows)
        # Each running request's page table lives in a row of this tensor (the row is ``req.slot``),
        # updated only where pages were added, so building a step costs O(new pages), not O(context).
        max_pages = -(-max_context_len // self.page_size) + 1
        self.page_table = torch.zeros((max_running, max_pages), dtype=torch.long, device=device)

    def release(self, req) -> None:
        req.runner_state = None          # pages written to the page-table row

    def _sync_page_table(self, reqs) -> None:
        rows, cols, vals = [], [], []
        for req in reqs:
            written = req.runner_state or 0
            if written < len(req.pages):
                rows += [req.slot] * (len(req.pages) - written)
                cols += range(written, len(req.pages))
                vals += req.pages[written:]
                req.runner_state = len(req.pages)
        if rows:
            dev = self.device
            self.page_table[torch.tensor(rows, device=dev), torch.tensor(cols, device=dev)] = \
                torch.tensor(vals, device=dev)

    @torch.inference_mode()
    def forward(self, batch: ScheduledBatch) -> torch.Tensor:
        ps, dev = self.page_size, self.device
        self._sync_page_table(batch.reqs)
        input_ids: list[int] = []
        positions: list[int] = []
        token_slots: list[int] = []
        decode_rows, decode_slots, decode_lens = [], [], []
        extends: list[tuple[int, int, int, int]] = []
        sample_rows: list[int] = []
        row = 0
        for req, n in zip(batch.reqs, batch.lens):
            start = req.kv_len
            if n == 1:
                input_ids.append(req.token_ids[start])
                positions.append(start)
                token_slots.append(req.slot)
                decode_rows.append(row)
                decode_slots.append(req.slot)
                decode_lens.append(start + 1)
            else:
                input_ids += req.token_ids[start:start + n]
                positions += range(start, start + n)
                token_slots += [req.slot] * n
                extends.append((row, n, start + n, req.slot))
            row += n
            if start + n == len(req.token_ids):
                sample_rows.append(row - 1)

        pos = torch.tensor(positions, device=dev)
        slots = torch.tensor(token_slots, device=dev)
        meta = AttentionMetadata(slot_mapping=self.page_table[slots, pos // ps] * ps + pos % ps)
        if decode_rows:
            lens = torch.tensor(decode_lens, device=dev)
            max_pages = -(-max(decode_lens) // ps)
            meta.decode_rows = torch.tensor(decode_rows, device=dev)
            meta.decode_pages = self.page_table[torch.tensor(decode_slots, device=dev), :max_pages]
            meta.decode_kv_lens = lens
        for start_row, n, kv_len, slot in extends:
            meta.extends.append(Extend(start_row, n, kv_len, self.page_table[slot, :-(-kv_len // ps)]))
        meta.prepare(self.windows, ps)
        return self.model.forward(torch.tensor(input_ids, device=dev), pos, meta,
                                  torch.tensor(sample_rows, dtype=torch.long, device=dev))


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

    def release(self, req) -> None:
        req.runner_state = None          # drop the cache: a preempted request recomputes from scratch

    @torch.inference_mode()
    def forward(self, batch: ScheduledBatch) -> torch.Tensor:
        out = []
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
        return torch.stack(out) if out else torch.empty(0, device=self.device)
