"""A new vLLM release goes through ``tools/vllm_release.py add_release`` and needs nothing else but help text.

In a temporary copy of the package, a synthetic release 0.35.0 (0.34.0's fixture with one flag added and one
default changed, standing in for what ``tools/vllm_release.py`` reads from a wheel) is added with a ready fixture.
The tool writes the fixture, regenerates ``release_facts.py`` and prints what a person still writes: the new flag
with a declaration to paste (its help left to write) and the changed default.  Once the declaration is pasted with
its help, ``check-config``, ``explain`` and ``matrix diff`` know the release, with no other edit.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NEW = "0.35.0"


def _run(copy: Path, *argv: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(copy), "ARGMATRIX_LANG": "en"}
    env.pop("ARGMATRIX_VLLM_VERSION", None)
    return subprocess.run([sys.executable, *argv], cwd=copy, env=env, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def added(tmp_path_factory):
    copy = tmp_path_factory.mktemp("argmatrix-copy")
    shutil.copytree(ROOT / "argmatrix", copy / "argmatrix", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "tools", copy / "tools", ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "tests" / "fixtures").mkdir(parents=True)
    for fixture in (ROOT / "tests" / "fixtures").glob("vllm-[0-9]*.json"):
        shutil.copy(fixture, copy / "tests" / "fixtures")
    data = json.loads((ROOT / "tests" / "fixtures" / "vllm-0.34.0.json").read_text(encoding="utf-8"))
    data["vllm_version"] = NEW
    data.pop("changes", None)
    for entry in data["flags"]:
        if entry["dest"] == "stream_interval":
            entry["default"] = 4
    data["flags"].append({"dest": "synthetic_lookahead", "flags": ["--synthetic-lookahead"],
                          "group": "SchedulerConfig", "action": "store", "type": "int", "nargs": None,
                          "choices": None, "default": 7, "required": False, "help": "A synthetic flag."})
    data["flag_count"] = len(data["flags"])
    synthetic = tmp_path_factory.mktemp("wheel") / f"vllm-{NEW}.json"
    synthetic.write_text(json.dumps(data), encoding="utf-8")
    result = _run(copy, "tools/vllm_release.py", "add", NEW, "--fixture", str(synthetic))
    assert result.returncode == 0, result.stderr
    return copy, result.stdout


def test_add_release_writes_the_fixture_and_the_table_and_lists_what_a_person_writes(added):
    copy, said = added
    assert (copy / "tests" / "fixtures" / f"vllm-{NEW}.json").exists()
    assert f"'{NEW}'" in (copy / "argmatrix" / "schema" / "vllm" / "release_facts.py").read_text(encoding="utf-8")
    assert "new flag --synthetic-lookahead: no field yet; declare it in argmatrix/schema/vllm/groups/scheduler.py" in said
    assert "synthetic_lookahead: Annotated[int, Arg(" in said and "] = 7" in said
    assert f"default changed: --stream-interval 1 (0.34.0) -> 4 ({NEW})" in said
    # no package of the synthetic release to read check sites from: the tool says what to run
    assert f"check sites: no vLLM {NEW} package" in said and f"vllm_check_sites.py --release {NEW}" in said


def test_the_new_release_shows_up_once_its_new_flag_has_a_field_with_help(added):
    copy, said = added
    declaration = said[said.index("    synthetic_lookahead:"):].split("\n    )] = 7")[0] + "\n    )] = 7\n"
    declaration = declaration.replace("help=Text(en='...', zh='...')",
                                      "help=Text(en='A synthetic look-ahead.', zh='合成的前瞻参数。')")
    scheduler = copy / "argmatrix" / "schema" / "vllm" / "groups" / "scheduler.py"
    scheduler.write_text(scheduler.read_text(encoding="utf-8") + "\n" + declaration, encoding="utf-8")

    clean = _run(copy, "-m", "argmatrix", "check-config", "--engine", "vllm", "--vllm-version", NEW, "--target",
                 "cuda", "--format", "json", "--", "vllm", "serve", "m", "--synthetic-lookahead", "3")
    report = json.loads(clean.stdout)
    assert clean.returncode == 0 and report["releases"] == {"vllm": NEW}, clean.stdout
    resolved = _run(copy, "-c", "from argmatrix.compiler import CompileOptions, compile; print(compile(['vllm', 'serve', 'm'], "
                    f"CompileOptions(engine='vllm', release='{NEW}', target='cuda', env={{}})).values['stream_interval'])")
    assert resolved.stdout.strip() == "4", resolved.stderr  # the release's own default

    older = _run(copy, "-m", "argmatrix", "check-config", "--engine", "vllm", "--vllm-version", "0.34.0", "--target",
                 "cuda", "--format", "json", "--", "vllm", "serve", "m", "--synthetic-lookahead", "3")
    finding = next(f for f in json.loads(older.stdout)["findings"] if f["code"] == "AM-E110")
    assert older.returncode == 1 and f"arrived in vLLM {NEW}" in finding["message"]["en"], finding

    explained = _run(copy, "-m", "argmatrix", "explain", "--engine", "vllm", "--stream-interval", "--format", "json")
    rows = {r["release"]: r for r in json.loads(explained.stdout)["releases"]}
    assert rows[NEW]["default"] == 4 and rows["0.34.0"]["default"] == 1

    diff = _run(copy, "-m", "argmatrix", "matrix", "diff", "--engine", "vllm", "0.34.0", NEW, "--format", "json")
    changes = json.loads(diff.stdout)
    assert [a["name"] for a in changes["added"]] == ["synthetic_lookahead"]
    assert {"name": "stream_interval", "flag": "--stream-interval", "from": 1, "to": 4} in changes["defaults"]
