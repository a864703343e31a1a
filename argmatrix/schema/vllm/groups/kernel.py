"""vLLM's kernel selection flags (its KernelConfig): which implementation runs MoE experts, linear layers,
the sparse-attention top-k and vLLM's IR ops, and whether FlashInfer autotunes at warm-up. The same
settings can be given together as `--kernel-config`.
"""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import JsonObject

GROUP = Group('vllm_kernel', Text(en='Kernels', zh='算子'))


class KernelArgs:

    ir_op_priority: Annotated[JsonObject | None, Arg(
        '--ir-op-priority',
        help=Text(
            en="JSON object giving, per vLLM IR op (rms_norm, fused_add_rms_norm, gelu_and_mul_sparse), the "
               "implementations to try in order, e.g. '{\"rms_norm\": [\"native\"]}'; the platform's defaults are "
               "appended.",
            zh="按 vLLM IR 算子（`rms_norm`、`fused_add_rms_norm`、`gelu_and_mul_sparse`）"
               "依次列出要尝试的实现的 JSON 对象，例如 '{\"rms_norm\": [\"native\"]}'；平台默认的实现会追加在后面。",
        ),
    )] = None

    enable_flashinfer_autotune: Annotated[bool | None, Arg(
        '--enable-flashinfer-autotune', negatable=True,
        help=Text(
            en="Autotune FlashInfer kernels during warm-up. Unset takes the choice of the --optimization-level preset.",
            zh="在预热阶段对 FlashInfer 算子做自动调优。不设置时由 --optimization-level 预设决定。",
        ),
    )] = None

    moe_backend: Annotated[Literal[
        'aiter', 'aiter_mega_moe', 'aiter_triton_mxfp4_bf16', 'aiter_triton_mxfp4_mxfp4', 'auto', 'b12x', 'batched_triton', 'cutlass', 'deep_gemm',
        'deep_gemm_mega_moe', 'emulation', 'flashinfer_b12x', 'flashinfer_cutedsl', 'flashinfer_cutlass',
        'flashinfer_moe_ep_cutedsl', 'flashinfer_moe_ep_mega_deep_gemm', 'flashinfer_trtllm', 'flydsl', 'hpc',
        'humming', 'marlin', 'rdna3', 'triton', 'triton_unfused',
    ], Arg(
        '--moe-backend',
        help=Text(
            en="Kernels for MoE expert computation: 'auto' picks from the model, quantization and hardware; others "
               "include 'triton', 'cutlass', 'deep_gemm' (FP8 block-quantized), 'marlin' (weight-only quantization), "
               "the FlashInfer ones ('flashinfer_trtllm', 'flashinfer_cutlass', ...) and ROCm's 'aiter'. An explicit "
               "choice that the setup cannot run is an error.",
            zh="MoE 专家计算所用的算子：'auto' 按模型、量化方式和硬件自动选择；其他取值包括 'triton'、'cutlass'、"
               "'deep_gemm'（FP8 分块量化）、'marlin'（仅权重量化）、FlashInfer 系列（'flashinfer_trtllm'、"
               "'flashinfer_cutlass' 等）以及 ROCm 的 'aiter'。显式指定而当前环境无法运行时会报错。",
        ),
    )] = 'auto'

    linear_backend: Annotated[Literal[
        'aiter', 'auto', 'b12x', 'conch', 'cutlass', 'deep_gemm', 'emulation', 'exllama', 'fbgemm', 'flashinfer_b12x',
        'flashinfer_cudnn', 'flashinfer_cutedsl', 'flashinfer_cutlass', 'flashinfer_trtllm', 'humming', 'machete',
        'marlin', 'torch', 'triton', 'xpu', 'xpu_woq',
    ], Arg(
        '--linear-backend',
        help=Text(
            en="Kernels for linear-layer matrix multiplications: 'auto' picks from the model and hardware; others "
               "include 'cutlass', 'triton', 'marlin', 'machete', 'torch', the FlashInfer ones, 'aiter' (ROCm) and "
               "'xpu'. Layer types the chosen backend lacks fall back to automatic selection.",
            zh="线性层矩阵乘法所用的算子：'auto' 按模型和硬件自动选择；其他取值包括 'cutlass'、'triton'、'marlin'、"
               "'machete'、'torch'、FlashInfer 系列、'aiter'（ROCm）与 'xpu'。所选后端未实现的层类型仍自动选择。",
        ),
    )] = 'auto'

    sparse_indexer_topk_backend: Annotated[Literal[
        'aiter', 'auto', 'cooperative', 'deep_select', 'flashinfer', 'per_row', 'persistent', 'torch',
    ], Arg(
        '--sparse-indexer-topk-backend',
        help=Text(
            en="Kernel for the top-k step of the DeepSeek sparse attention (DSA) indexer during decode: 'auto' tries "
               "cooperative, persistent, then per_row; 'deep_select' (SM100), 'flashinfer', 'torch' (reference) and "
               "'aiter' (ROCm) are opt-in.",
            zh="DeepSeek 稀疏注意力（DSA）索引器在解码时 top-k 步骤所用的算子：'auto' 依次尝试 `cooperative`、"
               "`persistent`、`per_row`；'deep_select'（SM100）、'flashinfer'、'torch'（参考实现）与 'aiter'（ROCm）"
               "需显式指定。",
        ),
    )] = 'auto'

    monokernel: Annotated[bool, Arg(
        '--monokernel', negatable=True,
        help=Text(
            en="Run the decode steps' eligible layers as one persistent kernel per decoder layer (the model's "
               "MonoKernel; today DeepSeek-V4.1 and V4-Pro on AMD MI355X). A launch that cannot use it stops at "
               "start-up. New in vLLM 0.33.",
            zh="把解码步骤中符合条件的层放进每个解码层一个的常驻算子（模型的 MonoKernel；目前仅 AMD MI355X 上的 "
               "DeepSeek-V4.1 与 V4-Pro）中运行。无法使用时启动即失败。vLLM 0.33 新增。",
        ),
    )] = False
