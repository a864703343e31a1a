"""The ``argmatrix`` console script."""
from __future__ import annotations

import sys


def main() -> None:
    argv = sys.argv[1:]
    if argv[:1] == ["check-config"]:
        from .check_config import fast_path

        code = fast_path(argv[1:])
        if code is not None:
            sys.exit(code)
    from .app import app

    app()
