"""A ``vllm serve`` line is checked on every platform without a traceback, and vLLM-Ascend's checks that read
the chip or the environment report on a vLLM flag the user can change."""
from __future__ import annotations

import json

import pytest

from argmatrix.compiler import CompileOptions, compile
from argmatrix.matrix import engines
from argmatrix.matrix.engines.vllm import VIEW_KEYS, ascend_rules
from argmatrix.matrix.platforms import PLATFORMS

# each fires one of vLLM-Ascend's checks whose first condition is the chip or Model Runner V2
LINES = [
    ["vllm", "serve", "Qwen/Qwen2.5-7B"],
    ["vllm", "serve", "Qwen/Qwen2.5-7B", "--additional-config", json.dumps({"enable_mc2_hierarchy_comm": True})],
    ["vllm", "serve", "Qwen/Qwen2.5-7B", "--additional-config",
     json.dumps({"ascend_compilation_config": {"enable_static_kernel": True, "enable_npugraph_ex": False}})],
    ["vllm", "serve", "Qwen/Qwen2.5-7B", "--additional-config",
     json.dumps({"eplb_config": {"load_collection_phase": "prefill"}})],
]


@pytest.mark.parametrize("platform", list(PLATFORMS))
@pytest.mark.parametrize("argv", LINES, ids=range(len(LINES)))
@pytest.mark.parametrize("v2", [False, True])
def test_every_platform_checks_a_vllm_line(platform, argv, v2):
    env = {"VLLM_USE_V2_MODEL_RUNNER": "1"} if v2 else {}
    compiled = compile(argv, CompileOptions(target=platform, env=env))
    specs = engines.get("vllm").surface.specs
    for finding in compiled.findings:
        assert finding.field is None or finding.field in specs, finding


def test_ascend_checks_name_only_vllm_fields():
    specs = engines.get("vllm").surface.specs
    for rule in ascend_rules():
        assert rule.fields and not set(rule.fields) & set(VIEW_KEYS), rule.id
        assert all(f in specs for f in rule.fields), rule.id


@pytest.mark.parametrize("env, refused", [
    ({"VLLM_USE_V2_MODEL_RUNNER": "1", "DYNAMIC_EPLB": "1"}, True),
    ({"VLLM_USE_V2_MODEL_RUNNER": "1", "DYNAMIC_EPLB": "True"}, True),
    ({"VLLM_USE_V2_MODEL_RUNNER": "1", "EXPERT_MAP_RECORD": "true"}, True),
    ({"VLLM_USE_V2_MODEL_RUNNER": "1", "DYNAMIC_EPLB": "false"}, False),
    ({"DYNAMIC_EPLB": "1"}, False),  # Model Runner V1: its own switch
])
def test_dynamic_eplb_under_model_runner_v2_is_refused_as_vllm_ascend_refuses_it(env, refused):
    """vllm_ascend/platform.py:764 (_validate_eplb_config) raises under Model Runner V2 when either V1 switch is
    true or 1."""
    compiled = compile(["vllm", "serve", "Qwen/Qwen3-30B-A3B"], CompileOptions(target="a3", env=env))
    hits = [f for f in compiled.findings if "DYNAMIC_EPLB" in f.message.en]
    assert bool(hits) == refused
    if refused:
        assert hits[0].severity == "error" and "DYNAMIC_EPLB" in hits[0].message.zh
        assert "--enable-eplb" in hits[0].hint.en


@pytest.mark.parametrize("text, position", [('{"enable_flashcomm1": tru', "column 23"),
                                            ("enable_flashcomm1=true", "column 1"),
                                            ("[" * 100_000, "nesting too deep"),
                                            ("1" + "0" * 5_000, "thousands of digits")],
                         ids=["truncated", "key-equals-value", "deep", "huge-number"])
@pytest.mark.parametrize("ascend", ["0.13.0", "0.23.0.post1", "main"])
def test_additional_config_that_is_not_an_object_stops_vllm_ascend(text, position, ascend):
    """vLLM keeps text that is not a whole {...} as text (union_dict_and_str); every held vLLM-Ascend's
    AscendConfig.__init__ then calls additional_config.get on it and the start-up fails."""
    compiled = compile(["vllm", "serve", "Qwen/Qwen2.5-7B", "--additional-config", text], CompileOptions(target="a2", releases={"vllm-ascend": ascend}))
    [hit] = [f for f in compiled.findings if f.code == "AM-E973"]
    assert hit.severity == "error" and hit.flag == "--additional-config" and hit.source == "argv[3]"
    assert position in hit.message.en and text[:70] in hit.message.en and "JSON" in hit.message.zh
    assert hit.value == text and len(hit.message.en) < 400
    assert "'{\"key\": true}'" in hit.hint.en
    again = compile(["vllm", "serve", "Qwen/Qwen2.5-7B", "--additional-config", '{"enable_flashcomm1": true}'], CompileOptions(target="a2", releases={"vllm-ascend": ascend}))
    assert not [f for f in again.findings if f.code == "AM-E973"]


def test_additional_config_text_on_cuda_is_left_to_vllm():
    """Without vLLM-Ascend no plugin reads the object: vLLM accepts the text (VllmConfig.additional_config is
    dict | SupportsHash) and nothing reads it, so it is no error there."""
    compiled = compile(["vllm", "serve", "Qwen/Qwen2.5-7B", "--additional-config", '{"a": tru'], CompileOptions(target="cuda"))
    assert not [f for f in compiled.findings if f.severity == "error"]


@pytest.mark.parametrize("spec, refused", [
    (["--spec-method", "mtp", "--spec-tokens", "2"], True),
    (["--speculative-config", '{"method": "mtp", "num_speculative_tokens": 2}'], True),
    (["--spec-method", "mtp", "--spec-tokens", "1"], False),
])
def test_vllm_ascend_reads_the_speculative_config_vllm_builds_from_the_shorthands(spec, refused):
    """vLLM 0.34 writes --spec-method/--spec-model/--spec-tokens into the speculative config before vLLM-Ascend
    reads it (EngineArgs.create_speculative_config), so the plugin's checks of num_speculative_tokens (here xlite's,
    XliteGraphConfig.__init__) see the shorthand as they see the JSON key."""
    launch = ["vllm", "serve", "m", "--additional-config", '{"xlite_graph_config": {"enabled": true}}', *spec]
    compiled = compile(launch, CompileOptions(target="a3", env={}, releases={"vllm-ascend": "main"}))
    hits = [f for f in compiled.findings if "num_speculative_tokens 1" in f.message.en]
    assert bool(hits) == refused
    assert not [f for f in compiled.findings if f.code == "AM-E920"]  # a method is given
