"""A new SGLang release goes through ``tools/add_release.py`` and shows up everywhere with no other edit.

The release is synthetic: 0.5.23's fixture and check-site inventory with one flag added, one default changed, one
check gone and one check added, handed to the tool as files (``--fixture``/``--inventory``: the download and the
reading are the only steps skipped).  The tool runs in a copy of the package, tools and fixtures, so nothing here
changes; the copy is then asked through the CLI.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # the release tool run on a copy of the tree, in a module fixture

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
NEW = "0.5.24"
TBO_SITE = ("arg_groups/validation_hook.py", 768)  # 'two batch overlap without an EP a2a backend': dropped in NEW


@pytest.fixture(scope="module")
def added(tmp_path_factory) -> tuple[Path, str]:
    copy = tmp_path_factory.mktemp("repo")
    shutil.copytree(ROOT / "argmatrix", copy / "argmatrix", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "tools", copy / "tools", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "generated", copy / "generated")
    (copy / "tests" / "fixtures").mkdir(parents=True)
    for path in [*FIXTURES.glob("sglang-*.json"), *FIXTURES.glob("sglang_check_sites-*.json")]:
        shutil.copyfile(path, copy / "tests" / "fixtures" / path.name)
    for name in ("pyproject.toml", "README.md"):
        shutil.copyfile(ROOT / name, copy / name)

    fixture = json.loads((FIXTURES / "sglang-0.5.23.json").read_text())
    fixture["sglang_version"] = NEW
    for e in fixture["flags"]:
        if e["dest"] == "hicache_storage_prefetch_policy":
            e["default"] = "best_effort"
    fixture["flags"].append({"action": "store_true", "choices": None, "default": False, "dest": "enable_synthetic_x",
                             "flags": ["--enable-synthetic-x"], "group": "runtime", "nargs": 0, "required": False,
                             "type": "bool"})
    inventory = json.loads((FIXTURES / "sglang_check_sites-0.5.23.json").read_text())
    inventory["release"] = NEW
    inventory["sites"] = [s for s in inventory["sites"] if (s["file"], s["line"]) != TBO_SITE]
    inventory["sites"].append({"file": "arg_groups/synthetic_hook.py", "line": 3, "end_line": 3, "block_line": 2,
                               "function": "handle", "kind": "raise", "condition": "cfg.enable_synthetic_x",
                               "test": None, "message": "ValueError('synthetic check of a new release')",
                               "reads": ["enable_synthetic_x"], "model_dependent": False})
    scratch = tmp_path_factory.mktemp("new")
    (scratch / "f.json").write_text(json.dumps(fixture))
    (scratch / "i.json").write_text(json.dumps(inventory))
    env = {**os.environ, "PYTHONPATH": str(copy)}
    done = subprocess.run([sys.executable, "tools/add_release.py", "sglang", NEW, "--fixture", str(scratch / "f.json"),
                           "--inventory", str(scratch / "i.json")], cwd=copy, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    return copy, done.stdout


def cli(copy: Path, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARGMATRIX_")} | {"PYTHONPATH": str(copy)}
    return subprocess.run([sys.executable, "-m", "argmatrix", *args], cwd=copy, capture_output=True, text=True,
                          env=env).stdout


def test_the_tool_says_what_needs_a_person(added):
    _, said = added
    assert f"added sglang {NEW}; what needs a person:" in said
    assert "new flag without a field (declare it with en/zh help under argmatrix/schema/groups/): " \
           "--enable-synthetic-x" in said
    assert "default changed: --hicache-storage-prefetch-policy 'timeout' -> 'best_effort'" in said
    assert f"tbo-needs-a2a-or-attention-dp: its check is not in SGLang {NEW}'s code" in said
    assert "new check no rule covers: arg_groups/synthetic_hook.py:3 raise" in said


def test_only_the_fixtures_and_the_files_the_tool_writes_changed(added):
    copy, _ = added
    changed = {str(p.relative_to(copy)) for p in copy.rglob("*") if p.is_file() and "__pycache__" not in p.parts
               and (not (ROOT / p.relative_to(copy)).exists()
                    or (ROOT / p.relative_to(copy)).read_bytes() != p.read_bytes())}
    written = {"argmatrix/schema/release_dates.py", "argmatrix/matrix/sglang_checks/rule_releases.py",
               "argmatrix/matrix/sglang_checks/rule_sites.json", f"tests/fixtures/sglang-{NEW}.json",
               f"tests/fixtures/sglang_check_sites-{NEW}.json"}
    assert written <= changed
    # besides generated/, the files docs generate writes inside the package (area_reads.py lists the held releases)
    assert {c for c in changed - written if not c.startswith("generated/")} <= {
        "argmatrix/schema/model.pyi", "argmatrix/matrix/sglang_checks/area_reads.py"}


def test_check_config_judges_by_the_new_release(added):
    copy, _ = added
    out = cli(copy, "check-config", "--target", "cuda", "--", "--model-path", "m", "--enable-two-batch-overlap")
    assert out.splitlines()[0].endswith(f"SGLang {NEW} (the newest held)")
    assert "tbo" not in out and "AM-E" not in out  # its check is gone in the new release's code
    old = cli(copy, "check-config", "--target", "cuda", "--sglang-version", "0.5.23", "--", "--model-path", "m",
              "--enable-two-batch-overlap")
    assert "✗ AM-E" in old


def test_matrix_diff_knows_the_new_release(added):
    copy, _ = added
    out = cli(copy, "matrix", "diff", "--engine", "sglang", "0.5.23", NEW)
    assert out.startswith(f"# SGLang 0.5.23 → {NEW}: what changed")
    assert "| `--hicache-storage-prefetch-policy` | `timeout` | `best_effort` |" in out
    assert "checks only the old release's code has (1): `tbo-needs-a2a-or-attention-dp`" in out


def test_explain_and_the_pages_know_the_new_release(added):
    copy, _ = added
    out = cli(copy, "explain", "--hicache-storage-prefetch-policy")
    assert f"0.5.12–0.5.23 timeout; {NEW} best_effort" in out
    assert "default: best_effort" in out
    pages = "".join(p.read_text() for p in (copy / "generated").rglob("*.md"))
    assert NEW in pages
