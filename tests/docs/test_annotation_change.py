"""Changing one annotation changes exactly the expected lines of exactly the affected generated files.

The scenario of the issue: --enable-two-batch-overlap, Planned on Ascend today, becomes supported.  Once
on a copy of the source tree (the label in the schema module is edited and the docs regenerated in a
fresh interpreter, both chips), once in-process for A3 alone (the matrix cell is patched), because the
schema's Ascend label covers both chips at once.
"""
from __future__ import annotations

import difflib
import json
import os
import shutil
import subprocess
import sys

import pytest

from argmatrix import generate, records
from argmatrix.cli import help_pages
from argmatrix.cli.app import app
from argmatrix.matrix.platforms.ascend_labels import Label
from argmatrix.matrix.platforms.ascend_table import ASCEND_TABLE

from ._md import ROOT

FLAG = "--enable-two-batch-overlap"
NAME = "enable_two_batch_overlap"
AFFECTED = {"en/ascend_npu_support_features.md", "zh/ascend_npu_support_features.md", "en/server_arguments.md",
            "zh/server_arguments.md", "en/platform_matrix.md", "zh/platform_matrix.md", "en/matrix_changes.md",
            "zh/matrix_changes.md", "matrix.html",
            "en/engines.md", "zh/engines.md"}  # the per-engine status counts (SGLang's and argmatrix serve's)
WORDS = {"en": ("○ planned", "✓ supported", "the Ascend feature table lists it as coming; nothing implements it on NPU yet", "any value of the type"),
         "zh": ("○ 规划中", "✓ 支持", "据昇腾特性表，NPU 上还没有它的实现", "类型允许的任意值")}


def changed_lines(old: dict[str, str], new: dict[str, str]) -> dict[str, list[tuple[int, str, str]]]:
    """Per changed file, the replaced lines as (line number, old, new); insertions or deletions fail."""
    out = {}
    assert set(old) == set(new)
    for path, text in old.items():
        if text == new[path]:
            continue
        a, b = text.splitlines(), new[path].splitlines()
        pairs = []
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
            if tag == "equal":
                continue
            assert tag == "replace" and i2 - i1 == j2 - j1, (path, tag, a[i1:i2], b[j1:j2])
            pairs += [(i1 + k + 1, a[i1 + k], b[j1 + k]) for k in range(i2 - i1)]
        out[path] = pairs
    return out


def _counts_line(text: str, word: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"| {word} |"))


def _bump(line: str, deltas: dict[int, int]) -> str:
    cells = line.strip("|").split("|")
    for i, d in deltas.items():
        cells[i] = f" {int(cells[i]) + d} "
    return "|" + "|".join(cells) + "|"


def check_expected(base: dict[str, str], new: dict[str, str], chips: tuple[str, ...]) -> None:
    changes = changed_lines(base, new)
    assert set(changes) == AFFECTED
    both = chips == ("a2", "a3")
    # the English Ascend page: the "Server supported" cell of one row
    en_row = f"| `{FLAG}` | `False` | bool flag (set to enable) | Planned |"
    en_new = en_row.replace("Planned |", "A2, A3 |" if both else "A3 (A2: Planned) |")
    assert [(o, n) for _, o, n in changes["en/ascend_npu_support_features.md"]] == [(en_row, en_new)]
    # the Chinese page: the A2/A3 cells of one row
    [(_, old, new_)] = changes["zh/ascend_npu_support_features.md"]
    assert old.startswith(f"| `{FLAG}` |") and old.endswith("| ○ 规划中 | ○ 规划中 |")
    assert new_ == old[: -len("○ 规划中 | ○ 规划中 |")] + ("✓ 支持 | ✓ 支持 |" if both else "○ 规划中 | ✓ 支持 |")
    for lang in ("en", "zh"):
        planned, supported, reason, anyv = WORDS[lang]
        # the reference: the status row of each changed chip, inside the argument's own block
        path = f"{lang}/server_arguments.md"
        lines = base[path].splitlines()
        start = lines.index(f"### `{FLAG}`")
        end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("##"))
        got = changes[path]
        assert all(start < no <= end for no, _, _ in got)
        assert [(o, n) for _, o, n in got] == [
            (f"| {c.upper()} | {planned} | `False` | {anyv} | {reason} |",
             f"| {c.upper()} | {supported} | `False` | {anyv} |   |")
            for c in chips]
        # the platform matrix: the row, and the supported/planned counts of each changed chip
        path = f"{lang}/platform_matrix.md"
        cols = {"a2": 1, "a3": 2}
        sup, plan = _counts_line(base[path], supported), _counts_line(base[path], planned)
        expected = {sup: _bump(sup, {cols[c]: 1 for c in chips}), plan: _bump(plan, {cols[c]: -1 for c in chips})}
        row = next(line for line in base[path].splitlines() if line.startswith(f"| `{FLAG}` |"))
        cells = row.split(" | ")
        for c in chips:
            cells[1 + cols[c]] = supported
        expected[row] = " | ".join(cells)
        assert {o: n for _, o, n in changes[path]} == expected
        # release notes: the status change v1 -> current now ends in "supported", on the changed chips only
        path = f"{lang}/matrix_changes.md"
        unsupported = "✗ unsupported" if lang == "en" else "✗ 不支持"
        assert [(o, n) for _, o, n in changes[path]] == [
            (f"| `{FLAG}` | {c.upper()} | {unsupported} | {planned} |",
             f"| `{FLAG}` | {c.upper()} | {unsupported} | {supported} |")
            for c in chips]
    # the HTML page: the argument's data line, statuses only
    [(_, old, new_)] = changes["matrix.html"]
    before, after = json.loads(old.rstrip(",")), json.loads(new_.rstrip(","))
    assert before["n"] == NAME
    assert {p: after["s"][p] for p in chips} == dict.fromkeys(chips, "supported")
    def rest(d):
        return {k: v for k, v in d.items() if k not in ("s", "r")}

    assert rest(after) == rest(before)


@pytest.mark.slow
def test_marking_it_supported_on_a_copy_of_the_tree(tmp_path, files):
    shutil.copytree(ROOT / "argmatrix", tmp_path / "argmatrix",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    module = tmp_path / "argmatrix" / "matrix" / "platforms" / "ascend_table.py"
    text = module.read_text(encoding="utf-8")
    line = f"    {NAME!r}: Row(PLANNED"
    assert text.count(line) == 1
    module.write_text(text.replace(line, f"    {NAME!r}: Row(A2_A3"), encoding="utf-8")
    code = ("import json, sys, argmatrix, argmatrix.cli.help_pages as g; from argmatrix.cli.app import app; "
            "assert argmatrix.__file__.startswith(sys.argv[1]), argmatrix.__file__; "
            "sys.stdout.write(json.dumps(g.all_files(app)))")
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"}
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, env=env,
                         cwd=tmp_path, timeout=300, check=False)
    assert out.returncode == 0, out.stderr[-3000:]
    check_expected(files, json.loads(out.stdout), ("a2", "a3"))


@pytest.mark.slow
def test_marking_it_supported_on_a3_alone(monkeypatch, files):
    """A per-chip row (``chips={"a3": A2_A3}``) renders differently in the A2 and A3 columns."""
    row = ASCEND_TABLE[NAME]
    monkeypatch.setitem(ASCEND_TABLE, NAME, records.replace(row, chips={"a3": Label.A2_A3}))
    generate.common.rows_by_name.cache_clear()
    try:
        new = help_pages.all_files(app)
    finally:
        monkeypatch.undo()
        generate.common.rows_by_name.cache_clear()
    check_expected(files, new, ("a3",))
    assert help_pages.all_files(app) == files
