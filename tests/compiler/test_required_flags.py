"""A launch without a flag its engine does not start without (SGLang's --model-path) is refused by check-config."""
from __future__ import annotations

import json

from typer.testing import CliRunner

from argmatrix.cli.app import app
from argmatrix.compiler.compile import CompileOptions
from argmatrix.compiler.compile import compile as compile_launch


def _check(*argv, env=None):
    result = CliRunner().invoke(app, ["check-config", "--format", "json", *argv], catch_exceptions=False, env=env)
    return result.exit_code, json.loads(result.stdout)


def test_sglang_and_argmatrix_launches_need_a_model():
    for engine in ("sglang", "argmatrix"):
        code, data = _check("--target", "cuda", "--engine", engine, "--", "--tp", "2")
        found = [f for f in data["findings"] if f["code"] == "AM-E011"]
        assert code == 2 and len(found) == 1, data
        assert found[0]["flag"] == "--model-path" and "--model-path Qwen/Qwen3-8B" in found[0]["hint"]["en"]
        assert found[0]["message"]["zh"].startswith("缺少 --model-path")


def test_the_message_names_the_release_checked():
    _, data = _check("--target", "cuda", "--sglang-version", "0.5.9", "--", "--tp", "2")
    assert "SGLang 0.5.9 does not start without it" in data["findings"][0]["message"]["en"]


def test_a_model_from_a_config_file_or_the_environment_counts(tmp_path):
    cfg = tmp_path / "launch.yaml"
    cfg.write_text("model-path: org/model\n")
    assert _check("--target", "cuda", "--config", str(cfg), "--", "--tp", "2")[0] == 0
    assert _check("--target", "cuda", "--", "--tp", "2", env={"ARGMATRIX_MODEL_PATH": "org/model"})[0] == 0


def test_vllm_defaults_its_model():
    code, data = _check("--target", "cuda", "--engine", "vllm", "--", "--tensor-parallel-size", "2")
    assert code == 0 and not [f for f in data["findings"] if f["code"] == "AM-E011"]


def test_a_fragment_compiled_from_python_is_not_a_whole_launch():
    assert "AM-E011" not in [f.code for f in compile_launch(["--tp", "2"],
        CompileOptions(target="cuda", env={})).findings]
    whole = compile_launch(["--tp", "2"], CompileOptions(target="cuda", env={}, complete=True))
    assert [f.code for f in whole.findings] == ["AM-E011"] and whole.exit_code == 2
