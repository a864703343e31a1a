"""Speculative decoding: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('speculative', Text(en='Speculative decoding', zh='投机采样'))


class SpeculativeArgs:

    speculative_algorithm: Annotated[Literal['EAGLE', 'EAGLE3', 'NEXTN', 'STANDALONE', 'NGRAM'] | None, Arg(
        '--speculative-algorithm',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('EAGLE3', 'NEXTN'),
    )] = None

    speculative_draft_model_path: Annotated[str | None, Arg(
        '--speculative-draft-model-path', '--speculative-draft-model',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    speculative_draft_model_revision: Annotated[str | None, Arg(
        '--speculative-draft-model-revision',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    speculative_draft_load_format: Annotated[Literal['auto', 'pt', 'safetensors', 'npcache', 'dummy', 'sharded_state', 'gguf', 'bitsandbytes', 'layered', 'remote', 'remote_instance'], Arg(
        '--speculative-draft-load-format',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('auto', 'dummy'),
    )] = 'auto'

    speculative_num_steps: Annotated[PositiveInt | None, Arg(
        '--speculative-num-steps',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    speculative_eagle_topk: Annotated[PositiveInt | None, Arg(
        '--speculative-eagle-topk',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    speculative_num_draft_tokens: Annotated[PositiveInt | None, Arg(
        '--speculative-num-draft-tokens',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    speculative_accept_threshold_single: Annotated[Fraction, Arg(
        '--speculative-accept-threshold-single',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = 1.0

    speculative_accept_threshold_acc: Annotated[Fraction, Arg(
        '--speculative-accept-threshold-acc',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = 1.0

    speculative_token_map: Annotated[str | None, Arg(
        '--speculative-token-map',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    speculative_attention_mode: Annotated[Literal['prefill', 'decode'], Arg(
        '--speculative-attention-mode',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 'prefill'

    speculative_moe_runner_backend: Annotated[Literal['auto', 'deep_gemm', 'triton', 'triton_kernel', 'flashinfer_trtllm', 'flashinfer_cutlass', 'flashinfer_mxfp4', 'flashinfer_cutedsl', 'cutlass'] | None, Arg(
        '--speculative-moe-runner-backend',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('auto',),
    )] = None

    speculative_moe_a2a_backend: Annotated[Literal['none', 'deepep', 'mooncake', 'mori', 'ascend_fuseep', 'flashinfer'] | None, Arg(
        '--speculative-moe-a2a-backend',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('ascend_fuseep',),
    )] = None

    speculative_draft_attention_backend: Annotated[Literal['triton', 'torch_native', 'flex_attention', 'nsa', 'cutlass_mla', 'fa3', 'fa4', 'flashinfer', 'flashmla', 'trtllm_mla', 'trtllm_mha', 'dual_chunk_flash_attn', 'aiter', 'wave', 'intel_amx', 'ascend', 'intel_xpu'] | None, Arg(
        '--speculative-draft-attention-backend',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('ascend',),
    )] = None

    speculative_draft_model_quantization: Annotated[Literal['awq', 'fp8', 'gptq', 'marlin', 'gptq_marlin', 'awq_marlin', 'bitsandbytes', 'gguf', 'modelopt', 'modelopt_fp8', 'modelopt_fp4', 'petit_nvfp4', 'w8a8_int8', 'w8a8_fp8', 'moe_wna16', 'qoq', 'w4afp8', 'mxfp4', 'compressed-tensors', 'modelslim', 'unquant'] | None, Arg(
        '--speculative-draft-model-quantization',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('unquant',),
    )] = None
