"""``EngineConfig``: the one place that turns ``ServerArgs`` into engine settings.

Every value the engine reads comes from here, already resolved: ``None``
defaults become concrete numbers for the device, and flags the engine does not
implement are listed in ``ignored`` so the caller can say so instead of
silently dropping them.  Nothing here imports torch unless the device has to be
detected (no ``--device`` and no compiled platform).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

# The compiler's platform names -> torch device type.
PLATFORM_DEVICE = {"a2": "npu", "a3": "npu", "cuda": "cuda", "cpu": "cpu"}

# --page-size when unset: SGLang uses 1 on CUDA and CPU; Ascend attention kernels want 128.
DEFAULT_PAGE_SIZE = {"npu": 128, "cuda": 1, "cpu": 1}

# --chunked-prefill-size when unset.  A CPU step should stay short so decodes
# sharing the step (or waiting behind it) are not stalled for seconds.
DEFAULT_CHUNKED_PREFILL = {"npu": 8192, "cuda": 8192, "cpu": 2048}

# --mem-fraction-static when unset: the share of memory for weights + KV pool.
# On CPU the rest of the process (and the OS) shares that memory, so ask for less.
DEFAULT_MEM_FRACTION = {"npu": 0.8, "cuda": 0.85, "cpu": 0.3}

# --max-running-requests when unset: at most this many, and at most one per
# MIN_TOKENS_PER_REQUEST tokens of pool so a full batch can still decode.
DEFAULT_MAX_RUNNING = {"npu": 1024, "cuda": 1024, "cpu": 256}
MIN_TOKENS_PER_REQUEST = 64

# A pool sized from memory is capped: the free list is a Python list and the
# pool tensor is zero-filled at start-up, both proportional to its size.  It never
# needs more than MAX_POOL_CONTEXTS full contexts either.
MAX_DERIVED_POOL_TOKENS = 1 << 20
MAX_POOL_CONTEXTS = 512


def derived_pool_cap(context_length: int) -> int:
    return min(MAX_DERIVED_POOL_TOKENS, MAX_POOL_CONTEXTS * context_length)

# Scheduling policies the waiting queue implements; the rest map onto one.
POLICY_ALIASES = {"fcfs": "fcfs", "lpm": "lpm", "lof": "lof", "random": "random",
                  "dfs-weight": "lpm",   # a radix-tree walk that also favours shared prefixes
                  "priority": "fcfs"}    # implies --enable-priority-scheduling

def _ignored(args: Any, user_set: Any = None) -> tuple[str, ...]:
    """Changed fields that this engine and server do not honour (argmatrix.matrix.engine says which).

    ``user_set``: the fields the user chose (``Compiled.user_set``); without it every value
    that differs from its declared default counts, platform defaults included.
    """
    from ..matrix.engine import WIRED, capability

    changed = args.changed() if hasattr(args, "changed") else {}
    return tuple(sorted(name for name in changed
                        if capability(name).status != WIRED and (user_set is None or name in user_set)))


@dataclass(frozen=True)
class EngineConfig:
    """Resolved engine settings.  Build it with :meth:`from_args`."""

    model_path: str
    tokenizer_path: str | None = None
    tokenizer_mode: str = "auto"
    trust_remote_code: bool = False
    revision: str | None = None
    context_length: int | None = None          # None: the model's max_position_embeddings
    dtype: str = "auto"                        # auto | float16 | bfloat16 | float32 | float64
    json_model_override_args: dict = field(default_factory=dict)
    load_format: str = "auto"
    random_seed: int | None = None
    model_impl: str = "auto"
    device: str = "cpu"                        # torch device type: cpu | cuda | npu
    served_model_name: str | None = None
    skip_tokenizer_init: bool = False
    # KV pool and prefix cache
    page_size: int = 1
    max_total_tokens: int | None = None        # None: from mem_fraction_static
    mem_fraction_static: float = 0.3
    disable_radix_cache: bool = False
    radix_eviction_policy: str = "lru"
    # scheduler
    schedule_policy: str = "fcfs"              # fcfs | lpm | lof | random (after POLICY_ALIASES)
    enable_priority_scheduling: bool = False
    low_priority_values_first: bool = False
    priority_preemption_threshold: int = 10
    abort_on_priority_when_disabled: bool = False
    max_running_requests: int | None = None    # None: derived from the pool once it is sized
    max_queued_requests: int | None = None
    prefill_max_requests: int | None = None
    max_prefill_tokens: int = 16384
    chunked_prefill_size: int | None = 2048    # None: chunking disabled
    schedule_conservativeness: float = 1.0
    num_reserved_decode_tokens: int = 512
    enable_mixed_chunk: bool = False
    stream_interval: int = 1
    allow_auto_truncate: bool = False
    # decode graphs and torch.compile (runtime/graphs.py); no device graphs on CPU
    disable_cuda_graph: bool = False
    cuda_graph_max_bs: int | None = None       # None: by device memory, as SGLang picks it
    cuda_graph_bs: tuple[int, ...] | None = None
    disable_cuda_graph_padding: bool = False
    enable_torch_compile: bool = False
    torch_compile_max_bs: int = 32
    ignored: tuple[str, ...] = ()              # changed ServerArgs fields the engine does not act on

    @classmethod
    def from_args(cls, args: Any, platform: str | None = None, *, device: str | None = None,
                  dtype: str | None = None, user_set: Any = None) -> "EngineConfig":
        """Resolve ``args`` (a ServerArgs) for ``platform`` (the compiler's "a2"/"a3"/"cuda"/"cpu").

        ``device`` and ``dtype`` override the arguments (tests run the oracle in float64,
        which no --dtype choice offers).
        """
        if not args.model_path:
            raise ValueError("--model-path is required to start the engine")
        dev = device or args.device or PLATFORM_DEVICE.get(platform or "") or detect_device()
        if dev not in DEFAULT_PAGE_SIZE:
            raise ValueError(f"--device {dev}: the engine runs on {', '.join(DEFAULT_PAGE_SIZE)} only")
        chunk = args.chunked_prefill_size
        chunk = DEFAULT_CHUNKED_PREFILL[dev] if chunk is None else (None if chunk <= 0 else chunk)
        policy = args.schedule_policy
        return cls(
            model_path=args.model_path,
            tokenizer_path=args.tokenizer_path,
            tokenizer_mode=args.tokenizer_mode,
            trust_remote_code=args.trust_remote_code,
            revision=args.revision,
            context_length=args.context_length,
            dtype={"half": "float16", "float": "float32"}.get(args.dtype, args.dtype) if dtype is None else dtype,
            json_model_override_args=dict(args.json_model_override_args or {}),
            load_format=args.load_format,
            random_seed=args.random_seed,
            model_impl=args.model_impl,
            device=dev,
            served_model_name=args.served_model_name,
            skip_tokenizer_init=args.skip_tokenizer_init,
            page_size=args.page_size or DEFAULT_PAGE_SIZE[dev],
            max_total_tokens=args.max_total_tokens,
            mem_fraction_static=args.mem_fraction_static or DEFAULT_MEM_FRACTION[dev],
            disable_radix_cache=args.disable_radix_cache,
            radix_eviction_policy=args.radix_eviction_policy,
            schedule_policy=POLICY_ALIASES[policy],
            enable_priority_scheduling=args.enable_priority_scheduling or policy == "priority",
            low_priority_values_first=args.schedule_low_priority_values_first,
            priority_preemption_threshold=args.priority_scheduling_preemption_threshold,
            abort_on_priority_when_disabled=args.abort_on_priority_when_disabled,
            max_running_requests=args.max_running_requests,
            max_queued_requests=args.max_queued_requests,
            prefill_max_requests=args.prefill_max_requests,
            max_prefill_tokens=args.max_prefill_tokens,
            chunked_prefill_size=chunk,
            schedule_conservativeness=args.schedule_conservativeness,
            num_reserved_decode_tokens=args.num_reserved_decode_tokens,
            enable_mixed_chunk=args.enable_mixed_chunk,
            stream_interval=args.stream_interval,
            allow_auto_truncate=args.allow_auto_truncate,
            disable_cuda_graph=args.disable_cuda_graph,
            cuda_graph_max_bs=args.cuda_graph_max_bs,
            cuda_graph_bs=tuple(args.cuda_graph_bs) if args.cuda_graph_bs else None,
            disable_cuda_graph_padding=args.disable_cuda_graph_padding,
            enable_torch_compile=args.enable_torch_compile,
            torch_compile_max_bs=args.torch_compile_max_bs,
            ignored=_ignored(args, user_set),
        )

    def replace(self, **changes: Any) -> "EngineConfig":
        return dataclasses.replace(self, **changes)

    def derived_max_running(self, pool_tokens: int) -> int:
        """--max-running-requests when unset: bounded by the device default and the pool."""
        return max(1, min(DEFAULT_MAX_RUNNING[self.device], pool_tokens // MIN_TOKENS_PER_REQUEST,
                          pool_tokens // self.page_size))


def detect_device() -> str:
    """The accelerator torch can see, else cpu (imports torch; torch_npu only if installed)."""
    import importlib.util

    import torch

    if torch.cuda.is_available():
        return "cuda"
    if importlib.util.find_spec("torch_npu") is not None:
        import torch_npu  # noqa: F401  (registers torch.npu)

        if torch.npu.is_available():
            return "npu"
    return "cpu"
