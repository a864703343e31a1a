"""Request bodies of the generation routes, parsed and validated off the event loop, one large one at a time.

FastAPI parses a declared body (``json.loads``) and validates it with pydantic on the event loop: 20 bodies of
40,000 items each made a 5-token request next to them take 20x its time alone.  The generation routes
(``/v1/completions``, ``/v1/chat/completions``, ``/generate``) take their body through :func:`parsed_body`
instead: a body with few values is parsed where it is (cheaper than a thread hop), one with many in one worker
thread, which takes the callers' bodies in turn (round-robin, so one caller's crowd of them does not hold
another caller's back).  After a costly body its sender rests as long as it was parsed before its next one is
taken; other callers' bodies are not held by that rest.

What a body may hold is bounded before it is validated (:mod:`.body_bounds`: entries per list or object, values
in all), so the work of validating it is bounded by the server's own limits, not by the byte limit; and a body
with many invalid values costs the validation of its first ones only (:func:`first_errors`).  The steps and the
errors are FastAPI's own (``json.loads``, then the model; a 400 naming the first bad fields:
:func:`.errors.validation_error`), and the OpenAPI schema still documents each route's body
(:func:`body_openapi`).
"""
from __future__ import annotations

import asyncio
import collections
import json
import threading
import time
from typing import Any, TypeVar

from fastapi import Depends, Request
from pydantic import BaseModel, ValidationError

from .auth import caller_of
from .body_bounds import BodyBounds, check_bounds, truncated
from .errors import MAX_ERRORS_SCANNED, validation_error
from .openai_api import UNICODE_CHECKED

ModelT = TypeVar("ModelT", bound=BaseModel)

# A body is parsed on the loop when it is small, or holds few values (counted by its commas and colons, a bound
# on its items, at C speed): a long prompt is one string, cheap to parse however long.  Anything else goes to
# the worker.
INLINE_BYTES = 16 * 1024
INLINE_MAX_BYTES = 1024 * 1024
INLINE_VALUES = 2_000
# Large bodies parsed at once.  Parsing holds the interpreter (json and pydantic release it only between
# switch intervals), so more threads would not parse faster, only take turns away from the loop and the engine.
HEAVY_PARSES = 1
# After a caller's large body, that caller's next one waits this long for each second the first was parsed, so
# one caller's stream of large bodies takes at most half the interpreter from the loop and the engine (whose
# every release of it, a torch call or a socket wait, would otherwise cost up to a switch interval to get back).
# Other callers' bodies do not wait for it.
REST_PER_PARSE_SECOND = 1.0


def is_cheap(body: bytes, inline_bytes: int = INLINE_BYTES) -> bool:
    """Whether ``body`` is parsed on the loop: small, or at most a megabyte with few values."""
    if len(body) <= inline_bytes:
        return True
    return len(body) <= INLINE_MAX_BYTES and body.count(b",") + body.count(b":") <= INLINE_VALUES


def may_hold_surrogates(body: bytes) -> bool:
    """Whether decoding ``body`` can give a lone surrogate: from a ``\\uD8xx``-style escape, or from raw surrogate
    bytes (``json.loads`` decodes bytes with ``surrogatepass``).  False lets validation skip its walk over every
    value looking for one."""
    if b"\\ud" in body or b"\\uD" in body:
        return True
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


def parse_body(model: type[ModelT], body: bytes, bounds: BodyBounds | None = None) -> ModelT:
    """``body`` as ``model``, or the 400 FastAPI's own parsing would give (locations under ``body``); a 413 when
    a list or object holds more than ``bounds`` allow (checked before validation)."""
    if not body:
        raise validation_error([{"type": "missing", "loc": ("body",), "msg": "Field required", "input": None}])
    try:
        data = json.loads(body)
    except json.JSONDecodeError as exc:
        raise validation_error([{"type": "json_invalid", "loc": ("body", exc.pos), "msg": "JSON decode error",
                                 "input": {}, "ctx": {"error": exc.msg}}]) from None
    except UnicodeDecodeError as exc:
        raise validation_error([{"type": "json_invalid", "loc": ("body", exc.start), "msg": "JSON decode error",
                                 "input": {}, "ctx": {"error": "the body is not UTF-8 text"}}]) from None
    longest = check_bounds(data, bounds) if bounds is not None else ()
    context = None if may_hold_surrogates(body) else {UNICODE_CHECKED: True}
    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        raise validation_error(first_errors(model, data, exc, longest, context), total=exc.error_count()) from None


def first_errors(model: type[BaseModel], data: Any, exc: ValidationError, longest: tuple[Any, ...],
                 context: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The first :data:`MAX_ERRORS_SCANNED` errors of ``exc`` (located under ``body``), without converting them
    all: ``exc.errors()`` builds every error as Python objects in one call that holds the interpreter, so with
    many errors the body is validated again with every list and object cut to its first entries, whose errors
    are the first ones.  If that cut body is valid (the bad values all lie further on), the error names the
    longest list or object (the total count of errors is in the message :func:`.errors.validation_error`
    writes)."""
    count = exc.error_count()
    if count <= MAX_ERRORS_SCANNED:
        found = exc.errors(include_url=False, include_input=False)
    else:
        try:
            model.model_validate(truncated(data, MAX_ERRORS_SCANNED), context=context)
            found = []
        except ValidationError as cut:
            found = cut.errors(include_url=False, include_input=False)[:MAX_ERRORS_SCANNED]
        if not found:
            return [{"type": "value_error", "loc": ("body", *longest),
                     "msg": f"invalid values past its first {MAX_ERRORS_SCANNED} entries"}]
    return [{**e, "loc": ("body", *e["loc"])} for e in found[:MAX_ERRORS_SCANNED]]


class BodyParser:
    """Parses costly bodies in one worker thread (:data:`HEAVY_PARSES`), taking the callers in turn; the rest
    wait, costing nothing.

    After a costly body its sender's next one waits as long as the first was parsed
    (:data:`REST_PER_PARSE_SECOND`), so a lone costly body is answered at once, one caller's stream of them gets
    at most half the time, and another caller's body is taken at once.  ``bounds``: what a body may hold
    (:mod:`.body_bounds`); None checks nothing.
    """

    def __init__(self, inline_bytes: int = INLINE_BYTES, bounds: BodyBounds | None = None):
        self.inline_bytes = inline_bytes
        self.bounds = bounds
        self._turns: dict[str, collections.deque] = {}      # caller -> its waiting bodies, callers by arrival
        self._served: dict[str, int] = {}                    # caller -> the turn it was last served in
        self._rest_until: dict[str, float] = {}              # caller -> when its next costly body may start
        self._turn = 0
        self._ready = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False
        self.waiting = 0                 # costly bodies queued or being parsed (for tests and the soak)

    async def parse(self, model: type[ModelT], body: bytes, caller: str = "") -> ModelT:
        if is_cheap(body, self.inline_bytes):
            return parse_body(model, body, self.bounds)
        loop = asyncio.get_running_loop()
        done: asyncio.Future = loop.create_future()
        with self._ready:
            if self._closed:
                raise _shutting_down()
            self._turns.setdefault(caller, collections.deque()).append((model, body, done, loop, caller))
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="argmatrix-body", daemon=True)
                self._thread.start()
            self._ready.notify()
        self.waiting += 1
        try:
            return await done
        finally:
            self.waiting -= 1

    def _next(self) -> tuple | None:
        """The next job: the oldest body of the caller served least recently (first come among those never
        served) among the callers not resting; None once closed."""
        with self._ready:
            while True:
                if self._closed:
                    return None
                now = time.perf_counter()
                ready = [c for c in self._turns if self._rest_until.get(c, 0.0) <= now]
                if ready:
                    break
                # every waiting caller rests: sleep until the first one may go on (or a new body arrives)
                wake = min((self._rest_until[c] for c in self._turns), default=None)
                self._ready.wait(None if wake is None else max(0.0, wake - now))
            served = self._served
            caller = min(ready, key=lambda c: served.get(c, -1))    # stable: arrival order on ties
            jobs = self._turns[caller]
            job = jobs.popleft()
            if not jobs:
                del self._turns[caller]
            self._turn += 1
            served[caller] = self._turn
            if len(served) > 1024:                   # forget callers with nothing waiting
                self._served = {c: t for c, t in served.items() if c in self._turns}
            if len(self._rest_until) > 1024:
                self._rest_until = {c: t for c, t in self._rest_until.items() if t > now}
            return job

    def _work(self) -> None:
        while (job := self._next()) is not None:
            model, body, done, loop, caller = job
            if done.cancelled():         # the client went away while it waited
                continue
            started = time.perf_counter()
            try:
                outcome: tuple[str, Any] = ("result", parse_body(model, body, self.bounds))
            except BaseException as exc:  # noqa: BLE001 - handed to the waiting request
                outcome = ("exception", exc)
            now = time.perf_counter()
            with self._ready:
                self._rest_until[caller] = now + (now - started) * REST_PER_PARSE_SECOND
            try:
                loop.call_soon_threadsafe(_settle, done, outcome)
            except RuntimeError:         # its loop is closed
                pass

    def close(self) -> None:
        """Stop the worker; bodies still waiting are answered 503 (call from the event loop, as the app's
        lifespan does).  A body being parsed is not waited for: the worker is a daemon thread, and its
        request's answer is dropped with its closed loop."""
        with self._ready:
            self._closed = True
            waiting = [job for jobs in self._turns.values() for job in jobs]
            self._turns.clear()
            self._ready.notify_all()
        for _, _, done, _, _ in waiting:
            if not done.done():
                done.set_exception(_shutting_down())


def _shutting_down() -> Exception:
    from .errors import APIError

    return APIError(503, "the server is shutting down and accepts no new requests", type_="server_error",
                    code="shutting_down")


def _settle(done: asyncio.Future, outcome: tuple[str, Any]) -> None:
    if not done.done():
        getattr(done, "set_" + outcome[0])(outcome[1])


def parsed_body(model: type[ModelT]) -> Any:
    """A ``Depends`` giving the route its body as ``model``, parsed by the server's :class:`BodyParser`."""
    async def body(request: Request) -> Any:
        return await request.app.state.server.bodies.parse(model, await request.body(),
                                                           caller_of(request.scope).principal)

    body.__name__ = f"{model.__name__}_body"
    return Depends(body)


def body_openapi(model: type[BaseModel]) -> dict[str, Any]:
    """``openapi_extra`` for a route that takes ``model`` through :func:`parsed_body`: FastAPI sees no body
    parameter, so the route says it here (the model reaches the components as one of :data:`PARSED_BODIES`)."""
    assert model in PARSED_BODIES, model
    return {"requestBody": {"content": {"application/json": {"schema": {"$ref": f"#/components/schemas/"
                                                                                 f"{model.__name__}"}}},
                            "required": True}}


def _parsed_bodies() -> tuple[type[BaseModel], ...]:
    from .openai_api import ChatCompletionRequest, CompletionRequest, GenerateRequest

    return (CompletionRequest, ChatCompletionRequest, GenerateRequest)


PARSED_BODIES = _parsed_bodies()
