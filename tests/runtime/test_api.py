"""The Python API the HTTP server builds on: streaming, cancellation, text, sampling, errors, stats."""
from __future__ import annotations

import asyncio
import subprocess
import sys
import time

import pytest
from engine_testlib import boundary_prompts, random_ids, run_all

from argmatrix.runtime.detokenizer import IncrementalDetokenizer
from argmatrix.runtime.engine import Engine, SamplingParams

GREEDY = SamplingParams(temperature=0, max_new_tokens=16)


@pytest.fixture
def engine(make_engine):
    return make_engine(page_size=4, max_total_tokens=2048)


async def _consume(stream):
    return [chunk async for chunk in stream]


def test_streaming_chunks_add_up(engine):
    async def main():
        return await _consume(engine.submit("Hello, 你好 😀 world", SamplingParams(temperature=0.8, seed=3,
                                                                                   max_new_tokens=40)))
    chunks = asyncio.run(main())
    final = chunks[-1]
    assert final.finished and final.finish_reason == "length" and not any(c.finished for c in chunks[:-1])
    ids = [t for c in chunks for t in c.token_ids_delta]
    assert len(ids) == final.completion_tokens == 40
    text = "".join(c.text_delta for c in chunks)
    assert text == engine.tokenizer.decode(ids, skip_special_tokens=True)
    assert final.prompt_tokens == len(engine.tokenizer.encode("Hello, 你好 😀 world"))
    assert final.arrival <= final.first_token_at <= final.finished_at


@pytest.mark.parametrize("seed", range(6))
def test_incremental_text_equals_full_decode(engine, seed):
    """Sampled byte-level tokens split multi-byte characters; the streamed text must still be exact."""
    async def main():
        return await _consume(engine.submit(random_ids(6, seed), SamplingParams(temperature=1.0, seed=seed,
                                                                                 max_new_tokens=48)))
    chunks = asyncio.run(main())
    ids = [t for c in chunks for t in c.token_ids_delta]
    assert "".join(c.text_delta for c in chunks) == engine.tokenizer.decode(ids, skip_special_tokens=True)


def test_detokenizer_holds_back_partial_characters(engine):
    tok = engine.tokenizer
    ids = tok.encode("a𝄞b", add_special_tokens=False)     # a 4-byte character the tokenizer never merged
    assert len(ids) >= 4
    detok = IncrementalDetokenizer(tok, [], True)
    deltas = [detok.add([i]) for i in ids]
    assert "".join(deltas) == "a𝄞b" and "\ufffd" not in "".join(deltas)
    assert deltas.count("") >= 2                           # nothing was emitted mid-character


def test_stop_strings_cut_the_text(engine):
    prompt = random_ids(7, 1)
    full = engine.generate(prompt, GREEDY)[0]
    stop = full.text[5:8]
    assert stop and stop not in full.text[:5 + 2]

    async def main():
        return await _consume(engine.submit(prompt, SamplingParams(temperature=0, max_new_tokens=16, stop=[stop])))
    chunks = asyncio.run(main())
    text = "".join(c.text_delta for c in chunks)
    assert chunks[-1].finish_reason == "stop"
    assert text == full.text[:full.text.index(stop)]


def test_stop_token_ids_and_ignore_eos(engine):
    prompt = random_ids(9, 2)
    full = engine.generate(prompt, GREEDY)[0]
    stop_id = full.token_ids[4]
    first = full.token_ids.index(stop_id)
    out = engine.generate(prompt, SamplingParams(temperature=0, max_new_tokens=16, stop_token_ids=[stop_id]))[0]
    assert out.finish_reason == "stop" and out.token_ids == full.token_ids[:first + 1]
    engine.eos_token_ids = frozenset({stop_id})           # pretend the model's EOS is that token
    assert engine.generate(prompt, GREEDY)[0].finish_reason == "stop"
    ignored = engine.generate(prompt, SamplingParams(temperature=0, max_new_tokens=16, ignore_eos=True))[0]
    assert ignored.token_ids == full.token_ids and ignored.finish_reason == "length"


@pytest.mark.parametrize("how", ["aclose", "cancel"])
def test_cancellation_frees_pages_at_once(engine, how):
    async def main():
        stream = engine.submit(random_ids(30, 3), SamplingParams(temperature=0, max_new_tokens=1000))
        if how == "aclose":
            got = [await stream.__anext__() for _ in range(3)]
            await stream.aclose()
        else:
            async def consume():
                async for _ in stream:
                    pass
            task = asyncio.create_task(consume())
            while engine.stats().generated_tokens_total < 3:
                await asyncio.sleep(0.005)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            got = [None]
        deadline = time.monotonic() + 5
        while (engine.stats().used_pages or engine.stats().running) and time.monotonic() < deadline:
            await asyncio.sleep(0.005)
        return got

    assert asyncio.run(main())
    stats = engine.stats()
    assert stats.running == 0 and stats.used_pages == 0 and stats.generated_tokens_total < 1000
    engine.check_invariants()


def test_abort_by_request_id(engine):
    async def main():
        stream = engine.submit(random_ids(10, 4), SamplingParams(temperature=0, max_new_tokens=1000),
                               request_id="req-1")
        first = await stream.__anext__()
        assert engine.abort("req-1") and not engine.abort("no-such-request")
        rest = [c async for c in stream]
        return first, rest
    first, rest = asyncio.run(main())
    assert first.request_id == "req-1" and rest[-1].finished and rest[-1].finish_reason == "abort"


def test_n_choices_and_logprobs(engine):
    outs = engine.generate(random_ids(8, 5), SamplingParams(temperature=1.0, seed=11, n=3, max_new_tokens=10,
                                                           logprobs=True, top_logprobs=3))
    assert [o.index for o in outs] == [0, 1, 2] and len({o.request_id for o in outs}) == 1
    assert len({tuple(o.token_ids) for o in outs}) > 1
    for o in outs:
        assert len(o.logprobs) == 10
        for token, lp in zip(o.token_ids, o.logprobs):
            assert lp.token_id == token and lp.logprob <= 0 and len(lp.top) == 3
    greedy = engine.generate(random_ids(8, 5), SamplingParams(temperature=0, max_new_tokens=5, logprobs=True,
                                                             top_logprobs=2))[0]
    assert all(lp.top[0][0] == t for t, lp in zip(greedy.token_ids, greedy.logprobs))


def test_seeded_sampling_does_not_depend_on_the_batch(engine):
    sp = SamplingParams(temperature=0.9, top_p=0.9, top_k=50, min_p=0.01, seed=123, max_new_tokens=12)
    alone = engine.generate(random_ids(9, 6), sp)[0]
    others = [random_ids(12, s) for s in range(7, 12)]
    batched = engine.generate([*others, random_ids(9, 6)], [SamplingParams(temperature=1.0, max_new_tokens=12)] * 5 + [sp])
    assert batched[-1].token_ids == alone.token_ids


def test_penalties_and_filters_change_sampling(engine, oracle):
    import torch

    prompt = random_ids(5, 7)
    base = engine.generate(prompt, SamplingParams(temperature=0, max_new_tokens=24))[0].token_ids
    rep = engine.generate(prompt, SamplingParams(temperature=0, max_new_tokens=24, repetition_penalty=1.5))[0]
    with torch.inference_mode():
        ref = oracle.model.generate(torch.tensor([prompt]), max_new_tokens=24, do_sample=False, repetition_penalty=1.5)
    assert rep.token_ids == ref[0, len(prompt):].tolist() != base      # transformers' repetition penalty, exactly
    freq = engine.generate(prompt, SamplingParams(temperature=0, max_new_tokens=24, frequency_penalty=2.0))[0]
    pres = engine.generate(prompt, SamplingParams(temperature=0, max_new_tokens=24, presence_penalty=2.0))[0]
    assert freq.token_ids != base and pres.token_ids != base
    top1 = engine.generate(prompt, SamplingParams(temperature=5.0, top_k=1, seed=1, max_new_tokens=24))[0]
    assert top1.token_ids == base                                     # top-k 1 is greedy at any temperature
    tiny_p = engine.generate(prompt, SamplingParams(temperature=5.0, top_p=1e-6, seed=1, max_new_tokens=24))[0]
    assert tiny_p.token_ids == base


@pytest.mark.parametrize("field,value", [("temperature", -1), ("top_p", 0), ("top_k", -2), ("min_p", 2),
                                         ("repetition_penalty", 0), ("frequency_penalty", 3),
                                         ("presence_penalty", -3), ("max_new_tokens", -1), ("stop", [""]),
                                         ("stop_token_ids", [-1]), ("n", 0), ("top_logprobs", 21)])
def test_sampling_validation_names_the_parameter(field, value):
    with pytest.raises(ValueError, match=field):
        SamplingParams(**{field: value}).validate()


def test_bad_prompts(engine):
    with pytest.raises(ValueError, match="empty"):
        engine.generate([[]], GREEDY)
    with pytest.raises(ValueError, match="outside the vocabulary"):
        engine.generate([[5, 10**6]], GREEDY)
    assert engine.generate(random_ids(4, 1), SamplingParams(max_new_tokens=0))[0].finish_reason == "length"


def test_stats_flush_and_invariants(engine):
    assert engine.flush_cache() is True
    engine.generate(boundary_prompts(4, ks=range(1, 3)), GREEDY)
    stats = engine.stats()
    assert stats.cached_pages > 0 and stats.used_pages == 0 and stats.free_pages + stats.cached_pages == stats.total_pages
    assert stats.prompt_tokens_total > 0 and stats.generated_tokens_total == 6 * 16 and stats.steps > 0
    assert stats.last_step_started_at is not None and not stats.step_in_progress
    engine.add_request(random_ids(5, 2), GREEDY)
    assert engine.stats().queued == 1 and engine.flush_cache() is False
    run_all(engine)
    assert engine.flush_cache() is True and engine.stats().cached_pages == 0
    engine.check_invariants()
    engine.pool.free([engine.pool.alloc(1)[0]] * 2)          # a page freed twice is caught
    with pytest.raises(AssertionError):
        engine.check_invariants()
    engine.pool._free.pop()


def test_background_loop_generate_and_shutdown(engine):
    engine.start()
    outs = engine.generate(boundary_prompts(4, ks=range(1, 3)), GREEDY)
    assert all(o.completion_tokens == 16 for o in outs)
    got = []
    engine.add_request(random_ids(10, 1), SamplingParams(temperature=0, max_new_tokens=100000, ignore_eos=True),
                       on_chunk=got.append)
    time.sleep(0.05)
    engine.shutdown(grace_s=0.05)
    assert got and got[-1].finish_reason in ("abort", "length")
    with pytest.raises(RuntimeError, match="shutting down"):
        engine.add_request(random_ids(3, 1), GREEDY)


def test_chat_template_and_compiled_object(demo_dir):
    from argmatrix.compiler import CompileOptions, compile

    compiled = compile(["--model-path", str(demo_dir), "--max-total-tokens", "256"],
        CompileOptions(target="cpu", env={}, engine="argmatrix"))
    engine = Engine(compiled)
    assert engine.device.type == "cpu" and engine.config.page_size == 1 and engine.model_name == str(demo_dir)
    prompt = engine.tokenizer.apply_chat_template([{"role": "user", "content": "hi"}], tokenize=False,
                                                  add_generation_prompt=True)
    assert prompt.endswith("<|im_start|>assistant\n")
    assert engine.generate(prompt, SamplingParams(temperature=0, max_new_tokens=4))[0].completion_tokens == 4
    engine.shutdown(0)
    engine.check_invariants()


def test_importing_the_package_stays_light():
    code = ("import sys, argmatrix, argmatrix.schema, argmatrix.runtime, argmatrix.runtime.engine_config; "
            "heavy = [m for m in ('torch', 'transformers', 'fastapi') if m in sys.modules]; "
            "assert not heavy, heavy")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_demo_model_command(tmp_path):
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from argmatrix.runtime.demo_model import is_current, main

    assert main([str(tmp_path / "m")]) == 0 and is_current(tmp_path / "m")
    tok = AutoTokenizer.from_pretrained(tmp_path / "m")
    model = AutoModelForCausalLM.from_pretrained(tmp_path / "m")
    assert model.config.vocab_size == len(tok) and tok.chat_template
    size = sum(f.stat().st_size for f in (tmp_path / "m").iterdir())
    assert size < 8 * 2**20


def test_penalties_work_in_the_default_dtype(make_engine):
    """Logits come out of inference mode; penalties must still apply (no in-place error) in float32."""
    engine = make_engine(engine_dtype=None)
    prompt = "the the the the the"
    plain = engine.generate([prompt], SamplingParams(temperature=0, max_new_tokens=12))[0]
    penalised = engine.generate([prompt], SamplingParams(temperature=0, max_new_tokens=12, repetition_penalty=2.0,
                                                         frequency_penalty=1.0))[0]
    assert plain.finish_reason == penalised.finish_reason == "length"
    assert penalised.token_ids != plain.token_ids


def test_a_failing_sampler_aborts_its_requests(make_engine, monkeypatch):
    import argmatrix.runtime.sampling as sampling

    engine = make_engine()

    def broken(*args, **kwargs):
        raise RuntimeError("sampler exploded")

    monkeypatch.setattr(sampling, "sample", broken)
    out = engine.generate(["hello"], SamplingParams(temperature=0, max_new_tokens=4))[0]
    assert out.finish_reason == "abort"
    assert engine.stats().running == 0  # nothing left hanging; the fixture checks the pages
