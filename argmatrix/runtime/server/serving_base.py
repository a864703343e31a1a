"""What the serving classes share: sampling parameters from OpenAI fields, usage, logprobs."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fastapi import Request

from .auth import caller_of
from .errors import APIError
from .generation import ChoiceResult
from .openai_api import ChatCompletionRequest, CompletionRequest, reject_unsupported

if TYPE_CHECKING:
    from .state import ServerState


class Serving:
    """Base of the per-endpoint-family serving classes: holds the shared state."""

    def __init__(self, state: ServerState):
        self.st = state

    @staticmethod
    def owner(request: Request) -> str:
        return caller_of(request.scope).principal

    def admit_openai(self, req: CompletionRequest | ChatCompletionRequest) -> None:
        """What every OpenAI generation request must pass first: the server takes work, the model is this one,
        and no field asks for something the server does not do."""
        self.st.check_accepting()
        self.st.check_model(req.model)
        reject_unsupported(req)


def openai_params(st: Any, req: CompletionRequest | ChatCompletionRequest, prompt_len: int | None) -> Any:
    """Engine sampling parameters for an OpenAI request (stop strings: ``st.stops``, added at submission)."""
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
    explicit["n"] = req.n
    max_tokens, param = requested_max_tokens(req)
    if isinstance(req, ChatCompletionRequest):
        if req.logprobs:
            explicit["logprobs"] = True
            explicit["top_logprobs"] = req.top_logprobs or 0
    elif req.logprobs is not None:
        explicit["logprobs"] = True
        explicit["top_logprobs"] = req.logprobs
    if max_tokens is not None:
        st.limits.check_max_tokens(max_tokens, prompt_len, param)
        explicit["max_new_tokens"] = max_tokens
    elif "max_new_tokens" in st.preferred:
        pass                                   # --preferred-sampling-params decides
    elif isinstance(req, ChatCompletionRequest) and prompt_len is not None:
        # chat without max_tokens: until the context is full (OpenAI's meaning)
        explicit["max_new_tokens"] = max(1, st.engine.max_context_len - prompt_len)
    else:
        explicit["max_new_tokens"] = 16        # OpenAI's default for completions
    for name in ("logprobs", "top_logprobs"):
        if name in explicit and name not in st.sampling_fields:
            raise APIError(400, f"parameter '{name}' is not supported by this engine", param=name,
                           code="unsupported_parameter")
    return st.sampling(explicit)


def requested_max_tokens(req: CompletionRequest | ChatCompletionRequest) -> tuple[int | None, str]:
    """The output length the client asked for, and the field it used."""
    fields_set = req.model_fields_set
    if isinstance(req, ChatCompletionRequest) and req.max_completion_tokens is not None:
        return req.max_completion_tokens, "max_completion_tokens"
    if "max_tokens" in fields_set and req.max_tokens is not None:
        return req.max_tokens, "max_tokens"
    return None, "max_tokens"


def usage(st: Any, results: list[ChoiceResult], n: int) -> dict[str, Any]:
    firsts = results[::n] if n > 0 else results
    prompt = sum(r.prompt_tokens for r in firsts)
    completion = sum(r.completion_tokens for r in results)
    out: dict[str, Any] = {"prompt_tokens": prompt, "completion_tokens": completion,
                           "total_tokens": prompt + completion}
    if st.args.enable_cache_report:
        out["prompt_tokens_details"] = {"cached_tokens": sum(r.cached_tokens for r in firsts)}
    return out


def top_logprobs_by_text(strings: dict[int, str], top: list[tuple[int, float]]) -> dict[str, float]:
    """Completions' ``top_logprobs`` map text to logprob; tokens that decode alike must not overwrite each other,
    so the second and later of them are keyed ``token_id:N``."""
    out: dict[str, float] = {}
    for t, lp in top:
        key = strings[t]
        if key in out:
            key = f"token_id:{t}"
        out[key] = lp
    return out


async def completion_logprobs(st: Any, entries: list[Any], text_offset: int) -> dict[str, Any]:
    ids = sorted({e.token_id for e in entries} | {t for e in entries for t, _ in e.top})
    strings = dict(zip(ids, await st.tokpool.token_strings(ids)))
    out: dict[str, Any] = {"tokens": [], "token_logprobs": [], "top_logprobs": [], "text_offset": []}
    offset = text_offset
    for e in entries:
        s = strings[e.token_id]
        out["tokens"].append(s)
        out["token_logprobs"].append(e.logprob)
        out["top_logprobs"].append(top_logprobs_by_text(strings, e.top) if e.top else None)
        out["text_offset"].append(offset)
        offset += len(s)
    return out


async def chat_logprobs(st: Any, entries: list[Any]) -> dict[str, Any]:
    ids = sorted({e.token_id for e in entries} | {t for e in entries for t, _ in e.top})
    strings = dict(zip(ids, await st.tokpool.token_strings(ids)))

    def item(token_id: int, lp: float) -> dict[str, Any]:
        s = strings[token_id]
        return {"token": s, "logprob": lp, "bytes": list(s.encode("utf-8", errors="replace"))}

    return {"content": [{**item(e.token_id, e.logprob), "top_logprobs": [item(t, lp) for t, lp in e.top]}
                        for e in entries]}
