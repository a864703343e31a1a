"""The engine: requests in, tokens out, one scheduling step at a time.

Public API (what the HTTP server and the tests use)::

    from argmatrix.runtime.engine import Engine, SamplingParams

    engine = Engine(compiled_or_args, *, device=None, dtype=None)
        # compiled_or_args: argmatrix.compile(...)'s result (.args, .platform) or a bare ServerArgs.
        # device/dtype override the arguments (tests run the oracle in float64).
    engine.tokenizer            # the HF tokenizer (apply_chat_template, decode), None with --skip-tokenizer-init
    engine.max_context_len      # prompt + output tokens a request may reach
    engine.model_name           # --served-model-name, else --model-path
    engine.config               # the resolved EngineConfig (config.ignored: flags changed but not acted on)

    engine.start()              # background step-loop thread (submit() starts it too)
    engine.shutdown(grace_s=5.0)  # stop accepting, let requests finish for grace_s, abort the rest, join

    stream = engine.submit(prompt, sampling=None, *, request_id=None, priority=None, caller="")
        # prompt: str or list[int].  Call it from a coroutine; errors (QueueFullError,
        # PromptTooLongError, ValueError for bad sampling) are raised by the call itself.
        # caller: who sent it (the server's key and client address); admission is fair across callers.
    async for chunk in stream:  # StreamChunk every --stream-interval tokens and a final one
        ...                     # aclose() / task cancellation aborts the request and frees its pages
    engine.abort(request_id) -> bool
    engine.add_request(prompt, sampling=None, *, request_id=None, priority=None, on_chunk=None, stream=False,
                       caller="") -> str
        # the same without asyncio: on_chunk(StreamChunk) is called from the step loop

    engine.generate(prompts, sampling=None, *, priority=None) -> list[Output]
        # prompts: str, list[int], or a list of those; sampling: one SamplingParams or one per prompt.
        # n > 1 gives n consecutive outputs per prompt.  Runs the steps itself when the loop is not started.
    engine.stats() -> EngineStats
    engine.flush_cache() -> bool  # False while requests are queued or running
    engine.check_invariants()     # AssertionError on a leaked or doubly owned page
    engine.step() -> bool         # one step by hand (tests, benchmarks); False when there was nothing to do
    engine.step_log               # deque of StepRecord: per step, batch make-up and time in/outside the model
    engine.step_listeners         # callables given each StepRecord as the step ends (keep them cheap)

``StreamChunk`` fields: request_id, text_delta, token_ids_delta, finished, finish_reason
("stop" | "length" | "abort" | None), prompt_tokens, completion_tokens, cached_tokens,
logprobs_delta (list[TokenLogprob]), index (the choice, for n > 1), and in the final chunk
arrival, first_token_at, finished_at (time.monotonic() seconds) and error (a message when a
step failed).

Errors: ``QueueFullError`` (--max-queued-requests reached), ``PromptTooLongError(prompt_len,
max_len)`` (unless --allow-auto-truncate, which keeps the last max_len tokens), ``EngineLoadError``
(bad model directory, hub id without network, unsupported architecture for --model-impl sglang).
"""
from __future__ import annotations

import asyncio
import collections
import logging
import threading
import time
import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..compiler.memory_plan import pool_cap
from ..matrix.engine import OFF_UNDER_TP
from .detokenizer import IncrementalDetokenizer
from .engine_config import EngineConfig
from .errors import EngineLoadError, EngineRefused, PromptTooLongError, QueueFullError
from .sampling import SamplingParams, TokenLogprob

if TYPE_CHECKING:
    from ..compiler import Compiled
    from ..schema.model import ServerArgs
    from .distributed import Heartbeat, LocalRanks, TPGroup
    from .graphs import GraphPlan
    from .kv_cache import KVShape, PageAllocator
    from .model_loader import LoadedModel
    from .model_runner import ModelRunner, NativeRunner

log = logging.getLogger(__name__)

__all__ = ["Engine", "EngineLoadError", "EngineRefused", "EngineStats", "Output", "PromptTooLongError", "QueueFullError",
           "SamplingParams", "StepRecord", "StreamChunk", "TokenLogprob"]


@dataclass
class StreamChunk:
    request_id: str
    text_delta: str
    token_ids_delta: list[int]
    finished: bool
    finish_reason: str | None
    prompt_tokens: int
    completion_tokens: int
    cached_tokens: int
    logprobs_delta: list[TokenLogprob] = field(default_factory=list)
    index: int = 0
    arrival: float | None = None
    first_token_at: float | None = None
    finished_at: float | None = None
    error: str | None = None


@dataclass
class Output:
    request_id: str
    index: int
    text: str
    token_ids: list[int]
    finish_reason: str | None
    prompt_tokens: int
    completion_tokens: int
    cached_tokens: int
    logprobs: list[TokenLogprob]
    arrival: float | None
    first_token_at: float | None
    finished_at: float | None
    error: str | None = None


@dataclass
class EngineStats:
    running: int
    queued: int
    free_pages: int
    cached_pages: int
    used_pages: int
    total_pages: int
    page_size: int
    cache_hit_tokens: int
    prompt_tokens_total: int
    generated_tokens_total: int
    computed_prompt_tokens: int        # prompt positions actually run through the model
    preemptions: int                   # priority preemptions
    retractions: int                   # out-of-pages retractions
    evicted_pages: int
    steps: int
    last_step_started_at: float | None  # time.monotonic(), for a watchdog
    step_in_progress: bool
    fair_preemptions: int = 0          # slots handed from the caller running the most to one running fewer


@dataclass
class StepRecord:
    started_at: float
    duration_s: float
    forward_s: float                   # the runner: building the batch tensors and the model call
    model_s: float                     # the model call alone; duration_s - model_s is scheduler overhead
    num_reqs: int
    num_prefill: int                   # requests fed a multi-token chunk
    num_decode: int
    tokens: int
    admitted: list[str]


@dataclass(eq=False)
class _RequestState:
    """What the engine (not the scheduler) keeps per request: where chunks go, text, timings."""

    parent_id: str
    index: int
    sink: Callable[[StreamChunk], None]
    streaming: bool
    arrival: float
    detok: IncrementalDetokenizer | None = None
    generator: Any = None
    fed: int = 0                       # output tokens fed to the detokenizer
    stop_at: int | None = None         # text length after a stop-string match
    ends_with_stop_token: bool = False
    emitted_tokens: int = 0
    emitted_chars: int = 0
    logprobs: list = field(default_factory=list)
    emitted_logprobs: int = 0
    first_token_at: float | None = None
    finished_at: float | None = None
    error: str | None = None
    # stop conditions, folded once at submission (see Engine._append_tokens)
    stop_ids: frozenset = frozenset()  # stop_token_ids, plus EOS unless ignore_eos
    length_limit: int = 0              # len(token_ids) that ends the request with "length"
    has_stop_strings: bool = False


def as_compiled(compiled_or_args: Compiled | ServerArgs, device: str | None = None) -> Compiled:
    """A ``Compiled`` for the engine: a ``ServerArgs`` built in Python goes through the compiler like any launch,
    so the engine's verdict on each flag is the one ``check-config --engine`` and ``serve`` give."""
    from ..compiler import Compiled, CompileOptions, compile

    if isinstance(compiled_or_args, Compiled):
        if device is not None and device != compiled_or_args.values["device"]:
            raise ValueError(f"device={device!r} contradicts the compiled --device {compiled_or_args.values['device']}")
        return compiled_or_args
    overrides = compiled_or_args.changed()
    if device is not None:
        overrides["device"] = device
    target = {"cpu": "cpu", "cuda": "cuda"}.get(overrides.get("device", ""), "auto")
    return compile(None, CompileOptions(overrides=overrides, target=target, env={}, engine="argmatrix"))


class Engine:
    def __init__(self, compiled_or_args: Compiled | ServerArgs, *, device: str | None = None, dtype: str | None = None):
        import torch

        compiled = as_compiled(compiled_or_args, device)
        cfg = self._engine_config(compiled, dtype)
        self._place_rank(cfg)
        loaded = self._load_model(cfg)
        cfg = self._config_for_impl(cfg, loaded)
        self._keep_model(cfg, loaded)
        # a CPU pool holds a context per core unless --mem-fraction-static asks for memory sizing
        shape, num_pages, max_running = self._size_kv_pool(
            cfg, loaded, fraction_set=compiled.values.get("mem_fraction_static") is not None)
        self._build_runner(cfg, loaded, shape, num_pages, max_running)
        self._build_scheduler(cfg, num_pages, max_running)
        self.eos_token_ids = self._eos_token_ids(loaded)
        self._torch = torch
        self._default_generator = self._seeded_generator(cfg, loaded.device)
        self._init_step_loop()
        log.info("engine ready: %s (%s, %s on %s), %d pages x %d tokens, max %d running, context %d",
                 self.model_name, loaded.impl, str(loaded.dtype).replace("torch.", ""), loaded.device,
                 num_pages, cfg.page_size, max_running, self.max_context_len)

    # ---- the steps of __init__, in order --------------------------------------------------------------------------

    @staticmethod
    def _engine_config(compiled: Compiled, dtype: str | None) -> EngineConfig:
        """The engine's settings from the compiled launch; one Engine is one data-parallel replica."""
        cfg = EngineConfig.from_compiled(compiled, dtype=dtype)
        if cfg.dp_size > 1:
            raise EngineRefused([], f"--dp-size {cfg.dp_size}: one Engine is one replica; `argmatrix serve --dp-size "
                                    f"{cfg.dp_size}` starts {cfg.dp_size} engine processes behind sglang-router")
        if cfg.ignored:
            log.warning("the engine does not act on: %s", ", ".join(f"--{n.replace('_', '-')}" for n in cfg.ignored))
        return cfg

    def _place_rank(self, cfg: EngineConfig) -> None:
        """Join the tensor-parallel group as rank 0 (which also selects this rank's device), or select the device
        ``--base-gpu-id`` names."""
        import torch

        self.fatal: str | None = None             # why the engine stopped for good (a tensor-parallel rank failed)
        self.fatal_listeners: list[Callable[[str], None]] = []
        self.tp_group: TPGroup | None = None
        self._tp_ranks: LocalRanks | None = None
        self._heartbeat: Heartbeat | None = None
        if cfg.tp_size > 1:
            self._join_tp_group(cfg)          # also selects this rank's device (--base-gpu-id)
        elif cfg.device in ("cuda", "npu") and cfg.base_gpu_id:
            getattr(torch, cfg.device).set_device(cfg.base_gpu_id)

    def _load_model(self, cfg: EngineConfig) -> LoadedModel:
        """The weights and tokenizer; a failure stops the other ranks (they would wait for rank 0 for ever)."""
        from .model_loader import load_model

        try:
            loaded = load_model(cfg)
        except BaseException:
            self._close_tp(send_stop=False)
            raise
        if loaded.impl == "transformers" and cfg.tp_size > 1:
            self._close_tp(send_stop=False)
            raise EngineLoadError(f"--tp-size {cfg.tp_size} runs the native implementation only; this model loaded "
                                  "with --model-impl transformers. Use a Llama/Qwen2/Mistral model with --model-impl "
                                  "sglang (or auto), or --tp-size 1")
        return loaded

    @staticmethod
    def _config_for_impl(cfg: EngineConfig, loaded: LoadedModel) -> EngineConfig:
        """What the implementation that loaded changes in the settings."""
        if loaded.impl == "transformers" and not cfg.disable_radix_cache:
            # Its caches are per request, not pages: there is nothing to share.
            log.info("--model-impl transformers: the radix prefix cache is off")
            cfg = cfg.replace(disable_radix_cache=True)
        return cfg

    def _keep_model(self, cfg: EngineConfig, loaded: LoadedModel) -> None:
        self.config = cfg
        self.loaded = loaded
        self.model_name = loaded.model_name
        self.tokenizer = loaded.tokenizer
        self.device = loaded.device
        self.vocab_size = loaded.model.config.vocab_size

    def _size_kv_pool(self, cfg: EngineConfig, loaded: LoadedModel, *,
                      fraction_set: bool) -> tuple[KVShape, int, int]:
        """The pool's shape (this rank's KV heads), its number of pages and the most requests that run at once;
        sets ``max_context_len`` and ``max_running_requests``."""
        import torch

        from .kv_cache import KVShape, pool_pages

        hf = loaded.model.config
        head_dim = getattr(hf, "head_dim", None) or hf.hidden_size // hf.num_attention_heads
        kv_heads = getattr(hf, "num_key_value_heads", None) or hf.num_attention_heads
        if cfg.tp_size > 1:                       # each rank's pool holds its own KV heads
            from .tensor_parallel import local_kv_heads

            kv_heads = local_kv_heads(kv_heads, cfg.tp_size)
        shape = KVShape(hf.num_hidden_layers, kv_heads, head_dim)
        element_size = torch.empty((), dtype=loaded.dtype).element_size()
        cap = pool_cap(loaded.context_length, loaded.device.type, fraction_set=fraction_set)
        num_pages = pool_pages(max_total_tokens=cfg.max_total_tokens, mem_fraction_static=cfg.mem_fraction_static,
                               page_size=cfg.page_size, shape=shape, element_size=element_size,
                               weight_bytes=loaded.weight_bytes, device=loaded.device,
                               cap_tokens=cap.tokens, cap_reason=cap.reason)
        pool_tokens = num_pages * cfg.page_size
        self.max_context_len = min(loaded.context_length, pool_tokens)
        max_running = cfg.max_running_requests or cfg.derived_max_running(pool_tokens)
        self.max_running_requests = max_running
        return shape, num_pages, max_running

    def _build_runner(self, cfg: EngineConfig, loaded: LoadedModel, shape: KVShape, num_pages: int,
                      max_running: int) -> None:
        """The pool and the runner: the native one over a paged KV pool (telling the other ranks its size under
        tensor parallelism, else with decode graphs where asked), or transformers' with admission accounting."""
        from .kv_cache import KVPool, PageAllocator
        from .model_runner import NativeRunner, TransformersRunner

        self.graph_plan: GraphPlan | None = None
        self.pool: PageAllocator              # a KVPool for the native runner; admission accounting otherwise
        self.runner: ModelRunner
        if loaded.impl == "sglang":
            self.pool = KVPool(num_pages, cfg.page_size, shape, loaded.dtype, loaded.device)
            if self.tp_group is not None:
                try:
                    self.tp_group.broadcast_ints([num_pages, max_running, self.max_context_len], 3, loaded.device)
                    self.runner = NativeRunner(loaded.model, self.pool, max_running, self.max_context_len,
                                               loaded.device, tp_group=self.tp_group)
                except BaseException:
                    self._close_tp(send_stop=False)
                    raise
                from .distributed import Heartbeat

                self._heartbeat = Heartbeat(self.tp_group, loaded.device, self._tp_failed)
                # which flags this makes inert is the engine table's (matrix/engine.py OFF_UNDER_TP), reported
                # by the compiler's engine check; the engine only repeats those findings in its log
                for message in cfg.no_effect_here:
                    log.warning("%s", message)
                if not cfg.no_effect_here:
                    log.info("%s", OFF_UNDER_TP[0].reason.en)
            else:
                native = NativeRunner(loaded.model, self.pool, max_running, self.max_context_len, loaded.device)
                self.runner = native
                self._setup_decode_graphs(cfg, native, max_running)
        else:
            self.pool = PageAllocator(num_pages, cfg.page_size)   # admission accounting only
            self.runner = TransformersRunner(loaded.model, loaded.device)
        self.total_pages = num_pages

    def _build_scheduler(self, cfg: EngineConfig, num_pages: int, max_running: int) -> None:
        """The radix prefix cache over the pool, and the scheduler that admits, chunks and preempts."""
        from .radix_cache import RadixCache
        from .scheduler import Scheduler

        self.tree = RadixCache(self.pool, cfg.page_size, cfg.radix_eviction_policy, cfg.disable_radix_cache)
        self.scheduler = Scheduler(cfg, self.pool, self.tree, max_running, on_release=self.runner.release,
                                   on_pages_replaced=self.runner.pages_replaced)

    def _eos_token_ids(self, loaded: LoadedModel) -> frozenset:
        """The model's end-of-sequence ids: its generation config's, else its config's, else the tokenizer's."""
        eos = getattr(getattr(loaded.model, "generation_config", None), "eos_token_id", None)
        if eos is None:
            eos = getattr(loaded.model.config, "eos_token_id", None)
        if eos is None and self.tokenizer is not None:
            eos = self.tokenizer.eos_token_id
        return frozenset([eos] if isinstance(eos, int) else (eos or []))

    @staticmethod
    def _seeded_generator(cfg: EngineConfig, device: Any) -> Any:
        """The sampling generator of requests without their own seed: ``--random-seed``, else a random one."""
        import torch

        generator = torch.Generator(device=device)
        if cfg.random_seed is not None:
            generator.manual_seed(cfg.random_seed)
        else:
            generator.seed()
        return generator

    def _init_step_loop(self) -> None:
        """The step loop's locks, inbox and counters (started by ``start()``)."""
        self._lock = threading.RLock()            # held for a whole step, and by anything touching state
        self._start_lock = threading.Lock()         # serialises start() only; see start()
        # called with each StepRecord from the step loop, under the step lock (e.g. the server's decode log)
        self.step_listeners: list[Callable[[StepRecord], None]] = []
        self._inbox_lock = threading.Lock()
        self._inbox: collections.deque = collections.deque()   # ("add", req) | ("abort", rid)
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self._stopping = False
        self._accepting = True
        self._live: dict[str, Any] = {}          # rid -> Request, from submission until finished
        self._groups: dict[str, list[str]] = {}  # request_id -> its n child rids
        self.step_log: collections.deque[StepRecord] = collections.deque(maxlen=100_000)
        self._steps = 0
        self._prompt_tokens_total = 0
        self._generated_tokens_total = 0
        self._computed_prompt_tokens = 0
        self._last_step_started_at: float | None = None
        self._step_in_progress = False

    # ---- tensor parallel (distributed.py) -------------------------------------------------------------------------

    def _join_tp_group(self, cfg: EngineConfig) -> None:
        """Start this node's other ranks and join the group as rank 0, failing fast if a local rank exits."""
        from .distributed import DistributedError, LocalRanks, TPGroup, layout_for

        if cfg.node_rank != 0:
            raise EngineRefused([], f"--node-rank {cfg.node_rank}: only node 0 runs the engine and the server; "
                                    "`argmatrix serve --node-rank N` runs the other nodes' ranks")
        try:
            layout = layout_for(cfg)
        except ValueError as exc:
            raise EngineRefused([], str(exc)) from None
        self._tp_ranks = ranks = LocalRanks(cfg, layout, list(layout.node_ranks)[1:])
        result: dict[str, Any] = {}

        def join() -> None:
            try:
                result["group"] = TPGroup(layout, 0)
            except BaseException as exc:  # noqa: BLE001 - reported below
                result["error"] = exc

        joiner = threading.Thread(target=join, name="argmatrix-tp-join", daemon=True)
        joiner.start()
        while joiner.is_alive():
            joiner.join(0.2)
            if ranks.dead() and joiner.is_alive():
                dead = ranks.describe_dead()    # before _close_tp, which lets go of the ranks
                self._close_tp(send_stop=False)
                raise DistributedError(f"tensor-parallel start-up failed: {dead} before "
                                       f"joining the group at {layout.init_method}; see its error above")
        if "error" in result:
            self._close_tp(send_stop=False)
            raise result["error"]
        self.tp_group = result["group"]
        log.info("tensor parallel: rank 0 of %d (%s, %d per node x %d nodes) at %s", layout.tp_size, layout.backend,
                 layout.per_node, layout.nnodes, layout.init_method)

    def _tp_failed(self, exc: BaseException) -> None:
        """A collective failed: every rank may be out of step, so the engine stops for good."""
        if self.fatal is not None:
            return
        dead = self._tp_ranks.describe_dead() if self._tp_ranks is not None else ""
        first = next((line.strip() for line in str(exc).splitlines() if line.strip()), "")
        self.fatal = (f"tensor parallel failed: {dead or 'a rank exited or cannot be reached'} "
                      f"({type(exc).__name__}: {first}); the engine cannot continue without every rank, "
                      f"so the server stops")
        if self.tp_group is not None:
            self.tp_group.failed = self.fatal
        log.critical("%s", self.fatal)
        self._accepting = False
        self._stopping = True
        self._wake.set()
        with self._lock:
            for rid in list(self._live):
                req = self._live.get(rid)
                if req is not None:
                    req.engine_state.error = self.fatal
                self._abort_locked(rid)
        for listener in list(self.fatal_listeners):
            try:
                listener(self.fatal)
            except Exception:
                log.exception("fatal listener %r failed", listener)

    def _close_tp(self, send_stop: bool = True) -> None:
        """Tell the other ranks to stop (when the group is healthy), leave the group, reap local ranks."""
        from .distributed import STOP

        if self._heartbeat is not None:
            self._heartbeat.stop()
            self._heartbeat = None
        group, self.tp_group = self.tp_group, None
        if group is not None:
            if send_stop and not group.failed:
                try:
                    with group.lock:
                        group.send(STOP, [], None, self.device)
                except Exception:
                    log.debug("could not send STOP to the other ranks", exc_info=True)
            group.close()
        ranks, self._tp_ranks = self._tp_ranks, None
        if ranks is not None:
            ranks.stop(timeout=10.0 if send_stop else 0.5)

    def _setup_decode_graphs(self, cfg: EngineConfig, runner: NativeRunner, max_running: int) -> None:
        """Capture decode graphs (CUDA, Ascend) or compile the decode forward, as the flags say."""
        from . import graphs

        device = runner.device
        plan = graphs.plan(cfg, device.type, graphs.device_memory_gib(device), max_running)
        self.graph_plan = plan
        if plan.backend is None:
            if plan.reason and device.type == "cpu" and not cfg.disable_cuda_graph:
                log.info("decode graphs: %s", plan.reason)
            return
        runner.decode_graphs = graphs.DecodeGraphRunner(runner, plan)
        runner.decode_graphs.capture()

    # ---- submission -----------------------------------------------------------------------------------------------

    def _encode(self, prompt: str | list[int]) -> list[int]:
        if isinstance(prompt, str):
            if self.tokenizer is None:
                raise ValueError("--skip-tokenizer-init is set: send the prompt as token ids, not text")
            ids = self.tokenizer.encode(prompt)
        else:
            ids = [int(t) for t in prompt]
            bad = next((t for t in ids if not 0 <= t < self.vocab_size), None)
            if bad is not None:
                raise ValueError(f"prompt token id {bad} is outside the vocabulary [0, {self.vocab_size})")
        if not ids:
            raise ValueError("the prompt is empty")
        max_len = self.max_context_len - 1
        if len(ids) > max_len:
            if not self.config.allow_auto_truncate:
                raise PromptTooLongError(len(ids), max_len)
            ids = ids[-max_len:]
        return ids

    def _make_requests(self, prompt, sampling: SamplingParams | None, request_id: str | None, priority: int | None,
                       sink: Callable[[StreamChunk], None], streaming: bool, caller: str = "") -> list[Any]:
        """Validate and build the request(s) for one prompt; queue them.  Raises before queuing anything."""
        from .scheduler import Request

        torch = self._torch
        if not self._accepting:
            raise RuntimeError(self.fatal or "the engine is shutting down and accepts no new requests")
        sampling = (sampling or SamplingParams()).validate()
        if sampling.stop and self.tokenizer is None:
            raise ValueError("sampling parameter stop needs a tokenizer; --skip-tokenizer-init is set "
                             "(use stop_token_ids)")
        cfg = self.config
        if priority is not None and not cfg.enable_priority_scheduling and cfg.abort_on_priority_when_disabled:
            raise ValueError("this request sets a priority but the server runs without "
                             "--enable-priority-scheduling (and --abort-on-priority-when-disabled is set)")
        ids = self._encode(prompt)
        parent = request_id or uuid.uuid4().hex
        rids = [parent] if sampling.n == 1 else [f"{parent}-{i}" for i in range(sampling.n)]
        now = time.monotonic()
        reqs = []
        for i, rid in enumerate(rids):
            if rid in self._live:
                raise ValueError(f"request_id {rid!r} is already in use")
            req = Request(rid=rid, token_ids=list(ids), num_prompt=len(ids), sampling=sampling,
                          priority=priority or 0, arrival=now, caller=caller)
            state = _RequestState(parent_id=parent, index=i, sink=sink, streaming=streaming, arrival=now,
                                  stop_ids=frozenset(sampling.stop_token_ids or ()) | (
                                      frozenset() if sampling.ignore_eos else self.eos_token_ids),
                                  length_limit=min(len(ids) + sampling.max_new_tokens, self.max_context_len),
                                  has_stop_strings=bool(sampling.stop))
            if self.tokenizer is not None:
                state.detok = IncrementalDetokenizer(self.tokenizer, ids, sampling.skip_special_tokens)
            if sampling.seed is not None:
                state.generator = torch.Generator(device=self.device).manual_seed(sampling.seed + i)
            req.engine_state = state
            reqs.append(req)
        with self._inbox_lock:
            if cfg.max_queued_requests is not None:
                queued = len(self.scheduler.waiting) + sum(1 for kind, _ in self._inbox if kind == "add")
                if queued + len(reqs) > cfg.max_queued_requests:
                    raise QueueFullError(f"the waiting queue is full ({queued} of --max-queued-requests "
                                         f"{cfg.max_queued_requests}); retry later")
            for req in reqs:
                self._live[req.rid] = req
            if sampling.n > 1:
                self._groups[parent] = rids
            self._prompt_tokens_total += len(ids) * len(reqs)
            self._inbox.extend(("add", r) for r in reqs)
        self._wake.set()
        return reqs

    def submit(self, prompt: str | list[int], sampling: SamplingParams | None = None, *,
               request_id: str | None = None, priority: int | None = None,
               caller: str = "") -> AsyncIterator[StreamChunk]:
        """Queue a request now and return an async iterator over its StreamChunks (call from a coroutine)."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue = asyncio.Queue()

        def sink(chunk: StreamChunk) -> None:
            loop.call_soon_threadsafe(queue.put_nowait, chunk)

        reqs = self._make_requests(prompt, sampling, request_id, priority, sink, streaming=True, caller=caller)
        self.start()
        return self._stream(queue, [r.rid for r in reqs])

    async def _stream(self, queue: asyncio.Queue, rids: list[str]) -> AsyncIterator[StreamChunk]:
        remaining = set(rids)
        try:
            while remaining:
                chunk = await queue.get()
                if chunk.finished:
                    remaining.discard(rids[chunk.index])
                yield chunk
        finally:
            for rid in remaining:            # the consumer went away: stop the work and free the pages
                self.abort(rid)

    def add_request(self, prompt: str | list[int], sampling: SamplingParams | None = None, *,
                    request_id: str | None = None, priority: int | None = None,
                    on_chunk: Callable[[StreamChunk], None] | None = None, stream: bool = False,
                    caller: str = "") -> str:
        """Queue a request without asyncio; ``on_chunk`` is called from the step loop.  Returns the request id.

        With ``stream=False`` only the final chunk (all text and tokens) is delivered.
        """
        rid = request_id or uuid.uuid4().hex
        self._make_requests(prompt, sampling, rid, priority, on_chunk or (lambda chunk: None), streaming=stream,
                            caller=caller)
        return rid

    def abort(self, request_id: str) -> bool:
        """Abort a request (or all n choices of one).  Its pages are freed before the next step runs."""
        rids = self._groups.get(request_id, [request_id])
        found = [rid for rid in rids if rid in self._live]
        if not found:
            return False
        if self._lock.acquire(blocking=False):   # no step running: free at once
            try:
                for rid in found:
                    self._abort_locked(rid)
            finally:
                self._lock.release()
        else:
            with self._inbox_lock:
                self._inbox.extend(("abort", rid) for rid in found)
            self._wake.set()
        return True

    def _abort_locked(self, rid: str) -> None:
        req = self._live.get(rid)
        if req is None:
            return
        with self._inbox_lock:   # still in the inbox: drop it there
            for item in list(self._inbox):
                if item[0] == "add" and item[1] is req:
                    self._inbox.remove(item)
        self._finish(req, "abort")

    # ---- the step loop --------------------------------------------------------------------------------------------

    def _drain_inbox(self) -> bool:
        with self._inbox_lock:
            items = list(self._inbox)
            self._inbox.clear()
        for kind, payload in items:
            if kind == "add":
                if payload.rid in self._live:
                    self._add_or_finish(payload)
            else:
                self._abort_locked(payload)
        return bool(items)

    def _add_or_finish(self, req) -> None:
        if req.sampling.max_new_tokens == 0:
            self._finish(req, "length")
        else:
            self.scheduler.add(req)

    def step(self) -> bool:
        """Run one scheduling step; False when there was nothing to do."""
        with self._lock:
            return self._step()

    def _step(self) -> bool:
        from .model_runner import sampling_rows
        from .sampling import sample_isolated

        drained = self._drain_inbox()
        started = time.monotonic()
        batch, exhausted = self.scheduler.schedule()
        for req in exhausted:
            self._finish(req, "length")      # alone, it needs more pages than the pool has
        if not batch.reqs:
            return drained or bool(exhausted)
        self._last_step_started_at = started
        self._step_in_progress = True
        try:
            rows = sampling_rows(batch)
            t0 = time.monotonic()
            try:
                logits = self.runner.forward(batch)
            except Exception as exc:         # a failed step must not leave pages or requests behind
                if self.tp_group is not None:
                    self._tp_failed(exc)
                    return True
                log.exception("model step failed; aborting its %d requests", len(batch.reqs))
                for req in batch.reqs:
                    req.engine_state.error = f"{type(exc).__name__}: {exc}"
                    self._finish(req, "abort")
                return True
            forward_s = time.monotonic() - t0
            for req, n in zip(batch.reqs, batch.lens):
                self._computed_prompt_tokens += max(0, min(req.kv_len + n, req.num_prompt) - req.kv_len)
                req.kv_len += n
                if n > 1:
                    self.scheduler.cache_progress(req)
            if rows:
                reqs = [batch.reqs[i] for i in rows]
                # a row that cannot be sampled ends alone; the rest of the step goes on
                tokens, logprobs, failures = sample_isolated(
                    logits, [r.sampling for r in reqs],
                    lambda i: (reqs[i].token_ids[:reqs[i].num_prompt], reqs[i].output_ids),
                    [r.engine_state.generator for r in reqs], self._default_generator)
                if failures:
                    for i, why in failures.items():
                        log.error("sampling failed for request %s; aborting it alone: %s", reqs[i].rid, why)
                        reqs[i].engine_state.error = f"sampling failed: {why}"
                        self._finish(reqs[i], "abort")
                    kept = [i for i in range(len(reqs)) if i not in failures]
                    reqs, tokens, logprobs = ([reqs[i] for i in kept], [tokens[i] for i in kept],
                                              [logprobs[i] for i in kept])
                if reqs:
                    self._append_tokens(reqs, tokens, logprobs, time.monotonic())
            self._steps += 1
            record = StepRecord(started, time.monotonic() - started, forward_s, self.runner.model_s,
                                len(batch.reqs), batch.num_prefill, len(batch.reqs) - batch.num_prefill,
                                sum(batch.lens), batch.admitted)
            self.step_log.append(record)
            for listener in self.step_listeners:
                try:
                    listener(record)
                except Exception:        # an observer must never break a step
                    log.exception("step listener %r failed", listener)
        finally:
            self._step_in_progress = False
        return True

    def _append_tokens(self, reqs, tokens: list[int], logprobs, now: float) -> None:
        """Append each request's sampled token; finish the ones that stop, stream the rest.

        The token-id and length stop conditions were folded at submission into a set and a
        limit per request (``_RequestState.stop_ids``, ``length_limit``), so a request that
        neither stops nor streams costs a set lookup and a comparison.  Stop strings are the
        only check that needs text, and only requests that asked for them pay for it.
        """
        self._generated_tokens_total += len(reqs)
        interval = self.config.stream_interval
        for req, token, lp in zip(reqs, tokens, logprobs):
            state: _RequestState = req.engine_state
            ids = req.token_ids
            ids.append(token)
            if state.first_token_at is None:
                state.first_token_at = now
            if lp is not None:
                state.logprobs.append(lp)
            reason = None
            if token in state.stop_ids:
                reason, state.ends_with_stop_token = "stop", True
            elif len(ids) >= state.length_limit:
                reason = "length"
            if state.has_stop_strings and not state.ends_with_stop_token and self._find_stop(req):
                reason = "stop"
            if reason:
                self._finish(req, reason)
            elif state.streaming and len(ids) - req.num_prompt - state.emitted_tokens >= interval:
                self._emit(req, finished=False)

    def _feed_detok(self, req) -> None:
        state: _RequestState = req.engine_state
        end = req.num_output - (1 if state.ends_with_stop_token else 0)
        if state.detok is not None and state.fed < end:
            state.detok.add(req.token_ids[req.num_prompt + state.fed:req.num_prompt + end])
            state.fed = end

    def _find_stop(self, req) -> bool:
        """Look for a stop string in the text the last token completed; cut the text there."""
        state: _RequestState = req.engine_state
        detok = state.detok
        assert detok is not None, "submit() refuses stop strings without a tokenizer"
        before = len(detok.text)
        self._feed_detok(req)
        text = detok.text
        longest = max(len(s) for s in req.sampling.stop)
        start = max(0, before - longest + 1)
        hits = [i for i in (text.find(s, start) for s in req.sampling.stop) if i >= 0]
        if hits:
            state.stop_at = min(hits)
            return True
        return False

    def _finish(self, req, reason: str) -> None:
        self.scheduler.finish(req, reason)
        req.engine_state.finished_at = time.monotonic()
        self._live.pop(req.rid, None)
        state: _RequestState = req.engine_state
        group = self._groups.get(state.parent_id)
        if group is not None and not any(rid in self._live for rid in group):
            del self._groups[state.parent_id]
        self._emit(req, finished=True)

    def _emit(self, req, finished: bool) -> None:
        state: _RequestState = req.engine_state
        text_delta = ""
        if state.detok is not None:
            self._feed_detok(req)
            if finished and state.stop_at is None:
                state.detok.flush()
            text = state.detok.text
            if state.stop_at is not None:
                text = text[:state.stop_at]
            end = len(text)
            if not finished and req.sampling.stop:   # hold back what may be the start of a stop string
                end -= max(len(s) for s in req.sampling.stop) - 1
            if end > state.emitted_chars:
                text_delta = text[state.emitted_chars:end]
                state.emitted_chars = end
        chunk = StreamChunk(
            request_id=state.parent_id, text_delta=text_delta,
            token_ids_delta=req.output_ids[state.emitted_tokens:], finished=finished,
            finish_reason=req.finish_reason if finished else None, prompt_tokens=req.num_prompt,
            completion_tokens=req.num_output, cached_tokens=max(req.cached_tokens, 0),
            logprobs_delta=state.logprobs[state.emitted_logprobs:], index=state.index,
            arrival=state.arrival if finished else None, first_token_at=state.first_token_at if finished else None,
            finished_at=state.finished_at if finished else None, error=state.error if finished else None)
        state.emitted_tokens = req.num_output
        state.emitted_logprobs = len(state.logprobs)
        try:
            state.sink(chunk)
        except Exception:                    # e.g. the consumer's event loop is closed
            log.debug("dropping a chunk for %s: its consumer is gone", req.rid, exc_info=True)

    # ---- the background thread ------------------------------------------------------------------------------------

    def start(self) -> None:
        """Start the background step loop (idempotent).

        ``submit()`` calls this for every request, so the common case (already
        running) must not wait for the step lock, which the loop holds almost
        continuously under load; a separate lock only serialises starting.
        """
        thread = self._thread
        if thread is not None and thread.is_alive():
            return
        with self._start_lock:
            if self._thread is not None and self._thread.is_alive():
                return
            self._stopping = False
            self._thread = threading.Thread(target=self._loop, name="argmatrix-engine", daemon=True)
            self._thread.start()

    def _loop(self) -> None:
        while not self._stopping:
            try:
                progressed = self.step()
            except Exception:                # never let the loop die silently
                log.exception("engine step raised")
                progressed = False
            if not progressed:
                self._wake.wait(0.5)
                self._wake.clear()

    def shutdown(self, grace_s: float = 5.0) -> None:
        """Stop accepting requests, let running ones finish for up to ``grace_s``, abort the rest, stop the loop."""
        self._accepting = False
        deadline = time.monotonic() + grace_s
        running = self._thread is not None and self._thread.is_alive()
        while running and self._live and time.monotonic() < deadline:
            time.sleep(0.01)
        with self._lock:
            self._drain_inbox()
            for rid in list(self._live):
                self._abort_locked(rid)
        self._stopping = True
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=max(1.0, grace_s))
            self._thread = None
        if self.tp_group is not None or self._tp_ranks is not None:
            with self._lock:
                self._close_tp(send_stop=True)

    # ---- synchronous API ------------------------------------------------------------------------------------------

    def generate(self, prompts, sampling: SamplingParams | list[SamplingParams] | None = None, *,
                 priority: int | list[int] | None = None) -> list[Output]:
        single = isinstance(prompts, str) or (isinstance(prompts, list) and prompts and isinstance(prompts[0], int))
        prompt_list = [prompts] if single else list(prompts)
        samplings = sampling if isinstance(sampling, list) else [sampling] * len(prompt_list)
        priorities = priority if isinstance(priority, list) else [priority] * len(prompt_list)
        if len(samplings) != len(prompt_list) or len(priorities) != len(prompt_list):
            raise ValueError("give one SamplingParams (and one priority) per prompt, or a single one for all")
        for sp in samplings:
            (sp or SamplingParams()).validate()
        cfg = self.config
        if cfg.max_queued_requests is not None:
            total = sum((sp or SamplingParams()).n for sp in samplings)
            if len(self.scheduler.waiting) + total > cfg.max_queued_requests:
                raise QueueFullError(f"{total} requests do not fit in the waiting queue "
                                     f"(--max-queued-requests {cfg.max_queued_requests})")

        # Chunks are collected per (request_id, index); generate() asks for no streaming, so each
        # request sends exactly one chunk, the final one.
        results: dict[tuple[str, int], StreamChunk] = {}
        order: list[tuple[str, int]] = []
        done = threading.Event()
        lock = threading.Lock()

        def sink(chunk: StreamChunk) -> None:
            with lock:
                results[(chunk.request_id, chunk.index)] = chunk
                if len(results) == len(order):
                    done.set()

        submitted = []
        try:
            for prompt, sp, prio in zip(prompt_list, samplings, priorities):
                rid = uuid.uuid4().hex
                order.extend((rid, i) for i in range((sp or SamplingParams()).n))
                submitted.extend(self._make_requests(prompt, sp, rid, prio, sink, streaming=False))
        except BaseException:
            for req in submitted:
                self.abort(req.rid)
            raise
        if self._thread is not None and self._thread.is_alive():
            done.wait()
        else:
            while not done.is_set():
                if not self.step() and not done.is_set():
                    raise RuntimeError("the engine made no progress on generate(); see the log")
        return [Output(request_id=c.request_id, index=c.index, text=c.text_delta, token_ids=c.token_ids_delta,
                       finish_reason=c.finish_reason, prompt_tokens=c.prompt_tokens,
                       completion_tokens=c.completion_tokens, cached_tokens=c.cached_tokens,
                       logprobs=c.logprobs_delta, arrival=c.arrival, first_token_at=c.first_token_at,
                       finished_at=c.finished_at, error=c.error)
                for c in (results[key] for key in order)]

    def queue_of(self, caller: str) -> tuple[int, int, int]:
        """The waiting queue as one caller's share of it is judged: (requests waiting in all, requests of
        ``caller`` waiting, callers with requests waiting counting ``caller``), the ones just submitted included."""
        with self._inbox_lock:
            pending = [req.caller for kind, req in self._inbox if kind == "add"]
            by_caller = dict(self.scheduler.waiting_by_caller)   # one C-level copy: the step thread may change it
        for who in pending:
            by_caller[who] = by_caller.get(who, 0) + 1
        mine = by_caller.get(caller, 0)
        return sum(by_caller.values()), mine, len(by_caller) + (0 if mine else 1)

    def stats(self) -> EngineStats:
        sched = self.scheduler
        free = self.pool.num_free
        cached = self.tree.cached_pages
        with self._inbox_lock:
            pending = sum(1 for kind, _ in self._inbox if kind == "add")
        return EngineStats(
            running=len(sched.running), queued=len(sched.waiting) + pending, free_pages=free, cached_pages=cached,
            used_pages=self.total_pages - free - cached, total_pages=self.total_pages, page_size=self.config.page_size,
            cache_hit_tokens=sched.cache_hit_tokens, prompt_tokens_total=self._prompt_tokens_total,
            generated_tokens_total=self._generated_tokens_total, computed_prompt_tokens=self._computed_prompt_tokens,
            preemptions=sched.preemptions, retractions=sched.retractions, evicted_pages=self.tree.evicted_pages,
            steps=self._steps, last_step_started_at=self._last_step_started_at,
            step_in_progress=self._step_in_progress, fair_preemptions=sched.fair_preemptions)

    def flush_cache(self) -> bool:
        """Empty the prefix cache; False (nothing done) while any request is queued or running."""
        with self._lock:
            if self.scheduler.running or self.scheduler.waiting or self._inbox:
                return False
            return self.tree.flush()

    def check_invariants(self) -> None:
        """Raise AssertionError if any page is leaked or owned twice (free + cached + in use == total)."""
        with self._lock:
            self.scheduler.check(self.total_pages)
