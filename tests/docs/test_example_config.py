"""generated/example-config.yaml: every argument, declared defaults, accepted by check-config on every target."""
from __future__ import annotations

import re

import pytest
import yaml

from argmatrix.generate import example_config
from argmatrix.matrix.platforms import PLATFORMS
from argmatrix.schema.registry import SPECS
from argmatrix.schema.releases import verdict

PATH = "example-config.yaml"


def test_every_argument_appears_active_or_commented(files):
    text = files[PATH]
    active = yaml.safe_load(text)
    commented = set(re.findall(r"^# ([a-z0-9_]+): ", text, re.MULTILINE))
    for name in SPECS:
        if name in example_config.EXCLUDED:
            continue
        assert (name in active) != (name in commented), name
        if verdict(name).state in ("deprecated", "refused"):  # what SGLang 0.5.23 does not simply take
            assert name in commented


def test_active_values_are_the_declared_defaults(files):
    for name, value in yaml.safe_load(files[PATH]).items():
        if name in example_config.EXAMPLE_VALUES:  # required, without a default: an example value
            assert value == example_config.EXAMPLE_VALUES[name]
            continue
        default = SPECS[name].default
        assert value == (list(default) if isinstance(default, tuple) else default), name


def test_platform_dependent_defaults_are_comments(files):
    text = files[PATH]
    assert re.search(r"^# page_size: null  # platform default: a2 128, a3 128, 310p 128, a5 128, cuda 1, cpu 1$", text, re.MULTILINE)
    assert re.search(r"^# hicache_write_policy: write_through  # platform default: a2 write_back", text, re.MULTILINE)


def test_groups_are_commented(files):
    assert "# --- Model and tokenizer / 模型与分词器 ---" in files[PATH]


@pytest.mark.parametrize("target", list(PLATFORMS))
def test_check_config_accepts_it_on_every_target(files, tmp_path, target):
    from argmatrix.compiler import CompileOptions, compile

    path = tmp_path / "example-config.yaml"
    path.write_text(files[PATH], encoding="utf-8")
    compiled = compile(None, CompileOptions(config=str(path), target=target, env={}))
    assert compiled.exit_code == 0, [f.message.en for f in compiled.findings if f.severity != "note"]


@pytest.mark.parametrize("value", [None, True, False, 0, 1.5, -1, "auto", "", "127.0.0.1", "null", "yes", "a: b",
                                   "x#y", {}, [1, 2], {"a": [1, "b"]}, "tp-size", "1e3", "on"])
def test_yaml_values_read_back(value):
    assert yaml.safe_load(f"k: {example_config.yaml_value(value)}")["k"] == value


def test_the_file_passes_the_command_in_its_own_header(files, tmp_path):
    """Issue 30: the check the header names exits 0 (a missing --model-path or a screen of warnings did not)."""
    import os
    import shlex
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    line = next(x for x in files[PATH].splitlines() if x.startswith("#   argmatrix check-config"))
    argv = shlex.split(line[1:])
    assert argv == shlex.split(example_config.HEADER_COMMAND)
    (tmp_path / "generated").mkdir()
    (tmp_path / "generated" / PATH).write_text(files[PATH], encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARGMATRIX_")}
    env["PYTHONPATH"] = str(root)
    proc = subprocess.run([sys.executable, "-m", "argmatrix", *argv[1:]], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert "warning" not in proc.stdout.splitlines()[-1], proc.stdout[-3000:]
