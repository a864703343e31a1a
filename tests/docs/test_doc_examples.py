"""Every command README.md and docs/ show is run, and prints what the page says it prints (issue 32).

After a deliberate change to what a command prints, ``python -m tests.docs.doc_examples --update`` rewrites the
pages' output blocks; the diff is what readers will see.
"""
from __future__ import annotations

import pytest

from tests.docs.doc_examples import examples, pages, run

ALL = [e for page in pages() for e in examples(page)]


def test_the_pages_show_examples():
    assert len([e for e in ALL if e.shown]) >= 4  # README's three and launch.md's
    assert any(e.page.name == "README.md" for e in ALL)


@pytest.mark.parametrize("example", ALL, ids=[e.where for e in ALL])
def test_the_example_prints_what_the_page_shows(example):
    done = run(example.command)
    assert not any("Traceback" in line for line in done.output), "\n".join(done.output)
    if example.shown:
        assert done.output == example.shown, (
            f"{example.where}: `{example.command}` prints something else now; if that is meant, run "
            "`python -m tests.docs.doc_examples --update` and review the diff\n" + "\n".join(done.output))
    else:  # shown as a command that works as it stands: checked (with or without findings), input readable
        assert done.exit_code in (0, 1), f"{example.where}: exit {done.exit_code}\n" + "\n".join(done.output)


def _block_after(page: str, marker: str, fence: str) -> str:
    text = page.split(marker, 1)[1]
    return text.split(f"```{fence}\n", 1)[1].split("\n```", 1)[0]


def test_the_plan_worked_example_prints_the_json_plan_md_shows():
    """docs/plan.md's worked example: its command, run, prints the JSON shown (findings left out, as it says)."""
    import json

    from tests.docs.doc_examples import ROOT

    page = (ROOT / "docs" / "plan.md").read_text(encoding="utf-8")
    command = _block_after(page, "## Worked example", "").replace("\\\n", " ")
    shown = json.loads(_block_after(page, "The JSON it prints", "json"))
    done = run(command)
    assert done.exit_code == 0, "\n".join(done.output)
    got = json.loads("\n".join(done.output))
    got.pop("findings")
    got["model"] = {k: got["model"][k] for k in shown["model"]}
    got["per_device"] = {k: got["per_device"][k] for k in shown["per_device"]}
    assert {k: got[k] for k in shown} == shown


def test_the_readme_python_example_gives_what_its_comment_says():
    import argmatrix.compiler as am
    from tests.docs.doc_examples import ROOT

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "compiled.findings, compiled.sources[\"tp_size\"], compiled.args.tp_size   # [], 'argv[2]', 2" in readme
    assert 'am.compile(["--model-path", "m", "--tp-size", "2"], am.CompileOptions(target="a3"))' in readme
    compiled = am.compile(["--model-path", "m", "--tp-size", "2"], am.CompileOptions(target="a3"))
    assert (compiled.findings, compiled.sources["tp_size"], compiled.args.tp_size) == ([], "argv[2]", 2)
