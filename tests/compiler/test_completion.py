"""Issue 30: shell completion, for argmatrix's own options (typer's --install-completion) and for the server
flags after ``--`` (cli/completion.py, from the schema: flags, choices, and the shell's file names after a path).

The completion answers are asked as the installed scripts ask them (``_ARGMATRIX_COMPLETE=complete_bash`` with
``COMP_WORDS``; ``complete_zsh`` with ``_TYPER_COMPLETE_ARGS``), and ``--install-completion`` is run for bash and
zsh in a scratch home, then the installed bash function is called by bash itself.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from argmatrix.cli.completion import server_completions, takes_path
from argmatrix.schema.registry import SPECS

ROOT = Path(__file__).resolve().parents[2]


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ARGMATRIX_", "_ARGMATRIX"))}
    env["PYTHONPATH"] = str(ROOT)
    env.update(extra)
    return env


def _bash(words: str) -> list[str]:
    parts = words.split(" ")
    proc = subprocess.run([sys.executable, "-m", "argmatrix"], capture_output=True, text=True, timeout=120, cwd=ROOT,
                          env=_env(_ARGMATRIX_COMPLETE="complete_bash", COMP_WORDS=words,
                                   COMP_CWORD=str(len(parts) - 1)))
    assert proc.returncode == 0, proc.stderr
    return [line for line in proc.stdout.splitlines() if line]


def test_server_flags_after_the_separator():
    assert "--tp-size" in _bash("argmatrix check-config -- --tp-si")
    assert set(_bash("argmatrix launch --target a3 -- --schedule-policy ")) >= {"lpm", "fcfs"}
    assert _bash("argmatrix export --to k8s -- --model-path ") == []          # the shell completes file names
    assert "--kv-cache-dtype" in _bash("argmatrix check-config -- vllm serve m --kv-cache-dt")   # vLLM's surface


def test_own_options_and_commands_still_complete():
    assert _bash("argmatrix check-config --tar") == ["--target"]
    assert "check-config" in _bash("argmatrix che")


def test_zsh_answers_with_help_text():
    proc = subprocess.run([sys.executable, "-m", "argmatrix"], capture_output=True, text=True, timeout=120, cwd=ROOT,
                          env=_env(_ARGMATRIX_COMPLETE="complete_zsh",
                                   _TYPER_COMPLETE_ARGS="argmatrix check-config -- --enable-dp-att"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("_arguments") and "--enable-dp-attention" in proc.stdout


def test_path_flags_come_from_the_schema():
    assert takes_path(SPECS["model_path"]) and takes_path(SPECS["config"]) and takes_path(SPECS["tokenizer_path"])
    assert not takes_path(SPECS["tp_size"]) and not takes_path(SPECS["enable_dp_attention"])
    assert server_completions(["--schedule-policy"], "l") == [("lpm", "plain", ""), ("lof", "plain", "")]
    assert server_completions([], "--schedule-policy=f") == [("fcfs", "plain", "")]


@pytest.mark.parametrize("shell", ["bash", "zsh"])
def test_install_completion(tmp_path, shell):
    if shutil.which(shell) is None:
        pytest.skip(f"{shell} is not installed here")
    home = tmp_path / "home"
    home.mkdir()
    # typer finds the shell from the process tree (shellingham): run it from that shell ("; true": no exec)
    proc = subprocess.run([shell, "-c", f'"{sys.executable}" -m argmatrix --install-completion; true'],
                          capture_output=True, text=True, timeout=120, cwd=ROOT, env=_env(HOME=str(home)))
    assert proc.returncode == 0 and f"{shell} completion installed" in proc.stdout, proc.stdout + proc.stderr
    rc = (home / (".bashrc" if shell == "bash" else ".zshrc")).read_text(encoding="utf-8")
    assert "argmatrix" in rc or "zfunc" in rc
    if shell == "zsh":
        script = (home / ".zfunc" / "_argmatrix").read_text(encoding="utf-8")
        assert "_ARGMATRIX_COMPLETE=complete_zsh" in script
        return
    script = home / ".bash_completions" / "argmatrix.sh"
    assert "_ARGMATRIX_COMPLETE=complete_bash" in script.read_text(encoding="utf-8")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "argmatrix").write_text(f'#!/bin/sh\nexec {sys.executable} -m argmatrix "$@"\n')
    (bin_dir / "argmatrix").chmod(0o755)
    run = ('source "$1"; COMP_WORDS=(argmatrix check-config -- --tp-si); COMP_CWORD=3; '
           '_argmatrix_completion argmatrix; printf "%s\\n" "${COMPREPLY[@]}"')
    proc = subprocess.run(["bash", "-c", run, "bash", str(script)], capture_output=True, text=True, timeout=120,
                          env=_env(HOME=str(home), PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}"))
    assert proc.returncode == 0, proc.stderr
    assert "--tp-size" in proc.stdout.split(), proc.stdout + proc.stderr
