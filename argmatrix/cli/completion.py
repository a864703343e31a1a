"""Shell completion of the server flags after ``--`` (``argmatrix check-config -- --tp<TAB>``).

typer completes argmatrix's own options (``argmatrix --install-completion`` installs it for bash, zsh, fish or
PowerShell); the server flags are no options of argmatrix's, so the commands that pass them on
(:class:`~argmatrix.cli.server_help.ServerFlagsCommand`) complete them here, from the schema of the engine the
line names (SGLang's unless it starts ``vllm serve``): the flags, a flag's choices after it, and the shell's own
file-name completion after a flag that takes a path (a ``--config`` file, a ``--model-path`` folder, a ``*-path``/``*-file``/
``*-dir`` flag, or one whose metavar names a path).
"""
from __future__ import annotations

from typing import Any

PATH_SUFFIXES = ("_path", "_paths", "_file", "_dir", "_folder")
PATH_METAVARS = ("PATH", "FILE", "DIR")


def takes_path(spec: Any) -> bool:
    """Whether the value of ``spec`` names a file or folder (by its name or metavar: the schema has no path type)."""
    if spec.is_bool or spec.is_object:
        return False
    metavar = (spec.arg.metavar or "").upper()
    return spec.name == "config" or spec.name.endswith(PATH_SUFFIXES) or any(m in metavar for m in PATH_METAVARS)


def _surface(words: list[str]) -> Any:
    from ..matrix import engines

    named, _ = engines.from_launcher(words)
    return (named or engines.get(engines.DEFAULT)).surface


def server_completions(words: list[str], incomplete: str) -> list[tuple[str, str, str]]:
    """(value, kind, help) for the word being typed after ``words`` (the server words typed so far); none after a
    flag that takes a path, so the shell completes file names (typer's scripts: bash ``complete -o default``, zsh
    ``_files`` when nothing is offered)."""
    surface = _surface(words)
    specs = surface.specs
    previous = words[-1] if words else ""
    flag, eq, typed = incomplete.partition("=")
    if eq and flag.startswith("--"):  # --flag=value
        previous, incomplete = flag, typed
    spec = specs[surface.flags[previous]] if previous.startswith("-") and previous in surface.flags else None
    if spec is not None and not spec.is_bool and not incomplete.startswith("-"):
        if takes_path(spec):
            return []  # nothing offered: typer's bash and zsh scripts then complete file names themselves
        choices = [str(c) for c in (spec.choices or ()) if c is not None]
        return [(c, "plain", "") for c in choices if c.startswith(incomplete)]
    if not incomplete.startswith("-"):
        return []
    out = []
    for s in specs.values():
        for f in s.flags:
            if f.startswith("--") and f.startswith(incomplete):
                out.append((f, "plain", s.arg.help.en.split(". ")[0][:80]))
    return out
