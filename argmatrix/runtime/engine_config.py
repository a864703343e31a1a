"""``EngineConfig``: the one place that turns a compiled launch into engine settings.

Build it with :meth:`EngineConfig.from_compiled` and nothing else: the compiler
has already resolved every value for the platform, and its engine check
(``argmatrix.compiler.check.check_engine``, reading ``argmatrix.matrix.engine``)
is the one place that refuses what this engine does not implement.  Values the
user left unset (``None``) take the platform's engine defaults
(``Platform.engine_defaults``), which ``explain`` and the docs show too.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..compiler.check import check_engine
from ..compiler.findings import ERROR
from ..compiler.memory_plan import engine_pool_cap
from ..matrix.engine import WIRED, capability
from ..matrix.platforms import PLATFORMS
from .errors import EngineRefused

if TYPE_CHECKING:
    from ..compiler import Compiled

# --max-running-requests when unset is also bounded by the pool: at most one request per
# MIN_TOKENS_PER_REQUEST tokens, so a full batch can still decode.
MIN_TOKENS_PER_REQUEST = 64

# A pool sized from memory is capped the way the memory plan caps it (one formula: compiler/memory_plan.py).
derived_pool_cap = engine_pool_cap


@dataclass(frozen=True)
class EngineConfig:
    """Resolved engine settings.  Build it with :meth:`from_compiled`, which sets every field: the defaults
    are the schema's and the platform's (``Platform.engine_defaults``), never repeated here."""

    model_path: str
    tokenizer_path: str | None
    tokenizer_mode: str
    trust_remote_code: bool
    revision: str | None
    context_length: int | None             # None: the model's max_position_embeddings
    dtype: str                             # auto | float16 | bfloat16 | float32 | float64
    json_model_override_args: dict
    load_format: str
    random_seed: int | None
    model_impl: str
    device: str                            # torch device type: cpu | cuda | npu
    served_model_name: str | None
    skip_tokenizer_init: bool
    # KV pool and prefix cache
    page_size: int
    max_total_tokens: int | None           # None: from mem_fraction_static
    mem_fraction_static: float
    disable_radix_cache: bool
    radix_eviction_policy: str
    # scheduler
    schedule_policy: str                   # fcfs | lpm | lof | random (matrix/engine.py refuses the rest)
    enable_priority_scheduling: bool
    low_priority_values_first: bool
    priority_preemption_threshold: int
    abort_on_priority_when_disabled: bool
    max_running_requests: int | None       # None: derived from the pool once it is sized
    default_max_running_requests: int      # the platform's cap for that derivation
    max_queued_requests: int | None
    prefill_max_requests: int | None
    max_prefill_tokens: int
    chunked_prefill_size: int | None       # None: chunking disabled
    schedule_conservativeness: float
    num_reserved_decode_tokens: int
    enable_mixed_chunk: bool
    stream_interval: int
    allow_auto_truncate: bool
    # decode graphs and torch.compile (runtime/graphs.py); no device graphs on CPU
    disable_cuda_graph: bool
    cuda_graph_max_bs: int | None          # None: by device memory, as SGLang picks it
    cuda_graph_bs: tuple[int, ...] | None
    disable_cuda_graph_padding: bool
    enable_torch_compile: bool
    torch_compile_max_bs: int
    # tensor parallel (distributed.py, tensor_parallel.py); data parallel runs whole engines (server/replicas.py)
    tp_size: int
    nnodes: int
    node_rank: int
    dist_init_addr: str | None             # HOST:PORT of node 0; None: 127.0.0.1 and --nccl-port or a free port
    nccl_port: int | None
    dist_timeout: int | None               # seconds; None: torch's default (1800)
    dist_backend: str                      # the platform's collective backend
    base_gpu_id: int
    gpu_id_step: int
    dp_size: int
    ignored: tuple[str, ...]               # changed ServerArgs fields the engine does not act on
    no_effect_here: tuple[str, ...]        # the engine check's AM-W504 messages: wired flags this launch makes inert

    @classmethod
    def from_compiled(cls, compiled: Compiled, *, dtype: str | None = None) -> EngineConfig:
        """Engine settings for a compiled launch; raises :class:`EngineRefused` with the findings when the
        engine does not implement a flag the user changed (unless the launch was compiled with
        ``allow_unimplemented``).  ``dtype`` overrides ``--dtype`` (tests run the oracle in float64,
        which no --dtype choice offers).
        """
        verdicts = check_engine(compiled.values, compiled.sources, set(compiled.user_set), compiled.platform, {},
                                compiled.allow_unimplemented)
        refused = [f for f in verdicts if f.severity == ERROR]
        if refused:
            raise EngineRefused(refused)
        v = compiled.values
        if not v["model_path"]:
            raise EngineRefused([], "--model-path is required to start the engine", "启动引擎需要 --model-path")
        platform = PLATFORMS[compiled.platform]

        def engine_value(name: str) -> Any:
            """The resolved value, or the platform's engine default when it is unset."""
            value = v[name]
            return platform.engine_defaults.get(name, value) if value is None else value

        chunk = engine_value("chunked_prefill_size")
        return cls(
            model_path=v["model_path"],
            tokenizer_path=v["tokenizer_path"],
            tokenizer_mode=v["tokenizer_mode"],
            trust_remote_code=v["trust_remote_code"],
            revision=v["revision"],
            context_length=v["context_length"],
            dtype={"half": "float16", "float": "float32"}.get(v["dtype"], v["dtype"]) if dtype is None else dtype,
            json_model_override_args=dict(v["json_model_override_args"] or {}),
            load_format=v["load_format"],
            random_seed=v["random_seed"],
            model_impl=v["model_impl"],
            device=v["device"] or platform.device_type,
            served_model_name=v["served_model_name"],
            skip_tokenizer_init=v["skip_tokenizer_init"],
            page_size=v["page_size"] or 1,
            max_total_tokens=v["max_total_tokens"],
            mem_fraction_static=engine_value("mem_fraction_static"),
            disable_radix_cache=v["disable_radix_cache"],
            radix_eviction_policy=v["radix_eviction_policy"],
            schedule_policy=v["schedule_policy"],
            enable_priority_scheduling=v["enable_priority_scheduling"],
            low_priority_values_first=v["schedule_low_priority_values_first"],
            priority_preemption_threshold=v["priority_scheduling_preemption_threshold"],
            abort_on_priority_when_disabled=v["abort_on_priority_when_disabled"],
            max_running_requests=v["max_running_requests"],
            default_max_running_requests=platform.engine_defaults["max_running_requests"],
            max_queued_requests=v["max_queued_requests"],
            prefill_max_requests=v["prefill_max_requests"],
            max_prefill_tokens=v["max_prefill_tokens"],
            chunked_prefill_size=None if chunk <= 0 else chunk,
            schedule_conservativeness=v["schedule_conservativeness"],
            num_reserved_decode_tokens=v["num_reserved_decode_tokens"],
            enable_mixed_chunk=v["enable_mixed_chunk"],
            stream_interval=v["stream_interval"],
            allow_auto_truncate=v["allow_auto_truncate"],
            # graphs: SGLang 0.5.23's per-phase spellings and the older ones mean the same for decode
            disable_cuda_graph=v["disable_cuda_graph"] or v["cuda_graph_backend_decode"] == "disabled",
            cuda_graph_max_bs=v["cuda_graph_max_bs_decode"] or v["cuda_graph_max_bs"],
            cuda_graph_bs=tuple(v["cuda_graph_bs_decode"] or v["cuda_graph_bs"] or ()) or None,
            disable_cuda_graph_padding=v["disable_cuda_graph_padding"],
            enable_torch_compile=v["enable_torch_compile"],
            torch_compile_max_bs=v["torch_compile_max_bs"],
            tp_size=v["tp_size"],
            nnodes=v["nnodes"],
            node_rank=v["node_rank"],
            dist_init_addr=v["dist_init_addr"],
            nccl_port=v["nccl_port"],
            dist_timeout=v["dist_timeout"],
            dist_backend=platform.dist_backend,
            base_gpu_id=v["base_gpu_id"],
            gpu_id_step=v["gpu_id_step"],
            dp_size=v["dp_size"],
            ignored=tuple(sorted(n for n in compiled.user_set
                                 if v[n] != compiled.default_of(n) and capability(n).status != WIRED)),
            no_effect_here=tuple(f.message.en for f in verdicts if f.code == "AM-W504"),
        )

    def replace(self, **changes: Any) -> EngineConfig:
        return dataclasses.replace(self, **changes)

    def derived_max_running(self, pool_tokens: int) -> int:
        """--max-running-requests when unset: bounded by the platform's engine default and the pool."""
        return max(1, min(self.default_max_running_requests, pool_tokens // MIN_TOKENS_PER_REQUEST,
                          pool_tokens // self.page_size))

