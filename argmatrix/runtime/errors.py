"""The engine's error types, in a module of their own so the loader and the server need not import the engine."""
from __future__ import annotations

from typing import Any


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

    def __init__(self, findings: list[Any], message: str | None = None):
        self.findings = findings
        lines = [f"{f.code} {f.message.en} [{f.source}]; fix: {f.hint.en if f.hint else '-'}" for f in findings]
        super().__init__(message or "argmatrix's engine refuses this launch:\n  " + "\n  ".join(lines))
