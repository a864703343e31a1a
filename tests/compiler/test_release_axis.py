"""The release a launch is judged by: its own defaults, where it came from, and what happens around it.

* A release's own parser defaults are where a launch under it starts (``Engine.release_defaults``, read from the
  release fixtures), shown by ``explain`` per release and recorded as the value's source.
* No option naming a release: the environment variable, else the release installed here (read from its
  distribution's metadata, never imported), else the newest held; the header and the JSON say which and why.
* A release newer than any held is judged by the newest held one, with AM-W606 naming both.
* An unknown option before ``--`` is a usage error naming it; it never becomes a server flag.
"""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from argmatrix.compiler import CompileOptions, compile
from argmatrix.matrix.engines import get, installed

SGLANG = get("sglang")


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    import os

    full = {k: v for k, v in os.environ.items() if not k.startswith("ARGMATRIX_")} | (env or {})
    return subprocess.run([sys.executable, "-m", "argmatrix", *args], capture_output=True, text=True, env=full)


def test_a_launch_starts_from_its_releases_own_defaults():
    old = compile(["--model-path", "m"], CompileOptions(target="cuda", releases={"sglang": "0.5.9"}, env={}))
    new = compile(["--model-path", "m"], CompileOptions(target="cuda", releases={"sglang": "0.5.23"}, env={}))
    assert (old.values["hicache_mem_layout"], old.sources["hicache_mem_layout"]) == ("layer_first", "release:0.5.9")
    assert (new.values["hicache_mem_layout"], new.sources["hicache_mem_layout"]) == ("page_first", "default")
    assert old.values["hicache_storage_prefetch_policy"] == "best_effort"
    assert new.values["hicache_storage_prefetch_policy"] == "timeout"
    # the platform's own default still wins over the release's (the Ascend table's page-major layout)
    a3 = compile(["--model-path", "m"], CompileOptions(target="a3", releases={"sglang": "0.5.9"}, env={}))
    assert a3.values["hicache_mem_layout"] == "page_first_direct"


def test_setting_a_releases_own_default_is_no_change_for_its_rules():
    from argmatrix.matrix.rules import RuleContext

    ctx = RuleContext({"hicache_mem_layout": "layer_first"}, {"hicache_mem_layout"},
                      defaults=SGLANG.release_defaults("0.5.9"))
    assert not ctx.changed("hicache_mem_layout")
    assert RuleContext({"hicache_mem_layout": "layer_first"}, {"hicache_mem_layout"}).changed("hicache_mem_layout")


def test_explain_shows_each_releases_default():
    out = run("explain", "--hicache-mem-layout").stdout
    assert "default: page_first" in out
    assert "default per release: 0.5.9–0.5.13 layer_first; 0.5.14–0.5.23 page_first" in out
    old = json.loads(run("explain", "--hicache-mem-layout", "--sglang-version", "0.5.9", "--format", "json").stdout)
    assert old["default"] == "layer_first" and old["platforms"]["cuda"]["default"] == "layer_first"
    zh = run("explain", "--hicache-mem-layout", "--lang", "zh").stdout
    assert "各版本默认值：0.5.9–0.5.13 layer_first；0.5.14–0.5.23 page_first" in zh


def test_a_fraction_to_a_flag_the_release_reads_as_a_whole_number():
    found = compile(["--model-path", "m", "--mm-per-request-timeout", "1.5"],
        CompileOptions(target="cuda", releases={"sglang": "0.5.9"}, env={})).findings
    assert [f.code for f in found if f.code == "AM-E119"] == ["AM-E119"]
    assert not [f for f in compile(["--model-path", "m", "--mm-per-request-timeout", "2"],
        CompileOptions(target="cuda", releases={"sglang": "0.5.9"}, env={})).findings if f.code == "AM-E119"]


def test_where_the_release_came_from(monkeypatch):
    plain = compile(["--model-path", "m"], CompileOptions(target="cuda", env={}))
    assert (plain.release, plain.release_from) == ("0.5.23", "newest")
    named = compile(["--model-path", "m"], CompileOptions(target="cuda", releases={"sglang": "0.5.12"}, env={}))
    assert (named.release, named.release_from) == ("0.5.12", "--sglang-version")
    from_env = compile(["--model-path", "m"], CompileOptions(target="cuda", env={"ARGMATRIX_SGLANG_VERSION": "0.5.20"}))
    assert (from_env.release, from_env.release_from) == ("0.5.20", "env:ARGMATRIX_SGLANG_VERSION")
    monkeypatch.setattr(installed, "installed_release", lambda dist: {"sglang": "0.5.17"}.get(dist))
    here = compile(["--model-path", "m"], CompileOptions(target="cuda", env={}))
    assert (here.release, here.release_from) == ("0.5.17", "installed:sglang")
    assert here.to_json()["release_from"] == "installed:sglang"
    # the option and the environment still say otherwise
    assert compile(["--model-path", "m"], CompileOptions(target="cuda", releases={"sglang": "0.5.12"}, env={})).release == "0.5.12"


def test_the_installed_release_is_read_from_metadata_without_importing_it():
    import importlib
    from importlib import metadata

    real = importlib.reload(installed).installed_release  # the conftest stands in for it everywhere else
    for distribution in ("pydantic", "PyYAML", "typing-extensions", "argmatrix"):
        assert real(distribution) == metadata.version(distribution), distribution
    assert real("surely-not-a-distribution-argmatrix") is None
    out = subprocess.run([sys.executable, "-c", "import sys; from argmatrix.matrix.engines.installed import "
                          "installed_release as r; r('typer'); print('typer' in sys.modules)"],
                         capture_output=True, text=True)
    assert out.stdout.strip() == "False"


def test_the_header_names_the_release_and_why():
    out = run("check-config", "--target", "cuda", "--", "--model-path", "m").stdout
    assert out.splitlines()[0].endswith("SGLang 0.5.23 (the newest held)")
    out = run("check-config", "--target", "cuda", "--sglang-version", "0.5.12", "--lang", "zh", "--", "--model-path",
              "m").stdout
    assert out.splitlines()[0].endswith("SGLang 0.5.12（来自 --sglang-version）")


def test_a_release_newer_than_any_held_is_judged_by_the_newest_with_a_warning():
    found = compile(["--model-path", "m"], CompileOptions(target="cuda", releases={"sglang": "0.5.30"}, env={}))
    assert found.release == "0.5.23"
    (w,) = [f for f in found.findings if f.code == "AM-W606"]
    assert "SGLang 0.5.30" in w.message.en and "SGLang 0.5.23" in w.message.en
    assert "tools/add_release.py sglang 0.5.30" in w.hint.en
    assert found.exit_code == 0
    older = compile(["--model-path", "m"], CompileOptions(target="cuda", releases={"sglang": "0.5.1"}, env={}))
    assert [f.code for f in older.findings if f.code == "AM-E602"] == ["AM-E602"]


@pytest.mark.parametrize("command", ["check-config", "export", "launch"])
def test_an_unknown_option_before_the_double_dash_is_a_usage_error(command):
    extra = ["--to", "sglang"] if command == "export" else ["--dry-run"] if command == "launch" else []
    out = run(command, *extra, "--target", "a3", "--vlm-version", "0.23.0", "--", "vllm", "serve", "/models/m")
    assert out.returncode == 2
    assert "--vlm-version" in out.stderr and "AM-E011" not in out.stdout + out.stderr
    zh = run(command, *extra, "--target", "a3", "--vlm-version", "0.23.0", "--", "vllm", "serve", "/models/m",
             env={"ARGMATRIX_LANG": "zh"})
    assert zh.returncode == 2 and "未知选项 --vlm-version" in zh.stderr


def test_matrix_diff_compares_two_held_releases_of_each_engine():
    sglang = run("matrix", "diff", "--engine", "sglang", "0.5.12", "0.5.23").stdout
    assert sglang.startswith("# SGLang 0.5.12 → 0.5.23: what changed")
    assert "| `--hicache-mem-layout` | `layer_first` | `page_first` |" in sglang
    assert "checks only the new release's code has" in sglang and "`tbo-needs-a2a-or-attention-dp`" in sglang
    data = json.loads(run("matrix", "diff", "--engine", "sglang", "0.5.12", "0.5.23", "--format", "json").stdout)
    assert {"name": "hybrid_kvcache_ratio", "flags": ["--hybrid-kvcache-ratio"],
            "successors": ["--swa-full-tokens-ratio"]} in data["removed"]
    ascend = json.loads(run("matrix", "diff", "--engine", "vllm-ascend", "0.18.0", "0.23.0.post1", "--format",
                            "json").stdout)
    assert ascend["pins"] == {"from": "0.18.0", "to": "0.23.0"}
    assert "dp_allreduce_on_npu" in ascend["config_keys"]["additional_config"]["added"]  # one 0.23.0.post1 reads
    assert ascend["quantization"]["fp8"]["added"] == ["a2", "a3", "a5"]
    zh = run("matrix", "diff", "--engine", "vllm-ascend", "0.18.0", "0.23.0.post1", "--lang", "zh").stdout
    assert zh.startswith("# vLLM-Ascend 0.18.0 → 0.23.0.post1：版本间的变化") and "配套的 vLLM 版本" in zh
    unheld = run("matrix", "diff", "--engine", "sglang", "0.5.1", "0.5.23")
    assert unheld.returncode == 2 and "0.5.1" in unheld.stderr
