"""Issue 32: every hand-written guide docs/*.md has a Chinese twin docs/zh/*.md that follows its current text.

Each twin's first line records the hash of the English guide it was written against; ``argmatrix docs check``
fails when the English changed since, and ``argmatrix docs twins --mark-current NAME`` records the new hash once
the twin is brought up to date.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from argmatrix.cli.app import app
from argmatrix.generate import twins

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def test_every_guide_has_a_current_chinese_twin():
    found = twins.twins(DOCS)
    assert {t.name for t in found} >= {"architecture", "benchmarks", "check-config", "deviations", "engine",
                                       "launch", "plan", "scaling", "server"}
    assert twins.problems(DOCS) == []


def test_the_twins_are_chinese_and_linked_from_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    chinese_part = readme.split("## 简介（中文）", 1)[1]
    for twin in twins.twins(DOCS):
        text = twin.chinese.read_text(encoding="utf-8")
        han = sum("\u4e00" <= ch <= "\u9fff" for ch in text)
        assert han > 400, f"{twin.chinese} has {han} Chinese characters"
        assert f"](../{twin.english.name})" in text  # says which English guide it follows
        assert f"(docs/zh/{twin.english.name})" in chinese_part


@pytest.fixture
def docs_copy(tmp_path) -> Path:
    copy = tmp_path / "docs"
    shutil.copytree(DOCS, copy, ignore=shutil.ignore_patterns("examples"))
    return copy


def test_docs_check_fails_when_an_english_guide_changes_and_its_twin_does_not(docs_copy, monkeypatch):
    from argmatrix.cli import help_pages

    monkeypatch.setattr(help_pages, "all_files", lambda app: {})  # only the twins are under test here
    runner = CliRunner()
    out = docs_copy.parent / "generated"
    out.mkdir()
    assert runner.invoke(app, ["docs", "check", "--out", str(out), "--docs", str(docs_copy)]).exit_code == 0

    server = docs_copy / "server.md"
    server.write_text(server.read_text(encoding="utf-8") + "\nA new paragraph.\n", encoding="utf-8")
    result = runner.invoke(app, ["docs", "check", "--out", str(out), "--docs", str(docs_copy)])
    assert result.exit_code == 1
    assert "zh/server.md" in result.output and "docs twins --mark-current server" in result.output
    # docs generate says so too (it does not write the hand-written twins)
    assert "zh/server.md" in runner.invoke(app, ["docs", "generate", "--out", str(out), "--docs",
                                                 str(docs_copy)]).output

    # one command records the new hash once the twin is brought up to date
    result = runner.invoke(app, ["docs", "twins", "--mark-current", "--docs", str(docs_copy), "server"])
    assert result.exit_code == 0 and "current   " in result.output
    assert runner.invoke(app, ["docs", "check", "--out", str(out), "--docs", str(docs_copy)]).exit_code == 0


def test_a_missing_or_unmarked_twin_is_reported(docs_copy):
    (docs_copy / "zh" / "plan.md").unlink()
    engine = docs_copy / "zh" / "engine.md"
    engine.write_text(engine.read_text(encoding="utf-8").split("\n", 1)[1], encoding="utf-8")
    (docs_copy / "new-guide.md").write_text("# New\n", encoding="utf-8")
    states = {t.name: t.state for t in twins.twins(docs_copy)}
    assert (states["plan"], states["engine"], states["new-guide"], states["server"]) == (
        "missing", "unmarked", "missing", "current")
    assert len(twins.problems(docs_copy)) == 3
    with pytest.raises(FileNotFoundError):
        twins.mark_current(["plan"], docs_copy)
    with pytest.raises(KeyError):
        twins.mark_current(["nope"], docs_copy)
    twins.mark_current(["engine"], docs_copy)
    assert twins.twins(docs_copy)[[t.name for t in twins.twins(docs_copy)].index("engine")].state == "current"
