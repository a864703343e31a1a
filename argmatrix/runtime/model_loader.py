"""Load a Hugging Face model directory: config (+ overrides), weights, tokenizer.

Weights always go through ``AutoModelForCausalLM`` so every architecture
transformers knows can be served (``--model-impl transformers``); the native
path (``llama.py``) then reuses the loaded modules.  Nothing is downloaded
unless the Hugging Face hub is reachable; a hub id without network is a clear
``EngineLoadError`` that says how to fix it.
"""
from __future__ import annotations

import glob
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .engine_config import EngineConfig

log = logging.getLogger(__name__)

# Architectures llama.py runs over the paged KV cache (they share the Llama layer layout).
NATIVE_ARCHITECTURES = frozenset({"LlamaForCausalLM", "Qwen2ForCausalLM", "MistralForCausalLM"})

# --load-format -> (weight files that must exist, from_pretrained keyword arguments).
# "dummy" builds the architecture with random weights and reads no weight file.
LOAD_FORMATS: dict[str, tuple[tuple[str, ...], dict[str, Any]]] = {
    "auto": (("*.safetensors", "*.bin", "*.pt"), {}),
    "safetensors": (("*.safetensors",), {"use_safetensors": True}),
    "pt": (("*.bin", "*.pt"), {"use_safetensors": False}),
    "dummy": ((), {}),
}

# Attributes that hold the trained context length, in the order transformers configs use them.
CONTEXT_LENGTH_KEYS = ("max_position_embeddings", "max_sequence_length", "seq_length", "n_positions",
                       "max_seq_len", "model_max_length")

# The dtype a float32/float64 checkpoint runs in on an accelerator with --dtype auto.
ACCELERATOR_AUTO_DTYPE = {"cuda": "bfloat16", "npu": "bfloat16"}


@dataclass
class LoadedModel:
    model: Any                 # transformers PreTrainedModel, eval mode, on the device
    tokenizer: Any | None      # transformers tokenizer, or None with --skip-tokenizer-init
    hf_config: Any
    impl: str                  # "sglang" (native, paged) or "transformers"
    dtype: Any                 # torch.dtype
    device: Any                # torch.device
    context_length: int
    model_dir: Path
    model_name: str
    weight_bytes: int


def _error(en: str, zh: str):
    from .errors import EngineLoadError, bilingual

    return bilingual(EngineLoadError, en, zh)


def _looks_like_hub_id(path: str) -> bool:
    return not path.startswith(("/", ".", "~")) and path.count("/") == 1 and not os.path.exists(path)


def _offline() -> bool:
    return any(os.environ.get(k, "").lower() in ("1", "true", "yes") for k in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE"))


def resolve_model_dir(path: str, revision: str | None, flag: str = "--model-path") -> Path:
    """A local directory for ``path``: the path itself, or a hub id's snapshot in the local HF cache."""
    local = Path(os.path.expanduser(path))
    if local.is_dir():
        return local
    if not _looks_like_hub_id(path):
        raise _error(f"{flag} {path!r}: no such directory. Pass a local Hugging Face model directory "
                     f"(one with config.json and weights), e.g. one written by `argmatrix demo-model DIR`.",
                     f"{flag} {path!r}：目录不存在。请指定本地的 Hugging Face 模型目录（含 config.json 与权重），"
                     f"例如由 `argmatrix demo-model DIR` 生成的目录。")
    from huggingface_hub import snapshot_download

    rev = f" (--revision {revision})" if revision else ""
    try:
        return Path(snapshot_download(path, revision=revision, local_files_only=True))
    except Exception:  # noqa: BLE001 - not in the local cache (in any way the hub reports it): try to download
        pass
    if not _offline():
        try:
            return Path(snapshot_download(path, revision=revision))
        except Exception as exc:  # noqa: BLE001 - no network, unknown repo, gated model, ...: reported below
            reason = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
        else:  # pragma: no cover
            reason = ""
    else:
        reason = "HF_HUB_OFFLINE is set"
    download = f"`huggingface-cli download {path}{' --revision ' + revision if revision else ''} --local-dir DIR`"
    raise _error(f"{flag} {path!r}{rev} looks like a Hugging Face hub id, it is not in the local cache and "
                 f"could not be downloaded ({reason}). Download it on a machine with network access "
                 f"({download}), copy DIR here and pass {flag} DIR.",
                 f"{flag} {path!r}{rev} 看起来是 Hugging Face Hub 上的模型 ID，但本地缓存中没有，也无法下载"
                 f"（{reason}）。请在能联网的机器上下载（{download}），把 DIR 复制到本机，再传入 {flag} DIR。")


def resolve_dtype(config: EngineConfig, hf_config: Any):
    import torch

    if config.dtype != "auto":
        return getattr(torch, config.dtype)
    stored = getattr(hf_config, "dtype", None) or getattr(hf_config, "torch_dtype", None) or "float32"
    stored = stored if isinstance(stored, torch.dtype) else getattr(torch, str(stored).replace("torch.", ""))
    if config.device in ACCELERATOR_AUTO_DTYPE and stored in (torch.float32, torch.float64):
        return getattr(torch, ACCELERATOR_AUTO_DTYPE[config.device])
    return stored


def torch_device(kind: str):
    import torch

    if kind == "npu":
        try:
            import torch_npu  # noqa: F401  (registers the npu device with torch)
        except ImportError as exc:
            raise _error("--device npu needs torch_npu: pip install 'argmatrix[npu]' (matching your CANN)",
                         "--device npu 需要 torch_npu：pip install 'argmatrix[npu]'（版本须与 CANN 匹配）") from exc
    if kind == "cuda" and not torch.cuda.is_available():
        raise _error("--device cuda: torch sees no CUDA device (CPU-only torch build or no GPU); use --device cpu",
                     "--device cuda：torch 找不到 CUDA 设备（torch 为仅 CPU 版本，或本机没有 GPU）；请改用 --device cpu")
    return torch.device(kind)


def choose_impl(requested: str, architectures: list[str]) -> str:
    native = any(a in NATIVE_ARCHITECTURES for a in architectures)
    if requested == "sglang" and not native:
        raise _error(f"--model-impl sglang runs {', '.join(sorted(NATIVE_ARCHITECTURES))} only; this model is "
                     f"{', '.join(architectures) or 'of unknown architecture'}. Use --model-impl transformers "
                     f"(or auto) to serve it through transformers.",
                     f"--model-impl sglang 只能运行 {'、'.join(sorted(NATIVE_ARCHITECTURES))}；该模型的架构为"
                     f"{'、'.join(architectures) or '未知'}。请改用 --model-impl transformers（或 auto），"
                     f"通过 transformers 提供服务。")
    if requested not in ("auto", "sglang", "transformers"):
        raise _error(f"--model-impl {requested} is not available in this engine; use auto, sglang or transformers",
                     f"本引擎不提供 --model-impl {requested}；请改用 auto、sglang 或 transformers")
    return "sglang" if requested == "sglang" or (requested == "auto" and native) else "transformers"


def load_model(config: EngineConfig) -> LoadedModel:
    import torch
    from transformers import AutoConfig, AutoModelForCausalLM

    model_dir = resolve_model_dir(config.model_path, config.revision)
    if not (model_dir / "config.json").is_file():
        raise _error(f"--model-path {config.model_path!r}: {model_dir} has no config.json; it is not a Hugging Face "
                     f"model directory",
                     f"--model-path {config.model_path!r}：{model_dir} 中没有 config.json，不是 Hugging Face 模型目录")
    if config.load_format not in LOAD_FORMATS:
        raise _error(f"--load-format {config.load_format} is not supported by this engine; use "
                     f"{', '.join(LOAD_FORMATS)}",
                     f"本引擎不支持 --load-format {config.load_format}；请改用 {'、'.join(LOAD_FORMATS)}")
    patterns, load_kwargs = LOAD_FORMATS[config.load_format]
    if patterns and not any(glob.glob(str(model_dir / p)) for p in patterns):
        raise _error(f"--load-format {config.load_format}: {model_dir} has no weight files matching "
                     f"{' or '.join(patterns)}; use --load-format auto, or point --model-path at a complete model",
                     f"--load-format {config.load_format}：{model_dir} 中没有匹配 {' 或 '.join(patterns)} 的权重文件；"
                     f"请改用 --load-format auto，或让 --model-path 指向完整的模型")

    common = dict(trust_remote_code=config.trust_remote_code, revision=config.revision)
    try:
        hf_config = AutoConfig.from_pretrained(model_dir, **common)
    except Exception as exc:
        raise _error(f"--model-path {config.model_path!r}: cannot read its config.json ({exc}). If the model "
                     f"ships its own code, add --trust-remote-code.",
                     f"--model-path {config.model_path!r}：无法读取其 config.json（报错“{exc}”）。如果模型自带代码，"
                     f"请加上 --trust-remote-code。") from exc
    if config.json_model_override_args:
        hf_config.update(config.json_model_override_args)

    model_ctx = next((getattr(hf_config, k) for k in CONTEXT_LENGTH_KEYS if getattr(hf_config, k, None)), None)
    context_length = config.context_length or model_ctx or 2048
    if config.context_length and model_ctx and config.context_length > model_ctx:
        raise _error(f"--context-length {config.context_length} exceeds the model's trained context of {model_ctx} "
                     f"tokens; pass a value <= {model_ctx}, or extend the model's RoPE through "
                     f"--json-model-override-args (e.g. a rope_scaling entry and max_position_embeddings)",
                     f"--context-length {config.context_length} 超过了模型训练时的上下文长度 {model_ctx} 个 token；"
                     f"请传入不大于 {model_ctx} 的值，或通过 --json-model-override-args 扩展模型的 RoPE"
                     f"（例如加上 rope_scaling 与 max_position_embeddings）")

    impl = choose_impl(config.model_impl, list(getattr(hf_config, "architectures", None) or []))
    dtype = resolve_dtype(config, hf_config)
    device = torch_device(config.device)

    if config.random_seed is not None:
        torch.manual_seed(config.random_seed)  # also makes --load-format dummy reproducible
    try:
        if config.load_format == "dummy":
            model = AutoModelForCausalLM.from_config(hf_config, dtype=dtype, attn_implementation="sdpa",
                                                     trust_remote_code=config.trust_remote_code)
        else:
            model = AutoModelForCausalLM.from_pretrained(model_dir, config=hf_config, dtype=dtype,
                                                         attn_implementation="sdpa", **common, **load_kwargs)
    except Exception as exc:
        raise _error(f"--model-path {config.model_path!r}: loading the weights failed: {exc}",
                     f"--model-path {config.model_path!r}：加载权重失败，报错“{exc}”") from exc
    model = model.to(device=device, dtype=dtype).eval()
    model.requires_grad_(False)

    tokenizer = None
    if not config.skip_tokenizer_init:
        tokenizer = load_tokenizer(config, model_dir)

    return LoadedModel(
        model=model, tokenizer=tokenizer, hf_config=model.config, impl=impl, dtype=dtype, device=device,
        context_length=int(context_length), model_dir=model_dir,
        model_name=config.served_model_name or config.model_path,
        weight_bytes=sum(p.numel() * p.element_size() for p in model.parameters()),
    )


def load_tokenizer(config: EngineConfig, model_dir: Path):
    from transformers import AutoTokenizer

    path = config.tokenizer_path
    tok_dir = resolve_model_dir(path, config.revision, "--tokenizer-path") if path else model_dir
    try:
        # transformers 5 always loads the fast (tokenizers) implementation; use_fast is kept for 4.x.
        return AutoTokenizer.from_pretrained(tok_dir, use_fast=config.tokenizer_mode != "slow",
                                             trust_remote_code=config.trust_remote_code, revision=config.revision)
    except Exception as exc:
        flag = f"--tokenizer-path {path!r}" if path else f"--model-path {config.model_path!r}"
        raise _error(f"{flag}: cannot load a tokenizer from {tok_dir} ({exc}). Point --tokenizer-path at a "
                     f"directory with tokenizer files, or pass --skip-tokenizer-init and send token ids.",
                     f"{flag}：无法从 {tok_dir} 加载分词器（报错“{exc}”）。请让 --tokenizer-path 指向含分词器文件的目录，"
                     f"或加上 --skip-tokenizer-init 并直接发送 token ID。") from exc
