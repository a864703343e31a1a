"""Kernel Backends (Attention, Sampling, Grammar, GEMM): TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('kernel_backends', Text(en='Kernel Backends (Attention, Sampling, Grammar, GEMM)', zh='算子后端 (Attention, Sampling, Grammar, GEMM)'))


class KernelBackendsArgs:

    attention_backend: Annotated[Literal['triton', 'torch_native', 'flex_attention', 'nsa', 'cutlass_mla', 'fa3', 'fa4', 'flashinfer', 'flashmla', 'trtllm_mla', 'trtllm_mha', 'dual_chunk_flash_attn', 'aiter', 'wave', 'intel_amx', 'ascend', 'intel_xpu'] | None, Arg(
        '--attention-backend',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('ascend',),
        npu_default='ascend',
    )] = None

    prefill_attention_backend: Annotated[Literal['triton', 'torch_native', 'flex_attention', 'nsa', 'cutlass_mla', 'fa3', 'fa4', 'flashinfer', 'flashmla', 'trtllm_mla', 'trtllm_mha', 'dual_chunk_flash_attn', 'aiter', 'wave', 'intel_amx', 'ascend', 'intel_xpu'] | None, Arg(
        '--prefill-attention-backend',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('ascend',),
    )] = None

    decode_attention_backend: Annotated[Literal['triton', 'torch_native', 'flex_attention', 'nsa', 'cutlass_mla', 'fa3', 'fa4', 'flashinfer', 'flashmla', 'trtllm_mla', 'trtllm_mha', 'dual_chunk_flash_attn', 'aiter', 'wave', 'intel_amx', 'ascend', 'intel_xpu'] | None, Arg(
        '--decode-attention-backend',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('ascend',),
    )] = None

    sampling_backend: Annotated[Literal['flashinfer', 'pytorch', 'ascend'] | None, Arg(
        '--sampling-backend',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('pytorch', 'ascend'),
        npu_default='ascend',
    )] = None

    grammar_backend: Annotated[Literal['xgrammar', 'outlines', 'llguidance', 'none'] | None, Arg(
        '--grammar-backend',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('xgrammar',),
    )] = None

    mm_attention_backend: Annotated[Literal['sdpa', 'fa3', 'fa4', 'triton_attn', 'ascend_attn', 'aiter_attn'] | None, Arg(
        '--mm-attention-backend',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('ascend_attn',),
        npu_default='ascend_attn',
    )] = None

    nsa_prefill_backend: Annotated[Literal['flashmla_sparse', 'flashmla_decode', 'fa3', 'tilelang', 'aiter'], Arg(
        '--nsa-prefill-backend',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = 'flashmla_sparse'

    nsa_decode_backend: Annotated[Literal['flashmla_prefill', 'flashmla_kv', 'fa3', 'tilelang', 'aiter'], Arg(
        '--nsa-decode-backend',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = 'fa3'

    fp8_gemm_backend: Annotated[Literal['auto', 'deep_gemm', 'flashinfer_trtllm', 'flashinfer_cutlass', 'flashinfer_deepgemm', 'cutlass', 'triton', 'aiter'], Arg(
        '--fp8-gemm-backend',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = 'auto'

    disable_flashinfer_autotune: Annotated[bool, Arg(
        '--disable-flashinfer-autotune',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = False
