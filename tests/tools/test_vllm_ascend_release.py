"""vLLM-Ascend's releases: every held release's fixture, the table derived from them, the citations of the resets
and start-up checks, the per-release verdicts of check-config, and the add-release path.

The fixtures were read from each release's own source by ``tools/vllm_ascend_release.py`` (never in CI); here
nothing is downloaded: the table is regenerated from the fixtures and compared, and each engine answer is compared
with the fixture of the release it claims to speak for.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from argmatrix.compiler import CompileOptions, compile
from argmatrix.matrix.engines import vllm_ascend_facts as F
from argmatrix.matrix.engines.vllm import VLLM
from argmatrix.matrix.platforms import PLATFORMS

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import vllm_ascend_release as tool  # noqa: E402

FIXTURES = tool.held_fixtures()
RELEASES = list(F.RELEASES)
ROWS = [*F.RESETS, *F.NPU_DEFAULTS, *F.STARTUP_CHECKS]


def test_the_releases_held_are_the_fixtures_and_main_is_dated_with_its_commit():
    assert set(RELEASES) == set(FIXTURES) >= {"0.13.0", "0.18.0", "0.23.0.post1", "main"}
    assert RELEASES == sorted(RELEASES, key=tool.release_key) and F.NEWEST == "main"
    main = FIXTURES["main"]["source"]
    assert main["kind"] == "git" and main["commit"] == F.COMMIT and main["date"][:4] == "2026"
    for release in RELEASES:
        if release != "main":
            assert FIXTURES[release]["source"]["kind"] == "sdist", release


def test_the_derived_table_is_what_the_fixtures_give():
    assert tool.render_table(tool.build_table(FIXTURES)) == tool.TABLE.read_text(encoding="utf-8"), (
        "run: python tools/vllm_ascend_release.py --regenerate")


@pytest.mark.parametrize("release", RELEASES)
def test_every_additional_config_key_is_the_fixtures(release):
    """The keys the engine accepts for a release are exactly the ones its code reads (and the documented sub-keys
    of an object it hands on whole); type and default come from the fixture where the reader says them."""
    fixture = FIXTURES[release]["additional_config"]
    keys = {k.key: k for k in F.additional_keys(release)}
    read = {k for k, v in keys.items() if not v.removed_in and not v.since}
    documented = {k for k in read if k not in fixture}
    assert read - documented == set(fixture)
    for key in documented:  # only children of a key the release reads, described by vLLM-Ascend's docs
        assert key.rsplit(".", 1)[0] in fixture and ".md:" in keys[key].source, key
    for key, fact in fixture.items():
        got = keys[key]
        assert got.source == f"{fact['file']}:{fact['line']}@{release}"
        if fact["type"] in ("int", "float", "str", "list", "dict") and fact["converts"]:
            assert got.type == fact["type"], key
        if fact["default"] is not None:
            assert got.default == fact["default"], key
    for key, got in keys.items():
        if got.since:
            assert key not in fixture and key in FIXTURES[got.since]["additional_config"], key
            assert RELEASES.index(got.since) > RELEASES.index(release)
        if got.removed_in:
            assert key not in fixture, key


@pytest.mark.parametrize("release", RELEASES)
def test_every_quantization_method_is_the_fixtures(release):
    fixture = FIXTURES[release]["quantization"]
    engine = VLLM.on_ascend(release)
    spec = engine.surface.specs["quantization"]
    per_device = any("310p" in v["devices"] for v in fixture.values())  # else every chip imports the same
    for chip in ("a2", "a3", "310p", "a5"):
        device = "310p" if chip == "310p" and per_device else "npu"
        want = {m for m, v in fixture.items() if device in v["devices"]}
        assert set(engine.allowed(spec, PLATFORMS[chip])) == want, (release, chip)


@pytest.mark.parametrize("release", RELEASES)
def test_every_citation_resolves_in_every_release_of_its_range(release):
    """A row applies to a release exactly where its check resolves there, at the line the table shows."""
    fixture = FIXTURES[release]
    for row in ROWS:
        cites = tuple((c.file, c.function, c.text, c.nth) for c in row.cites)
        line = tool.resolve_any(cites, fixture)
        assert row.lines().get(release) == line, (row.kind, row.id)
        assert row.applies_to(release) == (line is not None)
        if line is not None:
            assert row.source_in(release) == f"{row.cite.file}:{line}@{release}"
            site = next(s for s in fixture["checks"] if s["line"] == line and s["file"] == row.cite.file
                        and any(s["text"] == c[2] for c in cites))
            assert site["function"] in {c[1] for c in cites}


def test_every_row_resolves_in_the_release_it_was_written_for():
    unresolved = [f"{r.kind}:{r.id}" for r in ROWS if not r.applies_to("main")]
    assert not unresolved, unresolved
    for row in ROWS:
        for cite in row.cites:
            assert tool.normalise(cite.text) == cite.text, f"write {row.kind}:{row.id}'s citation normalised"
    assert set(F.MOVED) <= {f"{r.kind}:{r.id}" for r in ROWS}


def test_a_row_applies_only_to_the_releases_whose_code_has_its_check():
    engine = VLLM.on_ascend("0.13.0")
    ids = {r.id for r in engine.rules()}
    old = {c.id for c in F.STARTUP_CHECKS if c.applies_to("0.13.0")}
    assert {c.id for c in F.STARTUP_CHECKS} - old, "some checks are newer than 0.13.0"
    assert old <= ids and not ({c.id for c in F.STARTUP_CHECKS} - old) & ids
    resets = {r.id for r in engine.resets()}
    assert resets == {r.id for r in F.RESETS if r.applies_to("0.13.0")}


@pytest.mark.parametrize("release", RELEASES)
def test_pins_and_features_come_from_the_release(release):
    assert F.pinned_vllm(release) == FIXTURES[release]["vllm"]["release"]
    page = {" ".join(f["title"].lower().split()): f["status"] for f in FIXTURES[release]["features"] or []}
    got = F.features(release)
    assert len(got) == len(F.FEATURE_TEXTS) == len(page), "every row of the page is described, and only those"
    for feature in got:
        text = next(t for t in F.FEATURE_TEXTS if t.key == feature.key)
        assert feature.status["a3"] == page[text.page_title.lower()]


def test_the_pins_are_the_ones_vllm_ascend_names():
    assert F.pinned_vllm("0.23.0.post1") == "0.23.0"
    assert F.pinned_vllm("0.18.0") == "0.18.0" and F.pinned_vllm("0.13.0") == "0.13.0"
    assert F.release_of("0.23.0") == "0.23.0.post1" and F.release_of("v0.18.0") == "0.18.0"


# ------------------------------------------------------------------------------------------------------------
# check-config, per release
# ------------------------------------------------------------------------------------------------------------
def _run(*argv: str, release: str | None = "0.23.0.post1", env: dict[str, str] | None = None):
    versions = {"vllm-ascend": release} if release else {}
    return compile(["vllm", "serve", "m", *argv], CompileOptions(target="a3", releases=versions, env=env or {},
                                                                 complete=True))


def _on(findings, text):
    return [f for f in findings if text in f.message.en]


def test_keys_0_23_0_post1_reads_have_no_finding():
    c = _run("--additional-config", json.dumps({"SLO_limits_for_dynamic_batch": 10,
                                                 "weight_prefetch_config": {"enabled": True}}))
    assert not _on(c.findings, "SLO_limits_for_dynamic_batch") and not _on(c.findings, "weight_prefetch_config")
    assert c.plugin_release == "0.23.0.post1"
    # main no longer reads them
    c = _run("--additional-config", json.dumps({"SLO_limits_for_dynamic_batch": 10}), release="main")
    assert [f.code for f in _on(c.findings, "SLO_limits_for_dynamic_batch")] == ["AM-W972"]


def test_a_key_only_main_reads_is_named_as_not_read_by_0_23_0_post1():
    config = json.dumps({"scheduler_config": {"enable_balance_scheduling": True}})
    c = _run("--additional-config", config)
    [finding] = _on(c.findings, "scheduler_config")
    assert finding.code == "AM-W970" and "0.23.0.post1" in finding.message.en and "main" in finding.message.en
    c = _run("--additional-config", config, release="main")
    assert not _on(c.findings, "scheduler_config")


def test_mxfp8_is_refused_on_a3_for_0_23_0_post1_and_taken_under_main():
    assert [f.code for f in _run("--quantization", "mxfp8").errors] == ["AM-E105"]
    assert not _run("--quantization", "mxfp8", release="main").errors


@pytest.mark.parametrize("key", ["weight_prefetch_config", "layer_sharding", "multistream_overlap_gate",
                                 "enable_async_exponential", "dp_allreduce_on_npu", "hamming_sparse",
                                 "enable_sleep_mode_extra_cleanup"])
def test_the_seven_keys_called_removed_are_read_by_0_23_0_post1(key):
    value = {"enabled": True} if key in ("weight_prefetch_config", "hamming_sparse") else (
        ["o_proj"] if key == "layer_sharding" else True)
    c = _run("--additional-config", json.dumps({key: value}))
    assert not [f for f in c.findings if key in f.message.en], [f.message.en for f in c.findings]
    c = _run("--additional-config", json.dumps({key: value}), release="main")
    assert [f for f in c.findings if key in f.message.en]


def test_every_key_only_main_reads_warns_under_0_23_0_post1():
    only_main = [k for k in FIXTURES["main"]["additional_config"] if k not in
                 FIXTURES["0.23.0.post1"]["additional_config"] and "." not in k]
    assert only_main
    for key in only_main:
        c = _run("--additional-config", json.dumps({key: True}))
        assert [f.code for f in _on(c.findings, f"'{key}")] == ["AM-W970"], key


def test_the_release_picks_the_vllm_it_pins_unless_vllm_version_says_otherwise():
    pin = F.pinned_vllm("0.23.0.post1")
    c = _run()
    if pin in VLLM.releases.held:
        assert c.release == pin and not [f for f in c.findings if f.code == "AM-W963"]
    else:  # the vLLM release it pins is not held: judged by the default, and said so
        assert [f.code for f in c.findings if f.code.startswith("AM-W96")] == ["AM-W963"]
    other = next(r for r in VLLM.releases.held if r != pin)
    c = compile(["vllm", "serve", "m"], CompileOptions(target="a3",
                                                       releases={"vllm-ascend": "0.23.0.post1", "vllm": other},
                                                       env={}, complete=True))
    assert c.release == other and [f.code for f in c.findings if f.code == "AM-W962"] == ["AM-W962"]
    c = _run(release=None, env={"ARGMATRIX_VLLM_ASCEND_VERSION": "0.18.0", "ARGMATRIX_VLLM_VERSION": other})
    assert c.plugin_release == "0.18.0" and c.release == other


def test_an_unknown_release_is_a_usage_error_naming_those_held():
    c = _run(release="0.9.1")
    assert c.exit_code == 2 and [f.code for f in c.errors] == ["AM-E605"]
    assert "0.23.0.post1" in c.errors[0].message.en


def _cli(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "ARGMATRIX_LANG": "en"}
    env.pop("ARGMATRIX_VLLM_ASCEND_VERSION", None)
    return subprocess.run([sys.executable, "-m", "argmatrix", *argv], capture_output=True, text=True, env=env,
                          cwd=ROOT, check=False)


def test_the_option_reaches_check_config_and_an_unknown_option_is_a_usage_error():
    done = _cli("check-config", "--target", "a3", "--vllm-ascend-version", "0.23.0.post1", "--format", "json",
                "--", "vllm", "serve", "m", "--quantization", "mxfp8")
    data = json.loads(done.stdout)
    assert data["engine"] == "vllm" and data["vllm_ascend_version"] == "0.23.0.post1"
    assert "AM-E105" in [f["code"] for f in data["findings"]]
    done = _cli("check-config", "--vllm-ascend-versio", "0.23.0", "--target", "a3", "--", "vllm", "serve", "m")
    assert done.returncode == 2 and "--vllm-ascend-versio" in done.stderr
    assert "AM-E011" not in done.stdout + done.stderr and "SGLang" not in done.stdout + done.stderr
    for command in (["launch", "--dry-run"], ["export", "--to", "vllm"]):
        done = _cli(*command, "--vllm-ascend-versoin", "main", "--", "vllm", "serve", "m")
        assert done.returncode == 2 and "--vllm-ascend-versoin" in done.stderr, command
    assert _cli("check-config", "--help", "--", "vllm", "serve", "m").returncode == 0


# ------------------------------------------------------------------------------------------------------------
# adding a release
# ------------------------------------------------------------------------------------------------------------
def test_add_release_writes_the_fixture_and_table_and_lists_what_needs_a_person(tmp_path):
    """A synthetic release (0.23.0.post1's fixture with one new key and one cited check rewritten) goes through
    add_release into a copy of the fixtures: it is held, and the lines name the key and the citation."""
    fixtures = tmp_path / "fixtures"
    fixtures.mkdir()
    for release in RELEASES:
        (fixtures / f"vllm-ascend-{release}.json").write_text(json.dumps(FIXTURES[release]), encoding="utf-8")
    new = json.loads(json.dumps(FIXTURES["0.23.0.post1"]))
    new["release"] = "0.23.1"
    new["additional_config"]["brand_new_switch"] = {"type": "bool", "converts": False, "default": False,
                                                    "default_expr": None, "file": "vllm_ascend/ascend_config.py",
                                                    "function": "AscendConfig.__init__", "line": 1}
    cited = next(r for r in ROWS if len(r.cites) == 1 and tool.resolve(
        (r.cite.file, r.cite.function, r.cite.text, r.cite.nth), FIXTURES["0.23.0.post1"]) is not None)
    site = next(s for s in new["checks"] if s["file"] == cited.cite.file and s["function"] == cited.cite.function
                and s["text"] == cited.cite.text)
    site["text"] += " and brand_new_condition"
    ready = tmp_path / "vllm-ascend-0.23.1.json"
    ready.write_text(json.dumps(new), encoding="utf-8")
    table = tmp_path / "table.py"
    script = (f"import sys; sys.path.insert(0, {str(ROOT / 'tools')!r}); import vllm_ascend_release as t\n"
              f"from pathlib import Path\nt.FIXTURES = Path({str(fixtures)!r}); t.TABLE = Path({str(table)!r})\n"
              f"print('\\n'.join(t.add_release('0.23.1', Path({str(ready)!r}))))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    lines = done.stdout.splitlines()
    assert (fixtures / "vllm-ascend-0.23.1.json").exists()
    assert "RELEASES: tuple[str, ...] = ('0.13.0', '0.18.0', '0.23.0.post1', '0.23.1', 'main')" in table.read_text(
        encoding="utf-8")
    assert any("brand_new_switch" in line and "help text" in line for line in lines), lines
    assert any(f"{cited.kind}:{cited.id}" in line and "no longer resolves" in line for line in lines), lines
    assert tool.TABLE.read_text(encoding="utf-8") == tool.render_table(tool.build_table(FIXTURES))


def test_explain_and_matrix_show_the_release_picked():
    def a3_options(*extra: str) -> list[str]:
        done = _cli("explain", "--engine", "vllm", "--quantization", "--format", "json", *extra)
        return json.loads(done.stdout)["platforms"]["a3"]["options"]

    assert "mxfp8" not in a3_options("--vllm-ascend-version", "0.23.0.post1")
    assert "mxfp8" in a3_options("--vllm-ascend-version", "main") and "mxfp8" in a3_options()
    done = _cli("matrix", "--engine", "vllm", "--platform", "a3", "--format", "json", "--vllm-ascend-version", "0.13.0")
    row = next(r for r in json.loads(done.stdout) if r["name"] == "quantization")
    assert row["platforms"]["a3"]["options"] == ["ascend", "compressed-tensors"]
    done = _cli("explain", "--engine", "vllm", "--quantization", "--vllm-ascend-version", "0.9.1")
    assert done.returncode == 2 and "0.23.0.post1" in done.stderr


def test_a_release_added_shows_up_in_check_config_and_explain_with_no_other_edit(tmp_path):
    """In a copy of the package: add a synthetic release from a ready fixture, then ask the CLI about it."""
    copy = tmp_path / "repo"
    shutil.copytree(ROOT / "argmatrix", copy / "argmatrix", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "tools", copy / "tools", ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "tests" / "fixtures").mkdir(parents=True)
    for release in RELEASES:
        shutil.copy(tool.fixture_path(release), copy / "tests" / "fixtures")
    new = json.loads(json.dumps(FIXTURES["0.23.0.post1"]))
    new["release"] = "0.23.1"
    new["additional_config"]["brand_new_switch"] = {
        "type": "bool", "converts": False, "default": False, "default_expr": None,
        "file": "vllm_ascend/ascend_config.py", "function": "AscendConfig.__init__", "line": 1}
    ready = tmp_path / "ready.json"
    ready.write_text(json.dumps(new), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(copy), "ARGMATRIX_LANG": "en"}
    env.pop("ARGMATRIX_VLLM_ASCEND_VERSION", None)
    script = (f"import sys; sys.path.insert(0, {str(copy / 'tools')!r}); import vllm_ascend_release as t\n"
              f"from pathlib import Path\nprint('\\n'.join(t.add_release('0.23.1', Path({str(ready)!r}))))\n")
    subprocess.run([sys.executable, "-c", script], check=True, cwd=copy, env=env, capture_output=True)

    def cli(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "argmatrix", *argv], capture_output=True, text=True, cwd=copy,
                              env=env, check=False)

    config = json.dumps({"brand_new_switch": True, "weight_prefetch_config": {"enabled": True}})
    done = cli("check-config", "--target", "a3", "--vllm-ascend-version", "0.23.1", "--format", "json", "--",
               "vllm", "serve", "m", "--additional-config", config)
    data = json.loads(done.stdout)
    assert data["vllm_ascend_version"] == "0.23.1"
    assert not [f for f in data["findings"] if "brand_new_switch" in f["message"]["en"]
                or "weight_prefetch_config" in f["message"]["en"]]
    done = cli("check-config", "--target", "a3", "--format", "json", "--", "vllm", "serve", "m",
               "--additional-config", config)  # main does not read it
    assert [f["code"] for f in json.loads(done.stdout)["findings"] if "brand_new_switch" in f["message"]["en"]]
    done = cli("explain", "--engine", "vllm", "--additional-config", "--vllm-ascend-version", "0.23.1",
               "--format", "json")
    assert "brand_new_switch" in {k["key"] for k in json.loads(done.stdout)["keys"]}


def test_the_option_on_another_engines_launch_says_it_has_no_effect():
    c = compile(["--model-path", "m"], CompileOptions(target="a3", releases={"vllm-ascend": "0.18.0"}, env={}))
    assert [f.code for f in c.findings if f.code == "AM-N964"] == ["AM-N964"] and c.plugin_release is None
    c = compile(["--model-path", "m"], CompileOptions(target="a3", env={"ARGMATRIX_VLLM_ASCEND_VERSION": "0.18.0"}))
    assert not [f for f in c.findings if f.code == "AM-N964"]
