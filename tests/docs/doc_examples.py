"""The commands README.md and docs/ show, run as a reader would run them (issue 32: "examples are run").

A ``console`` block holds ``$ command`` lines (a trailing ``\\`` continues one), each followed by what it prints.
:func:`examples` finds them, :func:`run` runs one (the console script of this checkout in a subprocess, colour
off, English, ``ARGMATRIX_*`` unset, 100 columns), and ``python -m tests.docs.doc_examples --update`` rewrites
the printed output of every example in place after a deliberate change (review the diff: it is what readers see).
A command shown without output must still exit as the guide says it does: 0 or 1 (checked, with or without
findings), never 2 (unreadable input) or a traceback.
"""
from __future__ import annotations

import os
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WIDTH = "100"


def pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "docs" / "zh").glob("*.md"))]


@dataclass
class Example:
    page: Path
    line: int               # 1-based line of the ``$`` in the page
    command: str            # as shown, continuations joined
    shown: list[str]        # the output lines the page shows (may be empty)
    span: tuple[int, int]   # the 0-based line range of the shown output in the page

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def examples(page: Path) -> list[Example]:
    lines = page.read_text(encoding="utf-8").split("\n")
    out: list[Example] = []
    i = 0
    while i < len(lines):
        if lines[i].strip() != "```console":
            i += 1
            continue
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            if not lines[i].startswith("$ "):
                i += 1
                continue
            start, parts = i, [lines[i][2:]]
            while parts[-1].endswith("\\") and i + 1 < len(lines):
                parts[-1] = parts[-1][:-1]
                i += 1
                parts.append(lines[i].strip())
            i += 1
            first = i
            while i < len(lines) and lines[i].strip() != "```" and not lines[i].startswith("$ "):
                i += 1
            last = i
            while last > first and not lines[last - 1].strip():
                last -= 1  # a blank line between two examples belongs to neither
            out.append(Example(page, start + 1, " ".join(p.strip() for p in parts), lines[first:last], (first, last)))
        i += 1
    return out


@dataclass
class Run:
    exit_code: int
    output: list[str]   # stderr (the report) then stdout, as a terminal shows a command that prints both


def run(command: str, cwd: Path = ROOT) -> Run:
    argv = shlex.split(command, comments=True)
    if not argv or argv[0] != "argmatrix":
        raise ValueError(f"only argmatrix commands are run here, not {command!r}")
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARGMATRIX_")}
    env.update(COLUMNS=WIDTH, LANG="C.UTF-8", LC_ALL="C.UTF-8", NO_COLOR="1", TERM="dumb",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")])))
    done = subprocess.run([sys.executable, "-m", "argmatrix", *argv[1:]], capture_output=True, text=True, env=env,
                          cwd=cwd, timeout=300)
    text = done.stderr + done.stdout
    return Run(done.returncode, [line.rstrip() for line in text.rstrip("\n").split("\n")] if text.strip() else [])


def update() -> list[str]:
    """Rewrite the shown output of every example that shows one; returns the examples that changed."""
    changed = []
    for page in pages():
        found = [e for e in examples(page) if e.shown]
        if not found:
            continue
        lines = page.read_text(encoding="utf-8").split("\n")
        for e in reversed(found):  # from the end, so earlier spans stay where they are
            got = run(e.command).output
            if got != e.shown:
                lines[e.span[0]:e.span[1]] = got
                changed.append(e.where)
        page.write_text("\n".join(lines), encoding="utf-8")
    return changed


if __name__ == "__main__":
    if sys.argv[1:] != ["--update"]:
        sys.exit("usage: python -m tests.docs.doc_examples --update")
    for where in update():
        print(f"{where}: output rewritten")
