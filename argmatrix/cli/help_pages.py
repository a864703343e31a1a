"""cli/*.txt: the ``--help`` text of every argmatrix command, so CLI changes show up in review diffs.

The typer app is invoked in-process through ``typer.testing.CliRunner`` at a
fixed width of 100 columns with colour off (TERM=dumb, NO_COLOR=1), so the
text does not depend on the terminal that ran the generator.  By default the
help is laid out by click's plain formatter rather than typer's rich panels:
the content (usage, arguments, options, defaults, help) is the same, the
files diff line by line without box drawing, and ``docs check`` does not pay
a third of a second importing rich.  Set ``USE_RICH = True`` to write the
rich layout instead (pinned to the same width).

It lives in the CLI package because it describes the CLI: ``generate`` sits
below ``cli`` and must not import it, so the ``docs`` commands add these pages
to what ``argmatrix.generate`` writes (:func:`all_files`), passing the app in (this module sits below
``app.py`` and never imports it).
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any

PATH = "cli/{name}.txt"
USE_RICH = False
WIDTH = 100
ENV = {"COLUMNS": str(WIDTH), "LINES": "50", "TERM": "dumb", "NO_COLOR": "1", "TERMINAL_WIDTH": str(WIDTH),
       "ARGMATRIX_LANG": "en", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "_TYPER_FORCE_DISABLE_TERMINAL": "1"}


@contextmanager
def _fixed_console():
    """Pin the help layout: plain click text, or typer's rich console at WIDTH columns without colour."""
    import typer.core

    saved_has_rich = typer.core.HAS_RICH
    if not USE_RICH:
        typer.core.HAS_RICH = False
        try:
            yield
        finally:
            typer.core.HAS_RICH = saved_has_rich
        return
    from typer import rich_utils

    saved = {k: getattr(rich_utils, k, None) for k in ("MAX_WIDTH", "FORCE_TERMINAL", "COLOR_SYSTEM")}
    rich_utils.MAX_WIDTH, rich_utils.FORCE_TERMINAL, rich_utils.COLOR_SYSTEM = WIDTH, False, None
    try:
        yield
    finally:
        for k, v in saved.items():
            setattr(rich_utils, k, v)


def commands(app) -> list[tuple[str, ...]]:
    """Every command path of the app: () for the top level, ("matrix",), ("matrix", "diff"), ..."""
    import typer

    root = typer.main.get_command(app)
    out: list[tuple[str, ...]] = []

    def walk(cmd, path: tuple[str, ...]):
        out.append(path)
        # a group (click's or typer's vendored click) keeps its sub-commands in .commands
        for name, sub in sorted((getattr(cmd, "commands", None) or {}).items()):
            if not getattr(sub, "hidden", False):
                walk(sub, (*path, name))

    walk(root, ())
    return out


def file_name(path: tuple[str, ...]) -> str:
    return "argmatrix" if not path else "argmatrix-" + "-".join(path)


def render_all(app: Any) -> dict[str, str]:
    from typer.testing import CliRunner

    runner = CliRunner()
    out: dict[str, str] = {}
    with _fixed_console():
        for path in commands(app):
            result = runner.invoke(app, [*path, "--help"], env=ENV, prog_name="argmatrix", color=False,
                                   terminal_width=WIDTH, max_content_width=WIDTH)
            text = result.output
            if result.exit_code != 0:
                text += f"\n[exit code {result.exit_code}]\n"
            lines = [line.rstrip() for line in text.splitlines()]
            out[PATH.format(name=file_name(path))] = "\n".join(lines).strip("\n") + "\n"
    return out


def all_files(app: Any) -> dict[str, str]:
    """Every file under generated/: what ``argmatrix.generate`` writes plus the help pages of ``app`` (the typer
    app of ``cli/app.py``), sorted by path."""
    from .. import generate

    files = generate.render_all()
    for path, text in render_all(app).items():
        if path in files:
            raise ValueError(f"two generators write {path}")
        files[path] = text
    return dict(sorted(files.items()))
