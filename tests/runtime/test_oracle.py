"""The engine is correct to the token: greedy outputs equal transformers' generate run one request at a
time (float64, one thread), under every scheduling and caching situation the engine can get into."""
from __future__ import annotations

import pytest
from engine_testlib import boundary_prompts, collect, random_ids, run_all

from argmatrix.runtime.engine import SamplingParams

MAX_NEW = 20
GREEDY = SamplingParams(temperature=0, max_new_tokens=MAX_NEW)


def assert_matches(outputs, prompts, oracle, max_new=MAX_NEW):
    assert len(outputs) == len(prompts)
    for prompt, out in zip(prompts, outputs):
        assert out.token_ids == oracle(prompt, max_new), f"a prompt of {len(prompt)} tokens diverged"
        assert out.finish_reason in ("length", "stop")


@pytest.mark.parametrize("page_size", [1, 4, 16])
def test_batched_decode_across_page_boundaries(make_engine, oracle, page_size):
    prompts = boundary_prompts(page_size, ks=range(1, 7) if page_size < 16 else range(1, 4))
    assert len(prompts) >= (16 if page_size < 16 else 9)
    engine = make_engine(page_size=page_size, max_total_tokens=4096)
    assert_matches(engine.generate(prompts, GREEDY), prompts, oracle)
    assert max(r.num_decode for r in engine.step_log) == len(prompts)   # every request decoded in one batch


@pytest.mark.parametrize("prefix_len", [8, 10], ids=["aligned", "unaligned"])
def test_shared_prefix_hits(make_engine, oracle, prefix_len):
    prefix = random_ids(prefix_len, 99)
    prompts = [prefix + random_ids(k, 200 + k) for k in (1, 3, 4, 5, 9)]
    engine = make_engine(page_size=4, max_total_tokens=4096)
    first = engine.generate(prompts[:1], GREEDY)
    rest = engine.generate(prompts[1:], GREEDY)
    assert_matches(first + rest, prompts, oracle)
    aligned = prefix_len - prefix_len % 4
    assert first[0].cached_tokens == 0
    assert all(o.cached_tokens >= aligned for o in rest)
    assert engine.stats().cache_hit_tokens >= aligned * len(rest)


def test_repeated_prompt_still_computes_one_token(make_engine, oracle):
    prompt = random_ids(8, 5)                  # exactly two pages
    engine = make_engine(page_size=4, max_total_tokens=4096)
    a = engine.generate(prompt, GREEDY)[0]
    b = engine.generate(prompt, GREEDY)[0]
    assert a.token_ids == b.token_ids == oracle(prompt)
    assert b.cached_tokens == 4                # the last page is recomputed so there are logits to sample


@pytest.mark.parametrize("mixed", [False, True], ids=["prefill-only", "mixed-chunk"])
def test_chunked_prefill_smaller_than_prompt(make_engine, oracle, mixed):
    prompts = boundary_prompts(4)
    engine = make_engine(page_size=4, chunked_prefill_size=5, max_total_tokens=4096, enable_mixed_chunk=mixed)
    assert_matches(engine.generate(prompts, GREEDY), prompts, oracle)
    prefill_steps = [r for r in engine.step_log if r.num_prefill]
    assert all(r.tokens - r.num_decode <= 5 for r in prefill_steps)
    assert len(prefill_steps) >= sum(len(p) for p in prompts) // 5


def test_eviction_then_recomputation(make_engine, oracle):
    prompts = boundary_prompts(4, ks=range(3, 7))
    engine = make_engine(page_size=4, max_total_tokens=160, max_running_requests=4)
    first = engine.generate(prompts, GREEDY)
    second = engine.generate(prompts, GREEDY)
    assert engine.stats().evicted_pages > 0
    assert_matches(first, prompts, oracle)
    assert_matches(second, prompts, oracle)


def test_priority_preemption_then_resumption(make_engine, oracle):
    prompts = boundary_prompts(4, ks=range(2, 4))
    engine = make_engine(page_size=4, max_total_tokens=4096, enable_priority_scheduling=True,
                         max_running_requests=2, priority_scheduling_preemption_threshold=5)
    done: dict = {}
    low = [engine.add_request(p, GREEDY, priority=0, on_chunk=collect(done)) for p in prompts[:2]]
    for _ in range(6):
        engine.step()
    high = [engine.add_request(p, GREEDY, priority=10, on_chunk=collect(done)) for p in prompts[2:4]]
    run_all(engine)
    assert engine.stats().preemptions >= 1
    order = list(done)
    assert set(order[:2]) == set(high)          # the preempted low-priority requests finish last
    rest = [engine.add_request(p, GREEDY, on_chunk=collect(done)) for p in prompts[4:]]
    run_all(engine)
    for rid, prompt in zip(low + high + rest, prompts):
        assert done[rid].token_ids_delta == oracle(prompt)


def test_out_of_pages_retraction_then_resumption(make_engine, oracle):
    prompts = boundary_prompts(4, ks=range(2, 5))
    engine = make_engine(page_size=4, max_total_tokens=96, max_running_requests=9, schedule_conservativeness=0.01,
                         num_reserved_decode_tokens=0)
    outputs = engine.generate(prompts, GREEDY)
    assert engine.stats().retractions >= 1
    assert_matches(outputs, prompts, oracle)


@pytest.mark.parametrize("max_running", [1, 3])
def test_max_running_requests(make_engine, oracle, max_running):
    prompts = boundary_prompts(4, ks=range(1, 4))
    engine = make_engine(page_size=4, max_total_tokens=4096, max_running_requests=max_running)
    assert_matches(engine.generate(prompts, GREEDY), prompts, oracle)
    assert max(r.num_reqs for r in engine.step_log) == max_running


def _admission_order(engine, prompts, priorities=None):
    done: dict = {}
    rids = [engine.add_request(p, GREEDY, priority=(priorities or [None] * len(prompts))[i], on_chunk=collect(done))
            for i, p in enumerate(prompts)]
    run_all(engine)
    admitted = [rid for r in engine.step_log for rid in r.admitted if rid in rids]
    return [rids.index(rid) for rid in admitted], [done[rid] for rid in rids]


@pytest.mark.parametrize("policy,priorities,low_first,expected", [
    ("fcfs", None, False, [0, 1, 2]),
    ("lpm", None, False, [2, 0, 1]),                 # the prompt with the longest cached prefix first
    ("fcfs", [0, 5, 1], False, [1, 2, 0]),           # priority scheduling: larger values first
    ("fcfs", [0, 5, 1], True, [0, 2, 1]),            # --schedule-low-priority-values-first
])
def test_queue_orders(make_engine, oracle, policy, priorities, low_first, expected):
    warm = random_ids(16, 7)
    prompts = [random_ids(9, 8), random_ids(10, 9), warm[:12] + random_ids(3, 10)]
    engine = make_engine(page_size=4, max_total_tokens=4096, max_running_requests=1, schedule_policy=policy,
                         enable_priority_scheduling=priorities is not None,
                         schedule_low_priority_values_first=low_first)
    engine.generate(warm, GREEDY)
    order, outputs = _admission_order(engine, prompts, priorities)
    assert order == expected
    for prompt, out in zip(prompts, outputs):
        assert out.token_ids_delta == oracle(prompt)


def test_requests_join_a_running_batch(make_engine, oracle):
    prompts = boundary_prompts(4, ks=range(1, 5))
    engine = make_engine(page_size=4, max_total_tokens=4096)
    done: dict = {}
    first = [engine.add_request(p, GREEDY, on_chunk=collect(done)) for p in prompts[:6]]
    for _ in range(5):
        engine.step()
    later = [engine.add_request(p, GREEDY, on_chunk=collect(done)) for p in prompts[6:]]
    run_all(engine)
    for rid, prompt in zip(first + later, prompts):
        assert done[rid].token_ids_delta == oracle(prompt)
    assert any(r.num_decode == 6 for r in engine.step_log)


def test_transformers_model_impl(make_engine, oracle):
    prompts = boundary_prompts(4, ks=range(1, 7))
    engine = make_engine(model_impl="transformers", page_size=4, max_total_tokens=4096, chunked_prefill_size=7)
    assert type(engine.runner).__name__ == "TransformersRunner"
    assert_matches(engine.generate(prompts, GREEDY), prompts, oracle)
    assert engine.stats().cache_hit_tokens == 0


def test_transformers_model_impl_retraction(make_engine, oracle):
    prompts = boundary_prompts(4, ks=range(2, 4))
    engine = make_engine(model_impl="transformers", page_size=4, max_total_tokens=64, max_running_requests=6,
                         schedule_conservativeness=0.01, num_reserved_decode_tokens=0)
    outputs = engine.generate(prompts, GREEDY)
    assert engine.stats().retractions >= 1
    assert_matches(outputs, prompts, oracle)


@pytest.mark.parametrize("chunk", [None, 16])
def test_concurrent_requests_share_a_prefix(make_engine, oracle, chunk):
    prefix = random_ids(40, 3)
    prompts = [prefix + random_ids(k, 300 + k) for k in (2, 5, 7)]
    engine = make_engine(page_size=4, max_total_tokens=4096, chunked_prefill_size=chunk)
    outputs = engine.generate(prompts, GREEDY)          # submitted together: the later two wait a step
    assert_matches(outputs, prompts, oracle)
    assert outputs[0].cached_tokens == 0 and all(o.cached_tokens >= 32 for o in outputs[1:])
    assert engine.stats().computed_prompt_tokens <= sum(len(p) for p in prompts) - 64


@pytest.mark.parametrize("chunk,mixed", [(64, False), (16, True)], ids=["whole", "chunked-mixed"])
def test_batched_prefill_mixes_prefix_hits_and_chunks(make_engine, oracle, chunk, mixed):
    """Prefill chunks of several requests (cached prefixes aligned or not, none, split chunks) in one call."""
    prefix = random_ids(13, 41)
    prompts = [prefix + random_ids(k, 50 + k) for k in (1, 2, 6)] + [random_ids(k, 60 + k) for k in (3, 9, 21)]
    engine = make_engine(page_size=4, max_total_tokens=4096, chunked_prefill_size=chunk, enable_mixed_chunk=mixed)
    engine.generate(prefix + random_ids(2, 42), GREEDY)
    outputs = engine.generate(prompts, GREEDY)
    assert_matches(outputs, prompts, oracle)
    assert all(o.cached_tokens == 12 for o in outputs[:3])
    assert max(r.num_prefill for r in engine.step_log) >= 3          # several chunks shared one attention call
    if mixed:
        assert any(r.num_prefill and r.num_decode for r in engine.step_log)


def test_decode_online_softmax_over_blocks(make_engine, oracle):
    """The torch paged decode with 3-position blocks: the multi-block recurrence, token-exact."""
    prompts = boundary_prompts(4, ks=range(1, 4))
    engine = make_engine(page_size=4, max_total_tokens=4096)
    engine.runner.attention.decode.block = 3
    assert_matches(engine.generate(prompts, GREEDY), prompts, oracle)
