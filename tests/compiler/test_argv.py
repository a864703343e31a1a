"""Command-line conventions: aliases, spellings, booleans, repeats, lists, JSON flags, human integers, errors."""
from __future__ import annotations

import pytest

from .helpers import codes, only, run


@pytest.mark.parametrize("argv", [
    ["--tp", "4"], ["--tp-size", "4"], ["--tensor-parallel-size", "4"], ["--tp-size=4"], ["--tp=4"],
])
def test_tp_spellings(argv):
    c = run(argv, target="cuda")
    assert c.findings == []
    assert c.args.tp_size == 4 and c.sources["tp_size"] == "argv[0]"


@pytest.mark.parametrize("argv", [["--tp_size", "4"], ["--tensor_parallel_size=4"]])
def test_underscores_are_argmatrix_spellings_that_sglang_refuses(argv):
    """SGLang's argparse has no --tp_size (0.5.23 stops with 'unrecognized arguments'); argmatrix serve reads it."""
    refused = run(argv, target="cuda")
    assert codes(refused) == ["AM-E115"] and refused.exit_code == 1
    assert "--tp-size" in refused.findings[0].hint.en or "--tensor-parallel-size" in refused.findings[0].hint.en
    ours = run(argv, target="cuda", engine="argmatrix")
    assert not [f for f in ours.findings if f.severity != "note"] and ours.args.tp_size == 4
    assert ours.engine == "argmatrix"


@pytest.mark.parametrize("argv", [["--ep", "2"], ["--ep-size", "2"], ["--expert-parallel-size", "2"], ["--ep=2"]])
def test_ep_spellings(argv):
    c = run(argv, target="a3")
    assert c.findings == [] and c.args.ep_size == 2


@pytest.mark.parametrize("argv, value", [
    (["--disable-radix-cache"], True),
    (["--enable-radix-cache"], False),
    (["--no-disable-radix-cache"], False),
    (["--disable-radix-cache", "true"], True),
    (["--disable-radix-cache", "false"], False),
    (["--disable-radix-cache=false"], False),
    (["--disable-radix-cache", "0"], False),
    (["--disable-radix-cache", "yes"], True),
])
def test_boolean_spellings(argv, value):
    """argmatrix's own spellings of a switch (vLLM's too); SGLang has only the plain one (test_releases.py)."""
    c = run(argv, target="cuda", releases={"sglang": None})
    assert c.findings == []
    assert c.args.disable_radix_cache is value and c.sources["disable_radix_cache"] == "argv[0]"


def test_sglang_switches_take_no_value():
    c = run(["--disable-radix-cache", "false"], target="cuda", releases={"sglang": "0.5.23"})
    f = only(c, "AM-E112")
    assert "unrecognized arguments: false" in f.message.en and f.source == "argv[0]"
    assert run(["--disable-radix-cache"], target="cuda", releases={"sglang": "0.5.23"}).findings == []


def test_enable_disable_pairs_and_no_prefix():
    c = run(["--disable-dp-attention"], target="a3")
    assert c.args.enable_dp_attention is False and "enable_dp_attention" in c.user_set
    assert run(["--no-trust-remote-code"], target="a3").args.trust_remote_code is False
    assert run(["--trust-remote-code"], target="a3").args.trust_remote_code is True
    # a --no- form of a flag that takes a value does not exist
    assert only(run(["--no-tp-size"], target="a3"), "AM-E001").flag == "--no-tp-size"


def test_switch_does_not_swallow_the_next_flag():
    c = run(["--trust-remote-code", "--tp", "2"], target="a3")
    assert c.findings == [] and c.args.trust_remote_code is True and c.args.tp_size == 2


def test_explicit_value_on_the_opposite_switch():
    assert run(["--enable-radix-cache", "true"], target="a3").args.disable_radix_cache is False
    assert run(["--enable-radix-cache=false"], target="a3").args.disable_radix_cache is True


def test_switch_with_a_non_boolean_value():
    f = only(run(["--disable-radix-cache=maybe"], target="a3"), "AM-E005")
    assert f.flag == "--disable-radix-cache" and f.value == "maybe"


def test_repeated_flag_warns_and_the_last_wins():
    c = run(["--tp", "2", "--model-path", "m", "--tensor-parallel-size", "4"], target="cuda")
    f = only(c, "AM-W301")
    assert f.severity == "warning" and f.field == "tp_size" and f.source == "argv[4]"
    assert "argv[0]" in f.message.en and "argv[4]" in f.message.en
    assert c.args.tp_size == 4 and c.sources["tp_size"] == "argv[4]"
    assert c.exit_code == 0
    b = run(["--trust-remote-code", "--no-trust-remote-code"], target="cuda", releases={"sglang": None})
    assert codes(b) == ["AM-W301"] and b.args.trust_remote_code is False


@pytest.mark.parametrize("argv", [
    ["--cuda-graph-bs", "1", "2", "4"], ["--cuda-graph-bs", "1,2,4"], ["--cuda-graph-bs", "[1, 2, 4]"],
    ["--cuda-graph-bs=1,2,4"], ["--cuda-graph-bs", "1", "--cuda-graph-bs+", "2", "--cuda-graph-bs+=4"],
])
def test_list_spellings(argv):
    c = run(argv + ["--tp", "2"], target="cuda")
    assert c.args.cuda_graph_bs == [1, 2, 4]
    assert c.args.tp_size == 2  # the list stops at the next flag
    assert c.findings == []


@pytest.mark.parametrize("first", [["1", "2"], ["1,2"], ["[1,2]"]])
def test_list_append_keeps_earlier_values_and_is_typed_by_the_field(first):
    c = run(["--cuda-graph-bs", *first, "--cuda-graph-bs+", "8", "--cuda-graph-bs+=16,32"], target="cuda")
    assert c.findings == []
    assert c.args.cuda_graph_bs == [1, 2, 8, 16, 32]
    assert all(type(v) is int for v in c.args.cuda_graph_bs)
    assert "AM-W301" not in codes(c)  # appending is not repeating


def test_list_append_onto_env_and_file_values(tmp_path):
    c = run(["--cuda-graph-bs+", "8"], target="cuda", env={"ARGMATRIX_CUDA_GRAPH_BS": "1,2"})
    assert c.args.cuda_graph_bs == [1, 2, 8] and c.sources["cuda_graph_bs"] == "argv[0]"
    cfg = tmp_path / "c.toml"
    cfg.write_text("cuda_graph_bs = [1, 2]\n")
    assert run(["--cuda-graph-bs+", "8"], target="cuda", config=str(cfg)).args.cuda_graph_bs == [1, 2, 8]


def test_list_append_on_a_scalar_is_refused():
    f = only(run(["--tp-size+", "2"], target="cuda"), "AM-E004")
    assert f.field == "tp_size"


@pytest.mark.parametrize("argv, paths", [
    (["--lora-paths", "/adapters/a"], ["/adapters/a"]),
    (["--lora-paths", "/adapters/a", "b=/adapters/b"], ["/adapters/a", "b=/adapters/b"]),
    (["--lora-paths", "/adapters/a,b=/adapters/b"], ["/adapters/a", "b=/adapters/b"]),
    (["--lora-paths", '["/adapters/a"]'], ["/adapters/a"]),
    (["--lora-paths", '{"lora_name": "a", "lora_path": "/adapters/a", "pinned": true}'],
     [{"lora_name": "a", "lora_path": "/adapters/a", "pinned": True}]),
])
def test_lora_paths_take_one_or_several_values(argv, paths):
    c = run(argv, target="a3")
    assert c.findings == []
    assert c.args.lora_paths == paths
    assert c.args.enable_lora is True


def test_single_value_for_a_list_of_choices():
    c = run(["--enable-lora", "--max-lora-rank", "8", "--lora-target-modules", "q_proj"], target="cuda")
    assert c.findings == [] and c.args.lora_target_modules == ["q_proj"]


# --- JSON-valued flags ------------------------------------------------------------------------------------------

def test_json_flag_whole_object():
    c = run(["--json-model-override-args", '{"a": 1}'], target="cuda")
    assert c.findings == [] and c.args.json_model_override_args == {"a": 1}


def test_json_dotted_keys_merge_into_the_object():
    c = run(["--json-model-override-args", '{"a": {"x": 1}}', "--json-model-override-args.a.b", "2",
             "--json-model-override-args.c=true"], target="cuda")
    assert c.findings == []
    assert c.args.json_model_override_args == {"a": {"x": 1, "b": 2}, "c": True}
    assert c.sources["json_model_override_args"] == "argv[4]"


def test_json_dotted_keys_alone_build_the_object():
    c = run(["--json-model-override-args.a.b", "2", "--json-model-override-args.name", "hello"], target="cuda")
    assert c.args.json_model_override_args == {"a": {"b": 2}, "name": "hello"}


def test_json_dotted_list_append():
    c = run(["--json-model-override-args", '{"x": {"list": [0]}}', "--json-model-override-args.x.list+", "1",
             "--json-model-override-args.x.list+=2,3"], target="cuda")
    assert c.findings == []
    assert c.args.json_model_override_args == {"x": {"list": [0, 1, 2, 3]}}


def test_json_dotted_keys_merge_onto_file_and_env_objects(tmp_path):
    cfg = tmp_path / "c.yaml"
    cfg.write_text("json_model_override_args:\n  rope_scaling: {type: yarn}\n")
    c = run(["--json-model-override-args.rope_scaling.factor", "4"], target="cuda", config=str(cfg))
    assert c.args.json_model_override_args == {"rope_scaling": {"type": "yarn", "factor": 4}}
    e = run(["--json-model-override-args.b", "2"], target="cuda", env={"ARGMATRIX_JSON_MODEL_OVERRIDE_ARGS": '{"a": 1}'})
    assert e.args.json_model_override_args == {"a": 1, "b": 2}


def test_json_dotted_key_through_a_scalar_replaces_it():
    c = run(["--json-model-override-args", '{"a": 1}', "--json-model-override-args.a.b", "2"], target="cuda")
    assert c.findings == [] and c.args.json_model_override_args == {"a": {"b": 2}}


@pytest.mark.parametrize("first", ["{broken", "[1]"])
def test_json_dotted_key_does_not_hide_a_bad_earlier_value(first):
    c = run(["--json-model-override-args", first, "--json-model-override-args.a", "1"], target="cuda")
    assert only(c, "AM-E010").field == "json_model_override_args"


def test_dotted_keys_need_an_object_flag():
    c = run(["--tp-size.a", "2"], target="cuda")
    assert only(c, "AM-E004").field == "tp_size"
    assert c.exit_code == 2


def test_bad_json_is_a_type_error():
    f = only(run(["--json-model-override-args", "{a:"], target="cuda"), "AM-E010")
    assert f.field == "json_model_override_args" and "JSON" in f.message.en


# --- human-readable integers ------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("1k", 1000), ("1K", 1024), ("25.6k", 25600), ("32k", 32000), ("32K", 32768), ("1m", 10**6), ("1M", 2**20),
    ("4096", 4096),
])
@pytest.mark.parametrize("flag", ["--context-length", "--max-total-tokens", "--chunked-prefill-size"])
def test_human_integers(flag, text, value):
    c = run([flag, text], target="cuda")
    assert c.findings == []
    name = flag[2:].replace("-", "_")
    assert getattr(c.args, name) == value


def test_human_integers_from_env_and_json_file(tmp_path):
    cfg = tmp_path / "c.json"
    cfg.write_text('{\n  "context_length": "1K",\n  "max_prefill_tokens": "25.6k"\n}\n')
    c = run([], target="cuda", config=str(cfg), env={"ARGMATRIX_MAX_TOTAL_TOKENS": "32k"})
    assert c.findings == []
    assert c.args.context_length == 1024 and c.sources["context_length"] == f"file:{cfg}:2"
    assert c.args.max_prefill_tokens == 25600
    assert c.args.max_total_tokens == 32000 and c.sources["max_total_tokens"] == "env:ARGMATRIX_MAX_TOTAL_TOKENS"


@pytest.mark.parametrize("text", ["1.5K", "2.5M", "1.0001k", "12abc"])
def test_bad_human_integers_are_type_errors(text):
    c = run(["--model-path", "m", "--context-length", text], target="cuda")
    f = only(c, "AM-E010")
    assert (f.kind, f.field, f.flag, f.value, f.source) == ("type", "context_length", "--context-length", text,
                                                            "argv[2]")
    assert f.message.en.startswith(f"--context-length {text}:")
    assert c.exit_code == 1
    assert c.args.context_length is None and "context_length" not in c.user_set


def test_binary_suffix_fraction_from_env_names_the_env_var():
    f = only(run([], target="cuda", env={"ARGMATRIX_MAX_TOTAL_TOKENS": "1.5K"}), "AM-E010")
    assert f.flag == "--max-total-tokens" and f.value == "1.5K" and f.source == "env:ARGMATRIX_MAX_TOTAL_TOKENS"
    assert "fraction" in f.message.en


# --- unusable input ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("typo, meant", [
    ("--tp-szie", "--tp-size"), ("--enable-dp-attentoin", "--enable-dp-attention"),
    ("--model_pth", "--model-path"),
])
def test_unknown_flag_has_did_you_mean(typo, meant):
    c = run(["--model-path", "m", typo, "2"], target="a3")
    f = only(c, "AM-E001")
    assert (f.kind, f.flag, f.source) == ("usage", typo, "argv[2]")
    assert f.hint.en == f"did you mean {meant}?"
    assert c.exit_code == 2
    assert codes(c) == ["AM-E001"]  # the unknown flag's value is not reported again


def test_unknown_flag_without_a_close_match():
    f = only(run(["--xyzzy", "3"], target="a3"), "AM-E001")
    assert f.hint is None


@pytest.mark.parametrize("argv", [["--tp-size"], ["--tp-size", "--pp-size", "2"], ["--model-path"]])
def test_missing_value(argv):
    c = run(argv, target="cuda")
    f = only(c, "AM-E002")
    assert f.flag == argv[0] and f.source == "argv[0]" and f.kind == "usage"
    assert c.exit_code == 2


def test_missing_value_does_not_eat_the_next_flag():
    c = run(["--tp-size", "--pp-size", "2"], target="cuda")
    assert c.args.pp_size == 2 and c.sources["pp_size"] == "argv[1]"


def test_stray_word_is_a_usage_error():
    c = run(["--tp-size", "2", "extra"], target="cuda")
    assert only(c, "AM-E003").value == "extra" and c.exit_code == 2


def test_every_problem_is_reported_at_once():
    c = run(["--tp-szie", "2", "--context-length", "1.5K", "--enable-nccl-nvls"], target="a3")
    assert codes(c) == ["AM-E001", "AM-E010", "AM-E102"]
    assert c.exit_code == 2
    assert [f.severity for f in c.findings] == ["error"] * 3
