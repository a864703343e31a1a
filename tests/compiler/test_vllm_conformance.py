"""argmatrix against vLLM's own verdicts on the vLLM corpus and the generated rule and bound cases.

``tests/fixtures/vllm_conformance/verdicts-<release>.json`` holds what vLLM itself said about each launch (its
parser, ``vllm serve``'s own checks and ``create_engine_config``, on a faked cuda or cpu platform:
``tools/vllm_conformance.py``). No vLLM here: this reads the fixture only.

For every judged case argmatrix compiles the same launch for the same target and release, the way ``check-config``
does (the model checks run on the same config.json stand-in, with the faked platform's device count and memory):

* vLLM refused -> argmatrix must have an error finding;
* vLLM accepted -> argmatrix must have no error finding,

except where ``better.yaml`` documents why argmatrix is right to differ. A case where the harness failed (not a
verdict of vLLM's) is reported and not compared. Disagreements not fixed are listed in ``known_gaps.yaml`` with the
reason: expected failures, counted; an entry whose case now agrees fails the suite, so the list only shrinks.
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
from argmatrix.compiler.model_facts import read_model_facts
from argmatrix.compiler.vllm_model_checks import block_size, serve_defaults
from argmatrix.matrix.devices import GIB, parse_gpu_arch

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "vllm_conformance"
REPO = HERE.parents[2]
RELEASE = "0.34.0"
VERDICTS = json.loads((HERE / f"verdicts-{RELEASE}.json").read_text(encoding="utf-8"))
CASES: dict[str, dict[str, Any]] = VERDICTS["cases"]
BETTER: dict[str, str] = {e["id"]: e["reason"] for e in yaml.safe_load((HERE / "better.yaml").read_text()) or []}
GAPS: dict[str, str] = {e["id"]: e["reason"] for e in yaml.safe_load((HERE / "known_gaps.yaml").read_text()) or []}
MODEL_WORD = "M"
JUDGED = sorted(cid for cid, c in CASES.items() if c["verdict"] in ("accepted", "refused"))

# The platform the recording faked (tools/vllm_conformance.py, PLATFORMS), told to argmatrix the way check-config is
# told: devices per node, memory per device, and the GPU's compute capability (an H200, SM90).
DEVICES = {"cuda": (8, 143771 << 20, "sm90"), "cpu": (None, 256 * GIB, None)}


def model_dir(case: dict[str, Any]) -> Path:
    return HERE / "models" / case["model"]


def argv_for_argmatrix(case: dict[str, Any]) -> list[str]:
    where = str(model_dir(case))
    argv = [where if w == MODEL_WORD else f"--model={where}" if w == f"--model={MODEL_WORD}" else w
            for w in case["argv"]]
    return [*case["program"].split(), *argv]


@functools.cache
def compiled(case_id: str) -> Any:
    case = CASES[case_id]
    count, memory, arch = DEVICES[case["target"]]
    return compile(argv_for_argmatrix(case), CompileOptions(target=case["target"], env=case.get("env", {}), release=RELEASE, plan_inputs=PlanInputs(model_config=str(model_dir(case) / "config.json"), device_memory=memory,
                                          devices_per_node=count, gpu_arch=parse_gpu_arch(arch) if arch else None)))


def argmatrix_errors(case_id: str) -> tuple[str, ...]:
    return tuple(f"{f.code} {f.message.en}" for f in compiled(case_id).findings if f.severity == "error")


def outcome(case_id: str) -> str:
    """agree | differ | harness (the harness failed: no vLLM verdict to compare)."""
    verdict = CASES[case_id]["verdict"]
    if verdict not in ("accepted", "refused"):
        return "harness"
    return "agree" if bool(argmatrix_errors(case_id)) == (verdict == "refused") else "differ"


def describe(case_id: str) -> str:
    case = CASES[case_id]
    theirs = (f"vLLM refuses at {case.get('site')} ({case.get('exception')}: {case.get('message', '')[:200]})"
              if case["verdict"] == "refused" else "vLLM accepts")
    ours = "; ".join(argmatrix_errors(case_id))[:300] or "argmatrix has no error"
    return f"{case_id} [{case['target']}] {case['program']} {shlex.join(case['argv'])}\n  {theirs}\n  argmatrix: {ours}"


@pytest.fixture(autouse=True)
def _repository_root(monkeypatch):
    monkeypatch.chdir(REPO)  # the corpus's --config edge case names its YAML from the repository root


def test_the_fixture_covers_the_corpus_and_the_generated_cases():
    prov = VERDICTS["provenance"]
    assert prov["release"] == RELEASE and prov["recorded_by"] == "tools/vllm_conformance.py"
    commands = json.loads((REPO / "tests/fixtures/vllm_corpus/commands.json").read_text(encoding="utf-8"))["commands"]
    recorded = {c["command"] for c in CASES.values() if "command" in c}
    assert recorded == {c["id"] for c in commands}, "re-record: /work/venvs/vllm-0.34.0/bin/python tools/vllm_conformance.py"
    generated: dict[str, Any] = {}
    for path in sorted((HERE / "cases").glob("*.yaml")):
        for entry in yaml.safe_load(path.read_text()) or []:
            generated[str(entry["id"])] = entry
    assert set(generated) <= set(CASES), sorted(set(generated) - set(CASES))[:5]
    stale = [cid for cid, e in generated.items()
             if CASES[cid]["argv"][1:] != (e["argv"] if isinstance(e["argv"], list) else shlex.split(e["argv"]))[1:]]
    assert not stale, f"cases changed since they were recorded: {stale[:5]}; re-record"
    assert len(CASES) > 1000 and len(JUDGED) > 1000


def test_the_faked_platform_took():
    accepted = [c for c in CASES.values() if c["verdict"] == "accepted" and not c.get("exits_with_output")]
    assert {c["resolved"]["device"] for c in accepted if c["target"] == "cuda"} == {"cuda"}
    assert {c["resolved"]["device"] for c in accepted if c["target"] == "cpu"} == {"cpu"}


def test_better_and_gaps_name_recorded_cases_once_with_a_reason():
    assert not set(BETTER) - set(CASES), sorted(set(BETTER) - set(CASES))
    assert not set(GAPS) - set(CASES), sorted(set(GAPS) - set(CASES))
    assert not set(BETTER) & set(GAPS), sorted(set(BETTER) & set(GAPS))
    assert all(str(reason).strip() for reason in [*BETTER.values(), *GAPS.values()])


@pytest.mark.parametrize("case_id", JUDGED)
def test_vllms_verdict_or_a_listed_difference(case_id):
    result = outcome(case_id)
    if case_id in GAPS:
        assert result == "differ", f"{case_id} is in known_gaps.yaml but now agrees with vLLM: delete the entry"
        pytest.xfail(f"known gap ({GAPS[case_id]}): {describe(case_id)}")
    if case_id in BETTER:
        assert result == "differ", f"{case_id} is in better.yaml but now agrees with vLLM: delete the entry"
        return
    assert result == "agree", describe(case_id)


def test_listed_cases_are_judged():
    """A listed case whose recording became a harness failure is stale too."""
    unjudged = sorted(cid for cid in [*BETTER, *GAPS] if cid not in JUDGED)
    assert not unjudged, unjudged


def test_agreement_is_at_least_95_percent():
    counts = {"agree": 0, "better": 0, "known gap": 0, "differ": 0}
    for case_id in JUDGED:
        result = outcome(case_id)
        if result == "differ":
            result = "better" if case_id in BETTER else "known gap" if case_id in GAPS else "differ"
        counts[result] += 1
    harness = len(CASES) - len(JUDGED)
    line = (f"vLLM {RELEASE} conformance: {counts['agree']}/{len(JUDGED)} judged cases agree "
            f"({100 * counts['agree'] / len(JUDGED):.1f}%), {counts['better']} documented better, "
            f"{counts['known gap']} known gaps, {counts['differ']} unlisted; {harness} harness failures not compared")
    print(line)
    warnings.warn(line, stacklevel=1)
    assert counts["differ"] == 0
    assert counts["agree"] >= 0.95 * len(JUDGED)


# --- resolved values argmatrix computes the same way -----------------------------------------------------------

ACCEPTED_CUDA = sorted(cid for cid, c in CASES.items()
                       if c["verdict"] == "accepted" and c["target"] == "cuda" and not c.get("exits_with_output"))


def _given(case_id: str, name: str) -> bool:
    return name in compiled(case_id).user_set


def test_max_model_len_is_the_models_unless_given():
    checked = 0
    for case_id in ACCEPTED_CUDA:
        case, ours = CASES[case_id], compiled(case_id)
        theirs = case["resolved"]["max_model_len"]
        given = ours.values.get("max_model_len")
        if _given(case_id, "max_model_len") and isinstance(given, int) and given > 0:
            assert theirs == given, describe(case_id)
        elif not _given(case_id, "max_model_len") and "hf_overrides" not in ours.user_set:
            expected = read_model_facts(str(model_dir(case) / "config.json")).context_length
            if "max_model_len" in case["resolved"] and theirs != expected:
                pytest.fail(f"{describe(case_id)}\n  vLLM resolved max_model_len {theirs}, the model's is {expected}")
        checked += 1
    assert checked > 200


def test_given_gpu_memory_utilization_block_size_and_the_servers_defaults_for_an_h200():
    tokens, seqs = serve_defaults(DEVICES["cuda"][1])
    checked = 0
    for case_id in ACCEPTED_CUDA:
        resolved, ours = CASES[case_id]["resolved"], compiled(case_id)
        if _given(case_id, "gpu_memory_utilization"):
            assert resolved["gpu_memory_utilization"] == pytest.approx(ours.values["gpu_memory_utilization"])
            checked += 1
        if {"hf_overrides", "runner", "convert"} & ours.user_set:
            continue  # a pooling model or another runner: vLLM's scheduler defaults differ there
        if _given(case_id, "max_num_seqs"):
            assert resolved["max_num_seqs"] == ours.values["max_num_seqs"], describe(case_id)
        elif not _given(case_id, "max_num_batched_tokens"):  # (a given token budget caps the sequences too)
            assert resolved["max_num_seqs"] == seqs, describe(case_id)
        if not {"max_num_batched_tokens", "max_model_len", "enable_chunked_prefill"} & ours.user_set:
            assert resolved["max_num_batched_tokens"] == tokens, describe(case_id)
        block = ours.values["block_size"] if _given(case_id, "block_size") else block_size({}, "gpu", RELEASE)
        assert resolved["block_size"] == block, describe(case_id)
        parallel = [ours.values.get(k) or 1 for k in ("tensor_parallel_size", "pipeline_parallel_size")]
        assert [resolved["tensor_parallel_size"], resolved["pipeline_parallel_size"]] == parallel, describe(case_id)
    assert checked > 20


# --- the declared rules, each against vLLM's own verdict -------------------------------------------------------

# rules whose condition `vllm serve` checks itself before create_engine_config reaches the cited site
SERVE_CHECKS_FIRST = {"vllm-hybrid-and-external-lb": "entrypoints/cli/serve.py:100"}
RULE_CASES = {str(e["id"]): e for e in yaml.safe_load((HERE / "cases" / "rules.yaml").read_text()) or []}


def test_every_declared_rule_has_a_breaking_and_a_holding_launch():
    from argmatrix.matrix.engines.vllm_checks import VLLM_RULES

    for rule in VLLM_RULES:
        assert {f"rule-{rule.id}-breaks", f"rule-{rule.id}-holds"} <= set(RULE_CASES), rule.id


@pytest.mark.parametrize("case_id", sorted(c for c in RULE_CASES if c.endswith("-breaks")))
def test_a_rules_breaking_launch_fires_it_where_vllm_0_34_has_the_check(case_id):
    """Where the rule holds in 0.34.0 (vllm_rule_releases.py), vLLM refuses its breaking launch at the very site the
    rule's table names for 0.34.0, and argmatrix fires the rule; where it does not hold, neither refuses for it."""
    from argmatrix.matrix.engines.vllm_checks import VLLM_RULES
    from argmatrix.matrix.engines.vllm_rule_releases import SITES

    rule = next(r for r in VLLM_RULES if f"rule-{r.id}-breaks" == case_id)
    case, fired = CASES[case_id], [f for f in compiled(case_id).findings if f.code == rule.code]
    sites = SITES.get(rule.id, {}).get(RELEASE)
    if sites is None:
        assert not fired and case["verdict"] == "accepted", describe(case_id)
    elif rule.severity == "error":
        assert fired and case["verdict"] == "refused", describe(case_id)
        assert case["site"] in (*sites, SERVE_CHECKS_FIRST.get(rule.id)), describe(case_id)
    else:  # a warning: vLLM replaces the value and starts
        assert fired and case["verdict"] == "accepted", describe(case_id)
