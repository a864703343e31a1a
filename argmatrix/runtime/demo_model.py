"""A tiny random-weight Llama and a byte-level BPE tokenizer, built offline.

Tests, the README and the benchmark need a real Hugging Face model directory
(config.json, model.safetensors, tokenizer files with a chat template) that
``AutoModelForCausalLM`` / ``AutoTokenizer`` load, without ever downloading one.
The weights are random, so the text is gibberish, but every code path (paged
KV cache, prefix cache, scheduler, detokenizer, chat template) is exercised.

``python -m argmatrix.runtime.demo_model DIR [--size tiny|60m|0.5b|1.5b]``.
"""
from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

# Bump when the files written here change, so cached copies are rebuilt.
DEMO_MODEL_VERSION = 1

SPECIAL_TOKENS = ["<unk>", "<s>", "</s>", "<|im_start|>", "<|im_end|>"]

CHAT_TEMPLATE = (
    "{% for message in messages %}"
    "<|im_start|>{{ message['role'] }}\n{{ message['content'] }}<|im_end|>\n"
    "{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)

# Model shapes.  "tiny" is a few MB and fast enough for a token-exact oracle on
# one CPU thread; "60m" is the benchmark's ~60M-parameter model.
SIZES = {
    "tiny": dict(hidden_size=128, intermediate_size=256, num_hidden_layers=4, num_attention_heads=4,
                 num_key_value_heads=2, vocab_size=0, max_position_embeddings=2048),
    "60m": dict(hidden_size=512, intermediate_size=1536, num_hidden_layers=8, num_attention_heads=8,
                num_key_value_heads=4, vocab_size=32000, max_position_embeddings=4096),
    # Accelerator benchmark shapes (Qwen2.5-0.5B / -1.5B-like, written in bfloat16: 0.83 GB / 2.8 GB).
    "0.5b": dict(hidden_size=896, intermediate_size=4864, num_hidden_layers=24, num_attention_heads=14,
                 num_key_value_heads=2, vocab_size=32000, max_position_embeddings=8192),
    "1.5b": dict(hidden_size=1536, intermediate_size=8960, num_hidden_layers=28, num_attention_heads=12,
                 num_key_value_heads=2, vocab_size=32000, max_position_embeddings=8192),
}

# Sizes saved in bfloat16 (their float32 weights would be 1.7 and 5.6 GB); the rest in float32.
BF16_SIZES = {"0.5b", "1.5b"}

# Other names the CLI and docs use for the sizes.
SIZE_ALIASES = {"small": "60m"}

# Training text for the tokenizer: varied scripts so that multi-byte UTF-8
# characters are split across tokens (the incremental detokenizer must cope).
_CORPUS = [
    "The quick brown fox jumps over the lazy dog.",
    "A paged KV cache stores keys and values in fixed-size pages.",
    "Continuous batching admits new requests while others are decoding.",
    "A radix tree over token ids shares the prefix of many prompts.",
    "Hello, world! How are you today? I am fine, thank you.",
    "def generate(prompt, max_new_tokens=16):\n    return model(prompt)\n",
    "Numbers: 0 1 2 3 4 5 6 7 8 9 10 100 1000 3.14159 2.71828",
    "你好，世界！今天天气很好。我们一起学习大语言模型推理。",
    "昇腾 NPU 与 GPU 都可以运行这个引擎。",
    "Grüße aus München: Äpfel, Öl und Übermut. Ça va? Señor niño.",
    "Emoji: 😀 🚀 🎉 👍 ❤️ and symbols → ← ≥ ≤ ∑ π",
    "Русский текст: привет мир. Ελληνικά: γειά σου κόσμε.",
    "日本語のテキスト：こんにちは世界。カタカナとひらがな。",
]


def _train_tokenizer(vocab_size: int):
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    tok = Tokenizer(models.BPE(unk_token=None, byte_fallback=False))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=vocab_size, special_tokens=SPECIAL_TOKENS, show_progress=False,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    # Repeat the corpus so merges are learnt up to the requested vocabulary size.
    tok.train_from_iterator((line for _ in range(20) for line in _CORPUS), trainer=trainer)
    return tok


def build_demo_model(out_dir: str | os.PathLike, *, size: str = "tiny", seed: int = 0,
                     initializer_range: float = 0.1) -> Path:
    """Write a loadable Llama model directory to ``out_dir`` and return its path.

    ``initializer_range`` is larger than Llama's 0.02 so that greedy decoding of
    the random model wanders instead of repeating one token (a better oracle).
    """
    import torch
    from transformers import GenerationConfig, LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    size = SIZE_ALIASES.get(size, size)
    if size not in SIZES:
        raise ValueError(f"unknown demo model size {size!r}; choose one of {', '.join(SIZES)}")
    shape: dict[str, Any] = dict(SIZES[size])
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)

    raw = _train_tokenizer(1024 if size == "tiny" else 4096)
    tokenizer = PreTrainedTokenizerFast(tokenizer_object=raw, bos_token="<s>", eos_token="</s>",
                                        unk_token="<unk>", pad_token="</s>",
                                        additional_special_tokens=["<|im_start|>", "<|im_end|>"])
    tokenizer.chat_template = CHAT_TEMPLATE
    tokenizer.save_pretrained(out)

    # "tiny" matches its vocabulary exactly so every sampled id decodes to text;
    # "60m" keeps a 32k embedding so the LM head costs what a real one does.
    shape["vocab_size"] = len(tokenizer) if size == "tiny" else max(shape["vocab_size"], len(tokenizer))
    config = LlamaConfig(**shape, rms_norm_eps=1e-5, initializer_range=initializer_range,
                         bos_token_id=tokenizer.bos_token_id, eos_token_id=tokenizer.eos_token_id,
                         pad_token_id=tokenizer.pad_token_id, tie_word_embeddings=False)
    config.architectures = ["LlamaForCausalLM"]
    torch.manual_seed(seed)
    dtype = torch.bfloat16 if size in BF16_SIZES else torch.float32
    previous = torch.get_default_dtype()
    torch.set_default_dtype(dtype)           # initialise in the saved dtype: no float32 copy of a 1.5B model
    try:
        model = LlamaForCausalLM(config)
        torch.nn.Module.to(model, dtype)     # buffers too; transformers' own .to is typed for other uses
    finally:
        torch.set_default_dtype(previous)
    model.save_pretrained(out, safe_serialization=True)
    GenerationConfig(bos_token_id=config.bos_token_id, eos_token_id=config.eos_token_id,
                     pad_token_id=config.pad_token_id, do_sample=False).save_pretrained(out)
    (out / "argmatrix_demo.json").write_text(json.dumps({"version": DEMO_MODEL_VERSION, "size": size,
                                                        "seed": seed}))
    return out


def is_current(path: str | os.PathLike, size: str = "tiny") -> bool:
    """True when ``path`` holds a demo model this version of the code wrote."""
    size = SIZE_ALIASES.get(size, size)
    marker = Path(path) / "argmatrix_demo.json"
    try:
        meta = json.loads(marker.read_text())
    except (OSError, ValueError):
        return False
    return meta.get("version") == DEMO_MODEL_VERSION and meta.get("size") == size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="argmatrix demo-model", description=__doc__.split("\n\n")[0])
    parser.add_argument("dir", help="directory to write the model into")
    parser.add_argument("--size", choices=sorted([*SIZES, *SIZE_ALIASES]), default="tiny")
    parser.add_argument("--seed", type=int, default=0)
    ns = parser.parse_args(argv)
    path = build_demo_model(ns.dir, size=ns.size, seed=ns.seed)
    print(f"wrote a random-weight {ns.size} Llama to {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
