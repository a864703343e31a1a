"""How SGLang 0.5.23 sizes device memory when the launch does not say: the one table argmatrix keeps of it.

SGLang picks ``--chunked-prefill-size`` and the decode graph's largest batch by the device's memory, then
reserves memory for activations and graphs and sets ``--mem-fraction-static`` to what is left
(``arg_groups/memory_hook.py handle_gpu_memory_settings`` and ``reserve_for_graph_mb``; on Ascend
``hardware_backend/npu/utils.py set_default_server_args`` runs first).  The memory plan
(``compiler/memory_plan.py``) and argmatrix's engine (``runtime/graphs.py``, its default decode graph size)
both read these rows; ``tests/plan/test_sglang_memory_table.py`` checks them against what SGLang's own code
resolves on a faked device (``tests/fixtures/sglang_memory-0.5.23.json``, written by
``tools/sglang_memory.py``).  Pure data and arithmetic: no SGLang, no torch.
"""
from __future__ import annotations

import math

from ...records import record

RELEASE = "0.5.23"


@record
class MemoryBucket:
    """One memory range: the chunk and decode graph batch SGLang uses there when the launch leaves them unset."""

    family: str                 # "gpu": memory_hook.py (every device); "npu": npu/utils.py, which runs first
    upper_mib: float            # the range ends here (MiB, as SGLang's probe reports them)
    inclusive: bool             # the NPU rule compares with <=, the GPU rule with <
    chunked_prefill_size: int
    decode_max_bs: int          # below TP 4
    decode_max_bs_tp4: int      # at TP 4 and above
    line: int                   # of the comparison in the 0.5.23 file

    def holds(self, mib: float) -> bool:
        return mib <= self.upper_mib if self.inclusive else mib < self.upper_mib

    def max_bs(self, tp: int) -> int:
        return self.decode_max_bs if tp < 4 else self.decode_max_bs_tp4


GPU_BUCKETS: tuple[MemoryBucket, ...] = (     # memory_hook.py, handle_gpu_memory_settings
    MemoryBucket("gpu", 20 * 1024, False, 2048, 8, 8, 90),           # T4, RTX 4080
    MemoryBucket("gpu", 35 * 1024, False, 4096, 48, 160, 101),       # A10, RTX 4090 / 5090
    MemoryBucket("gpu", 60 * 1024, False, 4096, 32, 160, 118),       # A100 40GB, L40
    MemoryBucket("gpu", 90 * 1024, False, 8192, 256, 512, 132),      # H100, A100 80GB
    MemoryBucket("gpu", 160 * 1024, False, 8192, 256, 512, 146),     # H20, H200
    MemoryBucket("gpu", math.inf, False, 16384, 512, 512, 160),      # B200, MI300
)
NPU_BUCKETS: tuple[MemoryBucket, ...] = (     # npu/utils.py, set_default_server_args; above 64 GiB the GPU rows apply
    MemoryBucket("npu", 32 * 1024, True, 4096, 16, 64, 105),         # Atlas 910B4
    MemoryBucket("npu", 64 * 1024, True, 8192, 64, 256, 135),        # Atlas A2 / A3 (910B1-3, 910_93)
)
# When the memory cannot be read: SGLang's fallback (memory_hook.py:171-180, 327).
UNKNOWN_CHUNKED_PREFILL_SIZE, UNKNOWN_DECODE_MAX_BS, UNKNOWN_MEM_FRACTION_STATIC = 4096, 160, 0.95


@record
class Reserve:
    """The terms of SGLang's reserve in MiB (memory_hook.py:294-322, reserve_for_graph_mb, reserve_for_deepep_a2a_mb)."""

    base: float = 512                      # constant metadata
    per_activation_token: float = 1.5      # per token of the largest prefill chunk
    min_activation_tokens: int = 2048
    unchunked_prefill_tokens: int = 16384  # --max-prefill-tokens' default, the activation size without chunking
    per_parallel_device: float = 1024 / 8  # per device of tp * pp
    per_decode_graph_bs: float = 2         # per batch of the largest decode graph
    dp_per_decode_graph_bs: float = 3      # with DP attention, per batch and attention-DP rank
    dp_large_bs: int = 300                 # above this decode batch, DP attention adds ...
    dp_large_per_decode_graph_bs: float = 1.5   # ... this much more per batch and rank
    per_prefill_graph_size: float = 8      # per captured prefill size (non-MLA)
    mla_prefill_graph: float = 1536        # an MLA model's prefill graphs
    deepep_breakable_prefill: float = 1024
    floor_above_mib: float = 60 * 1024     # devices above this keep at least ...
    floor: float = 10 * 1024               # ... this much (before the DeepEP buffers)
    deepep_a2a: float = 2048               # DeepEP all-to-all buffers of the decode graph


RESERVE = Reserve()


def bucket_for(memory_mib: float, family: str) -> MemoryBucket:
    """The row that applies to a device of ``memory_mib`` MiB of ``family`` (``npu`` or any GPU)."""
    rows = (NPU_BUCKETS + GPU_BUCKETS) if family == "npu" else GPU_BUCKETS
    return next(b for b in rows if b.holds(memory_mib))


def prefill_graph_sizes(max_bs: int) -> list[int]:
    """SGLang's prefill capture schedule (cuda_graph_hook.py generate_prefill_cuda_graph_batch_sizes)."""
    sizes = [*range(4, 33, 4), *range(48, 257, 16), *range(288, 513, 32), *range(576, 1025, 64),
             *range(1280, 4097, 256), *range(4608, max_bs + 1, 512)]
    return [s for s in sizes if s <= max_bs]
