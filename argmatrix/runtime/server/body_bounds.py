"""How much a request body may hold, counted on the decoded JSON before any validation.

The byte limit (``--max-request-body-bytes``) does not bound the work a body causes: 8 MiB of ``[""]`` is 2.7
million items, and pydantic builds one error object per wrong item while holding the interpreter (14 s for 2.8
million).  No field of a request needs that many: the longest list any field can use is a prompt of token ids
(the context length), a batch of prompts (``--max-sequences-per-request`` of them) or a map keyed by token id
(the vocabulary).  So every list and object holds at most :attr:`BodyBounds.max_items` entries and the whole
body at most :attr:`BodyBounds.max_values`; more is a 413 naming the field and the limit, found by one walk over
the containers (never the scalars of a short list twice) that stops at the first one over.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import APIError, loc_to_param

if TYPE_CHECKING:
    from .limits import Limits

# Floors, so a small model's server still takes a JSON schema in response_format or a long tools list.
MIN_ITEMS = 4096
MIN_VALUES = 65_536


@dataclass(frozen=True)
class BodyBounds:
    max_items: int          # entries of any one list or object
    max_values: int         # entries of all lists and objects of one body together

    @classmethod
    def from_limits(cls, limits: Limits, vocab_size: int | None) -> BodyBounds:
        """The bounds the server's own limits imply: a prompt of token ids holds at most the context, a batch at
        most ``--max-sequences-per-request`` prompts, a map of token ids at most the vocabulary."""
        items = max(MIN_ITEMS, limits.max_context_len, int(vocab_size or 0), limits.max_sequences_per_request,
                    limits.max_stop_strings)
        values = max(MIN_VALUES, limits.max_sequences_per_request * limits.max_context_len + items)
        return cls(max_items=items, max_values=values)

    def public(self) -> dict[str, int]:
        return {"max_body_items": self.max_items, "max_body_values": self.max_values}


def too_much(path: tuple[Any, ...], message: str) -> APIError:
    param = loc_to_param(("body", *path)) or None
    return APIError(413, message, param=param, code="body_too_complex")


def check_bounds(data: Any, bounds: BodyBounds) -> tuple[Any, ...]:
    """Raise a 413 if a list or object of ``data`` (decoded JSON) holds more than ``bounds`` allow; otherwise the
    path of its longest list or object (what a validation error beyond the first ones is blamed on).

    Iterative (JSON nesting is bounded before this, but a walk needs no stack either way), and it stops at the
    first container over a bound: its cost is at most ``max_values`` steps.
    """
    if not isinstance(data, (dict, list)):
        return ()
    total = 0
    longest: tuple[int, tuple[Any, ...]] = (-1, ())
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    max_items, max_values = bounds.max_items, bounds.max_values
    while stack:
        value, path = stack.pop()
        count = len(value)
        what = "keys" if isinstance(value, dict) else "items"
        if count > max_items:
            where = f"'{loc_to_param(('body', *path))}'" if path else "the request body"
            raise too_much(path, f"{where} holds {count:,} {what}; no list or object of a request may hold more "
                                 f"than {max_items:,} here (the longest a field can use: the context length, "
                                 f"the vocabulary or --max-sequences-per-request)")
        total += count
        if total > max_values:
            raise too_much(path, f"the request body holds more than {max_values:,} values in its lists and "
                                 f"objects (at '{loc_to_param(('body', *path)) or 'body'}'); this server takes at "
                                 f"most that many in one request (--max-sequences-per-request x the context "
                                 f"length); split it into several requests")
        if count > longest[0]:
            longest = (count, path)
        if isinstance(value, dict):
            for key, item in value.items():
                if isinstance(item, (dict, list)):
                    stack.append((item, (*path, key)))
        else:
            for index, item in enumerate(value):
                if isinstance(item, (dict, list)):
                    stack.append((item, (*path, index)))
    return longest[1]


def truncated(data: Any, keep: int) -> Any:
    """``data`` with every list and object cut to its first ``keep`` entries (to find its first errors)."""
    if isinstance(data, dict):
        return {k: truncated(v, keep) for k, v in list(data.items())[:keep]}
    if isinstance(data, list):
        return [truncated(v, keep) for v in data[:keep]]
    return data
