"""The native path runs every supported architecture exactly as transformers does, sliding windows included."""
from __future__ import annotations

import shutil

import pytest
import torch
from engine_testlib import boundary_prompts

from argmatrix.runtime.engine import SamplingParams

GREEDY = SamplingParams(temperature=0, max_new_tokens=16)
TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "chat_template.jinja")


def _tiny(kind: str, out, demo_dir):
    from transformers import LlamaConfig, MistralConfig, MistralForCausalLM, Qwen2Config, Qwen2ForCausalLM

    common = dict(hidden_size=64, intermediate_size=128, num_hidden_layers=3, num_attention_heads=4,
                  num_key_value_heads=2, vocab_size=LlamaConfig.from_pretrained(demo_dir).vocab_size,
                  max_position_embeddings=512, initializer_range=0.1, eos_token_id=2, bos_token_id=1)
    table = {
        # a sliding window of 6 so that prompts and outputs run past it; one layer of Qwen2 is full attention
        "qwen2": (Qwen2Config, Qwen2ForCausalLM, dict(use_sliding_window=True, sliding_window=6, max_window_layers=1)),
        "mistral": (MistralConfig, MistralForCausalLM, dict(sliding_window=6)),
    }
    config_cls, model_cls, extra = table[kind]
    torch.manual_seed(1)
    model = model_cls(config_cls(**common, **extra))
    model.config.architectures = [model_cls.__name__]
    model.save_pretrained(out)
    for name in TOKENIZER_FILES:
        if (demo_dir / name).exists():
            shutil.copy(demo_dir / name, out / name)
    return out


@pytest.mark.parametrize("kind", ["qwen2", "mistral"])
def test_native_matches_transformers(kind, tmp_path, demo_dir, make_engine):
    from conftest import Oracle

    path = _tiny(kind, tmp_path / kind, demo_dir)
    oracle = Oracle(path)
    prompts = boundary_prompts(4, ks=range(1, 5))
    engine = make_engine(model_path=str(path), page_size=4, max_total_tokens=2048, chunked_prefill_size=6)
    assert engine.loaded.impl == "sglang"
    windows = engine.runner.model.windows
    assert 6 in windows and (kind != "qwen2" or None in windows)
    first = engine.generate(prompts, GREEDY)
    again = engine.generate(prompts, GREEDY)           # now through the prefix cache
    assert engine.stats().cache_hit_tokens > 0
    for prompt, a, b in zip(prompts, first, again):
        assert a.token_ids == b.token_ids == oracle(prompt, GREEDY.max_new_tokens)
