"""Issue 29.5: exports and the CLI never break on odd values: a value starting with '-' is written --flag=value
(or refused, naming the flag, where it cannot be), and what used to be a traceback is a finding."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from argmatrix.compiler import CompileOptions
from argmatrix.compiler import compile as compile_launch
from argmatrix.compiler.export import export
from argmatrix.compiler.value_safety import MAX_VALUE_DEPTH

ROOT = Path(__file__).resolve().parents[2]


def _codes(compiled) -> set[str]:
    return {f.code for f in compiled.findings}


@pytest.mark.parametrize("engine", ["vllm", "sglang", "argmatrix"])
def test_a_value_starting_with_a_dash_is_written_in_the_equals_form(engine):
    compiled = compile_launch(["--model-path", "m", "--served-model-name=-h"], CompileOptions(target="cpu", env={}))
    out = export(compiled, engine)
    assert "--served-model-name=-h" in out.text and " -h" not in out.text.replace("=-h", ""), out.text


def test_a_dash_value_in_a_list_of_several_is_refused_naming_the_flag():
    from argmatrix.compiler.spelling import surface_tokens
    from argmatrix.schema.surface import VLLM

    spec = VLLM.specs["served_model_name"]
    assert surface_tokens(spec, ["-h"], False) == (["--served-model-name=-h"], None)
    tokens, why = surface_tokens(spec, ["a", "-h"], False)
    assert tokens is None and "'-h'" in why.en


def test_a_flag_whose_value_is_read_as_a_flag_is_refused_not_dropped():
    """``--served-model-name '--tp-size 8'`` left SGLang's reading without a value; --to vllm dropped it, exit 0."""
    compiled = compile_launch(["--model-path", "m", "--served-model-name", "--tp-size 8"],
        CompileOptions(target="cpu", env={}))
    out = export(compiled, "vllm")
    assert "AM-E002" in {f.code for f in out.findings}


def test_a_ten_thousand_level_dotted_key_is_a_finding():
    key = "--json-model-override-args." + ".".join(["a"] * 10_000)
    compiled = compile_launch(["--model-path", "m", key, "1"], CompileOptions(target="cpu", env={}))
    found = [f for f in compiled.findings if f.code == "AM-E012"]
    assert found and found[0].flag == "--json-model-override-args" and str(MAX_VALUE_DEPTH) in found[0].message.en
    assert compiled.exit_code == 2
    export(compiled, "yaml")                       # writes without recursing


def test_a_lone_surrogate_is_named_by_its_position():
    compiled = compile_launch(["--model-path", "m", "--json-model-override-args", '{"a": "xy\\ud800"}'],
        CompileOptions(target="cpu", env={}))
    found = [f for f in compiled.findings if f.code == "AM-E013"]
    assert found and "character 2" in found[0].message.en and found[0].flag == "--json-model-override-args"
    assert compiled.exit_code == 2


def test_zero_layers_is_a_bad_model_config_not_a_traceback(tmp_path):
    cfg = {"architectures": ["LlamaForCausalLM"], "model_type": "llama", "num_hidden_layers": 0, "hidden_size": 64,
           "num_attention_heads": 4, "num_key_value_heads": 4, "intermediate_size": 128, "vocab_size": 100,
           "max_position_embeddings": 256, "torch_dtype": "float16"}
    (tmp_path / "config.json").write_text(json.dumps(cfg))
    compiled = compile_launch(["--model-path", str(tmp_path)], CompileOptions(target="cpu", env={}))
    found = [f for f in compiled.findings if f.code == "AM-E701"]
    assert found and "num_hidden_layers is 0" in found[0].message.en


def _cli(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run([sys.executable, "-m", "argmatrix", *args], capture_output=True, text=True, env=env,
                          errors="replace", cwd=ROOT)


@pytest.mark.slow
def test_launch_dry_run_of_a_surrogate_and_a_closed_pipe_end_without_a_traceback():
    r = _cli("launch", "--dry-run", "--", "--model-path", "m", "--json-model-override-args", '{"a": "\\ud800"}')
    assert r.returncode == 2 and "Traceback" not in r.stderr and "AM-E013" in r.stderr, r.stderr[-800:]
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen([sys.executable, "-m", "argmatrix", "check-config", "--format", "json", "--",
                             "--model-path", "m"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()                          # the reader is gone before anything is written
    err = proc.stderr.read().decode()
    proc.wait()
    assert "Traceback" not in err and "BrokenPipe" not in err, err
