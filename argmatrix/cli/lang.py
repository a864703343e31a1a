"""Which language to print in: --lang, else ARGMATRIX_LANG, else the locale."""
from __future__ import annotations

import os


def default_lang() -> str:
    for var in ("ARGMATRIX_LANG", "LC_ALL", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"
