"""Which release of an engine is installed where argmatrix runs, read from its distribution's metadata.

Nothing of the engine is imported (importing vLLM or SGLang takes seconds and may need a device): the version comes
from the ``*.dist-info`` metadata ``importlib.metadata`` finds on ``sys.path``, the same place pip wrote it.
"""
from __future__ import annotations

import functools


@functools.cache
def installed_release(distribution: str) -> str | None:
    """The version of ``distribution`` installed for this Python (``"0.5.23"``), or None when it is not installed."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(distribution)
    except PackageNotFoundError:
        return None
