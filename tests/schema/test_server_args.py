"""ServerArgs from Python: types, ranges, choices, aliases, unknown keys, all errors at once."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
from pydantic import ValidationError

from argmatrix.schema import ServerArgs, iter_groups, spec
from argmatrix.schema.types import parse_human_int


def errors_of(**kwargs) -> list[dict]:
    with pytest.raises(ValidationError) as info:
        ServerArgs(**kwargs)
    return info.value.errors()


@pytest.mark.parametrize("kwargs,field,needle", [
    ({"tp_size": "two"}, "tp_size", "two"),
    ({"mem_fraction_static": 1.5}, "mem_fraction_static", "1.5"),
    ({"schedule_policy": "lifo"}, "schedule_policy", "lifo"),
    ({"port": 70000}, "port", "70000"),
])
def test_bad_values_name_field_and_value(kwargs, field, needle):
    with pytest.raises(ValidationError) as info:
        ServerArgs(**kwargs)
    text = str(info.value)
    assert field in text and needle in text


def test_misspelt_key_suggests_the_field():
    errs = errors_of(tp_szie=2)
    assert errs[0]["loc"] == ("tp_szie",)
    assert "did you mean 'tp_size'" in errs[0]["msg"]


def test_all_errors_reported_at_once():
    errs = errors_of(tp_szie=2, mem_fraction_static=1.5, schedule_policy="lifo")
    assert {e["loc"][0] for e in errs} == {"tp_szie", "mem_fraction_static", "schedule_policy"}


def test_field_names_and_aliases_are_both_accepted():
    assert ServerArgs(tp_size=2).tp_size == 2
    assert ServerArgs(tensor_parallel_size=4).tp_size == 4
    assert ServerArgs(model="m").model_path == "m"
    assert ServerArgs(ep=8).ep_size == 8


def test_instances_are_frozen():
    args = ServerArgs(model_path="m")
    with pytest.raises(ValidationError):
        args.tp_size = 3


def test_human_readable_integers_on_token_counts():
    args = ServerArgs(context_length="32k", max_total_tokens="1K", max_prefill_tokens="25.6k")
    assert (args.context_length, args.max_total_tokens, args.max_prefill_tokens) == (32000, 1024, 25600)
    with pytest.raises(ValidationError, match="binary suffix"):
        ServerArgs(context_length="1.5K")


@pytest.mark.parametrize("text,value", [("1k", 1000), ("1K", 1024), ("25.6k", 25600), ("2M", 2 * 2**20),
                                        ("1.5m", 1_500_000), ("-1", -1), ("4096", 4096)])
def test_parse_human_int(text, value):
    assert parse_human_int(text) == value


@pytest.mark.parametrize("text", ["1.5K", "0.5G", "1.0001k", "abc", "1.5", "k"])
def test_parse_human_int_rejects(text):
    with pytest.raises(ValueError):
        parse_human_int(text)


def test_json_and_list_fields_accept_text():
    args = ServerArgs(json_model_override_args='{"rope_theta": 10000}', cuda_graph_bs="1,2,4")
    assert args.json_model_override_args == {"rope_theta": 10000}
    assert args.cuda_graph_bs == [1, 2, 4]


def test_introspection_api():
    groups = list(iter_groups())
    assert groups[0][0].key == "model" and groups[0][1][0].name == "model_path"
    tp = spec("--tp-size")
    assert tp.name == "tp_size" and tp.flag == "--tensor-parallel-size" and tp.default == 1
    assert spec("tp_size") is tp and spec("tensor_parallel_size") is tp
    policy = spec("--schedule-policy")
    assert "fcfs" in policy.choices and policy.type_label.startswith("{")
    assert spec("--context-length").human_int
    assert spec("--enable-lora").is_bool and spec("--cuda-graph-bs").is_list
    assert spec("--json-model-override-args").is_object


def test_schema_import_stays_light():
    code = ("import sys, json, argmatrix, argmatrix.schema; argmatrix.schema.ServerArgs(model_path='m');"
            "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'torch','transformers','fastapi','uvicorn','torch_npu'})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []
