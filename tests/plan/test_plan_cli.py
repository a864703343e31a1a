"""``argmatrix plan`` and the model options of ``check-config``: the JSON shape, the table, the errors."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from argmatrix.cli.app import app

CONFIGS = Path(__file__).parents[1] / "fixtures" / "model_configs"
LLAMA_70B = str(CONFIGS / "llama-3.1-70b.json")
PLAN_KEYS = {"target", "devices_per_node", "device_memory_bytes", "model", "per_device", "max_running_requests",
             "fits", "findings"}


@pytest.fixture
def cli(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("ARGMATRIX_TARGET", raising=False)
    for name in ("LANG", "LC_ALL", "ARGMATRIX_LANG", "SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN"):
        monkeypatch.delenv(name, raising=False)
    runner = CliRunner()
    return lambda *args: runner.invoke(app, list(args), catch_exceptions=False)


def test_plan_json_shape_is_pinned(cli):
    r = cli("plan", "--target", "cuda", "--device-memory", "141GB", "--devices-per-node", "8",
            "--model-config", LLAMA_70B, "--format", "json", "--", "--model-path", "meta-llama/Llama-3.1-70B", "--tp", "2")
    data = json.loads(r.stdout)
    assert r.exit_code == 0
    assert set(data) == PLAN_KEYS
    assert set(data["model"]) == {"architecture", "params", "weight_bytes"}
    assert set(data["per_device"]) == {"weight_bytes", "kv_bytes_per_token", "reserve_bytes", "kv_pool_tokens"}
    assert (data["target"], data["devices_per_node"], data["device_memory_bytes"]) == ("cuda", 8, 141 << 30)
    assert data["model"]["architecture"] == "LlamaForCausalLM" and data["model"]["params"] == 70553706496
    assert data["per_device"]["kv_bytes_per_token"] == 80 * 2 * 4 * 128 * 2
    assert data["fits"] is True and data["max_running_requests"] >= 1
    assert [f["code"] for f in data["findings"]] == ["AM-N773"]


def test_plan_exit_1_when_it_does_not_fit(cli):
    r = cli("plan", "--target", "cuda", "--device-memory", "141GB", "--model-config", LLAMA_70B, "--format", "json",
            "--", "--model-path", "m")
    data = json.loads(r.stdout)
    assert r.exit_code == 1 and data["fits"] is False and data["per_device"]["kv_pool_tokens"] == 0
    assert data["findings"][0]["code"] == "AM-E770"


def test_plan_table_in_both_languages(cli):
    argv = ["--target", "cuda", "--device-memory", "141GB", "--model-config", LLAMA_70B, "--", "--model-path", "m",
            "--tp", "2"]
    en = cli("plan", *argv).stdout
    assert "KV pool" in en and "fits" in en and "dense MLP" in en and "AM-N773" in en
    zh = cli("plan", "--lang", "zh", *argv).stdout
    assert "KV 缓存池" in zh and "能否放下" in zh and "稠密 MLP" in zh


def test_plan_with_unknown_memory_still_answers(cli):
    r = cli("plan", "--target", "cuda", "--model-config", LLAMA_70B, "--format", "json", "--", "--model-path", "m")
    data = json.loads(r.stdout)
    assert set(data) == PLAN_KEYS and data["per_device"]["kv_pool_tokens"] is None and data["fits"] is False
    assert [f["code"] for f in data["findings"]] == ["AM-N774"]


@pytest.mark.parametrize("argv, fragment", [
    (["--device-memory", "lots"], "--device-memory: 'lots' is not a memory size"),
    (["--devices-per-node", "0"], "--devices-per-node 0: expected a positive integer"),
])
def test_bad_plan_options_exit_2_naming_the_option(cli, argv, fragment):
    r = cli("plan", "--target", "cuda", *argv, "--model-config", LLAMA_70B, "--", "--model-path", "m")
    assert r.exit_code == 2 and fragment in r.output
    r = cli("check-config", "--target", "cuda", *argv, "--", "--model-path", "m")
    assert r.exit_code == 2 and fragment in r.output


def test_plan_needs_a_model(cli):
    r = cli("plan", "--target", "cuda", "--", "--tp", "2")
    assert r.exit_code == 2 and "--model-config" in r.output


def test_check_config_reports_the_plan_and_model_findings(cli):
    r = cli("check-config", "--target", "cuda", "--device-memory", "141GB", "--model-config", LLAMA_70B,
            "--format", "json", "--", "--model-path", "m", "--tp", "3")
    codes = [f["code"] for f in json.loads(r.stdout)["findings"]]
    assert r.exit_code == 1 and "AM-E710" in codes
    hub = cli("check-config", "--target", "cuda", "--device-memory", "80GB", "--format", "json", "--",
              "--model-path", "org/model")
    assert [f["code"] for f in json.loads(hub.stdout)["findings"]] == ["AM-N700"] and hub.exit_code == 0


@pytest.mark.parametrize("argv", [
    ["--target", "cuda", "--device-memory", "141GB", "--model-config", LLAMA_70B, "--", "--model-path", "m"],
    ["--target", "a2", "--devices-per-node", "16", "--plan-input-len", "1000", "--plan-output-len", "24",
     "--model-config", LLAMA_70B, "--", "--model-path", "m", "--tp", "8"],
])
def test_fast_path_prints_what_typer_prints(argv, capsys):
    from argmatrix.cli.check_config import fast_path

    code = fast_path(argv)
    fast_out = capsys.readouterr().out
    result = CliRunner().invoke(app, ["check-config", *argv])
    assert code == result.exit_code and fast_out == result.output
