"""The memory plan tells the truth about argmatrix's own engine: the KV pool the engine allocates on the CPU
for a given --mem-fraction-static / --max-total-tokens equals the plan's within 5 %, through one formula."""
from __future__ import annotations

import pytest

from argmatrix.compiler import CompileOptions, compile
from argmatrix.compiler.model_checks import PlanInputs, analyse
from argmatrix.runtime import engine_config, kv_cache

MEASURED = 4 << 30  # what the engine "measures" as available after loading (fixed, so the test is deterministic)


def planned(demo_dir, argv, device_memory=None):
    c = compile(["--model-path", str(demo_dir), *argv], CompileOptions(target="cpu", env={},
                                                                       plan_inputs=PlanInputs(device_memory=device_memory)))
    ctx = analyse(c.values, c.sources, c.user_set, c.platform, {}, {}, PlanInputs(device_memory=device_memory))
    return c, ctx.plan


@pytest.mark.parametrize("fraction", [0.002, 0.004])
def test_pool_from_mem_fraction_matches_the_plan(make_engine, demo_dir, monkeypatch, fraction):
    monkeypatch.setattr(kv_cache, "available_memory_bytes", lambda device: MEASURED)
    engine = make_engine(engine_dtype=None, mem_fraction_static=fraction)
    allocated = engine.total_pages * engine.config.page_size
    # the plan is given the memory the engine saw before loading: what it measured plus its weights
    _, plan = planned(demo_dir, ["--mem-fraction-static", str(fraction)], MEASURED + engine.loaded.weight_bytes)
    assert plan.per_device_weight_bytes == engine.loaded.weight_bytes  # the count from config.json is exact
    assert plan.kv_bytes_per_token == kv_cache.KVShape(engine.pool.shape.layers, engine.pool.shape.kv_heads,
                                                       engine.pool.shape.head_dim).bytes_per_token(4)
    assert abs(allocated - plan.kv_pool_tokens) <= 0.05 * plan.kv_pool_tokens, (allocated, plan.kv_pool_tokens)


def test_pool_from_max_total_tokens_matches_the_plan(make_engine, demo_dir):
    engine = make_engine(engine_dtype=None, max_total_tokens=3000, page_size=16)
    _, plan = planned(demo_dir, ["--max-total-tokens", "3000", "--page-size", "16"])
    assert engine.total_pages * 16 == plan.kv_pool_tokens == 2992


def test_the_cpu_defaults_are_the_engines():
    from argmatrix.compiler import memory_plan
    from argmatrix.matrix.platforms import PLATFORMS

    assert engine_config.derived_pool_cap is memory_plan.engine_pool_cap  # one formula, not two copies
    assert memory_plan.default_mem_fraction(1 << 30, "cpu", {}, None) == PLATFORMS["cpu"].engine_defaults[
        "mem_fraction_static"]


def test_default_fraction_on_cpu_is_the_same(make_engine, demo_dir, monkeypatch):
    small = 64 << 20  # keeps the pool tensor small; the plan's cap for large memories is tested in tests/plan
    monkeypatch.setattr(kv_cache, "available_memory_bytes", lambda device: small)
    engine = make_engine(engine_dtype=None)
    _, plan = planned(demo_dir, [], small + engine.loaded.weight_bytes)
    assert plan.mem_fraction_static == engine.config.mem_fraction_static == 0.3
    assert engine.total_pages * engine.config.page_size == plan.kv_pool_tokens > 1000


def test_default_cpu_pool_is_a_context_per_core_and_says_so(make_engine, demo_dir, monkeypatch, caplog):
    """Unset --mem-fraction-static on the CPU: the pool holds one context per core (at least 4), not 30% of the
    RAM; the start-up log says which rule chose the size, and the plan agrees."""
    import logging

    from argmatrix.compiler import memory_plan

    monkeypatch.setattr(kv_cache, "available_memory_bytes", lambda device: MEASURED)
    monkeypatch.setattr(memory_plan, "cpu_cores", lambda: 2)
    caplog.set_level(logging.INFO, logger="argmatrix.runtime.kv_cache")
    engine = make_engine(engine_dtype=None)
    context = engine.loaded.context_length
    assert engine.total_pages * engine.config.page_size == 4 * context
    line = next(r.getMessage() for r in caplog.records if r.getMessage().startswith("KV pool:"))
    assert f"4 contexts of {context} tokens, the CPU default for 2 core(s)" in line
    assert "--mem-fraction-static 0.3 of" in line and "would allow" in line and "--max-total-tokens" in line
    _, plan = planned(demo_dir, [], MEASURED + engine.loaded.weight_bytes)
    assert plan.kv_pool_tokens == 4 * context
