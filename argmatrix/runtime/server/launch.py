"""Start-up and shutdown: load with a progress bar, warm up, listen, stop cleanly.

``run_server(compiled, *, console=None) -> int`` is what ``argmatrix serve``
calls after compiling the arguments; it returns the process exit status:

- 0 after SIGTERM/SIGINT, within ``--shutdown-timeout`` (30 s, Kubernetes'
  default grace): the listener closes at once, in-flight requests get the
  drain (that total less the teardown's share, :func:`shutdown_budget`) to
  finish, the rest are cancelled (their pages freed), then the engine stops;
  whatever still runs at the total's end (a stuck teardown) does not delay
  the exit;
- 1 when the watchdog stopped the server (a forward step stuck longer than
  ``--watchdog-timeout``) or start-up failed (the reason is printed).

:class:`ServingRuntime` is the same sequence as an object; tests use
``ServingRuntime(args, engine=...).start_in_thread()`` to serve on a free
loopback port.
"""
from __future__ import annotations

import glob
import logging
import os
import signal
import socket
import sys
import threading
import time
from typing import TYPE_CHECKING, Any

from argmatrix.runtime.distributed import DistributedError

from .context import server_context
from .listener import listening_socket
from .startup_text import print_error, say

if TYPE_CHECKING:
    import uvicorn
    from fastapi import FastAPI

    from ...compiler import Compiled
    from .state import ServerState

logger = logging.getLogger("argmatrix.server")

# Seconds from SIGTERM to the process's end when --shutdown-timeout is not given (Kubernetes' default grace).
DEFAULT_GRACE_S = 30.0
# Of that total, the teardown after the drain (cancelling what remains, stopping the engine, closing the app)
# gets this long, at most a third of the total; the drain gets the rest.
TEARDOWN_S = 5.0
# The process ends this long before the total runs out, so a kubelet's SIGKILL never finds it still there.
EXIT_MARGIN_S = 0.5


def shutdown_budget(total_s: float) -> tuple[float, float]:
    """(drain, teardown) seconds of a shutdown that must end within ``total_s`` of SIGTERM."""
    teardown = min(TEARDOWN_S, total_s / 3)
    return total_s - teardown, teardown


class _Terminated(BaseException):
    """SIGTERM arrived while loading or warming up."""


def _mib(n: float) -> str:
    return f"{n / 2**20:,.1f} MiB"


def _weight_file_bytes(model_path: str | None) -> int:
    if not model_path or not os.path.isdir(model_path):
        return 0
    total = 0
    for pattern in ("*.safetensors", "*.bin", "*.pt"):
        for f in glob.glob(os.path.join(model_path, pattern)):
            try:
                total += os.path.getsize(f)
            except OSError:
                pass
    return total


def kv_pool_bytes(engine: Any) -> int:
    kv = getattr(getattr(engine, "pool", None), "kv", None)
    if kv is not None:
        return int(kv.numel() * kv.element_size())
    try:
        hf = engine.loaded.model.config
        head_dim = getattr(hf, "head_dim", None) or hf.hidden_size // hf.num_attention_heads
        kv_heads = getattr(hf, "num_key_value_heads", None) or hf.num_attention_heads
        import torch

        elem = torch.empty((), dtype=engine.loaded.dtype).element_size()
        return 2 * hf.num_hidden_layers * kv_heads * head_dim * elem * engine.total_pages * engine.config.page_size
    except Exception:  # noqa: BLE001
        return 0


class _PhaseHandler(logging.Handler):
    """Moves the load progress bar along as the engine logs its phases."""

    def __init__(self, progress: Any, load_task: Any, pool_task: Any, lang: str = "en"):
        super().__init__(logging.INFO)
        self.progress, self.load_task, self.pool_task, self.lang = progress, load_task, pool_task, lang

    def emit(self, record: logging.LogRecord) -> None:
        try:
            msg = record.getMessage()
        except Exception:  # noqa: BLE001
            return
        if msg.startswith("KV pool"):
            total = self.progress.tasks[self.load_task].total
            self.progress.update(self.load_task, completed=total or 1, total=total or 1)
            self.progress.start_task(self.pool_task)
            pool = record.args if isinstance(record.args, tuple) and len(record.args) >= 4 else None
            description = (say("allocating", self.lang, pages=pool[0], page=pool[1], tokens=pool[2], mib=pool[3])
                           if pool is not None else f"Allocating the {msg}")
            self.progress.update(self.pool_task, description=_plain(description))
        elif msg.startswith("engine ready"):
            self.progress.update(self.pool_task, completed=1)


def _plain(text: str) -> str:
    """A progress description: rich reads descriptions as markup, so brackets in a path must be escaped."""
    from rich.markup import escape

    return escape(text)


PIPE_WIDTH = 240   # columns for progress lines when stderr is not a terminal


def _make_console(console: Any) -> Any:
    if console is not None:
        return console
    from rich.console import Console

    out = Console(stderr=True)
    if not out.is_terminal:
        # a file or a pipe has no width: whole lines, not rich's 80 columns, which wrapped printed lines and cut
        # progress descriptions (a model path) short; $COLUMNS still wins when set
        out.soft_wrap = True
        if "COLUMNS" not in os.environ:
            out.width = PIPE_WIDTH
    return out


def _quiet_transformers_bars():
    """Hide transformers' own tqdm bars while ours runs; returns the undo, or None."""
    try:
        from transformers.utils import logging as hf_logging
    except Exception:  # noqa: BLE001 - transformers is the engine's business; no bars to hide then
        return None
    if not hf_logging.is_progress_bar_enabled():
        return None
    hf_logging.disable_progress_bar()
    return hf_logging.enable_progress_bar


def load_engine(ctx: Any, console: Any = None, *, device: str | None = None, lang: str = "en") -> Any:
    """Build the engine with a progress bar, then report weights, tokenizer and KV pool (tokens and bytes)."""
    from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from argmatrix.runtime.engine import Engine

    console = _make_console(console)
    args = ctx.args
    weight_bytes = _weight_file_bytes(args.model_path)
    watched = [logging.getLogger("argmatrix.runtime.kv_cache"), logging.getLogger("argmatrix.runtime.engine")]
    saved = [lg.level for lg in watched]
    with Progress(SpinnerColumn(), TextColumn("[progress.description]{task.description}"), BarColumn(),
                  TimeElapsedColumn(), console=console, transient=False) as progress:
        load_task = progress.add_task(_plain(
            say("loading_size", lang, size=_mib(weight_bytes), path=args.model_path) if weight_bytes
            else say("loading", lang, path=args.model_path)), total=1)
        pool_task = progress.add_task(say("sizing", lang), total=1, start=False)
        handler = _PhaseHandler(progress, load_task, pool_task, lang)
        for lg in watched:
            lg.addHandler(handler)
            if lg.getEffectiveLevel() > logging.INFO:
                lg.setLevel(logging.INFO)   # the console handler still filters by --log-level
        hf_bars = _quiet_transformers_bars()
        try:
            engine = Engine(ctx.compiled if ctx.compiled is not None else args, device=device)
        finally:
            if hf_bars is not None:
                hf_bars()
            for lg, level in zip(watched, saved):
                lg.removeHandler(handler)
                lg.setLevel(level)
        progress.update(load_task, completed=1)
        if not progress.tasks[pool_task].started:
            progress.start_task(pool_task)
        progress.update(pool_task, completed=1)
    report_engine(engine, console, lang)
    return engine


def report_engine(engine: Any, console: Any, lang: str = "en") -> None:
    loaded = getattr(engine, "loaded", None)
    tok = engine.tokenizer
    pool_tokens = engine.total_pages * engine.config.page_size
    lines = []
    if loaded is not None:
        lines.append(say("weights", lang, size=_mib(loaded.weight_bytes), dtype=str(loaded.dtype).replace("torch.", ""),
                         impl=loaded.impl, device=loaded.device, dir=loaded.model_dir))
    if tok is not None:
        lines.append(say("tokenizer", lang, name=type(tok).__name__, n=len(tok)))
    else:
        lines.append(say("no_tokenizer", lang))
    lines.append(say("pool", lang, tokens=pool_tokens, pages=engine.total_pages, page=engine.config.page_size,
                     size=_mib(kv_pool_bytes(engine))))
    lines.append(say("limits", lang, context=engine.max_context_len,
                     running=getattr(engine, "max_running_requests", "?")))
    for line in lines:
        console.print(f"  {line}", highlight=False, markup=False)


def header_deadline_protocol(timeout_s: float) -> type:
    """uvicorn's h11 protocol with a deadline for request headers (``--request-read-timeout``).

    uvicorn waits forever for the headers of a connection's first request (its
    keep-alive timer only runs between requests), so a client could hold
    connections open by never finishing them.  The body is guarded by
    :class:`.edge.BodyGuard`; this closes connections whose headers are not
    complete ``timeout_s`` after the connection opened or their first byte arrived.
    """
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class HeaderDeadlineH11Protocol(H11Protocol):
        _header_timer: Any = None

        def connection_made(self, transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.conn.their_state is h11.IDLE and self.conn.trailing_data[0]:
                self._arm()                  # part of the next request's headers is here: they must finish
            elif self.conn.their_state is not h11.IDLE:
                self._disarm()

        def connection_lost(self, exc) -> None:
            self._disarm()
            super().connection_lost(exc)

        def on_response_complete(self) -> None:
            self._disarm()                   # between requests uvicorn's keep-alive timer applies
            super().on_response_complete()

        def _arm(self) -> None:
            if self._header_timer is None:
                self._header_timer = self.loop.call_later(timeout_s, self._deadline)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _deadline(self) -> None:
            self._header_timer = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self.logger.info("closing a connection whose request headers did not arrive within %gs "
                                 "(--request-read-timeout)", timeout_s)
                self.transport.close()

    return HeaderDeadlineH11Protocol


def _compiled_for(args: Any) -> Any:
    from argmatrix.runtime.engine import as_compiled

    return as_compiled(args)


class ServingRuntime:
    """Load, warm up, build the app and serve it with uvicorn."""

    def __init__(self, compiled: Compiled, *, engine: Any = None, console: Any = None,
                 grace_s: float | None = None, device: str | None = None, lang: str = "en"):
        """``grace_s``: the drain (tests give a short one); unset, the drain is --shutdown-timeout's share."""
        self.lang = lang  # of what start-up prints (progress, summary, errors); logs stay in English
        self.ctx = server_context(compiled)
        self.args = self.ctx.args
        self.engine = engine
        self.owns_engine = engine is None
        self.console = console
        if grace_s is None:
            self.shutdown_total_s = float(getattr(self.args, "shutdown_timeout", None) or DEFAULT_GRACE_S)
            self.grace_s = shutdown_budget(self.shutdown_total_s)[0]
        else:
            self.grace_s = grace_s
            self.shutdown_total_s = grace_s + min(TEARDOWN_S, grace_s / 2)
        self.stop_deadline: float | None = None      # monotonic time the process must be gone by, once stopping
        self.hard_exit = False                       # run() as the process: a late teardown is cut by os._exit
        self.device = device
        self.app: FastAPI | None = None
        self.state: ServerState | None = None
        self.server: uvicorn.Server | None = None
        self.sock: socket.socket | None = None
        self.thread: threading.Thread | None = None
        self.exit_code = 0
        self.warmups_done: list[tuple[str, float, str]] = []

    # -- steps --------------------------------------------------------------
    def load(self) -> Any:
        from .state import check_engine_usable

        if self.engine is None:
            self.engine = load_engine(self.ctx, self.console, device=self.device, lang=self.lang)
        check_engine_usable(self.engine)
        self.engine.start()
        return self.engine

    def warmup(self) -> None:
        from . import warmup

        names = warmup.plan(self.args)
        if not names:
            logger.info("warm-up skipped (--skip-server-warmup)")
            return
        if self.console is not None:
            from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

            with Progress(SpinnerColumn(), TextColumn("[progress.description]{task.description}"), BarColumn(),
                          TimeElapsedColumn(), console=self.console) as progress:
                self.warmups_done = warmup.run(self.engine, names, progress, lang=self.lang)
        else:
            self.warmups_done = warmup.run(self.engine, names)

    def build(self) -> Any:
        import uvicorn

        from .app import build_app
        from .logs import apply_log_levels, install_request_targets

        apply_log_levels(self.args)
        install_request_targets(self.args)
        self.app = app = build_app(self.engine, self.ctx)
        self.state = state = app.state.server
        state.stop_server = self._watchdog_stop
        listeners = getattr(self.engine, "fatal_listeners", None)
        if listeners is not None:           # a tensor-parallel rank failed: the engine cannot go on
            listeners.append(self._engine_fatal)
            if getattr(self.engine, "fatal", None):
                self._engine_fatal(self.engine.fatal)
        runtime = self

        class _Server(uvicorn.Server):
            def handle_exit(self, sig, frame):
                # the first SIGTERM/SIGINT drains (/health turns 503 at once, open streams are ended with an
                # error event just before the grace period runs out); a second one stops at once
                if state.draining:
                    logger.warning("second stop signal: stopping now, without waiting for running requests")
                    state.cut_streams("the server was stopped")
                    self.force_exit = True
                runtime._arm_stop_deadline()
                state.begin_drain(runtime.grace_s)
                super().handle_exit(sig, frame)

        # timeout_graceful_shutdown is typed int, but uvicorn only hands it to asyncio.wait_for: a float works
        config = uvicorn.Config(app, host=self.args.host, port=self.args.port, log_config=None,
                                http=header_deadline_protocol(float(self.args.request_read_timeout)),
                                timeout_graceful_shutdown=self.grace_s,  # type: ignore[arg-type]
                                lifespan="on", access_log=True, proxy_headers=False, server_header=False)
        self.server = _Server(config)
        return self.app

    def _serving(self) -> tuple[uvicorn.Server, ServerState]:
        """What ``build`` made: the server to run and the state it serves."""
        if self.server is None or self.state is None:
            raise RuntimeError("ServingRuntime.build() has not run")
        return self.server, self.state

    def _engine_fatal(self, message: str) -> None:
        logger.critical("%s", message)
        if self.state is not None:
            self.state.fatal = message
        self._watchdog_stop()

    def _watchdog_stop(self) -> None:
        self.exit_code = 1
        if self.server is not None:
            self.server.should_exit = True
            self.server.force_exit = True   # a stuck step will not let in-flight requests finish

    @property
    def port(self) -> int:
        return self.sock.getsockname()[1] if self.sock is not None else self.args.port

    @property
    def url(self) -> str:
        host = self.sock.getsockname()[0] if self.sock is not None else self.args.host
        host = f"[{host}]" if ":" in host else host
        return f"http://{host}:{self.port}{self.args.fastapi_root_path or ''}"

    def _arm_stop_deadline(self) -> None:
        """The first stop signal starts the shutdown's clock: by ``shutdown_total_s`` after it the process is
        gone, whatever the teardown still waits for (a process run by :meth:`run`; an embedding caller's thread
        is never ended this way)."""
        if self.stop_deadline is not None:
            return
        self.stop_deadline = time.monotonic() + self.shutdown_total_s
        if not self.hard_exit:
            return
        timer = threading.Timer(max(0.0, self.shutdown_total_s - EXIT_MARGIN_S), self._exit_now)
        timer.daemon = True
        timer.name = "argmatrix-stop-deadline"
        timer.start()

    def _exit_now(self) -> None:
        logger.error("the shutdown did not end within %gs (--shutdown-timeout): exiting now",
                     self.shutdown_total_s)
        _end_process(self.exit_code)

    def _teardown_left(self) -> float:
        """Seconds the teardown may still take: what the shutdown's clock leaves, at most :data:`TEARDOWN_S`."""
        if self.stop_deadline is None:
            return min(self.grace_s, TEARDOWN_S)
        return max(0.0, min(TEARDOWN_S, self.stop_deadline - EXIT_MARGIN_S - time.monotonic()))

    def _after_serve(self) -> None:
        monitors = self.state.monitors if self.state is not None else None
        if monitors is not None:
            monitors.stop()
        if self.sock is not None:
            self.sock.close()
        if self.owns_engine and self.engine is not None and self.exit_code == 0:
            started = time.monotonic()
            self.engine.shutdown(grace_s=self._teardown_left())
            logger.info("engine stopped in %.1fs%s", time.monotonic() - started,
                        "" if self.stop_deadline is None else
                        f" ({self.shutdown_total_s - (self.stop_deadline - time.monotonic()):.1f}s after the stop "
                        f"signal; --shutdown-timeout {self.shutdown_total_s:g})")

    # -- the process entry --------------------------------------------------
    def run(self) -> int:
        """Everything, in the main thread, until SIGTERM; returns the exit status.

        Once a stop signal has stopped the server (and the engine), the process ends here: finalising the
        interpreter afterwards (freeing the model and the pool object by object) took 3 s more on a loaded
        machine, beyond what --shutdown-timeout allows and where no timer can run."""
        code = self._run()
        if self.hard_exit and self.stop_deadline is not None:
            _end_process(code)
        return code

    def _run(self) -> int:
        from .logs import apply_log_levels, install_handlers, remove_handlers

        if self.console is None and self.args.log_format == "json":
            from .logs import json_console

            self.console = json_console()   # what it prints while starting becomes JSON records too
        console = self.console = _make_console(self.console)
        apply_log_levels(self.args)
        install_handlers(self.args, console)

        def on_term(signum, frame):
            raise _Terminated()

        if (self.args.dp_size or 1) > 1:
            from .replicas import run_replicas

            compiled = self.ctx.compiled
            return run_replicas(self.args, self.ctx.platform or "auto", console,
                                getattr(compiled, "user_set", None) or self.args.changed(), lang=self.lang)
        if (self.args.tp_size or 1) > 1 and (self.args.node_rank or 0) > 0:
            return self._run_other_node(console)
        main = threading.current_thread() is threading.main_thread()
        self.hard_exit = main
        previous = signal.signal(signal.SIGTERM, on_term) if main else None
        try:
            try:
                from . import warmup

                warmup.plan(self.args)          # an unknown --warmups name fails before the model loads
                self.sock = listening_socket(self.args.host, self.args.port)
                self.load()
                self.warmup()
                self.build()
            except (_Terminated, KeyboardInterrupt) as exc:
                term = isinstance(exc, _Terminated)
                console.print(say("sigterm" if term else "interrupted", self.lang), highlight=False, markup=False)
                if self.engine is not None and self.owns_engine:
                    self.engine.shutdown(grace_s=0)
                return 0 if term else 130
            except (OSError, ValueError, MemoryError, DistributedError) as exc:
                print_error(console, exc, self.lang)
                if self.engine is not None and self.owns_engine:
                    self.engine.shutdown(grace_s=0)
                return 1
            except Exception as exc:
                from argmatrix.runtime.engine import EngineLoadError

                if isinstance(exc, EngineLoadError):
                    print_error(console, exc, self.lang)
                    return 1
                raise
            if main:
                # uvicorn re-raises the signal it handled once it has shut down; make that a no-op
                signal.signal(signal.SIGTERM, lambda s, f: None)
            server, state = self._serving()
            console.print(say("serving", self.lang, model=state.model_name, url=self.url),
                          highlight=False, markup=False)
            server.run(sockets=[self.sock])
            if state.fatal:
                print_error(console, state.fatal, self.lang)
                self.exit_code = 1
            return self.exit_code
        finally:
            self._after_serve()
            if main and previous is not None:
                signal.signal(signal.SIGTERM, previous)
            remove_handlers()

    def _run_other_node(self, console: Any) -> int:
        """``--node-rank r`` (r > 0) with ``--tp-size`` > 1: this node's ranks, no HTTP server (node 0 serves)."""
        from argmatrix.runtime.engine_config import EngineConfig
        from argmatrix.runtime.errors import EngineRefused
        from argmatrix.runtime.worker_rank import serve_node

        try:
            cfg = EngineConfig.from_compiled(self.ctx.compiled if self.ctx.compiled is not None else
                                             _compiled_for(self.args))
            return serve_node(cfg)
        except (EngineRefused, ValueError) as exc:
            print_error(console, exc, self.lang)
            return 1

    # -- tests and embedding ------------------------------------------------
    def start_in_thread(self, *, host: str = "127.0.0.1", port: int = 0, timeout: float = 60.0) -> ServingRuntime:
        """Serve from a background thread on ``host:port`` (0: a free port); returns once listening."""
        if self.engine is None:
            self.load()
            self.warmup()
        else:
            self.engine.start()
        self.sock = sock = listening_socket(host, port)
        self.build()
        from .state import check_engine_usable

        check_engine_usable(self.engine)
        self.thread = threading.Thread(target=self._serve_thread, args=(sock,), name="argmatrix-uvicorn", daemon=True)
        self.thread.start()
        deadline = time.monotonic() + timeout
        server, _ = self._serving()
        while not server.started:
            if not self.thread.is_alive():
                raise RuntimeError("the server thread stopped during start-up; see the log")
            if time.monotonic() > deadline:
                raise TimeoutError(f"the server did not start within {timeout}s")
            time.sleep(0.02)
        return self

    def _serve_thread(self, sock: socket.socket) -> None:
        try:
            server, _ = self._serving()
            server.run(sockets=[sock])
        except BaseException:
            logger.exception("the server thread failed")
            self.exit_code = self.exit_code or 1

    def stop(self, timeout: float = 30.0) -> int:
        """Ask the server to stop (as SIGTERM would) and wait for it; returns the exit status."""
        if self.server is not None:
            self._arm_stop_deadline()
            if self.state is not None:
                self.state.begin_drain(self.grace_s)
            self.server.should_exit = True
        if self.thread is not None:
            self.thread.join(timeout)
            if self.thread.is_alive():
                raise TimeoutError(f"the server did not stop within {timeout}s")
        self._after_serve()
        return self.exit_code

    def wait(self, timeout: float) -> bool:
        """Wait for the server thread to end by itself (e.g. the watchdog); True if it did."""
        if self.thread is None:
            return True
        self.thread.join(timeout)
        return not self.thread.is_alive()


def _end_process(code: int) -> None:
    """Flush what the process wrote and end it at once, without finalising the interpreter."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # noqa: BLE001 - exiting anyway
            pass
    logging.shutdown()
    os._exit(code)


def run_server(compiled: Compiled, *, console: Any = None, lang: str = "en") -> int:
    """Serve ``compiled`` (``argmatrix.compile``'s result, or a ``ServerArgs``) until SIGTERM; the exit status.
    ``lang``: the language of what start-up prints (en or zh)."""
    return ServingRuntime(compiled, console=console, lang=lang).run()
