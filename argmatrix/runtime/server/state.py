"""What every handler shares: the engine, the configuration, limits, the tokenizer pool, accounting."""
from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import chat_template as chat_templates
from .bodies import BodyParser
from .body_bounds import BodyBounds
from .context import ServerContext, served_model_name
from .errors import APIError, bad_request
from .limits import Limits, longest_token_chars
from .logs import RequestLog, metrics_file
from .tokenizer_pool import TokenizerPool
from .tracking import RequestTracker

if TYPE_CHECKING:
    from .monitor import Monitors

logger = logging.getLogger("argmatrix.server")

# Sampling parameters a model's generation_config.json may set (what --sampling-defaults model reads).
MODEL_DEFAULT_KEYS = ("temperature", "top_p", "top_k", "min_p", "repetition_penalty")
# What --sampling-defaults openai uses for parameters a request leaves unset.
OPENAI_DEFAULTS = {"temperature": 1.0, "top_p": 1.0}
# Streams still open this long before the grace period ends are ended with an error event.
STREAM_CUT_MARGIN_S = 1.0


def check_engine_usable(engine: Any) -> None:
    """A server whose engine cannot hold one prompt token and one output token would refuse every request."""
    if int(getattr(engine, "max_context_len", 2)) < 2:
        raise ValueError(f"the KV pool holds {getattr(engine, 'max_context_len', 0)} token(s), so no request can "
                         "ever run (one prompt token and one new token need two); raise --max-total-tokens "
                         "(or --mem-fraction-static)")


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
        chat_templates.check(self.template)
        self.model_defaults = self._model_defaults()
        self.preferred = self._preferred()
        self.limits = Limits.resolve(args, engine, longest_token_chars(self.tokenizer))
        self.tokpool = TokenizerPool(self.tokenizer)
        vocab = getattr(engine, "vocab_size", None) or (len(self.tokenizer) if self.tokenizer is not None else 0)
        self.body_bounds = BodyBounds.from_limits(self.limits, int(vocab or 0))
        self.bodies = BodyParser(bounds=self.body_bounds)   # large request bodies parsed off the event loop
        self.draining = False
        self.stream_cut: str | None = None     # set when streams are being ended before shutdown
        self.fatal: str | None = None
        self.throughput: dict[str, float] = {}
        self.stop_server: Callable[[], None] | None = None
        self.monitors: Monitors | None = None     # started with the app's lifespan
        self.loop: asyncio.AbstractEventLoop | None = None
        self.crash_dump_path: str | None = None
        self.watchdog_payload: dict[str, Any] | None = None
        self.metrics = None
        if args.enable_metrics:
            from .metrics import ServerMetrics
            from .replicas import replica_info

            self.metrics = ServerMetrics(args, self.engine_stats, lambda: dict(self.throughput),
                                         model_name=self.model_name, dp_rank=(replica_info() or {}).get("dp_rank"))

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
        if dataclasses.is_dataclass(stats) and not isinstance(stats, type):
            return dataclasses.asdict(stats)
        return dict(stats)

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
        """SamplingParams from the request's explicit values over the server's defaults (stop strings excluded:
        :meth:`stops` checks them against the limits, and the job hands them to the engine)."""
        merged = {**self.model_defaults, **self.preferred}
        merged.update({k: v for k, v in explicit.items() if v is not None})
        merged.pop("stop", None)
        for key in merged:
            if key not in self.sampling_fields:
                raise bad_request(f"parameter '{key}' is not supported by this engine", param=key)
        try:
            return self.SamplingParams(**merged).validate()
        except ValueError as exc:
            text = str(exc)
            param = text.split()[2].split("=")[0] if text.startswith("sampling parameter ") else None
            raise bad_request(text, param=param) from None

    def stops(self, explicit: Any) -> list[str]:
        """The request's stop strings (or --preferred-sampling-params'), within the limits."""
        stop = explicit if explicit is not None else self.preferred.get("stop")
        stops = self.limits.check_stop(stop)
        if stops and self.tokenizer is None:
            raise bad_request("sampling parameter stop needs a tokenizer; --skip-tokenizer-init is set "
                              "(use stop_token_ids)", param="stop")
        return stops

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

    def labels(self, request: Any) -> dict[str, str]:
        return self.metrics.labels_from_headers(request.headers) if self.metrics is not None else {}

    async def prompt_ids(self, prompt: str | list[int], param: str) -> list[int]:
        """A prompt as token ids, tokenized off the event loop, after the cheap length checks."""
        limits = self.limits
        if isinstance(prompt, str):
            if self.tokenizer is None:
                raise bad_request("--skip-tokenizer-init is set: send the prompt as token ids, not text", param=param)
            limits.check_text_length(len(prompt), param)
            ids = await self.tokpool.encode(prompt)
        else:
            ids = list(prompt)
        if not ids:
            raise bad_request(f"'{param}' is empty", param=param)
        limits.check_token_count(len(ids), param)
        return ids

    async def encode_chat(self, req: Any) -> tuple[list[int], str]:
        """Render the conversation with the chat template and tokenize it, both off the event loop."""
        from .openai_api import message_text

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
        self.limits.check_text_length(sum(len(m["content"]) for m in messages), "messages")
        kwargs = dict(req.chat_template_kwargs or {})
        for reserved in ("messages", "conversation", "tokenize", "chat_template", "add_generation_prompt"):
            if reserved in kwargs:
                raise bad_request(f"chat_template_kwargs may not set '{reserved}'", param="chat_template_kwargs")
        if req.continue_final_message and messages[-1]["role"] != "assistant":
            raise bad_request("continue_final_message needs the last message to be from the assistant",
                              param="continue_final_message")
        template = self.template.template

        def render() -> tuple[list[int], str]:
            text = chat_templates.render(tok, template, messages, not req.continue_final_message,
                                         req.continue_final_message, kwargs)
            return list(tok(text, add_special_tokens=False)["input_ids"]), text

        ids, text = await self.tokpool.run(render)
        if not ids:
            raise bad_request("the rendered conversation is empty", param="messages")
        self.limits.check_token_count(len(ids), "messages")
        return ids, text

    # -- shutdown -----------------------------------------------------------
    def begin_drain(self, grace_s: float) -> None:
        """SIGTERM (or stop()): refuse new requests; end the streams still open just before the grace runs out."""
        first = not self.draining
        self.draining = True
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        delay = max(0.0, grace_s - STREAM_CUT_MARGIN_S) if first else 0.0
        try:
            loop.call_soon_threadsafe(lambda: loop.call_later(delay, self.cut_streams))
        except RuntimeError:         # the loop is closing
            pass

    def cut_streams(self, reason: str = "the server is shutting down") -> None:
        """Abort every request still in flight; their streams end with an error event, then [DONE]."""
        self.stream_cut = reason
        for rid in self.tracker.rids():
            try:
                self.engine.abort(rid)
            except Exception:  # best effort at shutdown
                logger.debug("abort of %s at shutdown failed", rid, exc_info=True)
