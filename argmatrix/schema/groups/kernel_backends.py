"""Kernel backends: which kernel implementations run attention, sampling, grammar-constrained decoding and FP8 GEMMs."""

from typing import Annotated, Literal

from ..choices import *
from ..meta import Arg, Group, Text
from ..types import *

GROUP = Group('kernel_backends', Text(en='Kernel Backends (Attention, Sampling, Grammar, GEMM)', zh='算子后端 (Attention, Sampling, Grammar, GEMM)'))


class KernelBackendsArgs:

    attention_backend: Annotated[AttentionBackend | None, Arg(
        '--attention-backend',
        help=Text(
            en=(
                "Kernel implementation for attention layers. Unset picks one that suits the hardware and model (ascend "
                "on Ascend NPUs); --prefill-attention-backend and --decode-attention-backend override it per phase."
            ),
            zh="注意力层使用的算子实现。不设置时按硬件与模型自动选择（昇腾 NPU 上为 ascend）；预填充、解码阶段可分别用专用参数覆盖。",
        ),
    )] = None

    prefill_attention_backend: Annotated[AttentionBackend | None, Arg(
        '--prefill-attention-backend',
        help=Text(
            en=(
                "Attention kernel used only for the prefill (extend) phase, taking priority over --attention-backend. "
                "Unset falls back to --attention-backend."
            ),
            zh="仅用于预填充（extend）阶段的注意力算子，优先于通用的注意力后端设置；不设置时沿用通用设置。",
        ),
    )] = None

    decode_attention_backend: Annotated[AttentionBackend | None, Arg(
        '--decode-attention-backend',
        help=Text(
            en=(
                "Attention kernel used only for the decode phase, taking priority over --attention-backend. Unset "
                "falls back to --attention-backend."
            ),
            zh="仅用于解码阶段的注意力算子，优先于通用的注意力后端设置；不设置时沿用通用设置。",
        ),
    )] = None

    sampling_backend: Annotated[Literal['flashinfer', 'pytorch', 'ascend'] | None, Arg(
        '--sampling-backend',
        help=Text(
            en=(
                "Kernels used for token sampling (top-k, top-p and similar). Unset uses flashinfer when available and "
                "pytorch otherwise; Ascend NPUs use ascend."
            ),
            zh="token 采样（top-k、top-p 等）使用的算子后端。不设置时有 flashinfer 则用之，否则用 pytorch；昇腾 NPU 上使用 ascend。",
        ),
    )] = None

    grammar_backend: Annotated[Literal['xgrammar', 'outlines', 'llguidance', 'none'] | None, Arg(
        '--grammar-backend',
        help=Text(
            en=(
                "Engine for grammar-constrained decoding (output that must follow a JSON schema, regex or EBNF "
                "grammar): xgrammar, outlines or llguidance; 'none' disables structured output. Unset uses xgrammar."
            ),
            zh=(
                "约束解码（按 JSON Schema、正则或 EBNF 语法生成结构化输出）所用的语法引擎：xgrammar、outlines 或 llguidance；none 表示关闭结构化输出。不设置时使用 "
                "xgrammar。"
            ),
        ),
    )] = None

    mm_attention_backend: Annotated[Literal['sdpa', 'fa3', 'fa4', 'triton_attn', 'ascend_attn', 'aiter_attn'] | None, Arg(
        '--mm-attention-backend',
        help=Text(
            en=(
                "Attention kernel for the multimodal encoder, e.g. the vision transformer of a VLM. Unset chooses "
                "automatically; Ascend NPUs use ascend_attn."
            ),
            zh="多模态编码器（如视觉语言模型中的 ViT）使用的注意力算子。不设置时自动选择；昇腾 NPU 上使用 ascend_attn。",
        ),
    )] = None

    nsa_prefill_backend: Annotated[Literal['flashmla_sparse', 'flashmla_decode', 'fa3', 'tilelang', 'aiter'], Arg(
        '--nsa-prefill-backend',
        help=Text(
            en=(
                "Sparse-attention (NSA/DSA) kernel for the prefill phase of DeepSeek V3.2-style models; overrides "
                "--attention-backend for those layers."
            ),
            zh="DeepSeek V3.2 类模型的稀疏注意力（NSA/DSA）在预填充阶段使用的算子，对这类注意力层会覆盖通用的注意力后端设置。",
        ),
    )] = 'flashmla_sparse'

    nsa_decode_backend: Annotated[Literal['flashmla_prefill', 'flashmla_kv', 'fa3', 'tilelang', 'aiter'], Arg(
        '--nsa-decode-backend',
        help=Text(
            en=(
                "Sparse-attention (NSA/DSA) kernel for the decode phase of DeepSeek V3.2-style models; overrides "
                "--attention-backend when decoding."
            ),
            zh="DeepSeek V3.2 类模型的稀疏注意力（NSA/DSA）在解码阶段使用的算子，解码时覆盖通用的注意力后端设置。",
        ),
    )] = 'fa3'

    fp8_gemm_backend: Annotated[Literal['auto', 'deep_gemm', 'flashinfer_trtllm', 'flashinfer_cutlass', 'flashinfer_deepgemm', 'cutlass', 'triton', 'aiter'], Arg(
        '--fp8-gemm-backend',
        help=Text(
            en=(
                "Runner for block-wise FP8 matrix multiplications. 'auto' chooses by GPU; alternatives are deep_gemm "
                "(Hopper/Blackwell), cutlass, the flashinfer_* variants, triton as a portable fallback and aiter on "
                "ROCm."
            ),
            zh=(
                "分块 FP8 矩阵乘的执行后端。auto 按 GPU 型号自动选择；也可指定 deep_gemm（Hopper、Blackwell）、cutlass、flashinfer_* 系列、通用兜底的 "
                "triton，以及仅限 ROCm 的 aiter。"
            ),
        ),
    )] = 'auto'

    disable_flashinfer_autotune: Annotated[bool, Arg(
        '--disable-flashinfer-autotune',
        help=Text(
            en=(
                "Skip FlashInfer's kernel autotuning, which otherwise runs at startup. Startup is faster, but kernels "
                "may run slower than the tuned choice."
            ),
            zh="跳过启动时默认执行的 FlashInfer 算子自动调优。启动更快，但算子性能可能不及调优后的结果。",
        ),
    )] = False
