"""Every flag the engine wires changes what it does: each test runs the same workload with and without
the flag (or with two values) and checks an observable difference."""
from __future__ import annotations

import json
import shutil

import pytest
from engine_testlib import boundary_prompts, collect, random_ids, run_all

from argmatrix.runtime.engine import EngineLoadError, EngineRefused, PromptTooLongError, QueueFullError, SamplingParams
from argmatrix.schema import SPECS

GREEDY = SamplingParams(temperature=0, max_new_tokens=8)
PROMPTS = boundary_prompts(4, ks=range(1, 5))


def test_disable_radix_cache_gives_zero_hits(make_engine):
    hits = {}
    for disabled in (False, True):
        engine = make_engine(page_size=4, max_total_tokens=2048, disable_radix_cache=disabled)
        engine.generate(PROMPTS, GREEDY)
        engine.generate(PROMPTS, GREEDY)
        hits[disabled] = (engine.stats().cache_hit_tokens, engine.stats().cached_pages)
    assert hits[True] == (0, 0) and hits[False][0] > 0 and hits[False][1] > 0


@pytest.mark.parametrize("limit", [1, 4])
def test_max_running_requests_caps_the_batch(make_engine, limit):
    engine = make_engine(page_size=4, max_total_tokens=2048, max_running_requests=limit)
    engine.generate(PROMPTS, GREEDY)
    assert max(r.num_reqs for r in engine.step_log) == limit


def test_chunked_prefill_size_splits_long_prompts(make_engine):
    prompt = random_ids(40, 1)
    sizes = {}
    for chunk in (8, -1):
        engine = make_engine(page_size=4, max_total_tokens=2048, chunked_prefill_size=chunk)
        engine.generate(prompt, GREEDY)
        sizes[chunk] = [r.tokens for r in engine.step_log if r.num_prefill]
    assert sizes[8] == [8, 8, 8, 8, 8] and sizes[-1] == [40]


def test_max_prefill_tokens_bounds_a_prefill_step(make_engine):
    engine = make_engine(page_size=4, max_total_tokens=2048, max_prefill_tokens=20, chunked_prefill_size=-1)
    engine.generate(PROMPTS, GREEDY)
    prefill = [r for r in engine.step_log if r.num_prefill]
    # Without chunking a prompt goes whole; only the first in a step may exceed the budget.
    assert all(r.tokens <= 20 or r.num_prefill == 1 for r in prefill) and len(prefill) > 2


def test_prefill_max_requests(make_engine):
    per_step = {}
    for limit in (None, 2):
        engine = make_engine(page_size=4, max_total_tokens=2048, prefill_max_requests=limit)
        engine.generate(PROMPTS, GREEDY)
        per_step[limit] = max(r.num_prefill for r in engine.step_log)
    assert per_step[2] == 2 and per_step[None] == len(PROMPTS)


def test_max_queued_requests_rejects_when_full(make_engine):
    engine = make_engine(page_size=4, max_total_tokens=2048, max_queued_requests=2)
    engine.add_request(PROMPTS[0], GREEDY)
    engine.add_request(PROMPTS[1], GREEDY)
    with pytest.raises(QueueFullError, match="max-queued-requests"):
        engine.add_request(PROMPTS[2], GREEDY)
    run_all(engine)
    engine.add_request(PROMPTS[2], GREEDY)        # room again once the queue drained
    run_all(engine)


def test_page_size_and_max_total_tokens_size_the_pool(make_engine):
    engine = make_engine(page_size=16, max_total_tokens=256)
    assert engine.stats().total_pages == 16 and engine.pool.kv.shape[2:4] == (18, 16)   # + null and scratch pages
    engine = make_engine(page_size=1, max_total_tokens=100)
    assert engine.stats().total_pages == 100 and engine.max_context_len == 100


def test_mem_fraction_static_sizes_the_pool(make_engine):
    small = make_engine(engine_dtype="float32", mem_fraction_static=0.002).stats().total_pages
    large = make_engine(engine_dtype="float32", mem_fraction_static=0.004).stats().total_pages
    assert 1.5 < large / small < 2.5


def test_radix_eviction_policy(make_engine):
    survivors = {}
    often, recent = random_ids(16, 1), random_ids(16, 2)
    for policy in ("lru", "lfu"):
        engine = make_engine(page_size=4, max_total_tokens=64, max_running_requests=1, radix_eviction_policy=policy)
        for _ in range(3):
            engine.generate(often, SamplingParams(temperature=0, max_new_tokens=1))
        engine.generate(recent, SamplingParams(temperature=0, max_new_tokens=1))
        engine.generate(random_ids(40, 3), SamplingParams(temperature=0, max_new_tokens=1))  # forces eviction
        survivors[policy] = (engine.tree.peek(often), engine.tree.peek(recent))
    assert survivors["lru"][0] < survivors["lru"][1]      # least recently used went first
    assert survivors["lfu"][0] > survivors["lfu"][1]      # least frequently used went first


@pytest.mark.parametrize("threshold,preempts", [(100, False), (3, True)])
def test_priority_preemption_threshold(make_engine, threshold, preempts):
    engine = make_engine(page_size=4, max_total_tokens=2048, max_running_requests=1, enable_priority_scheduling=True,
                         priority_scheduling_preemption_threshold=threshold)
    engine.add_request(PROMPTS[0], GREEDY, priority=0)
    engine.step()
    engine.add_request(PROMPTS[1], GREEDY, priority=5)
    run_all(engine)
    assert (engine.stats().preemptions > 0) is preempts


def test_priorities_ignored_without_priority_scheduling(make_engine):
    engine = make_engine(page_size=4, max_total_tokens=2048, max_running_requests=1)
    done: dict = {}
    a = engine.add_request(PROMPTS[0], GREEDY, priority=0, on_chunk=collect(done))
    b = engine.add_request(PROMPTS[1], GREEDY, priority=50, on_chunk=collect(done))
    run_all(engine)
    assert list(done) == [a, b] and engine.stats().preemptions == 0
    strict = make_engine(page_size=4, max_total_tokens=2048, abort_on_priority_when_disabled=True)
    with pytest.raises(ValueError, match="enable-priority-scheduling"):
        strict.add_request(PROMPTS[0], GREEDY, priority=1)


@pytest.mark.parametrize("flag,values", [("schedule_conservativeness", (0.05, 3.0)),
                                         ("num_reserved_decode_tokens", (0, 512))])
def test_admission_reserve(make_engine, flag, values):
    admitted = []
    for value in values:
        engine = make_engine(page_size=4, max_total_tokens=160, max_running_requests=16, **{flag: value})
        engine.generate(PROMPTS, SamplingParams(temperature=0, max_new_tokens=30))
        admitted.append(len(engine.step_log[0].admitted))
    assert admitted[0] > admitted[1]


def test_enable_mixed_chunk(make_engine):
    mixed = {}
    for flag in (False, True):
        engine = make_engine(page_size=4, max_total_tokens=2048, chunked_prefill_size=4, enable_mixed_chunk=flag)
        done: dict = {}
        engine.add_request(PROMPTS[0], GREEDY, on_chunk=collect(done))
        engine.step()
        engine.add_request(random_ids(30, 5), GREEDY, on_chunk=collect(done))
        run_all(engine)
        mixed[flag] = any(r.num_prefill and r.num_decode for r in engine.step_log)
    assert mixed == {False: False, True: True}


def test_stream_interval_and_random_seed(make_engine):
    import asyncio

    async def count_chunks(engine):
        return [c async for c in engine.submit(PROMPTS[3], SamplingParams(max_new_tokens=12, seed=None))]

    counts, texts = {}, {}
    for interval in (1, 4):
        engine = make_engine(page_size=4, max_total_tokens=2048, stream_interval=interval, random_seed=7)
        chunks = asyncio.run(count_chunks(engine))
        counts[interval] = len(chunks)
        texts[interval] = [t for c in chunks for t in c.token_ids_delta]
    assert counts == {1: 12, 4: 3}
    assert texts[1] == texts[4]                     # same --random-seed, same sampled tokens
    other = make_engine(page_size=4, max_total_tokens=2048, random_seed=8)
    assert asyncio.run(count_chunks(other))[-1].completion_tokens == 12
    assert [t for c in asyncio.run(count_chunks(other)) for t in c.token_ids_delta] != texts[1]


def test_context_length_and_allow_auto_truncate(make_engine):
    engine = make_engine(page_size=4, max_total_tokens=2048, context_length=32)
    assert engine.max_context_len == 32
    with pytest.raises(PromptTooLongError) as info:
        engine.generate(random_ids(40, 1), GREEDY)
    assert (info.value.prompt_len, info.value.max_len) == (40, 31)
    out = engine.generate(random_ids(20, 2), SamplingParams(temperature=0, max_new_tokens=100))[0]
    assert out.finish_reason == "length" and out.completion_tokens == 12       # 20 + 12 == context length
    lenient = make_engine(page_size=4, max_total_tokens=2048, context_length=32, allow_auto_truncate=True)
    long_prompt = random_ids(40, 1)
    out = lenient.generate(long_prompt, GREEDY)[0]
    assert out.prompt_tokens == 31
    with pytest.raises(EngineLoadError, match="--context-length"):
        make_engine(context_length=100000)


def test_dtype(make_engine):
    import torch

    assert make_engine(engine_dtype=None, max_total_tokens=64).loaded.dtype == torch.float32     # auto: as stored
    engine = make_engine(engine_dtype=None, max_total_tokens=64, dtype="bfloat16")
    assert engine.pool.kv.dtype == torch.bfloat16 and engine.loaded.model.dtype == torch.bfloat16
    assert engine.generate(PROMPTS[3], GREEDY)[0].completion_tokens == 8


def test_json_model_override_args(make_engine):
    base = make_engine(page_size=4, max_total_tokens=2048)
    over = make_engine(page_size=4, max_total_tokens=2048, json_model_override_args=json.dumps({"rms_norm_eps": 0.5}))
    assert over.loaded.model.config.rms_norm_eps == 0.5
    assert base.generate(PROMPTS[5], GREEDY)[0].token_ids != over.generate(PROMPTS[5], GREEDY)[0].token_ids


def test_load_format(make_engine, demo_dir):
    base = make_engine(page_size=4, max_total_tokens=2048, load_format="safetensors")
    dummy = make_engine(page_size=4, max_total_tokens=2048, load_format="dummy", random_seed=3)
    assert base.generate(PROMPTS[5], GREEDY)[0].token_ids != dummy.generate(PROMPTS[5], GREEDY)[0].token_ids
    with pytest.raises(EngineLoadError, match="--load-format pt"):
        make_engine(load_format="pt")


def test_model_impl(make_engine, tmp_path, demo_dir):
    assert type(make_engine(max_total_tokens=64, model_impl="auto").runner).__name__ == "NativeRunner"
    assert type(make_engine(max_total_tokens=64, model_impl="transformers").runner).__name__ == "TransformersRunner"
    # An architecture the native path does not run: auto falls back, sglang refuses.
    from transformers import GPT2Config, GPT2LMHeadModel

    gpt2 = tmp_path / "gpt2"
    model = GPT2LMHeadModel(GPT2Config(n_embd=32, n_layer=1, n_head=2, vocab_size=800, n_positions=64))
    model.config.architectures = ["GPT2LMHeadModel"]
    model.save_pretrained(gpt2)
    for name in ("tokenizer.json", "tokenizer_config.json"):
        shutil.copy(demo_dir / name, gpt2 / name)
    engine = make_engine(model_path=str(gpt2), max_total_tokens=64, model_impl="auto")
    assert engine.loaded.impl == "transformers"
    assert engine.generate(random_ids(5, 1), GREEDY)[0].completion_tokens == 8
    with pytest.raises(EngineLoadError, match="--model-impl sglang"):
        make_engine(model_path=str(gpt2), model_impl="sglang")


def test_device(make_engine):
    import torch

    assert make_engine(max_total_tokens=64, device="cpu").device.type == "cpu"
    if not torch.cuda.is_available():
        with pytest.raises(EngineLoadError, match="--device cuda"):
            make_engine(max_total_tokens=64, device="cuda")


def test_skip_tokenizer_init(make_engine):
    engine = make_engine(page_size=4, max_total_tokens=2048, skip_tokenizer_init=True)
    assert engine.tokenizer is None
    out = engine.generate(PROMPTS[2], GREEDY)[0]
    assert out.text == "" and len(out.token_ids) == 8
    with pytest.raises(ValueError, match="skip-tokenizer-init"):
        engine.generate("hello", GREEDY)


def test_tokenizer_path(make_engine, tmp_path, demo_dir):
    tok_dir = tmp_path / "tok"
    tok_dir.mkdir()
    for name in ("tokenizer.json", "tokenizer_config.json"):
        shutil.copy(demo_dir / name, tok_dir / name)
    config = json.loads((tok_dir / "tokenizer_config.json").read_text())
    config["model_max_length"] = 77
    (tok_dir / "tokenizer_config.json").write_text(json.dumps(config))
    engine = make_engine(max_total_tokens=64, tokenizer_path=str(tok_dir))
    assert engine.tokenizer.model_max_length == 77
    with pytest.raises(EngineLoadError, match="--tokenizer-path"):
        make_engine(max_total_tokens=64, tokenizer_path=str(tmp_path))


def test_model_path_and_revision_errors(make_engine, monkeypatch, tmp_path):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(EngineLoadError, match="--model-path '/no/such/dir': no such directory"):
        make_engine(model_path="/no/such/dir")
    with pytest.raises(EngineLoadError, match=r"--revision v2\) looks like a Hugging Face hub id.*huggingface-cli download"):
        make_engine(model_path="some-org/some-model", revision="v2")
    with pytest.raises(EngineLoadError, match=r"no config\.json"):
        make_engine(model_path=str(tmp_path))


def test_trust_remote_code(make_engine, tmp_path, demo_dir):
    remote = tmp_path / "remote"
    shutil.copytree(demo_dir, remote)
    (remote / "configuration_custom.py").write_text(
        "from transformers import LlamaConfig\n\nclass CustomConfig(LlamaConfig):\n    model_type = 'custom_llama'\n")
    (remote / "modeling_custom.py").write_text(
        "from transformers import LlamaForCausalLM\nfrom .configuration_custom import CustomConfig\n\n"
        "class CustomForCausalLM(LlamaForCausalLM):\n    config_class = CustomConfig\n")
    config = json.loads((remote / "config.json").read_text())
    config.update(model_type="custom_llama", architectures=["CustomForCausalLM"],
                  auto_map={"AutoConfig": "configuration_custom.CustomConfig",
                            "AutoModelForCausalLM": "modeling_custom.CustomForCausalLM"})
    (remote / "config.json").write_text(json.dumps(config))
    with pytest.raises(EngineLoadError, match="--trust-remote-code"):
        make_engine(model_path=str(remote), max_total_tokens=64)
    engine = make_engine(model_path=str(remote), max_total_tokens=64, trust_remote_code=True)
    assert type(engine.loaded.model).__name__ == "CustomForCausalLM" and engine.loaded.impl == "transformers"


def test_served_model_name_and_ignored_flags(make_engine):
    engine = make_engine(max_total_tokens=64, served_model_name="tiny-demo", download_dir="/tmp/unused")
    assert engine.model_name == "tiny-demo"
    assert engine.config.ignored == ("download_dir",)   # inert: parsed, reported, not acted on
    with pytest.raises(EngineRefused) as err:            # unimplemented: refused, as serve refuses it
        make_engine(max_total_tokens=64, pp_size=2)
    assert [f.code for f in err.value.findings] == ["AM-E501"] and SPECS["pp_size"].flag in str(err.value)
