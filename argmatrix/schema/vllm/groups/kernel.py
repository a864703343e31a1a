"""vLLM Kernels: the `vllm serve` flags of its KernelConfig group."""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import JsonObject

GROUP = Group('vllm_kernel', Text(en='Kernels', zh='算子内核'))


class KernelArgs:

    ir_op_priority: Annotated[JsonObject | None, Arg(
        '--ir-op-priority',
        help=Text(en='', zh=''),
    )] = None

    enable_flashinfer_autotune: Annotated[bool | None, Arg(
        '--enable-flashinfer-autotune', negatable=True,
        help=Text(en='', zh=''),
    )] = None

    moe_backend: Annotated[Literal['aiter', 'aiter_mega_moe', 'aiter_triton_mxfp4_bf16', 'auto', 'b12x', 'batched_triton', 'cutlass', 'deep_gemm', 'deep_gemm_mega_moe', 'emulation', 'flashinfer_b12x', 'flashinfer_cutedsl', 'flashinfer_cutlass', 'flashinfer_moe_ep_cutedsl', 'flashinfer_moe_ep_mega_deep_gemm', 'flashinfer_trtllm', 'flydsl', 'hpc', 'humming', 'marlin', 'rdna3', 'triton', 'triton_unfused'], Arg(
        '--moe-backend',
        help=Text(en='', zh=''),
    )] = 'auto'

    linear_backend: Annotated[Literal['aiter', 'auto', 'b12x', 'conch', 'cutlass', 'deep_gemm', 'emulation', 'exllama', 'fbgemm', 'flashinfer_b12x', 'flashinfer_cudnn', 'flashinfer_cutedsl', 'flashinfer_cutlass', 'flashinfer_trtllm', 'humming', 'machete', 'marlin', 'torch', 'triton', 'xpu', 'xpu_woq'], Arg(
        '--linear-backend',
        help=Text(en='', zh=''),
    )] = 'auto'

    sparse_indexer_topk_backend: Annotated[Literal['aiter', 'auto', 'cooperative', 'deep_select', 'flashinfer', 'per_row', 'persistent', 'torch'], Arg(
        '--sparse-indexer-topk-backend',
        help=Text(en='', zh=''),
    )] = 'auto'
