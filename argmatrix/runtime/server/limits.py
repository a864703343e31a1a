"""What one request may ask for, checked on the parsed body before any tokenization.

The limits come from argmatrix's own server arguments (``--max-request-body-bytes``,
``--max-sequences-per-request``, ``--max-stop-strings``, ``--max-stop-string-length``,
``--request-read-timeout``) and from SGLang's ``--max-queued-requests``.  Unset
values get a default derived from the engine, shown with its source in
``/get_server_info``.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from .errors import APIError, bad_request

if TYPE_CHECKING:
    from ...schema.model import ServerArgs

# Without --max-queued-requests the waiting queue holds at most this many running batches' worth.
QUEUE_BATCHES = 8
MIN_DERIVED_QUEUE = 128


@dataclass(frozen=True)
class Limits:
    max_request_body_bytes: int
    max_sequences_per_request: int
    max_stop_strings: int
    max_stop_string_length: int
    request_read_timeout_s: float
    max_queued_requests: int
    max_context_len: int
    max_token_chars: int               # longest token in characters: a text longer than tokens x this is too long
    allow_auto_truncate: bool
    sources: dict[str, str]

    @classmethod
    def resolve(cls, args: ServerArgs, engine: Any, max_token_chars: int) -> Limits:
        running = int(getattr(engine, "max_running_requests", 0) or 1)
        sources = {"max_sequences_per_request": "argument", "max_queued_requests": "argument"}
        per_request = args.max_sequences_per_request
        if per_request is None:
            per_request = max(1, running // 2)
            sources["max_sequences_per_request"] = "derived: half of the running-request limit"
        queued = args.max_queued_requests
        if queued is None:
            queued = max(MIN_DERIVED_QUEUE, QUEUE_BATCHES * running)
            sources["max_queued_requests"] = (f"derived: {QUEUE_BATCHES} x the running-request limit, "
                                              f"at least {MIN_DERIVED_QUEUE}")
        return cls(max_request_body_bytes=int(args.max_request_body_bytes),
                   max_sequences_per_request=int(per_request), max_stop_strings=int(args.max_stop_strings),
                   max_stop_string_length=int(args.max_stop_string_length),
                   request_read_timeout_s=float(args.request_read_timeout), max_queued_requests=int(queued),
                   max_context_len=int(engine.max_context_len), max_token_chars=max(1, int(max_token_chars)),
                   allow_auto_truncate=bool(getattr(getattr(engine, "config", None), "allow_auto_truncate",
                                                    getattr(args, "allow_auto_truncate", False))),
                   sources=sources)

    def public(self) -> dict[str, Any]:
        out = asdict(self)
        out.pop("max_token_chars")
        return out

    # -- checks (each raises a 400 naming the field) -------------------------
    def check_sequences(self, prompts: int, n: int, param: str) -> None:
        total = prompts * n
        if total > self.max_sequences_per_request:
            raise bad_request(f"this request asks for {total} sequences ({prompts} prompt(s) x n={n}), more than "
                              f"this server allows in one request (--max-sequences-per-request "
                              f"{self.max_sequences_per_request}); split it into several requests",
                              param="n" if n > 1 else param, code="too_many_sequences")
        if total > self.max_queued_requests:
            raise bad_request(f"this request asks for {total} sequences, more than the waiting queue can ever "
                              f"hold (--max-queued-requests {self.max_queued_requests}); split it",
                              param="n" if n > 1 else param, code="too_many_sequences")

    def check_stop(self, stop: Any, param: str = "stop") -> list[str]:
        """The stop strings as a list, within the limits."""
        if stop is None:
            return []
        stops = [stop] if isinstance(stop, str) else list(stop)
        if len(stops) > self.max_stop_strings:
            raise bad_request(f"'{param}' has {len(stops)} strings; this server allows at most "
                              f"{self.max_stop_strings} (--max-stop-strings)", param=param, code="too_many_stops")
        for i, s in enumerate(stops):
            if not s:
                raise bad_request(f"'{param}[{i}]' is empty; a stop string needs at least one character",
                                  param=param)
            if len(s) > self.max_stop_string_length:
                raise bad_request(f"'{param}[{i}]' is {len(s)} characters long; this server allows at most "
                                  f"{self.max_stop_string_length} (--max-stop-string-length)", param=param,
                                  code="stop_too_long")
        return stops

    def caller_queue_share(self, callers: int) -> int:
        """How many waiting requests one caller may hold while ``callers`` callers (itself included) have some
        waiting: an equal share of --max-queued-requests with one share kept free for a caller yet to come, so a
        caller at its share is refused (503 queue_full) while another caller's requests still queue.  Running
        slots are shared by the scheduler (fair admission across callers), not here."""
        return max(1, self.max_queued_requests // (max(1, callers) + 1))

    @property
    def max_prompt_tokens(self) -> int:
        return self.max_context_len - 1

    def check_text_length(self, chars: int, param: str) -> None:
        """Reject a text that cannot fit whatever it tokenizes to, without tokenizing it."""
        if self.allow_auto_truncate:
            return
        if chars > self.max_prompt_tokens * self.max_token_chars:
            raise APIError(400, f"'{param}' is {chars:,} characters long; even at {self.max_token_chars} characters "
                                f"per token that is more than the {self.max_prompt_tokens:,} prompt tokens this "
                                f"model accepts; shorten it", param=param, code="context_length_exceeded")

    def check_token_count(self, tokens: int, param: str) -> None:
        if not self.allow_auto_truncate and tokens > self.max_prompt_tokens:
            raise APIError(400, f"the prompt ('{param}') is {tokens} tokens long, but this model accepts at most "
                                f"{self.max_prompt_tokens} prompt tokens (its context length less one token to "
                                f"generate); shorten the prompt, or start the server with --allow-auto-truncate",
                           param=param, code="context_length_exceeded")

    def check_max_tokens(self, max_tokens: int | None, prompt_tokens: int | None, param: str) -> None:
        """An explicit output length that cannot fit is the client's mistake, not something to shorten silently."""
        if max_tokens is None:
            return
        if prompt_tokens is not None and self.allow_auto_truncate:
            prompt_tokens = min(prompt_tokens, self.max_prompt_tokens)   # the engine keeps the tail
        if max_tokens >= self.max_context_len and prompt_tokens is None:
            raise bad_request(f"'{param}' is {max_tokens}, but this model's context holds {self.max_context_len} "
                              f"tokens in all (prompt and output); ask for fewer", param=param,
                              code="context_length_exceeded")
        if prompt_tokens is not None and prompt_tokens + max_tokens > self.max_context_len:
            raise bad_request(f"'{param}' is {max_tokens}, and with the {prompt_tokens}-token prompt that is more "
                              f"than the model's context of {self.max_context_len} tokens; ask for at most "
                              f"{max(0, self.max_context_len - prompt_tokens)}", param=param,
                              code="context_length_exceeded")


def longest_token_chars(tokenizer: Any) -> int:
    """The longest vocabulary entry in characters (a bound on how much text one token covers)."""
    if tokenizer is None:
        return 1
    try:
        vocab = tokenizer.get_vocab()
    except Exception:  # noqa: BLE001 - unknown tokenizer: assume long tokens (the check is then loose)
        return 64
    longest = max((len(k) for k in vocab), default=1)
    # byte-level entries are one character per byte, and a byte never decodes to more than one character
    return max(1, longest)
