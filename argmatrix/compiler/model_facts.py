"""What a model is, read from its Hugging Face ``config.json`` alone: no weights, no tokenizer, no network.

``read_model_facts(path)`` reads the file as plain JSON (a ``trust_remote_code`` config is just JSON
too) into a typed :class:`ModelFacts`, including a parameter count per component computed from the
shapes, so the compiler can check tensor-parallel divisibility, context length, MoE/MLA flags and
memory before anything loads.  Pure Python: importing this costs nothing measurable.

Config shapes covered: Llama (and Mistral), Qwen2/Qwen3 (dense and MoE), Mixtral, DeepSeek-V2/V3
(MLA, shared experts, first dense layers), Gemma/Gemma2/Gemma3 (head_dim, sliding windows).
Multimodal configs with a ``text_config`` are read through their language model.
"""
from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any

from ..records import field, record, replace
from ..schema.meta import Text
from .bounded_read import UnreadableFile, check_nesting, read_text

# SGLang's order of preference for the key holding the context length (hf_transformers_utils.CONTEXT_LENGTH_KEYS).
CONTEXT_LENGTH_KEYS = ("max_sequence_length", "seq_length", "max_seq_len", "model_max_length",
                       "max_position_embeddings")
DEFAULT_CONTEXT_LENGTH = 2048  # what SGLang assumes when a config names none of those keys

# Weight bits a quantization method implies when its config does not say (SGLang's --quantization names and
# checkpoint quant_method values).  gguf and unknown methods are absent: their size cannot be told from the name.
METHOD_BITS = {
    "fp8": 8, "modelopt_fp8": 8, "w8a8_fp8": 8, "w8a8_int8": 8, "modelslim": 8, "qoq": 4,
    "awq": 4, "awq_marlin": 4, "gptq": 4, "gptq_marlin": 4, "marlin": 4, "moe_wna16": 4,
    "mxfp4": 4, "modelopt_fp4": 4, "petit_nvfp4": 4, "w4afp8": 4, "bitsandbytes": 4,
}


class ModelConfigError(ValueError):
    """config.json is unreadable or lacks a shape the checks need; ``text`` says which, in both languages."""

    def __init__(self, text: Text):
        super().__init__(text.en)
        self.text = text


@record
class MoEFacts:
    experts: int                   # routed experts per MoE layer
    experts_per_token: int
    expert_intermediate_size: int
    shared_experts: int            # always-on experts per MoE layer (DeepSeek: n_shared_experts; Qwen2-MoE: 1)
    shared_intermediate_size: int  # intermediate size of one shared expert
    moe_layers: tuple[int, ...]    # indices of the layers whose MLP is a MoE block


@record
class MLAFacts:
    """DeepSeek's multi-head latent attention: the KV cache holds one compressed latent per token and layer."""

    kv_lora_rank: int
    q_lora_rank: int | None
    qk_nope_head_dim: int
    qk_rope_head_dim: int
    v_head_dim: int


@record
class QuantFacts:
    method: str                    # quant_method as the checkpoint states it (fp8, gptq, awq, compressed-tensors, ...)
    bits: int | None               # weight bits, when the config says or the method implies it
    group_size: int | None         # GPTQ/AWQ group size; None for per-channel or block schemes
    block_size: tuple[int, ...] | None = None  # fp8 weight_block_size, e.g. (128, 128)
    expert_bits: int | None = None  # the routed experts' weight bits when they differ (ModelSlim W4A8 MoE)


@record
class ParamCounts:
    """Parameters per component.  Norms go with the block they normalise; the router with the experts."""

    embeddings: int
    attention: int        # all layers: projections and their norms
    dense_mlp: int        # MLPs of the dense layers
    shared_experts: int   # always-on experts of the MoE layers
    experts: int          # routed experts and their routers
    lm_head: int          # output projection (0 when tied to the embeddings) and the final norm

    @property
    def total(self) -> int:
        return self.embeddings + self.attention + self.dense_mlp + self.shared_experts + self.experts + self.lm_head


@record
class ModelFacts:
    source: str                     # the file the facts were read from
    architecture: str
    model_type: str
    layers: int
    hidden_size: int
    heads: int
    kv_heads: int
    head_dim: int
    intermediate_size: int
    vocab_size: int
    max_position_embeddings: int | None
    rope_scaling: dict[str, Any] | None
    context_length: int             # what SGLang derives from the config (see derive_context_length)
    tie_word_embeddings: bool
    torch_dtype: str | None
    moe: MoEFacts | None
    mla: MLAFacts | None
    sliding_window: int | None
    sliding_window_layers: int      # layers that attend within the window (their KV is capped at it)
    quantization: QuantFacts | None
    params: ParamCounts
    extra_layers: int = 0           # DeepSeek's next-token (MTP) layers, loaded only for speculative decoding
    # ModelSlim's per-weight schemes (quant_model_description.json beside config.json, what SGLang reads for
    # --quantization modelslim), as bits; None when the folder has none
    modelslim: QuantFacts | None = None
    raw: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def is_moe(self) -> bool:
        return self.moe is not None

    @property
    def is_mla(self) -> bool:
        return self.mla is not None


def derive_context_length(cfg: dict[str, Any]) -> int:
    """SGLang's reading (hf_transformers_utils.get_context_length): the first length key, times the rope
    scaling factor, except that a ``llama3`` rope type or an ``original_max_position_embeddings`` entry
    means the config already states the extended length."""
    rope = cfg.get("rope_scaling") or None
    factor = 1.0
    if isinstance(rope, dict):
        factor = rope.get("factor", 1) or 1
        if "original_max_position_embeddings" in rope or rope.get("rope_type") == "llama3":
            factor = 1
    for key in CONTEXT_LENGTH_KEYS:
        value = cfg.get(key)
        if value is not None:
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(factor * value):
                raise ModelConfigError(Text(f"{key} = {value!r} is not a finite number of tokens",
                                            f"{key} = {value!r} 不是有限的词元数"))
            return int(factor * value)
    return DEFAULT_CONTEXT_LENGTH


def config_file(path: str | os.PathLike) -> Path | None:
    """The config.json a model path or a config file names; None when it is not a local file or folder."""
    try:
        p = Path(path).expanduser()
        if p.is_dir():
            candidate = p / "config.json"
            return candidate if candidate.is_file() else None
        return p if p.is_file() else None
    except (OSError, ValueError):     # a name too long for the file system, a NUL byte: no local file
        return None


def read_model_facts(path: str | os.PathLike) -> ModelFacts:
    """Read ``path`` (a model folder or a config.json) into :class:`ModelFacts`; ModelConfigError when unusable."""
    file = config_file(path)
    if file is None:
        raise ModelConfigError(Text(f"{path}: no config.json there", f"{path}：其中没有 config.json"))
    try:
        text = read_text(file)           # bounded: a FIFO or /dev/zero is refused, not read forever
        check_nesting(text, str(file))
        cfg = json.loads(text)
    except UnreadableFile as exc:
        raise ModelConfigError(exc.text) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise ModelConfigError(Text(f"{file}: not a readable JSON file ({exc})",
                                    f"{file}：不是可读的 JSON 文件（{exc}）")) from None
    if not isinstance(cfg, dict):
        raise ModelConfigError(Text(f"{file}: the top level is not a JSON object", f"{file}：顶层不是 JSON 对象"))
    facts = facts_from_config(cfg, str(file))
    described = read_modelslim_description(file.parent / MODELSLIM_DESCRIPTION)
    return replace(facts, modelslim=described) if described is not None else facts


# ModelSlim's weight schemes (SGLang layers/quantization/modelslim/modelslim.py) -> weight bits; FLOAT: unquantized
MODELSLIM_DESCRIPTION = "quant_model_description.json"
MODELSLIM_SCHEME_BITS: dict[str, int | None] = {
    "W8A8": 8, "W8A8_DYNAMIC": 8, "W8A8_MXFP8": 8, "W4A8_DYNAMIC": 4, "W4A8_MXFP": 4, "W4A4_DYNAMIC": 4,
    "W4A4_MXFP4": 4, "W4A16": 4, "FLOAT": None,
}


def read_modelslim_description(path: Path) -> QuantFacts | None:
    """The weight bits a ModelSlim export states per weight (``quant_model_description.json``): the most common
    scheme of the routed experts' weights and of the other linear weights.  None when there is no such file or
    it names no scheme argmatrix knows (the plan then says it does not know the widths)."""
    if not path.is_file():
        return None
    try:
        text = read_text(path)
        check_nesting(text, str(path))
        described = json.loads(text)
    except (UnreadableFile, OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return None
    if not isinstance(described, dict):
        return None
    counts: dict[bool, dict[str, int]] = {True: {}, False: {}}  # is an expert weight -> scheme -> weights
    for name, scheme in described.items():
        if isinstance(name, str) and name.endswith(".weight") and scheme in MODELSLIM_SCHEME_BITS \
                and "norm" not in name and "embed" not in name:
            kind = counts[".experts." in name]
            kind[scheme] = kind.get(scheme, 0) + 1
    if not counts[True] and not counts[False]:
        return None

    def bits(kind: dict[str, int]) -> int | None:
        return MODELSLIM_SCHEME_BITS[max(kind, key=lambda k: kind[k])] if kind else None

    linear, experts = bits(counts[False]), bits(counts[True])
    return QuantFacts("modelslim", linear, None, None, expert_bits=experts if counts[True] else None)


def _int(cfg: dict[str, Any], source: str, *keys: str, default: Any = ...) -> Any:
    for key in keys:
        value = cfg.get(key)
        if value is not None:
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
                    or value < 0:         # Infinity / NaN (json reads them) are no count
                raise ModelConfigError(Text(f"{source}: {key} = {value!r} is not a finite non-negative number",
                                            f"{source}：{key} = {value!r} 不是有限的非负数"))
            return int(value)
    if default is ...:
        raise ModelConfigError(Text(f"{source}: the config has no {' / '.join(keys)}",
                                    f"{source}：配置中缺少 {' / '.join(keys)}"))
    return default


def _quant(cfg: dict[str, Any]) -> QuantFacts | None:
    q = cfg.get("quantization_config") or cfg.get("compression_config")
    if not isinstance(q, dict):
        return None
    method = str(q.get("quant_method") or q.get("quant_algo") or "unknown").lower().replace("_", "-")
    method = {"compressed-tensors": "compressed-tensors"}.get(method, method.replace("-", "_"))
    bits = q.get("bits") or q.get("w_bit") or q.get("weight_bits")
    group = q.get("group_size") or q.get("q_group_size")
    if bits is None and method == "compressed-tensors":
        for group_cfg in (q.get("config_groups") or {}).values():
            weights = (group_cfg or {}).get("weights") or {}
            bits = bits or weights.get("num_bits")
            group = group or weights.get("group_size")
    if bits is None and method == "bitsandbytes":
        bits = 4 if q.get("load_in_4bit") else 8
    block = q.get("weight_block_size")
    bits = bits or METHOD_BITS.get(method)
    return QuantFacts(method, int(bits) if bits else None, int(group) if group and group > 0 else None,
                      tuple(block) if isinstance(block, list) else None)


def _moe(cfg: dict[str, Any], layers: int, source: str) -> MoEFacts | None:
    experts = _int(cfg, source, "n_routed_experts", "num_experts", "num_local_experts", default=0)
    if experts <= 1:
        return None
    per_token = _int(cfg, source, "num_experts_per_tok", "moe_topk", default=1)
    expert_inter = _int(cfg, source, "moe_intermediate_size", "intermediate_size")
    shared = _int(cfg, source, "n_shared_experts", default=0)
    shared_inter = expert_inter
    if cfg.get("shared_expert_intermediate_size"):  # Qwen2-MoE: one shared expert of its own size
        shared, shared_inter = 1, _int(cfg, source, "shared_expert_intermediate_size")
    if "first_k_dense_replace" in cfg or "moe_layer_freq" in cfg:  # DeepSeek
        first = _int(cfg, source, "first_k_dense_replace", default=0)
        freq = max(1, _int(cfg, source, "moe_layer_freq", default=1))
        moe_layers = tuple(i for i in range(layers) if i >= first and i % freq == 0)
    else:  # Qwen-MoE (decoder_sparse_step, mlp_only_layers); Mixtral: every layer
        step = max(1, _int(cfg, source, "decoder_sparse_step", default=1))
        dense_only = set(cfg.get("mlp_only_layers") or [])
        moe_layers = tuple(i for i in range(layers) if i not in dense_only and (i + 1) % step == 0)
    return MoEFacts(experts, per_token, expert_inter, shared, shared_inter, moe_layers)


def _mla(cfg: dict[str, Any], source: str) -> MLAFacts | None:
    if not cfg.get("kv_lora_rank"):
        return None
    return MLAFacts(_int(cfg, source, "kv_lora_rank"), cfg.get("q_lora_rank") or None,
                    _int(cfg, source, "qk_nope_head_dim"), _int(cfg, source, "qk_rope_head_dim"),
                    _int(cfg, source, "v_head_dim"))


def _sliding(cfg: dict[str, Any], layers: int) -> tuple[int | None, int]:
    window = cfg.get("sliding_window")
    if not window or cfg.get("use_sliding_window") is False:
        return None, 0
    types = cfg.get("layer_types")
    if isinstance(types, list) and types:
        return int(window), sum(t == "sliding_attention" for t in types)
    pattern = cfg.get("sliding_window_pattern")
    if pattern:  # Gemma3: every pattern-th layer is global
        return int(window), layers - layers // int(pattern)
    if str(cfg.get("model_type", "")).startswith("gemma2"):  # Gemma2 alternates local and global layers
        return int(window), (layers + 1) // 2
    if cfg.get("max_window_layers") is not None and cfg.get("use_sliding_window"):  # Qwen2: the layers above it
        return int(window), max(0, layers - int(cfg["max_window_layers"]))
    return int(window), layers


def facts_from_config(cfg: dict[str, Any], source: str = "config.json") -> ModelFacts:
    """Build :class:`ModelFacts` from an already parsed config dictionary."""
    top = cfg
    if isinstance(cfg.get("text_config"), dict) and "num_hidden_layers" not in cfg:
        cfg = {**cfg["text_config"], "quantization_config": top.get("quantization_config"),
               "architectures": top.get("architectures"), "torch_dtype": top.get("torch_dtype")
               or cfg["text_config"].get("torch_dtype")}
    archs = top.get("architectures") or []
    architecture = str(archs[0]) if archs else str(cfg.get("model_type") or "unknown")
    layers = _int(cfg, source, "num_hidden_layers", "n_layer", "num_layers")
    if layers == 0:     # the memory plan shares the layers among pipeline stages: a model has at least one
        raise ModelConfigError(Text(f"{source}: num_hidden_layers is 0; a model has at least one layer",
                                    f"{source}：num_hidden_layers 为 0，模型至少要有一层"))
    hidden = _int(cfg, source, "hidden_size", "d_model", "n_embd")
    heads = _int(cfg, source, "num_attention_heads", "n_head")
    if heads == 0:
        raise ModelConfigError(Text(f"{source}: num_attention_heads is 0", f"{source}：num_attention_heads 为 0"))
    kv_heads = _int(cfg, source, "num_key_value_heads", default=heads) or heads
    head_dim = _int(cfg, source, "head_dim", default=hidden // heads) or hidden // heads
    vocab = _int(cfg, source, "vocab_size")
    intermediate = _int(cfg, source, "intermediate_size", "ffn_dim", "n_inner", default=4 * hidden)
    tie = bool(cfg.get("tie_word_embeddings", top.get("tie_word_embeddings", False)))
    moe = _moe(cfg, layers, source)
    mla = _mla(cfg, source)
    window, window_layers = _sliding(cfg, layers)
    rope = cfg.get("rope_scaling") if isinstance(cfg.get("rope_scaling"), dict) else None
    dtype = cfg.get("torch_dtype") or cfg.get("dtype")
    model_type = str(cfg.get("model_type") or "")
    facts = dict(
        source=source, architecture=architecture, model_type=model_type, layers=layers, hidden_size=hidden,
        heads=heads, kv_heads=kv_heads, head_dim=head_dim, intermediate_size=intermediate, vocab_size=vocab,
        max_position_embeddings=cfg.get("max_position_embeddings"), rope_scaling=rope,
        context_length=derive_context_length(cfg), tie_word_embeddings=tie,
        torch_dtype=str(dtype).replace("torch.", "") if dtype else None, moe=moe, mla=mla,
        sliding_window=window, sliding_window_layers=window_layers, quantization=_quant(top) or _quant(cfg),
        extra_layers=_int(cfg, source, "num_nextn_predict_layers", default=0), raw=top,
    )
    facts["params"] = count_params(cfg, **{k: facts[k] for k in (
        "layers", "hidden_size", "heads", "kv_heads", "head_dim", "intermediate_size", "vocab_size",
        "tie_word_embeddings", "moe", "mla", "model_type")})
    return ModelFacts(**facts)


# --- parameter counts -----------------------------------------------------------------------------------------

def attention_params(*, hidden_size: int, heads: int, kv_heads: int, head_dim: int, mla: MLAFacts | None,
                     qkv_bias: bool = False, qk_norm: bool = False, norms: int = 1,
                     attn_tp: int = 1) -> int:
    """Parameters of one attention block as one device of ``attn_tp`` holds them.

    Query and output projections split by heads; key/value projections split by KV heads, and when
    ``attn_tp`` exceeds the KV heads each device keeps one replicated KV head (SGLang's rule).
    MLA's down-projections (q_a, kv_a) are replicated; its up-projections and output split by heads.
    """
    h = hidden_size
    if mla is not None:
        qk = mla.qk_nope_head_dim + mla.qk_rope_head_dim
        if mla.q_lora_rank:
            replicated = h * mla.q_lora_rank + mla.q_lora_rank
            sharded = mla.q_lora_rank * heads * qk
        else:
            replicated, sharded = 0, h * heads * qk
        replicated += h * (mla.kv_lora_rank + mla.qk_rope_head_dim) + mla.kv_lora_rank
        sharded += mla.kv_lora_rank * heads * (mla.qk_nope_head_dim + mla.v_head_dim) + heads * mla.v_head_dim * h
        return replicated + math.ceil(sharded / attn_tp) + norms * h
    heads_here = math.ceil(heads / attn_tp)
    kv_here = max(1, math.ceil(kv_heads / attn_tp))
    q = h * heads_here * head_dim + (heads_here * head_dim if qkv_bias else 0)
    kv = 2 * (h * kv_here * head_dim + (kv_here * head_dim if qkv_bias else 0))
    o = heads_here * head_dim * h
    return q + kv + o + (2 * head_dim if qk_norm else 0) + norms * h


def gated_mlp_params(hidden_size: int, intermediate_size: int) -> int:
    """gate, up and down projections (SwiGLU / GeGLU): every covered family uses three matrices."""
    return 3 * hidden_size * intermediate_size


def _attention_options(cfg: dict[str, Any], model_type: str) -> dict[str, Any]:
    return dict(qkv_bias=bool(cfg.get("attention_bias")) or model_type in ("qwen2", "qwen2_moe"),
                qk_norm=model_type.startswith("qwen3") or model_type.startswith("gemma3"),
                norms=2 if model_type.startswith(("gemma2", "gemma3")) else 1)


def count_params(cfg: dict[str, Any], *, layers: int, hidden_size: int, heads: int, kv_heads: int, head_dim: int,
                 intermediate_size: int, vocab_size: int, tie_word_embeddings: bool, moe: MoEFacts | None,
                 mla: MLAFacts | None, model_type: str) -> ParamCounts:
    h = hidden_size
    per_layer_attn = attention_params(hidden_size=h, heads=heads, kv_heads=kv_heads, head_dim=head_dim, mla=mla,
                                      **_attention_options(cfg, model_type))
    moe_layers = len(moe.moe_layers) if moe else 0
    dense_layers = layers - moe_layers
    mlp_norms = 2 if model_type.startswith(("gemma2", "gemma3")) else 1  # post-attention (and pre/post-FFN) norms
    dense_mlp = dense_layers * (gated_mlp_params(h, intermediate_size) + mlp_norms * h)
    shared = experts = 0
    if moe:
        shared = moe_layers * (moe.shared_experts * gated_mlp_params(h, moe.shared_intermediate_size)
                               + (h if cfg.get("shared_expert_intermediate_size") else 0))  # Qwen2-MoE's shared gate
        router = h * moe.experts + (moe.experts if cfg.get("topk_method") == "noaux_tc" else 0)  # V3's bias
        experts = moe_layers * (moe.experts * gated_mlp_params(h, moe.expert_intermediate_size) + router + mlp_norms * h)
    embeddings = vocab_size * h
    lm_head = (0 if tie_word_embeddings else vocab_size * h) + h
    return ParamCounts(embeddings, layers * per_layer_attn, dense_mlp, shared, experts, lm_head)
