"""The fast path of per-field validation agrees with pydantic wherever it answers."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from argmatrix.schema import SPECS
from argmatrix.schema.validate import _NO, _fast, _Refused, field_adapter, validate_fields

SCALAR_FIELDS = sorted(n for n, s in SPECS.items() if not (s.is_list or s.is_object))

inputs = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(["0", "1", "-1", " 7 ", "1.5", "2.0", "1e3", "32k", "1K", "1.5K", "true", "False", "yes", "off",
                     "fcfs", "lpm", "lifo", "auto", "ascend", "npu", "", "  ", "0x10", "1_000", "nan", "inf"]),
    st.text(max_size=6),
)


COLLECTION_FIELDS = sorted(n for n, s in SPECS.items() if s.is_list or s.is_object)
collections = st.one_of(
    st.none(), st.lists(st.one_of(st.integers(-5, 10**4), st.sampled_from(["8", " 16", "1.5", "x", "q_proj", ""]),
                                  st.floats(allow_nan=False, allow_infinity=False), st.booleans()), max_size=4),
    st.sampled_from(["8,16", "[8, 16]", "[1.5, 2]", '["a", "b"]', '{"a": 1}', '{"a": {"b": [1]}}', "{}", "[]", "",
                     "{bad", "[1,", "8, x", "q_proj,k_proj", '{"1": 2}', "null"]),
    st.dictionaries(st.sampled_from(["a", "b"]), st.integers(), max_size=2),
)


def _agrees(name, value):
    fast = _fast(SPECS[name], value)
    if fast is _NO:
        return
    if isinstance(fast, _Refused):                    # the fast path writes the errors pydantic would write
        with pytest.raises(ValidationError) as info:
            field_adapter(name).validate_python(value)
        keys = ("type", "loc", "msg", "ctx")
        assert [{k: e[k] for k in keys} for e in info.value.errors()] == \
            [{k: e[k] for k in keys} for e in fast.errors], (name, value)
        return
    slow = field_adapter(name).validate_python(value)
    assert fast == slow and type(fast) is type(slow), (name, value, fast, slow)
    if isinstance(fast, list):
        assert [type(v) for v in fast] == [type(v) for v in slow], (name, value, fast, slow)


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(SCALAR_FIELDS), value=inputs)
def test_fast_path_matches_pydantic(name, value):
    _agrees(name, value)


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(COLLECTION_FIELDS), value=collections)
def test_fast_path_matches_pydantic_on_lists_and_objects(name, value):
    _agrees(name, value)


@pytest.mark.parametrize("name", [n for n, s in SPECS.items() if s.is_list or s.is_object])
def test_every_collection_field_takes_the_fast_path_when_well_formed(name):
    spec = SPECS[name]
    value = '{"k": 1}' if spec.is_object else ["q_proj"] if "Literal" in str(spec.base_type) else ["8", "16"]
    if "str | dict" in str(spec.base_type):
        pytest.skip("lora_paths: each entry is a name=path string or an object; pydantic decides which")
    assert _fast(spec, value) is not _NO, (name, value)


@pytest.mark.parametrize("name,value", [("tp_size", "2"), ("mem_fraction_static", "0.8"), ("context_length", "32k"),
                                        ("schedule_policy", "lpm"), ("enable_lora", "true"), ("model_path", "m")])
def test_common_inputs_take_the_fast_path(name, value):
    assert _fast(SPECS[name], value) is not _NO


def test_errors_read_as_pydantic_writes_them():
    """A malformed value goes to pydantic; an out-of-range number gets pydantic's error without it."""
    bad = {"tp_size": "two", "port": 0, "mem_fraction_static": "1.5", "max_running_requests": "-3"}
    typed, errors = validate_fields({**bad, "context_length": "32k"})
    assert typed == {"context_length": 32000}
    assert {name for name, _ in errors} == set(bad)
    for name, message in errors:
        with pytest.raises(ValidationError) as info:
            field_adapter(name).validate_python(bad[name])
        assert info.value.errors()[0]["msg"] == message
    detailed = dict(validate_fields({"port": 0}, detailed=True)[1])["port"]
    assert (detailed["type"], detailed["ctx"]) == ("greater_than_equal", {"ge": 1})


def test_a_well_formed_launch_never_loads_pydantic():
    """Lists, JSON objects and out-of-range numbers included: the cold check-config stays on the fast path."""
    import subprocess
    import sys

    code = ("import sys; from argmatrix.compiler import CompileOptions, compile; "
            "c = compile(['--model-path', 'm', '--cuda-graph-bs', '8', '16', '--json-model-override-args', "
            "'{\"rope_scaling\": {\"factor\": 2}}', '--tp-size', '0', '--bucket-time-to-first-token', '0.1,1', "
            "'--mem-fraction-static', '1.5'], CompileOptions(target='a3', env={})); "
            "assert {f.field for f in c.errors} >= {'tp_size', 'mem_fraction_static'}, c.findings; "
            "assert 'pydantic' not in sys.modules, 'pydantic was imported'")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]


@pytest.mark.parametrize("name", [n for n, s in SPECS.items() if s.choices and all(type(c) is str for c in s.choices)])
def test_a_word_outside_the_choices_gets_pydantics_error_without_it(name):
    """A value an older release took (--load-balance-method decode_round_robin) or a typo: the fast path refuses
    it with the error pydantic writes, so such a launch never loads pydantic."""
    value = ["decode_round_robin"] if SPECS[name].is_list else "decode_round_robin"
    assert isinstance(_fast(SPECS[name], value), _Refused), name
    _agrees(name, value)


def test_the_a3_decode_launch_never_loads_pydantic():
    """The real A3 decode launch (real_world.yaml command 1, --load-balance-method decode_round_robin), read by
    check-config in a fresh process, judges the value without importing pydantic."""
    import subprocess
    import sys
    from pathlib import Path

    import yaml

    fixture = Path(__file__).parents[1] / "fixtures" / "real_world.yaml"
    argv = yaml.safe_load(fixture.read_text(encoding="utf-8"))["commands"][1]["argv"]
    assert "decode_round_robin" in argv
    code = ("import contextlib, io, sys; from argmatrix.cli.check_config import run_check_config\n"
            "with contextlib.redirect_stdout(io.StringIO()) as out: run_check_config(sys.argv[1:], target='a3')\n"
            "assert 'decode_round_robin' in out.getvalue(), out.getvalue()\n"
            "assert 'pydantic' not in sys.modules, 'pydantic was imported'")
    proc = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]


def test_a_field_specific_check_is_never_skipped():
    """--mamba-max-states-per-path takes -1 or a positive number: the bounds alone would let 0 through."""
    assert _fast(SPECS["mamba_max_states_per_path"], "0") is _NO
    typed, errors = validate_fields({"mamba_max_states_per_path": "0"})
    assert not typed and errors[0][0] == "mamba_max_states_per_path" and "-1" in errors[0][1]
    assert validate_fields({"mamba_max_states_per_path": "-1"})[0] == {"mamba_max_states_per_path": -1}
