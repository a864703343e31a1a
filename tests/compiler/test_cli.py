"""The argmatrix command line: check-config, matrix, explain, detect."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from argmatrix.cli.app import app
from argmatrix.matrix.platforms import PLATFORMS
from argmatrix.matrix.platforms.ascend_labels import Label as Support
from argmatrix.matrix.platforms.ascend_table import ASCEND_TABLE
from argmatrix.schema import SPECS

DEEPSEEK = ["--model-path", "/models/DeepSeek-R1", "--device", "npu", "--attention-backend", "ascend",
            "--quantization", "modelslim", "--tp", "16", "--enable-dp-attention", "--moe-a2a-backend", "deepep",
            "--trust-remote-code"]


@pytest.fixture
def cli(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("LANG", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    runner = CliRunner()

    def invoke(*args):
        return runner.invoke(app, list(args), catch_exceptions=False)
    return invoke


def _argmatrix(*args):
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARGMATRIX_")}
    env.update(COLUMNS="200", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    # the interpreter running the tests, not whatever `argmatrix` is first on PATH (or none at all)
    return subprocess.run([sys.executable, "-m", "argmatrix", *args], capture_output=True, text=True, timeout=60,
                          env=env)


# --- check-config exit codes ------------------------------------------------------------------------------------

@pytest.mark.parametrize("target, argv, exit_code", [
    ("a3", DEEPSEEK, 0),
    ("cuda", DEEPSEEK, 1),
    ("a3", ["--pp-size", "4"], 0),               # a warning alone keeps exit 0
    ("a3", ["--tp-szie", "2"], 2),
    ("310p", ["--tp", "2"], 0),                   # unverified is a warning
    ("rocm", ["--tp", "2"], 2),
])
def test_check_config_exit_codes(cli, target, argv, exit_code):
    assert cli("check-config", "--target", target, "--", *argv, "--model-path", "m").exit_code == exit_code


def test_check_config_switches(cli):
    m = ("--model-path", "m")
    assert cli("check-config", "--target", "a3", "--strict", "--", "--pp-size", "4", *m).exit_code == 1
    assert cli("check-config", "--target", "cpu", "--allow-unsupported", "--", "--enable-lora", *m).exit_code == 1
    assert cli("check-config", "--target", "cpu", "--engine", "argmatrix", "--", "--enable-lora", "--max-lora-rank", "8", "--lora-target-modules", "all", *m).exit_code == 1
    assert cli("check-config", "--target", "cpu", "--", "--enable-lora", "--max-lora-rank", "8", "--lora-target-modules", "all", *m).exit_code == 0


def test_check_config_with_a_config_file(cli, tmp_path):
    cfg = tmp_path / "deploy.yaml"
    cfg.write_text("tp_size: 2\ntp_szie: 4\nmodel-path: m\n")
    r = cli("check-config", "--target", "a3", "--config", str(cfg), "--format", "json")
    data = json.loads(r.stdout)
    assert r.exit_code == 2
    assert [f["code"] for f in data["findings"]] == ["AM-E001", "AM-N700"]  # the note: model checks skipped
    assert data["findings"][0]["source"] == f"file:{cfg}:2"
    r = cli("check-config", "--target", "a3", f"--config={cfg}", "--format", "json")
    assert r.exit_code == 2


def test_check_config_end_to_end_exit_codes():
    """The installed console script, as CI runs it."""
    ok = _argmatrix("check-config", "--target", "a3", "--", *DEEPSEEK)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    bad = _argmatrix("check-config", "--target", "cpu", "--format", "json", "--", *DEEPSEEK)
    assert bad.returncode == 1
    assert json.loads(bad.stdout)["counts"]["error"] == 4
    typo = _argmatrix("check-config", "--target", "a3", "--", "--tp-szie", "2")
    assert typo.returncode == 2
    out = typo.stdout + typo.stderr
    assert "did you mean --tp-size?" in out and "Usage:" not in out


# --- check-config output ----------------------------------------------------------------------------------------

FINDING_KEYS = {"code", "severity", "kind", "field", "flag", "value", "source", "platform", "message", "hint"}


def test_check_config_json_shape(cli):
    r = cli("check-config", "--target", "cpu", "--format", "json", "--sglang-version", "0.5.19", "--", *DEEPSEEK,
            "--pp-size", "4", "--stream-output")
    data = json.loads(r.stdout)
    assert r.exit_code == 1
    assert {"platform", "sglang_version", "ok", "exit_code", "counts", "findings"} <= set(data)
    assert data["sglang_version"] == "0.5.19"
    assert (data["platform"], data["ok"], data["exit_code"]) == ("cpu", False, 1)
    assert data["counts"] == {"error": 4, "warning": 1, "note": 1}  # the note: model checks skipped (not local)
    for f in data["findings"]:
        assert set(f) == FINDING_KEYS
        assert set(f["message"]) == {"en", "zh"} and f["message"]["zh"]
        assert f["hint"] is None or set(f["hint"]) == {"en", "zh"}
    a2a = next(f for f in data["findings"] if f["field"] == "moe_a2a_backend")
    assert a2a == {**a2a, "code": "AM-E105", "severity": "error", "kind": "support", "flag": "--moe-a2a-backend",
                   "value": "deepep", "source": "argv[11]", "platform": "cpu"}
    assert [f["severity"] for f in data["findings"]] == sorted(
        (f["severity"] for f in data["findings"]), key=["error", "warning", "note"].index)
    assert data["args"]["tp_size"] == {"value": 16, "source": "argv[8]"}


def test_check_config_text_lists_code_source_and_fix(cli):
    r = cli("check-config", "--target", "cpu", "--lang", "en", "--", "--enable-two-batch-overlap", "--model-path", "m")
    assert "AM-E102" in r.stdout and "argv[0]" in r.stdout and "fix:" in r.stdout
    assert "collectives" in r.stdout
    clean = cli("check-config", "--target", "a3", "--lang", "en", "--sglang-version", "0.5.9", "--", "--tp", "2",
                "--model-path", "m")
    assert clean.stdout.count("AM-") == 1 and "AM-N700" in clean.stdout  # the only finding: model checks skipped
    deepseek = cli("check-config", "--target", "a3", "--lang", "en", "--sglang-version", "0.5.9", "--", *DEEPSEEK)
    assert deepseek.stdout.count("AM-") == 1 and "AM-N700" in deepseek.stdout  # not local: model checks skipped


def test_check_config_in_chinese(cli):
    r = cli("check-config", "--target", "cpu", "--lang", "zh", "--", "--enable-two-batch-overlap", "--model-path", "m")
    assert r.exit_code == 1
    assert "错误" in r.stdout and "来源" in r.stdout and "修复" in r.stdout
    assert "集合通信" in r.stdout
    assert "error" not in r.stdout


def test_language_from_the_environment(cli, monkeypatch):
    monkeypatch.setenv("ARGMATRIX_LANG", "zh")
    r = cli("check-config", "--target", "a3", "--", "--tp", "2", "--model-path", "m")
    assert r.exit_code == 0 and "AM-N700" in r.stdout and "来源" in r.stdout and "from argv" not in r.stdout


def test_typo_prints_one_did_you_mean_and_no_usage(cli):
    r = cli("check-config", "--target", "a3", "--", "--tp-szie", "2")
    assert r.exit_code == 2
    assert r.output.count("did you mean") == 1
    assert "did you mean --tp-size?" in r.output
    assert "Usage:" not in r.output
    # without the "--" separator the server flags still pass through
    r = cli("check-config", "--target", "a3", "--tp-szie", "2")
    assert r.exit_code == 2 and "did you mean --tp-size?" in r.output and "Usage:" not in r.output


def test_check_config_on_detected_hardware_without_a_column(cli, monkeypatch):
    from argmatrix.matrix.platforms import detect as detect_mod

    monkeypatch.setattr(detect_mod, "PROBES", (
        lambda: detect_mod.Detection("cpu", "torch reports a ROCm GPU, which has no column; checking as cpu",
                                     "AMD Instinct MI300X", unsupported="rocm"),))
    r = cli("check-config", "--lang", "en", "--", "--tp", "2")
    assert "rocm" in r.stdout and "no column" in r.stdout and r.exit_code == 2


# --- matrix -----------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def matrix_json():
    r = CliRunner().invoke(app, ["matrix", "--format", "json"], catch_exceptions=False)
    assert r.exit_code == 0
    return json.loads(r.stdout)


def test_matrix_json_has_one_object_per_argument(matrix_json):
    assert isinstance(matrix_json, list)
    assert [r["name"] for r in matrix_json] == list(SPECS)
    for row in matrix_json:
        assert {"name", "flags", "group", "default", "choices", "release", "platforms", "rules"} <= set(row)
        assert list(row["platforms"]) == ["a2", "a3", "310p", "a5", "cuda", "cpu"]
        for entry in row["platforms"].values():
            assert {"status", "reason", "default", "engine_default", "options", "notes"} <= set(entry)
            assert entry["status"] in {"supported", "experimental", "planned", "unsupported", "deficient",
                                       "unverified"}


def test_matrix_json_values(matrix_json):
    rows = {r["name"]: r for r in matrix_json}
    tp = rows["tp_size"]
    assert tp["flags"] == list(SPECS["tp_size"].flags) and tp["default"] == 1 and tp["choices"] is None
    assert "npu-attn-cp-table-says-equal" in tp["rules"] and "tp-divisible-by-attention-cp" in tp["rules"]
    page = rows["page_size"]
    assert page["default"] is None
    assert {p: e["default"] for p, e in page["platforms"].items()} == {"a2": 128, "a3": 128, "310p": 128, "a5": 128,
                                                                         "cuda": 1, "cpu": 1}
    chunk = rows["chunked_prefill_size"]["platforms"]
    assert chunk["cpu"]["default"] is None and chunk["cpu"]["engine_default"] == 2048  # what the engine really uses
    attn = rows["attention_backend"]["platforms"]
    assert attn["a3"]["options"] == ["ascend"] and "ascend" not in attn["cuda"]["options"]
    tbo = rows["enable_two_batch_overlap"]["platforms"]["cpu"]
    assert tbo["status"] == "unsupported" and "collectives" in tbo["reason"]["en"]
    assert rows["enable_dp_attention"]["platforms"]["cpu"]["status"] == "supported"  # SGLang's Xeon CI runs it
    assert rows["stream_output"]["release"]["state"] == "refused"  # SGLang 0.5.23, the default release
    assert rows["stream_output"]["release"]["moves_to"] == "incremental_streaming_output"
    removed = rows["prefill_round_robin_balance"]["release"]
    assert removed["state"] == "refused" and "follow_bootstrap_room" in removed["fix"]["en"]
    hw = rows["hicache_write_policy"]
    assert hw["default"] == "write_through" and hw["platforms"]["a3"]["default"] == "write_back"


def test_matrix_filters(cli):
    r = cli("matrix", "--platform", "a3", "--status", "planned", "--format", "json")
    rows = json.loads(r.stdout)
    # the table's Planned rows, and the newer spellings that replaced them (they inherit the row)
    planned = [s.name for s in SPECS.values() if PLATFORMS["a3"].cell(s).status.value == "planned"]
    assert set(planned) >= {n for n in ASCEND_TABLE if ASCEND_TABLE[n].label is Support.PLANNED}
    assert [row["name"] for row in rows] == planned and planned
    assert all(row["platforms"]["a3"]["status"] == "planned" for row in rows)
    lora = json.loads(cli("matrix", "--group", "lora", "--format", "json").stdout)
    assert lora and {row["group"] for row in lora} == {"lora"}
    assert cli("matrix", "--platform", "rocm").exit_code == 2


def test_matrix_table_and_markdown(cli):
    table = cli("matrix", "--platform", "cpu", "--status", "unsupported")
    assert table.exit_code == 0 and "--enable-dp-attention" in table.stdout
    md = cli("matrix", "--format", "md", "--group", "lora")
    assert md.stdout.startswith("| flag | group | A2 | A3 | 310P | A5 | CUDA | CPU |")
    zh = cli("matrix", "--format", "md", "--group", "lora", "--lang", "zh")
    assert "✓ 支持" in zh.stdout and "supported" not in zh.stdout and "unimplemented" not in zh.stdout
    # a status word in either language, or a refusal that lists them: never a silent empty table
    assert cli("matrix", "--status", "规划中", "--platform", "a3").stdout == cli("matrix", "--status", "planned",
                                                                                  "--platform", "a3").stdout
    bad = cli("matrix", "--status", "plan")
    assert bad.exit_code == 2 and "planned (规划中)" in bad.output
    assert cli("matrix", "--group", "nope").exit_code == 2


# --- explain and detect -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("spelling", ["--tp-size", "--tensor-parallel-size", "tp_size"])
def test_explain_shows_every_platform(cli, spelling):
    """``argmatrix explain --tp-size``: the flag is the argument, not an option of explain."""
    r = cli("explain", spelling)
    assert r.exit_code == 0, r.output
    assert "--tp-size" in r.stdout
    for platform in PLATFORMS:
        assert f"  {PLATFORMS[platform].short.en} " in r.stdout


def test_explain_json_and_typo(cli):
    data = json.loads(cli("explain", "tp_size", "--format", "json").stdout)
    assert data["name"] == "tp_size" and set(data["platforms"]) == set(PLATFORMS)
    r = cli("explain", "tp_szie")
    assert r.exit_code == 2 and "did you mean" in r.output and "Usage:" not in r.output


def test_detect_on_this_machine(cli):
    from argmatrix.matrix.platforms.detect import detect

    expected = detect().platform
    r = cli("detect")
    assert r.exit_code == 0
    assert f"platform: {expected}" in r.stdout and "how: " in r.stdout
    data = json.loads(cli("detect", "--format", "json").stdout)
    assert data["platform"] == expected and data["platform"] in PLATFORMS
    assert set(data) == {"platform", "how", "how_zh", "device_name", "unsupported", "device_count", "memory_bytes",
                         "gpu_arch"}


def test_fast_path_knows_exactly_the_typer_options():
    import typer.main

    from argmatrix.cli.app import app
    from argmatrix.cli.check_config import OPTIONS

    command = typer.main.get_command(app).commands["check-config"]
    # help options (--help, --help-all) are left to typer: the fast path hands any option it does not know over
    typer_options = {opt for p in command.params for opt in p.opts} - {"--help", "-h", "--help-all"}
    assert typer_options == set(OPTIONS)


@pytest.mark.parametrize("argv", [
    ["--target", "a3", "--", "--model-path", "m", "--pp-size", "2"],
    ["--target=cuda", "--format", "json", "--", "--device", "npu", "--tp", "2"],
    ["--target", "a2", "--lang", "zh", "--strict", "--", "--enable-dynamic-chunking"],
    ["--target", "cpu", "--engine", "argmatrix", "--allow-unsupported", "--", "--enable-lora", "--enable-dp-attention"],
    ["--target", "a3"],
    ["--target", "a3", "--config", "CONFIG"],               # a config file without a trailing "--"
])
def test_fast_path_prints_what_typer_prints(argv, capsys, tmp_path):
    from typer.testing import CliRunner

    from argmatrix.cli.app import app
    from argmatrix.cli.check_config import fast_path

    config = tmp_path / "launch.yaml"
    config.write_text("model-path: m\ntp-size: 2\ncuda-graph-bs-decode: [8, 16]\n")
    argv = [str(config) if a == "CONFIG" else a for a in argv]
    code = fast_path(argv)
    assert code is not None
    fast_out = capsys.readouterr().out
    result = CliRunner().invoke(app, ["check-config", *argv])
    assert code == result.exit_code
    assert fast_out == result.output


@pytest.mark.parametrize("argv", [["--help"], ["--target", "a3", "--tp-size", "2"], ["--format", "xml", "--"],
                                  ["--bogus", "--"], ["--target"]])
def test_fast_path_leaves_everything_else_to_typer(argv):
    from argmatrix.cli.check_config import fast_path

    assert fast_path(argv) is None


def test_package_level_compile_is_lazy():
    import subprocess
    import sys

    code = ("import sys, argmatrix; assert 'argmatrix.compiler' not in sys.modules;"
            "c = argmatrix.compile(['--tp', '2'], argmatrix.CompileOptions(target='cpu', env={})); print(c.values['tp_size'], c.platform)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["2", "cpu"]


def test_matrix_shows_the_engine_column():
    from typer.testing import CliRunner

    from argmatrix.cli.app import app

    out = CliRunner().invoke(app, ["matrix", "--group", "scheduling", "--format", "md"]).output
    assert out.splitlines()[0].endswith("| engine |")
    assert ("| `--schedule-policy` | Memory and scheduling | ✓ supported | ✓ supported | ? unverified | ? unverified "
            "| ✓ supported | ✓ supported | wired |") in out


@pytest.mark.parametrize("argv", [["serve", "--target", "cpu", "--model-path", "m"], ["demo-model", "out"]])
def test_runtime_commands_without_the_serve_extra_say_how_to_install_it(argv, monkeypatch):
    import importlib.util

    from typer.testing import CliRunner

    from argmatrix.cli.app import app

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a, **k: None if name == "torch" else real(name, *a, **k))
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 2
    assert "needs torch" in result.output and "pip install torch==2.13.0" in result.output
    assert "Traceback" not in result.output


# --- issue 21: what check-config reports is the same in text and JSON, and never a target it did not use ----------

def test_hub_model_note_in_text_and_json(cli):
    text = cli("check-config", "--target", "a3", "--", "--model-path", "org/model")
    data = json.loads(cli("check-config", "--target", "a3", "--format", "json", "--", "--model-path", "org/model").stdout)
    assert "AM-N700" in text.stdout and [f["code"] for f in data["findings"]] == ["AM-N700"]
    assert text.exit_code == 0 and data["exit_code"] == 0


@pytest.mark.parametrize("command", [["check-config"], ["launch", "--dry-run"], ["export", "--to", "yaml"]])
def test_unknown_target_prints_no_target_line(cli, command):
    r = cli(*command, "--target", "bogus", "--", "--model-path", "m")
    assert r.exit_code == 2 and "AM-E601" in r.output
    assert "cpu" not in r.output.split("AM-E601")[0] and "target:" not in r.output


def test_unknown_target_json_and_plan(cli):
    data = json.loads(cli("check-config", "--target", "bogus", "--format", "json", "--", "--tp", "2").stdout)
    assert data["platform"] is None and data["exit_code"] == 2
    plan = cli("plan", "--target", "bogus", "--", "--model-path", "m")
    assert plan.exit_code == 2 and "AM-E601" in plan.output and "devices per node" not in plan.output
