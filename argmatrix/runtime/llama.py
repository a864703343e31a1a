"""The native model: Llama-family forward over the paged KV cache.

It reuses the loaded transformers modules for every op (embedding, RMSNorm,
projections, rotary embedding, MLP, LM head), so the numerics are the ones
transformers computes, and replaces only attention, which reads and writes the
paged pool.  Sequences of different lengths are flattened into one ``[T, hidden]``
batch: there is no padding anywhere but in the decode attention gather.
"""
from __future__ import annotations

import sys

import torch

from .attention import AttentionMetadata


def sliding_windows(config) -> list[int | None]:
    """Per-layer sliding window (None: full attention), as transformers reads the config."""
    window = getattr(config, "sliding_window", None)
    layer_types = getattr(config, "layer_types", None)
    n = config.num_hidden_layers
    if layer_types:
        return [window if t == "sliding_attention" else None for t in layer_types[:n]]
    if getattr(config, "use_sliding_window", True) is False:   # Qwen2 without layer_types
        return [None] * n
    return [window] * n


class NativeCausalLM:
    def __init__(self, hf_model, attention):
        self.hf = hf_model
        inner = hf_model.model
        self.embed_tokens = inner.embed_tokens
        self.layers = list(inner.layers)
        self.norm = inner.norm
        self.rotary_emb = inner.rotary_emb
        self.lm_head = hf_model.lm_head
        # The architecture's own rotary helper (identical across Llama/Qwen2/Mistral, but take theirs).
        self.apply_rotary = sys.modules[type(inner.layers[0].self_attn).__module__].apply_rotary_pos_emb
        config = hf_model.config
        self.num_heads = config.num_attention_heads
        self.num_kv_heads = config.num_key_value_heads
        self.head_dim = getattr(config, "head_dim", None) or config.hidden_size // config.num_attention_heads
        self.windows = sliding_windows(config)
        self.attention = attention

    def forward(self, input_ids: torch.Tensor, positions: torch.Tensor, meta: AttentionMetadata,
                sample_rows: torch.Tensor | None) -> torch.Tensor:
        """Logits ``[len(sample_rows), vocab]`` for the rows that sample a token (None: every row)."""
        t = input_ids.shape[0]
        hidden = self.embed_tokens(input_ids)                      # [T, hidden]
        cos, sin = self.rotary_emb(hidden, positions[None])        # [1, T, head_dim]
        cos, sin = cos[0], sin[0]
        nh, nkv, d = self.num_heads, self.num_kv_heads, self.head_dim
        for i, layer in enumerate(self.layers):
            attn = layer.self_attn
            x = layer.input_layernorm(hidden)
            q = attn.q_proj(x).view(t, nh, d)
            k = attn.k_proj(x).view(t, nkv, d)
            v = attn.v_proj(x).view(t, nkv, d)
            q, k = self.apply_rotary(q, k, cos, sin, unsqueeze_dim=1)
            o = self.attention.forward(i, q, k, v, meta, attn.scaling, self.windows[i])
            hidden = hidden + attn.o_proj(o.reshape(t, nh * d))
            hidden = hidden + layer.mlp(layer.post_attention_layernorm(hidden))
        # The final norm and the LM head only for the rows that sample.
        if sample_rows is not None:
            hidden = hidden.index_select(0, sample_rows)
        return self.lm_head(self.norm(hidden))
