"""The fast path of per-field validation agrees with pydantic wherever it answers."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from argmatrix.schema import SPECS
from argmatrix.schema.validate import _NO, _fast, field_adapter, validate_fields

SCALAR_FIELDS = sorted(n for n, s in SPECS.items() if not (s.is_list or s.is_object))

inputs = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(["0", "1", "-1", " 7 ", "1.5", "2.0", "1e3", "32k", "1K", "1.5K", "true", "False", "yes", "off",
                     "fcfs", "lpm", "lifo", "auto", "ascend", "npu", "", "  ", "0x10", "1_000", "nan", "inf"]),
    st.text(max_size=6),
)


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(SCALAR_FIELDS), value=inputs)
def test_fast_path_matches_pydantic(name, value):
    fast = _fast(SPECS[name], value)
    if fast is _NO:
        return
    slow = field_adapter(name).validate_python(value)
    assert fast == slow and type(fast) is type(slow), (name, value, fast, slow)


@pytest.mark.parametrize("name,value", [("tp_size", "2"), ("mem_fraction_static", "0.8"), ("context_length", "32k"),
                                        ("schedule_policy", "lpm"), ("enable_lora", "true"), ("model_path", "m")])
def test_common_inputs_take_the_fast_path(name, value):
    assert _fast(SPECS[name], value) is not _NO


def test_errors_always_come_from_pydantic():
    typed, errors = validate_fields({"tp_size": "two", "port": 0, "mem_fraction_static": "0.5"})
    assert typed == {"mem_fraction_static": 0.5}
    assert {name for name, _ in errors} == {"tp_size", "port"}
    for name, message in errors:
        with pytest.raises(ValidationError) as info:
            field_adapter(name).validate_python({"tp_size": "two", "port": 0}[name])
        assert info.value.errors()[0]["msg"] == message


def test_a_field_specific_check_is_never_skipped():
    """--mamba-max-states-per-path takes -1 or a positive number: the bounds alone would let 0 through."""
    assert _fast(SPECS["mamba_max_states_per_path"], "0") is _NO
    typed, errors = validate_fields({"mamba_max_states_per_path": "0"})
    assert not typed and errors[0][0] == "mamba_max_states_per_path" and "-1" in errors[0][1]
    assert validate_fields({"mamba_max_states_per_path": "-1"})[0] == {"mamba_max_states_per_path": -1}
