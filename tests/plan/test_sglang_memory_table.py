"""argmatrix's one copy of SGLang's memory table gives what SGLang 0.5.23's own code resolves.

The fixture (tools/sglang_memory.py) ran SGLang's prepare_server_args and resolve_once on a faked device for
memories on both sides of every bound its rules compare with, and for launches that exercise every term of
the reserve; and sized the KV pool of Qwen2.5-7B on a 24 GiB GPU with SGLang's KVCacheConfigurator.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from argmatrix.compiler.memory_plan import MIB, Parallel, decode_graph_max_bs, default_mem_fraction
from argmatrix.compiler.model_facts import read_model_facts
from argmatrix.matrix.engines import sglang_memory
from argmatrix.matrix.engines.sglang_memory import GPU_BUCKETS, NPU_BUCKETS, bucket_for

ROOT = Path(__file__).parents[2]
FIXTURE = json.loads((ROOT / "tests/fixtures/sglang_memory-0.5.23.json").read_text(encoding="utf-8"))
FAMILY = {"cuda": "gpu", "npu": "npu"}


def test_fixture_is_the_release_the_table_names():
    assert FIXTURE["sglang_version"] == sglang_memory.RELEASE


def test_the_bounds_are_the_ones_in_sglangs_source():
    gpu = [(b["mib"], b["line"]) for b in FIXTURE["bounds"]["gpu"] if b["op"] == "Lt"]
    assert [(b.upper_mib, b.line) for b in GPU_BUCKETS[:-1]] == gpu and GPU_BUCKETS[-1].line == 160
    npu = [(b["mib"], b["line"], b["op"] == "LtE") for b in FIXTURE["bounds"]["npu"]]
    assert [(b.upper_mib, b.line, b.inclusive) for b in NPU_BUCKETS] == npu
    floor = [b["mib"] for b in FIXTURE["bounds"]["gpu"] if b["op"] == "Gt"]
    assert floor == [sglang_memory.RESERVE.floor_above_mib]


@pytest.mark.parametrize("probe", FIXTURE["buckets"],
                         ids=lambda p: f"{p['family']}-{p['memory_mib']}MiB-tp{p['tp']}")
def test_each_bucket_probe(probe):
    family, mib, tp = FAMILY[probe["family"]], probe["memory_mib"], probe["tp"]
    values = {"tp_size": tp}
    assert decode_graph_max_bs(mib, family, values, tp) == probe["decode_max_bs"]
    if mib is not None:
        assert bucket_for(mib, family).chunked_prefill_size == probe["chunked_prefill_size"]
    memory = None if mib is None else int(mib * MIB)
    assert default_mem_fraction(memory, family, values, Parallel(tp=tp)) == probe["mem_fraction_static"]


def _values(argv: list[str]) -> dict:
    """The launch's flags as the plan reads them (the cases use plain `--flag value` / `--switch`)."""
    values: dict = {}
    i = 0
    while i < len(argv):
        key = argv[i][2:].replace("-", "_")
        if i + 1 < len(argv) and not argv[i + 1].startswith("--"):
            raw = argv[i + 1]
            values[key] = int(raw) if raw.lstrip("-").isdigit() else raw
            i += 2
        else:
            values[key] = True
            i += 1
    return values


@pytest.mark.parametrize("case", FIXTURE["cases"], ids=lambda c: f"{c['memory_mib']}MiB {' '.join(c['argv'])}")
def test_each_reserve_case(case):
    values = _values(case["argv"])
    par = Parallel.from_values(values)
    fraction = default_mem_fraction(int(case["memory_mib"] * MIB), "gpu", values, par)
    assert fraction == case["mem_fraction_static"]


def test_the_plan_gives_sglangs_kv_pool_for_qwen25_7b_on_24_gib():
    from argmatrix.compiler.memory_plan import plan

    golden = FIXTURE["kv_pool"]
    facts = read_model_facts(ROOT / golden["model_config"])
    p = plan(facts, {"model_path": "Qwen/Qwen2.5-7B-Instruct"}, target="cuda", family="gpu",
             device_memory=int(golden["memory_gib"] * (1 << 30)), devices_per_node=1)
    assert p.per_device_weight_bytes == golden["weight_bytes"]
    assert p.kv_bytes_per_token == golden["kv_bytes_per_token"]
    assert p.mem_fraction_static == golden["mem_fraction_static"]
    # the acceptance bound is 5%; with the same weights and fraction the two agree to the token
    assert abs(p.kv_pool_tokens - golden["max_total_num_tokens"]) <= 0.05 * golden["max_total_num_tokens"]
    assert p.kv_pool_tokens == golden["max_total_num_tokens"] == 57948


def test_runtime_graphs_read_the_same_table():
    from argmatrix.runtime import graphs

    for probe in FIXTURE["buckets"]:
        if probe["memory_mib"] is None or probe["family"] != "cuda":
            continue
        assert graphs.default_max_bs(probe["memory_mib"] / 1024, 10_000, "cuda", probe["tp"]) == \
            probe["decode_max_bs"]
