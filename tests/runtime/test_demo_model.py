"""The accelerator benchmark's demo shapes have the sizes the issue states (counted on the meta device)."""
from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from argmatrix.runtime.demo_model import BF16_SIZES, SIZES  # noqa: E402


@pytest.mark.parametrize("size,gb", [("0.5b", 0.83), ("1.5b", 2.8)])
def test_accelerator_shapes(size, gb):
    from transformers import LlamaConfig, LlamaForCausalLM

    config = LlamaConfig(**SIZES[size], tie_word_embeddings=False)
    with torch.device("meta"):
        model = LlamaForCausalLM(config)
    params = sum(p.numel() for p in model.parameters())
    assert size in BF16_SIZES and abs(params * 2 / 1e9 - gb) < 0.05
