"""argmatrix's vLLM declarations against vLLM's own parser, read out of its wheel (tests/fixtures/vllm-*.json).

Every ``vllm serve`` argument of any release held is one typed field whose type takes every value and default any
held release takes; every key of vLLM's JSON config arguments in any held release has help; every help text is
written, in both languages.  What one release does (its flags, defaults, choices and keys) is
``tests/schema/test_vllm_releases.py``'s.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from argmatrix.matrix import engines
from argmatrix.schema.surface import VLLM
from argmatrix.schema.vllm.objects import HELP

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
HELD = engines.get("vllm").releases.held
BY_RELEASE = {r: json.loads((FIXTURES / f"vllm-{r}.json").read_text(encoding="utf-8")) for r in HELD}
# one entry per field: the newest held release that has it (`vllm serve MODEL` is our `model`)
NEWEST_ENTRY = {e["dest"]: e for r in HELD for e in BY_RELEASE[r]["flags"] if e["dest"] != "model_tag"}


@pytest.mark.parametrize("entry", list(NEWEST_ENTRY.values()), ids=lambda e: e["dest"])
def test_every_vllm_flag_is_a_field_with_vllms_spelling(entry):
    """The spelling of each field is its newest release's (per-release facts: tests/schema/test_vllm_releases.py)."""
    spec = VLLM.specs[entry["dest"]]
    negative = set(entry.get("negative_flags") or ())
    hidden = set(entry.get("hidden_flags") or ())
    assert set(spec.flags) == set(entry["flags"]) - negative - hidden or spec.name == "model"
    if entry["action"] in ("boolean_optional", "store_true", "enable_disable"):
        assert spec.is_bool


@pytest.mark.parametrize("release", HELD)
def test_the_fields_are_the_union_of_every_held_releases_flags_and_values(release):
    """The typed declarations take whatever any held release takes: its flags, every choice and its default."""
    from argmatrix.schema.validate import field_adapter

    for entry in BY_RELEASE[release]["flags"]:
        if entry["dest"] == "model_tag":
            continue
        spec = VLLM.specs[entry["dest"]]
        if entry.get("choices") and entry.get("nargs") not in ("+", "*"):
            # before 0.32 an optional Literal lists the text 'None' (vLLM reads it as unset)
            taken = [c for c in entry["choices"] if c not in (None, "None")]
            if spec.choices:
                assert set(taken) <= set(spec.choices), entry["dest"]
            else:  # the union is the plain type (0.13's --block-size choices, any int later)
                for choice in taken:
                    field_adapter(spec.name, VLLM.specs).validate_python(choice)
        default = entry["default"]
        if entry.get("default_is_repr") or entry.get("default_suppressed") or spec.name == "model":
            continue
        if entry["type"] == "str" and isinstance(default, (int, float)):
            default = str(default)
        field_adapter(spec.name, VLLM.specs).validate_python(default)  # raises when the type lacks it


def test_the_surface_holds_exactly_the_flags_of_the_releases_held():
    assert set(VLLM.specs) == set(NEWEST_ENTRY) | {"model"}


@pytest.mark.parametrize("name", sorted(VLLM.specs))
def test_every_vllm_field_has_help_in_both_languages(name):
    text = VLLM.specs[name].arg.help
    assert text.en.strip() and text.zh.strip()
    assert any("\u4e00" <= ch <= "\u9fff" for ch in text.zh)


NESTED = {"compilation_config": ("pass_config", "dynamic_shapes_config")}  # tools/vllm_release_table.py NESTED_KEYS


def _keys(config: str, c: dict) -> set[str]:
    keys = {f["name"] for f in c["fields"]}
    by_name = {f["name"]: f for f in c["fields"]}
    for key in NESTED.get(config, ()):
        nested = (c.get("nested_configs") or {}).get(by_name[key].get("config_class") or "", {})
        keys |= {f"{key}.{f['name']}" for f in nested.get("fields", ())}
    return keys


KEYS = sorted({(config, k) for r in HELD for config, c in BY_RELEASE[r]["configs"].items() for k in _keys(config, c)})


@pytest.mark.parametrize("config, key", KEYS)
def test_every_config_key_of_every_held_release_has_help_in_both_languages(config, key):
    text = HELP[config][key]
    assert text.en.strip() and text.zh.strip()
    assert any("\u4e00" <= ch <= "\u9fff" for ch in text.zh)


def test_no_help_is_kept_for_a_key_no_held_release_has():
    held = {(config, key) for config, key in KEYS}
    assert {(c, k) for c, keys in HELP.items() for k in keys} <= held


@pytest.mark.parametrize("name, value", [("max_model_len", "32k"), ("max_model_len", "auto"), ("max_model_len", "-1"),
                                         ("additional_config", '{"enable_cpu_binding": true}'),
                                         ("model_loader_extra_config", "${CONFIG}"), ("pt_load_map_location", "cpu")])
def test_vllms_human_ints_and_object_or_name_values_stay_on_the_fast_path(name, value):
    """A well-formed vLLM launch never builds a pydantic validator (cold start); the fast path agrees with it."""
    from argmatrix.schema.validate import _NO, _fast, field_adapter

    fast = _fast(VLLM.specs[name], value)
    assert fast is not _NO
    assert fast == field_adapter(name, VLLM.specs).validate_python(value)
