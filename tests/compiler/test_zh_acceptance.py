"""Acceptance for issue 21: everything argmatrix prints under --lang zh is Chinese.

Every command is run as a user runs it (the console script in a subprocess, ARGMATRIX_LANG unset, --lang zh on
the command line) on inputs that reach its messages: findings of every kind, the plan, explain, the matrix,
detect, launch --dry-run and export reports, serve's start-up refusals (before any model loads) and --help of
every command.  No line may hold an English word outside the glossary's kept terms, flags, values, codes, paths
and units (argmatrix/schema/glossary.py ``ascii_words``, the same check the glossary test makes).
What launch --dry-run and export write to stdout is a command line or a config file, not prose: only their
reports (stderr) are read.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from argmatrix.schema.glossary import ascii_words
from tests.docs.test_zh_glossary import VALUES as GLOSSARY_VALUES

pytestmark = pytest.mark.slow  # every command of the CLI run in Chinese once, in a module fixture

VALUES = GLOSSARY_VALUES | {"bogus", "nope", "no-such-host.invalid"}  # what these runs type, repeated back

MODELS = Path(__file__).resolve().parents[1] / "fixtures" / "model_configs"
LLAMA = str(MODELS / "llama-3.1-8b.json")


def _run(*args: str, env_extra: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARGMATRIX_")}
    env.update(COLUMNS="120", LANG="C.UTF-8", LC_ALL="C.UTF-8", NO_COLOR="1", TERM="dumb")
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-m", "argmatrix", *args], capture_output=True, text=True, env=env,
                          timeout=300)


def _commands(tmp: Path) -> dict[str, tuple[list[str], bool]]:
    """name -> (argv, read stdout too)"""
    config = tmp / "deploy.yaml"
    config.write_text("schedule_policy: bogus\ntp_size: 3\n")
    bad = ["--model-path", "org/model", "--enable-two-batch-overlap", "--kv-cache-dtype", "fp8_e4m3",
           "--enable-dp-attention", "--stream-output", "--tp-sze", "2", "--disable-radix-cache", "false",
           "--pp-size", "2", "--enable-lora", "--crash-on-nan"]
    helps = {f"help {' '.join(c)}": ([*c, "--help", "--lang", "zh"], True) for c in (
        [], ["check-config"], ["plan"], ["explain"], ["detect"], ["serve"], ["launch"], ["export"], ["matrix"],
        ["matrix", "diff"], ["docs"], ["docs", "generate"], ["docs", "check"], ["demo-model"], ["bench"])}
    return {
        "check-config a3": (["check-config", "--lang", "zh", "--target", "a3", "--config", str(config), "--", *bad], True),
        "check-config engine": (["check-config", "--lang", "zh", "--target", "cpu", "--engine", "argmatrix", "--",
                                 "--model-path", LLAMA, "--enable-lora", "--max-lora-rank", "8",
                                 "--schedule-policy", "dfs-weight", "--tp", "3"], True),
        "check-config auto": (["check-config", "--lang", "zh", "--", "--tp", "2"], True),
        "check-config bogus": (["check-config", "--lang", "zh", "--target", "bogus", "--", "--tp", "2"], True),
        "check-config usage": (["check-config", "--lang", "zh", "--devices-per-node", "x", "--", "--tp", "2"], True),
        "plan": (["plan", "--lang", "zh", "--target", "a2", "--device-memory", "64GiB", "--",
                  "--model-path", LLAMA, "--tp", "8"], True),
        "plan too big": (["plan", "--lang", "zh", "--target", "cuda", "--device-memory", "16GB", "--",
                          "--model-path", LLAMA, "--context-length", "999999"], True),
        "plan no model": (["plan", "--lang", "zh", "--"], True),
        "explain tp": (["explain", "--lang", "zh", "--tp-size"], True),
        "explain removed": (["explain", "--lang", "zh", "--crash-on-nan"], True),
        "explain renamed": (["explain", "--lang", "zh", "--stream-output"], True),
        "explain chunked": (["explain", "--lang", "zh", "--chunked-prefill-size"], True),
        "explain unknown": (["explain", "--lang", "zh", "--tp-szie"], True),
        "matrix": (["matrix", "--lang", "zh", "--group", "lora"], True),
        "matrix a3": (["matrix", "--lang", "zh", "--platform", "a3", "--status", "planned"], True),
        "matrix bad status": (["matrix", "--lang", "zh", "--status", "nope"], True),
        "matrix narrow": (["matrix", "--lang", "zh", "--group", "lora"], True),  # run at 70 columns: marks, note
        "matrix diff": (["matrix", "diff", "ascend-page-v1", "--lang", "zh"], True),
        "matrix diff unknown": (["matrix", "diff", "nope", "--lang", "zh"], True),
        "detect": (["detect", "--lang", "zh"], True),
        "launch": (["launch", "--dry-run", "--lang", "zh", "--target", "a3", "--", "--model-path", "m",
                    "--enable-dp-attention", "--tp", "16", "--max-running-requests", "64"], False),
        "launch refused": (["launch", "--dry-run", "--lang", "zh", "--target", "cpu", "--",
                            "--enable-dp-attention"], False),
        "export": (["export", "--to", "yaml", "--lang", "zh", "--target", "a3", "--", "--model-path", "m",
                    "--enable-dp-attention", "--tp", "16", "--pp-size", "4"], False),
        "export vllm": (["export", "--to", "vllm", "--lang", "zh", "--target", "cuda", "--", "--model-path", "m",
                         "--enable-lora", "--tp", "2"], False),
        "serve refused": (["serve", "--lang", "zh", "--target", "cpu", "--", "--model-path", "m",
                           "--enable-lora", "--max-lora-rank", "8"], True),
        "serve unknown warmup": (["serve", "--lang", "zh", "--target", "cpu", "--model-path", "m",
                                  "--warmups", "nope"], True),
        "serve bad host": (["serve", "--lang", "zh", "--target", "cpu", "--model-path", "m",
                            "--host", "no-such-host.invalid"], True),
        **helps,
    }


@pytest.fixture(scope="module")
def outputs(tmp_path_factory) -> dict[str, str]:
    tmp = tmp_path_factory.mktemp("zh")
    out = {}
    for name, (argv, with_stdout) in _commands(tmp).items():
        done = _run(*argv, env_extra={"COLUMNS": "70"} if name == "matrix narrow" else None)
        assert "Traceback" not in done.stderr, f"{name}: {done.stderr[-2000:]}"
        out[name] = (done.stdout if with_stdout else "") + done.stderr
    return out


def test_every_command_prints_chinese(outputs):
    bad = []
    for name, text in outputs.items():
        assert text.strip() or name.startswith(("launch", "export")), f"{name} printed nothing"
        # one paragraph at a time: a quoted or parenthesised span may be wrapped over two lines
        text = re.sub(r"`[^`]*`", " ", text)  # code spans of the Markdown that matrix diff prints
        for paragraph in text.split("\n\n"):
            words = ascii_words(" ".join(paragraph.split()), VALUES)
            if words:
                bad.append(f"{name}: {words}: {' '.join(paragraph.split())[:300]}")
    assert not bad, "\n".join(bad)


def test_the_inputs_reach_the_messages(outputs):
    """The runs above really produce what they are meant to check (so an empty output cannot pass)."""
    assert "AM-E101" in outputs["check-config a3"] and "AM-E010" in outputs["check-config a3"]
    assert "来源 配置文件" in outputs["check-config a3"] and "检测结果" in outputs["check-config auto"]
    assert "AM-E501" in outputs["check-config engine"] and "AM-E601" in outputs["check-config bogus"]
    assert "每设备" in outputs["plan"] and "能否放下" in outputs["plan"]
    assert "类型：整数（可写作 32k、1M）" in outputs["explain chunked"]
    assert "平台：" in outputs["detect"]
    assert "argmatrix 的引擎" in outputs["serve refused"]
    assert "--warmups：未知的预热例程" in outputs["serve unknown warmup"]
    assert "无法解析该地址" in outputs["serve bad host"]
    assert "图例：" in outputs["matrix narrow"] and "昇腾特性页第 1 版快照" in outputs["matrix diff"]
    assert "未知快照“nope”" in outputs["matrix diff unknown"]
    assert all(outputs[n].startswith("用法：") for n in outputs if n.startswith("help "))


def test_no_template_placeholder_reaches_the_user(outputs):
    """Issue 32: a rule's {placeholder} is filled or said in words, never printed (help's usage and one-value
    choice sets, ``{fsdp}``, are click's notation, not holes)."""
    from argmatrix.generate.page_text import holes_in

    found = holes_in({f"{name}.txt": text for name, text in outputs.items()})
    assert found == [], "\n".join(found)
