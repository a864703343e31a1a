"""Which release of an engine is installed where argmatrix runs, read from its distribution's metadata.

Nothing of the engine is imported (importing vLLM or SGLang takes seconds and may need a device): the version is the
one pip wrote into the name of the distribution's ``<name>-<version>.dist-info`` folder on ``sys.path``, the folder
``importlib.metadata`` reads too.  Listing those folders is what the preflight can afford on every run; importing
``importlib.metadata`` and letting it scan every distribution costs about as much as the rest of the check.
"""
from __future__ import annotations

import functools
import os
import re
import sys


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


@functools.cache
def _installed() -> dict[str, str]:
    """Normalized distribution name -> version, for every distribution on ``sys.path``, read in one pass (a vLLM
    launch asks for vLLM and for vLLM-Ascend; each pass lists every folder of the path)."""
    found: dict[str, str] = {}
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            if name.endswith(".dist-info"):
                dist, _, version = name[: -len(".dist-info")].rpartition("-")
            elif name.endswith(".egg-info"):
                dist, _, rest = name[: -len(".egg-info")].partition("-")
                version = rest.split("-py", 1)[0]
            else:
                continue
            if dist and version:
                found.setdefault(_normal(dist), version)  # the first on sys.path wins, as for an import
    return found


@functools.cache
def installed_release(distribution: str) -> str | None:
    """The version of ``distribution`` installed for this Python (``"0.5.23"``), or None when it is not installed;
    the first one on ``sys.path`` wins, as for an import."""
    return _installed().get(_normal(distribution))
