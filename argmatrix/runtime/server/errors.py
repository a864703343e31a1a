"""OpenAI-style error bodies and the exception handlers that produce them.

Every error the server returns has the shape OpenAI clients expect::

    {"error": {"message": "...", "type": "invalid_request_error", "param": "max_tokens", "code": null}}

Client mistakes are 4xx with the offending field in ``param`` and in the
message; a 500 is only ever a server fault (and is logged with its traceback).
"""
from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Sequence
from typing import Any

logger = logging.getLogger("argmatrix.server")


def error_body(message: str, type_: str = "invalid_request_error", param: str | None = None,
               code: str | int | None = None) -> dict[str, Any]:
    return {"error": {"message": message, "type": type_, "param": param, "code": code}}


class APIError(Exception):
    """An error with an HTTP status, rendered as an OpenAI-style body."""

    def __init__(self, status: int, message: str, *, type_: str = "invalid_request_error",
                 param: str | None = None, code: str | int | None = None,
                 headers: dict[str, str] | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.type = type_
        self.param = param
        self.code = code
        self.headers = headers or {}

    def body(self) -> dict[str, Any]:
        return error_body(self.message, self.type, self.param, self.code)


def bad_request(message: str, param: str | None = None, code: str | None = None) -> APIError:
    return APIError(400, message, param=param, code=code)


def unsupported(param: str, why: str = "") -> APIError:
    msg = f"parameter '{param}' is not supported by this server" + (f": {why}" if why else "")
    return APIError(400, msg, param=param, code="unsupported_parameter")


# Work per rejected request is bounded: a body of 40,000 wrong-typed items yields 40,000 pydantic errors, and
# converting each one (with a linear duplicate search, as this once did) froze the event loop for seconds.
MAX_ERRORS_SCANNED = 256     # errors looked at; the rest are only counted
MAX_ERROR_MESSAGES = 10      # distinct messages shown; "and N more" for the rest
MAX_LOC_PARTS = 16           # path parts of a field name shown ("a.b.c...")
MAX_PARAM_CHARS = 200
MAX_MESSAGE_CHARS = 300
# more errors than this: convert them in a worker thread so the event loop stays free
OFF_LOOP_ERRORS = 64


def loc_to_param(loc: tuple[Any, ...] | list[Any]) -> str:
    """``("body", "messages", 0, "role")`` -> ``messages[0].role`` (at most :data:`MAX_LOC_PARTS` parts shown)."""
    parts = list(loc[: MAX_LOC_PARTS + 8])
    if parts and parts[0] in ("body", "query", "path", "header"):
        parts = parts[1:]
    out = ""
    shown = 0
    for p in parts:
        if isinstance(p, int):
            piece = f"[{p}]"
        elif p in ("function-after", "function-before", "function-wrap") or str(p).startswith(("list[", "dict[")):
            continue  # union / validator branch names add nothing for a client
        else:
            piece = ("." if out else "") + str(p)[:MAX_PARAM_CHARS]
        if shown == MAX_LOC_PARTS or len(out) + len(piece) > MAX_PARAM_CHARS:
            return out + "..."
        out += piece
        shown += 1
    if len(loc) > len(parts) + 1:
        out += "..."
    return out


def validation_error(errors: Sequence[dict[str, Any]], total: int | None = None) -> APIError:
    """Turn FastAPI/pydantic validation errors into one 400 that names the bad fields.

    The work is bounded whatever the body: at most :data:`MAX_ERRORS_SCANNED` errors are converted and
    :data:`MAX_ERROR_MESSAGES` distinct messages shown; the message says how many more there were (``total``:
    how many errors there were in all, when ``errors`` holds only the first of them).
    """
    messages: dict[str, None] = {}          # insertion-ordered set: O(1) duplicate check
    first_param: str | None = None
    total = len(errors) if total is None else total
    for err in errors[:MAX_ERRORS_SCANNED]:
        etype = err.get("type", "")
        param = loc_to_param(err.get("loc", ()))
        if etype == "invalid_unicode":
            ctx = err.get("ctx") or {}
            return APIError(400, str(err.get("msg"))[:MAX_MESSAGE_CHARS], param=ctx.get("param") or None,
                            code="invalid_unicode")
        if etype == "json_invalid":
            ctx = err.get("ctx") or {}
            detail = str(ctx.get("error") or err.get("msg", ""))[:MAX_MESSAGE_CHARS]
            pos = err.get("loc", ("body", "?"))[-1]
            return APIError(400, f"request body is not valid JSON: {detail} (at character {pos})",
                            code="invalid_json")
        if etype == "extra_forbidden":
            msg = f"unrecognized request argument '{param}'"
        elif not param and etype in ("model_attributes_type", "dict_type", "model_type"):
            msg = "the request body must be a JSON object (send it with Content-Type: application/json)"
        elif etype == "missing" and not param:
            msg = "a JSON request body is required"
        elif etype == "missing":
            msg = f"'{param}' is required"
        else:
            text = str(err.get("msg", "invalid value"))[:MAX_MESSAGE_CHARS]
            msg = f"'{param}': {text}" if param else text
        if first_param is None and param:
            first_param = param
        if len(messages) < MAX_ERROR_MESSAGES:
            messages[msg] = None
    text = "; ".join(messages) or "invalid request"
    more = total - len(messages)
    if more > 0 and total > MAX_ERROR_MESSAGES:
        text += f"; and {more:,} more invalid value(s) (the first {len(messages)} are shown)"
    return APIError(400, text, param=first_param, code="invalid_request")


def install_handlers(app: Any) -> None:
    """Register the handlers that render every error as an OpenAI-style body."""
    from fastapi.exceptions import RequestValidationError
    from fastapi.responses import JSONResponse
    from starlette.exceptions import HTTPException as StarletteHTTPException

    @app.exception_handler(APIError)
    async def _api_error(request, exc: APIError):
        return JSONResponse(exc.body(), status_code=exc.status, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _validation(request, exc: RequestValidationError):
        errors = exc.errors()
        if len(errors) > OFF_LOOP_ERRORS:     # bounded anyway; a worker thread keeps even that off the loop
            err = await asyncio.to_thread(validation_error, errors)
        else:
            err = validation_error(errors)
        return JSONResponse(err.body(), status_code=err.status)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request, exc: StarletteHTTPException):
        kind = {404: "not_found_error", 405: "invalid_request_error"}.get(exc.status_code, "invalid_request_error")
        if exc.status_code >= 500:
            kind = "server_error"
        detail = exc.detail if isinstance(exc.detail, str) else json.dumps(exc.detail)
        if exc.status_code == 404 and detail == "Not Found":
            detail = f"no route {request.method} {request.url.path}"
        return JSONResponse(error_body(detail, kind, None, getattr(exc, "code", None)), status_code=exc.status_code,
                            headers=getattr(exc, "headers", None))
    # unexpected exceptions: edge.StatusCounter logs them once and answers 500
