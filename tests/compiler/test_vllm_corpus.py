"""vLLM's own parser as the judge: argmatrix reads every command of the corpus as vLLM 0.32 does.

``tests/fixtures/vllm_corpus/`` holds real ``vllm serve`` commands from vLLM-Ascend's and vLLM's docs (each with
its file and line) and the verdict vLLM 0.32's parser gave on each, recorded by ``tools/vllm_corpus.py`` (no
vLLM in CI).  For every command vLLM accepts, argmatrix must read the same settings, raise no usage error,
pass ``check-config --target a3`` unless a rule of vLLM or vLLM-Ascend (with its file:line) refuses it, and
write it back through ``export --to vllm`` into the same settings.  For every command vLLM refuses,
argmatrix must refuse it too.
"""
from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from argmatrix.compiler import CompileOptions, compile
from argmatrix.compiler.export import export
from argmatrix.compiler.findings import ERROR, USAGE
from argmatrix.matrix import engines

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "vllm_corpus"
COMMANDS = {c["id"]: c for c in json.loads((CORPUS / "commands.json").read_text(encoding="utf-8"))["commands"]}
RELEASES = ("0.32.0", "0.33.0")
BY_RELEASE = {r: json.loads((CORPUS / f"vllm-{r}-parsed.json").read_text(encoding="utf-8"))["verdicts"]
              for r in RELEASES}
VERDICTS = BY_RELEASE["0.32.0"]
VLLM = engines.get("vllm")
RULE_SOURCES = {r.code: r.source for r in VLLM.rules()}


def _case(verdict: dict[str, Any]) -> tuple[list[str], dict[str, Any]] | None:
    """The argv vLLM accepted (as written, or with its numeric placeholders filled) and its settings."""
    command = COMMANDS[verdict["id"]]
    if verdict.get("accepted") and "settings" in verdict:
        return command["argv"], verdict["settings"]
    filled = verdict.get("filled")
    if filled and filled.get("accepted") and "settings" in filled:
        return filled["argv"], filled["settings"]
    return None


ACCEPTED = [v for v in VERDICTS if _case(v) is not None]
ACCEPTED_BY_0_33 = [v for v in BY_RELEASE["0.33.0"] if _case(v) is not None]
REFUSED = [v for v in VERDICTS if (not v.get("accepted") and not (v.get("filled") or {}).get("accepted")
           and "error" in v) or "exception" in v]


def _argv(verdict: dict[str, Any], argv: list[str]) -> list[str]:
    program = COMMANDS[verdict["id"]]["program"].split()
    return [*program, *argv]


def _env(verdict: dict[str, Any]) -> dict[str, str]:
    """The NAME=value words the command's line set before vLLM's program (VLLM_USE_V2_MODEL_RUNNER=1 ...)."""
    return {k: v for k, _, v in (word.partition("=") for word in COMMANDS[verdict["id"]]["env"])}


def _config_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CORPUS.parents[2])  # the edge case with --config names its file from the repository root


_LORA = re.compile(r"LoRAModulePath\(name='([^']*)', path='([^']*)'")


def _lora(value: Any) -> Any:
    """vLLM turns each --lora-modules item into a LoRAModulePath (its repr is what the fixture holds); argmatrix
    keeps the text vLLM reads it from: compare the (name, path) pairs."""
    out = []
    for item in value or []:
        if isinstance(item, str) and (m := _LORA.match(item)):
            out.append((m.group(1), m.group(2)))
        elif isinstance(item, str) and item.strip().startswith("{"):
            obj = json.loads(item)
            out.append((obj.get("name"), obj.get("path")))
        elif isinstance(item, str):
            name, _, path = item.partition("=")
            out.append((name, path))
    return out


def _same(ours: Any, theirs: Any, name: str = "") -> bool:
    if name == "lora_modules":
        return _lora(ours) == _lora(theirs)
    if isinstance(theirs, float) or isinstance(ours, float):
        return ours is not None and theirs is not None and float(ours) == float(theirs)
    return ours == theirs


def _differences(compiled: Any, settings: dict[str, Any]) -> list[str]:
    out = []
    theirs = {("model" if k == "model_tag" else k): v for k, v in settings.items()}
    for name, value in theirs.items():
        if name == "config":
            continue
        if name not in compiled.values:
            out.append(f"{name}: argmatrix has no such field")
        elif not _same(compiled.values[name], value, name):
            out.append(f"{name}: vLLM {value!r}, argmatrix {compiled.values[name]!r}")
    for name in compiled.user_set - set(theirs) - {"config"}:
        if not _same(compiled.values[name], compiled.specs[name].default):
            out.append(f"{name}: argmatrix set {compiled.values[name]!r}, vLLM kept its default")
    return out


def _target(verdict: dict[str, Any]) -> str:
    """vLLM-Ascend's commands are for Atlas A3 (and A2); vLLM's own docs are written for CUDA."""
    source = COMMANDS[verdict["id"]]["source"]
    return "cuda" if isinstance(source, dict) and source.get("repo") == "vllm-project/vllm" else "a3"


@pytest.mark.parametrize("release, verdict", [*(("0.32.0", v) for v in ACCEPTED),
                                              *(("0.33.0", v) for v in ACCEPTED_BY_0_33)],
                         ids=lambda x: x if isinstance(x, str) else x["id"])
def test_argmatrix_reads_what_vllm_accepts_as_vllm_does(release, verdict, monkeypatch):
    _config_dir(monkeypatch)
    argv, settings = _case(verdict)
    compiled = compile(_argv(verdict, argv), CompileOptions(target=_target(verdict), env=_env(verdict),
                                                            release=release))
    assert compiled.release == release
    assert compiled.engine == "vllm"
    usage = [(f.code, f.message.en, f.source) for f in compiled.findings if f.kind == USAGE]
    assert not usage
    assert _differences(compiled, settings) == []
    # only vLLM's and vLLM-Ascend's own start-up rules may refuse it, each citing where it was read; the corpus
    # records vLLM's parser, not its ParallelConfig, so a data-parallel layout made of filled placeholders
    # ($DP_SIZE 2 with $DP_START_RANK 2) may be one ParallelConfig refuses (vllm/config/parallel.py: the rank
    # must be below --data-parallel-size), and the device checks say so
    filled = verdict.get("filled") is not None and not verdict.get("accepted")
    for f in compiled.findings:
        if f.severity == ERROR:
            assert (f.kind == "rule" and RULE_SOURCES.get(f.code)) or (
                filled and f.code in FILLED_LAYOUT_CODES and f.kind == "topology"), (f.code, f.message.en)


FILLED_LAYOUT_CODES = frozenset({"AM-E765"})


@pytest.mark.parametrize("verdict", ACCEPTED, ids=lambda v: v["id"])
def test_export_to_vllm_reads_back_as_the_same_settings(verdict, monkeypatch):
    _config_dir(monkeypatch)
    argv, settings = _case(verdict)
    first = compile(_argv(verdict, argv), CompileOptions(target=_target(verdict), env={}, release="0.32.0"))
    line = export(first, "vllm").text
    again = compile(shlex.split(line), CompileOptions(target=_target(verdict), env={}, release="0.32.0"))
    assert not [f for f in again.findings if f.kind == USAGE], line
    assert _differences(again, settings) == [], line
    assert {n: again.values[n] for n in again.user_set} == {n: first.values[n] for n in first.user_set
                                                              if n != "config"}


@pytest.mark.parametrize("verdict", REFUSED, ids=lambda v: v["id"])
def test_argmatrix_refuses_what_vllm_refuses(verdict, monkeypatch):
    _config_dir(monkeypatch)
    compiled = compile(_argv(verdict, COMMANDS[verdict["id"]]["argv"]),
        CompileOptions(target="cuda", env={}, release="0.32.0"))
    assert compiled.exit_code != 0, (verdict.get("error") or verdict.get("exception"))


def test_the_corpus_is_large_and_mostly_vllm_ascend():
    assert len(ACCEPTED) > 150
    ascend = [v for v in ACCEPTED if COMMANDS[v["id"]]["source"] != "argmatrix: edge case"
              and COMMANDS[v["id"]]["source"].get("repo") == "vllm-project/vllm-ascend"]
    assert len(ascend) > 100
