"""argmatrix against SGLang's own verdicts on the conformance corpus.

``tests/fixtures/sglang_conformance/verdicts-<release>.json`` holds what SGLang itself said about each launch of
``cases/*.yaml`` (its parser, its whole resolution pipeline and ``check_server_args``, on a faked a2/a3/cuda/cpu
platform: ``tools/sglang_conformance.py``). No SGLang here: this reads the fixture only.

For every recorded case argmatrix compiles the same launch for the same target, the way ``check-config`` does
(the model checks run on the same config.json stand-in, with the faked platform's device count and memory):

* SGLang refused -> argmatrix must have an error finding;
* SGLang accepted -> argmatrix must have no error finding,

except where ``better.yaml`` documents why argmatrix is right to refuse what SGLang starts. A case where the
harness itself failed (not a verdict of SGLang's) is reported and not compared. Disagreements not yet fixed are
listed, with the SGLang check site, in ``known_gaps.yaml``: expected failures, counted and printed; an entry whose
case now agrees fails the suite, so the list only shrinks as ports land.
"""
from __future__ import annotations

import functools
import json
import shlex
import warnings
from pathlib import Path
from typing import Any

import pytest
import yaml

from argmatrix.compiler import CompileOptions, compile
from argmatrix.compiler.model_checks import PlanInputs
from argmatrix.matrix.devices import GIB, parse_gpu_arch

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "sglang_conformance"
RELEASE = "0.5.23"
VERDICTS = json.loads((HERE / f"verdicts-{RELEASE}.json").read_text())
CASES: dict[str, dict[str, Any]] = VERDICTS["cases"]
BETTER: dict[str, str] = {e["id"]: e["reason"] for e in yaml.safe_load((HERE / "better.yaml").read_text()) or []}
GAPS: dict[str, str] = {e["id"]: e["site"] for e in yaml.safe_load((HERE / "known_gaps.yaml").read_text()) or []}
MODEL_WORD, DEFAULT_MODEL = "M", "llama-tiny"

# The platform the recording faked (tools/sglang_conformance.py, PLATFORMS), told to argmatrix the way check-config
# is told: devices per node, memory per device, and the GPU's compute capability (an H200, SM90; None off CUDA).
# The CPU has no device count (the harness fakes 0 devices; SGLang binds ranks to core groups and counts none).
DEVICES = {"cuda": (8, 143771 * 2**20, "sm90"), "a2": (8, 64 * GIB, None), "a3": (16, 64 * GIB, None),
           "cpu": (None, 256 * GIB, None)}


def corpus() -> dict[str, dict[str, Any]]:
    cases = {}
    for path in sorted((HERE / "cases").glob("*.yaml")):
        for entry in yaml.safe_load(path.read_text()) or []:
            cases[str(entry["id"])] = entry
    return cases


def argv_for_argmatrix(case: dict[str, Any]) -> list[str]:
    model_dir = str(HERE / "models" / case.get("model", DEFAULT_MODEL))
    return [model_dir if w == MODEL_WORD else w for w in case["argv"]]


@functools.cache
def argmatrix_errors(case_id: str) -> tuple[str, ...]:
    case = CASES[case_id]
    count, memory, arch = DEVICES[case["target"]]
    compiled = compile(argv_for_argmatrix(case), CompileOptions(target=case["target"], env=case.get("env", {}),
                                                                releases={"sglang": RELEASE},
                                                                plan_inputs=PlanInputs(device_memory=memory, devices_per_node=count,                                              gpu_arch=parse_gpu_arch(arch) if arch else None)))
    return tuple(f"{f.code} {f.message.en}" for f in compiled.findings if f.severity == "error")


def outcome(case_id: str) -> str:
    """agree | better | disagree | harness (the harness failed: no SGLang verdict to compare)."""
    verdict = CASES[case_id]["verdict"]
    if verdict == "harness_failure":
        return "harness"
    refused_here = bool(argmatrix_errors(case_id))
    if refused_here == (verdict == "refused"):
        return "agree"
    if case_id in BETTER and refused_here and verdict == "accepted":
        return "better"
    return "disagree"


def describe(case_id: str) -> str:
    case = CASES[case_id]
    theirs = (f"SGLang refuses at {case.get('site')} ({case.get('exception')}: {case.get('message', '')[:160]})"
              if case["verdict"] == "refused" else "SGLang accepts")
    ours = "; ".join(argmatrix_errors(case_id))[:300] or "argmatrix has no error"
    return f"{case_id} [{case['target']}] {shlex.join(case['argv'])}\n  {theirs}\n  argmatrix: {ours}"


def test_the_fixture_is_recorded_from_the_corpus():
    prov = VERDICTS["provenance"]
    assert prov["release"] == RELEASE and "override_platform" in prov["faked"]
    cases = corpus()
    unrecorded = sorted(set(cases) - set(CASES))
    assert not unrecorded, (f"{len(unrecorded)} cases have no SGLang verdict (e.g. {unrecorded[:5]}): re-record with "
                            f"/work/venvs/sglang/bin/python tools/sglang_conformance.py")
    changed = sorted(cid for cid, case in cases.items() if cid in CASES and CASES[cid]["argv"] != (
        case["argv"] if isinstance(case["argv"], list) else shlex.split(str(case["argv"]))))
    assert not changed, f"cases changed since they were recorded: {changed[:5]}; re-record"
    dropped = sorted(set(CASES) - set(cases))
    assert not dropped, f"verdicts for cases no longer in the corpus: {dropped[:5]}; re-record"


def test_the_faked_platform_took():
    """Each accepted launch resolved to its target's device (and Ascend's backend), so no verdict is a CPU's."""
    device = {"cuda": "cuda", "a2": "npu", "a3": "npu", "cpu": "cpu"}
    accepted = [(cid, c) for cid, c in CASES.items() if c["verdict"] == "accepted" and "--device" not in c["argv"]]
    assert accepted
    wrong = [cid for cid, c in accepted if c["resolved"]["device"] != device[c["target"]]]
    assert not wrong, wrong[:5]
    # DeepSeek-V4 keeps its own dsv4 backend on Ascend (SGLang's model_overrides/deepseek_v4.py routes it there)
    own_backend = {"deepseek-v4": "dsv4", "deepseek-v41": "dsv4"}
    assert all(c["resolved"]["attention_backend"] == own_backend.get(c.get("model", ""), "ascend")
               for cid, c in accepted if c["target"] in ("a2", "a3"))


def test_better_and_gaps_name_recorded_cases_once():
    assert not set(BETTER) - set(CASES), sorted(set(BETTER) - set(CASES))
    assert not set(GAPS) - set(CASES), sorted(set(GAPS) - set(CASES))
    assert not set(BETTER) & set(GAPS), sorted(set(BETTER) & set(GAPS))
    assert all(reason.strip() for reason in BETTER.values())
    assert all(CASES[cid]["verdict"] == "accepted" for cid in BETTER), "better.yaml is for launches SGLang starts"


@pytest.mark.parametrize("case_id", sorted(CASES))
def test_sglangs_verdict_or_a_documented_better_one(case_id):
    result = outcome(case_id)
    if result == "harness":
        pytest.skip(f"harness failure, not an SGLang verdict: {CASES[case_id].get('harness_failure')}")
    if case_id in GAPS:
        assert result == "disagree", (f"{case_id} is listed in known_gaps.yaml ({GAPS[case_id]}) but now agrees with "
                                      f"SGLang: delete the entry")
        pytest.xfail(f"known gap at {GAPS[case_id]}: {describe(case_id)}")
    if case_id in BETTER:
        assert result == "better", f"{case_id} is in better.yaml but argmatrix no longer refuses it: delete the entry"
        return
    assert result == "agree", describe(case_id)


def test_agreement_numbers():
    """Print the agreement per corpus file, loudly (a warning, shown without -s), and the remaining gaps."""
    rows: dict[str, dict[str, int]] = {}
    for case_id, case in CASES.items():
        result = outcome(case_id)
        if result == "disagree" and case_id in GAPS:
            result = "known gap"
        row = rows.setdefault(case["file"], {})
        row[result] = row.get(result, 0) + 1
    total = {k: sum(r.get(k, 0) for r in rows.values()) for k in ("agree", "better", "known gap", "disagree", "harness")}
    compared = len(CASES) - total["harness"]
    lines = [f"SGLang {RELEASE} conformance: {total['agree'] + total['better']}/{compared} agree "
             f"({total['agree']} same verdict, {total['better']} documented better), {total['known gap']} known gaps "
             f"(xfail), {total['disagree']} new disagreements, {total['harness']} harness failures not compared"]
    lines += [f"  {name}: " + ", ".join(f"{k} {v}" for k, v in sorted(r.items())) for name, r in sorted(rows.items())]
    print("\n".join(lines))
    warnings.warn("\n".join(lines), stacklevel=1)
    assert total["disagree"] == 0, "new disagreements: see the per-case tests"
