"""The one place that decides what a secret looks like and hides it.

Every response and log line that shows configuration or request data passes
through :func:`redact`: values under secret-looking names (keys, tokens,
passwords, anything under ``*_extra_config``), credentials inside URLs and
well-known token shapes are replaced by ``<redacted>``.
"""
from __future__ import annotations

import re
from typing import Any

REDACTED = "<redacted>"

# Field names whose value is a secret whatever it looks like.
SECRET_FIELDS = frozenset({"api_key", "admin_api_key", "decrypted_config_file", "decrypted_draft_config_file"})
_SECRET_NAME = re.compile(r"(?i)(^|[_\-.])(api[_\-]?key|key|token|secret|passw(or)?d|passphrase|credentials?|"
                          r"auth(orization)?|cookie|private[_\-]?key|access[_\-]?key|session)($|[_\-.])")
# names that contain a secret word but hold none (token counts and ids, tokenizer settings)
_NOT_SECRET = re.compile(r"(?i)(first|per|inter|next|last|stop|eos|bos|pad|unk)_token|token_(usage|map|distribution)|"
                         r"token_?ids?\b|token_?ids?_|tokenizer|_tokens?_(len|num|count|budget|buckets?)|^key_?"
                         r"(len|size)|_id$")
# scheme://user:password@host  ->  scheme://<redacted>@host
_URL_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.\-]*://)[^/\s@]+@")
# well-known token shapes (Hugging Face, OpenAI, GitHub, Slack, AWS, bearer headers)
_TOKEN_SHAPES = re.compile(r"\b(hf_[A-Za-z0-9]{8,}|sk-[A-Za-z0-9_\-]{8,}|gh[pousr]_[A-Za-z0-9]{8,}|"
                           r"xox[abpr]-[A-Za-z0-9\-]{8,}|AKIA[0-9A-Z]{16})\b|(?i:(bearer\s+)[^\s\"']+)")


def is_secret_name(name: str) -> bool:
    """True for a field or key whose value must never be shown."""
    name = str(name)
    if name in SECRET_FIELDS or name.endswith("_extra_config"):
        return True
    return bool(_SECRET_NAME.search(name)) and not _NOT_SECRET.search(name)


def redact_text(text: str) -> str:
    """A string with URL credentials and token-shaped substrings hidden."""
    text = _URL_USERINFO.sub(lambda m: m.group(1) + REDACTED + "@", text)
    return _TOKEN_SHAPES.sub(lambda m: (m.group(2) + REDACTED) if m.group(2) else REDACTED, text)


def redact(value: Any, name: str | None = None) -> Any:
    """``value`` safe to show: secrets by name hidden whole, secrets inside strings cut out, recursively."""
    if name is not None and is_secret_name(name):
        return value if value is None or value == "" or value == {} or value == [] else REDACTED
    if isinstance(value, str):
        return redact_text(value)
    if isinstance(value, dict):
        return {k: redact(v, str(k)) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [redact(v) for v in value]
    return value
