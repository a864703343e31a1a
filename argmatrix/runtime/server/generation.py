"""Running engine requests for the HTTP handlers: tracking, metrics, errors, fan-out.

Every HTTP request becomes one engine submission per prompt ("job"; the
engine itself fans ``n`` choices out).  A :class:`JobStream`

- submits at construction, so queue-full, too-long prompts and bad sampling
  parameters surface as HTTP errors before any response byte is sent
  (queue full -> 503 + Retry-After, prompt too long -> 400 naming both
  lengths, bad parameter -> 400 naming it);
- accounts for the request in the :class:`~.tracking.RequestTracker`
  exactly once, whatever happens;
- observes Prometheus metrics (TTFT, inter-token, end-to-end, token counts);
- aborts the engine request when closed early (client disconnect), which
  frees its pages, even if it was never iterated;
- hands the request's stop strings (checked against the limits by
  ``ServerState.stops``) to the engine with the sampling parameters: the
  engine's one stop-string path finishes a choice that hits one
  (``finish_reason`` "stop", the text cut before it).
"""
from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections.abc import AsyncGenerator, AsyncIterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import APIError

if TYPE_CHECKING:
    from ..errors import PromptTooLongError, QueueFullError
    from .state import ServerState

logger = logging.getLogger("argmatrix.server")

# Seconds a client should wait before retrying after a 503 (queue full).
RETRY_AFTER_S = 1


class ClientDisconnected(Exception):
    """The client closed the connection before the response was complete."""


@dataclass
class Job:
    prompt: str | list[int]
    params: Any                    # engine SamplingParams (n choices)
    rid: str
    base_index: int = 0            # choice index of this job's first choice in the response
    prompt_text: str | None = None  # for echo and request logs
    stops: list[str] = field(default_factory=list)   # within the limits; the engine matches them


@dataclass
class ChoiceResult:
    """Everything one choice of one engine request produced."""

    index: int
    rid: str
    text: str = ""
    token_ids: list[int] = field(default_factory=list)
    logprobs: list[Any] = field(default_factory=list)
    finished: bool = False
    finish_reason: str | None = None
    error: str | None = None
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    arrival: float | None = None
    first_token_at: float | None = None
    finished_at: float | None = None

    def add(self, chunk: Any) -> None:
        if self.first_token_at is None and chunk.token_ids_delta and not chunk.finished:
            self.first_token_at = time.monotonic()
        self.text += chunk.text_delta or ""
        self.token_ids.extend(chunk.token_ids_delta or ())
        self.logprobs.extend(getattr(chunk, "logprobs_delta", None) or ())
        self.prompt_tokens = chunk.prompt_tokens or self.prompt_tokens
        self.completion_tokens = chunk.completion_tokens or self.completion_tokens
        self.cached_tokens = chunk.cached_tokens or self.cached_tokens
        if chunk.finished:
            self.finished = True
            self.finish_reason = chunk.finish_reason
            self.error = getattr(chunk, "error", None)
            self.arrival = getattr(chunk, "arrival", None)
            self.first_token_at = getattr(chunk, "first_token_at", None) or self.first_token_at
            self.finished_at = getattr(chunk, "finished_at", None)

    def meta(self) -> dict[str, Any]:
        e2e = ttft = itl = None
        if self.arrival is not None and self.finished_at is not None:
            e2e = self.finished_at - self.arrival
        if self.arrival is not None and self.first_token_at is not None:
            ttft = self.first_token_at - self.arrival
        if self.first_token_at is not None and self.finished_at is not None and self.completion_tokens > 1:
            itl = (self.finished_at - self.first_token_at) / (self.completion_tokens - 1)
        out = {"prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens,
               "cached_tokens": self.cached_tokens, "finish_reason": self.finish_reason,
               "e2e_latency": e2e, "ttft": ttft, "inter_token_latency": itl}
        if self.error:
            out["error"] = self.error
        return out


def engine_errors() -> tuple[type[QueueFullError], type[PromptTooLongError]]:
    """The engine's exception classes (imported lazily: the engine module imports torch on use)."""
    from argmatrix.runtime.engine import PromptTooLongError, QueueFullError

    return QueueFullError, PromptTooLongError


def map_engine_error(exc: BaseException, *, param: str, max_queued: int | None) -> APIError | None:
    """An engine exception as the HTTP error a client should see; None for a server fault."""
    QueueFull, PromptTooLong = engine_errors()
    if isinstance(exc, QueueFull):
        why = str(exc)
        detail = (f"{why}; each caller may hold an equal share of it" if why.startswith("this caller")
                  else "the request queue is full")
        return APIError(503, f"the server is busy: {detail} (--max-queued-requests {max_queued}); retry later",
                        type_="server_overloaded", code="queue_full", headers={"Retry-After": str(RETRY_AFTER_S)})
    if isinstance(exc, PromptTooLong):
        return APIError(400, f"the prompt ('{param}') is {exc.prompt_len} tokens long, but this model accepts at "
                             f"most {exc.max_len} prompt tokens (its context length less one token to generate); "
                             f"shorten the prompt, or start the server with --allow-auto-truncate",
                        param=param, code="context_length_exceeded")
    if isinstance(exc, ValueError):
        text = str(exc)
        if text.startswith("sampling parameter "):
            return APIError(400, text, param=text.split()[2].split("=")[0])
        if "request_id" in text:
            return APIError(400, text, param="rid")
        return APIError(400, f"'{param}': {text}", param=param)
    if isinstance(exc, RuntimeError) and "shutting down" in str(exc):
        return APIError(503, "the server is shutting down and accepts no new requests", type_="server_error",
                        code="shutting_down")
    return None


class JobStream:
    """One engine submission: its chunks, accounting and cleanup."""

    def __init__(self, state: ServerState, job: Job, *, endpoint: str, labels: dict[str, str], stream: bool,
                 param: str, priority: int | None, owner: str | None = None):
        self.state = state
        self.job = job
        self.endpoint = endpoint
        self.labels = labels
        self.stream = stream
        self.n = int(getattr(job.params, "n", 1) or 1)
        self.results = [ChoiceResult(job.base_index + i, job.rid) for i in range(self.n)]
        self._first_seen = [False] * self.n
        self._last = [0.0] * self.n
        self._outcome: str | None = None
        self._started = False
        self._done = [False] * self.n
        self.arrival = time.monotonic()
        tracker = state.tracker
        self.tracked = tracker.begin(job.rid, endpoint, stream=stream, owner=owner)
        self.engine_rid = self.tracked.engine_rid       # the caller's id, scoped to the caller (tracking.py)
        state.reqlog.received(job.rid, endpoint, state.loggable_params(job.params), self._prompt_for_log())
        # the caller is also who admission is fair across (scheduler.py)
        kwargs: dict[str, Any] = {"request_id": self.engine_rid, "caller": owner or ""}
        if priority is not None:
            kwargs["priority"] = priority
        limits = getattr(state, "limits", None)
        try:
            if limits is not None:
                self._check_queue_room(limits, owner or "")
            params = dataclasses.replace(job.params, stop=[s for s in job.stops if s]) if job.stops else job.params
            self._agen = state.engine.submit(job.prompt, params, **kwargs)
        except Exception as exc:
            mapped = map_engine_error(exc, param=param, max_queued=limits.max_queued_requests if limits is not None
                                      else state.args.max_queued_requests)
            self._end("rejected" if mapped is not None else "failed")
            if mapped is None:
                raise
            raise mapped from exc
        self._iter = self._chunks()

    def _check_queue_room(self, limits: Any, caller: str) -> None:
        """503 queue_full when the waiting queue is full, or when this caller already has requests waiting and
        this one would take it past its share (:meth:`.limits.Limits.caller_queue_share`; a caller with none
        waiting is refused only by a full queue); counted by ``argmatrix:queue_full_total{reason}``."""
        engine = self.state.engine
        queue_of = getattr(engine, "queue_of", None)
        if queue_of is not None:
            queued, mine, callers = queue_of(caller)
        else:                                    # an engine that does not tell callers apart: the whole queue
            queued, mine, callers = engine.stats().queued, 0, 1
        reason = message = None
        if queued + self.n > limits.max_queued_requests:
            reason, message = "queue", f"the waiting queue is full ({queued} of {limits.max_queued_requests})"
        elif queue_of is not None and mine and mine + self.n > (share := limits.caller_queue_share(callers)):
            reason = "caller_share"
            message = (f"this caller already has {mine} request(s) waiting, its share of the queue while {callers} "
                       f"callers wait ({share} of {limits.max_queued_requests})")
        if reason is not None:
            if self.state.metrics is not None:
                self.state.metrics.observe_queue_full(reason)
            raise engine_errors()[0](message)

    def _prompt_for_log(self) -> Any:
        return self.job.prompt_text if self.job.prompt_text is not None else self.job.prompt

    def _end(self, outcome: str) -> None:
        if self._outcome is None:
            self._outcome = outcome
            self.state.tracker.end(self.engine_rid, outcome)
            if outcome == "cancelled":
                for r in self.results:
                    if not r.finished:
                        self.state.reqlog.finished(r.rid, self.endpoint, {**r.meta(), "finish_reason": "cancelled"},
                                                   self.state.loggable_params(self.job.params), r.text)

    def __aiter__(self) -> AsyncIterator[tuple[ChoiceResult, Any]]:
        return self._iter

    async def _chunks(self) -> AsyncGenerator[tuple[ChoiceResult, Any], None]:
        """Yield ``(choice result, chunk)``; the result already includes the chunk."""
        self._started = True
        metrics = self.state.metrics
        remaining = self.n
        try:
            async with contextlib.aclosing(self._agen) as agen:
                async for chunk in agen:
                    i = getattr(chunk, "index", 0) or 0
                    if self._done[i]:
                        continue
                    res = self.results[i]
                    res.add(chunk)
                    self.tracked.prompt_tokens = res.prompt_tokens
                    self.tracked.completion_tokens = sum(r.completion_tokens for r in self.results)
                    ntok = len(chunk.token_ids_delta or ())
                    if ntok:
                        now = time.perf_counter()
                        if not self._first_seen[i]:
                            self._first_seen[i] = True
                            if self.tracked.first_token_at is None:
                                self.tracked.first_token_at = now
                            if metrics is not None:
                                metrics.observe_first_token(now - self.tracked.arrival, self.labels, self.stream)
                        elif metrics is not None:
                            metrics.observe_inter_token(now - self._last[i], ntok, self.labels)
                        self._last[i] = now
                    if chunk.finished:
                        self._done[i] = True
                        remaining -= 1
                        self._choice_finished(res)
                        if remaining == 0:
                            aborted = any(r.finish_reason == "abort" and not r.error for r in self.results)
                            self._end("cancelled" if aborted else "finished")
                    yield res, chunk
                    if remaining == 0:
                        return
            self._end("finished" if remaining == 0 else "cancelled")
        except (asyncio.CancelledError, GeneratorExit):
            self._end("cancelled")
            raise
        except BaseException:
            self._end("failed")
            raise
        finally:
            self._end("cancelled")

    def _choice_finished(self, res: ChoiceResult) -> None:
        st = self.state
        meta = res.meta()
        if res.error:
            logger.error("request %s (choice %d) failed in the engine: %s", res.rid, res.index, res.error)
        if st.metrics is not None:
            st.metrics.observe_finished(e2e=meta["e2e_latency"] if meta["e2e_latency"] is not None
                                        else time.perf_counter() - self.tracked.arrival,
                                        prompt_tokens=res.prompt_tokens, completion_tokens=res.completion_tokens,
                                        cached_tokens=res.cached_tokens, finish_reason=res.finish_reason,
                                        labels=self.labels, stream=self.stream)
        rid = res.rid if self.n == 1 else f"{res.rid}#{res.index - self.job.base_index}"
        # the input once per prompt, with its first choice: n copies of a long prompt made level 3 n times slower
        first_choice = res.index == self.job.base_index
        st.reqlog.finished(rid, self.endpoint, meta, st.loggable_params(self.job.params), res.text,
                           prompt=self._prompt_for_log() if first_choice else None)
        if st.metrics_file is not None:
            st.metrics_file.write({"rid": rid, "endpoint": self.endpoint, **meta, "labels": self.labels or None})

    async def aclose(self) -> None:
        """Stop early: abort the engine request (frees its pages) and close the accounting."""
        if not self._started:
            # an async generator that never ran does not run its finally: abort by hand
            with contextlib.suppress(Exception):
                self.state.engine.abort(self.engine_rid)
            with contextlib.suppress(Exception):
                await self._agen.aclose()
            await self._iter.aclose()
            self._end("cancelled")
            return
        await self._iter.aclose()


class Generation:
    """The job streams of one HTTP request."""

    def __init__(self, state: ServerState, jobs: list[Job], *, endpoint: str, labels: dict[str, str], stream: bool,
                 param: str, priority: int | None = None, owner: str | None = None):
        self.streams: list[JobStream] = []
        try:
            for job in jobs:
                self.streams.append(JobStream(state, job, endpoint=endpoint, labels=labels, stream=stream,
                                              param=param, priority=priority, owner=owner))
        except BaseException:
            for s in self.streams:
                s.state.engine.abort(s.engine_rid)
                s._end("cancelled")
            raise
        self._tasks: list[asyncio.Task] = []

    @property
    def results(self) -> list[ChoiceResult]:
        return [r for s in self.streams for r in s.results]

    async def collect(self) -> list[ChoiceResult]:
        """Run every job to the end; results in choice order."""
        try:
            if len(self.streams) == 1:
                async for _ in self.streams[0]:
                    pass
            else:
                async def drain(s: JobStream) -> None:
                    async for _ in s:
                        pass

                self._tasks = [asyncio.ensure_future(drain(s)) for s in self.streams]
                await asyncio.gather(*self._tasks)
        finally:
            await self.aclose()
        return self.results

    async def chunks(self) -> AsyncIterator[tuple[ChoiceResult, Any]]:
        """``(choice result, chunk)`` from every job, in arrival order."""
        if len(self.streams) == 1:
            async for item in self.streams[0]:
                yield item
            return
        queue: asyncio.Queue = asyncio.Queue()
        done = object()

        async def pump(s: JobStream) -> None:
            try:
                async for item in s:
                    queue.put_nowait((item, None))
            except asyncio.CancelledError:
                raise
            except BaseException as exc:  # noqa: BLE001 - handed to the consumer
                queue.put_nowait((None, exc))
            finally:
                queue.put_nowait((done, None))

        self._tasks = [asyncio.ensure_future(pump(s)) for s in self.streams]
        remaining = len(self._tasks)
        while remaining:
            item, exc = await queue.get()
            if item is done:
                remaining -= 1
                continue
            if exc is not None:
                raise exc
            yield item

    async def aclose(self) -> None:
        """Abort whatever is unfinished; idempotent."""
        for t in self._tasks:
            t.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        for s in self.streams:
            with contextlib.suppress(Exception):
                await s.aclose()


async def until_disconnect(request: Any, coro: Any) -> Any:
    """Await ``coro``; if the client disconnects first, cancel it and raise :class:`ClientDisconnected`."""
    task = asyncio.ensure_future(coro)

    async def watch() -> None:
        while True:
            message = await request.receive()
            if message.get("type") == "http.disconnect":
                return

    watcher = asyncio.ensure_future(watch())
    try:
        done, _ = await asyncio.wait({task, watcher}, return_when=asyncio.FIRST_COMPLETED)
    except BaseException:
        task.cancel()
        watcher.cancel()
        await asyncio.gather(task, watcher, return_exceptions=True)
        raise
    if task in done:
        watcher.cancel()
        await asyncio.gather(watcher, return_exceptions=True)
        return task.result()
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    raise ClientDisconnected()
