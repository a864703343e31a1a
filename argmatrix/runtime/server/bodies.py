"""Request bodies of the generation routes, parsed and validated off the event loop, one large one at a time.

FastAPI parses a declared body (``json.loads``) and validates it with pydantic on the event loop: 20 bodies of
40,000 items each made a 5-token request next to them take 20x its time alone.  The generation routes
(``/v1/completions``, ``/v1/chat/completions``, ``/generate``) take their body through :func:`parsed_body`
instead: a body with few values is parsed where it is (cheaper than a thread hop), one with many in one worker
thread, which takes the callers' bodies in turn (round-robin, so one caller's crowd of them does not hold
another caller's back) and rests as long as it parsed before the next, so neither the loop nor the engine's
thread is starved of the interpreter.  The steps and the errors are FastAPI's own (``json.loads``, then the
model; a 400 naming the first bad fields, with bounded work: :func:`.errors.validation_error`), and the OpenAPI
schema still documents each route's body (:func:`body_openapi`).
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
from .errors import MAX_ERRORS_SCANNED, validation_error

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
# Under a stream of large bodies the parser rests this long for each second it parsed, so the loop and the
# engine (whose every release of the interpreter, a torch call or a socket wait, would otherwise cost it up to a
# switch interval to get back) have the interpreter to themselves at least half the time.
REST_PER_PARSE_SECOND = 1.0


def is_cheap(body: bytes, inline_bytes: int = INLINE_BYTES) -> bool:
    """Whether ``body`` is parsed on the loop: small, or at most a megabyte with few values."""
    if len(body) <= inline_bytes:
        return True
    return len(body) <= INLINE_MAX_BYTES and body.count(b",") + body.count(b":") <= INLINE_VALUES


def parse_body(model: type[ModelT], body: bytes) -> ModelT:
    """``body`` as ``model``, or the 400 FastAPI's own parsing would give (locations under ``body``)."""
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
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False, include_input=False)[:MAX_ERRORS_SCANNED]
        raise validation_error([{**e, "loc": ("body", *e["loc"])} for e in first],
                               total=exc.error_count()) from None


class BodyParser:
    """Parses costly bodies in one worker thread (:data:`HEAVY_PARSES`), taking the callers in turn; the rest
    wait, costing nothing.

    After a costly body the worker rests as long as it parsed (:data:`REST_PER_PARSE_SECOND`) before it starts
    the next one, so a lone costly body is answered at once and a stream of them gets at most half the time.
    """

    def __init__(self, inline_bytes: int = INLINE_BYTES):
        self.inline_bytes = inline_bytes
        self._turns: dict[str, collections.deque] = {}      # caller -> its waiting bodies, callers by arrival
        self._served: dict[str, int] = {}                    # caller -> the turn it was last served in
        self._turn = 0
        self._ready = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False
        self.waiting = 0                 # costly bodies queued or being parsed (for tests and the soak)

    async def parse(self, model: type[ModelT], body: bytes, caller: str = "") -> ModelT:
        if is_cheap(body, self.inline_bytes):
            return parse_body(model, body)
        loop = asyncio.get_running_loop()
        done: asyncio.Future = loop.create_future()
        with self._ready:
            if self._closed:
                raise RuntimeError("the server is shutting down")
            self._turns.setdefault(caller, collections.deque()).append((model, body, done, loop))
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
        """The next job: the oldest body of the waiting caller served least recently (first come among those
        never served)."""
        with self._ready:
            while not self._turns and not self._closed:
                self._ready.wait()
            if self._closed:
                return None
            served = self._served
            caller = min(self._turns, key=lambda c: served.get(c, -1))    # stable: arrival order on ties
            jobs = self._turns[caller]
            job = jobs.popleft()
            if not jobs:
                del self._turns[caller]
            self._turn += 1
            served[caller] = self._turn
            if len(served) > 1024:                   # forget callers with nothing waiting
                self._served = {c: t for c, t in served.items() if c in self._turns}
            return job

    def _work(self) -> None:
        rest_until = 0.0
        while (job := self._next()) is not None:
            model, body, done, loop = job
            if done.cancelled():         # the client went away while it waited
                continue
            rest = rest_until - time.perf_counter()
            if rest > 0:
                time.sleep(rest)         # holding no lock: the loop and the engine run
            started = time.perf_counter()
            try:
                outcome: tuple[str, Any] = ("result", parse_body(model, body))
            except BaseException as exc:  # noqa: BLE001 - handed to the waiting request
                outcome = ("exception", exc)
            now = time.perf_counter()
            rest_until = now + (now - started) * REST_PER_PARSE_SECOND
            try:
                loop.call_soon_threadsafe(_settle, done, outcome)
            except RuntimeError:         # its loop is closed
                pass

    def close(self) -> None:
        """Stop the worker; bodies still waiting are answered 503 (call from the event loop, as the app's
        lifespan does)."""
        from .errors import APIError

        with self._ready:
            self._closed = True
            waiting = [job for jobs in self._turns.values() for job in jobs]
            self._turns.clear()
            self._ready.notify_all()
        for _, _, done, _ in waiting:
            if not done.done():
                done.set_exception(APIError(503, "the server is shutting down and accepts no new requests",
                                            type_="server_error", code="shutting_down"))


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
