"""Shard the native Llama-family model over a tensor-parallel group, the way SGLang lays it out.

* q/k/v and gate/up are column-parallel: each rank keeps its heads / its slice of the FFN;
* o and down are row-parallel: each rank multiplies its slice, then one all-reduce sums them
  (the bias, if any, is added once, after the sum);
* the embedding and the LM head are vocab-parallel: each rank keeps ``ceil(V / tp)`` rows;
  an embedding lookup outside a rank's rows gives zeros and an all-reduce completes it; the
  LM head's logits are all-gathered so every rank holds the whole ``[rows, V]``;
* KV heads fewer than tp are replicated: rank ``r`` keeps KV head ``r // (tp / kv_heads)``,
  the one its query heads read (SGLang's ``num_kv_head_replicas``).

The full checkpoint is loaded on every rank and each keeps its shard; the KV pool of each
rank holds only its KV heads.
"""
from __future__ import annotations

from dataclasses import dataclass

import torch
from torch import nn

from .errors import bilingual


@dataclass(frozen=True)
class HeadSplit:
    """How many heads rank ``rank`` of ``size`` keeps, and which."""

    heads: int               # query heads on this rank
    kv_heads: int            # KV heads on this rank
    first_head: int
    first_kv_head: int


def head_split(num_heads: int, num_kv_heads: int, rank: int, size: int) -> HeadSplit:
    """Raises ValueError (naming --tp-size) when the heads cannot be split over ``size`` ranks."""
    if num_heads % size:
        raise bilingual(ValueError, f"--tp-size {size}: the model's {num_heads} attention heads do not divide by "
                        f"{size}; use a --tp-size that divides {num_heads}",
                        f"--tp-size {size}：模型的 {num_heads} 个注意力头不能被 {size} 整除；"
                        f"请使用能整除 {num_heads} 的 --tp-size")
    heads = num_heads // size
    if num_kv_heads >= size:
        if num_kv_heads % size:
            raise bilingual(ValueError, f"--tp-size {size}: the model's {num_kv_heads} KV heads do not divide by "
                            f"{size}; use a --tp-size that divides {num_kv_heads}",
                            f"--tp-size {size}：模型的 {num_kv_heads} 个 KV 头不能被 {size} 整除；"
                            f"请使用能整除 {num_kv_heads} 的 --tp-size")
        kv = num_kv_heads // size
        return HeadSplit(heads, kv, rank * heads, rank * kv)
    if size % num_kv_heads:
        raise bilingual(ValueError, f"--tp-size {size}: {size} ranks cannot share the model's {num_kv_heads} KV "
                        f"heads evenly; use a multiple of {num_kv_heads}",
                        f"--tp-size {size}：{size} 个 rank 无法均分模型的 {num_kv_heads} 个 KV 头；"
                        f"请使用 {num_kv_heads} 的倍数")
    return HeadSplit(heads, 1, rank * heads, rank // (size // num_kv_heads))


def local_kv_heads(num_kv_heads: int, size: int) -> int:
    return max(1, num_kv_heads // size)


def vocab_range(vocab: int, rank: int, size: int) -> tuple[int, int]:
    per = -(-vocab // size)
    return min(vocab, rank * per), min(vocab, (rank + 1) * per)


def _linear(weight: torch.Tensor, bias: torch.Tensor | None) -> nn.Linear:
    out = nn.Linear(weight.shape[1], weight.shape[0], bias=bias is not None, device=weight.device, dtype=weight.dtype)
    out.weight = nn.Parameter(weight.contiguous(), requires_grad=False)
    if bias is not None:
        out.bias = nn.Parameter(bias.contiguous(), requires_grad=False)
    return out


def column_shard(linear: nn.Linear, start: int, stop: int) -> nn.Linear:
    return _linear(linear.weight[start:stop], None if linear.bias is None else linear.bias[start:stop])


class RowParallelLinear(nn.Module):
    """``x[:, shard] @ W[:, shard]^T``, summed over the ranks, plus the bias once."""

    def __init__(self, linear: nn.Linear, start: int, stop: int, group):
        super().__init__()
        self.weight = nn.Parameter(linear.weight[:, start:stop].contiguous(), requires_grad=False)
        self.bias = None if linear.bias is None else nn.Parameter(linear.bias.detach().clone(), requires_grad=False)
        self.group = group

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = torch.nn.functional.linear(x, self.weight)
        self.group.all_reduce(out)
        return out if self.bias is None else out + self.bias


class VocabParallelEmbedding(nn.Module):
    def __init__(self, embedding: nn.Embedding, start: int, stop: int, group):
        super().__init__()
        self.weight = nn.Parameter(embedding.weight[start:stop].contiguous(), requires_grad=False)
        self.start, self.stop, self.group = start, stop, group

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        inside = (ids >= self.start) & (ids < self.stop)
        local = torch.where(inside, ids - self.start, torch.zeros_like(ids))
        out = self.weight.index_select(0, local) * inside[:, None].to(self.weight.dtype)
        self.group.all_reduce(out)
        return out


class VocabParallelLMHead(nn.Module):
    """Each rank's ``ceil(V / tp)`` logits (the last shard zero-padded), all-gathered and trimmed to V."""

    def __init__(self, head: nn.Linear, start: int, stop: int, per: int, vocab: int, group):
        super().__init__()
        weight = head.weight[start:stop]
        if stop - start < per:           # pad the last shard so every rank gathers the same shape
            weight = torch.cat([weight, weight.new_zeros((per - (stop - start), weight.shape[1]))])
        self.weight = nn.Parameter(weight.contiguous(), requires_grad=False)
        bias = None if head.bias is None else head.bias[start:stop]
        if bias is not None and stop - start < per:
            bias = torch.cat([bias, bias.new_zeros(per - (stop - start))])
        self.bias = None if bias is None else nn.Parameter(bias.contiguous(), requires_grad=False)
        self.vocab, self.group = vocab, group

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        local = torch.nn.functional.linear(hidden, self.weight, self.bias)
        return self.group.all_gather_last(local)[:, :self.vocab]


def shard_model(native, group) -> HeadSplit:
    """Replace ``native``'s (a :class:`~argmatrix.runtime.llama.NativeCausalLM`) modules by this rank's shards."""
    rank, size = group.rank, group.size
    split = head_split(native.num_heads, native.num_kv_heads, rank, size)
    d = native.head_dim
    for layer in native.layers:
        attn, mlp = layer.self_attn, layer.mlp
        q0 = split.first_head * d
        kv0 = split.first_kv_head * d
        attn.q_proj = column_shard(attn.q_proj, q0, q0 + split.heads * d)
        attn.k_proj = column_shard(attn.k_proj, kv0, kv0 + split.kv_heads * d)
        attn.v_proj = column_shard(attn.v_proj, kv0, kv0 + split.kv_heads * d)
        attn.o_proj = RowParallelLinear(attn.o_proj, q0, q0 + split.heads * d, group)
        inter = mlp.gate_proj.out_features
        if inter % size:
            raise bilingual(ValueError, f"--tp-size {size}: the model's FFN width {inter} does not divide by {size}",
                            f"--tp-size {size}：模型的 FFN 宽度 {inter} 不能被 {size} 整除")
        per = inter // size
        mlp.gate_proj = column_shard(mlp.gate_proj, rank * per, (rank + 1) * per)
        mlp.up_proj = column_shard(mlp.up_proj, rank * per, (rank + 1) * per)
        mlp.down_proj = RowParallelLinear(mlp.down_proj, rank * per, (rank + 1) * per, group)
    vocab = native.embed_tokens.weight.shape[0]
    start, stop = vocab_range(vocab, rank, size)
    native.embed_tokens = VocabParallelEmbedding(native.embed_tokens, start, stop, group)
    head_vocab = native.lm_head.weight.shape[0]
    h_start, h_stop = vocab_range(head_vocab, rank, size)
    native.lm_head = VocabParallelLMHead(native.lm_head, h_start, h_stop, -(-head_vocab // size), head_vocab, group)
    native.num_heads, native.num_kv_heads = split.heads, split.kv_heads
    # the full modules (and the tied-embedding reference) are no longer needed on this rank
    native.hf.model.embed_tokens = native.embed_tokens
    native.hf.lm_head = native.lm_head
    return split
