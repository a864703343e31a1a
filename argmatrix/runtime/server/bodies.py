"""Request bodies of the generation routes, parsed and validated off the event loop, a bounded number at a time.

FastAPI parses a declared body (``json.loads``) and validates it with pydantic on the event loop: 20 bodies of
40,000 items each made a 5-token request next to them take 20x its time alone.  The generation routes
(``/v1/completions``, ``/v1/chat/completions``, ``/generate``) take their body through :func:`parsed_body`
instead: a small body is parsed where it is (cheaper than a thread hop), a large one in a worker thread, at most
:data:`HEAVY_PARSES` at once, so neither the loop nor the engine's thread is starved of the interpreter by a
crowd of them.  The steps and the errors are FastAPI's own (``json.loads``, then the model; a 400 naming the
first bad fields, with bounded work: :func:`.errors.validation_error`), and the OpenAPI schema still documents
each route's body (:func:`body_openapi`).
"""
from __future__ import annotations

import asyncio
import json
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from fastapi import Depends, Request
from pydantic import BaseModel, ValidationError

from .errors import MAX_ERRORS_SCANNED, validation_error

ModelT = TypeVar("ModelT", bound=BaseModel)

# Bodies up to this many bytes are parsed on the loop: a few thousand items at most, well under a millisecond's
# validation; larger ones go to a worker thread.
INLINE_BYTES = 16 * 1024
# Large bodies parsed at once.  Parsing holds the interpreter (json and pydantic release it only between
# switch intervals), so more threads would not parse faster, only take turns away from the loop and the engine.
HEAVY_PARSES = 1
# Under a stream of large bodies the parser rests this long for each second it parsed, so the loop and the
# engine (whose every release of the interpreter, a torch call or a socket wait, would otherwise cost it up to a
# switch interval to get back) have the interpreter to themselves at least half the time.
REST_PER_PARSE_SECOND = 1.0


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
    """Parses large bodies in one worker thread (:data:`HEAVY_PARSES`); the rest wait their turn, costing nothing.

    After a large body the worker rests as long as it parsed (:data:`REST_PER_PARSE_SECOND`) before it starts
    the next one, so a lone large body is answered at once and a stream of them gets at most half the time.
    """

    def __init__(self, inline_bytes: int = INLINE_BYTES):
        self.inline_bytes = inline_bytes
        # one worker: the rest below is its own bookkeeping
        self._pool = ThreadPoolExecutor(max_workers=HEAVY_PARSES, thread_name_prefix="argmatrix-body")
        self._rest_until = 0.0
        self.waiting = 0                 # large bodies queued or being parsed (for tests and the soak)

    async def parse(self, model: type[ModelT], body: bytes) -> ModelT:
        if len(body) <= self.inline_bytes:
            return parse_body(model, body)
        self.waiting += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, self._parse_in_turn, model, body)
        finally:
            self.waiting -= 1

    def _parse_in_turn(self, model: type[ModelT], body: bytes) -> ModelT:
        rest = self._rest_until - time.perf_counter()
        if rest > 0:
            time.sleep(rest)             # holding no lock: the loop and the engine run
        started = time.perf_counter()
        try:
            return parse_body(model, body)
        finally:
            now = time.perf_counter()
            self._rest_until = now + (now - started) * REST_PER_PARSE_SECOND

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def parsed_body(model: type[ModelT]) -> Any:
    """A ``Depends`` giving the route its body as ``model``, parsed by the server's :class:`BodyParser`."""
    async def body(request: Request) -> Any:
        return await request.app.state.server.bodies.parse(model, await request.body())

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
