"""The generated Markdown renders: every table becomes an HTML table with the right number of columns."""
from __future__ import annotations

from html.parser import HTMLParser

import pytest

from argmatrix.generate.common import current_specs

markdown = pytest.importorskip("markdown")


class _Tables(HTMLParser):
    """Collect every <table> as a list of rows, each a list of (tag, text) cells."""

    def __init__(self):
        super().__init__()
        self.tables: list[list[list[tuple[str, str]]]] = []
        self._cell: list[str] | None = None
        self._tag = ""

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell, self._tag = [], tag

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append((self._tag, "".join(self._cell).strip()))
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def _html_tables(text: str, engine: str) -> list[list[list[tuple[str, str]]]]:
    if engine == "markdown":
        html = markdown.markdown(text, extensions=["tables"])
    else:
        from markdown_it import MarkdownIt

        html = MarkdownIt("commonmark").enable("table").render(text)
    parser = _Tables()
    parser.feed(html)
    return parser.tables


ENGINES = ["markdown", "markdown-it"]


@pytest.mark.parametrize("engine", ENGINES)
def test_english_support_page_renders_with_four_and_three_columns(files, engine):
    if engine == "markdown-it":
        pytest.importorskip("markdown_it")
    found = _html_tables(files["en/ascend_npu_support_features.md"], engine)
    widths = [len(t[0]) for t in found]
    assert widths[:-2] == [4] * (len(widths) - 2) and widths[-2:] == [3, 3]
    for t in found:
        assert {len(r) for r in t} == {len(t[0])}, "a row with a different number of cells"
        assert all(tag == "th" for tag, _ in t[0])
    assert [c for _, c in found[0][0]] == ["Argument", "Defaults", "Options", "Server supported"]
    assert sum(len(t) - 1 for t in found) == len(current_specs())
    first = found[0][1]
    assert first[0][1] == "--model-path, --model" and first[3][1] == "A2, A3"


@pytest.mark.parametrize("engine", ENGINES)
def test_chinese_support_page_renders_with_six_columns(files, engine):
    if engine == "markdown-it":
        pytest.importorskip("markdown_it")
    found = _html_tables(files["zh/ascend_npu_support_features.md"], engine)
    assert found
    for t in found:
        assert [c for _, c in t[0]] == ["参数", "描述", "默认值", "选项", "A2 支持情况", "A3 支持情况"]
        assert {len(r) for r in t} == {6}
    assert sum(len(t) - 1 for t in found) == len(current_specs())


@pytest.mark.slow
def test_every_generated_markdown_table_is_rectangular(files):
    pytest.importorskip("markdown_it")
    for path, text in files.items():
        if not path.endswith(".md"):
            continue
        for t in _html_tables(text, "markdown-it"):
            assert {len(r) for r in t} == {len(t[0])}, path


def test_values_with_markdown_characters_survive(files):
    """Pipes, angle brackets and backticks in values and help texts render as text, not markup."""
    found = _html_tables(files["en/ascend_npu_support_features.md"], "markdown")
    cells = {r[0][1]: r for t in found for r in t[1:]}
    assert cells["--torchao-config"][1][1] == '""'
    found = _html_tables(files["en/server_arguments.md"].split("### `--torchao-config`")[1].split("### ")[0],
                         "markdown")
    assert all({len(r) for r in t} == {5} for t in found)  # SGLang 0.5.23 refuses it: its section has no table
    html = markdown.markdown(files["en/server_arguments.md"].split("### `--torchao-config`")[1].split("### ")[0])
    assert "int4wo-&lt;group_size&gt;" in html
