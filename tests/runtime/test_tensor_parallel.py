"""Tensor parallel over two CPU processes (gloo): token for token against the float64 oracle and tp 1.

Each engine here starts one extra rank process; they are module-scoped where they can be shared, and
every engine is shut down (its rank reaped) by the make_engine fixture or explicitly."""
from __future__ import annotations

import threading

import pytest
from engine_testlib import boundary_prompts, collect, random_ids, run_all

from argmatrix.runtime.distributed import DistributedError, Layout
from argmatrix.runtime.engine import SamplingParams
from argmatrix.runtime.errors import EngineRefused
from argmatrix.runtime.tensor_parallel import HeadSplit, head_split, vocab_range

GREEDY = SamplingParams(temperature=0, max_new_tokens=20)


def test_head_split_follows_sglang():
    # 4 query heads, 2 KV heads over 2 ranks: each rank keeps 2 query heads and its own KV head
    assert head_split(4, 2, 1, 2) == HeadSplit(2, 1, 2, 1)
    # KV heads fewer than tp are replicated: rank r keeps KV head r // (tp / kv_heads)
    assert [head_split(8, 2, r, 4).first_kv_head for r in range(4)] == [0, 0, 1, 1]
    assert [head_split(8, 2, r, 4).kv_heads for r in range(4)] == [1] * 4
    with pytest.raises(ValueError, match="--tp-size 3"):
        head_split(4, 2, 0, 3)
    # the last vocabulary shard may be short; together the shards cover it once
    shards = [vocab_range(701, r, 4) for r in range(4)]
    assert shards[0] == (0, 176) and shards[-1] == (528, 701)


def test_layout_places_ranks_per_node():
    layout = Layout(4, 2, 1, "tcp://127.0.0.1:1", 30, "gloo", "cpu", base_gpu_id=2, gpu_id_step=2)
    assert list(layout.node_ranks) == [2, 3]
    assert [layout.device_index(r) for r in layout.node_ranks] == [2, 4]


@pytest.mark.slow
def test_tp2_matches_the_float64_oracle(make_engine, oracle):
    """Boundary prompts (k*page-1, k*page, k*page+1), chunked prefill, batched decode, prefix hits."""
    engine = make_engine(tp_size=2, page_size=4, chunked_prefill_size=16, max_total_tokens=4096)
    assert engine.tp_group is not None and engine.tp_group.size == 2
    assert engine.pool.kv.shape[-2] == 1                  # each rank's pool holds 1 of the 2 KV heads
    prompts = boundary_prompts(4, ks=range(1, 6)) + [random_ids(45, 3)]
    outputs = engine.generate(prompts, GREEDY)
    for prompt, out in zip(prompts, outputs):
        assert out.token_ids == oracle(prompt), len(prompt)
    assert max(r.num_prefill for r in engine.step_log) > 1        # batched prefill ran across ranks
    # a request that arrives while others decode, and a prefix hit (radix cache) on the sharded pool
    done: dict = {}
    first = engine.add_request(prompts[-1] + [9, 10, 11], GREEDY, on_chunk=collect(done))
    engine.step()
    second = engine.add_request(prompts[3], GREEDY, on_chunk=collect(done))
    run_all(engine)
    assert done[first].token_ids_delta == oracle(prompts[-1] + [9, 10, 11])
    assert done[first].cached_tokens > 0
    assert done[second].token_ids_delta == oracle(prompts[3])


@pytest.mark.slow
def test_tp2_replicates_kv_heads_like_sglang(make_engine):
    """A model with one KV head over two ranks: each rank keeps a copy; tokens equal tp 1's."""
    common = dict(page_size=4, max_total_tokens=2048, load_format="dummy", random_seed=3,
                  json_model_override_args='{"num_key_value_heads": 1}')
    prompts = [random_ids(n, n) for n in (3, 9, 30)]
    reference = [o.token_ids for o in make_engine(**common).generate(prompts, GREEDY)]
    engine = make_engine(tp_size=2, **common)
    assert engine.pool.kv.shape[-2] == 1
    assert [o.token_ids for o in engine.generate(prompts, GREEDY)] == reference


@pytest.mark.slow
def test_a_dead_rank_stops_the_engine_with_a_clear_error(make_engine):
    # --dist-timeout bounds the start-up collectives too: a loaded machine can take over 20 s to load rank 1
    engine = make_engine(tp_size=2, page_size=4, max_total_tokens=1024, dist_timeout=120)
    engine.start()
    seen: list[str] = []
    noticed = threading.Event()
    engine.fatal_listeners.append(lambda message: (seen.append(message), noticed.set()))
    (proc,) = engine._tp_ranks.procs.values()
    proc.kill()
    # the idle heartbeat's next collective fails (a closed connection), at the latest when --dist-timeout runs
    # out; the bound only keeps a broken engine from hanging the suite
    assert noticed.wait(600), "the dead rank was not noticed"
    assert "rank 1" in engine.fatal and "tensor parallel failed" in engine.fatal
    assert seen == [engine.fatal]
    with pytest.raises(RuntimeError, match="tensor parallel failed"):
        engine.generate([5, 6, 7], GREEDY)


def test_a_rank_that_cannot_start_fails_start_up(make_engine):
    with pytest.raises((DistributedError, EngineRefused, ValueError)):
        make_engine(tp_size=2, dist_init_addr="not-an-address")
    with pytest.raises(EngineRefused, match="--node-rank 1"):
        make_engine(tp_size=2, nnodes=2, node_rank=1, dist_init_addr="127.0.0.1:1")
