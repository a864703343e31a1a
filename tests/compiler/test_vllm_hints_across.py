"""Flags vLLM removed say when they left and what to write instead; a flag of the other engine pasted into a launch
is named with its counterpart from the translation table; vLLM hints name the engine for explain; export maps
Ascend's quantization between the engines and prints no internal source."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from argmatrix.compiler import CompileOptions, compile
from argmatrix.compiler.export import export
from argmatrix.compiler.translate import TABLE
from argmatrix.matrix import engines
from argmatrix.schema.surface import SGLANG, VLLM
from argmatrix.schema.vllm.removed import REMOVED

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
HELD = engines.get("vllm").releases.held


def _release_flags(release: str) -> set[str]:
    data = json.loads((FIXTURES / f"vllm-{release}.json").read_text(encoding="utf-8"))
    return {o for f in data["flags"] for o in f.get("flags", [])}


def _e001(compiled, flag):
    return [f for f in compiled.findings if f.code == "AM-E001" and f.flag == flag]


def _in_some_held_release(flag: str) -> bool:
    return any(flag in _release_flags(r) for r in HELD)


@pytest.mark.parametrize("gone", REMOVED, ids=lambda r: r.flag)
def test_a_removed_flag_says_when_and_what_instead(gone):
    line = engines.get("vllm").releases
    if _in_some_held_release(gone.flag):
        # a held release still has it: its dates are the fixtures' (the table's must agree), the words the table's
        name = VLLM.flags[gone.flag]
        assert line.removed[name] == gone.gone_by and line.exists_in(name, gone.last_seen), gone.flag
    else:  # gone before every release argmatrix holds
        assert gone.last_seen is None or gone.last_seen not in HELD
    if gone.successor:
        root = gone.successor.split(".")[0]
        assert all(root in _release_flags(r) for r in HELD if not _in_some_held_release(gone.flag)), gone.successor
        assert gone.successor in gone.instead.en and gone.successor in gone.instead.zh
    compiled = compile(["vllm", "serve", "m", gone.flag, "1"], CompileOptions(target="cuda", env={}))
    ambiguous = [f for f in compiled.findings if f.code == "AM-E009" and f.flag == gone.flag]
    if ambiguous:  # now a prefix of several flags (--device): vLLM's parser says ambiguous, the hint says both
        assert "is gone" in ambiguous[0].hint.en and "已不存在" in ambiguous[0].hint.zh
        return
    found = [f for f in compiled.findings if f.code in ("AM-E001", "AM-E110") and f.flag == gone.flag]
    assert found, [f.code for f in compiled.findings]
    f = found[0]
    if f.code == "AM-E110":  # a field of an older held release: "it left after X, by Y", and what instead
        assert gone.gone_by in f.message.en and ("left" in f.message.en or "removed" in f.message.en)
        assert gone.instead.en in f.hint.en and gone.source in f.hint.en and gone.instead.zh in f.hint.zh
    else:
        assert "removed" in f.message.en and "移除" in f.message.zh
        assert gone.gone_by in f.message.en and gone.source in f.hint.en
    assert "did you mean" not in f.hint.en
    assert not [x for x in compiled.findings if x.flag == "1"]  # its value is not read as a second mistake


@pytest.mark.parametrize("flag", ["--swap-space", "--use-v2-block-manager", "--num-scheduler-steps"])
def test_the_issues_three(flag):
    compiled = compile(["vllm", "serve", "m", flag, "4"], CompileOptions(target="cuda", env={}))
    f = next(x for x in compiled.findings if x.code in ("AM-E001", "AM-E110") and x.flag == flag)
    assert f.hint.en.startswith("nothing:") and f.hint.zh.startswith("无需替代")


def _pasted_sglang_flags():
    out = []
    for row in TABLE:
        for name in row.sglang:
            flag = SGLANG.specs[name].flag
            if flag not in VLLM.flags:
                out.append((flag, tuple(VLLM.specs[n].flag for n in row.vllm)))
    return out


@pytest.mark.parametrize("flag, theirs", _pasted_sglang_flags(), ids=lambda x: x if isinstance(x, str) else "")
def test_an_sglang_flag_in_a_vllm_line_names_vllms_counterpart(flag, theirs):
    compiled = compile(["vllm", "serve", "m", flag, "2"], CompileOptions(target="cuda", env={}))
    found = _e001(compiled, flag)
    if not found:  # vLLM reads it: an abbreviation or a spelling both engines share
        return
    f = found[0]
    assert "SGLang" in f.message.en and "SGLang" in f.message.zh
    assert all(t in f.hint.en for t in theirs) and "did you mean" not in f.hint.en
    assert f"argmatrix explain --engine vllm {theirs[0]}" in f.hint.en


def test_tp_size_in_vllm_and_gpu_memory_utilization_in_sglang():
    f = _e001(compile(["vllm", "serve", "m", "--tp-size", "2"], CompileOptions(target="cuda", env={})), "--tp-size")[0]
    assert "--tensor-parallel-size" in f.hint.en and "--ubatch-size" not in f.hint.en
    s = compile(["python", "-m", "sglang.launch_server", "--model-path", "m", "--gpu-memory-utilization", "0.9"],
        CompileOptions(target="cuda", env={}))
    f = _e001(s, "--gpu-memory-utilization")[0]
    assert "--mem-fraction-static" in f.hint.en and "--mamba-full-memory-ratio" not in f.hint.en
    assert "whole instance" in f.hint.en and "整个实例" in f.hint.zh  # the word that the meaning differs


def test_vllm_explain_hints_name_the_engine():
    compiled = compile(["vllm", "serve", "m", "--kv-cache-dtype", "fp9"], CompileOptions(target="cuda", env={}))
    hints = [f.hint.en for f in compiled.findings if f.hint and "argmatrix explain" in f.hint.en]
    assert hints and all("argmatrix explain --engine vllm --kv-cache-dtype" in h for h in hints)


@pytest.mark.parametrize("argv, to, word", [
    (["python", "-m", "sglang.launch_server", "--model-path", "m", "--quantization", "modelslim"], "vllm",
     "--quantization ascend"),
    (["vllm", "serve", "m", "--quantization", "ascend"], "sglang", "--quantization modelslim"),
])
def test_export_maps_ascend_quantization(argv, to, word):
    compiled = compile(argv, CompileOptions(target="a3", env={}))
    out = export(compiled, to)
    assert word in out.text
    assert not [f for f in out.findings if f.severity == "error"], [f.message.en for f in out.findings]


def test_export_prints_no_internal_source():
    compiled = compile(["vllm", "serve", "m", "--quantization", "ascend", "-tp", "3", "--enable-dbo"],
        CompileOptions(target="cuda", env={}))
    out = export(compiled, "sglang")
    assert all(not (f.source or "").startswith("translated:") for f in out.findings)


def test_explain_says_a_removed_flag_left():
    from typer.testing import CliRunner

    from argmatrix.cli.app import app

    result = CliRunner().invoke(app, ["explain", "--engine", "vllm", "--swap-space"])
    assert result.exit_code == 0  # a field of vLLM 0.13.0, the oldest held release
    assert "0.18.0   not in this release" in result.output and "--kv-offloading-size" in result.output
    gone = CliRunner().invoke(app, ["explain", "--engine", "vllm", "--num-scheduler-steps"])  # before every held one
    assert gone.exit_code == 2 and "0.13.0" in gone.output


def test_every_translation_row_names_real_fields_on_both_sides():
    """A row naming a field an engine does not have would translate into nothing (or fail at launch time)."""
    unknown = [(row.vllm, row.sglang) for row in TABLE
               if any(n not in VLLM.specs for n in row.vllm) or any(n not in SGLANG.specs for n in row.sglang)]
    assert not unknown, unknown
