"""click as this typer ships it: the one place that knows where to find click's modules.

Both the Chinese help (``help_zh.py``) and the server-flag help (``server_help.py``) patch or raise through
click; neither has to import the other for it.
"""
from __future__ import annotations

from typing import Any


def click_module(name: str) -> Any:
    """typer 0.24+ vendors click as ``typer._click``; older typers use click itself."""
    try:
        from typer._click import core, exceptions, formatting  # type: ignore[import-not-found]
    except ImportError:
        from click import core, exceptions, formatting  # type: ignore[no-redef]
    return {"core": core, "exceptions": exceptions, "formatting": formatting}[name]
