"""Graph-captured (and torch.compile'd) decode.

A decode-only step is launch-bound on accelerators: hundreds of small kernels
for a few microseconds of work each.  :class:`DecodeGraphRunner` captures the
decode forward once per batch size in ``--cuda-graph-bs`` (default: SGLang's
schedule up to ``--cuda-graph-max-bs``) and replays it: inputs are copied into
static buffers (token ids, positions, page-table rows, sequence lengths), a
batch is padded up to the next captured size (padding rows write their K/V to
the pool's scratch page), and the logits come back in a static buffer.  A batch
that is not decode-only, or larger than the largest size, runs eagerly.

The device-specific calls are the four methods of :class:`GraphBackend`;
``GRAPH_BACKENDS`` maps a device type to ``torch.cuda.CUDAGraph`` or
``torch.npu.NPUGraph``.  CPU has no device graphs (``NO_GRAPHS_REASON``): there
``--enable-torch-compile`` uses the same runner with :class:`EagerCalls`, so the
compiled forward only ever sees the padded batch sizes.
"""
from __future__ import annotations

import bisect
import logging
import time
from dataclasses import dataclass

import torch

from ..compiler.memory_plan import decode_graph_max_bs
from ..schema.meta import Text

log = logging.getLogger(__name__)

NO_GRAPHS_REASON = Text(
    "on CPU there are no device graphs: decode runs eagerly (--enable-torch-compile compiles it instead)",
    "CPU 上没有设备图：解码以 eager 方式执行（可用 --enable-torch-compile 对其编译）")


class GraphBackend:
    """The device calls a graph runner needs."""

    name = "abstract"
    captures = True          # False: nothing is captured, the body runs on every replay

    def new_graph(self):
        raise NotImplementedError

    def capture(self, graph, body) -> None:
        raise NotImplementedError

    def replay(self, graph) -> None:
        raise NotImplementedError


class TorchDeviceGraphs(GraphBackend):
    """``torch.cuda`` / ``torch.npu``: same API (CUDAGraph / NPUGraph, ``graph`` context, shared memory pool)."""

    def __init__(self, module_name: str, graph_class: str):
        self.module = getattr(torch, module_name)
        self.graph_class = getattr(self.module, graph_class)
        self.name = f"torch.{module_name}.{graph_class}"
        self.pool = self.module.graph_pool_handle()   # one pool: the graphs never run at the same time

    def new_graph(self):
        return self.graph_class()

    def capture(self, graph, body) -> None:
        self.module.synchronize()
        with self.module.graph(graph, pool=self.pool):
            body()
        self.module.synchronize()

    def replay(self, graph) -> None:
        graph.replay()


class EagerCalls(GraphBackend):
    """No capture: the body runs each time (CPU with torch.compile, where padding bounds recompilation)."""

    name = "eager"
    captures = False

    def new_graph(self):
        return None

    def capture(self, graph, body) -> None:
        pass

    def replay(self, graph) -> None:  # pragma: no cover  (the runner calls the body itself)
        pass


# Device type -> a factory of its graph backend (the tests add a fake one for "cpu").
GRAPH_BACKENDS = {"cuda": lambda: TorchDeviceGraphs("cuda", "CUDAGraph"),
                  "npu": lambda: TorchDeviceGraphs("npu", "NPUGraph")}


def graph_backend_for(device_type: str) -> GraphBackend | None:
    factory = GRAPH_BACKENDS.get(device_type)
    return factory() if factory else None


# ---- which batch sizes ----------------------------------------------------------------------------------------------

def device_memory_gib(device: torch.device) -> float | None:
    module = getattr(torch, device.type, None)
    if module is None:
        return None
    try:
        return module.get_device_properties(device).total_memory / 2**30
    except (AttributeError, RuntimeError, AssertionError):
        return None


def default_max_bs(memory_gib: float | None, max_running: int, device_type: str = "cuda", tp: int = 1) -> int:
    """--cuda-graph-max-bs-decode when unset: SGLang's memory table (the one the memory plan reads), at most
    the requests that can run at once."""
    family = "npu" if device_type == "npu" else "gpu"
    bs = decode_graph_max_bs(None if memory_gib is None else memory_gib * 1024, family, {}, tp)
    return max(1, min(bs, max_running))


def decode_batch_sizes(max_bs: int, padding: bool) -> list[int]:
    """SGLang 0.5.23's decode capture schedule (``generate_decode_cuda_graph_batch_sizes``, no speculation).

    Without padding every size up to max_bs is captured, so no batch ever needs padding.
    """
    if not padding:
        sizes = list(range(1, max_bs + 1))
    else:
        sizes = [1, 2, 4, 8, 12, *range(16, 257, 8), *range(272, 512, 16), *range(512, max_bs + 1, 32)]
    sizes = [s for s in sizes if s <= max_bs]
    if max_bs not in sizes:
        sizes.append(max_bs)
    return sizes


def compile_batch_sizes(max_bs: int, padding: bool) -> list[int]:
    """SGLang's CPU schedule for torch.compile (``generate_cpu_graph_batch_sizes``) up to --torch-compile-max-bs."""
    if not padding:
        return list(range(1, max_bs + 1))
    sizes = {*range(1, 17), *range(18, 31, 2), *range(32, 81, 4), *range(84, max_bs + 1, 8), max_bs}
    return sorted(s for s in sizes if s <= max_bs)


@dataclass(frozen=True)
class GraphPlan:
    """What the engine will do for decode steps; ``reason`` says why graphs are off (None: they are on)."""

    backend: GraphBackend | None
    batch_sizes: tuple[int, ...]
    padding: bool
    compile: bool
    compile_max_bs: int
    reason: str | None


def plan(cfg, device_type: str, memory_gib: float | None, max_running: int) -> GraphPlan:
    """Resolve the graph and torch.compile flags of ``cfg`` (an EngineConfig) for ``device_type``."""
    padding = not cfg.disable_cuda_graph_padding
    backend = None
    reason = None
    if cfg.disable_cuda_graph:
        reason = "--disable-cuda-graph"
    elif device_type not in GRAPH_BACKENDS:
        reason = NO_GRAPHS_REASON.en
    else:
        backend = graph_backend_for(device_type)
    if backend is not None:
        if cfg.cuda_graph_bs:
            sizes = sorted(set(cfg.cuda_graph_bs))
        else:
            sizes = decode_batch_sizes(cfg.cuda_graph_max_bs or default_max_bs(memory_gib, max_running, device_type,
                                                                                 cfg.tp_size), padding)
        sizes = [s for s in sizes if s <= max_running] or [min(sizes)]
    elif cfg.enable_torch_compile:
        backend = EagerCalls()
        sizes = compile_batch_sizes(min(cfg.torch_compile_max_bs, max_running), padding)
    else:
        sizes = []
    return GraphPlan(backend, tuple(sizes), padding, cfg.enable_torch_compile, cfg.torch_compile_max_bs, reason)


# ---- the runner -----------------------------------------------------------------------------------------------------

class DecodeGraphRunner:
    """Static buffers, one graph per batch size, and the replay-or-eager decision.

    ``runner`` is the NativeRunner: its ``decode_forward(ids, positions, table_rows, kv_lens,
    max_kv_len)`` is the body, its ``page_table`` (one row per running request plus a padding row
    pointing at the scratch page) is read in place by the attention.
    """

    INPUTS = ("input_ids", "positions", "table_rows", "kv_lens")

    def __init__(self, runner, graph_plan: GraphPlan):
        if graph_plan.backend is None:
            raise ValueError(f"decode graphs are off ({graph_plan.reason}): there is nothing to capture or compile")
        self.runner = runner
        self.backend: GraphBackend = graph_plan.backend
        self.batch_sizes = list(graph_plan.batch_sizes)
        self.padding = graph_plan.padding
        self.max_bs = self.batch_sizes[-1]
        dev = runner.device
        # One [4, max_bs] buffer: a step's inputs arrive in one copy; every size uses a prefix of it.
        self.inputs = torch.zeros((len(self.INPUTS), self.max_bs), dtype=torch.long, device=dev)
        self.input_ids, self.positions, self.table_rows, self.kv_lens = self.inputs
        self.pad_column = torch.tensor([0, 0, runner.pad_row, 1], dtype=torch.long, device=dev)[:, None]
        self.inputs[:] = self.pad_column
        self.logits = torch.zeros((self.max_bs, runner.vocab_size), dtype=runner.dtype, device=dev)
        self.forward = runner.decode_forward
        self.compiled = None
        self.compile_max_bs = graph_plan.compile_max_bs if graph_plan.compile else 0
        if graph_plan.compile:
            # One compiled variant per padded size (shapes are static inside a captured graph); without
            # capture, dynamo may generalise the batch dimension after the first recompilation.
            compiled_sizes = sum(1 for bs in self.batch_sizes if bs <= self.compile_max_bs)
            import torch._dynamo.config as dynamo_config

            dynamo_config.recompile_limit = max(dynamo_config.recompile_limit, compiled_sizes + 2)
            self.compiled = torch.compile(runner.decode_forward, dynamic=False if self.backend.captures else None)
        # host-side bound on keys for bodies that are not captured (EagerCalls): rounded up to the
        # reference attention's block so the compiled forward sees few distinct values
        self.kv_block = getattr(runner.attention.decode, "block", None)
        # Each size's slices of the buffers, made here once: views made under inference_mode would be
        # inference tensors, which torch.compile cannot trace in-place updates through.
        self.views = {bs: (self.input_ids[:bs], self.positions[:bs], self.table_rows[:bs], self.kv_lens[:bs],
                           self.logits[:bs]) for bs in self.batch_sizes}
        self.graphs: dict[int, object] = {}
        self.loaded = 0                  # the size the buffers were last padded to
        self.replays = 0
        self.capture_s = 0.0

    def size_for(self, n: int) -> int | None:
        """The captured size a batch of ``n`` decodes replays at, or None (eager)."""
        i = bisect.bisect_left(self.batch_sizes, n)
        if i == len(self.batch_sizes):
            return None
        bs = self.batch_sizes[i]
        return bs if self.padding or bs == n else None

    def fits(self, n: int) -> bool:
        return self.size_for(n) is not None

    def _body(self, bs: int, max_kv_len: int | None = None):
        forward = self.compiled if self.compiled is not None and bs <= self.compile_max_bs else self.forward
        ids, pos, rows, lens, logits = self.views[bs]

        if forward is self.forward:
            def body():
                logits.copy_(forward(ids, pos, rows, lens, max_kv_len))
        else:
            def body():
                # torch.compile cannot trace in-place updates under inference_mode (it fails on the
                # tensors' version counters); no_grad gives the same numerics
                with torch.inference_mode(False), torch.no_grad():
                    logits.copy_(forward(ids, pos, rows, lens, max_kv_len))
        return body

    @torch.inference_mode()
    def capture(self) -> None:
        """Capture every size, largest first (later, smaller graphs reuse the pool's memory)."""
        if not self.backend.captures:
            return
        t0 = time.perf_counter()
        for bs in reversed(self.batch_sizes):
            body = self._body(bs)
            for _ in range(2):           # warm-up: lazy initialisation, autotuning, torch.compile
                body()
            graph = self.backend.new_graph()
            self.backend.capture(graph, body)
            self.graphs[bs] = graph
        self.capture_s = time.perf_counter() - t0
        log.info("captured %d decode graphs (%s, batch sizes %s) in %.1f s", len(self.graphs), self.backend.name,
                 _ranges(self.batch_sizes), self.capture_s)

    def load(self, inputs: torch.Tensor) -> int:
        """Copy a decode-only batch that ``fits`` (``[3, n]``: ids, positions, page-table rows) into the
        static buffers and pad it; returns the size to replay."""
        n = inputs.shape[1]
        bs = self.size_for(n)
        if bs is None:
            raise ValueError(f"a decode batch of {n} fits no captured size ({_ranges(self.batch_sizes)})")
        self.inputs[:3, :n].copy_(inputs)
        torch.add(self.positions[:n], 1, out=self.kv_lens[:n])
        if bs > n:
            self.inputs[:, n:bs] = self.pad_column
        self.loaded = bs
        return bs

    def advance(self, input_ids: torch.Tensor) -> int:
        """The same requests as the last ``load``, one position further: only the token ids are new."""
        n = input_ids.shape[0]
        self.input_ids[:n].copy_(input_ids)
        self.inputs[1:4:2, :n].add_(1)                     # positions and lengths; padding rows stay
        return self.loaded

    def replay(self, bs: int, n: int, max_kv_len: int) -> torch.Tensor:
        """Run size ``bs`` on what ``load`` put in; logits ``[n, vocab]``, a view of the static buffer."""
        if self.backend.captures:
            self.backend.replay(self.graphs[bs])
        else:
            bound = -(-max_kv_len // self.kv_block) * self.kv_block if self.kv_block else None
            self._body(bs, bound)()
        self.replays += 1
        return self.logits[:n]


def _ranges(sizes: list[int]) -> str:
    return ", ".join(map(str, sizes)) if len(sizes) <= 8 else f"{', '.join(map(str, sizes[:6]))}, ..., {sizes[-1]}"
