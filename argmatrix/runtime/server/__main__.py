"""``python -m argmatrix.runtime.server [server flags]``: compile the flags and serve.

A thin stand-in for ``argmatrix serve`` (which also renders the findings):
handy when the CLI is not installed, and used by the SIGTERM test.  Stops
with exit status 2 when the flags have errors.
"""
from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    from argmatrix.compiler import compile

    compiled = compile(argv)
    if not compiled.ok:
        for f in compiled.errors:
            print(f"error: {f.code} {f.flag or ''} {f.message.en}", file=sys.stderr)
        return compiled.exit_code or 2
    from . import run_server

    return run_server(compiled)


if __name__ == "__main__":
    raise SystemExit(main())
