"""The one Chinese glossary: which word argmatrix uses for each term, and what counts as a word in Chinese text.

Every Chinese string argmatrix prints or writes (help texts, group titles, findings, status words, the
generated pages) follows it; ``tests/docs/test_zh_glossary.py`` reads them all and enforces it.
"""
from __future__ import annotations

import re

# preferred term -> (the English it translates, spellings that must not appear in Chinese text)
GLOSSARY: dict[str, tuple[str, tuple[str, ...]]] = {
    "投机解码": ("speculative decoding", ("投机采样", "推测解码", "推测采样")),
    "昇腾": ("Ascend (in prose)", (r"(?<![`\w-])Ascend(?![\w`-])",)),
    "预填充实例": ("prefill instance/node/server", ("预填充节点", "prefill 节点", "prefill 实例", "P 节点", "prefill 服务",
                                                     "prefill 端")),
    "解码实例": ("decode instance/node/server", ("解码节点", "decode 节点", "decode 实例", "D 节点", "decode 服务",
                                                "decode 端")),
    "并行规模": ("parallel size", ("并行大小", "并行度", "并行数")),
    "算子": ("kernel (a device kernel; vLLM-Ascend's Chinese docs say 算子)", (r"(?<!系统)内核",)),
    "批大小": ("batch size", ("批次大小", "批量大小", "batch size", "batch 大小")),
    "提示词": ("prompt", ("提示语", r"(?<![`\w-])prompts?(?![\w`-])")),
    "淘汰": ("evict / eviction", ("驱逐", "逐出")),
    "个设备": ("N devices / cards", ("张卡", "块卡", r"\d 卡", "加速卡", "张 NPU", "块 NPU", "张 GPU", "块 GPU",
                                     "张显卡", "块显卡", "张设备")),
    "实验特性": ("experimental", ("实验性(?!特性)",)),
    "分层缓存": ("hierarchical cache (HiCache)", ("层级缓存", "多级缓存")),
    "单算子": ("op-by-op (eager) execution", ("逐算子",)),
    "CUDA Graph": ("CUDA graph", ("CUDA 图", "CUDA graph", "CUDA图")),
    "延迟": ("latency", ("时延",)),
    "注意力数据并行": ("DP attention", ("DP 注意力", "DP attention", "dp attention")),
    "该数量的": ("this many (a calque)", ("这么多",)),
    "聊天模板": ("chat template", ("对话模板",)),
}
FORBIDDEN = [(re.compile(bad), good) for good, (_, bads) in GLOSSARY.items() for bad in bads]

# ASCII words that stay as they are in Chinese text: acronyms and names of products, projects and formats
KEPT_TERMS = frozenset("""
sglang-router sglang_router
token tokens Token SGLang argmatrix Hugging Face HuggingFace PyTorch Transformers Triton FlashInfer DeepSeek
Qwen Llama LLaMA Mistral Kimi GLM MiniMax Mamba LoRA MoE LMCache Mooncake NIXL DeepEP EPLB CUDA NVIDIA NCCL HCCL
Atlas Duo Pro SuperPoD Huawei Intel AMD AMX ROCm XPU OpenAI Prometheus OpenTelemetry Ray Docker Kubernetes Python
JSON YAML TOML HTTP HTTPS gRPC URL API CPU GPU NPU HBM KV FP8 FP4 INT8 INT4 FP16 BF16 MXFP8 MXFP4 HiF8 SoC
safetensors GGUF bitsandbytes torch torch_npu torchao MindSpore KTransformers ModelSlim modelslim checkpoint-engine
xgrammar outlines llguidance Outlines XGrammar EAGLE EAGLE3 NEXTN NGRAM STANDALONE n-gram Ngram FlashAttention
FlashMLA MLA MHA GQA DP TP PP EP CP SWA NSA DSA ID IDs IP TTFT ITL SSM GDN KDA Jinja Jinja2 Lua HiCache HiSparse
RDMA NUMA InfiniBand IB NIC SLA SLO QPS RPS FSDP RL NaN Inf LRU LFU FIFO TBO PD EPD
rank ranks all-reduce all-gather all-to-all reduce-scatter top-k top-p min-p logits logit logprobs RoPE RMSNorm
LayerNorm ViT MiMo Blackwell Hopper Ampere Ada NVLink Spark Dynamo MegaMoE Uvicorn Granian FastAPI WebSocket Bearer DSpark Gemma
Authorization Rust Unix Apple Nsight Systems TorchInductor TensorFloat Quark msProbe MindStudio msModelSlim FlexKV
ModelExpress Transfer Engine Muse Lean CuTe cuBLAS cuDNN cudnn Philox Waterfill Domino Inkling FlashRL DFlash Lustre
NVMe RadixAttention Adler Aaronson Schema Responses StreamingSession UnifiedRadixCache ReplaySSM Qwen4 SM10x tcp
mmap cgroup asyncio stdout stderr pip vLLM localhost Secret
Pod Service kubectl shell bash zsh
Model Optimizer Graph Flash-Decoding Inkling actor uvicorn tokenizers python install granian smg-grpc-servicer
sgl-kernel sgl-nvidia-mega sgl-amd-mono main argv
true false null key name url transport image video audio backend bs build tse custom demo rag usage sglext linker
flexkv modelexpress megamoe gamma temperature hf nvidia-modelopt slru tlru MoE-LoRA Marlin log-sum-exp FR-Spec
Aaronson-Gumbel mamba Instruct
vLLM-Ascend yaml env ACL Proton Hatchet Chrome Matryoshka Platt Engram
""".split())  # a word list reads better as text

# spans of Chinese text that may hold any ASCII: code, quoted text, flags, env vars, finding codes, paths, URLs,
# numbers with their units
_EXEMPT = re.compile(
    r"`[^`]*`|“[^”]*”|‘[^’]*’|\"[^\"]*\"|'[^']*'"
    r"|(?<![\w-])--?[A-Za-z0-9][\w.-]*|(?<![\w.])\.[A-Za-z0-9]+\b|\bARGMATRIX_\w+|\bAM-[EWN]\d+\b|\b[A-Z][A-Z0-9_]+=\S*"
    r"|\bargmatrix [a-z-]+|https?://\S+|(?<![\w])[./~]?[\w.-]*/[\w./*-]+|\{[^{}\u4e00-\u9fff]*\}|<[^<>\u4e00-\u9fff]*>"
    r"|\b\d+(?:\.\d+)?(?:[eE][+-]?\d+)?\s*(?:[KMGTPkmgtp]i?B|[KMGTkmgt]|ms|us|s|x|B)?\b")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_.+-]*[A-Za-z0-9+]|[A-Za-z]")
# a short commit id (the engine table's runs name one): all letters now and then ("aedfebb"), never a word
_COMMIT = re.compile(r"[0-9a-f]{7,12}")
CJK = r"\u3400-\u9fff"


def ascii_words(zh: str, values: frozenset[str] = frozenset()) -> list[str]:
    """ASCII words in ``zh`` that are not code, a flag, a value, a finding code, a unit, or a kept term."""
    text = _EXEMPT.sub(" ", zh)
    out = []
    for word in _WORD.findall(text):
        w = word.rstrip(".")
        if (len(w) == 1 or w in KEPT_TERMS or w in values or w.lower() in values or w.replace("-", "_") in values
                or w.isupper() or re.search(r"[_.\d]", w) or _COMMIT.fullmatch(w)
                or re.fullmatch(r"[A-Z][a-z]+[A-Z]\w*", w)):  # identifiers, versions, CamelCase class names
            continue
        out.append(w)
    return out


_HALF_WIDTH = re.compile(rf"[{CJK}][,;:!?]|[,;:!?]\s*(?=[{CJK}])|[{CJK}]\s*\((?=[^)]*[{CJK}])|[{CJK}]\)")


def half_width_punctuation(zh: str) -> list[str]:
    """ASCII punctuation that touches Chinese text (it should be full-width: ，；：！？（））."""
    text = re.sub(r"`[^`]*`", " ", zh)
    return [text[max(0, m.start() - 8):m.end() + 8] for m in _HALF_WIDTH.finditer(text)]
