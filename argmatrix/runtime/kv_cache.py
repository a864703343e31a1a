"""The paged KV pool: one tensor for all layers, handed out a page at a time.

Layout ``[2 (k, v), layers, pages + 2, page_size, kv_heads, head_dim]``.  Page 0
is the null page: it is never allocated, stays zero, and pads page tables so a
batched gather never reads garbage (masked-out NaNs would still poison the
attention output).  The last page is the scratch page, never allocated either:
the padding rows of a replayed decode graph write their K/V there.  Pages are owned either by a running request, by the radix
cache, or by the free list; ``free + cached + in-use == total`` always.
"""
from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class KVShape:
    layers: int
    kv_heads: int
    head_dim: int

    def bytes_per_token(self, element_size: int) -> int:
        return 2 * self.layers * self.kv_heads * self.head_dim * element_size


class PageAllocator:
    """The free list.  Used alone (no tensor) by the transformers model-impl for admission accounting."""

    def __init__(self, num_pages: int, page_size: int):
        self.num_pages = num_pages           # allocatable pages, the null page excluded
        self.page_size = page_size
        # A stack: recently freed pages are reused first (warm in cache).
        self._free = list(range(num_pages, 0, -1))

    @property
    def num_free(self) -> int:
        return len(self._free)

    def alloc(self, n: int) -> list[int] | None:
        if n > len(self._free):
            return None
        if n == 0:
            return []
        out = self._free[-n:]
        del self._free[-n:]
        return out

    def free(self, pages: list[int]) -> None:
        self._free.extend(pages)


class KVPool(PageAllocator):
    """Free list plus the KV tensor itself."""

    def __init__(self, num_pages: int, page_size: int, shape: KVShape, dtype, device):
        import torch

        super().__init__(num_pages, page_size)
        self.shape = shape
        self.scratch_page = num_pages + 1
        self.kv = torch.zeros((2, shape.layers, num_pages + 2, page_size, shape.kv_heads, shape.head_dim),
                              dtype=dtype, device=device)

    def layer(self, i: int):
        """(k, v) of layer ``i``, each ``[pages + 2, page_size, kv_heads, head_dim]``."""
        return self.kv[0, i], self.kv[1, i]


def available_memory_bytes(device) -> int:
    """Memory the pool may come from: free device memory, or available system RAM on CPU."""
    import torch

    if device.type in ("cuda", "npu"):       # torch_npu gives torch.npu the interface of torch.cuda
        return getattr(torch, device.type).mem_get_info(device)[0]
    try:
        with open("/proc/meminfo") as f:
            info = {line.split(":")[0]: int(line.split()[1]) * 1024 for line in f}
        return info.get("MemAvailable", info["MemFree"])
    except (OSError, KeyError, ValueError):
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")


def pool_pages(*, max_total_tokens: int | None, mem_fraction_static: float, page_size: int, shape: KVShape,
               element_size: int, weight_bytes: int, device, cap_tokens: int, cap_reason: str = "") -> int:
    """Number of pages, by the one pool formula the memory plan also uses (compiler/memory_plan.kv_pool_tokens).

    Memory is measured after the weights are loaded, so the weights are added
    back before taking the fraction (SGLang's reading: the fraction covers
    weights and KV pool together).  --max-total-tokens is used as given; a pool
    sized from memory is capped at ``cap_tokens`` (``cap_reason`` says why).  The log line says which
    rule chose the size.
    """
    from ..compiler.memory_plan import kv_pool_tokens

    if max_total_tokens is not None:
        tokens = max_total_tokens // page_size * page_size
        why = "--max-total-tokens"
    else:
        memory = available_memory_bytes(device) + weight_bytes
        rule: dict[str, Any] = dict(memory_bytes=memory, weight_bytes=weight_bytes,
                                    mem_fraction_static=mem_fraction_static,
                                    kv_bytes_per_token=shape.bytes_per_token(element_size), page_size=page_size)
        by_memory = kv_pool_tokens(**rule)
        tokens = kv_pool_tokens(**rule, cap_tokens=cap_tokens)
        from_memory = (f"--mem-fraction-static {mem_fraction_static} of {memory / 2**30:.1f} GiB available, "
                       f"less {weight_bytes / 2**20:.0f} MiB of weights")
        why = (f"{cap_reason or 'the engine cap'} ({from_memory} would allow {by_memory} tokens); "
               f"--max-total-tokens sets it" if tokens < by_memory else from_memory)
        if tokens < page_size:
            from .errors import bilingual

            raise bilingual(MemoryError,
                            f"--mem-fraction-static {mem_fraction_static}: after {weight_bytes / 2**20:.0f} MiB of "
                            f"weights no memory is left for the KV cache; raise it or set --max-total-tokens",
                            f"--mem-fraction-static {mem_fraction_static}：权重占用 {weight_bytes / 2**20:.0f} MiB 后，"
                            f"已没有内存留给 KV 缓存；请调大该值，或设置 --max-total-tokens")
    pages = max(1, tokens // page_size)
    log.info("KV pool: %d pages x %d tokens (%d tokens, %.1f MiB): %s", pages, page_size, pages * page_size,
             pages * page_size * shape.bytes_per_token(element_size) / 2**20, why)
    return pages
