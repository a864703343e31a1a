"""The one place that decides what a secret looks like and hides it, for every output.

The server's responses and logs, ``check-config`` (text and JSON), ``launch``'s echoed command and every
``export`` format pass through here: values under secret-looking names (keys, tokens, passwords, anything under
``*_extra_config``), credentials inside URLs and well-known token shapes become ``<redacted>``.  Only the
standard library: every layer imports it.

Two ways in: :func:`redact` for structured values (by name, recursively), and :class:`Scrubber` for finished
text (every literal secret of a configuration cut out wherever it appears, in a finding's message, an echoed
command or a JSON document).
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from .types import JSON_ERRORS

REDACTED = "<redacted>"

# Field names whose value is a secret whatever it looks like.
SECRET_FIELDS = frozenset({"api_key", "admin_api_key", "decrypted_config_file", "decrypted_draft_config_file"})
SECRET_NAME = (r"(?i)(^|[_\-.])(api[_\-]?key|key|token|secret|passw(or)?d|passphrase|credentials?|"
               r"auth(orization)?|cookie|private[_\-]?key|access[_\-]?key|session)($|[_\-.])")
# names that contain a secret word but hold none (token counts and ids, tokenizer settings)
NOT_SECRET = (r"(?i)(first|per|inter|next|last|stop|eos|bos|pad|unk)_token|token_(usage|map|distribution)|"
              r"token_?ids?\b|token_?ids?_|tokenizer|_tokens?_(len|num|count|budget|buckets?)|^key_?(len|size)|_id$")
# scheme://user:password@host  ->  scheme://<redacted>@host
URL_USERINFO = r"(?i)\b([a-z][a-z0-9+.\-]*://)[^/\s@]+@"
# well-known token shapes (Hugging Face, OpenAI, GitHub, Slack, AWS, bearer headers)
TOKEN_SHAPES = (r"\b(hf_[A-Za-z0-9]{8,}|sk-[A-Za-z0-9_\-]{8,}|gh[pousr]_[A-Za-z0-9]{8,}|"
                r"xox[abpr]-[A-Za-z0-9\-]{8,}|AKIA[0-9A-Z]{16})\b|(?i:(bearer\s+)[^\s\"']+)")
# What each pattern cannot match without (lower-cased text): most names and most output lines contain none, and
# a process that never meets one never compiles the pattern (four compiles are a tenth of a cold check-config).
SECRET_WORDS = ("key", "token", "secret", "passw", "passphrase", "credential", "auth", "cookie", "session")
TOKEN_MARKS = ("hf_", "sk-", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "xox", "akia", "bearer")


@cache
def _pattern(source: str) -> re.Pattern[str]:
    return re.compile(source)


# a literal secret shorter than this is hidden only where its name is known (cutting "ab" out of every text
# would garble the output and tell which letters the key has)
MIN_SCRUBBED_LENGTH = 4


def is_secret_name(name: str) -> bool:
    """True for a field, flag (``--api-key``) or key whose value must never be shown."""
    name = str(name).lstrip("-")
    if name in SECRET_FIELDS or name.replace("-", "_") in SECRET_FIELDS:
        return True
    if name.endswith(("_extra_config", "-extra-config")):
        return True
    lower = name.lower()
    if not any(word in lower for word in SECRET_WORDS):
        return False
    return bool(_pattern(SECRET_NAME).search(name)) and not _pattern(NOT_SECRET).search(name.replace("-", "_"))


def _holds_secret(value: Any) -> bool:
    """Switches and numbers under a secret-looking name (``enable_session_*``, ``metrics_require_api_key``) are
    settings, not secrets."""
    return not (value is None or isinstance(value, (bool, int, float)) or value in ("", {}, []))


def redact_text(text: str) -> str:
    """A string with URL credentials and token-shaped substrings hidden."""
    if "://" in text and "@" in text:
        text = _pattern(URL_USERINFO).sub(lambda m: m.group(1) + REDACTED + "@", text)
    lower = text.lower()
    if not any(mark in lower for mark in TOKEN_MARKS):
        return text
    return _pattern(TOKEN_SHAPES).sub(lambda m: (m.group(2) + REDACTED) if m.group(2) else REDACTED, text)


def redact(value: Any, name: str | None = None) -> Any:
    """``value`` safe to show: secrets by name hidden whole, secrets inside strings cut out, recursively."""
    if name is not None and is_secret_name(name) and _holds_secret(value):
        return REDACTED
    if isinstance(value, str):
        return redact_text(value)
    if isinstance(value, dict):
        return {k: redact(v, str(k)) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [redact(v) for v in value]
    return value


def _leaves(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _leaves(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _leaves(v)
    elif value is not None and not isinstance(value, bool):
        yield str(value)


def _nested_secrets(value: Any) -> Iterable[str]:
    """Strings under secret-looking keys anywhere inside a JSON-like value (``{"hf_token": ...}``)."""
    if isinstance(value, str) and value.lstrip()[:1] in ("{", "["):
        try:
            value = json.loads(value)
        except JSON_ERRORS:  # not JSON, or nested past the stack: no keys to look under
            return
    if isinstance(value, dict):
        for k, v in value.items():
            if is_secret_name(str(k)) and _holds_secret(v):
                yield from _leaves(v)
            else:
                yield from _nested_secrets(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _nested_secrets(v)


def secret_strings(values: Mapping[str, Any]) -> frozenset[str]:
    """Every literal secret among a configuration's values: the value of each secret-named field, the strings
    under secret-looking keys inside object values, and those values as JSON text (how a command line spells
    them)."""
    found: set[str] = set()
    for name, value in values.items():
        if not isinstance(value, (str, dict, list, tuple)):
            continue  # None, switches and numbers: nothing a secret could be, by name or inside
        if _holds_secret(value) and is_secret_name(name):
            found.update(_leaves(value))
            if isinstance(value, (dict, list)):
                found.add(json.dumps(value))
                found.add(json.dumps(value, ensure_ascii=False))
        found.update(_nested_secrets(value))
    return frozenset(s for s in found if len(s) >= MIN_SCRUBBED_LENGTH)


class Scrubber:
    """Cuts a configuration's literal secrets (and token shapes, URL credentials) out of finished text."""

    def __init__(self, secrets: Iterable[str] = (), *, token_shapes: bool = True):
        # longest first, so a secret that contains another is cut whole
        self.secrets = sorted(set(secrets), key=len, reverse=True)
        self.token_shapes = token_shapes
        self._pattern = re.compile("|".join(map(re.escape, self.secrets))) if self.secrets else None

    @classmethod
    def of(cls, values: Mapping[str, Any]) -> Scrubber:
        return cls(secret_strings(values))

    @classmethod
    def showing_all(cls) -> Scrubber:
        """For an output where the user asked for the secrets (``--show-secrets``): text passes unchanged."""
        return cls(token_shapes=False)

    def __call__(self, text: str) -> str:
        if self._pattern is not None:
            text = self._pattern.sub(REDACTED, text)
        return redact_text(text) if self.token_shapes else text

    def json_safe(self, text: str) -> str:
        """For JSON text: secrets also as they appear JSON-escaped inside a string."""
        if self._pattern is not None:
            escaped = [json.dumps(s)[1:-1] for s in self.secrets]
            pattern = re.compile("|".join(map(re.escape, sorted({*self.secrets, *escaped}, key=len, reverse=True))))
            text = pattern.sub(REDACTED, text)
        return redact_text(text) if self.token_shapes else text
