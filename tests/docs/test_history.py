"""Matrix snapshots and `matrix diff`: the stored v1 snapshot, renames, status changes, renderers."""
from __future__ import annotations

import json

import pytest

from argmatrix.matrix import history
from argmatrix.schema import snapshots


@pytest.fixture(scope="module")
def v1_to_current():
    return history.diff(history.load(snapshots.PREVIOUS), history.current_snapshot())


def test_stored_v1_snapshot_is_derived_from_seed_000(seed000):
    stored = (history.SNAPSHOT_DIR / f"{snapshots.PREVIOUS}.json").read_text(encoding="utf-8")
    assert stored == history.dumps_snapshot(history.snapshot_from_seed000(seed000)), (
        "snapshots/ascend-page-v1.json is stale: run python -m argmatrix.matrix.history tests/fixtures/seed000.json")
    data = json.loads(stored)
    assert data["name"] == snapshots.PREVIOUS and len(data["arguments"]) == len(seed000)


def test_current_and_stored_snapshots_have_the_same_shape():
    cur, old = history.current_snapshot(), history.load(snapshots.PREVIOUS)
    for snap in (cur, old):
        for a in snap["arguments"]:
            assert {"name", "flags", "group", "status", "default", "options"} <= set(a)
            assert set(snap["platforms"]) <= set(a["status"])
    assert cur["name"] == snapshots.CURRENT


def test_load_by_name_alias_and_path(tmp_path):
    assert history.load("current")["name"] == snapshots.CURRENT
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(history.current_snapshot()), encoding="utf-8")
    assert history.load(str(path))["arguments"] == history.current_snapshot()["arguments"]
    with pytest.raises(history.UnknownSnapshot, match="ascend-page-v1"):
        history.load("ascend-page-v0")


def test_identical_snapshots_have_no_changes():
    d = history.diff(history.current_snapshot(), history.current_snapshot())
    assert d["summary"]["arguments_changed"] == 0
    assert "No changes." in history.render_md(d, "en") and "没有变更。" in history.render_md(d, "zh")


def test_renames_come_from_the_schema(v1_to_current):
    pairs = {(r["old_flags"][0], r["flags"][0]) for r in v1_to_current["renamed"]}
    assert pairs == {("--stream-output", "--incremental-streaming-output"),
                     ("--speculative-ngram-branch-length", "--speculative-ngram-max-trie-depth"),
                     ("--enable-piecewise-cuda-graph", "--enforce-piecewise-cuda-graph")}
    added = {a["flags"][0] for a in v1_to_current["added"]}
    assert "--incremental-streaming-output" not in added and "--grpc-mode" in added


def test_removed_and_status_changes(v1_to_current):
    removed = {a["flags"][0]: a for a in v1_to_current["removed"]}
    assert "--enable-double-sparsity" in removed and "--disaggregation-decode-tp" in removed
    # the fix is the one check-config prints for SGLang 0.5.23, which has no NaN flag left to point at
    assert removed["--crash-on-nan"]["instead"]["en"].startswith("remove --crash-on-nan")
    changes = {(c["flag"], c["platform"]): (c["old"], c["new"]) for c in v1_to_current["status_changes"]}
    assert changes[("--revision", "a2")] == ("unsupported", "supported")
    assert changes[("--model-impl", "a2")] == ("unsupported", "supported")
    assert ("--model-impl", "a3") not in changes  # already √ on A3 in seed 000
    defaults = {c["flag"]: (c["old"], c["new"]) for c in v1_to_current["default_changes"]}
    assert defaults["--hicache-write-policy"] == ("write_through", "write_back")
    s = v1_to_current["summary"]
    assert s["status_changes"] == len(v1_to_current["status_changes"]) and s["arguments_changed"] > 100


def test_renderers(v1_to_current):
    en = history.render(v1_to_current, "md", "en")
    zh = history.render(v1_to_current, "md", "zh")
    assert en.startswith("# Support matrix changes: the Ascend feature page's 1st snapshot (ascend-page-v1) → the "
                         "Ascend feature page's 2nd snapshot (ascend-page-v2)")
    assert "## Status changes" in en and "## 支持状态变更" in zh
    assert "| `--revision` | A2 | ✗ unsupported | ✓ supported |" in en
    assert "| `--revision` | A2 | ✗ 不支持 | ✓ 支持 |" in zh
    assert json.loads(history.render(v1_to_current, "json")) == v1_to_current
    with pytest.raises(ValueError):
        history.render(v1_to_current, "html")


def test_generated_changes_page_is_the_diff(files, v1_to_current):
    assert files["en/matrix_changes.md"].endswith(history.render_md(v1_to_current, "en"))
    assert files["zh/matrix_changes.md"].endswith(history.render_md(v1_to_current, "zh"))


def test_diff_of_a_handmade_snapshot():
    old = {"name": "a", "platforms": ["a2", "a3"], "arguments": [
        {"name": "x", "flags": ["--x"], "group": "g", "status": {"a2": "supported", "a3": "planned"},
         "default": "1", "options": ["1", "2"]},
        {"name": "gone", "flags": ["--gone"], "group": "g", "status": {"a2": "supported", "a3": "supported"},
         "default": "None", "options": None}]}
    new = {"name": "b", "platforms": ["a2", "a3", "cuda"], "arguments": [
        {"name": "x", "flags": ["--x", "--ex"], "group": "h", "status": {"a2": "supported", "a3": "supported",
                                                                       "cuda": "supported"},
         "default": "2", "options": ["2", "3"]}]}
    d = history.diff(old, new)
    assert d["platforms"] == ["a2", "a3"]
    assert d["status_changes"] == [{"name": "x", "flag": "--x", "platform": "a3", "old": "planned", "new": "supported"}]
    assert d["options_changes"][0]["added"] == ["3"] and d["options_changes"][0]["removed"] == ["1"]
    assert d["flag_changes"][0]["new"] == ["--x", "--ex"] and d["moved"][0]["new"] == "h"
    assert [a["name"] for a in d["removed"]] == ["gone"]
    assert d["summary"]["arguments_changed"] == 2


def test_matrix_diff_command(v1_to_current):
    from typer.testing import CliRunner

    from argmatrix.cli.app import app

    runner = CliRunner()
    out = runner.invoke(app, ["matrix", "diff", snapshots.PREVIOUS, snapshots.CURRENT, "--format", "json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output) == v1_to_current
    md = runner.invoke(app, ["matrix", "diff", snapshots.PREVIOUS, "--lang", "zh"])
    assert md.exit_code == 0 and md.output == history.render_md(v1_to_current, "zh")
    bad = runner.invoke(app, ["matrix", "diff", "no-such-snapshot"])
    assert bad.exit_code != 0
