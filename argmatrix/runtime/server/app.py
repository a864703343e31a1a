"""The FastAPI application: OpenAI-compatible and native endpoints over a started engine.

``build_app(engine, compiled)`` returns the app; it neither starts nor stops
the engine (``launch.ServingRuntime`` does), but its lifespan runs the
watchdog, the decode-throughput log and the GC watch while it serves.

Endpoints (all need ``Authorization: Bearer <key>`` under ``--api-key``,
except ``/health``; ``/flush_cache`` and ``/abort_request`` need the admin key
under ``--admin-api-key``):

- ``GET /v1/models``, ``GET /v1/models/{id}``
- ``POST /v1/completions``, ``POST /v1/chat/completions`` (``stream``: SSE ending in ``data: [DONE]``)
- ``POST /generate`` (native: ``text`` or ``input_ids``, ``sampling_params``, ``stream``)
- ``GET /health``, ``GET /health_generate``
- ``GET /get_model_info``, ``GET /get_server_info``, ``GET /version``
- ``GET|POST /flush_cache``, ``POST /abort_request``
- ``GET /metrics`` (Prometheus text, with ``--enable-metrics``)
- ``GET /openapi.json``, ``GET /docs``
"""
from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import inspect
import json
import logging
import time
import uuid
from collections.abc import AsyncIterator, Callable
from typing import Any

import anyio
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse

from . import chat_template as chat_templates
from .auth import ADMIN_PATHS, APIKeyMiddleware, route_path
from .context import ServerContext, jsonable, resolved_args, served_model_name, server_context
from .errors import APIError, bad_request, error_body, install_handlers
from .generation import ChoiceResult, ClientDisconnected, Generation, Job, map_engine_error, until_disconnect
from .logs import RequestLog, metrics_file
from .openai_api import (
    ERROR_RESPONSES,
    AbortRequest,
    ChatCompletionRequest,
    ChatCompletionResponse,
    CompletionRequest,
    CompletionResponse,
    GenerateRequest,
    ModelCard,
    ModelList,
    message_text,
    reject_unsupported,
)
from .tracking import RequestTracker

logger = logging.getLogger("argmatrix.server")

# Sampling parameters a model's generation_config.json may set (what --sampling-defaults model reads).
MODEL_DEFAULT_KEYS = ("temperature", "top_p", "top_k", "min_p", "repetition_penalty")
# What --sampling-defaults openai uses for parameters a request leaves unset.
OPENAI_DEFAULTS = {"temperature": 1.0, "top_p": 1.0}
# Seconds /health_generate waits for one token.
HEALTH_GENERATE_TIMEOUT_S = 20.0


def _sse(obj: Any) -> bytes:
    return b"data: " + json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode() + b"\n\n"


SSE_DONE = b"data: [DONE]\n\n"
SSE_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


class SSEResponse(StreamingResponse):
    """Server-sent events that always end their engine requests.

    Whether the stream completes, the client disconnects (Starlette cancels the
    body) or the response never starts (shutdown), the body iterator is closed
    and the generation's unfinished requests are aborted, freeing their pages.
    """

    media_type = "text/event-stream"

    def __init__(self, content: Any, gen: Generation, **kw: Any):
        super().__init__(content, **kw)
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


async def _guarded(st: ServerState, gen: Generation, rid: str, events: AsyncIterator[bytes]) -> AsyncIterator[bytes]:
    """Stream ``events`` as SSE: a failure becomes an error event, a client that hangs up is counted,
    and the generation is always closed (which aborts its requests and frees their pages)."""
    completed = False
    try:
        async for event in events:
            yield event
        completed = True
    except (APIError, Exception) as exc:
        if not isinstance(exc, APIError):
            logger.exception("stream %s failed", rid)
        yield _error_event(exc)
        completed = True
    finally:
        if not completed:
            st.tracker.http_disconnects += 1
        with anyio.CancelScope(shield=True):
            await events.aclose()
            await gen.aclose()
    yield SSE_DONE


async def _collect(request: Request, st: ServerState, gen: Generation) -> list[ChoiceResult] | None:
    """Run a non-streamed generation; None if the client went away (its requests are aborted)."""
    try:
        return await until_disconnect(request, gen.collect())
    except ClientDisconnected:
        st.tracker.http_disconnects += 1
        return None
    finally:
        with anyio.CancelScope(shield=True):
            await gen.aclose()


class ServerState:
    """Everything the handlers share."""

    def __init__(self, engine: Any, ctx: ServerContext):
        from argmatrix.runtime.engine import SamplingParams

        self.engine = engine
        self.ctx = ctx
        self.args = args = ctx.args
        self.SamplingParams = SamplingParams
        self.sampling_fields = {f.name for f in dataclasses.fields(SamplingParams)}
        self.model_name = served_model_name(args, engine)
        self.created = int(time.time())
        self.started_at = time.time()
        self.tracker = RequestTracker()
        self.reqlog = RequestLog(args)
        self.metrics_file = metrics_file(args)
        self.tokenizer = getattr(engine, "tokenizer", None)
        self.template = chat_templates.resolve(args, self.tokenizer)
        self.model_defaults = self._model_defaults()
        self.preferred = self._preferred()
        self.draining = False
        self.fatal: str | None = None
        self.throughput: dict[str, float] = {}
        self.stop_server: Callable[[], None] | None = None
        self.monitors: Any = None
        self.crash_dump_path: str | None = None
        self.watchdog_payload: dict[str, Any] | None = None
        self.metrics = None
        if args.enable_metrics:
            from .metrics import ServerMetrics

            self.metrics = ServerMetrics(args, self.engine_stats, lambda: dict(self.throughput))

    # -- configuration ------------------------------------------------------
    def _model_defaults(self) -> dict[str, Any]:
        """--sampling-defaults: the model's generation_config.json values, or OpenAI's."""
        if self.args.sampling_defaults == "openai":
            return dict(OPENAI_DEFAULTS)
        loaded = getattr(self.engine, "loaded", None)
        model_dir = getattr(loaded, "model_dir", None)
        out: dict[str, Any] = {}
        if model_dir is not None:
            path = model_dir / "generation_config.json"
            try:
                data = json.loads(path.read_text())
            except (OSError, ValueError):
                data = {}
            for key in MODEL_DEFAULT_KEYS:
                if key in data and data[key] is not None:
                    out[key] = data[key]
        return out

    def _preferred(self) -> dict[str, Any]:
        """--preferred-sampling-params, checked once at start-up."""
        pref = dict(self.args.preferred_sampling_params or {})
        unknown = sorted(k for k in pref if k not in self.sampling_fields)
        if unknown:
            raise ValueError(f"--preferred-sampling-params: unknown sampling parameter(s) {', '.join(unknown)}; "
                             f"known: {', '.join(sorted(self.sampling_fields))}")
        try:
            self.SamplingParams(**pref).validate()
        except (TypeError, ValueError) as exc:
            raise ValueError(f"--preferred-sampling-params: {exc}") from None
        return pref

    def engine_stats(self) -> dict[str, Any]:
        stats = self.engine.stats()
        return dataclasses.asdict(stats) if dataclasses.is_dataclass(stats) else dict(stats)

    def engine_alive(self) -> bool:
        thread = getattr(self.engine, "_thread", None)
        return thread is not None and thread.is_alive()

    def loggable_params(self, params: Any) -> dict[str, Any] | None:
        if params is None:
            return None
        if dataclasses.is_dataclass(params):
            default = self.SamplingParams()
            return {f.name: getattr(params, f.name) for f in dataclasses.fields(params)
                    if getattr(params, f.name) != getattr(default, f.name)}
        return dict(vars(params))

    # -- requests -----------------------------------------------------------
    def sampling(self, explicit: dict[str, Any]) -> Any:
        """SamplingParams from the request's explicit values over the server's defaults."""
        merged = {**self.model_defaults, **self.preferred}
        merged.update({k: v for k, v in explicit.items() if v is not None})
        for key in merged:
            if key not in self.sampling_fields:
                raise bad_request(f"parameter '{key}' is not supported by this engine", param=key)
        try:
            return self.SamplingParams(**merged).validate()
        except ValueError as exc:
            text = str(exc)
            param = text.split()[2].split("=")[0] if text.startswith("sampling parameter ") else None
            raise bad_request(text, param=param) from None

    def check_model(self, name: str) -> None:
        if name != self.model_name:
            raise APIError(404, f"the model '{name}' does not exist; this server serves '{self.model_name}'",
                           param="model", code="model_not_found")

    def check_accepting(self) -> None:
        if self.fatal:
            raise APIError(503, f"the server is stopping: {self.fatal}", type_="server_error", code="unavailable")
        if self.draining:
            raise APIError(503, "the server is shutting down and accepts no new requests", type_="server_error",
                           code="shutting_down")

    def labels(self, request: Request) -> dict[str, str]:
        return self.metrics.labels_from_headers(request.headers) if self.metrics is not None else {}

    def encode_chat(self, req: ChatCompletionRequest) -> tuple[list[int], str]:
        tok = self.tokenizer
        if tok is None:
            raise bad_request("chat completions need a tokenizer, and the server runs with --skip-tokenizer-init; "
                              "use /v1/completions or /generate with token ids", param="messages")
        if self.template.template is None:
            raise bad_request("this model has no chat template; start the server with --chat-template "
                              "(a file, or one of: " + ", ".join(sorted(chat_templates.BUILTIN_TEMPLATES)) + ")",
                              param="messages")
        messages = []
        for i, m in enumerate(req.messages):
            msg: dict[str, Any] = {"role": "system" if m.role == "developer" else m.role,
                                   "content": message_text(m, i)}
            if m.name:
                msg["name"] = m.name
            messages.append(msg)
        kwargs = dict(req.chat_template_kwargs or {})
        for reserved in ("messages", "conversation", "tokenize", "chat_template", "add_generation_prompt"):
            if reserved in kwargs:
                raise bad_request(f"chat_template_kwargs may not set '{reserved}'", param="chat_template_kwargs")
        if req.continue_final_message and messages[-1]["role"] != "assistant":
            raise bad_request("continue_final_message needs the last message to be from the assistant",
                              param="continue_final_message")
        try:
            text = tok.apply_chat_template(messages, chat_template=self.template.template, tokenize=False,
                                           add_generation_prompt=not req.continue_final_message,
                                           continue_final_message=req.continue_final_message, **kwargs)
        except Exception as exc:  # noqa: BLE001 - jinja errors (raise_exception in templates) are the client's
            raise bad_request(f"the chat template rejected these messages: {exc}", param="messages") from None
        ids = list(tok(text, add_special_tokens=False)["input_ids"])
        if not ids:
            raise bad_request("the rendered conversation is empty", param="messages")
        return ids, text


# ---------------------------------------------------------------------------
# response building
# ---------------------------------------------------------------------------
def _token_str(tok: Any, token_id: int) -> str:
    if tok is None:
        return f"token_id:{token_id}"
    return tok.decode([token_id], skip_special_tokens=False, clean_up_tokenization_spaces=False)


def _usage(state: ServerState, results: list[ChoiceResult], n: int) -> dict[str, Any]:
    firsts = results[::n] if n > 0 else results
    prompt = sum(r.prompt_tokens for r in firsts)
    completion = sum(r.completion_tokens for r in results)
    usage: dict[str, Any] = {"prompt_tokens": prompt, "completion_tokens": completion,
                             "total_tokens": prompt + completion}
    if state.args.enable_cache_report:
        usage["prompt_tokens_details"] = {"cached_tokens": sum(r.cached_tokens for r in firsts)}
    return usage


def _completion_logprobs(state: ServerState, entries: list[Any], text_offset: int) -> dict[str, Any]:
    tok = state.tokenizer
    out: dict[str, Any] = {"tokens": [], "token_logprobs": [], "top_logprobs": [], "text_offset": []}
    offset = text_offset
    for e in entries:
        s = _token_str(tok, e.token_id)
        out["tokens"].append(s)
        out["token_logprobs"].append(e.logprob)
        out["top_logprobs"].append({_token_str(tok, t): lp for t, lp in e.top} if e.top else None)
        out["text_offset"].append(offset)
        offset += len(s)
    return out


def _chat_logprobs(state: ServerState, entries: list[Any]) -> dict[str, Any]:
    tok = state.tokenizer

    def item(token_id: int, lp: float) -> dict[str, Any]:
        s = _token_str(tok, token_id)
        return {"token": s, "logprob": lp, "bytes": list(s.encode("utf-8"))}

    return {"content": [{**item(e.token_id, e.logprob), "top_logprobs": [item(t, lp) for t, lp in e.top]}
                        for e in entries]}


def _raise_engine_failure(results: list[ChoiceResult]) -> None:
    failed = [r for r in results if r.error]
    if failed:
        raise APIError(500, f"the engine failed while generating: {failed[0].error}", type_="server_error",
                       code="engine_error")


def _engine_error_event(res: ChoiceResult) -> bytes:
    return _sse(error_body(f"the engine failed while generating choice {res.index}: {res.error}", "server_error",
                           code="engine_error"))


def _error_event(exc: BaseException) -> bytes:
    if isinstance(exc, APIError):
        return _sse(exc.body())
    return _sse(error_body(f"internal server error: {type(exc).__name__}: {exc}", "server_error"))


# ---------------------------------------------------------------------------
# the app
# ---------------------------------------------------------------------------
class _StatusCounter:
    """Counts every response by status (for accounting and the HTTP metric), outermost middleware."""

    def __init__(self, app, state: ServerState, routes: frozenset[str]):
        self.app = app
        self.state = state
        self.routes = routes

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        status_box = [0]

        async def send_wrapper(message):
            if message["type"] == "http.response.start":
                status_box[0] = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_wrapper)
        finally:
            status = status_box[0] or 499   # nothing sent: the client went away first
            self.state.tracker.http_done(status)
            if self.state.metrics is not None:
                path = route_path(scope)
                self.state.metrics.observe_http(path if path in self.routes else "other", status)


class _FormAsJson:
    """Every POST route takes JSON: read ``curl -d '{...}'`` (form content type) as the JSON it is."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope.get("method") == "POST":
            headers = scope.get("headers") or []
            for i, (name, value) in enumerate(headers):
                if name == b"content-type" and value.split(b";")[0].strip().lower() == \
                        b"application/x-www-form-urlencoded":
                    headers = list(headers)
                    headers[i] = (b"content-type", b"application/json")
                    scope = dict(scope, headers=headers)
                    break
        await self.app(scope, receive, send)


class _RootPath:
    """``--fastapi-root-path``: the app sits under this prefix behind a proxy.

    Requests reach the routes with the prefix (``/prefix/v1/models``) or with
    it already stripped by the proxy (``/v1/models``), and the OpenAPI schema
    lists the prefix as its server URL.
    """

    def __init__(self, app, root_path: str):
        self.app = app
        self.root_path = "/" + root_path.strip("/") if root_path.strip("/") else ""

    async def __call__(self, scope, receive, send):
        if scope["type"] in ("http", "websocket") and self.root_path and not scope.get("root_path"):
            scope = dict(scope, root_path=self.root_path)
        await self.app(scope, receive, send)


def build_app(engine: Any, compiled: Any, *, state: ServerState | None = None) -> FastAPI:
    """The FastAPI app serving ``engine`` (already loaded) as configured by ``compiled``.

    ``compiled``: ``argmatrix.compile(...)``'s result, or a bare ``ServerArgs``.
    The app's ``state.server`` is the :class:`ServerState` (tests read its tracker).
    """
    ctx = server_context(compiled)
    args = ctx.args
    st = state or ServerState(engine, ctx)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):
        from .monitor import Monitors

        monitors = st.monitors = Monitors(st)
        monitors.start()
        try:
            yield
        finally:
            st.draining = True
            monitors.stop()

    import argmatrix

    extra: dict[str, Any] = {}
    if "strict_content_type" in inspect.signature(FastAPI.__init__).parameters:
        extra["strict_content_type"] = False   # a JSON body without a Content-Type header is still JSON
    app = FastAPI(title="argmatrix", version=argmatrix.__version__, lifespan=lifespan,
                  description="OpenAI-compatible and native SGLang-style endpoints over the argmatrix engine.",
                  **extra)
    app.state.server = st
    install_handlers(app)

    # -- health and info ----------------------------------------------------
    @app.get("/health", tags=["health"], summary="200 while the engine runs and the server accepts requests")
    async def health() -> Response:
        if st.fatal or st.draining or not st.engine_alive():
            why = st.fatal or ("shutting down" if st.draining else "the engine loop is not running")
            return JSONResponse(error_body(f"unhealthy: {why}", "server_error"), status_code=503)
        return Response(status_code=200)

    @app.get("/health_generate", tags=["health"], summary="Generate one token; 200 when that works")
    async def health_generate(request: Request) -> Response:
        st.check_accepting()
        job = Job(prompt=[0] if st.tokenizer is None else "health", rid=f"HEALTH_CHECK_{uuid.uuid4().hex}",
                  params=st.SamplingParams(max_new_tokens=1, temperature=0.0, ignore_eos=True))
        try:
            gen = Generation(st, [job], endpoint="/health_generate", labels={}, stream=False, param="prompt")
            results = await asyncio.wait_for(_collect(request, st, gen), HEALTH_GENERATE_TIMEOUT_S)
            if results is None:
                return Response(status_code=499)
        except (asyncio.TimeoutError, APIError) as exc:
            why = exc.message if isinstance(exc, APIError) else f"no token within {HEALTH_GENERATE_TIMEOUT_S:.0f}s"
            return JSONResponse(error_body(f"unhealthy: {why}", "server_error"), status_code=503)
        if results[0].error or not results[0].completion_tokens:
            return JSONResponse(error_body(f"unhealthy: {results[0].error or 'no token generated'}",
                                           "server_error"), status_code=503)
        return Response(status_code=200)

    @app.get("/get_model_info", tags=["native"], summary="The served model")
    async def get_model_info() -> dict[str, Any]:
        loaded = getattr(engine, "loaded", None)
        return {
            "model_path": args.model_path,
            "tokenizer_path": args.tokenizer_path or args.model_path,
            "served_model_name": st.model_name,
            "is_generation": True,
            "weight_version": args.weight_version,
            "max_context_len": engine.max_context_len,
            "vocab_size": getattr(engine, "vocab_size", None),
            "dtype": str(getattr(loaded, "dtype", "")).replace("torch.", "") or None,
            "model_impl": getattr(loaded, "impl", None),
            "chat_template": st.template.origin,
            "sampling_defaults": args.sampling_defaults,
            "default_sampling_params": {**st.model_defaults, **st.preferred},
            "preferred_sampling_params": st.preferred or None,
        }

    @app.get("/get_server_info", tags=["native"], summary="Resolved arguments with their sources, engine stats")
    async def get_server_info() -> dict[str, Any]:
        cfg = getattr(engine, "config", None)
        return {
            "version": argmatrix.__version__,
            "served_model_name": st.model_name,
            "args": resolved_args(ctx),
            "platform": jsonable(ctx.platform),
            "findings": [jsonable(f) for f in ctx.findings],
            "engine": {
                "stats": st.engine_stats(),
                "config": jsonable(cfg) if cfg is not None else None,
                "max_context_len": engine.max_context_len,
                "max_running_requests": getattr(engine, "max_running_requests", None),
                "alive": st.engine_alive(),
            },
            "throughput": dict(st.throughput),
            "requests": st.tracker.summary(),
            "running_requests": st.tracker.running(),
            "uptime_s": round(time.time() - st.started_at, 3),
            "draining": st.draining,
        }

    @app.get("/version", tags=["native"])
    async def version() -> dict[str, str]:
        return {"version": argmatrix.__version__}

    async def flush_cache() -> Response:
        if not await asyncio.to_thread(engine.flush_cache):
            raise APIError(409, "the cache was not flushed: requests are queued or running; retry when idle",
                           code="busy")
        return JSONResponse({"success": True, "message": "Cache flushed."})

    for method in ("POST", "GET"):
        app.add_api_route("/flush_cache", flush_cache, methods=[method], tags=["admin"],
                          operation_id=f"flush_cache_{method.lower()}",
                          summary="Empty the prefix cache (refused while requests run)")

    @app.post("/abort_request", tags=["admin"], summary="Abort a request by id (its stream ends with 'abort')")
    async def abort_request(body: AbortRequest) -> dict[str, Any]:
        if not engine.abort(body.rid):
            raise APIError(404, f"no running request with id {body.rid!r}", param="rid", code="not_found")
        return {"success": True, "rid": body.rid}

    @app.get("/metrics", tags=["native"], summary="Prometheus metrics (with --enable-metrics)")
    async def metrics() -> Response:
        if st.metrics is None:
            raise APIError(404, "metrics are off; start the server with --enable-metrics", code="not_found")
        body, ctype = st.metrics.render()
        return Response(body, media_type=ctype)

    # -- OpenAI-compatible --------------------------------------------------
    def model_card() -> dict[str, Any]:
        return ModelCard(id=st.model_name, created=st.created, root=args.model_path,
                         max_model_len=engine.max_context_len).model_dump()

    @app.get("/v1/models", tags=["openai"], response_model=ModelList)
    async def list_models() -> dict[str, Any]:
        return {"object": "list", "data": [model_card()]}

    @app.get("/v1/models/{model_id:path}", tags=["openai"], response_model=ModelCard,
             responses={404: ERROR_RESPONSES[400]})
    async def get_model(model_id: str) -> dict[str, Any]:
        st.check_model(model_id)
        return model_card()

    def openai_params(req: CompletionRequest | ChatCompletionRequest, prompt_len: int | None) -> Any:
        explicit: dict[str, Any] = {}
        fields_set = req.model_fields_set
        for name in ("temperature", "top_p", "top_k", "min_p", "repetition_penalty", "frequency_penalty",
                     "presence_penalty", "seed", "stop_token_ids"):
            value = getattr(req, name)
            if value is not None:
                explicit[name] = value
        if "ignore_eos" in fields_set:
            explicit["ignore_eos"] = req.ignore_eos
        if "skip_special_tokens" in fields_set:
            explicit["skip_special_tokens"] = req.skip_special_tokens
        if req.stop is not None:
            explicit["stop"] = [req.stop] if isinstance(req.stop, str) else list(req.stop)
        explicit["n"] = req.n
        if isinstance(req, ChatCompletionRequest):
            given = "max_tokens" in fields_set or "max_completion_tokens" in fields_set
            max_tokens = req.max_completion_tokens if req.max_completion_tokens is not None else req.max_tokens
            if req.logprobs:
                explicit["logprobs"] = True
                explicit["top_logprobs"] = req.top_logprobs or 0
        else:
            given = "max_tokens" in fields_set
            max_tokens = req.max_tokens
            if req.logprobs is not None:
                explicit["logprobs"] = True
                explicit["top_logprobs"] = req.logprobs
        if given and max_tokens is not None:
            explicit["max_new_tokens"] = max_tokens
        elif "max_new_tokens" in st.preferred:
            pass                                   # --preferred-sampling-params decides
        elif prompt_len is not None:
            # chat without max_tokens: until the context is full (OpenAI's meaning)
            explicit["max_new_tokens"] = max(1, engine.max_context_len - prompt_len)
        else:
            explicit["max_new_tokens"] = 16        # OpenAI's default for completions
        for name in ("logprobs", "top_logprobs"):
            if name in explicit and name not in st.sampling_fields:
                raise APIError(400, f"parameter '{name}' is not supported by this engine", param=name,
                               code="unsupported_parameter")
        return st.sampling(explicit)

    @app.post("/v1/completions", tags=["openai"], response_model=CompletionResponse, responses=ERROR_RESPONSES)
    async def completions(req: CompletionRequest, request: Request) -> Response:
        st.check_accepting()
        st.check_model(req.model)
        reject_unsupported(req)
        prompt = req.prompt
        if isinstance(prompt, str):
            prompts: list[str | list[int]] = [prompt]
        elif prompt and isinstance(prompt[0], int):
            prompts = [list(prompt)]  # type: ignore[arg-type]
        else:
            prompts = list(prompt)  # type: ignore[arg-type]
        if not prompts or any(len(p) == 0 for p in prompts):
            raise bad_request("'prompt' is empty", param="prompt")
        params = openai_params(req, None)
        rid = req.rid or f"cmpl-{uuid.uuid4().hex}"
        jobs = []
        for i, p in enumerate(prompts):
            text = p if isinstance(p, str) else None
            if req.echo and text is None:
                text = st.tokenizer.decode(p) if st.tokenizer is not None else ""
            jobs.append(Job(prompt=p, params=params, rid=rid if len(prompts) == 1 else f"{rid}-p{i}",
                            base_index=i * req.n, prompt_text=text))
        n = req.n
        gen = Generation(st, jobs, endpoint="/v1/completions", labels=st.labels(request), stream=req.stream,
                         param="prompt", priority=req.priority)
        echo_text = {j.base_index + k: (j.prompt_text or "") for j in jobs for k in range(n)} if req.echo else {}
        created = int(time.time())

        if req.stream:
            include_usage = bool(req.stream_options and req.stream_options.include_usage)

            async def events() -> AsyncIterator[bytes]:
                for index, text in sorted(echo_text.items()):
                    yield _sse({"id": rid, "object": "text_completion", "created": created, "model": st.model_name,
                                "choices": [{"index": index, "text": text, "logprobs": None,
                                             "finish_reason": None}]})
                offsets = dict.fromkeys(range(len(jobs) * n), 0)
                async for res, chunk in gen.chunks():
                    if not chunk.text_delta and not chunk.finished and not chunk.logprobs_delta:
                        continue
                    lp = None
                    if req.logprobs is not None:
                        lp = _completion_logprobs(st, chunk.logprobs_delta, offsets[res.index])
                        offsets[res.index] += sum(len(t) for t in lp["tokens"])
                    yield _sse({"id": rid, "object": "text_completion", "created": created,
                                "model": st.model_name,
                                "choices": [{"index": res.index, "text": chunk.text_delta, "logprobs": lp,
                                             "finish_reason": res.finish_reason if chunk.finished else None}]})
                    if chunk.finished and res.error:
                        yield _engine_error_event(res)
                if include_usage:
                    yield _sse({"id": rid, "object": "text_completion", "created": created,
                                "model": st.model_name, "choices": [], "usage": _usage(st, gen.results, n)})

            return SSEResponse(_guarded(st, gen, rid, events()), gen, headers=SSE_HEADERS)

        results = await _collect(request, st, gen)
        if results is None:
            return Response(status_code=499)
        _raise_engine_failure(results)
        choices = []
        for r in results:
            text = echo_text.get(r.index, "") + r.text
            lp = _completion_logprobs(st, r.logprobs, len(echo_text.get(r.index, ""))) \
                if req.logprobs is not None else None
            choices.append({"index": r.index, "text": text, "logprobs": lp, "finish_reason": r.finish_reason})
        return JSONResponse({"id": rid, "object": "text_completion", "created": created, "model": st.model_name,
                             "choices": choices, "usage": _usage(st, results, n)})

    @app.post("/v1/chat/completions", tags=["openai"], response_model=ChatCompletionResponse,
              responses=ERROR_RESPONSES)
    async def chat_completions(req: ChatCompletionRequest, request: Request) -> Response:
        st.check_accepting()
        st.check_model(req.model)
        reject_unsupported(req)
        ids, text = st.encode_chat(req)
        params = openai_params(req, len(ids))
        rid = req.rid or f"chatcmpl-{uuid.uuid4().hex}"
        job = Job(prompt=ids, params=params, rid=rid, prompt_text=text)
        gen = Generation(st, [job], endpoint="/v1/chat/completions", labels=st.labels(request), stream=req.stream,
                         param="messages", priority=req.priority)
        created = int(time.time())
        n = req.n

        def chunk_obj(choices: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
            return {"id": rid, "object": "chat.completion.chunk", "created": created, "model": st.model_name,
                    "choices": choices, **extra}

        if req.stream:
            include_usage = bool(req.stream_options and req.stream_options.include_usage)

            async def events() -> AsyncIterator[bytes]:
                for i in range(n):
                    yield _sse(chunk_obj([{"index": i, "delta": {"role": "assistant", "content": ""},
                                           "logprobs": None, "finish_reason": None}]))
                async for res, chunk in gen.chunks():
                    if not chunk.text_delta and not chunk.finished and not chunk.logprobs_delta:
                        continue
                    choice: dict[str, Any] = {
                        "index": res.index,
                        "delta": {"content": chunk.text_delta} if chunk.text_delta else {},
                        "logprobs": _chat_logprobs(st, chunk.logprobs_delta) if req.logprobs else None,
                        "finish_reason": res.finish_reason if chunk.finished else None}
                    yield _sse(chunk_obj([choice]))
                    if chunk.finished and res.error:
                        yield _engine_error_event(res)
                if include_usage:
                    yield _sse(chunk_obj([], usage=_usage(st, gen.results, n)))

            return SSEResponse(_guarded(st, gen, rid, events()), gen, headers=SSE_HEADERS)

        results = await _collect(request, st, gen)
        if results is None:
            return Response(status_code=499)
        _raise_engine_failure(results)
        choices = [{"index": r.index, "message": {"role": "assistant", "content": r.text},
                    "logprobs": _chat_logprobs(st, r.logprobs) if req.logprobs else None,
                    "finish_reason": r.finish_reason} for r in results]
        return JSONResponse({"id": rid, "object": "chat.completion", "created": created, "model": st.model_name,
                             "choices": choices, "usage": _usage(st, results, n)})

    # -- native -------------------------------------------------------------
    @app.post("/generate", tags=["native"], responses=ERROR_RESPONSES,
              summary="SGLang's native generate: text or input_ids, sampling_params, stream")
    async def generate(req: GenerateRequest, request: Request) -> Response:
        st.check_accepting()
        if (req.text is None) == (req.input_ids is None):
            raise bad_request("give exactly one of 'text' and 'input_ids'", param="text")
        if req.text is not None:
            batch = isinstance(req.text, list)
            prompts: list[Any] = list(req.text) if batch else [req.text]
            param = "text"
        else:
            ids = req.input_ids or []
            batch = bool(ids) and isinstance(ids[0], list)
            prompts = [list(p) for p in ids] if batch else [list(ids)]
            param = "input_ids"
        if not prompts or any(len(p) == 0 for p in prompts):
            raise bad_request(f"'{param}' is empty", param=param)
        sp = req.sampling_params
        explicit = sp.model_dump(exclude_unset=True) if sp is not None else {}
        if "max_new_tokens" not in explicit and "max_new_tokens" not in st.preferred:
            explicit["max_new_tokens"] = 128
        if isinstance(explicit.get("stop"), str):
            explicit["stop"] = [explicit["stop"]]
        if req.return_logprob:
            explicit["logprobs"] = True
            explicit["top_logprobs"] = req.top_logprobs_num
        params = st.sampling(explicit)
        n = params.n
        if isinstance(req.rid, list):
            if not batch or len(req.rid) != len(prompts):
                raise bad_request("'rid' must be a list with one id per prompt for a batch, a string otherwise",
                                  param="rid")
            rids = list(req.rid)
        elif req.rid is not None:
            if batch:
                raise bad_request("'rid' must be a list with one id per prompt for a batch", param="rid")
            rids = [req.rid]
        else:
            base = uuid.uuid4().hex
            rids = [base] if not batch else [f"{base}-{i}" for i in range(len(prompts))]
        jobs = [Job(prompt=p, params=params, rid=r, base_index=i * n) for i, (p, r) in enumerate(zip(prompts, rids))]
        gen = Generation(st, jobs, endpoint="/generate", labels=st.labels(request), stream=req.stream,
                         param=param, priority=req.priority)
        many = batch or n > 1

        def out(res: ChoiceResult, text: str, ids: list[int], lps: list[Any], finished: bool) -> dict[str, Any]:
            rid = res.rid if n == 1 else f"{res.rid}-{res.index % n}"
            meta: dict[str, Any] = {"id": rid, "finish_reason": {"type": res.finish_reason} if finished else None,
                                    "prompt_tokens": res.prompt_tokens, "completion_tokens": res.completion_tokens,
                                    "cached_tokens": res.cached_tokens, "weight_version": args.weight_version}
            if finished:
                m = res.meta()
                meta["e2e_latency"] = m["e2e_latency"]
                if res.error:
                    meta["error"] = res.error
            if req.return_logprob:
                meta["output_token_logprobs"] = [[e.logprob, e.token_id, None] for e in lps]
                if req.top_logprobs_num:
                    meta["output_top_logprobs"] = [[[lp, t, None] for t, lp in e.top] for e in lps]
            d: dict[str, Any] = {"text": text, "output_ids": ids, "meta_info": meta}
            if many:
                d["index"] = res.index
            return d

        if req.stream:
            incremental = bool(args.incremental_streaming_output)

            async def events() -> AsyncIterator[bytes]:
                async for res, chunk in gen.chunks():
                    if not chunk.text_delta and not chunk.token_ids_delta and not chunk.finished:
                        continue
                    if incremental:
                        yield _sse(out(res, chunk.text_delta, list(chunk.token_ids_delta),
                                       chunk.logprobs_delta, chunk.finished))
                    else:
                        yield _sse(out(res, res.text, list(res.token_ids), res.logprobs, chunk.finished))
                    if chunk.finished and res.error:
                        yield _engine_error_event(res)

            return SSEResponse(_guarded(st, gen, rids[0], events()), gen, headers=SSE_HEADERS)

        results = await _collect(request, st, gen)
        if results is None:
            return Response(status_code=499)
        _raise_engine_failure(results)
        outs = [out(r, r.text, r.token_ids, r.logprobs, True) for r in results]
        return JSONResponse(outs if many else outs[0])

    # -- middleware (last added runs first) ----------------------------------
    routes = frozenset(getattr(r, "path", "") for r in app.routes)
    app.add_middleware(_FormAsJson)
    app.add_middleware(APIKeyMiddleware, api_key=args.api_key, admin_api_key=args.admin_api_key)
    app.add_middleware(_StatusCounter, state=st, routes=routes)
    if args.fastapi_root_path:
        app.add_middleware(_RootPath, root_path=args.fastapi_root_path)
    assert ADMIN_PATHS <= routes, "every admin path must be a route"
    return app


__all__ = ["ServerState", "build_app", "map_engine_error"]
