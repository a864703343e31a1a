"""`argmatrix matrix` fits the terminal (issue 21): below the full width it drops what it must, in a fixed order,
and says what it left out and how to see everything; no cell is ever cut to "✓…"."""
from __future__ import annotations

import io

import pytest
from rich.console import Console

from argmatrix.cli import render
from argmatrix.cli.server_help import display_width
from argmatrix.matrix.platforms import PLATFORMS
from argmatrix.matrix.table import rows


def _matrix(width: int, lang: str = "en", group: str | None = None) -> str:
    out = io.StringIO()
    selected = [r for r in rows() if group is None or r["group"] == group]
    render.matrix_table(selected, list(PLATFORMS), lang, Console(file=out, width=width, no_color=True))
    return out.getvalue()


@pytest.mark.parametrize("width", [60, 80, 100, 120, 150, 200, 260])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_table_line_fits_and_no_cell_is_cut(width, lang):
    text = _matrix(width, lang)
    table_lines = [line for line in text.splitlines() if line[:1] in "┏┃┡│└"]
    assert table_lines and all(display_width(line) <= width for line in table_lines)
    assert "…" not in text
    for key in ("--tensor-parallel-size", "--enable-lora"):
        assert key in text  # every argument is there, whatever the width


def test_wide_terminal_gets_every_word():
    text = _matrix(260)
    assert "✓ supported" in text and "--model-path --model" in text and "group" in text
    assert "too few" not in text


def test_narrow_terminal_says_what_it_left_out_and_how_to_widen():
    text = _matrix(100)
    table = "\n".join(line for line in text.splitlines() if line[:1] in "┏┃┡│└")
    assert "✓ supported" not in table and "legend: ✓ supported" in text
    assert "statuses are shown as marks" in text and "COLUMNS=" in text and "--format md" in text
    zh = _matrix(80, "zh").replace("\n", "")  # the note wraps at the console's width
    assert "图例：✓ 支持" in zh and "状态只显示符号" in zh and "平台分成" in zh


def test_layout_order():
    data = [r for r in rows() if r["group"] == "lora"]
    wide = render.matrix_layout(data, list(PLATFORMS), "en", 300)
    assert wide["all_flags"] and wide["group"] and not wide["marks"] and wide["said"] == []
    narrow = render.matrix_layout(data, list(PLATFORMS), "en", 40)
    assert narrow["marks"] and len(narrow["chunks"]) > 1
    assert sum(len(c) for c in narrow["chunks"]) == len(PLATFORMS)
