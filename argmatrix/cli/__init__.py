"""The ``argmatrix`` console script."""
from __future__ import annotations

import gc
import os
import sys

LANGS = ("en", "zh")


def take_lang(argv: list[str]) -> tuple[list[str], str | None]:
    """The ``--lang`` of a command line, wherever it stands before ``--`` (``--lang zh --help``,
    ``argmatrix --lang zh check-config ...``); it is exported as ARGMATRIX_LANG so that the help, the usage errors
    and every command print in it.  The argv is returned unchanged: :func:`app.run` drops a ``--lang`` that the
    command does not declare."""
    end = argv.index("--") if "--" in argv else len(argv)
    lang = None
    for i, token in enumerate(argv[:end]):
        if token == "--lang" and i + 1 < end and argv[i + 1] in LANGS:
            lang = argv[i + 1]
        elif token.startswith("--lang=") and token[7:] in LANGS:
            lang = token[7:]
    if lang is not None:
        os.environ["ARGMATRIX_LANG"] = lang
    return argv, lang


def main() -> None:
    try:
        _main()
    except BrokenPipeError:
        # the reader went away (``check-config --format json | head -1``): what it did not read is nobody's; end
        # quietly, with stdout pointed at nothing so the interpreter's last flush cannot fail again
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(1)


def _main() -> None:
    argv, _ = take_lang(sys.argv[1:])
    if argv[:1] == ["check-config"]:
        # The preflight is a short process that builds its tables once and keeps them to the end.  The cyclic
        # collector would walk them again and again while they load (a twentieth of a cold check) and once more
        # at exit (a seventh): it is off while the check runs, and what the check built is then frozen (kept out
        # of every later collection) before the collector is back on for whatever runs after.
        gc.disable()
        try:
            from .check_config import fast_path

            code = fast_path(argv[1:])
        finally:
            gc.freeze()
            gc.enable()
        if code is not None:
            sys.exit(code)
    from .app import run

    run(argv)
