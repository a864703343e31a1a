"""docs/plan.md's worked example is what the code computes: the command in it, its JSON, and each step."""
from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

from typer.testing import CliRunner

from argmatrix.cli.app import app
from argmatrix.compiler.memory_plan import GIB, Parallel, default_mem_fraction

DOC = (Path(__file__).parents[2] / "docs" / "plan.md").read_text(encoding="utf-8")
EXAMPLE = DOC[DOC.index("## Worked example"):DOC.index("## JSON output")]


def _num(text: str) -> int:
    return int(text.replace(",", ""))


def test_the_documented_command_prints_the_documented_json(monkeypatch):
    monkeypatch.delenv("ARGMATRIX_TARGET", raising=False)
    command = re.search(r"```\n(argmatrix plan .*?)\n```", EXAMPLE, re.S).group(1).replace("\\\n", " ")
    argv = shlex.split(command)[1:]
    out = json.loads(CliRunner().invoke(app, argv, catch_exceptions=False).stdout)
    documented = json.loads(re.search(r"```json\n(.*?)\n```", EXAMPLE, re.S).group(1))
    out.pop("findings")
    assert out == documented


def test_each_step_of_the_table():
    rows = dict(re.findall(r"^\| ([a-zA-Z ]+) \| (.+) \|$", EXAMPLE, re.M))
    parts = [_num(n) for n in re.findall(r"[\d,]{5,}", rows["parameters"])]
    assert sum(parts[:-1]) == parts[-1] == 8030261248
    assert _num(re.search(r"= ([\d,]+)$", rows["weights per device"]).group(1)) == 8030261248 * 2
    assert _num(re.search(r"= ([\d,]+)$", rows["KV bytes per token"]).group(1)) == 32 * 2 * 8 * 128 * 2
    assert "13,056 MiB" in rows["reserved"] and 512 + 1.5 * 8192 + 2 * 64 + 1024 / 8 == 13056
    assert "0.801" in rows["fraction"] and default_mem_fraction(64 * GIB, "npu", {}, Parallel()) == 0.801
    assert int(64 * GIB * (1 - 0.801)) == 13675175870
    pool = int((64 * GIB * 0.801 - 16060522496) // 131072)
    assert f"{pool:,}" in rows["KV pool"] and "297,344 tokens" in rows["KV pool"] and pool // 128 * 128 == 297344
    assert rows["requests"].endswith(f"= {297344 // 32768}")
