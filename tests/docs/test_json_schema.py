"""generated/config.schema.json: valid draft-07 (what YAML language servers implement), faithful to the types,
one suggested key per argument, and the example configs pass it."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from argmatrix.generate import json_schema
from argmatrix.schema.registry import NAMES, SPECS
from argmatrix.schema.releases import NEWEST, value_state, verdict

from ._md import ROOT

jsonschema = pytest.importorskip("jsonschema")
EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*.yaml"))


@pytest.fixture(scope="module")
def schema(files):
    return json.loads(files["config.schema.json"])


@pytest.fixture(scope="module")
def validator(schema):
    return jsonschema.Draft7Validator(schema)


def test_is_a_valid_draft_07_schema(schema):
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    jsonschema.Draft7Validator.check_schema(schema)
    assert jsonschema.validators.validator_for(schema) is jsonschema.Draft7Validator


def test_every_argument_has_description_default_and_type(schema):
    props = schema["properties"]
    for name, spec in SPECS.items():
        if name in json_schema.EXCLUDED:
            assert name not in props
            continue
        p = props[name]
        assert spec.arg.help.en in p["description"] and spec.arg.help.zh in p["description"]
        if verdict(name).accepted or verdict(name).state == "argmatrix-only":
            assert "default" in p, name
            if spec.choices and not spec.is_list:  # the values SGLang's newest release takes, no other
                enums = [x.get("enum", [x["const"]] if "const" in x else None) for x in [p, *p.get("anyOf", [])]]
                assert [v for v in spec.choices if value_state(name, str(v), NEWEST) is None] in enums, name


def test_aliases_refer_to_the_canonical_property(schema, validator):
    props = schema["properties"]
    assert props["tensor_parallel_size"]["allOf"] == [{"$ref": "#/properties/tp_size"}]
    assert props["tp-size"]["allOf"] == [{"$ref": "#/properties/tp_size"}]
    for key in NAMES:  # every key spelling the compiler accepts is a property
        if NAMES[key] not in json_schema.EXCLUDED:
            assert key in props and key.replace("_", "-") in props
    assert not list(validator.iter_errors({"tensor-parallel-size": 2, "mem_fraction_static": 0.8}))


def _strip_lenient(s):
    """Our schema additionally accepts JSON text for objects and comma lists for lists; pydantic's does not say so."""
    if isinstance(s, dict):
        if "anyOf" in s:
            parts = [_strip_lenient(p) for p in s["anyOf"]
                     if p.get("description") not in ("JSON text", "comma-separated values or a JSON array")]
            rest = {k: v for k, v in s.items() if k != "anyOf"}
            return parts[0] if len(parts) == 1 and not rest else {**rest, "anyOf": parts}
        return {k: _strip_lenient(v) for k, v in s.items()}
    return s


def test_type_translation_matches_pydantic_for_every_field():
    from pydantic import TypeAdapter

    for name, spec in SPECS.items():
        ours = _strip_lenient(json_schema.type_schema(spec.annotation))
        assert ours == TypeAdapter(spec.annotation).json_schema(), name


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_configs_validate_and_compile_for_their_platform(path: Path, validator):
    from argmatrix.compiler import CompileOptions, compile

    text = path.read_text(encoding="utf-8")
    target = re.search(r"^# target: (\S+)", text, re.MULTILINE).group(1)
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
              for e in validator.iter_errors(yaml.safe_load(text))]
    assert not errors
    release = re.search(r"^# sglang-version: (\S+)", text, re.MULTILINE)  # the SGLang release it was written for
    compiled = compile(None, CompileOptions(config=str(path), target=target, env={},
                                            **{"sglang_version": release.group(1)} if release else {}))
    assert compiled.exit_code == 0, [f.message.en for f in compiled.findings]
    assert not compiled.warnings, [f.message.en for f in compiled.warnings]


def test_there_are_realistic_examples():
    names = {p.name for p in EXAMPLES}
    assert {"a3-deepseek-v3.yaml", "cpu-demo.yaml"} <= names


def test_generated_example_config_validates(files, validator):
    assert not list(validator.iter_errors(yaml.safe_load(files["example-config.yaml"])))


@pytest.mark.parametrize("bad, where", [
    ({"tp_size": 0}, "tp_size"),
    ({"tp-size": "two"}, "tp-size"),
    ({"attention_backend": "flashattention"}, "attention_backend"),
    ({"tokenizer_mode": "fast"}, "tokenizer_mode"),
    ({"context_length": "32 thousand"}, "context_length"),
    ({"enable_double_sparsity": True}, "enable_double_sparsity"),  # removed: an error, as in the compiler
    ({"tp_szie": 2}, ""),  # unknown key
    ({"config": "other.yaml"}, ""),  # a config file cannot load another one
    ({"port": 70000}, "port"),
])
def test_bad_configs_fail(validator, bad, where):
    errors = list(validator.iter_errors(bad))
    assert errors
    assert any("/".join(map(str, e.absolute_path)) == where for e in errors)


def test_a_bad_example_file_fails(tmp_path, validator):
    bad = tmp_path / "bad.yaml"
    bad.write_text("model_path: /m\ntp_size: -1\nkv_cache_dtype: fp9\nenable_eplb: maybe\n", encoding="utf-8")
    paths = {"/".join(map(str, e.absolute_path)) for e in validator.iter_errors(yaml.safe_load(bad.read_text()))}
    assert paths == {"tp_size", "kv_cache_dtype", "enable_eplb"}


def test_lenient_text_forms_the_compiler_accepts(validator):
    ok = {"context_length": "32k", "cuda_graph_bs_decode": "1,2,4", "json_model_override_args": '{"a": 1}',
          "model_loader_extra_config": {"x": 1}}
    assert not list(validator.iter_errors(ok))


def test_completion_offers_one_key_per_argument(schema):
    """Aliases and deprecated spellings validate but carry doNotSuggest: one suggestion per live argument."""
    suggested = [k for k, p in schema["properties"].items() if not p.get("doNotSuggest")]
    live = [n for n in SPECS if verdict(n).state in ("current", "argmatrix-only") and n not in json_schema.EXCLUDED]
    assert sorted(suggested) == sorted(live)


def test_deprecations_carry_a_deprecation_message(schema, validator):
    """The editor says what SGLang's newest release says: check-config's verdict and fix, word for word."""
    props = schema["properties"]
    for name in SPECS:
        v = verdict(name)
        if v.state in ("deprecated", "refused") and name not in json_schema.EXCLUDED:
            assert props[name]["deprecationMessage"].startswith(v.says.en), name
            assert v.fix is None or v.fix.en in props[name]["deprecationMessage"], name
    assert not list(validator.iter_errors({"disable_cuda_graph": True}))  # deprecated: still valid, only marked
    assert list(validator.iter_errors({"cuda_graph_bs": [8, 16]}))  # refused by 0.5.23: invalid, as check-config says
    assert list(validator.iter_errors({"cuda_graph_backend_prefill": "tc_piecewise"}))  # a value 0.5.22 removed


def test_aliases_are_checked_against_the_argument(validator):
    assert [e.message for e in validator.iter_errors({"tp-size": 0})]  # the $ref under allOf is followed
    assert not list(validator.iter_errors({"tensor-parallel-size": 4}))


def test_a_dollar_schema_key_is_allowed_and_skipped_by_the_compiler(tmp_path, validator):
    from argmatrix.compiler import CompileOptions, compile

    data = {"$schema": "config.schema.json", "tp_size": 2}
    assert not list(validator.iter_errors(data))
    path = tmp_path / "c.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    compiled = compile(None, CompileOptions(config=str(path), target="cuda", env={}))
    assert compiled.ok and compiled.values["tp_size"] == 2, [f.message.en for f in compiled.findings]


def test_the_editor_header_is_documented_and_in_the_example(files):
    assert files["example-config.yaml"].startswith("# yaml-language-server: $schema=config.schema.json")
    docs = (ROOT / "docs" / "check-config.md").read_text(encoding="utf-8")
    assert "# yaml-language-server: $schema=" in docs


def test_the_vllm_config_schema_accepts_vllms_own_config_file_and_refuses_a_misspelt_key():
    import yaml

    root = Path(__file__).resolve().parents[2]
    schema = json.loads((root / "generated" / "vllm-config.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft7Validator.check_schema(schema)
    good = yaml.safe_load((root / "tests" / "fixtures" / "vllm_corpus" / "edge_config.yaml").read_text(encoding="utf-8"))
    assert not list(jsonschema.Draft7Validator(schema).iter_errors(good))
    bad = {"tensor_parallel_size": 2, "compilation-config": {"cudagraph_mod": "FULL"}, "max-modle-len": 4096}
    messages = " ".join(e.message for e in jsonschema.Draft7Validator(schema).iter_errors(bad))
    assert "cudagraph_mod" in messages and "max-modle-len" in messages
