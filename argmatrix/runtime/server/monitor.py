"""Background checks while the server runs: watchdogs, the decode-throughput log, GC warnings.

- ``--watchdog-timeout``: a forward step running longer than this stops the
  server.  The running requests (and the engine thread's stack) are logged and,
  with ``--crash-dump-folder``, written there as JSON.
- ``--soft-watchdog-timeout``: a step running longer than this is logged once
  with the engine thread's stack; the server keeps going.
- ``--decode-log-interval``: every that many decode steps, one line with the
  running/queued requests, KV usage and generation throughput.
- ``--gc-warning-threshold-secs``: see :class:`.logs.GCWatch`.
"""
from __future__ import annotations

import json
import logging
import os
import sys
import threading
import time
import traceback
from typing import TYPE_CHECKING, Any

from .logs import GCWatch
from .tracking import unscoped_rid

if TYPE_CHECKING:
    from .state import ServerState

logger = logging.getLogger("argmatrix.server")
decode_logger = logging.getLogger("argmatrix.server.decode")


def thread_stack(thread: threading.Thread | None) -> str:
    if thread is None or thread.ident is None:
        return "(no engine thread)"
    frame = sys._current_frames().get(thread.ident)
    if frame is None:
        return "(the engine thread is not running)"
    return "".join(traceback.format_stack(frame))


def write_crash_dump(folder: str, payload: dict[str, Any]) -> str:
    os.makedirs(folder, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = os.path.join(folder, f"crash_dump-{stamp}-{os.getpid()}.json")
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(payload, fh, indent=2, default=str)
    return path


class Monitors:
    def __init__(self, state: ServerState):
        self.st = state
        args = state.args
        self.hard = float(args.watchdog_timeout)
        self.soft = float(args.soft_watchdog_timeout)
        self.interval = int(args.decode_log_interval)
        self.gc = GCWatch(args.gc_warning_threshold_secs)
        self.period = max(0.05, min(0.5, self.hard / 4, self.soft / 4))
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._soft_warned_for: float | None = None
        self.fired = False
        # decode log state
        self._decode_steps = 0
        self._last_log_time = time.monotonic()
        self._last_gen_tokens = 0

    def start(self) -> None:
        engine = self.st.engine
        try:
            self._last_gen_tokens = engine.stats().generated_tokens_total
        except Exception:
            logger.debug("engine.stats() failed when the monitors started", exc_info=True)
        listeners = getattr(engine, "step_listeners", None)
        if listeners is not None and self.decode_step not in listeners:
            listeners.append(self.decode_step)
        self.gc.install()
        self._thread = threading.Thread(target=self._run, name="argmatrix-monitor", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        listeners = getattr(self.st.engine, "step_listeners", None)
        if listeners is not None and self.decode_step in listeners:
            listeners.remove(self.decode_step)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2.0)
        self.gc.remove()

    def _run(self) -> None:
        while not self._stop.wait(self.period):
            try:
                stats = self.st.engine.stats()
                self.check_watchdog(stats, time.monotonic())
            except Exception:
                logger.debug("monitor tick failed", exc_info=True)

    # -- watchdogs ----------------------------------------------------------
    def check_watchdog(self, stats: Any, now: float) -> None:
        started = stats.last_step_started_at
        if not stats.step_in_progress or started is None or self.fired:
            return
        stuck = now - started
        if stuck > self.soft and self._soft_warned_for != started:
            self._soft_warned_for = started
            logger.warning("soft watchdog: a forward step has run for %.1fs (--soft-watchdog-timeout %s); "
                           "%d requests in it; engine thread stack:\n%s", stuck, self.soft, stats.running,
                           thread_stack(getattr(self.st.engine, "_thread", None)))
        if stuck > self.hard:
            self.fire(stats, stuck)

    def running_engine_requests(self) -> list[dict[str, Any]]:
        out = []
        try:
            for req in list(self.st.engine.scheduler.running):
                out.append({"rid": unscoped_rid(req.rid), "engine_rid": req.rid, "prompt_tokens": req.num_prompt,
                            "output_tokens": req.num_output, "kv_len": req.kv_len, "pages": len(req.pages)})
        except Exception:
            logger.debug("could not list the engine's running requests", exc_info=True)
        return out

    def fire(self, stats: Any, stuck: float) -> None:
        self.fired = True
        st = self.st
        msg = (f"watchdog: a forward step has been stuck for {stuck:.1f}s, longer than --watchdog-timeout "
               f"{self.hard:g}s; stopping the server")
        st.fatal = msg
        running = st.tracker.running()
        payload = {
            "reason": msg,
            "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "watchdog_timeout_s": self.hard,
            "stuck_for_s": round(stuck, 3),
            "engine_stats": st.engine_stats(),
            "running_requests": running,
            "engine_running_requests": self.running_engine_requests(),
            "engine_thread_stack": thread_stack(getattr(st.engine, "_thread", None)),
        }
        logger.critical("%s. Running requests (%d): %s", msg, len(running),
                        json.dumps(running, default=str))
        folder = st.args.crash_dump_folder
        if folder:
            try:
                path = write_crash_dump(folder, payload)
                logger.critical("watchdog: crash dump written to %s", path)
                st.crash_dump_path = path
            except OSError as exc:
                logger.error("watchdog: could not write the crash dump to %s: %s", folder, exc)
        st.watchdog_payload = payload
        if st.stop_server is not None:
            st.stop_server()

    # -- decode log ---------------------------------------------------------
    def decode_step(self, record: Any) -> None:
        """Called by the engine after each step: one throughput line every --decode-log-interval decode steps."""
        if record.num_decode <= 0:
            return
        self._decode_steps += 1
        if self._decode_steps < self.interval:
            return
        stats = self.st.engine.stats()
        self._decode_steps = 0
        now = time.monotonic()
        elapsed = max(now - self._last_log_time, 1e-6)
        tokens = stats.generated_tokens_total - self._last_gen_tokens
        self._last_log_time = now
        self._last_gen_tokens = stats.generated_tokens_total
        throughput = tokens / elapsed
        self.st.throughput["sglang:gen_throughput"] = throughput
        usage = stats.used_pages / stats.total_pages if stats.total_pages else 0.0
        decode_logger.info("Decode batch. #running-req: %d, #token: %d, token usage: %.2f, "
                           "gen throughput (token/s): %.2f, #queue-req: %d", stats.running,
                           stats.used_pages * stats.page_size, usage, throughput, stats.queued)
