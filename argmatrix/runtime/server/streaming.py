"""Server-sent events and running a generation to the end, for every endpoint family.

A stream always ends with ``data: [DONE]``; anything that goes wrong on the way
(an engine fault, a shutdown cutting the stream) is first sent as an
OpenAI-style error event, never as raw exception text.
"""
from __future__ import annotations

import json
import logging
from collections.abc import AsyncGenerator, AsyncIterator
from typing import TYPE_CHECKING, Any

import anyio
from fastapi import Request
from fastapi.responses import StreamingResponse

from .errors import APIError, error_body
from .generation import ChoiceResult, ClientDisconnected, Generation, until_disconnect

if TYPE_CHECKING:
    from .state import ServerState

logger = logging.getLogger("argmatrix.server")

SSE_DONE = b"data: [DONE]\n\n"
SSE_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
# How a streamed response is described in the OpenAPI schema.
SSE_OPENAPI = {"content": {"text/event-stream": {"schema": {"type": "string"}}},
               "description": "With stream=true: server-sent events, each 'data: <json>', ending in 'data: [DONE]'"}


def sse(obj: Any) -> bytes:
    return b"data: " + json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode() + b"\n\n"


class SSEResponse(StreamingResponse):
    """Server-sent events that always end their engine requests.

    Whether the stream completes, the client disconnects (Starlette cancels the
    body) or the response never starts (shutdown), the body iterator is closed
    and the generation's unfinished requests are aborted, freeing their pages.
    """

    media_type = "text/event-stream"

    def __init__(self, content: Any, gen: Generation, **kw: Any):
        super().__init__(content, headers=SSE_HEADERS, **kw)
        self.gen = gen

    async def __call__(self, scope, receive, send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            with anyio.CancelScope(shield=True):
                close = getattr(self.body_iterator, "aclose", None)
                if close is not None:
                    await close()
                await self.gen.aclose()


def error_event(exc: BaseException, rid: str) -> bytes:
    if isinstance(exc, APIError):
        return sse(exc.body())
    return sse(error_body(f"internal server error while streaming request {rid}; the server log has the details",
                          "server_error", None, "internal_error"))


def engine_failure_message(res: ChoiceResult, what: str) -> str:
    """What a client is told when the engine failed its request: never the exception text (that is logged)."""
    return (f"the engine failed while generating {what} (request {res.rid}); the server log has the details; "
            "other requests are not affected")


def engine_error_event(res: ChoiceResult) -> bytes:
    return sse(error_body(engine_failure_message(res, f"choice {res.index}"), "server_error", code="engine_error"))


def cut_event(reason: str | None) -> bytes:
    """The error event of a stream ended by shutdown (``reason``: ``ServerState.stream_cut``)."""
    reason = reason or "the server is shutting down"
    return sse(error_body(f"{reason}; this stream was ended before the request finished", "server_error",
                          code="shutting_down"))


def ended_early(state: ServerState, res: ChoiceResult) -> bool:
    """The choice was aborted because the server is shutting down (its stream gets an error event)."""
    return state.stream_cut is not None and res.finish_reason == "abort" and not res.error


async def guarded(state: ServerState, gen: Generation, rid: str, events: AsyncGenerator[bytes, None]) -> AsyncIterator[bytes]:
    """Stream ``events``: a failure becomes an error event, a client that hangs up is counted, the generation
    is always closed (aborting its requests, freeing their pages), and the stream ends with [DONE]."""
    completed = False
    try:
        async for event in events:
            yield event
        completed = True
    except Exception as exc:  # becomes the error event
        if not isinstance(exc, APIError):
            logger.error("stream %s failed: %s: %s", rid, type(exc).__name__, exc,
                         exc_info=logger.isEnabledFor(logging.DEBUG))
        yield error_event(exc, rid)
        completed = True
    finally:
        if not completed:
            state.tracker.http_disconnects += 1
        with anyio.CancelScope(shield=True):
            await events.aclose()
            await gen.aclose()
    yield SSE_DONE


async def collect(request: Request, state: ServerState, gen: Generation) -> list[ChoiceResult] | None:
    """Run a non-streamed generation; None if the client went away (its requests are aborted)."""
    try:
        return await until_disconnect(request, gen.collect())
    except ClientDisconnected:
        state.tracker.http_disconnects += 1
        return None
    finally:
        with anyio.CancelScope(shield=True):
            await gen.aclose()


def raise_engine_failure(state: ServerState, results: list[ChoiceResult]) -> None:
    failed = [r for r in results if r.error]
    if failed:
        raise APIError(500, engine_failure_message(failed[0], "this request"), type_="server_error",
                       code="engine_error")
    if any(ended_early(state, r) for r in results):
        raise APIError(503, f"{state.stream_cut}; the request was ended before it finished", type_="server_error",
                       code="shutting_down")
