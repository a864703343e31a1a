"""Request and response models of the HTTP API (OpenAI-compatible and native).

Request models forbid unknown fields, so a misspelt parameter is a 400 that
names it instead of being silently ignored.  Parameters that OpenAI defines but
this server cannot honour are declared (so the error says "not supported", not
"unrecognized") and rejected by :func:`reject_unsupported`.

Response models document the API in the OpenAPI schema; handlers build plain
dicts of the same shape (cheaper than validating every streamed chunk).
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, model_validator
from pydantic_core import PydanticCustomError

from .errors import unsupported

# torch generators take 64-bit seeds; choice i of n uses seed + i
SEED_MIN, SEED_MAX = -(2 ** 63), 2 ** 63 - 1 - 128


def invalid_unicode(value: Any, path: str = "") -> str | None:
    """The path of the first string (or key) that is not valid Unicode (a lone surrogate from JSON escapes)."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return path or "body"
        return None
    if isinstance(value, dict):
        for k, v in value.items():
            sub = f"{path}.{k}" if path else str(k)
            if isinstance(k, str) and invalid_unicode(k) is not None:
                return path or "body"
            found = invalid_unicode(v, sub)
            if found is not None:
                return found
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found = invalid_unicode(v, f"{path}[{i}]")
            if found is not None:
                return found
    return None


# Fields sglang-router (0.3.2) adds to every body it forwards to a worker (SGLang's own request fields), with the
# values that change nothing here.  Those values are accepted and dropped; any other value is a clear 400.
ROUTER_FIELDS: dict[str, tuple[Any, ...]] = {
    "model": (None,),                        # /generate only: the native endpoint serves the one model
    "return_text_in_logprobs": (False,), "log_metrics": (True,), "background": (False,), "no_logs": (False,),
    "return_bytes": (False,), "return_entropy": (False,), "return_hidden_states": (False,),
    "no_stop_trim": (False,), "continue_final_message": (False,),
    "separate_reasoning": (True,), "stream_reasoning": (True,),   # no reasoning parser here: nothing to separate
}


def drop_router_fields(cls: type[BaseModel], data: Any) -> Any:
    """Remove the router-added fields ``cls`` does not declare when they hold a value that changes nothing."""
    if not isinstance(data, dict) or not any(k in ROUTER_FIELDS and k not in cls.model_fields for k in data):
        return data
    out = dict(data)
    for key in list(out):
        allowed = ROUTER_FIELDS.get(key)
        if allowed is None or key in cls.model_fields:
            continue
        if out[key] not in allowed or isinstance(out[key], bool) != isinstance(allowed[0], bool):
            shown = ", ".join("null" if v is None else str(v).lower() for v in allowed)
            raise PydanticCustomError("unsupported_value", "'{param}' is only supported as {allowed} here",
                                      {"param": key, "allowed": shown})
        del out[key]
    return out


# validation context key: the caller has checked that the body's text holds no lone surrogate (bodies.py)
UNICODE_CHECKED = "unicode_checked"


class _Body(BaseModel):
    """A request body: every string checked for valid Unicode once, before anything else reads it."""

    @model_validator(mode="before")
    @classmethod
    def _valid_unicode(cls, data: Any, info: ValidationInfo) -> Any:
        data = drop_router_fields(cls, data)
        if (info.context or {}).get(UNICODE_CHECKED):    # the raw body held no surrogate: no walk over its values
            return data
        bad = invalid_unicode(data)
        if bad is not None:
            raise PydanticCustomError("invalid_unicode", "'{param}' is not valid Unicode (it holds a lone surrogate "
                                      "such as \\ud800); send UTF-8 text", {"param": bad})
        return data


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")


# ---------------------------------------------------------------------------
# shared pieces
# ---------------------------------------------------------------------------
class StreamOptions(_Strict):
    include_usage: bool = False


class _SamplingExtras(_Strict, _Body):
    """SGLang extensions accepted by the OpenAI endpoints (send them with ``extra_body``)."""

    top_k: int | None = Field(None, description="Sample from the k most likely tokens (-1 or 0: all)")
    min_p: float | None = Field(None, ge=0.0, le=1.0)
    repetition_penalty: float | None = Field(None, gt=0.0, le=2.0)
    ignore_eos: bool = False
    stop_token_ids: list[int] | None = None
    skip_special_tokens: bool = True
    priority: int | None = Field(None, description="Scheduling priority (with --enable-priority-scheduling)")
    rid: str | None = Field(None, description="Request id to use instead of a generated one")


# ---------------------------------------------------------------------------
# /v1/completions
# ---------------------------------------------------------------------------
class CompletionRequest(_SamplingExtras):
    model: str
    prompt: str | list[str] | list[int] | list[list[int]]
    max_tokens: int | None = Field(None, ge=0, description="Default 16 (OpenAI)")
    temperature: float | None = Field(None, ge=0.0, le=2.0)
    top_p: float | None = Field(None, ge=0.0, le=1.0)
    n: int = Field(1, ge=1, le=128)
    stream: bool = False
    stream_options: StreamOptions | None = None
    logprobs: int | None = Field(None, ge=0, le=20)
    echo: bool = False
    stop: str | list[str] | None = None
    presence_penalty: float | None = Field(None, ge=-2.0, le=2.0)
    frequency_penalty: float | None = Field(None, ge=-2.0, le=2.0)
    best_of: int | None = Field(None, ge=1)
    logit_bias: dict[str, float] | None = None
    seed: int | None = Field(None, ge=SEED_MIN, le=SEED_MAX)
    suffix: str | None = None
    user: str | None = None


# ---------------------------------------------------------------------------
# /v1/chat/completions
# ---------------------------------------------------------------------------
class ChatMessage(_Strict):
    role: Literal["system", "developer", "user", "assistant", "tool"]
    content: str | list[dict[str, Any]] | None = None
    name: str | None = None
    tool_calls: list[dict[str, Any]] | None = None
    tool_call_id: str | None = None


# OpenAI chat fields that change nothing a model generates here.  They are accepted (as SGLang and vLLM do) so
# that clients which always send them work, and they have NO effect: nothing is stored, nothing is routed by them.
# docs/server.md ("OpenAI fields without effect") shows this table; a test keeps the two in step.
NO_EFFECT_FIELDS: dict[str, str] = {
    "store": "nothing is stored; there is no stored-completions API here",
    "metadata": "not stored and not logged; it changes nothing",
    "user": "an end-user id for OpenAI's abuse monitoring; not used here",
    "safety_identifier": "an end-user id for OpenAI's abuse monitoring; not used here",
    "service_tier": "every request is served the same way (there is one tier)",
    "prompt_cache_key": "the prefix cache is automatic and shared; no key routes or isolates it",
    "prompt_cache_retention": "the prefix cache keeps prefixes while the KV pool has room; no retention policy",
    "prompt_cache_options": "the prefix cache is automatic; breakpoints and lifetimes are not used",
    "parallel_tool_calls": "it only governs tool calls, and 'tools' is refused",
    "prediction": "predicted outputs only speed up generation at OpenAI; the output is the same without it",
    "modalities": "only [\"text\"] (what is always produced); \"audio\" is refused",
}

# OpenAI chat fields whose meaning this server does not implement: any value but null is a 400 saying why.
REFUSED_FIELDS: dict[str, str] = {
    "audio": "audio output is not implemented; this server is text-only",
    "reasoning_effort": "reasoning controls are not implemented (no reasoning parser); a chat template that reads "
                        "such a variable can get it through chat_template_kwargs",
    "verbosity": "output verbosity control is not implemented",
    "web_search_options": "web search is not implemented",
    "moderation": "moderation is not implemented",
}


class ChatCompletionRequest(_SamplingExtras):
    model: str
    messages: list[ChatMessage] = Field(..., min_length=1)
    max_tokens: int | None = Field(None, ge=0)
    max_completion_tokens: int | None = Field(None, ge=0)
    temperature: float | None = Field(None, ge=0.0, le=2.0)
    top_p: float | None = Field(None, ge=0.0, le=1.0)
    n: int = Field(1, ge=1, le=128)
    stream: bool = False
    stream_options: StreamOptions | None = None
    stop: str | list[str] | None = None
    presence_penalty: float | None = Field(None, ge=-2.0, le=2.0)
    frequency_penalty: float | None = Field(None, ge=-2.0, le=2.0)
    logprobs: bool = False
    top_logprobs: int | None = Field(None, ge=0, le=20)
    logit_bias: dict[str, float] | None = None
    seed: int | None = Field(None, ge=SEED_MIN, le=SEED_MAX)
    user: str | None = None
    tools: list[dict[str, Any]] | None = None
    # accepted without effect (NO_EFFECT_FIELDS)
    store: bool | None = None
    metadata: dict[str, str] | None = None
    safety_identifier: str | None = None
    service_tier: Literal["auto", "default", "flex", "scale", "priority", "fast"] | None = None
    prompt_cache_key: str | None = None
    prompt_cache_retention: Literal["in_memory", "24h"] | None = None
    prompt_cache_options: dict[str, Any] | None = None
    prediction: dict[str, Any] | None = None
    modalities: list[Literal["text", "audio"]] | None = None
    # refused unless null (REFUSED_FIELDS)
    audio: dict[str, Any] | None = None
    reasoning_effort: str | None = None
    verbosity: str | None = None
    web_search_options: dict[str, Any] | None = None
    moderation: dict[str, Any] | None = None
    tool_choice: str | dict[str, Any] | None = None
    parallel_tool_calls: bool | None = None
    functions: list[dict[str, Any]] | None = None
    function_call: str | dict[str, Any] | None = None
    response_format: dict[str, Any] | None = None
    # SGLang extensions
    chat_template_kwargs: dict[str, Any] | None = Field(None, description="Extra variables for the chat template")
    continue_final_message: bool = False


def reject_unsupported(req: CompletionRequest | ChatCompletionRequest) -> None:
    """400 for OpenAI parameters this server understands but cannot honour."""
    if req.logit_bias:
        raise unsupported("logit_bias")
    if isinstance(req, CompletionRequest):
        if req.suffix:
            raise unsupported("suffix", "insertion (fill-in-the-middle) completions are not implemented")
        if req.best_of is not None and req.best_of != req.n:
            raise unsupported("best_of", "best_of must be unset or equal to n")
        if req.echo and req.logprobs is not None:
            raise unsupported("echo", "echo together with logprobs needs prompt logprobs, which the engine "
                                      "does not compute")
        return
    if req.tools:
        raise unsupported("tools", "tool calling is not implemented (no --tool-call-parser support here)")
    if req.tool_choice not in (None, "none", "auto"):
        raise unsupported("tool_choice")
    if req.functions:
        raise unsupported("functions")
    if req.function_call not in (None, "none", "auto"):
        raise unsupported("function_call")
    for name, why in REFUSED_FIELDS.items():
        if getattr(req, name) is not None:
            raise unsupported(name, why)
    if req.modalities and "audio" in req.modalities:
        raise unsupported("modalities", "audio output is not implemented; only [\"text\"] is produced")
    if req.response_format and req.response_format.get("type", "text") != "text":
        raise unsupported("response_format", f"type {req.response_format.get('type')!r} (structured output) "
                                             "is not implemented; only 'text' is")
    if req.top_logprobs and not req.logprobs:
        from .errors import bad_request

        raise bad_request("'top_logprobs' needs 'logprobs': true", param="top_logprobs")
    for i, m in enumerate(req.messages):
        if m.tool_calls:
            raise unsupported(f"messages[{i}].tool_calls")


def message_text(msg: ChatMessage, index: int) -> str:
    """The text of a message; content parts other than text are rejected."""
    if msg.content is None:
        return ""
    if isinstance(msg.content, str):
        return msg.content
    out = []
    for j, part in enumerate(msg.content):
        kind = part.get("type")
        if kind in ("text", "input_text"):
            text = part.get("text")
            if not isinstance(text, str):
                from .errors import bad_request

                raise bad_request(f"messages[{index}].content[{j}].text must be a string",
                                  param=f"messages[{index}].content[{j}].text")
            out.append(text)
        else:
            raise unsupported(f"messages[{index}].content[{j}].type",
                              f"content of type {kind!r} is not supported; this server is text-only")
    return "".join(out)


# ---------------------------------------------------------------------------
# native /generate
# ---------------------------------------------------------------------------
class NativeSamplingParams(_Strict):
    max_new_tokens: int | None = Field(128, ge=0)
    temperature: float | None = Field(None, ge=0.0)
    top_p: float | None = Field(None, ge=0.0, le=1.0)
    top_k: int | None = None
    min_p: float | None = Field(None, ge=0.0, le=1.0)
    repetition_penalty: float | None = Field(None, gt=0.0)
    frequency_penalty: float | None = Field(None, ge=-2.0, le=2.0)
    presence_penalty: float | None = Field(None, ge=-2.0, le=2.0)
    stop: str | list[str] | None = None
    stop_token_ids: list[int] | None = None
    ignore_eos: bool = False
    skip_special_tokens: bool = True
    n: int = Field(1, ge=1, le=128)
    seed: int | None = Field(None, ge=SEED_MIN, le=SEED_MAX, validation_alias="sampling_seed")

    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class GenerateRequest(_Strict, _Body):
    text: str | list[str] | None = None
    input_ids: list[int] | list[list[int]] | None = None
    sampling_params: NativeSamplingParams | None = None
    stream: bool = False
    rid: str | list[str] | None = None
    return_logprob: bool = False
    top_logprobs_num: int = Field(0, ge=0, le=20)
    priority: int | None = None


class AbortRequest(_Strict, _Body):
    rid: str


# ---------------------------------------------------------------------------
# responses (documentation)
# ---------------------------------------------------------------------------
class PromptTokensDetails(_Open):
    cached_tokens: int = 0


class Usage(_Open):
    prompt_tokens: int
    completion_tokens: int
    total_tokens: int
    prompt_tokens_details: PromptTokensDetails | None = None


class ModelCard(_Open):
    id: str
    object: Literal["model"] = "model"
    created: int
    owned_by: str = "argmatrix"
    root: str | None = None
    max_model_len: int | None = None


class ModelList(_Open):
    object: Literal["list"] = "list"
    data: list[ModelCard]


class CompletionChoice(_Open):
    index: int
    text: str
    logprobs: dict[str, Any] | None = None
    finish_reason: str | None = None


class CompletionResponse(_Open):
    id: str
    object: Literal["text_completion"] = "text_completion"
    created: int
    model: str
    choices: list[CompletionChoice]
    usage: Usage | None = None


class ChatResponseMessage(_Open):
    role: Literal["assistant"] = "assistant"
    content: str | None = None


class ChatChoice(_Open):
    index: int
    message: ChatResponseMessage
    logprobs: dict[str, Any] | None = None
    finish_reason: str | None = None


class ChatCompletionResponse(_Open):
    id: str
    object: Literal["chat.completion"] = "chat.completion"
    created: int
    model: str
    choices: list[ChatChoice]
    usage: Usage | None = None


class ErrorDetail(_Open):
    message: str
    type: str
    param: str | None = None
    code: str | int | None = None


class ErrorResponse(_Open):
    error: ErrorDetail


ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorResponse, "description": "Malformed request or unsupported parameter"},
    401: {"model": ErrorResponse, "description": "Missing or wrong API key"},
    503: {"model": ErrorResponse, "description": "Queue full (see Retry-After) or server shutting down"},
}


# ---------------------------------------------------------------------------
# native responses
# ---------------------------------------------------------------------------
class FinishReason(_Open):
    type: str | None = None


class GenerateMeta(_Open):
    id: str
    finish_reason: FinishReason | None = None
    prompt_tokens: int
    completion_tokens: int
    cached_tokens: int
    weight_version: str | None = None
    e2e_latency: float | None = None
    error: str | None = None
    output_token_logprobs: list[list[Any]] | None = None
    output_top_logprobs: list[list[list[Any]]] | None = None


class GenerateOutput(_Open):
    text: str
    output_ids: list[int]
    meta_info: GenerateMeta
    index: int | None = None


class ModelInfo(_Open):
    model_path: str | None = None
    tokenizer_path: str | None = None
    served_model_name: str
    is_generation: bool = True
    weight_version: str | None = None
    max_context_len: int
    vocab_size: int | None = None
    dtype: str | None = None
    model_impl: str | None = None
    chat_template: str
    sampling_defaults: str
    default_sampling_params: dict[str, Any]
    preferred_sampling_params: dict[str, Any] | None = None


class RequestCounts(_Open):
    received: int
    finished: int
    cancelled: int
    rejected: int
    failed: int
    in_flight: int
    http_status: dict[str, int]
    http_disconnects: int


class ServerLimits(_Open):
    max_request_body_bytes: int
    max_sequences_per_request: int
    max_stop_strings: int
    max_stop_string_length: int
    request_read_timeout_s: float
    max_queued_requests: int
    max_context_len: int
    allow_auto_truncate: bool
    max_body_items: int | None = None       # entries of any one list or object of a body (body_bounds.py)
    max_body_values: int | None = None      # entries of all of a body's lists and objects together
    sources: dict[str, str]


class ServerInfo(_Open):
    """What any user of the server may see: no other user's requests, no configuration secrets."""

    version: str
    served_model_name: str
    max_context_len: int
    max_running_requests: int | None = None
    limits: ServerLimits
    engine_stats: dict[str, Any]
    throughput: dict[str, float]
    requests: RequestCounts
    uptime_s: float
    draining: bool
    # tensor parallel size and, in a --dp-size launch, this replica's place and the router's policy
    parallel: dict[str, Any] | None = None


class ServerInfoAdmin(ServerInfo):
    """Everything, for the operator: resolved arguments (secrets redacted), platform, running requests."""

    args: dict[str, dict[str, Any]]
    platform: Any = None
    findings: list[Any]
    engine_config: dict[str, Any] | None = None
    engine_alive: bool
    running_requests: list[dict[str, Any]]


class VersionInfo(_Open):
    version: str


class FlushCacheResponse(_Open):
    success: bool
    message: str


class AbortResponse(_Open):
    success: bool
    rid: str


ERROR_RESPONSES.update({
    404: {"model": ErrorResponse, "description": "Unknown model, route or request id"},
    408: {"model": ErrorResponse, "description": "The request body stopped arriving (--request-read-timeout)"},
    413: {"model": ErrorResponse, "description": "Request body too large (--max-request-body-bytes), or a list or object in it holding more entries than a request can use"},
    415: {"model": ErrorResponse, "description": "Request body not sent as application/json"},
    500: {"model": ErrorResponse, "description": "Server fault (the log has the details)"},
})
