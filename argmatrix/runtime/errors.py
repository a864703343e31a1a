"""The engine's error types, in a module of their own so the loader and the server need not import the engine."""
from __future__ import annotations

from typing import Any

from ..schema.meta import Text


def bilingual(exc_type: type[BaseException], en: str, zh: str) -> BaseException:
    """An exception of ``exc_type`` whose message exists in both languages: ``str()`` is the English one (logs,
    tracebacks), :func:`in_lang` picks the one the user reads."""
    exc = exc_type(en)
    exc.text = Text(en, zh)  # type: ignore[attr-defined]
    return exc


def in_lang(exc: BaseException, lang: str) -> str:
    """What the user reads for a start-up error: its message in ``lang`` when it has one (:func:`bilingual`,
    :class:`EngineRefused`'s findings), else its text as raised."""
    text = getattr(exc, "text", None)
    if isinstance(text, Text):
        return text(lang)
    inner = exc.__cause__ or exc.__context__
    if inner is not None and str(inner) == str(exc):  # re-raised as another type with the same message
        return in_lang(inner, lang)
    if isinstance(exc, EngineRefused) and exc.findings and lang != "en":
        from ..compiler.findings import source_label

        return "argmatrix 的引擎拒绝本次启动：\n  " + "\n  ".join(
            f"{f.code} {f.message(lang)}（来源：{source_label(f.source, lang) if f.source else '无'}）；"
            f"修复：{f.hint(lang) if f.hint else '-'}" for f in exc.findings)
    return str(exc)


class QueueFullError(RuntimeError):
    """The waiting queue holds --max-queued-requests requests already."""


class PromptTooLongError(ValueError):
    def __init__(self, prompt_len: int, max_len: int):
        self.prompt_len, self.max_len = prompt_len, max_len
        super().__init__(f"the prompt has {prompt_len} tokens but at most {max_len} fit (the context length less "
                         f"one token to generate); shorten it, or start the server with --allow-auto-truncate "
                         f"to keep its last {max_len} tokens")


class EngineLoadError(RuntimeError):
    """The model could not be loaded; the message names the flag and the fix."""


class EngineRefused(ValueError):
    """The launch asks for something this engine does not implement; ``findings`` say what and how to fix it."""

    def __init__(self, findings: list[Any], message: str | None = None, zh: str | None = None):
        self.findings = findings
        if message is not None and zh is not None:
            self.text = Text(message, zh)
        lines = [f"{f.code} {f.message.en} [{f.source}]; fix: {f.hint.en if f.hint else '-'}" for f in findings]
        super().__init__(message or "argmatrix's engine refuses this launch:\n  " + "\n  ".join(lines))
