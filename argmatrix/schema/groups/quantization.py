"""Quantization and data type: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('quantization', Text(en='Quantization and data type', zh='量化与数据类型'))


class QuantizationArgs:

    dtype: Annotated[Literal['auto', 'half', 'float16', 'bfloat16', 'float', 'float32'], Arg(
        '--dtype',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('auto', 'float16', 'bfloat16'),
    )] = 'auto'

    quantization: Annotated[Literal['awq', 'fp8', 'gptq', 'marlin', 'gptq_marlin', 'awq_marlin', 'bitsandbytes', 'gguf', 'modelopt', 'modelopt_fp8', 'modelopt_fp4', 'petit_nvfp4', 'w8a8_int8', 'w8a8_fp8', 'moe_wna16', 'qoq', 'w4afp8', 'mxfp4', 'compressed-tensors', 'modelslim'] | None, Arg(
        '--quantization',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('modelslim',),
    )] = None

    quantization_param_path: Annotated[str | None, Arg(
        '--quantization-param-path',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = None

    kv_cache_dtype: Annotated[Literal['auto', 'fp8_e5m2', 'fp8_e4m3', 'bf16', 'bfloat16', 'fp4_e2m1'], Arg(
        '--kv-cache-dtype',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('auto',),
    )] = 'auto'

    enable_fp32_lm_head: Annotated[bool, Arg(
        '--enable-fp32-lm-head',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    modelopt_quant: Annotated[str | None, Arg(
        '--modelopt-quant',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = None

    modelopt_checkpoint_restore_path: Annotated[str | None, Arg(
        '--modelopt-checkpoint-restore-path',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = None

    modelopt_checkpoint_save_path: Annotated[str | None, Arg(
        '--modelopt-checkpoint-save-path',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = None

    modelopt_export_path: Annotated[str | None, Arg(
        '--modelopt-export-path',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = None

    quantize_and_serve: Annotated[bool, Arg(
        '--quantize-and-serve',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = False

    rl_quant_profile: Annotated[str | None, Arg(
        '--rl-quant-profile',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = None
