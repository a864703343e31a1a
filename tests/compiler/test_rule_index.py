"""The rule index (compiler/rule_index.py) skips only rules that cannot fire: over the SGLang conformance corpus,
the real-world launches and the vLLM corpus, every finding is the same with the index as with every rule run."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from argmatrix.compiler import CompileOptions, compile, rule_index
from argmatrix.compiler.model_checks import PlanInputs
from argmatrix.matrix.devices import parse_gpu_arch

from .test_sglang_conformance import CASES, DEVICES, RELEASE, argv_for_argmatrix

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _launches() -> list[tuple[str, list[str], dict]]:
    out = []
    for case_id, case in sorted(CASES.items()):
        count, memory, arch = DEVICES[case["target"]]
        out.append((f"conformance:{case_id}", argv_for_argmatrix(case), dict(
            target=case["target"], env=case.get("env", {}), releases={"sglang": RELEASE},
            plan_inputs=PlanInputs(device_memory=memory, devices_per_node=count,
                                   gpu_arch=parse_gpu_arch(arch) if arch else None))))
    for command in yaml.safe_load((FIXTURES / "real_world.yaml").read_text(encoding="utf-8"))["commands"]:
        out.append((f"real_world:{command['index']}", command["argv"], dict(target=command["target"], env={})))
    corpus = json.loads((FIXTURES / "vllm_corpus" / "commands.json").read_text(encoding="utf-8"))["commands"]
    for command in corpus:
        argv = [*command["program"].split(), *command["argv"]]
        env = {k: v for k, _, v in (w.partition("=") for w in command["env"])}
        out.append((f"vllm:{command['id']}", argv, dict(target="a3", env=env)))
    return out


LAUNCHES = _launches()


def findings(argv: list[str], options: dict) -> list[tuple]:
    compiled = compile(argv, CompileOptions(**options))
    return [(f.code, f.severity, f.field, f.message.en, f.rule) for f in compiled.findings]


def test_the_corpora_are_all_here():
    kinds = {name.split(":")[0] for name, _, _ in LAUNCHES}
    assert kinds == {"conformance", "real_world", "vllm"} and len(LAUNCHES) > 1000


@pytest.mark.parametrize("chunk", range(8))
def test_the_index_changes_no_finding(chunk, monkeypatch):
    mine = LAUNCHES[chunk::8]
    indexed = {name: findings(argv, options) for name, argv, options in mine}
    monkeypatch.setattr(rule_index, "INDEXED", False)
    differ = [name for name, argv, options in mine if findings(argv, options) != indexed[name]]
    assert not differ, differ[:10]


def test_the_index_skips_most_rules_of_a_small_launch():
    """A 3-flag launch runs a small part of SGLang's ~300 rules (else the index bought nothing)."""
    from argmatrix.compiler.compile import defaults_for
    from argmatrix.matrix import engines
    from argmatrix.matrix.platforms import PLATFORMS
    from argmatrix.matrix.rules import RuleContext

    eng = engines.get("sglang")
    base = defaults_for(eng, "0.5.23", PLATFORMS["a3"])
    every = eng.rules()
    ctx = RuleContext(dict(base.values), {"tp_size"}, eng.surface.specs, "a3", {}, None, None, None,
                      base.release_defaults)
    run = base.rule_base({"model_path", "tp_size", "mem_fraction_static"}).can_fire(every, ctx)
    assert 0 < len(run) < len(every) / 3, (len(run), len(every))


def test_a_rule_that_reads_an_environment_variable_runs_when_it_is_set():
    """The index records the variables a rule asks for: setting one brings the rule back."""
    from argmatrix.compiler.rule_index import RuleIndex
    from argmatrix.matrix.rules import Rule, RuleContext
    from argmatrix.schema.meta import Text

    probe = Rule("probe-env", "AM-E999", ("tp_size",), lambda c: c.env.get("PROBE_VAR") == "1", Text("x", "x"),
                 Text("x", "x"))
    from argmatrix.schema.registry import SPECS

    values = {n: s.default for n, s in SPECS.items()}
    index = RuleIndex("a3", values, SPECS, {})
    quiet = RuleContext(values, set(), SPECS, "a3", {}, None, None, None, {})
    loud = RuleContext(values, set(), SPECS, "a3", {"PROBE_VAR": "1"}, None, None, None, {})
    assert index.can_fire([probe], set(), quiet) == []
    assert index.can_fire([probe], set(), loud) == [probe]
    assert index.reads(probe).env == {"PROBE_VAR"}


MODEL_CONFIGS = sorted((FIXTURES / "model_configs").glob("*.json"))
MODEL_EXTRAS = (["--tp-size", "2"], ["--tp-size", "3"], ["--tp-size", "2", "--speculative-algorithm", "EAGLE"],
                ["--tp-size", "4", "--enable-dp-attention", "--dp-size", "4"])


@pytest.mark.parametrize("target", ["a3", "cuda", "cpu"])
def test_the_model_phase_changes_no_finding(target, tmp_path, monkeypatch):
    """With a model's config.json the model phase loads only the areas that hold a model rule
    (area_reads.MODEL_AREAS): over every fixture model, every finding is the same as with every rule run."""
    launches = []
    for config in MODEL_CONFIGS:
        folder = tmp_path / config.stem
        folder.mkdir()
        (folder / "config.json").write_text(config.read_text(encoding="utf-8"), encoding="utf-8")
        launches += [["--model-path", str(folder), *extra] for extra in MODEL_EXTRAS]
    options = dict(target=target, env={})
    indexed = [findings(argv, options) for argv in launches]
    monkeypatch.setattr(rule_index, "INDEXED", False)
    assert [findings(argv, options) for argv in launches] == indexed and len(launches) > 20


def test_the_model_phase_loads_every_model_rule_that_applies():
    """What model_phase_rules loads holds every rule that reads the model and applies on the platform's family."""
    from argmatrix.matrix import engines
    from argmatrix.matrix.platforms import PLATFORMS
    from argmatrix.matrix.sglang_checks import SGLANG_RULES

    eng = engines.get("sglang")
    for key, platform in PLATFORMS.items():
        loaded = {r.id for r in rule_index.model_phase_rules(eng, RELEASE, key)}
        wanted = {r.id for r in SGLANG_RULES if r.reads_model and r.applies(platform.family)}
        assert wanted <= loaded, (key, sorted(wanted - loaded))
        assert len(loaded) < len(SGLANG_RULES)  # and not every area


def _guarded_launches() -> list[list[str]]:
    """One launch per value of each field a guard speaks of (area_guards.QUIET), quiet or not, alone and beside a
    second change the rule may read: the values a guard lets an area stay unloaded for, and their neighbours."""
    from argmatrix.compiler.rule_index import guard_candidates
    from argmatrix.matrix.sglang_checks import area_guards
    from argmatrix.schema.registry import SPECS

    fields = sorted({field for by_field in area_guards.QUIET.values() for field in by_field})
    out = []
    for field in fields:
        spec = SPECS[field]
        for value in guard_candidates(spec):
            if value is None or value is False:
                continue  # the default of nearly every such field: the launch would change nothing
            words = [spec.flag] if value is True else [spec.flag, str(value)]
            out.append(["--model-path", "m", *words])
            out.append(["--model-path", "m", *words, "--disaggregation-mode", "decode", "--enable-dp-attention"])
    return out


@pytest.mark.parametrize("target", ["a3", "cuda", "cpu"])
def test_the_guards_change_no_finding(target, monkeypatch):
    """Every launch setting a guarded field, to each of its values, finds the same with the guards (and the rest of
    the index) as with every rule run."""
    launches = _guarded_launches()
    options = dict(target=target, env={})
    indexed = [findings(argv, options) for argv in launches]
    monkeypatch.setattr(rule_index, "INDEXED", False)
    differ = [argv for argv, found in zip(launches, indexed) if findings(argv, options) != found]
    assert not differ, differ[:5]
    assert len(launches) > 200


def test_a_quiet_value_keeps_an_area_unloaded():
    """--speculative-algorithm EAGLE changes a field DFLASH's, DSPARK's and UNO's own checks read, but EAGLE makes
    none of them fire: their areas stay unloaded; --speculative-algorithm DFLASH loads DFLASH's."""
    from tests.architecture.test_launch_imports import modules_after

    eagle = modules_after("--model-path", "m", "--speculative-algorithm", "EAGLE")
    assert "argmatrix.matrix.sglang_checks.startup" in eagle  # the launch was judged
    assert not {f"argmatrix.matrix.sglang_checks.{area}" for area in ("dflash", "dspark", "uno")} & eagle
    dflash = modules_after("--model-path", "m", "--speculative-algorithm", "DFLASH")
    assert "argmatrix.matrix.sglang_checks.dflash" in dflash
