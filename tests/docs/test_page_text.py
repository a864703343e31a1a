"""Issue 32: a page prints what a rule's placeholder stands for, never the ``{placeholder}`` itself.

The rules' messages are templates the compiler fills from a launch; the pages have no launch and write each
placeholder in words (argmatrix/generate/page_text.py).  The writers refuse a file with a hole left in it and
``docs check`` reports one, so a new rule with a placeholder nobody described cannot reach generated/.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from argmatrix import generate
from argmatrix.generate.page_text import TemplateHoles, holes, holes_in, page_form
from argmatrix.matrix.engines import vllm_ascend_facts
from argmatrix.matrix.engines.sglang import all_rules

ROOT = Path(__file__).resolve().parents[2]


def _templates():
    for rule in all_rules():
        yield rule.id, rule.message, None
        yield rule.id, rule.hint, None
        for case in getattr(rule.extra, "cases", ()):
            for text in case:
                yield rule.id, text, None
    from argmatrix.matrix import engines

    vllm_args = engines.get("vllm").surface.specs
    for check in vllm_ascend_facts.STARTUP_CHECKS:
        yield "vllm-ascend", check.message, vllm_args
        yield "vllm-ascend", check.fix, vllm_args


def test_every_placeholder_of_every_rule_has_page_words():
    missing = []
    for rid, text, args in _templates():
        for lang in ("en", "zh"):
            try:
                shown = page_form(text(lang), lang, args)
            except KeyError as exc:
                missing.append(f"{rid}: {exc}")
                continue
            assert not holes(shown), (rid, shown)
    assert not missing, "\n".join(missing)


def test_page_form_says_arguments_as_metavariables_and_the_rest_in_words():
    assert page_form("--tp-size {tp_size} over {adp}", "en") == "--tp-size *TP_SIZE* over *the attention-DP size*"
    assert page_form("{why_zh}；{{literal}}", "zh") == "*检查出的原因*；{literal}"


def test_a_rule_that_quotes_one_of_several_reasons_lists_them_on_the_page():
    page = (ROOT / "generated" / "en" / "server_arguments.md").read_text(encoding="utf-8")
    line = next(ln for ln in page.splitlines() if "`architecture-parallel-limits`" in ln)
    following = page.split(line, 1)[1].splitlines()[1:4]
    assert all(f.startswith("  - ") for f in following), following
    assert any("Intern-S2-Mobius" in f and "fix: use --pp-size 1" in f for f in following), following


def test_generated_files_on_disk_have_no_holes():
    files = {p.relative_to(ROOT / "generated").as_posix(): p.read_text(encoding="utf-8")
             for p in (ROOT / "generated").rglob("*") if p.suffix in (".md", ".txt")}
    assert len(files) > 20
    assert holes_in(files) == []
    # the pages that had them (issue 32: 1,211 on server_arguments.md) still carry the rules' lines
    assert files["zh/server_arguments.md"].count("`AM-E") > 500


def test_holes_ignore_code_spans_fences_json_and_click_choices():
    assert holes("`{tp_size}` and ``{x}`` and {} and {\"a\": 1}\n```\n{inside}\n```\n") == []
    assert holes("a {why_en} b") == ["why_en"]
    assert holes_in({"cli/x.txt": "Usage: x {flag}\n  --rl-on-policy-target  {fsdp}  [default: none]\n"}) == []
    assert holes_in({"cli/x.txt": "  help text with {tp_size}\n"}) != []


def test_the_writers_refuse_a_planted_hole_and_docs_check_reports_it(tmp_path):
    files = {"en/x.md": "# X\n\n- `AM-E1` --tp-size {tp_size}: {why_en}\n"}
    with pytest.raises(TemplateHoles, match=r"\{tp_size\}"):
        generate.write_all(tmp_path, files=files)
    assert not (tmp_path / "en" / "x.md").exists()
    # a hole planted in a file on disk is reported even where the code would write something else
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "x.md").write_text("# X\n\n{why_zh}\n", encoding="utf-8")
    problems = generate.check(tmp_path, files={"en/x.md": "# X\n"})
    assert any("{why_zh}" in p and "on disk" in p for p in problems), problems
    # and one the code would write is reported by check too
    problems = generate.check(tmp_path, files=files)
    assert any("template placeholder" in p and "{tp_size}" in p for p in problems), problems


def test_docs_check_command_fails_on_a_planted_hole(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from argmatrix.cli import help_pages
    from argmatrix.cli.app import app

    planted = {"en/planted.md": "# P\n\n{needs_en}\n"}
    monkeypatch.setattr(help_pages, "all_files", lambda app: dict(planted))
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "planted.md").write_text(planted["en/planted.md"], encoding="utf-8")
    result = CliRunner().invoke(app, ["docs", "check", "--out", str(tmp_path)])
    assert result.exit_code == 1 and "{needs_en}" in result.output
    result = CliRunner().invoke(app, ["docs", "generate", "--out", str(tmp_path / "new")])
    assert result.exit_code == 1 and not (tmp_path / "new").exists()
