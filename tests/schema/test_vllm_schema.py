"""argmatrix's vLLM declarations against vLLM's own parser, read out of its wheel (tests/fixtures/vllm-*.json).

Every ``vllm serve`` argument of each release held is one typed field with vLLM's flags, default and choices;
every key of vLLM's JSON config arguments is declared with vLLM's type, default and choices; every help text
is written, in both languages.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from argmatrix.matrix import engines
from argmatrix.schema.surface import VLLM
from argmatrix.schema.vllm.objects import OBJECTS

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
V032 = json.loads((FIXTURES / "vllm-0.32.0.json").read_text(encoding="utf-8"))
V033 = json.loads((FIXTURES / "vllm-0.33.0.json").read_text(encoding="utf-8"))
FLAGS_032 = [f for f in V032["flags"] if f["dest"] != "model_tag"]  # `vllm serve MODEL` is our `model`
ADDED_033 = {f["dest"] for f in V033["changes"]["added"]}
HELD = engines.get("vllm").releases.held


def _plain(value):
    return list(value) if isinstance(value, (tuple, set)) else value


@pytest.mark.parametrize("entry", FLAGS_032, ids=lambda e: e["dest"])
def test_every_vllm_flag_is_a_field_with_vllms_facts(entry):
    spec = VLLM.specs[entry["dest"]]
    negative = set(entry.get("negative_flags") or ())
    hidden = set(entry.get("hidden_flags") or ())
    assert set(spec.flags) == set(entry["flags"]) - negative - hidden or spec.name == "model"
    assert bool(spec.arg.negatable) == (entry["action"] == "boolean_optional")
    if entry["action"] in ("boolean_optional", "store_true"):
        assert spec.is_bool
    default = entry["default"]
    if not entry.get("default_is_repr") and spec.name != "model" and default != "==SUPPRESS==":
        expected = [] if default == "set()" else default
        assert _plain(spec.default) == expected or (expected is not None and str(spec.default) == str(expected))
    if entry.get("choices") and entry.get("nargs") not in ("+", "*"):
        assert set(spec.choices or ()) == {c for c in entry["choices"] if c is not None}


def test_the_surface_holds_exactly_the_flags_of_the_releases_held():
    assert HELD == ("0.32.0", "0.33.0")
    assert not V033["changes"]["removed"] and not V033["changes"]["renamed"]
    assert set(VLLM.specs) == {f["dest"] for f in FLAGS_032} | ADDED_033 | {"model"}
    line = engines.get("vllm").releases
    for name in ADDED_033:  # a flag 0.33 added does not exist in 0.32
        assert line.introduced[name] == "0.33.0" and not line.exists_in(name, "0.32.0") and line.exists_in(name, "0.33.0")


@pytest.mark.parametrize("entry", [f for f in V033["flags"] if f["dest"] in ADDED_033], ids=lambda e: e["dest"])
def test_the_flags_0_33_added_are_fields_with_its_facts(entry):
    spec = VLLM.specs[entry["dest"]]
    assert set(spec.flags) == set(entry["flags"]) - set(entry.get("negative_flags") or ())
    if not entry.get("default_is_repr"):
        assert spec.default == entry["default"]


@pytest.mark.parametrize("name", sorted(VLLM.specs))
def test_every_vllm_field_has_help_in_both_languages(name):
    text = VLLM.specs[name].arg.help
    assert text.en.strip() and text.zh.strip()
    assert any("\u4e00" <= ch <= "\u9fff" for ch in text.zh)


CONFIGS = {**V032["configs"], "watchdog_config": V033["configs"]["watchdog_config"]}


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_every_config_object_key_is_declared_as_vllm_declares_it(name):
    config = CONFIGS[name]
    cls, source, keys = OBJECTS[name]
    assert cls == config["class"] and source == config["source"]
    declared = {k.key: k for k in keys}
    assert set(declared) == {f["name"] for f in config["fields"]}
    for field in config["fields"]:
        key = declared[field["name"]]
        assert key.strict and key.source.endswith(field["source"])
        if field.get("choices") and key.choices is not None:
            assert tuple(field["choices"]) == key.choices
        assert key.help.en.strip() and key.help.zh.strip(), key.key


@pytest.mark.parametrize("name, value", [("max_model_len", "32k"), ("max_model_len", "auto"), ("max_model_len", "-1"),
                                         ("additional_config", '{"enable_cpu_binding": true}'),
                                         ("model_loader_extra_config", "${CONFIG}"), ("pt_load_map_location", "cpu")])
def test_vllms_human_ints_and_object_or_name_values_stay_on_the_fast_path(name, value):
    """A well-formed vLLM launch never builds a pydantic validator (cold start); the fast path agrees with it."""
    from argmatrix.schema.validate import _NO, _fast, field_adapter

    fast = _fast(VLLM.specs[name], value)
    assert fast is not _NO
    assert fast == field_adapter(name, VLLM.specs).validate_python(value)
