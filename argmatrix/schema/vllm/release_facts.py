"""What each held vLLM release's parser does with every flag and JSON-config key: derived, do not edit.

Written by ``tools/vllm_release_table.py`` from ``tests/fixtures/vllm-<release>.json`` (each release's own
``vllm serve`` parser, read by ``tools/vllm_release.py``); ``tests/schema/test_vllm_releases.py`` fails when this
file and the fixtures disagree.  ``releases.py`` (beside it) is the one reader.

Each fact is a run of held releases that agree: ``(first, last, facts)`` covers every held release from ``first``
to ``last``; a release outside every run does not have the flag (or key).
"""
from __future__ import annotations

from typing import Any

# the releases whose parsers were read (tests/fixtures/vllm-<release>.json)
HELD: tuple[str, ...] = ('0.13.0', '0.18.0', '0.23.0', '0.32.0', '0.33.0', '0.34.0')


# how each release was read
READ: dict[str, dict[str, Any]] = {'0.13.0': {'read_by': 'parser',
            'source': 'vllm serve: vllm/entrypoints/cli/serve.py ServeSubcommand.subparser_init -> '
                      'vllm/entrypoints/openai/cli_args.py make_arg_parser on '
                      'vllm.utils.argparse_utils.FlexibleArgumentParser',
            'torch': '2.13.0+cpu'},
 '0.18.0': {'read_by': 'parser',
            'source': 'vllm serve: vllm/entrypoints/cli/serve.py ServeSubcommand.subparser_init -> '
                      'vllm/entrypoints/openai/cli_args.py make_arg_parser on '
                      'vllm.utils.argparse_utils.FlexibleArgumentParser',
            'torch': '2.13.0+cpu'},
 '0.23.0': {'read_by': 'parser',
            'source': 'vllm serve: vllm/entrypoints/cli/serve.py ServeSubcommand.subparser_init -> '
                      'vllm/entrypoints/openai/cli_args.py make_arg_parser on '
                      'vllm.utils.argparse_utils.FlexibleArgumentParser',
            'torch': '2.13.0+cpu'},
 '0.32.0': {'read_by': 'parser',
            'source': 'vllm serve: vllm/entrypoints/cli/serve.py ServeSubcommand.subparser_init -> '
                      'vllm/entrypoints/launchers/cli_args.py make_arg_parser on '
                      'vllm.utils.argparse_utils.FlexibleArgumentParser',
            'torch': '2.13.0+cpu'},
 '0.33.0': {'read_by': 'parser',
            'source': 'vllm serve: vllm/entrypoints/cli/serve.py ServeSubcommand.subparser_init -> '
                      'vllm/entrypoints/common/cli_args.py make_arg_parser on '
                      'vllm.utils.argparse_utils.FlexibleArgumentParser',
            'torch': '2.13.0+cpu'},
 '0.34.0': {'read_by': 'parser',
            'source': 'vllm serve: vllm/entrypoints/cli/serve.py ServeSubcommand.subparser_init -> '
                      'vllm/entrypoints/common/cli_args.py make_arg_parser on '
                      'vllm.utils.argparse_utils.FlexibleArgumentParser',
            'torch': '2.13.0+cpu'}}


# release -> how its FlexibleArgumentParser reads a command line (matrix/engines/base.py Spelling)
SPELLINGS: dict[str, dict[str, Any]] = {'0.13.0': {'abbreviations': True,
            'append_plus': True,
            'dotted_keys': True,
            'negation': 'declared',
            'optimization_shorthand': True,
            'short_flags': True,
            'source': 'vLLM 0.13.0 vllm/utils/argparse_utils.py:231 FlexibleArgumentParser.parse_args',
            'underscores': True},
 '0.18.0': {'abbreviations': True,
            'append_plus': True,
            'dotted_keys': True,
            'negation': 'declared',
            'optimization_shorthand': True,
            'short_flags': True,
            'source': 'vLLM 0.18.0 vllm/utils/argparse_utils.py:242 FlexibleArgumentParser.parse_args',
            'underscores': True},
 '0.23.0': {'abbreviations': True,
            'append_plus': True,
            'dotted_keys': True,
            'negation': 'declared',
            'optimization_shorthand': True,
            'short_flags': True,
            'source': 'vLLM 0.23.0 vllm/utils/argparse_utils.py:306 FlexibleArgumentParser.parse_args',
            'underscores': True},
 '0.32.0': {'abbreviations': True,
            'append_plus': True,
            'dotted_keys': True,
            'negation': 'declared',
            'optimization_shorthand': True,
            'short_flags': True,
            'source': 'vLLM 0.32.0 vllm/utils/argparse_utils.py:342 FlexibleArgumentParser.parse_args',
            'underscores': True},
 '0.33.0': {'abbreviations': True,
            'append_plus': True,
            'dotted_keys': True,
            'negation': 'enable-disable',
            'optimization_shorthand': True,
            'short_flags': True,
            'source': 'vLLM 0.33.0 vllm/utils/argparse_utils.py:379 FlexibleArgumentParser.parse_args, '
                      'vllm/utils/argparse_utils.py:120 EnableDisableAction',
            'underscores': True},
 '0.34.0': {'abbreviations': True,
            'append_plus': True,
            'dotted_keys': True,
            'negation': 'enable-disable',
            'optimization_shorthand': True,
            'short_flags': True,
            'source': 'vLLM 0.34.0 vllm/utils/argparse_utils.py:379 FlexibleArgumentParser.parse_args, '
                      'vllm/utils/argparse_utils.py:120 EnableDisableAction',
            'underscores': True}}


# the facts of a flag, in the order FLAGS holds them
FLAG_FIELDS: tuple[str, ...] = ('flags',
 'off',
 'action',
 'type',
 'item_type',
 'nargs',
 'default',
 'default_known',
 'choices',
 'checked_later',
 'deprecated',
 'bounds')


# field -> runs of held releases with the same flags, action, type, default and choices
FLAGS: dict[str, tuple[tuple[str, str, tuple[Any, ...]], ...]] = {
    'additional_config': (
        ('0.13.0', '0.34.0', (('--additional-config',), (), 'store', 'json_or_str', None, None, {}, True, None, None, None, None)),
    ),
    'aggregate_engine_logging': (
        ('0.13.0', '0.34.0', (('--aggregate-engine-logging',), (), 'store_true', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'all2all_backend': (
        ('0.13.0', '0.13.0', (('--all2all-backend',), (), 'store', 'str', None, None, None, True, ('allgather_reducescatter', 'deepep_high_throughput', 'deepep_low_latency', 'flashinfer_all2allv', 'naive', 'pplx', 'None'), None, None, None)),
        ('0.18.0', '0.18.0', (('--all2all-backend',), (), 'store', 'str', None, None, 'allgather_reducescatter', True, ('allgather_reducescatter', 'deepep_high_throughput', 'deepep_low_latency', 'flashinfer_all2allv', 'flashinfer_nvlink_one_sided', 'flashinfer_nvlink_two_sided', 'mori', 'naive', 'nixl_ep', 'pplx'), None, None, None)),
        ('0.23.0', '0.23.0', (('--all2all-backend',), (), 'store', 'str', None, None, 'allgather_reducescatter', True, ('allgather_reducescatter', 'deepep_high_throughput', 'deepep_low_latency', 'flashinfer_all2allv', 'flashinfer_nvlink_one_sided', 'flashinfer_nvlink_two_sided', 'mori_high_throughput', 'mori_low_latency', 'naive', 'nixl_ep', 'pplx'), None, None, None)),
        ('0.32.0', '0.33.0', (('--all2all-backend',), (), 'store', 'str', None, None, 'allgather_reducescatter', True, ('allgather_reducescatter', 'deepep_high_throughput', 'deepep_low_latency', 'deepep_v2', 'flashinfer_all2allv', 'flashinfer_nvlink_one_sided', 'flashinfer_nvlink_two_sided', 'moonep', 'mori_high_throughput', 'mori_low_latency', 'naive', 'nixl_ep', 'pplx'), None, None, None)),
        ('0.34.0', '0.34.0', (('--all2all-backend',), (), 'store', 'str', None, None, 'allgather_reducescatter', True, ('allgather_reducescatter', 'deepep_high_throughput', 'deepep_low_latency', 'deepep_v2', 'flashinfer_all2allv', 'flashinfer_nvlink_one_sided', 'flashinfer_nvlink_two_sided', 'moonep', 'mori', 'mori_high_throughput', 'mori_low_latency', 'naive', 'nixl_ep', 'pplx'), None, None, None)),
    ),
    'allow_credentials': (
        ('0.13.0', '0.32.0', (('--allow-credentials',), ('--no-allow-credentials',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--allow-credentials',), ('--no-allow-credentials',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'allow_deprecated_quantization': (
        ('0.18.0', '0.32.0', (('--allow-deprecated-quantization',), ('--no-allow-deprecated-quantization',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--allow-deprecated-quantization',), ('--no-allow-deprecated-quantization',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'allowed_headers': (
        ('0.13.0', '0.34.0', (('--allowed-headers',), (), 'store', 'json', None, None, ['*'], True, None, None, None, None)),
    ),
    'allowed_local_media_path': (
        ('0.13.0', '0.34.0', (('--allowed-local-media-path',), (), 'store', 'str', None, None, '', True, None, None, None, None)),
    ),
    'allowed_media_domains': (
        ('0.13.0', '0.34.0', (('--allowed-media-domains',), (), 'store', 'list', 'str', '+', None, True, None, None, None, None)),
    ),
    'allowed_methods': (
        ('0.13.0', '0.34.0', (('--allowed-methods',), (), 'store', 'json', None, None, ['*'], True, None, None, None, None)),
    ),
    'allowed_origins': (
        ('0.13.0', '0.23.0', (('--allowed-origins',), (), 'store', 'json', None, None, ['*'], True, None, None, None, None)),
        ('0.32.0', '0.34.0', (('--allowed-origins',), (), 'store', 'json', None, None, [], True, None, None, None, None)),
    ),
    'anthropic_disabled_thinking_effort': (
        ('0.32.0', '0.34.0', (('--anthropic-disabled-thinking-effort',), (), 'store', 'str', None, None, 'auto', True, ('auto', 'high', 'low', 'max', 'medium', 'none', 'xhigh'), None, None, None)),
    ),
    'api_key': (
        ('0.13.0', '0.34.0', (('--api-key',), (), 'store', 'list', 'str', '+', None, True, None, None, None, None)),
    ),
    'api_server_count': (
        ('0.13.0', '0.13.0', (('--api-server-count', '-asc'), (), 'store', 'int', None, None, 1, True, None, None, None, None)),
        ('0.18.0', '0.34.0', (('--api-server-count', '-asc'), (), 'store', 'int', None, None, None, True, None, None, None, None)),
    ),
    'async_scheduling': (
        ('0.13.0', '0.13.0', (('--async-scheduling',), ('--no-async-scheduling',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.18.0', '0.32.0', (('--async-scheduling',), ('--no-async-scheduling',), 'boolean_optional', 'bool', None, 0, None, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--async-scheduling',), ('--no-async-scheduling',), 'enable_disable', 'bool', None, 0, None, True, None, None, None, None)),
    ),
    'attention_backend': (
        ('0.13.0', '0.13.0', (('--attention-backend',), (), 'store', 'str', None, None, None, True, None, ('FLASH_ATTN', 'TRITON_ATTN', 'ROCM_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'FLASHINFER_MLA', 'TRITON_MLA', 'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASH_ATTN_MLA', 'PALLAS', 'IPEX', 'NO_ATTENTION', 'FLEX_ATTENTION', 'TREE_ATTN', 'ROCM_AITER_UNIFIED_ATTN', 'CPU_ATTN'), None, None)),
        ('0.18.0', '0.18.0', (('--attention-backend',), (), 'store', 'str', None, None, None, True, None, ('FLASH_ATTN', 'FLASH_ATTN_DIFFKV', 'TRITON_ATTN', 'ROCM_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE', 'XPU_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'FLASHINFER_MLA', 'FLASHINFER_MLA_SPARSE', 'TRITON_MLA', 'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASH_ATTN_MLA', 'NO_ATTENTION', 'FLEX_ATTENTION', 'TREE_ATTN', 'ROCM_AITER_UNIFIED_ATTN', 'CPU_ATTN', 'CUSTOM'), None, None)),
        ('0.23.0', '0.23.0', (('--attention-backend',), (), 'store', 'str', None, None, None, True, None, ('FLASH_ATTN', 'FLASH_ATTN_DIFFKV', 'TRITON_ATTN', 'ROCM_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE', 'XPU_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'FLASHINFER_MLA', 'TOKENSPEED_MLA', 'FLASHINFER_MLA_SPARSE', 'TRITON_MLA', 'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASHMLA_SPARSE_DSV4', 'FLASHINFER_MLA_SPARSE_DSV4', 'ROCM_FLASHMLA_SPARSE_DSV4', 'FLASH_ATTN_MLA', 'NO_ATTENTION', 'FLEX_ATTENTION', 'ROCM_AITER_UNIFIED_ATTN', 'CPU_ATTN', 'TURBOQUANT', 'CUSTOM'), None, None)),
        ('0.32.0', '0.32.0', (('--attention-backend',), (), 'store', 'str', None, None, None, True, None, ('FLASH_ATTN', 'FLASH_ATTN_DIFFKV', 'TRITON_ATTN', 'TRITON_ATTN_DIFFKV', 'TRITON_FLASH_ATTN', 'ROCM_ATTN', 'ROCM_SEGMENTED_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE', 'XPU_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'TRITON_FLASHINFER', 'FLASHINFER_MLA', 'TOKENSPEED_MLA', 'FLASHINFER_MLA_SPARSE', 'FLASHINFER_MLA_SPARSE_SM120', 'FLASHINFER_MLA_SPARSE_SM90', 'TRITON_MLA', 'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASHMLA_SPARSE_DSV4', 'FLASHINFER_MLA_SPARSE_DSV4', 'ROCM_FLASHMLA_SPARSE_DSV4', 'FLASHMLA_SPARSE_DSV41', 'FLASHINFER_MLA_SPARSE_DSV41', 'FLASHMLA_MEGA_ATTN_DSV41', 'B12X', 'FLASH_ATTN_MLA', 'FLASH_ATTN_MLA_SPARSE', 'MINIMAX_M3_SPARSE', 'CUTLASS_MSA', 'TRITON_MSA', 'NO_ATTENTION', 'FLEX_ATTENTION', 'HPC_ATTN', 'ROCM_AITER_UNIFIED_ATTN', 'CPU_ATTN', 'CPU_MLA', 'AMX_MLA', 'TURBOQUANT', 'ULTRAQUANT', 'CUSTOM'), None, None)),
        ('0.33.0', '0.33.0', (('--attention-backend',), (), 'store', 'str', None, None, None, True, None, ('FLASH_ATTN', 'FLASH_ATTN_DIFFKV', 'TRITON_ATTN', 'TRITON_ATTN_DIFFKV', 'TRITON_FLASH_ATTN', 'ROCM_ATTN', 'ROCM_SEGMENTED_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE', 'XPU_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'TRITON_FLASHINFER', 'FLASHINFER_MLA', 'TOKENSPEED_MLA', 'FLASHINFER_MLA_SPARSE', 'FLASHINFER_MLA_SPARSE_SM120', 'FLASHINFER_MLA_SPARSE_SM90', 'TRITON_MLA', 'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASHMLA_SPARSE_DSV4', 'FLASHINFER_MLA_SPARSE_DSV4', 'ROCM_FLASHMLA_SPARSE_DSV4', 'FLASHMLA_SPARSE_DSV41', 'FLASHINFER_MLA_SPARSE_DSV41', 'ROCM_FLASHMLA_SPARSE_DSV41', 'FLASHMLA_MEGA_ATTN_DSV41', 'B12X', 'FLASH_ATTN_MLA', 'FLASH_ATTN_MLA_SPARSE', 'FLASH_ATTN_MLA_SPARSE_FA4', 'MINIMAX_M3_SPARSE', 'CUTLASS_MSA', 'TRITON_MSA', 'STEP5_DSA', 'NO_ATTENTION', 'FLEX_ATTENTION', 'HPC_ATTN', 'ROCM_AITER_UNIFIED_ATTN', 'CPU_ATTN', 'CPU_MLA', 'AMX_MLA', 'TURBOQUANT', 'ROCM_OCTAVE', 'ULTRAQUANT', 'CUSTOM'), None, None)),
        ('0.34.0', '0.34.0', (('--attention-backend',), (), 'store', 'str', None, None, None, True, None, ('FLASH_ATTN', 'FLASH_ATTN_DIFFKV', 'TRITON_ATTN', 'TRITON_ATTN_DIFFKV', 'TRITON_FLASH_ATTN', 'ROCM_ATTN', 'ROCM_SEGMENTED_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE', 'XPU_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'FLASHINFER_TS', 'TRITON_FLASHINFER', 'FLASHINFER_MLA', 'TOKENSPEED_MLA', 'FLASHINFER_MLA_SPARSE', 'FLASHINFER_MLA_SPARSE_SM120', 'FLASHINFER_MLA_SPARSE_SM90', 'TRITON_MLA', 'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASHMLA_SPARSE_DSV4', 'FLASHINFER_MLA_SPARSE_DSV4', 'ROCM_FLASHMLA_SPARSE_DSV4', 'FLASHMLA_SPARSE_DSV41', 'FLASHINFER_MLA_SPARSE_DSV41', 'ROCM_FLASHMLA_SPARSE_DSV41', 'FLASHMLA_MEGA_ATTN_DSV41', 'B12X', 'FLASH_ATTN_MLA', 'FLASH_ATTN_MLA_SPARSE', 'FLASH_ATTN_MLA_SPARSE_FA4', 'MINIMAX_M3_SPARSE', 'CUTLASS_MSA', 'TRITON_MSA', 'STEP5_DSA', 'KIMI_K3_KV_BALANCED_MLA', 'NO_ATTENTION', 'FLEX_ATTENTION', 'HPC_ATTN', 'ROCM_AITER_UNIFIED_ATTN', 'CPU_ATTN', 'CPU_MLA', 'AMX_MLA', 'TURBOQUANT', 'ROCM_OCTAVE', 'ULTRAQUANT', 'CUSTOM'), None, None)),
    ),
    'attention_config': (
        ('0.13.0', '0.34.0', (('--attention-config', '-ac'), (), 'store', 'json', None, None, None, False, None, None, None, None)),
    ),
    'aux_output_config': (
        ('0.32.0', '0.34.0', (('--aux-output-config',), (), 'store', 'json', None, None, None, False, None, None, None, None)),
    ),
    'block_size': (
        ('0.13.0', '0.13.0', (('--block-size',), (), 'store', 'int', None, None, None, True, (1, 8, 16, 32, 64, 128, 256), None, None, None)),
        ('0.18.0', '0.18.0', (('--block-size',), (), 'store', 'int', None, None, None, True, None, None, None, None)),
        ('0.23.0', '0.34.0', (('--block-size',), (), 'store', 'int', None, None, None, True, None, None, None, {'gt': 0})),
    ),
    'cache_aware_admission_threshold': (
        ('0.34.0', '0.34.0', (('--cache-aware-admission-threshold',), (), 'store', 'float', None, None, 0.5, True, None, None, None, {'ge': 0.0, 'le': 1.0})),
    ),
    'cache_aware_admission_window': (
        ('0.34.0', '0.34.0', (('--cache-aware-admission-window',), (), 'store', 'int', None, None, 0, True, None, None, None, {'ge': 0})),
    ),
    'calculate_kv_scales': (
        ('0.13.0', '0.18.0', (('--calculate-kv-scales',), ('--no-calculate-kv-scales',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.23.0', '0.23.0', (('--calculate-kv-scales',), ('--no-calculate-kv-scales',), 'boolean_optional', 'bool', None, 0, False, True, None, None, {'successors': (), 'effect': 'stores', 'removed_in': '0.19'}, None)),
    ),
    'chat_template': (
        ('0.13.0', '0.34.0', (('--chat-template',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'chat_template_content_format': (
        ('0.13.0', '0.34.0', (('--chat-template-content-format',), (), 'store', 'str', None, None, 'auto', True, ('auto', 'openai', 'string'), None, None, None)),
    ),
    'checkpoint_prepare_on_startup': (
        ('0.34.0', '0.34.0', (('--checkpoint-prepare-on-startup',), ('--no-checkpoint-prepare-on-startup',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'code_revision': (
        ('0.13.0', '0.34.0', (('--code-revision',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'cohere_format': (
        ('0.32.0', '0.34.0', (('--cohere-format',), (), 'store', 'str', None, None, 'cmd4', True, None, None, None, None)),
    ),
    'cohere_is_reasoning_model': (
        ('0.32.0', '0.32.0', (('--cohere-is-reasoning-model',), ('--no-cohere-is-reasoning-model',), 'boolean_optional', 'bool', None, 0, True, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--cohere-is-reasoning-model',), ('--no-cohere-is-reasoning-model',), 'enable_disable', 'bool', None, 0, True, True, None, None, None, None)),
    ),
    'collect_detailed_traces': (
        ('0.13.0', '0.23.0', (('--collect-detailed-traces',), (), 'store', 'list', 'str', '+', None, True, ('all', 'model', 'worker', 'None', 'model,worker', 'model,all', 'worker,model', 'worker,all', 'all,model', 'all,worker'), None, None, None)),
        ('0.32.0', '0.34.0', (('--collect-detailed-traces',), (), 'store', 'list', 'str', '+', None, True, ('all', 'model', 'worker', None), None, None, None)),
    ),
    'compilation_config': (
        ('0.13.0', '0.34.0', (('--compilation-config', '-cc'), (), 'store', 'json', None, None, None, False, None, None, None, None)),
    ),
    'config': (
        ('0.13.0', '0.34.0', (('--config',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'config_format': (
        ('0.13.0', '0.34.0', (('--config-format',), (), 'store', 'str', None, None, 'auto', True, None, ('auto', 'hf', 'mistral'), None, None)),
    ),
    'convert': (
        ('0.13.0', '0.13.0', (('--convert',), (), 'store', 'str', None, None, 'auto', True, ('auto', 'classify', 'embed', 'none', 'reward'), None, None, None)),
        ('0.18.0', '0.34.0', (('--convert',), (), 'store', 'str', None, None, 'auto', True, ('auto', 'classify', 'embed', 'none'), None, None, None)),
    ),
    'cp_kv_cache_interleave_size': (
        ('0.13.0', '0.23.0', (('--cp-kv-cache-interleave-size',), (), 'store', 'int', None, None, 1, True, None, None, None, None)),
        ('0.32.0', '0.34.0', (('--cp-kv-cache-interleave-size',), (), 'store', 'int', None, None, None, True, None, None, None, None)),
    ),
    'cpu_distributed_timeout_seconds': (
        ('0.23.0', '0.34.0', (('--cpu-distributed-timeout-seconds',), (), 'store', 'int', None, None, None, True, None, None, None, None)),
    ),
    'cpu_offload_gb': (
        ('0.13.0', '0.34.0', (('--cpu-offload-gb',), (), 'store', 'float', None, None, 0, True, None, None, None, {'ge': 0})),
    ),
    'cpu_offload_params': (
        ('0.18.0', '0.34.0', (('--cpu-offload-params',), (), 'store', 'list', 'str', '+', [], True, None, None, None, None)),
    ),
    'cudagraph_capture_sizes': (
        ('0.13.0', '0.34.0', (('--cudagraph-capture-sizes',), (), 'store', 'list', 'int', '+', None, True, None, None, None, None)),
    ),
    'cudagraph_metrics': (
        ('0.13.0', '0.32.0', (('--cudagraph-metrics',), ('--no-cudagraph-metrics',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--cudagraph-metrics',), ('--no-cudagraph-metrics',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'custom_histogram_buckets': (
        ('0.32.0', '0.34.0', (('--custom-histogram-buckets',), (), 'store', 'json', None, None, None, True, None, None, None, None)),
    ),
    'data_parallel_address': (
        ('0.13.0', '0.34.0', (('--data-parallel-address', '-dpa'), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'data_parallel_backend': (
        ('0.13.0', '0.34.0', (('--data-parallel-backend', '-dpb'), (), 'store', 'str', None, None, 'mp', True, None, None, None, None)),
    ),
    'data_parallel_external_lb': (
        ('0.13.0', '0.32.0', (('--data-parallel-external-lb', '-dpe'), ('--no-data-parallel-external-lb',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--data-parallel-external-lb', '-dpe'), ('--no-data-parallel-external-lb',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'data_parallel_hybrid_lb': (
        ('0.13.0', '0.32.0', (('--data-parallel-hybrid-lb', '-dph'), ('--no-data-parallel-hybrid-lb',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--data-parallel-hybrid-lb', '-dph'), ('--no-data-parallel-hybrid-lb',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'data_parallel_multi_port_external_lb': (
        ('0.23.0', '0.34.0', (('--data-parallel-multi-port-external-lb', '-dpm'), (), 'store_true', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'data_parallel_rank': (
        ('0.13.0', '0.34.0', (('--data-parallel-rank', '-dpn'), (), 'store', 'int', None, None, None, True, None, None, None, None)),
    ),
    'data_parallel_rpc_port': (
        ('0.13.0', '0.34.0', (('--data-parallel-rpc-port', '-dpp'), (), 'store', 'int', None, None, None, True, None, None, None, None)),
    ),
    'data_parallel_size': (
        ('0.13.0', '0.18.0', (('--data-parallel-size', '-dp'), (), 'store', 'int', None, None, 1, True, None, None, None, None)),
        ('0.23.0', '0.34.0', (('--data-parallel-size', '-dp'), (), 'store', 'int', None, None, 1, True, None, None, None, {'ge': 1})),
    ),
    'data_parallel_size_local': (
        ('0.13.0', '0.34.0', (('--data-parallel-size-local', '-dpl'), (), 'store', 'int', None, None, None, True, None, None, None, None)),
    ),
    'data_parallel_start_rank': (
        ('0.13.0', '0.34.0', (('--data-parallel-start-rank', '-dpr'), (), 'store', 'int', None, None, None, True, None, None, None, None)),
    ),
    'data_parallel_supervisor_port': (
        ('0.23.0', '0.34.0', (('--data-parallel-supervisor-port',), (), 'store', 'int', None, None, 9256, True, None, None, None, None)),
    ),
    'dbo_decode_token_threshold': (
        ('0.13.0', '0.18.0', (('--dbo-decode-token-threshold',), (), 'store', 'int', None, None, 32, True, None, None, None, None)),
        ('0.23.0', '0.34.0', (('--dbo-decode-token-threshold',), (), 'store', 'int', None, None, 32, True, None, None, None, {'ge': 0})),
    ),
    'dbo_prefill_token_threshold': (
        ('0.13.0', '0.18.0', (('--dbo-prefill-token-threshold',), (), 'store', 'int', None, None, 512, True, None, None, None, None)),
        ('0.23.0', '0.34.0', (('--dbo-prefill-token-threshold',), (), 'store', 'int', None, None, 512, True, None, None, None, {'ge': 0})),
    ),
    'dcp_comm_backend': (
        ('0.18.0', '0.23.0', (('--dcp-comm-backend',), (), 'store', 'str', None, None, 'ag_rs', True, ('a2a', 'ag_rs'), None, None, None)),
        ('0.32.0', '0.34.0', (('--dcp-comm-backend',), (), 'store', 'str', None, None, None, True, ('a2a', 'ag_rs', None), None, None, None)),
    ),
    'dcp_kv_cache_interleave_size': (
        ('0.13.0', '0.34.0', (('--dcp-kv-cache-interleave-size',), (), 'store', 'int', None, None, 1, True, None, None, {'successors': ('--cp-kv-cache-interleave-size',), 'effect': 'stores', 'removed_in': None}, None)),
    ),
    'dcp_q_replicate': (
        ('0.32.0', '0.32.0', (('--dcp-q-replicate',), ('--no-dcp-q-replicate',), 'boolean_optional', 'bool', None, 0, None, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--dcp-q-replicate',), ('--no-dcp-q-replicate',), 'enable_disable', 'bool', None, 0, None, True, None, None, None, None)),
    ),
    'decode_context_parallel_size': (
        ('0.13.0', '0.18.0', (('--decode-context-parallel-size', '-dcp'), (), 'store', 'int', None, None, 1, True, None, None, None, None)),
        ('0.23.0', '0.34.0', (('--decode-context-parallel-size', '-dcp'), (), 'store', 'int', None, None, 1, True, None, None, None, {'ge': 1})),
    ),
    'default_chat_template_kwargs': (
        ('0.18.0', '0.34.0', (('--default-chat-template-kwargs',), (), 'store', 'json', None, None, None, True, None, None, None, None)),
    ),
    'default_mm_loras': (
        ('0.13.0', '0.34.0', (('--default-mm-loras',), (), 'store', 'json', None, None, None, True, None, None, None, None)),
    ),
    'device_ids': (
        ('0.32.0', '0.34.0', (('--device-ids',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'diffusion_config': (
        ('0.32.0', '0.34.0', (('--diffusion-config', '-dc'), (), 'store', 'json', None, None, None, True, None, None, None, None)),
    ),
    'disable_access_log_for_endpoints': (
        ('0.18.0', '0.34.0', (('--disable-access-log-for-endpoints',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'disable_cascade_attn': (
        ('0.13.0', '0.13.0', (('--disable-cascade-attn',), ('--no-disable-cascade-attn',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.18.0', '0.23.0', (('--disable-cascade-attn',), ('--no-disable-cascade-attn',), 'boolean_optional', 'bool', None, 0, True, True, None, None, None, None)),
        ('0.32.0', '0.32.0', (('--disable-cascade-attn',), ('--no-disable-cascade-attn',), 'boolean_optional', 'bool', None, 0, None, True, None, None, {'successors': (), 'effect': 'ignored', 'removed_in': '0.33.0'}, None)),
        ('0.33.0', '0.34.0', (('--disable-cascade-attn',), ('--enable-cascade-attn', '--no-disable-cascade-attn'), 'enable_disable', 'bool', None, 0, None, True, None, None, {'successors': (), 'effect': 'ignored', 'removed_in': '0.33.0'}, None)),
    ),
    'disable_chunked_mm_input': (
        ('0.13.0', '0.32.0', (('--disable-chunked-mm-input',), ('--no-disable-chunked-mm-input',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--disable-chunked-mm-input',), ('--enable-chunked-mm-input', '--no-disable-chunked-mm-input'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'disable_custom_all_reduce': (
        ('0.13.0', '0.32.0', (('--disable-custom-all-reduce',), ('--no-disable-custom-all-reduce',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--disable-custom-all-reduce',), ('--enable-custom-all-reduce', '--no-disable-custom-all-reduce'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'disable_fastapi_docs': (
        ('0.13.0', '0.32.0', (('--disable-fastapi-docs',), ('--no-disable-fastapi-docs',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--disable-fastapi-docs',), ('--enable-fastapi-docs', '--no-disable-fastapi-docs'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'disable_frontend_multiprocessing': (
        ('0.13.0', '0.18.0', (('--disable-frontend-multiprocessing',), ('--no-disable-frontend-multiprocessing',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'disable_hybrid_kv_cache_manager': (
        ('0.13.0', '0.32.0', (('--disable-hybrid-kv-cache-manager',), ('--no-disable-hybrid-kv-cache-manager',), 'boolean_optional', 'bool', None, 0, None, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--disable-hybrid-kv-cache-manager',), ('--enable-hybrid-kv-cache-manager', '--no-disable-hybrid-kv-cache-manager'), 'enable_disable', 'bool', None, 0, None, True, None, None, None, None)),
    ),
    'disable_log_requests': (
        ('0.13.0', '0.13.0', (('--disable-log-requests',), ('--no-disable-log-requests',), 'boolean_optional', 'bool', None, 0, True, True, None, None, {'successors': (), 'effect': 'stores', 'removed_in': None}, None)),
    ),
    'disable_log_stats': (
        ('0.13.0', '0.34.0', (('--disable-log-stats',), (), 'store_true', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'disable_nccl_for_dp_synchronization': (
        ('0.13.0', '0.13.0', (('--disable-nccl-for-dp-synchronization',), ('--no-disable-nccl-for-dp-synchronization',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.18.0', '0.32.0', (('--disable-nccl-for-dp-synchronization',), ('--no-disable-nccl-for-dp-synchronization',), 'boolean_optional', 'bool', None, 0, None, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--disable-nccl-for-dp-synchronization',), ('--enable-nccl-for-dp-synchronization', '--no-disable-nccl-for-dp-synchronization'), 'enable_disable', 'bool', None, 0, None, True, None, None, None, None)),
    ),
    'disable_sliding_window': (
        ('0.13.0', '0.32.0', (('--disable-sliding-window',), ('--no-disable-sliding-window',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--disable-sliding-window',), ('--enable-sliding-window', '--no-disable-sliding-window'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'disable_uvicorn_access_log': (
        ('0.13.0', '0.32.0', (('--disable-uvicorn-access-log',), ('--no-disable-uvicorn-access-log',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--disable-uvicorn-access-log',), ('--enable-uvicorn-access-log', '--no-disable-uvicorn-access-log'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'distributed_executor_backend': (
        ('0.13.0', '0.34.0', (('--distributed-executor-backend',), (), 'store', 'str', None, None, None, True, None, ('ray', 'mp', 'uni', 'external_launcher'), None, None)),
    ),
    'distributed_timeout_seconds': (
        ('0.18.0', '0.34.0', (('--distributed-timeout-seconds',), (), 'store', 'int', None, None, None, True, None, None, None, None)),
    ),
    'download_dir': (
        ('0.13.0', '0.34.0', (('--download-dir',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'dp_supervisor_probe_failure_threshold': (
        ('0.23.0', '0.34.0', (('--dp-supervisor-probe-failure-threshold',), (), 'store', 'int', None, None, 3, True, None, None, None, None)),
    ),
    'dp_supervisor_probe_interval_s': (
        ('0.23.0', '0.34.0', (('--dp-supervisor-probe-interval-s',), (), 'store', 'float', None, None, 5.0, True, None, None, None, None)),
    ),
    'dp_supervisor_probe_timeout_s': (
        ('0.23.0', '0.34.0', (('--dp-supervisor-probe-timeout-s',), (), 'store', 'float', None, None, 5.0, True, None, None, None, None)),
    ),
    'dp_sync_interval': (
        ('0.32.0', '0.34.0', (('--dp-sync-interval',), (), 'store', 'int', None, None, 16, True, None, None, None, {'ge': 1})),
    ),
    'dtype': (
        ('0.13.0', '0.34.0', (('--dtype',), (), 'store', 'str', None, None, 'auto', True, ('auto', 'bfloat16', 'float', 'float16', 'float32', 'half'), None, None, None)),
    ),
    'ec_manager_config': (
        ('0.32.0', '0.34.0', (('--ec-manager-config',), (), 'store', 'json', None, None, None, False, None, None, None, None)),
    ),
    'ec_transfer_config': (
        ('0.13.0', '0.34.0', (('--ec-transfer-config',), (), 'store', 'json', None, None, None, True, None, None, None, None)),
    ),
    'elastic_ep_max_dp_size': (
        ('0.32.0', '0.34.0', (('--elastic-ep-max-dp-size',), (), 'store', 'int', None, None, None, True, None, None, None, {'ge': 1})),
    ),
    'enable_auto_tool_choice': (
        ('0.13.0', '0.32.0', (('--enable-auto-tool-choice',), ('--no-enable-auto-tool-choice',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-auto-tool-choice',), ('--disable-auto-tool-choice', '--no-enable-auto-tool-choice'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_batch_sharded_sampling': (
        ('0.32.0', '0.32.0', (('--enable-batch-sharded-sampling',), ('--no-enable-batch-sharded-sampling',), 'boolean_optional', 'bool', None, 0, None, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-batch-sharded-sampling',), ('--disable-batch-sharded-sampling', '--no-enable-batch-sharded-sampling'), 'enable_disable', 'bool', None, 0, None, True, None, None, None, None)),
    ),
    'enable_chunked_prefill': (
        ('0.13.0', '0.32.0', (('--enable-chunked-prefill',), ('--no-enable-chunked-prefill',), 'boolean_optional', 'bool', None, 0, None, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-chunked-prefill',), ('--disable-chunked-prefill', '--no-enable-chunked-prefill'), 'enable_disable', 'bool', None, 0, None, True, None, None, None, None)),
    ),
    'enable_cumem_allocator': (
        ('0.23.0', '0.32.0', (('--enable-cumem-allocator',), ('--no-enable-cumem-allocator',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-cumem-allocator',), ('--disable-cumem-allocator', '--no-enable-cumem-allocator'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_dbo': (
        ('0.13.0', '0.32.0', (('--enable-dbo',), ('--no-enable-dbo',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-dbo',), ('--disable-dbo', '--no-enable-dbo'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_elastic_ep': (
        ('0.18.0', '0.32.0', (('--enable-elastic-ep',), ('--no-enable-elastic-ep',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-elastic-ep',), ('--disable-elastic-ep', '--no-enable-elastic-ep'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_ep_weight_filter': (
        ('0.18.0', '0.32.0', (('--enable-ep-weight-filter',), ('--no-enable-ep-weight-filter',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-ep-weight-filter',), ('--disable-ep-weight-filter', '--no-enable-ep-weight-filter'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_eplb': (
        ('0.13.0', '0.32.0', (('--enable-eplb',), ('--no-enable-eplb',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-eplb',), ('--disable-eplb', '--no-enable-eplb'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_expert_parallel': (
        ('0.13.0', '0.13.0', (('--enable-expert-parallel',), ('--no-enable-expert-parallel',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.18.0', '0.32.0', (('--enable-expert-parallel', '-ep'), ('--no-enable-expert-parallel',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-expert-parallel', '-ep'), ('--disable-expert-parallel', '--no-enable-expert-parallel'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_extensible_kv_cache': (
        ('0.34.0', '0.34.0', (('--enable-extensible-kv-cache',), ('--disable-extensible-kv-cache', '--no-enable-extensible-kv-cache'), 'enable_disable', 'bool', None, 0, None, True, None, None, None, None)),
    ),
    'enable_fault_tolerance': (
        ('0.32.0', '0.32.0', (('--enable-fault-tolerance',), ('--no-enable-fault-tolerance',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-fault-tolerance',), ('--disable-fault-tolerance', '--no-enable-fault-tolerance'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_flash_late_interaction': (
        ('0.23.0', '0.32.0', (('--enable-flash-late-interaction',), ('--no-enable-flash-late-interaction',), 'boolean_optional', 'bool', None, 0, True, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-flash-late-interaction',), ('--disable-flash-late-interaction', '--no-enable-flash-late-interaction'), 'enable_disable', 'bool', None, 0, True, True, None, None, None, None)),
    ),
    'enable_flashinfer_autotune': (
        ('0.18.0', '0.32.0', (('--enable-flashinfer-autotune',), ('--no-enable-flashinfer-autotune',), 'boolean_optional', 'bool', None, 0, None, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-flashinfer-autotune',), ('--disable-flashinfer-autotune', '--no-enable-flashinfer-autotune'), 'enable_disable', 'bool', None, 0, None, True, None, None, None, None)),
    ),
    'enable_force_include_usage': (
        ('0.13.0', '0.32.0', (('--enable-force-include-usage',), ('--no-enable-force-include-usage',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-force-include-usage',), ('--disable-force-include-usage', '--no-enable-force-include-usage'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_hc_sp': (
        ('0.32.0', '0.32.0', (('--enable-hc-sp',), ('--no-enable-hc-sp',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-hc-sp',), ('--disable-hc-sp', '--no-enable-hc-sp'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_layerwise_nvtx_tracing': (
        ('0.13.0', '0.32.0', (('--enable-layerwise-nvtx-tracing',), ('--no-enable-layerwise-nvtx-tracing',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.33.0', (('--enable-layerwise-nvtx-tracing',), ('--disable-layerwise-nvtx-tracing', '--no-enable-layerwise-nvtx-tracing'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.34.0', '0.34.0', (('--enable-layerwise-nvtx-tracing',), ('--disable-layerwise-nvtx-tracing', '--no-enable-layerwise-nvtx-tracing'), 'enable_disable', 'bool', None, 0, False, True, None, None, {'successors': (), 'effect': 'stores', 'removed_in': None}, None)),
    ),
    'enable_log_deltas': (
        ('0.18.0', '0.32.0', (('--enable-log-deltas',), ('--no-enable-log-deltas',), 'boolean_optional', 'bool', None, 0, True, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-log-deltas',), ('--disable-log-deltas', '--no-enable-log-deltas'), 'enable_disable', 'bool', None, 0, True, True, None, None, None, None)),
    ),
    'enable_log_outputs': (
        ('0.13.0', '0.32.0', (('--enable-log-outputs',), ('--no-enable-log-outputs',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-log-outputs',), ('--disable-log-outputs', '--no-enable-log-outputs'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_log_requests': (
        ('0.13.0', '0.32.0', (('--enable-log-requests',), ('--no-enable-log-requests',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-log-requests',), ('--disable-log-requests', '--no-enable-log-requests'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_logging_iteration_details': (
        ('0.18.0', '0.32.0', (('--enable-logging-iteration-details',), ('--no-enable-logging-iteration-details',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-logging-iteration-details',), ('--disable-logging-iteration-details', '--no-enable-logging-iteration-details'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_lora': (
        ('0.13.0', '0.32.0', (('--enable-lora',), ('--no-enable-lora',), 'boolean_optional', 'bool', None, 0, None, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-lora',), ('--disable-lora', '--no-enable-lora'), 'enable_disable', 'bool', None, 0, None, True, None, None, None, None)),
    ),
    'enable_mamba_cache_stochastic_rounding': (
        ('0.23.0', '0.32.0', (('--enable-mamba-cache-stochastic-rounding',), ('--no-enable-mamba-cache-stochastic-rounding',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-mamba-cache-stochastic-rounding',), ('--disable-mamba-cache-stochastic-rounding', '--no-enable-mamba-cache-stochastic-rounding'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_mamba_shared_prefix_checkpoint': (
        ('0.32.0', '0.32.0', (('--enable-mamba-shared-prefix-checkpoint',), ('--no-enable-mamba-shared-prefix-checkpoint',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-mamba-shared-prefix-checkpoint',), ('--disable-mamba-shared-prefix-checkpoint', '--no-enable-mamba-shared-prefix-checkpoint'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_mfu_metrics': (
        ('0.18.0', '0.32.0', (('--enable-mfu-metrics',), ('--no-enable-mfu-metrics',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-mfu-metrics',), ('--disable-mfu-metrics', '--no-enable-mfu-metrics'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_mixed_moe_lora_format': (
        ('0.23.0', '0.32.0', (('--enable-mixed-moe-lora-format',), ('--no-enable-mixed-moe-lora-format',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-mixed-moe-lora-format',), ('--disable-mixed-moe-lora-format', '--no-enable-mixed-moe-lora-format'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_mm_embeds': (
        ('0.13.0', '0.32.0', (('--enable-mm-embeds',), ('--no-enable-mm-embeds',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-mm-embeds',), ('--disable-mm-embeds', '--no-enable-mm-embeds'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_moe_shared_loras': (
        ('0.32.0', '0.32.0', (('--enable-moe-shared-loras',), ('--no-enable-moe-shared-loras',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-moe-shared-loras',), ('--disable-moe-shared-loras', '--no-enable-moe-shared-loras'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_nccl_comm_suspend': (
        ('0.32.0', '0.32.0', (('--enable-nccl-comm-suspend',), ('--no-enable-nccl-comm-suspend',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-nccl-comm-suspend',), ('--disable-nccl-comm-suspend', '--no-enable-nccl-comm-suspend'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_offline_docs': (
        ('0.18.0', '0.32.0', (('--enable-offline-docs',), ('--no-enable-offline-docs',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-offline-docs',), ('--disable-offline-docs', '--no-enable-offline-docs'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_per_request_metrics': (
        ('0.32.0', '0.32.0', (('--enable-per-request-metrics',), ('--no-enable-per-request-metrics',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-per-request-metrics',), ('--disable-per-request-metrics', '--no-enable-per-request-metrics'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_prefix_caching': (
        ('0.13.0', '0.32.0', (('--enable-prefix-caching',), ('--no-enable-prefix-caching',), 'boolean_optional', 'bool', None, 0, None, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-prefix-caching',), ('--disable-prefix-caching', '--no-enable-prefix-caching'), 'enable_disable', 'bool', None, 0, None, True, None, None, None, None)),
    ),
    'enable_prompt_embeds': (
        ('0.13.0', '0.32.0', (('--enable-prompt-embeds',), ('--no-enable-prompt-embeds',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-prompt-embeds',), ('--disable-prompt-embeds', '--no-enable-prompt-embeds'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_prompt_tokens_details': (
        ('0.13.0', '0.32.0', (('--enable-prompt-tokens-details',), ('--no-enable-prompt-tokens-details',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-prompt-tokens-details',), ('--disable-prompt-tokens-details', '--no-enable-prompt-tokens-details'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_request_id_headers': (
        ('0.13.0', '0.32.0', (('--enable-request-id-headers',), ('--no-enable-request-id-headers',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-request-id-headers',), ('--disable-request-id-headers', '--no-enable-request-id-headers'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_return_routed_experts': (
        ('0.18.0', '0.32.0', (('--enable-return-routed-experts',), ('--no-enable-return-routed-experts',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-return-routed-experts',), ('--disable-return-routed-experts', '--no-enable-return-routed-experts'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_scale_out': (
        ('0.32.0', '0.32.0', (('--enable-scale-out',), ('--no-enable-scale-out',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-scale-out',), ('--disable-scale-out', '--no-enable-scale-out'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_server_load_tracking': (
        ('0.13.0', '0.32.0', (('--enable-server-load-tracking',), ('--no-enable-server-load-tracking',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-server-load-tracking',), ('--disable-server-load-tracking', '--no-enable-server-load-tracking'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_shm_tensor_arena': (
        ('0.32.0', '0.32.0', (('--enable-shm-tensor-arena',), ('--no-enable-shm-tensor-arena',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-shm-tensor-arena',), ('--disable-shm-tensor-arena', '--no-enable-shm-tensor-arena'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_sleep_mode': (
        ('0.13.0', '0.32.0', (('--enable-sleep-mode',), ('--no-enable-sleep-mode',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-sleep-mode',), ('--disable-sleep-mode', '--no-enable-sleep-mode'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_ssl_refresh': (
        ('0.13.0', '0.32.0', (('--enable-ssl-refresh',), ('--no-enable-ssl-refresh',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-ssl-refresh',), ('--disable-ssl-refresh', '--no-enable-ssl-refresh'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_tokenizer_info_endpoint': (
        ('0.13.0', '0.32.0', (('--enable-tokenizer-info-endpoint',), ('--no-enable-tokenizer-info-endpoint',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-tokenizer-info-endpoint',), ('--disable-tokenizer-info-endpoint', '--no-enable-tokenizer-info-endpoint'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_tower_connector_lora': (
        ('0.18.0', '0.32.0', (('--enable-tower-connector-lora',), ('--no-enable-tower-connector-lora',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-tower-connector-lora',), ('--disable-tower-connector-lora', '--no-enable-tower-connector-lora'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enable_trace_replay': (
        ('0.32.0', '0.32.0', (('--enable-trace-replay',), ('--no-enable-trace-replay',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enable-trace-replay',), ('--disable-trace-replay', '--no-enable-trace-replay'), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'enforce_eager': (
        ('0.13.0', '0.32.0', (('--enforce-eager',), ('--no-enforce-eager',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--enforce-eager',), ('--no-enforce-eager',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'engram_config': (
        ('0.32.0', '0.34.0', (('--engram-config',), (), 'store', 'json', None, None, None, True, None, None, None, None)),
    ),
    'eplb_config': (
        ('0.13.0', '0.34.0', (('--eplb-config',), (), 'store', 'json', None, None, None, False, None, None, None, None)),
    ),
    'exclude_tools_when_tool_choice_none': (
        ('0.13.0', '0.32.0', (('--exclude-tools-when-tool-choice-none',), ('--no-exclude-tools-when-tool-choice-none',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--exclude-tools-when-tool-choice-none',), ('--no-exclude-tools-when-tool-choice-none',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'expert_placement_strategy': (
        ('0.13.0', '0.34.0', (('--expert-placement-strategy',), (), 'store', 'str', None, None, 'linear', True, ('linear', 'round_robin'), None, None, None)),
    ),
    'fail_on_environ_validation': (
        ('0.18.0', '0.32.0', (('--fail-on-environ-validation',), ('--no-fail-on-environ-validation',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--fail-on-environ-validation',), ('--no-fail-on-environ-validation',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'fault_tolerance_config': (
        ('0.32.0', '0.34.0', (('--fault-tolerance-config',), (), 'store', 'json', None, None, None, False, None, None, None, None)),
    ),
    'fingerprint_mode': (
        ('0.23.0', '0.34.0', (('--fingerprint-mode',), (), 'store', 'str', None, None, 'full', True, ('custom', 'full', 'hash', 'none'), None, None, None)),
    ),
    'fingerprint_value': (
        ('0.23.0', '0.34.0', (('--fingerprint-value',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'fully_sharded_loras': (
        ('0.13.0', '0.32.0', (('--fully-sharded-loras',), ('--no-fully-sharded-loras',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--fully-sharded-loras',), ('--no-fully-sharded-loras',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'gdn_prefill_backend': (
        ('0.18.0', '0.18.0', (('--gdn-prefill-backend',), (), 'store', 'str', None, None, None, True, ('flashinfer', 'triton'), None, None, None)),
        ('0.23.0', '0.23.0', (('--gdn-prefill-backend',), (), 'store', 'str', None, None, None, True, ('flashinfer', 'triton', 'cutedsl'), None, None, None)),
        ('0.32.0', '0.32.0', (('--gdn-prefill-backend',), (), 'store', 'str', None, None, None, True, ('flashinfer', 'triton', 'cutedsl', 'aiter_flydsl'), None, None, None)),
        ('0.33.0', '0.33.0', (('--gdn-prefill-backend',), (), 'store', 'str', None, None, None, True, ('flashinfer', 'triton', 'cutedsl', 'aiter_flydsl', 'sycl'), None, None, None)),
        ('0.34.0', '0.34.0', (('--gdn-prefill-backend',), (), 'store', 'str', None, None, None, True, ('flashinfer', 'triton', 'cutedsl', 'aiter_flydsl', 'sycl', 'hip'), None, None, None)),
    ),
    'generation_config': (
        ('0.13.0', '0.34.0', (('--generation-config',), (), 'store', 'str', None, None, 'auto', True, None, None, None, None)),
    ),
    'gpu_memory_utilization': (
        ('0.13.0', '0.18.0', (('--gpu-memory-utilization',), (), 'store', 'float', None, None, 0.9, True, None, None, None, {'gt': 0, 'le': 1})),
        ('0.23.0', '0.23.0', (('--gpu-memory-utilization',), (), 'store', 'float', None, None, 0.92, True, None, None, None, {'gt': 0, 'le': 1})),
        ('0.32.0', '0.33.0', (('--gpu-memory-utilization', '--device-memory-utilization'), (), 'store', 'float', None, None, 0.92, True, None, None, None, {'gt': 0, 'le': 1})),
        ('0.34.0', '0.34.0', (('--gpu-memory-utilization', '--device-memory-utilization'), (), 'store', 'float', None, None, None, True, None, None, None, {'gt': 0, 'le': 1})),
    ),
    'grpc': (
        ('0.18.0', '0.34.0', (('--grpc',), (), 'store_true', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'grpc_port': (
        ('0.32.0', '0.34.0', (('--grpc-port',), (), 'store', 'int', None, None, None, True, None, None, None, None)),
    ),
    'h11_max_header_count': (
        ('0.13.0', '0.34.0', (('--h11-max-header-count',), (), 'store', 'int', None, None, 256, True, None, None, None, None)),
    ),
    'h11_max_incomplete_event_size': (
        ('0.13.0', '0.34.0', (('--h11-max-incomplete-event-size',), (), 'store', 'int', None, None, 4194304, True, None, None, None, None)),
    ),
    'headless': (
        ('0.13.0', '0.34.0', (('--headless',), (), 'store_true', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'headless_client_handshake_address': (
        ('0.34.0', '0.34.0', (('--headless-client-handshake-address',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'hf_config_path': (
        ('0.13.0', '0.34.0', (('--hf-config-path',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'hf_overrides': (
        ('0.13.0', '0.34.0', (('--hf-overrides',), (), 'store', 'json_or_str', None, None, {}, True, None, None, None, None)),
    ),
    'hf_token': (
        ('0.13.0', '0.34.0', (('--hf-token',), (), 'store', 'str', None, '?', None, True, None, None, None, None)),
    ),
    'host': (
        ('0.13.0', '0.34.0', (('--host',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'ignore_patterns': (
        ('0.13.0', '0.34.0', (('--ignore-patterns',), (), 'store', 'list', 'str', '+', ['original/**/*'], True, None, None, None, None)),
    ),
    'interleave_mm_strings': (
        ('0.13.0', '0.32.0', (('--interleave-mm-strings',), ('--no-interleave-mm-strings',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--interleave-mm-strings',), ('--no-interleave-mm-strings',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'io_processor_plugin': (
        ('0.13.0', '0.34.0', (('--io-processor-plugin',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'ir_op_priority': (
        ('0.23.0', '0.34.0', (('--ir-op-priority',), (), 'store', 'json', None, None, None, False, None, None, None, None)),
    ),
    'jit_monitor_mode': (
        ('0.32.0', '0.34.0', (('--jit-monitor-mode',), (), 'store', 'str', None, None, 'warn', True, ('error', 'warn'), None, None, None)),
    ),
    'jit_monitor_verbose': (
        ('0.32.0', '0.32.0', (('--jit-monitor-verbose',), ('--no-jit-monitor-verbose',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--jit-monitor-verbose',), ('--no-jit-monitor-verbose',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'kda_decode_backend': (
        ('0.32.0', '0.34.0', (('--kda-decode-backend',), (), 'store', 'str', None, None, None, True, ('auto', 'native', 'flashinfer', 'triton'), None, None, None)),
    ),
    'kda_prefill_backend': (
        ('0.32.0', '0.34.0', (('--kda-prefill-backend',), (), 'store', 'str', None, None, None, True, ('auto', 'triton', 'flashkda', 'flashinfer', 'fused'), None, None, None)),
    ),
    'kernel_config': (
        ('0.18.0', '0.34.0', (('--kernel-config',), (), 'store', 'json', None, None, None, False, None, None, None, None)),
    ),
    'kv_cache_dtype': (
        ('0.13.0', '0.13.0', (('--kv-cache-dtype',), (), 'store', 'str', None, None, 'auto', True, ('auto', 'bfloat16', 'fp8', 'fp8_ds_mla', 'fp8_e4m3', 'fp8_e5m2', 'fp8_inc'), None, None, None)),
        ('0.18.0', '0.18.0', (('--kv-cache-dtype',), (), 'store', 'str', None, None, 'auto', True, ('auto', 'bfloat16', 'float16', 'fp8', 'fp8_ds_mla', 'fp8_e4m3', 'fp8_e5m2', 'fp8_inc'), None, None, None)),
        ('0.23.0', '0.23.0', (('--kv-cache-dtype',), (), 'store', 'str', None, None, 'auto', True, ('auto', 'bfloat16', 'float16', 'fp8', 'fp8_ds_mla', 'fp8_e4m3', 'fp8_e5m2', 'fp8_inc', 'fp8_per_token_head', 'int8_per_token_head', 'nvfp4', 'turboquant_3bit_nc', 'turboquant_4bit_nc', 'turboquant_k3v4_nc', 'turboquant_k8v4'), None, None, None)),
        ('0.32.0', '0.32.0', (('--kv-cache-dtype',), (), 'store', 'str', None, None, 'auto', True, ('auto', 'bfloat16', 'float16', 'fp8', 'fp8_ds_mla', 'fp8_e4m3', 'fp8_e5m2', 'fp8_inc', 'fp8_per_token_head', 'int4_per_token_head', 'int8_per_token_head', 'nvfp4', 'nvfp4_4over6', 'nvfp4_ds_mla', 'turboquant_3bit_nc', 'turboquant_4bit_nc', 'turboquant_k3v4_nc', 'turboquant_k8v4', 'ultraquant_4bit'), None, None, None)),
        ('0.33.0', '0.34.0', (('--kv-cache-dtype',), (), 'store', 'str', None, None, 'auto', True, None, ('auto', 'float16', 'bfloat16', 'fp8', 'fp8_e4m3', 'fp8_e5m2', 'fp8_inc', 'fp8_ds_mla', 'nvfp4_ds_mla', 'turboquant_k8v4', 'turboquant_4bit_nc', 'turboquant_k3v4_nc', 'turboquant_3bit_nc', 'octave_k3v4', 'octave_k3v3', 'octave_k3v3_compact', 'ultraquant_4bit', 'int4_per_token_head', 'int8_per_token_head', 'fp8_per_token_head', 'nvfp4', 'nvfp4_4over6'), None, None)),
    ),
    'kv_cache_dtype_skip_layers': (
        ('0.23.0', '0.34.0', (('--kv-cache-dtype-skip-layers',), (), 'store', 'list', 'str', '+', [], True, None, None, None, None)),
    ),
    'kv_cache_memory_bytes': (
        ('0.13.0', '0.34.0', (('--kv-cache-memory-bytes',), (), 'store', 'human_readable_int', None, None, None, True, None, None, None, None)),
    ),
    'kv_cache_metrics': (
        ('0.13.0', '0.32.0', (('--kv-cache-metrics',), ('--no-kv-cache-metrics',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--kv-cache-metrics',), ('--no-kv-cache-metrics',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'kv_cache_metrics_sample': (
        ('0.13.0', '0.34.0', (('--kv-cache-metrics-sample',), (), 'store', 'float', None, None, 0.01, True, None, None, None, {'gt': 0, 'le': 1})),
    ),
    'kv_events_config': (
        ('0.13.0', '0.34.0', (('--kv-events-config',), (), 'store', 'json', None, None, None, True, None, None, None, None)),
    ),
    'kv_offloading_backend': (
        ('0.13.0', '0.13.0', (('--kv-offloading-backend',), (), 'store', 'str', None, None, None, True, ('lmcache', 'native', 'None'), None, None, None)),
        ('0.18.0', '0.34.0', (('--kv-offloading-backend',), (), 'store', 'str', None, None, 'native', True, ('lmcache', 'native'), None, None, None)),
    ),
    'kv_offloading_size': (
        ('0.13.0', '0.34.0', (('--kv-offloading-size',), (), 'store', 'float', None, None, None, True, None, None, None, None)),
    ),
    'kv_sharing_fast_prefill': (
        ('0.13.0', '0.32.0', (('--kv-sharing-fast-prefill',), ('--no-kv-sharing-fast-prefill',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--kv-sharing-fast-prefill',), ('--no-kv-sharing-fast-prefill',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'kv_transfer_config': (
        ('0.13.0', '0.34.0', (('--kv-transfer-config',), (), 'store', 'json', None, None, None, True, None, None, None, None)),
    ),
    'language_model_only': (
        ('0.18.0', '0.32.0', (('--language-model-only',), ('--no-language-model-only',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--language-model-only',), ('--no-language-model-only',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'limit_mm_per_prompt': (
        ('0.13.0', '0.34.0', (('--limit-mm-per-prompt',), (), 'store', 'json', None, None, {}, True, None, None, None, None)),
    ),
    'linear_backend': (
        ('0.23.0', '0.23.0', (('--linear-backend',), (), 'store', 'str', None, None, 'auto', True, ('aiter', 'auto', 'conch', 'cutlass', 'deep_gemm', 'emulation', 'exllama', 'fbgemm', 'flashinfer_cudnn', 'flashinfer_cutlass', 'flashinfer_trtllm', 'machete', 'marlin', 'torch', 'triton'), None, None, None)),
        ('0.32.0', '0.34.0', (('--linear-backend',), (), 'store', 'str', None, None, 'auto', True, ('aiter', 'auto', 'b12x', 'conch', 'cutlass', 'deep_gemm', 'emulation', 'exllama', 'fbgemm', 'flashinfer_b12x', 'flashinfer_cudnn', 'flashinfer_cutedsl', 'flashinfer_cutlass', 'flashinfer_trtllm', 'humming', 'machete', 'marlin', 'torch', 'triton', 'xpu', 'xpu_woq'), None, None, None)),
    ),
    'load_format': (
        ('0.13.0', '0.34.0', (('--load-format',), (), 'store', 'str', None, None, 'auto', True, None, None, None, None)),
    ),
    'log_config_file': (
        ('0.13.0', '0.23.0', (('--log-config-file',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
        ('0.32.0', '0.34.0', (('--log-config-file',), (), 'DeprecatedLogConfigFileAction', 'str', None, None, None, False, None, None, {'successors': ('--logging-config',), 'effect': 'stores', 'removed_in': '0.33.0'}, None)),
    ),
    'log_error_stack': (
        ('0.13.0', '0.32.0', (('--log-error-stack',), ('--no-log-error-stack',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--log-error-stack',), ('--no-log-error-stack',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'log_level': (
        ('0.32.0', '0.34.0', (('--log-level',), (), 'store', 'str', None, None, None, False, ('CRITICAL', 'ERROR', 'WARNING', 'INFO', 'DEBUG', 'NOTSET'), None, None, None)),
    ),
    'logging_config': (
        ('0.32.0', '0.34.0', (('--logging-config',), (), 'store', 'json', None, None, None, False, None, None, None, None)),
    ),
    'logits_processor_pattern': (
        ('0.13.0', '0.13.0', (('--logits-processor-pattern',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'logits_processors': (
        ('0.13.0', '0.34.0', (('--logits-processors',), (), 'store', 'list', 'str', '+', None, True, None, None, None, None)),
    ),
    'logprobs_mode': (
        ('0.13.0', '0.34.0', (('--logprobs-mode',), (), 'store', 'str', None, None, 'raw_logprobs', True, ('processed_logits', 'processed_logprobs', 'raw_logits', 'raw_logprobs'), None, None, None)),
    ),
    'long_prefill_token_threshold': (
        ('0.13.0', '0.23.0', (('--long-prefill-token-threshold',), (), 'store', 'int', None, None, 0, True, None, None, None, None)),
        ('0.32.0', '0.34.0', (('--long-prefill-token-threshold',), (), 'store', 'int', None, None, 0, True, None, None, None, {'ge': 0})),
    ),
    'long_prefill_token_threshold_adaptive': (
        ('0.32.0', '0.32.0', (('--long-prefill-token-threshold-adaptive',), ('--no-long-prefill-token-threshold-adaptive',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--long-prefill-token-threshold-adaptive',), ('--no-long-prefill-token-threshold-adaptive',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'lora_dtype': (
        ('0.13.0', '0.34.0', (('--lora-dtype',), (), 'store', 'str', None, None, 'auto', True, ('auto', 'bfloat16', 'float16'), None, None, None)),
    ),
    'lora_modules': (
        ('0.13.0', '0.34.0', (('--lora-modules',), (), 'LoRAParserAction', 'list', 'str', '+', None, True, None, None, None, None)),
    ),
    'lora_target_modules': (
        ('0.23.0', '0.34.0', (('--lora-target-modules',), (), 'store', 'list', 'str', '+', None, True, None, None, None, None)),
    ),
    'mamba_backend': (
        ('0.23.0', '0.23.0', (('--mamba-backend',), (), 'store', 'str', None, None, 'triton', True, None, ('TRITON', 'FLASHINFER'), None, None)),
        ('0.32.0', '0.34.0', (('--mamba-backend',), (), 'store', 'str', None, None, 'triton', True, None, ('TRITON', 'FLASHINFER', 'CPU'), None, None)),
    ),
    'mamba_block_size': (
        ('0.13.0', '0.34.0', (('--mamba-block-size',), (), 'store', 'int', None, None, None, True, None, None, None, {'gt': 0})),
    ),
    'mamba_cache_dtype': (
        ('0.13.0', '0.18.0', (('--mamba-cache-dtype',), (), 'store', 'str', None, None, 'auto', True, ('auto', 'float16', 'float32'), None, None, None)),
        ('0.23.0', '0.34.0', (('--mamba-cache-dtype',), (), 'store', 'str', None, None, 'auto', True, ('auto', 'bfloat16', 'float16', 'float32'), None, None, None)),
    ),
    'mamba_cache_mode': (
        ('0.18.0', '0.23.0', (('--mamba-cache-mode',), (), 'store', 'str', None, None, 'none', True, ('align', 'all', 'none'), None, None, None)),
        ('0.32.0', '0.32.0', (('--mamba-cache-mode',), (), 'store', 'str', None, None, 'none', True, ('align', 'none'), None, None, None)),
        ('0.33.0', '0.33.0', (('--mamba-cache-mode',), (), 'store', 'str', None, None, None, True, ('align', 'none'), None, {'successors': ('--enable-prefix-caching',), 'effect': 'ignored', 'removed_in': '0.33.0'}, None)),
        ('0.34.0', '0.34.0', (('--mamba-cache-mode',), (), 'store', 'str', None, None, None, True, ('align', 'none'), None, {'successors': ('--enable-prefix-caching',), 'effect': 'ignored', 'removed_in': '0.34.0'}, None)),
    ),
    'mamba_cache_philox_rounds': (
        ('0.23.0', '0.34.0', (('--mamba-cache-philox-rounds',), (), 'store', 'int', None, None, 0, True, None, None, None, None)),
    ),
    'mamba_ssm_cache_dtype': (
        ('0.13.0', '0.18.0', (('--mamba-ssm-cache-dtype',), (), 'store', 'str', None, None, 'auto', True, ('auto', 'float16', 'float32'), None, None, None)),
        ('0.23.0', '0.34.0', (('--mamba-ssm-cache-dtype',), (), 'store', 'str', None, None, 'auto', True, ('auto', 'bfloat16', 'float16', 'float32'), None, None, None)),
    ),
    'mamba_ssu_algorithm': (
        ('0.32.0', '0.34.0', (('--mamba-ssu-algorithm',), (), 'store', 'str', None, None, None, True, ('auto', 'horizontal', 'simple', 'vertical', None), None, None, None)),
    ),
    'master_addr': (
        ('0.13.0', '0.34.0', (('--master-addr',), (), 'store', 'str', None, None, '127.0.0.1', True, None, None, None, None)),
    ),
    'master_port': (
        ('0.13.0', '0.34.0', (('--master-port',), (), 'store', 'int', None, None, 29501, True, None, None, None, None)),
    ),
    'max_cpu_loras': (
        ('0.13.0', '0.34.0', (('--max-cpu-loras',), (), 'store', 'int', None, None, None, True, None, None, None, None)),
    ),
    'max_cudagraph_capture_size': (
        ('0.13.0', '0.34.0', (('--max-cudagraph-capture-size',), (), 'store', 'int', None, None, None, True, None, None, None, None)),
    ),
    'max_log_len': (
        ('0.13.0', '0.34.0', (('--max-log-len',), (), 'store', 'int', None, None, None, True, None, None, None, None)),
    ),
    'max_logprobs': (
        ('0.13.0', '0.23.0', (('--max-logprobs',), (), 'store', 'int', None, None, 20, True, None, None, None, None)),
        ('0.32.0', '0.34.0', (('--max-logprobs',), (), 'store', 'int', None, None, 20, True, None, None, None, {'ge': -1})),
    ),
    'max_long_partial_prefills': (
        ('0.13.0', '0.23.0', (('--max-long-partial-prefills',), (), 'store', 'int', None, None, 1, True, None, None, None, {'ge': 1})),
    ),
    'max_lora_cls_labels': (
        ('0.32.0', '0.34.0', (('--max-lora-cls-labels',), (), 'store', 'int', None, None, None, True, None, None, None, {'ge': 1})),
    ),
    'max_lora_rank': (
        ('0.13.0', '0.34.0', (('--max-lora-rank',), (), 'store', 'int', None, None, 16, True, (1, 8, 16, 32, 64, 128, 256, 320, 512), None, None, None)),
    ),
    'max_loras': (
        ('0.13.0', '0.34.0', (('--max-loras',), (), 'store', 'int', None, None, 1, True, None, None, None, {'ge': 1})),
    ),
    'max_model_len': (
        ('0.13.0', '0.13.0', (('--max-model-len',), (), 'store', 'human_readable_int', None, None, None, True, None, None, None, {'gt': 0})),
        ('0.18.0', '0.34.0', (('--max-model-len',), (), 'store', 'human_readable_int_or_auto', None, None, None, True, None, None, None, {'ge': -1})),
    ),
    'max_num_active_seqs': (
        ('0.32.0', '0.34.0', (('--max-num-active-seqs',), (), 'store', 'int', None, None, None, True, None, None, None, {'ge': 1})),
    ),
    'max_num_batched_tokens': (
        ('0.13.0', '0.34.0', (('--max-num-batched-tokens',), (), 'store', 'human_readable_int', None, None, None, True, None, None, None, {'ge': 1})),
    ),
    'max_num_inflight_kv_loads': (
        ('0.34.0', '0.34.0', (('--max-num-inflight-kv-loads',), (), 'store', 'int', None, None, None, True, None, None, None, {'ge': 1})),
    ),
    'max_num_partial_prefills': (
        ('0.13.0', '0.23.0', (('--max-num-partial-prefills',), (), 'store', 'int', None, None, 1, True, None, None, None, {'ge': 1})),
    ),
    'max_num_queued_reqs': (
        ('0.32.0', '0.34.0', (('--max-num-queued-reqs',), (), 'store', 'int', None, None, None, True, None, None, None, {'ge': 0})),
    ),
    'max_num_queued_tokens': (
        ('0.32.0', '0.34.0', (('--max-num-queued-tokens',), (), 'store', 'human_readable_int', None, None, None, True, None, None, None, {'ge': 0})),
    ),
    'max_num_scheduled_tokens': (
        ('0.32.0', '0.34.0', (('--max-num-scheduled-tokens',), (), 'store', 'human_readable_int', None, None, None, True, None, None, None, {'ge': 1})),
    ),
    'max_num_seqs': (
        ('0.13.0', '0.34.0', (('--max-num-seqs',), (), 'store', 'int', None, None, None, True, None, None, None, {'ge': 1})),
    ),
    'max_parallel_loading_workers': (
        ('0.13.0', '0.18.0', (('--max-parallel-loading-workers',), (), 'store', 'int', None, None, None, True, None, None, None, None)),
        ('0.23.0', '0.34.0', (('--max-parallel-loading-workers',), (), 'store', 'int', None, None, None, True, None, None, None, {'ge': 1})),
    ),
    'media_io_kwargs': (
        ('0.13.0', '0.34.0', (('--media-io-kwargs',), (), 'store', 'json', None, None, {}, True, None, None, None, None)),
    ),
    'middleware': (
        ('0.13.0', '0.34.0', (('--middleware',), (), 'append', 'list', 'str', None, [], True, None, None, None, None)),
    ),
    'mm_device_do_normalize': (
        ('0.32.0', '0.32.0', (('--mm-device-do-normalize',), ('--no-mm-device-do-normalize',), 'boolean_optional', 'bool', None, 0, None, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--mm-device-do-normalize',), ('--no-mm-device-do-normalize',), 'enable_disable', 'bool', None, 0, None, True, None, None, None, None)),
    ),
    'mm_encoder_attn_backend': (
        ('0.13.0', '0.13.0', (('--mm-encoder-attn-backend',), (), 'store', 'str', None, None, None, True, None, ('FLASH_ATTN', 'TRITON_ATTN', 'ROCM_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'FLASHINFER_MLA', 'TRITON_MLA', 'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASH_ATTN_MLA', 'PALLAS', 'IPEX', 'NO_ATTENTION', 'FLEX_ATTENTION', 'TREE_ATTN', 'ROCM_AITER_UNIFIED_ATTN', 'CPU_ATTN'), None, None)),
        ('0.18.0', '0.18.0', (('--mm-encoder-attn-backend',), (), 'store', 'str', None, None, None, True, None, ('FLASH_ATTN', 'FLASH_ATTN_DIFFKV', 'TRITON_ATTN', 'ROCM_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE', 'XPU_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'FLASHINFER_MLA', 'FLASHINFER_MLA_SPARSE', 'TRITON_MLA', 'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASH_ATTN_MLA', 'NO_ATTENTION', 'FLEX_ATTENTION', 'TREE_ATTN', 'ROCM_AITER_UNIFIED_ATTN', 'CPU_ATTN', 'CUSTOM'), None, None)),
        ('0.23.0', '0.23.0', (('--mm-encoder-attn-backend',), (), 'store', 'str', None, None, None, True, None, ('FLASH_ATTN', 'FLASH_ATTN_DIFFKV', 'TRITON_ATTN', 'ROCM_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE', 'XPU_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'FLASHINFER_MLA', 'TOKENSPEED_MLA', 'FLASHINFER_MLA_SPARSE', 'TRITON_MLA', 'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASHMLA_SPARSE_DSV4', 'FLASHINFER_MLA_SPARSE_DSV4', 'ROCM_FLASHMLA_SPARSE_DSV4', 'FLASH_ATTN_MLA', 'NO_ATTENTION', 'FLEX_ATTENTION', 'ROCM_AITER_UNIFIED_ATTN', 'CPU_ATTN', 'TURBOQUANT', 'CUSTOM'), None, None)),
        ('0.32.0', '0.32.0', (('--mm-encoder-attn-backend',), (), 'store', 'str', None, None, None, True, None, ('FLASH_ATTN', 'FLASH_ATTN_DIFFKV', 'TRITON_ATTN', 'TRITON_ATTN_DIFFKV', 'TRITON_FLASH_ATTN', 'ROCM_ATTN', 'ROCM_SEGMENTED_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE', 'XPU_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'TRITON_FLASHINFER', 'FLASHINFER_MLA', 'TOKENSPEED_MLA', 'FLASHINFER_MLA_SPARSE', 'FLASHINFER_MLA_SPARSE_SM120', 'FLASHINFER_MLA_SPARSE_SM90', 'TRITON_MLA', 'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASHMLA_SPARSE_DSV4', 'FLASHINFER_MLA_SPARSE_DSV4', 'ROCM_FLASHMLA_SPARSE_DSV4', 'FLASHMLA_SPARSE_DSV41', 'FLASHINFER_MLA_SPARSE_DSV41', 'FLASHMLA_MEGA_ATTN_DSV41', 'B12X', 'FLASH_ATTN_MLA', 'FLASH_ATTN_MLA_SPARSE', 'MINIMAX_M3_SPARSE', 'CUTLASS_MSA', 'TRITON_MSA', 'NO_ATTENTION', 'FLEX_ATTENTION', 'HPC_ATTN', 'ROCM_AITER_UNIFIED_ATTN', 'CPU_ATTN', 'CPU_MLA', 'AMX_MLA', 'TURBOQUANT', 'ULTRAQUANT', 'CUSTOM'), None, None)),
        ('0.33.0', '0.33.0', (('--mm-encoder-attn-backend',), (), 'store', 'str', None, None, None, True, None, ('FLASH_ATTN', 'FLASH_ATTN_DIFFKV', 'TRITON_ATTN', 'TRITON_ATTN_DIFFKV', 'TRITON_FLASH_ATTN', 'ROCM_ATTN', 'ROCM_SEGMENTED_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE', 'XPU_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'TRITON_FLASHINFER', 'FLASHINFER_MLA', 'TOKENSPEED_MLA', 'FLASHINFER_MLA_SPARSE', 'FLASHINFER_MLA_SPARSE_SM120', 'FLASHINFER_MLA_SPARSE_SM90', 'TRITON_MLA', 'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASHMLA_SPARSE_DSV4', 'FLASHINFER_MLA_SPARSE_DSV4', 'ROCM_FLASHMLA_SPARSE_DSV4', 'FLASHMLA_SPARSE_DSV41', 'FLASHINFER_MLA_SPARSE_DSV41', 'ROCM_FLASHMLA_SPARSE_DSV41', 'FLASHMLA_MEGA_ATTN_DSV41', 'B12X', 'FLASH_ATTN_MLA', 'FLASH_ATTN_MLA_SPARSE', 'FLASH_ATTN_MLA_SPARSE_FA4', 'MINIMAX_M3_SPARSE', 'CUTLASS_MSA', 'TRITON_MSA', 'STEP5_DSA', 'NO_ATTENTION', 'FLEX_ATTENTION', 'HPC_ATTN', 'ROCM_AITER_UNIFIED_ATTN', 'CPU_ATTN', 'CPU_MLA', 'AMX_MLA', 'TURBOQUANT', 'ROCM_OCTAVE', 'ULTRAQUANT', 'CUSTOM'), None, None)),
        ('0.34.0', '0.34.0', (('--mm-encoder-attn-backend',), (), 'store', 'str', None, None, None, True, None, ('FLASH_ATTN', 'FLASH_ATTN_DIFFKV', 'TRITON_ATTN', 'TRITON_ATTN_DIFFKV', 'TRITON_FLASH_ATTN', 'ROCM_ATTN', 'ROCM_SEGMENTED_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE', 'XPU_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'FLASHINFER_TS', 'TRITON_FLASHINFER', 'FLASHINFER_MLA', 'TOKENSPEED_MLA', 'FLASHINFER_MLA_SPARSE', 'FLASHINFER_MLA_SPARSE_SM120', 'FLASHINFER_MLA_SPARSE_SM90', 'TRITON_MLA', 'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASHMLA_SPARSE_DSV4', 'FLASHINFER_MLA_SPARSE_DSV4', 'ROCM_FLASHMLA_SPARSE_DSV4', 'FLASHMLA_SPARSE_DSV41', 'FLASHINFER_MLA_SPARSE_DSV41', 'ROCM_FLASHMLA_SPARSE_DSV41', 'FLASHMLA_MEGA_ATTN_DSV41', 'B12X', 'FLASH_ATTN_MLA', 'FLASH_ATTN_MLA_SPARSE', 'FLASH_ATTN_MLA_SPARSE_FA4', 'MINIMAX_M3_SPARSE', 'CUTLASS_MSA', 'TRITON_MSA', 'STEP5_DSA', 'KIMI_K3_KV_BALANCED_MLA', 'NO_ATTENTION', 'FLEX_ATTENTION', 'HPC_ATTN', 'ROCM_AITER_UNIFIED_ATTN', 'CPU_ATTN', 'CPU_MLA', 'AMX_MLA', 'TURBOQUANT', 'ROCM_OCTAVE', 'ULTRAQUANT', 'CUSTOM'), None, None)),
    ),
    'mm_encoder_attn_dtype': (
        ('0.23.0', '0.23.0', (('--mm-encoder-attn-dtype',), (), 'store', 'str', None, None, None, True, ('fp8', 'None'), None, None, None)),
        ('0.32.0', '0.34.0', (('--mm-encoder-attn-dtype',), (), 'store', 'str', None, None, None, True, ('fp8', None), None, None, None)),
    ),
    'mm_encoder_fp8_scale_path': (
        ('0.23.0', '0.34.0', (('--mm-encoder-fp8-scale-path',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'mm_encoder_fp8_scale_save_margin': (
        ('0.23.0', '0.34.0', (('--mm-encoder-fp8-scale-save-margin',), (), 'store', 'float', None, None, 1.5, True, None, None, None, {'gt': 0.0})),
    ),
    'mm_encoder_fp8_scale_save_path': (
        ('0.23.0', '0.34.0', (('--mm-encoder-fp8-scale-save-path',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'mm_encoder_only': (
        ('0.18.0', '0.32.0', (('--mm-encoder-only',), ('--no-mm-encoder-only',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--mm-encoder-only',), ('--no-mm-encoder-only',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'mm_encoder_tp_mode': (
        ('0.13.0', '0.34.0', (('--mm-encoder-tp-mode',), (), 'store', 'str', None, None, 'weights', True, ('data', 'weights'), None, None, None)),
    ),
    'mm_hasher_algorithm': (
        ('0.32.0', '0.34.0', (('--mm-hasher-algorithm',), (), 'store', 'str', None, None, 'blake3', True, ('blake3', 'sha256', 'sha512'), None, None, None)),
    ),
    'mm_ipc_gpu_memory_gb': (
        ('0.32.0', '0.34.0', (('--mm-ipc-gpu-memory-gb',), (), 'store', 'float', None, None, 0, True, None, None, None, {'ge': 0})),
    ),
    'mm_processor_cache_gb': (
        ('0.13.0', '0.34.0', (('--mm-processor-cache-gb',), (), 'store', 'float', None, None, 4, True, None, None, None, {'ge': 0})),
    ),
    'mm_processor_cache_type': (
        ('0.13.0', '0.34.0', (('--mm-processor-cache-type',), (), 'store', 'str', None, None, 'lru', True, ('lru', 'shm'), None, None, None)),
    ),
    'mm_processor_device': (
        ('0.32.0', '0.34.0', (('--mm-processor-device',), (), 'store', 'str', None, None, 'auto', True, ('auto', 'cpu'), None, None, None)),
    ),
    'mm_processor_kwargs': (
        ('0.13.0', '0.34.0', (('--mm-processor-kwargs',), (), 'store', 'json', None, None, None, True, None, None, None, None)),
    ),
    'mm_shm_cache_max_object_size_mb': (
        ('0.13.0', '0.34.0', (('--mm-shm-cache-max-object-size-mb',), (), 'store', 'int', None, None, 128, True, None, None, None, {'ge': 0})),
    ),
    'mm_tensor_ipc': (
        ('0.23.0', '0.34.0', (('--mm-tensor-ipc',), (), 'store', 'str', None, None, 'direct_rpc', True, ('direct_rpc', 'torch_shm'), None, None, None)),
    ),
    'model': (
        ('0.13.0', '0.34.0', (('--model',), (), 'store', 'str', None, None, 'Qwen/Qwen3-0.6B', True, None, None, None, None)),
    ),
    'model_class_overrides': (
        ('0.32.0', '0.34.0', (('--model-class-overrides',), (), 'store', 'json', None, None, {}, True, None, None, None, None)),
    ),
    'model_impl': (
        ('0.13.0', '0.34.0', (('--model-impl',), (), 'store', 'str', None, None, 'auto', True, None, ('auto', 'vllm', 'transformers', 'terratorch'), None, None)),
    ),
    'model_loader_extra_config': (
        ('0.13.0', '0.34.0', (('--model-loader-extra-config',), (), 'store', 'json_or_str', None, None, {}, True, None, None, None, None)),
    ),
    'moe_backend': (
        ('0.18.0', '0.18.0', (('--moe-backend',), (), 'store', 'str', None, None, 'auto', True, ('aiter', 'auto', 'cutlass', 'deep_gemm', 'flashinfer_cutedsl', 'flashinfer_cutlass', 'flashinfer_trtllm', 'marlin', 'triton'), None, None, None)),
        ('0.23.0', '0.23.0', (('--moe-backend',), (), 'store', 'str', None, None, 'auto', True, ('aiter', 'auto', 'cutlass', 'deep_gemm', 'deep_gemm_mega_moe', 'emulation', 'flashinfer_b12x', 'flashinfer_cutedsl', 'flashinfer_cutlass', 'flashinfer_trtllm', 'humming', 'marlin', 'triton', 'triton_unfused'), None, None, None)),
        ('0.32.0', '0.32.0', (('--moe-backend',), (), 'store', 'str', None, None, 'auto', True, ('aiter', 'aiter_mega_moe', 'aiter_triton_mxfp4_bf16', 'auto', 'b12x', 'batched_triton', 'cutlass', 'deep_gemm', 'deep_gemm_mega_moe', 'emulation', 'flashinfer_b12x', 'flashinfer_cutedsl', 'flashinfer_cutlass', 'flashinfer_moe_ep_cutedsl', 'flashinfer_moe_ep_mega_deep_gemm', 'flashinfer_trtllm', 'flydsl', 'hpc', 'humming', 'marlin', 'rdna3', 'triton', 'triton_unfused'), None, None, None)),
        ('0.33.0', '0.34.0', (('--moe-backend',), (), 'store', 'str', None, None, 'auto', True, ('aiter', 'aiter_mega_moe', 'aiter_triton_mxfp4_bf16', 'aiter_triton_mxfp4_mxfp4', 'auto', 'b12x', 'batched_triton', 'cutlass', 'deep_gemm', 'deep_gemm_mega_moe', 'emulation', 'flashinfer_b12x', 'flashinfer_cutedsl', 'flashinfer_cutlass', 'flashinfer_moe_ep_cutedsl', 'flashinfer_moe_ep_mega_deep_gemm', 'flashinfer_trtllm', 'flydsl', 'hpc', 'humming', 'marlin', 'rdna3', 'triton', 'triton_unfused'), None, None, None)),
    ),
    'monokernel': (
        ('0.33.0', '0.34.0', (('--monokernel',), ('--no-monokernel',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'nnodes': (
        ('0.13.0', '0.18.0', (('--nnodes', '-n'), (), 'store', 'int', None, None, 1, True, None, None, None, None)),
        ('0.23.0', '0.34.0', (('--nnodes', '-n'), (), 'store', 'int', None, None, 1, True, None, None, None, {'ge': 1})),
    ),
    'node_rank': (
        ('0.13.0', '0.18.0', (('--node-rank', '-r'), (), 'store', 'int', None, None, 0, True, None, None, None, None)),
        ('0.23.0', '0.34.0', (('--node-rank', '-r'), (), 'store', 'int', None, None, 0, True, None, None, None, {'ge': 0})),
    ),
    'num_gpu_blocks_override': (
        ('0.13.0', '0.34.0', (('--num-gpu-blocks-override',), (), 'store', 'int', None, None, None, True, None, None, None, None)),
    ),
    'numa_bind': (
        ('0.23.0', '0.32.0', (('--numa-bind',), ('--no-numa-bind',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.33.0', (('--numa-bind',), ('--no-numa-bind',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.34.0', '0.34.0', (('--numa-bind',), ('--no-numa-bind',), 'enable_disable', 'bool', None, 0, None, True, None, None, None, None)),
    ),
    'numa_bind_cpus': (
        ('0.23.0', '0.34.0', (('--numa-bind-cpus',), (), 'store', 'list', 'str', '+', None, True, None, None, None, None)),
    ),
    'numa_bind_nodes': (
        ('0.23.0', '0.34.0', (('--numa-bind-nodes',), (), 'store', 'list', 'int', '+', None, True, None, None, None, None)),
    ),
    'offload_backend': (
        ('0.18.0', '0.34.0', (('--offload-backend',), (), 'store', 'str', None, None, 'auto', True, ('auto', 'prefetch', 'uva'), None, None, None)),
    ),
    'offload_group_size': (
        ('0.18.0', '0.34.0', (('--offload-group-size',), (), 'store', 'int', None, None, 0, True, None, None, None, {'ge': 0})),
    ),
    'offload_num_in_group': (
        ('0.18.0', '0.34.0', (('--offload-num-in-group',), (), 'store', 'int', None, None, 1, True, None, None, None, {'ge': 1})),
    ),
    'offload_params': (
        ('0.18.0', '0.34.0', (('--offload-params',), (), 'store', 'list', 'str', '+', [], True, None, None, None, None)),
    ),
    'offload_prefetch_step': (
        ('0.18.0', '0.34.0', (('--offload-prefetch-step',), (), 'store', 'int', None, None, 1, True, None, None, None, {'ge': 0})),
    ),
    'optimization_level': (
        ('0.13.0', '0.34.0', (('--optimization-level',), (), 'store', 'str', None, None, 2, True, None, ('O0', 'O1', 'O2', 'O3'), None, None)),
    ),
    'otlp_traces_endpoint': (
        ('0.13.0', '0.34.0', (('--otlp-traces-endpoint',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'override_attention_dtype': (
        ('0.13.0', '0.23.0', (('--override-attention-dtype',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'override_generation_config': (
        ('0.13.0', '0.34.0', (('--override-generation-config',), (), 'store', 'json', None, None, {}, True, None, None, None, None)),
    ),
    'per_request_spec_decode_metrics': (
        ('0.32.0', '0.34.0', (('--per-request-spec-decode-metrics',), (), 'store', 'str', None, None, 'none', True, ('detailed', 'none', 'summary'), None, None, None)),
    ),
    'performance_mode': (
        ('0.18.0', '0.34.0', (('--performance-mode',), (), 'store', 'str', None, None, 'balanced', True, ('balanced', 'interactivity', 'throughput'), None, None, None)),
    ),
    'pipeline_parallel_size': (
        ('0.13.0', '0.18.0', (('--pipeline-parallel-size', '-pp'), (), 'store', 'int', None, None, 1, True, None, None, None, None)),
        ('0.23.0', '0.34.0', (('--pipeline-parallel-size', '-pp'), (), 'store', 'int', None, None, 1, True, None, None, None, {'ge': 1})),
    ),
    'pooler_config': (
        ('0.13.0', '0.34.0', (('--pooler-config',), (), 'store', 'json', None, None, None, True, None, None, None, None)),
    ),
    'port': (
        ('0.13.0', '0.34.0', (('--port',), (), 'store', 'int', None, None, 8000, True, None, None, None, None)),
    ),
    'prefill_context_parallel_size': (
        ('0.13.0', '0.18.0', (('--prefill-context-parallel-size', '-pcp'), (), 'store', 'int', None, None, 1, True, None, None, None, None)),
        ('0.23.0', '0.34.0', (('--prefill-context-parallel-size', '-pcp'), (), 'store', 'int', None, None, 1, True, None, None, None, {'ge': 1})),
    ),
    'prefill_schedule_interval': (
        ('0.32.0', '0.34.0', (('--prefill-schedule-interval',), (), 'store', 'int', None, None, 1, True, None, None, None, {'ge': 1})),
    ),
    'prefix_cache_retention_interval': (
        ('0.32.0', '0.34.0', (('--prefix-cache-retention-interval',), (), 'store', 'int', None, None, 0, True, None, None, None, {'ge': 0})),
    ),
    'prefix_caching_hash_algo': (
        ('0.13.0', '0.34.0', (('--prefix-caching-hash-algo',), (), 'store', 'str', None, None, 'sha256', True, ('sha256', 'sha256_cbor', 'xxhash', 'xxhash_cbor'), None, None, None)),
    ),
    'prefix_match_unit': (
        ('0.32.0', '0.34.0', (('--prefix-match-unit',), (), 'store', 'int', None, None, None, True, None, None, None, {'gt': 0})),
    ),
    'profiler_config': (
        ('0.13.0', '0.34.0', (('--profiler-config',), (), 'store', 'json', None, None, None, False, None, None, None, None)),
    ),
    'pt_load_map_location': (
        ('0.13.0', '0.34.0', (('--pt-load-map-location',), (), 'store', 'json_or_str', None, None, 'cpu', True, None, None, None, None)),
    ),
    'quantization': (
        ('0.13.0', '0.13.0', (('--quantization', '-q'), (), 'store', 'str', None, None, None, True, None, ('awq', 'deepspeedfp', 'tpu_int8', 'fp8', 'ptpc_fp8', 'fbgemm_fp8', 'fp_quant', 'modelopt', 'modelopt_fp4', 'bitblas', 'gguf', 'gptq_marlin_24', 'gptq_marlin', 'gptq_bitblas', 'awq_marlin', 'gptq', 'compressed-tensors', 'bitsandbytes', 'hqq', 'experts_int8', 'ipex', 'quark', 'moe_wna16', 'torchao', 'auto-round', 'rtn', 'inc', 'mxfp4', 'petit_nvfp4', 'cpu_gptq', 'cpu_awq'), None, None)),
        ('0.18.0', '0.18.0', (('--quantization', '-q'), (), 'store', 'str', None, None, None, True, None, ('awq', 'fp8', 'ptpc_fp8', 'fbgemm_fp8', 'fp_quant', 'modelopt', 'modelopt_fp4', 'modelopt_mxfp8', 'modelopt_mixed', 'gguf', 'gptq_marlin', 'awq_marlin', 'gptq', 'compressed-tensors', 'bitsandbytes', 'experts_int8', 'quark', 'moe_wna16', 'torchao', 'inc', 'mxfp4', 'petit_nvfp4', 'cpu_awq'), None, None)),
        ('0.23.0', '0.23.0', (('--quantization', '-q'), (), 'store', 'str', None, None, None, True, None, ('awq', 'fp8', 'fbgemm_fp8', 'fp_quant', 'modelopt', 'modelopt_fp4', 'modelopt_mxfp8', 'modelopt_mixed', 'gguf', 'auto_gptq', 'gptq', 'gptq_marlin', 'awq_marlin', 'humming', 'compressed-tensors', 'bitsandbytes', 'experts_int8', 'quark', 'moe_wna16', 'torchao', 'inc', 'mxfp4', 'gpt_oss_mxfp4', 'deepseek_v4_fp8', 'online', 'fp8_per_tensor', 'fp8_per_block', 'int8_per_channel_weight_only', 'mxfp8'), None, None)),
        ('0.32.0', '0.33.0', (('--quantization', '-q'), (), 'store', 'str', None, None, None, True, None, ('awq', 'auto_awq', 'fp8', 'fbgemm_fp8', 'fp_quant', 'modelopt', 'modelopt_fp4', 'modelopt_mxfp8', 'modelopt_mixed', 'auto_gptq', 'gptq', 'gptq_marlin', 'awq_marlin', 'humming', 'compressed-tensors', 'experts_int8', 'quark', 'moe_wna16', 'torchao', 'inc', 'mxfp4', 'gpt_oss_mxfp4', 'deepseek_v4_fp8', 'online', 'fp8_per_tensor', 'fp8_per_block', 'fp8_per_channel', 'int8_per_channel_weight_only', 'nvfp4_per_token', 'mxfp8'), None, None)),
        ('0.34.0', '0.34.0', (('--quantization', '-q'), (), 'store', 'str', None, None, None, True, None, ('awq', 'auto_awq', 'fp8', 'w4afp8', 'fbgemm_fp8', 'modelopt', 'modelopt_fp4', 'modelopt_mxfp8', 'modelopt_mixed', 'auto_gptq', 'gptq', 'gptq_marlin', 'awq_marlin', 'humming', 'compressed-tensors', 'experts_int8', 'quark', 'moe_wna16', 'torchao', 'inc', 'mxfp4', 'gpt_oss_mxfp4', 'deepseek_v4_fp8', 'online', 'fp8_per_tensor', 'fp8_per_block', 'fp8_per_channel', 'int8_per_channel_weight_only', 'nvfp4_per_token', 'mxfp8', 'lut_b_moe', 'mxfp4_hadamard32'), None, None)),
    ),
    'quantization_config': (
        ('0.23.0', '0.34.0', (('--quantization-config',), (), 'store', 'json', None, None, None, True, None, None, None, None)),
    ),
    'ray_workers_use_nsight': (
        ('0.13.0', '0.32.0', (('--ray-workers-use-nsight',), ('--no-ray-workers-use-nsight',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--ray-workers-use-nsight',), ('--no-ray-workers-use-nsight',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'reasoning_config': (
        ('0.23.0', '0.34.0', (('--reasoning-config',), (), 'store', 'json', None, None, None, True, None, None, None, None)),
    ),
    'reasoning_effort_map': (
        ('0.33.0', '0.34.0', (('--reasoning-effort-map',), (), 'store', 'json', None, None, None, True, None, None, None, None)),
    ),
    'reasoning_parser': (
        ('0.13.0', '0.34.0', (('--reasoning-parser',), (), 'store', 'str', None, None, '', True, None, None, None, None)),
    ),
    'reasoning_parser_plugin': (
        ('0.13.0', '0.34.0', (('--reasoning-parser-plugin',), (), 'store', 'str', None, None, '', True, None, None, None, None)),
    ),
    'renderer_num_workers': (
        ('0.23.0', '0.34.0', (('--renderer-num-workers',), (), 'store', 'int', None, None, 1, True, None, None, None, None)),
    ),
    'replayssm_buffer_len': (
        ('0.32.0', '0.34.0', (('--replayssm-buffer-len',), (), 'store', 'int', None, None, 16, True, None, None, None, {'gt': 0})),
    ),
    'response_role': (
        ('0.13.0', '0.34.0', (('--response-role',), (), 'store', 'str', None, None, 'assistant', True, None, None, None, None)),
    ),
    'return_sampling_mask': (
        ('0.32.0', '0.32.0', (('--return-sampling-mask',), ('--no-return-sampling-mask',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--return-sampling-mask',), ('--no-return-sampling-mask',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'return_tokens_as_token_ids': (
        ('0.13.0', '0.32.0', (('--return-tokens-as-token-ids',), ('--no-return-tokens-as-token-ids',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--return-tokens-as-token-ids',), ('--no-return-tokens-as-token-ids',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'revision': (
        ('0.13.0', '0.34.0', (('--revision',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'root_path': (
        ('0.13.0', '0.34.0', (('--root-path',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'runner': (
        ('0.13.0', '0.34.0', (('--runner',), (), 'store', 'str', None, None, 'auto', True, ('auto', 'draft', 'generate', 'pooling'), None, None, None)),
    ),
    'safetensors_load_strategy': (
        ('0.13.0', '0.18.0', (('--safetensors-load-strategy',), (), 'store', 'str', None, None, 'lazy', True, None, None, None, None)),
        ('0.23.0', '0.23.0', (('--safetensors-load-strategy',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
        ('0.32.0', '0.34.0', (('--safetensors-load-strategy',), (), 'store', 'str', None, None, None, True, ('eager', 'lazy', 'prefetch', 'torchao', None), None, None, None)),
    ),
    'safetensors_prefetch_block_size': (
        ('0.23.0', '0.34.0', (('--safetensors-prefetch-block-size',), (), 'store', 'human_readable_int', None, None, 16777216, True, None, None, None, {'ge': 1})),
    ),
    'safetensors_prefetch_num_threads': (
        ('0.23.0', '0.34.0', (('--safetensors-prefetch-num-threads',), (), 'store', 'int', None, None, 8, True, None, None, None, {'ge': 1})),
    ),
    'scheduler_cls': (
        ('0.13.0', '0.34.0', (('--scheduler-cls',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'scheduler_reserve_full_isl': (
        ('0.23.0', '0.32.0', (('--scheduler-reserve-full-isl',), ('--no-scheduler-reserve-full-isl',), 'boolean_optional', 'bool', None, 0, True, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--scheduler-reserve-full-isl',), ('--no-scheduler-reserve-full-isl',), 'enable_disable', 'bool', None, 0, True, True, None, None, None, None)),
    ),
    'scheduling_policy': (
        ('0.13.0', '0.34.0', (('--scheduling-policy',), (), 'store', 'str', None, None, 'fcfs', True, ('fcfs', 'priority'), None, None, None)),
    ),
    'seed': (
        ('0.13.0', '0.33.0', (('--seed',), (), 'store', 'int', None, None, 0, True, None, None, None, None)),
        ('0.34.0', '0.34.0', (('--seed',), (), 'store', 'int', None, None, 0, True, None, None, None, {'ge': 0, 'le': 4294967295})),
    ),
    'served_model_name': (
        ('0.13.0', '0.34.0', (('--served-model-name',), (), 'store', 'list', 'str', '+', None, True, None, None, None, None)),
    ),
    'show_hidden_metrics_for_version': (
        ('0.13.0', '0.34.0', (('--show-hidden-metrics-for-version',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'shuffle_safetensors_files': (
        ('0.34.0', '0.34.0', (('--shuffle-safetensors-files',), ('--no-shuffle-safetensors-files',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'shutdown_timeout': (
        ('0.18.0', '0.34.0', (('--shutdown-timeout',), (), 'store', 'int', None, None, 0, True, None, None, None, None)),
    ),
    'skip_mm_profiling': (
        ('0.13.0', '0.32.0', (('--skip-mm-profiling',), ('--no-skip-mm-profiling',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--skip-mm-profiling',), ('--no-skip-mm-profiling',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'skip_tokenizer_init': (
        ('0.13.0', '0.32.0', (('--skip-tokenizer-init',), ('--no-skip-tokenizer-init',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--skip-tokenizer-init',), ('--no-skip-tokenizer-init',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'sleep_mode_backend': (
        ('0.33.0', '0.34.0', (('--sleep-mode-backend',), (), 'store', 'str', None, None, 'cumem', True, None, None, None, None)),
    ),
    'sleep_mode_offload_cudagraph': (
        ('0.32.0', '0.32.0', (('--sleep-mode-offload-cudagraph',), ('--no-sleep-mode-offload-cudagraph',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--sleep-mode-offload-cudagraph',), ('--no-sleep-mode-offload-cudagraph',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'sleep_preserve_parameter_names': (
        ('0.32.0', '0.34.0', (('--sleep-preserve-parameter-names',), (), 'store', 'list', 'str', '+', [], True, None, None, None, None)),
    ),
    'sparse_indexer_topk_backend': (
        ('0.32.0', '0.34.0', (('--sparse-indexer-topk-backend',), (), 'store', 'str', None, None, 'auto', True, ('aiter', 'auto', 'cooperative', 'deep_select', 'flashinfer', 'per_row', 'persistent', 'torch'), None, None, None)),
    ),
    'spec_method': (
        ('0.23.0', '0.23.0', (('--spec-method',), (), 'store', 'str', None, None, None, True, ('custom_class', 'deepseek_mtp', 'dflash', 'draft_model', 'eagle', 'eagle3', 'ernie_mtp', 'exaone4_5_mtp', 'exaone_moe_mtp', 'extract_hidden_states', 'gemma4_mtp', 'glm4_moe_lite_mtp', 'glm4_moe_mtp', 'glm_ocr_mtp', 'hy_v3_mtp', 'longcat_flash_mtp', 'medusa', 'mimo_mtp', 'mimo_v2_mtp', 'mlp_speculator', 'mtp', 'nemotron_h_mtp', 'ngram', 'ngram_gpu', 'pangu_ultra_moe_mtp', 'qwen3_5_mtp', 'qwen3_next_mtp', 'step3p5_mtp', 'suffix', 'None'), None, None, None)),
        ('0.32.0', '0.32.0', (('--spec-method',), (), 'store', 'str', None, None, None, True, ('bailing_hybrid_mtp', 'bailing_hybrid_v3_mtp', 'custom_class', 'deepseek_mtp', 'dflash', 'dots3_note_mtp', 'draft_model', 'dspark', 'eagle', 'eagle3', 'ernie_mtp', 'exaone4_5_mtp', 'exaone_moe_mtp', 'extract_hidden_states', 'gemma4_mtp', 'glm4_moe_lite_mtp', 'glm4_moe_mtp', 'glm5_next_mtp', 'glm_ocr_mtp', 'hy_v3_mtp', 'hy_v4_mtp', 'inkling_mtp', 'kimi_k3_mtp', 'longcat_flash_mtp', 'medusa', 'mimo_mtp', 'mimo_v2_mtp', 'minimax_m3_mtp', 'mlp_speculator', 'mtp', 'nemotron_h_mtp', 'ngram', 'ngram_gpu', 'pangu_ultra_moe_mtp', 'qwen3_5_mtp', 'qwen3_next_mtp', 'qwen4_exp_mtp', 'step3p5_mtp', 'suffix', None), None, None, None)),
        ('0.33.0', '0.33.0', (('--spec-method',), (), 'store', 'str', None, None, None, True, ('bailing_hybrid_mtp', 'bailing_hybrid_v3_mtp', 'custom_class', 'deepseek_mtp', 'dflash', 'dots3_note_mtp', 'draft_model', 'dspark', 'eagle', 'eagle3', 'ernie_mtp', 'exaone4_5_mtp', 'exaone_moe_mtp', 'extract_hidden_states', 'gemma4_mtp', 'glm4_moe_lite_mtp', 'glm4_moe_mtp', 'glm5_next_mtp', 'glm_ocr_mtp', 'hy_v3_mtp', 'hy_v4_mtp', 'inkling_mtp', 'kimi_k3_mtp', 'longcat_flash_mtp', 'mimo_mtp', 'mimo_v2_mtp', 'minimax_m3_mtp', 'mtp', 'nemotron_h_mtp', 'ngram', 'ngram_gpu', 'pangu_ultra_moe_mtp', 'qwen3_5_mtp', 'qwen3_next_mtp', 'qwen4_exp_mtp', 'step3p5_mtp', 'step5_mtp', 'suffix', None), None, None, None)),
        ('0.34.0', '0.34.0', (('--spec-method',), (), 'store', 'str', None, None, None, True, None, ('ngram', 'draft_model', 'suffix', 'eagle', 'eagle3', 'extract_hidden_states', 'deepseek_mtp', 'dots3_note_mtp', 'mimo_mtp', 'mimo_v2_mtp', 'glm4_moe_mtp', 'glm4_moe_lite_mtp', 'glm_ocr_mtp', 'ernie_mtp', 'nemotron_h_mtp', 'nemotron3_5_transcribe_mtp', 'exaone_moe_mtp', 'exaone4_5_mtp', 'qwen3_next_mtp', 'qwen4_exp_mtp', 'qwen3_5_mtp', 'longcat_flash_mtp', 'bailing_hybrid_v3_mtp', 'minimax_m3_mtp', 'bailing_hybrid_mtp', 'mtp', 'kimi_k3_mtp', 'pangu_ultra_moe_mtp', 'step3p5_mtp', 'step5_mtp', 'hy_v3_mtp', 'hy_v4_mtp', 'gemma4_mtp', 'inkling_mtp', 'glm5_next_mtp', 'dflash', 'ngram_gpu', 'dspark'), None, None)),
    ),
    'spec_model': (
        ('0.23.0', '0.34.0', (('--spec-model',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'spec_tokens': (
        ('0.23.0', '0.34.0', (('--spec-tokens',), (), 'store', 'int', None, None, None, True, None, None, None, {'gt': 0})),
    ),
    'specialize_active_lora': (
        ('0.18.0', '0.32.0', (('--specialize-active-lora',), ('--no-specialize-active-lora',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--specialize-active-lora',), ('--no-specialize-active-lora',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'speculative_config': (
        ('0.13.0', '0.18.0', (('--speculative-config',), (), 'store', 'json', None, None, None, True, None, None, None, None)),
        ('0.23.0', '0.34.0', (('--speculative-config', '-sc'), (), 'store', 'json', None, None, None, True, None, None, None, None)),
    ),
    'sse_keep_alive_interval': (
        ('0.32.0', '0.34.0', (('--sse-keep-alive-interval',), (), 'store', 'int', None, None, 0, True, None, None, None, None)),
    ),
    'ssl_ca_certs': (
        ('0.13.0', '0.34.0', (('--ssl-ca-certs',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'ssl_cert_reqs': (
        ('0.13.0', '0.34.0', (('--ssl-cert-reqs',), (), 'store', 'int', None, None, 0, True, None, None, None, None)),
    ),
    'ssl_certfile': (
        ('0.13.0', '0.34.0', (('--ssl-certfile',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'ssl_ciphers': (
        ('0.18.0', '0.34.0', (('--ssl-ciphers',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'ssl_keyfile': (
        ('0.13.0', '0.34.0', (('--ssl-keyfile',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'stream_interval': (
        ('0.13.0', '0.34.0', (('--stream-interval',), (), 'store', 'int', None, None, 1, True, None, None, None, {'ge': 1})),
    ),
    'structured_outputs_config': (
        ('0.13.0', '0.34.0', (('--structured-outputs-config',), (), 'store', 'json', None, None, None, False, None, None, None, None)),
    ),
    'swa_bounded_replay': (
        ('0.32.0', '0.32.0', (('--swa-bounded-replay',), ('--no-swa-bounded-replay',), 'boolean_optional', 'bool', None, 0, True, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--swa-bounded-replay',), ('--no-swa-bounded-replay',), 'enable_disable', 'bool', None, 0, True, True, None, None, None, None)),
    ),
    'swap_space': (
        ('0.13.0', '0.13.0', (('--swap-space',), (), 'store', 'float', None, None, 4, True, None, None, None, {'ge': 0})),
    ),
    'tensor_parallel_size': (
        ('0.13.0', '0.18.0', (('--tensor-parallel-size', '-tp'), (), 'store', 'int', None, None, 1, True, None, None, None, None)),
        ('0.23.0', '0.34.0', (('--tensor-parallel-size', '-tp'), (), 'store', 'int', None, None, 1, True, None, None, None, {'ge': 1})),
    ),
    'tokenizer': (
        ('0.13.0', '0.34.0', (('--tokenizer',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'tokenizer_mode': (
        ('0.13.0', '0.18.0', (('--tokenizer-mode',), (), 'store', 'str', None, None, 'auto', True, None, ('auto', 'hf', 'slow', 'mistral', 'deepseek_v32'), None, None)),
        ('0.23.0', '0.23.0', (('--tokenizer-mode',), (), 'store', 'str', None, None, 'auto', True, None, ('auto', 'hf', 'slow', 'mistral', 'deepseek_v32', 'deepseek_v4'), None, None)),
        ('0.32.0', '0.32.0', (('--tokenizer-mode',), (), 'store', 'str', None, None, 'auto', True, None, ('auto', 'hf', 'mistral', 'deepseek_v32', 'deepseek_v4', 'inkling', 'kimi_k3', 'cohere'), None, None)),
        ('0.33.0', '0.33.0', (('--tokenizer-mode',), (), 'store', 'str', None, None, 'auto', True, None, ('auto', 'hf', 'alpamayo2_super', 'mistral', 'deepseek_v32', 'deepseek_v4', 'inkling', 'kimi_k3', 'cohere'), None, None)),
        ('0.34.0', '0.34.0', (('--tokenizer-mode',), (), 'store', 'str', None, None, 'auto', True, None, ('auto', 'hf', 'glm5_next', 'alpamayo2_super', 'mistral', 'deepseek_v32', 'deepseek_v4', 'inkling', 'kimi_k3', 'cohere'), None, None)),
    ),
    'tokenizer_revision': (
        ('0.13.0', '0.34.0', (('--tokenizer-revision',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'tokens_only': (
        ('0.13.0', '0.32.0', (('--tokens-only',), ('--no-tokens-only',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--tokens-only',), ('--no-tokens-only',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'tool_call_parser': (
        ('0.13.0', '0.34.0', (('--tool-call-parser',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'tool_parser_plugin': (
        ('0.13.0', '0.34.0', (('--tool-parser-plugin',), (), 'store', 'str', None, None, '', True, None, None, None, None)),
    ),
    'tool_server': (
        ('0.13.0', '0.34.0', (('--tool-server',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'tool_strict_level': (
        ('0.32.0', '0.32.0', (('--tool-strict-level',), (), 'store', 'str', None, None, 'auto', True, ('auto', 'function', 'parameter'), None, None, None)),
        ('0.33.0', '0.34.0', (('--tool-strict-level',), (), 'store', 'str', None, None, None, True, ('auto', 'function', 'parameter', None), None, None, None)),
    ),
    'trust_remote_code': (
        ('0.13.0', '0.32.0', (('--trust-remote-code',), ('--no-trust-remote-code',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--trust-remote-code',), ('--no-trust-remote-code',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'trust_request_chat_template': (
        ('0.13.0', '0.32.0', (('--trust-request-chat-template',), ('--no-trust-request-chat-template',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--trust-request-chat-template',), ('--no-trust-request-chat-template',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'trust_request_mm_kwargs': (
        ('0.32.0', '0.32.0', (('--trust-request-mm-kwargs',), ('--no-trust-request-mm-kwargs',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--trust-request-mm-kwargs',), ('--no-trust-request-mm-kwargs',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'ubatch_size': (
        ('0.18.0', '0.18.0', (('--ubatch-size',), (), 'store', 'int', None, None, 0, True, None, None, None, None)),
        ('0.23.0', '0.34.0', (('--ubatch-size',), (), 'store', 'int', None, None, 0, True, None, None, None, {'ge': 0})),
    ),
    'uds': (
        ('0.13.0', '0.34.0', (('--uds',), (), 'store', 'str', None, None, None, True, None, None, None, None)),
    ),
    'use_fp64_gumbel': (
        ('0.23.0', '0.32.0', (('--use-fp64-gumbel',), ('--no-use-fp64-gumbel',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--use-fp64-gumbel',), ('--no-use-fp64-gumbel',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'use_replayssm': (
        ('0.32.0', '0.32.0', (('--use-replayssm',), ('--no-use-replayssm',), 'boolean_optional', 'bool', None, 0, False, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--use-replayssm',), ('--no-use-replayssm',), 'enable_disable', 'bool', None, 0, False, True, None, None, None, None)),
    ),
    'use_tqdm_on_load': (
        ('0.13.0', '0.32.0', (('--use-tqdm-on-load',), ('--no-use-tqdm-on-load',), 'boolean_optional', 'bool', None, 0, True, True, None, None, None, None)),
        ('0.33.0', '0.34.0', (('--use-tqdm-on-load',), ('--no-use-tqdm-on-load',), 'enable_disable', 'bool', None, 0, True, True, None, None, None, None)),
    ),
    'uvicorn_log_level': (
        ('0.13.0', '0.34.0', (('--uvicorn-log-level',), (), 'store', 'str', None, None, 'info', True, ('critical', 'debug', 'error', 'info', 'trace', 'warning'), None, None, None)),
    ),
    'video_pruning_method': (
        ('0.32.0', '0.34.0', (('--video-pruning-method',), (), 'store', 'str', None, None, 'evs', True, ('evs', 'vidcom2'), None, None, None)),
    ),
    'video_pruning_rate': (
        ('0.13.0', '0.34.0', (('--video-pruning-rate',), (), 'store', 'float', None, None, None, True, None, None, None, {'ge': 0.0, 'lt': 1.0})),
    ),
    'watchdog_config': (
        ('0.33.0', '0.34.0', (('--watchdog-config',), (), 'store', 'json', None, None, None, False, None, None, None, None)),
    ),
    'watermark': (
        ('0.32.0', '0.34.0', (('--watermark',), (), 'store', 'float', None, None, 0.0, True, None, None, None, {'ge': 0.0, 'lt': 1.0})),
    ),
    'watermark_config': (
        ('0.32.0', '0.34.0', (('--watermark-config',), (), 'store', 'json', None, None, None, True, None, None, None, None)),
    ),
    'weight_transfer_config': (
        ('0.18.0', '0.34.0', (('--weight-transfer-config',), (), 'store', 'json', None, None, None, True, None, None, None, None)),
    ),
    'worker_cls': (
        ('0.13.0', '0.34.0', (('--worker-cls',), (), 'store', 'str', None, None, 'auto', True, None, None, None, None)),
    ),
    'worker_extension_cls': (
        ('0.13.0', '0.34.0', (('--worker-extension-cls',), (), 'store', 'str', None, None, '', True, None, None, None, None)),
    ),
}


# field -> (the first held release without it, the flags its last release names in its place)
REMOVED: dict[str, tuple[str, tuple[str, ...]]] = {'calculate_kv_scales': ('0.32.0', ()),
 'disable_frontend_multiprocessing': ('0.23.0', ()),
 'disable_log_requests': ('0.18.0', ()),
 'logits_processor_pattern': ('0.18.0', ()),
 'max_long_partial_prefills': ('0.32.0', ()),
 'max_num_partial_prefills': ('0.32.0', ()),
 'override_attention_dtype': ('0.32.0', ()),
 'swap_space': ('0.18.0', ())}


# JSON-config field -> runs of (vLLM's config class, where it is declared)
CONFIG_CLASSES: dict[str, tuple[tuple[str, str, tuple[str, str]], ...]] = {
    'attention_config': (
        ('0.13.0', '0.13.0', ('AttentionConfig', 'vllm/config/attention.py:16')),
        ('0.18.0', '0.18.0', ('AttentionConfig', 'vllm/config/attention.py:12')),
        ('0.23.0', '0.23.0', ('AttentionConfig', 'vllm/config/attention.py:13')),
        ('0.32.0', '0.33.0', ('AttentionConfig', 'vllm/config/attention.py:36')),
        ('0.34.0', '0.34.0', ('AttentionConfig', 'vllm/config/attention.py:39')),
    ),
    'aux_output_config': (
        ('0.32.0', '0.34.0', ('AuxOutputConfig', 'vllm/config/aux_output.py:10')),
    ),
    'compilation_config': (
        ('0.13.0', '0.13.0', ('CompilationConfig', 'vllm/config/compilation.py:292')),
        ('0.18.0', '0.18.0', ('CompilationConfig', 'vllm/config/compilation.py:357')),
        ('0.23.0', '0.23.0', ('CompilationConfig', 'vllm/config/compilation.py:389')),
        ('0.32.0', '0.33.0', ('CompilationConfig', 'vllm/config/compilation.py:382')),
        ('0.34.0', '0.34.0', ('CompilationConfig', 'vllm/config/compilation.py:455')),
    ),
    'diffusion_config': (
        ('0.32.0', '0.34.0', ('DiffusionConfig', 'vllm/config/diffusion.py:10')),
    ),
    'ec_manager_config': (
        ('0.32.0', '0.33.0', ('EncoderCacheManagerConfig', 'vllm/config/ec_manager_config.py:12')),
        ('0.34.0', '0.34.0', ('EncoderCacheManagerConfig', 'vllm/config/ec_manager_config.py:11')),
    ),
    'ec_transfer_config': (
        ('0.13.0', '0.13.0', ('ECTransferConfig', 'vllm/config/ec_transfer.py:17')),
        ('0.18.0', '0.33.0', ('ECTransferConfig', 'vllm/config/ec_transfer.py:15')),
        ('0.34.0', '0.34.0', ('ECTransferConfig', 'vllm/config/ec_transfer.py:14')),
    ),
    'engram_config': (
        ('0.32.0', '0.34.0', ('EngramConfig', 'vllm/config/engram.py:33')),
    ),
    'eplb_config': (
        ('0.13.0', '0.13.0', ('EPLBConfig', 'vllm/config/parallel.py:41')),
        ('0.18.0', '0.18.0', ('EPLBConfig', 'vllm/config/parallel.py:54')),
        ('0.23.0', '0.23.0', ('EPLBConfig', 'vllm/config/parallel.py:55')),
        ('0.32.0', '0.32.0', ('EPLBConfig', 'vllm/config/parallel.py:62')),
        ('0.33.0', '0.33.0', ('EPLBConfig', 'vllm/config/parallel.py:63')),
        ('0.34.0', '0.34.0', ('EPLBConfig', 'vllm/config/parallel.py:64')),
    ),
    'fault_tolerance_config': (
        ('0.32.0', '0.33.0', ('FaultToleranceConfig', 'vllm/config/fault_tolerance.py:8')),
        ('0.34.0', '0.34.0', ('FaultToleranceConfig', 'vllm/config/fault_tolerance.py:12')),
    ),
    'ir_op_priority': (
        ('0.23.0', '0.23.0', ('IrOpPriorityConfig', 'vllm/config/kernel.py:19')),
        ('0.32.0', '0.34.0', ('IrOpPriorityConfig', 'vllm/config/kernel.py:20')),
    ),
    'kernel_config': (
        ('0.18.0', '0.18.0', ('KernelConfig', 'vllm/config/kernel.py:25')),
        ('0.23.0', '0.23.0', ('KernelConfig', 'vllm/config/kernel.py:158')),
        ('0.32.0', '0.32.0', ('KernelConfig', 'vllm/config/kernel.py:269')),
        ('0.33.0', '0.33.0', ('KernelConfig', 'vllm/config/kernel.py:270')),
        ('0.34.0', '0.34.0', ('KernelConfig', 'vllm/config/kernel.py:273')),
    ),
    'kv_events_config': (
        ('0.13.0', '0.13.0', ('KVEventsConfig', 'vllm/config/kv_events.py:13')),
        ('0.18.0', '0.18.0', ('KVEventsConfig', 'vllm/config/kv_events.py:12')),
        ('0.23.0', '0.34.0', ('KVEventsConfig', 'vllm/config/kv_events.py:10')),
    ),
    'kv_transfer_config': (
        ('0.13.0', '0.13.0', ('KVTransferConfig', 'vllm/config/kv_transfer.py:18')),
        ('0.18.0', '0.23.0', ('KVTransferConfig', 'vllm/config/kv_transfer.py:22')),
        ('0.32.0', '0.33.0', ('KVTransferConfig', 'vllm/config/kv_transfer.py:56')),
        ('0.34.0', '0.34.0', ('KVTransferConfig', 'vllm/config/kv_transfer.py:84')),
    ),
    'logging_config': (
        ('0.32.0', '0.34.0', ('LoggingConfig', 'vllm/config/logging.py:15')),
    ),
    'pooler_config': (
        ('0.13.0', '0.13.0', ('PoolerConfig', 'vllm/config/pooler.py:17')),
        ('0.18.0', '0.18.0', ('PoolerConfig', 'vllm/config/pooler.py:19')),
        ('0.23.0', '0.23.0', ('PoolerConfig', 'vllm/config/pooler.py:20')),
        ('0.32.0', '0.33.0', ('PoolerConfig', 'vllm/config/pooler.py:29')),
        ('0.34.0', '0.34.0', ('PoolerConfig', 'vllm/config/pooler.py:28')),
    ),
    'profiler_config': (
        ('0.13.0', '0.13.0', ('ProfilerConfig', 'vllm/config/profiler.py:21')),
        ('0.18.0', '0.23.0', ('ProfilerConfig', 'vllm/config/profiler.py:33')),
        ('0.32.0', '0.33.0', ('ProfilerConfig', 'vllm/config/profiler.py:66')),
        ('0.34.0', '0.34.0', ('ProfilerConfig', 'vllm/config/profiler.py:65')),
    ),
    'quantization_config': (
        ('0.23.0', '0.23.0', ('QuantizationConfigArgs', 'vllm/config/quantization.py:76')),
        ('0.32.0', '0.32.0', ('QuantizationConfigArgs', 'vllm/config/quantization.py:107')),
        ('0.33.0', '0.33.0', ('QuantizationConfigArgs', 'vllm/config/quantization.py:110')),
        ('0.34.0', '0.34.0', ('QuantizationConfigArgs', 'vllm/config/quantization.py:175')),
    ),
    'reasoning_config': (
        ('0.23.0', '0.34.0', ('ReasoningConfig', 'vllm/config/reasoning.py:12')),
    ),
    'speculative_config': (
        ('0.13.0', '0.13.0', ('SpeculativeConfig', 'vllm/config/speculative.py:52')),
        ('0.18.0', '0.18.0', ('SpeculativeConfig', 'vllm/config/speculative.py:63')),
        ('0.23.0', '0.23.0', ('SpeculativeConfig', 'vllm/config/speculative.py:73')),
        ('0.32.0', '0.32.0', ('SpeculativeConfig', 'vllm/config/speculative.py:386')),
        ('0.33.0', '0.33.0', ('SpeculativeConfig', 'vllm/config/speculative.py:406')),
        ('0.34.0', '0.34.0', ('SpeculativeConfig', 'vllm/config/speculative.py:448')),
    ),
    'structured_outputs_config': (
        ('0.13.0', '0.13.0', ('StructuredOutputsConfig', 'vllm/config/structured_outputs.py:18')),
        ('0.18.0', '0.23.0', ('StructuredOutputsConfig', 'vllm/config/structured_outputs.py:17')),
        ('0.32.0', '0.32.0', ('StructuredOutputsConfig', 'vllm/config/structured_outputs.py:16')),
        ('0.33.0', '0.33.0', ('StructuredOutputsConfig', 'vllm/config/structured_outputs.py:19')),
        ('0.34.0', '0.34.0', ('StructuredOutputsConfig', 'vllm/config/structured_outputs.py:18')),
    ),
    'watchdog_config': (
        ('0.33.0', '0.34.0', ('WatchdogConfig', 'vllm/config/watchdog_config.py:12')),
    ),
    'watermark_config': (
        ('0.32.0', '0.33.0', ('WatermarkConfig', 'vllm/config/watermarking.py:26')),
        ('0.34.0', '0.34.0', ('WatermarkConfig', 'vllm/config/watermarking.py:35')),
    ),
    'weight_transfer_config': (
        ('0.18.0', '0.34.0', ('WeightTransferConfig', 'vllm/config/weight_transfer.py:8')),
    ),
}


# the facts of a JSON-config key, in the order CONFIG_KEYS holds them
KEY_FIELDS: tuple[str, ...] = ('type', 'default', 'choices', 'settable', 'bounds')


# JSON-config field -> key -> runs of held releases with the same type, default and choices
CONFIG_KEYS: dict[str, dict[str, tuple[tuple[str, str, tuple[Any, ...]], ...]]] = {
    'attention_config': {
        'backend': (
            ('0.13.0', '0.13.0', ('enum', None, ('FLASH_ATTN', 'TRITON_ATTN', 'ROCM_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'FLASHINFER_MLA', 'TRITON_MLA', 'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASH_ATTN_MLA', 'PALLAS', 'IPEX', 'NO_ATTENTION', 'FLEX_ATTENTION', 'TREE_ATTN', 'ROCM_AITER_UNIFIED_ATTN', 'CPU_ATTN'), True, None)),
            ('0.18.0', '0.18.0', ('enum', None, ('FLASH_ATTN', 'FLASH_ATTN_DIFFKV', 'TRITON_ATTN', 'ROCM_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE', 'XPU_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'FLASHINFER_MLA', 'FLASHINFER_MLA_SPARSE', 'TRITON_MLA', 'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASH_ATTN_MLA', 'NO_ATTENTION', 'FLEX_ATTENTION', 'TREE_ATTN', 'ROCM_AITER_UNIFIED_ATTN', 'CPU_ATTN', 'CUSTOM'), True, None)),
            ('0.23.0', '0.23.0', ('enum', None, ('FLASH_ATTN', 'FLASH_ATTN_DIFFKV', 'TRITON_ATTN', 'ROCM_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE', 'XPU_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'FLASHINFER_MLA', 'TOKENSPEED_MLA', 'FLASHINFER_MLA_SPARSE', 'TRITON_MLA', 'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASHMLA_SPARSE_DSV4', 'FLASHINFER_MLA_SPARSE_DSV4', 'ROCM_FLASHMLA_SPARSE_DSV4', 'FLASH_ATTN_MLA', 'NO_ATTENTION', 'FLEX_ATTENTION', 'ROCM_AITER_UNIFIED_ATTN', 'CPU_ATTN', 'TURBOQUANT', 'CUSTOM'), True, None)),
            ('0.32.0', '0.32.0', ('enum', None, ('FLASH_ATTN', 'FLASH_ATTN_DIFFKV', 'TRITON_ATTN', 'TRITON_ATTN_DIFFKV', 'TRITON_FLASH_ATTN', 'ROCM_ATTN', 'ROCM_SEGMENTED_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE', 'XPU_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'TRITON_FLASHINFER', 'FLASHINFER_MLA', 'TOKENSPEED_MLA', 'FLASHINFER_MLA_SPARSE', 'FLASHINFER_MLA_SPARSE_SM120', 'FLASHINFER_MLA_SPARSE_SM90', 'TRITON_MLA', 'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASHMLA_SPARSE_DSV4', 'FLASHINFER_MLA_SPARSE_DSV4', 'ROCM_FLASHMLA_SPARSE_DSV4', 'FLASHMLA_SPARSE_DSV41', 'FLASHINFER_MLA_SPARSE_DSV41', 'FLASHMLA_MEGA_ATTN_DSV41', 'B12X', 'FLASH_ATTN_MLA', 'FLASH_ATTN_MLA_SPARSE', 'MINIMAX_M3_SPARSE', 'CUTLASS_MSA', 'TRITON_MSA', 'NO_ATTENTION', 'FLEX_ATTENTION', 'HPC_ATTN', 'ROCM_AITER_UNIFIED_ATTN', 'CPU_ATTN', 'CPU_MLA', 'AMX_MLA', 'TURBOQUANT', 'ULTRAQUANT', 'CUSTOM'), True, None)),
            ('0.33.0', '0.33.0', ('enum', None, ('FLASH_ATTN', 'FLASH_ATTN_DIFFKV', 'TRITON_ATTN', 'TRITON_ATTN_DIFFKV', 'TRITON_FLASH_ATTN', 'ROCM_ATTN', 'ROCM_SEGMENTED_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE', 'XPU_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'TRITON_FLASHINFER', 'FLASHINFER_MLA', 'TOKENSPEED_MLA', 'FLASHINFER_MLA_SPARSE', 'FLASHINFER_MLA_SPARSE_SM120', 'FLASHINFER_MLA_SPARSE_SM90', 'TRITON_MLA', 'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASHMLA_SPARSE_DSV4', 'FLASHINFER_MLA_SPARSE_DSV4', 'ROCM_FLASHMLA_SPARSE_DSV4', 'FLASHMLA_SPARSE_DSV41', 'FLASHINFER_MLA_SPARSE_DSV41', 'ROCM_FLASHMLA_SPARSE_DSV41', 'FLASHMLA_MEGA_ATTN_DSV41', 'B12X', 'FLASH_ATTN_MLA', 'FLASH_ATTN_MLA_SPARSE', 'FLASH_ATTN_MLA_SPARSE_FA4', 'MINIMAX_M3_SPARSE', 'CUTLASS_MSA', 'TRITON_MSA', 'STEP5_DSA', 'NO_ATTENTION', 'FLEX_ATTENTION', 'HPC_ATTN', 'ROCM_AITER_UNIFIED_ATTN', 'CPU_ATTN', 'CPU_MLA', 'AMX_MLA', 'TURBOQUANT', 'ROCM_OCTAVE', 'ULTRAQUANT', 'CUSTOM'), True, None)),
            ('0.34.0', '0.34.0', ('enum', None, ('FLASH_ATTN', 'FLASH_ATTN_DIFFKV', 'TRITON_ATTN', 'TRITON_ATTN_DIFFKV', 'TRITON_FLASH_ATTN', 'ROCM_ATTN', 'ROCM_SEGMENTED_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE', 'XPU_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'FLASHINFER_TS', 'TRITON_FLASHINFER', 'FLASHINFER_MLA', 'TOKENSPEED_MLA', 'FLASHINFER_MLA_SPARSE', 'FLASHINFER_MLA_SPARSE_SM120', 'FLASHINFER_MLA_SPARSE_SM90', 'TRITON_MLA', 'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASHMLA_SPARSE_DSV4', 'FLASHINFER_MLA_SPARSE_DSV4', 'ROCM_FLASHMLA_SPARSE_DSV4', 'FLASHMLA_SPARSE_DSV41', 'FLASHINFER_MLA_SPARSE_DSV41', 'ROCM_FLASHMLA_SPARSE_DSV41', 'FLASHMLA_MEGA_ATTN_DSV41', 'B12X', 'FLASH_ATTN_MLA', 'FLASH_ATTN_MLA_SPARSE', 'FLASH_ATTN_MLA_SPARSE_FA4', 'MINIMAX_M3_SPARSE', 'CUTLASS_MSA', 'TRITON_MSA', 'STEP5_DSA', 'KIMI_K3_KV_BALANCED_MLA', 'NO_ATTENTION', 'FLEX_ATTENTION', 'HPC_ATTN', 'ROCM_AITER_UNIFIED_ATTN', 'CPU_ATTN', 'CPU_MLA', 'AMX_MLA', 'TURBOQUANT', 'ROCM_OCTAVE', 'ULTRAQUANT', 'CUSTOM'), True, None)),
        ),
        'minimax_m3_msa_decode_backend': (
            ('0.32.0', '0.33.0', ('str', 'triton', ('triton', 'cutlass'), True, None)),
            ('0.34.0', '0.34.0', ('str', 'cutlass', ('triton', 'cutlass'), True, None)),
        ),
        'backend_per_kind': (
            ('0.32.0', '0.34.0', ('dict', {}, None, True, None)),
        ),
        'flash_attn_version': (
            ('0.13.0', '0.13.0', ('int', None, (2, 3), True, None)),
            ('0.18.0', '0.34.0', ('int', None, (2, 3, 4), True, None)),
        ),
        'flash_attn_max_num_splits_for_cuda_graph': (
            ('0.13.0', '0.34.0', ('int', 32, None, True, None)),
        ),
        'tokenspeed_mla_min_split_kv': (
            ('0.32.0', '0.34.0', ('int', 1, None, True, {'ge': 1, 'le': 256})),
        ),
        'tq_max_kv_splits_for_cuda_graph': (
            ('0.23.0', '0.34.0', ('int', 32, None, True, None)),
        ),
        'use_trtllm_attention': (
            ('0.13.0', '0.34.0', ('bool', None, None, True, None)),
        ),
        'disable_flashinfer_q_quantization': (
            ('0.13.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'mla_prefill_backend': (
            ('0.23.0', '0.23.0', ('enum', None, ('FLASH_ATTN', 'FLASHINFER', 'TRTLLM_RAGGED', 'TOKENSPEED_MLA', 'CUSTOM'), True, None)),
            ('0.32.0', '0.33.0', ('enum', None, ('FLASH_ATTN', 'FLASHINFER', 'TRTLLM_RAGGED', 'TOKENSPEED_MLA', 'ROCM_AITER_FA', 'CPU', 'ZEN_CPU', 'CUSTOM'), True, None)),
            ('0.34.0', '0.34.0', ('enum', None, ('FLASH_ATTN', 'FLASHINFER', 'TRTLLM_RAGGED', 'TOKENSPEED_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_FLYDSL_FP8', 'CPU', 'ZEN_CPU', 'CUSTOM'), True, None)),
        ),
        'use_prefill_query_quantization': (
            ('0.18.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'trtllm_ragged_backend': (
            ('0.33.0', '0.34.0', ('str', 'trtllm-gen', ('trtllm-gen', 'cute-dsl'), True, None)),
        ),
        'indexer_kv_dtype': (
            ('0.32.0', '0.32.0', ('str', 'auto', ('auto', 'bf16', 'fp8', 'mxfp4', 'nvfp4'), True, None)),
            ('0.33.0', '0.34.0', ('str', 'auto', None, True, None)),
        ),
        'indexer_decode_cp': (
            ('0.34.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'indexer_sparse_logits': (
            ('0.32.0', '0.33.0', ('bool', False, None, True, None)),
            ('0.34.0', '0.34.0', ('bool', None, None, True, None)),
        ),
        'indexer_logits_dtype': (
            ('0.34.0', '0.34.0', ('str', 'auto', ('auto', 'float32', 'bfloat16'), True, None)),
        ),
        'indexer_tp_shard_min_rows': (
            ('0.33.0', '0.33.0', ('int', 65536, None, True, {'ge': 1})),
            ('0.34.0', '0.34.0', ('int', None, None, True, None)),
        ),
        'sparse_mla_shard_q': (
            ('0.34.0', '0.34.0', ('bool', True, None, True, None)),
        ),
        'sparse_mla_shard_q_min_tokens': (
            ('0.34.0', '0.34.0', ('int', 1024, None, True, {'ge': 1})),
        ),
        'minimax_m3_indexer_cp': (
            ('0.33.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'hisparse_config': (
            ('0.32.0', '0.34.0', ('dict', None, None, True, None)),
        ),
        'use_non_causal': (
            ('0.23.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'sparse_mla_force_mqa': (
            ('0.32.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'sparse_mla_prefill_workspace_factor': (
            ('0.32.0', '0.34.0', ('int', None, None, True, {'ge': 2})),
        ),
        'flex_attn_block_m': (
            ('0.23.0', '0.34.0', ('int', None, None, True, None)),
        ),
        'flex_attn_block_n': (
            ('0.23.0', '0.34.0', ('int', None, None, True, None)),
        ),
        'flex_attn_q_block_size': (
            ('0.23.0', '0.34.0', ('int', None, None, True, None)),
        ),
        'flex_attn_kv_block_size': (
            ('0.23.0', '0.34.0', ('int', None, None, True, None)),
        ),
        'use_prefill_decode_attention': (
            ('0.13.0', '0.23.0', ('bool', False, None, True, None)),
        ),
        'use_fp4_indexer_cache': (
            ('0.23.0', '0.23.0', ('bool', False, None, True, None)),
        ),
        'use_cudnn_prefill': (
            ('0.13.0', '0.18.0', ('bool', False, None, True, None)),
        ),
        'use_trtllm_ragged_deepseek_prefill': (
            ('0.13.0', '0.18.0', ('bool', False, None, True, None)),
        ),
        'disable_flashinfer_prefill': (
            ('0.13.0', '0.13.0', ('bool', False, None, True, None)),
            ('0.18.0', '0.18.0', ('bool', True, None, True, None)),
        ),
    },
    'aux_output_config': {
        'enable_return_routed_experts': (
            ('0.32.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'max_bytes': (
            ('0.32.0', '0.34.0', ('int', None, None, True, {'gt': 0})),
        ),
    },
    'compilation_config': {
        'mode': (
            ('0.13.0', '0.34.0', ('enum', None, ('NONE', 'STOCK_TORCH_COMPILE', 'DYNAMO_TRACE_ONCE', 'VLLM_COMPILE'), True, None)),
        ),
        'debug_dump_path': (
            ('0.13.0', '0.34.0', ('str', None, None, True, None)),
        ),
        'cache_dir': (
            ('0.13.0', '0.34.0', ('str', '', None, True, None)),
        ),
        'compile_cache_save_format': (
            ('0.13.0', '0.34.0', ('str', 'binary', ('binary', 'unpacked'), True, None)),
        ),
        'backend': (
            ('0.13.0', '0.34.0', ('str', '', None, True, None)),
        ),
        'custom_ops': (
            ('0.13.0', '0.34.0', ('list', [], None, True, None)),
        ),
        'ir_enable_torch_wrap': (
            ('0.23.0', '0.34.0', ('bool', None, None, True, None)),
        ),
        'splitting_ops': (
            ('0.13.0', '0.34.0', ('list', None, None, True, None)),
        ),
        'compile_mm_encoder': (
            ('0.13.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'cudagraph_mm_encoder': (
            ('0.23.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'encoder_cudagraph_token_budgets': (
            ('0.23.0', '0.34.0', ('list', [], None, True, None)),
        ),
        'encoder_cudagraph_max_token_budget': (
            ('0.34.0', '0.34.0', ('int', 5120, None, True, None)),
        ),
        'encoder_cudagraph_max_vision_items_per_batch': (
            ('0.23.0', '0.34.0', ('int', 0, None, True, None)),
        ),
        'encoder_cudagraph_max_frames_per_batch': (
            ('0.23.0', '0.34.0', ('int', None, None, True, None)),
        ),
        'cudagraph_decoder_replay': (
            ('0.32.0', '0.34.0', ('bool', True, None, True, None)),
        ),
        'decoder_replay_cudagraph_capture_sizes': (
            ('0.32.0', '0.34.0', ('list', [], None, True, None)),
        ),
        'decoder_replay_trim_threshold': (
            ('0.32.0', '0.34.0', ('int', 768, None, True, {'ge': 0})),
        ),
        'compile_sizes': (
            ('0.13.0', '0.34.0', ('list', None, None, True, None)),
        ),
        'compile_ranges_endpoints': (
            ('0.18.0', '0.34.0', ('list', None, None, True, None)),
        ),
        'inductor_compile_config': (
            ('0.13.0', '0.34.0', ('dict', {}, None, True, None)),
        ),
        'inductor_passes': (
            ('0.13.0', '0.34.0', ('dict', {}, None, True, None)),
        ),
        'cudagraph_mode': (
            ('0.13.0', '0.34.0', ('enum', None, ('NONE', 'PIECEWISE', 'FULL', 'FULL_DECODE_ONLY', 'FULL_AND_PIECEWISE'), True, None)),
        ),
        'use_breakable_cudagraph': (
            ('0.34.0', '0.34.0', ('bool', None, None, True, None)),
        ),
        'cudagraph_num_of_warmups': (
            ('0.13.0', '0.34.0', ('int', 0, None, True, None)),
        ),
        'cudagraph_capture_sizes': (
            ('0.13.0', '0.34.0', ('list', None, None, True, None)),
        ),
        'prefill_cudagraph_capture_token_sizes': (
            ('0.34.0', '0.34.0', ('list', None, None, True, None)),
        ),
        'max_prefill_cudagraph_capture_tokens': (
            ('0.34.0', '0.34.0', ('int', None, None, True, {'ge': 0})),
        ),
        'decode_cudagraph_capture_request_sizes': (
            ('0.34.0', '0.34.0', ('list', None, None, True, None)),
        ),
        'max_decode_cudagraph_capture_requests': (
            ('0.34.0', '0.34.0', ('int', None, None, True, {'ge': 0})),
        ),
        'max_decode_cudagraph_capture_tokens': (
            ('0.34.0', '0.34.0', ('int', None, None, True, {'ge': 1})),
        ),
        'cudagraph_copy_inputs': (
            ('0.13.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'cudagraph_specialize_lora': (
            ('0.13.0', '0.34.0', ('bool', True, None, True, None)),
        ),
        'use_inductor_graph_partition': (
            ('0.13.0', '0.34.0', ('bool', None, None, True, None)),
        ),
        'pass_config': (
            ('0.13.0', '0.34.0', ('dict', None, None, True, None)),
        ),
        'pass_config.fuse_norm_quant': (
            ('0.13.0', '0.34.0', ('bool', None, None, True, None)),
        ),
        'pass_config.fuse_act_quant': (
            ('0.13.0', '0.34.0', ('bool', None, None, True, None)),
        ),
        'pass_config.fuse_attn_quant': (
            ('0.13.0', '0.34.0', ('bool', None, None, True, None)),
        ),
        'pass_config.eliminate_noops': (
            ('0.13.0', '0.13.0', ('bool', None, None, True, None)),
            ('0.18.0', '0.34.0', ('bool', True, None, True, None)),
        ),
        'pass_config.fuse_allreduce_rms': (
            ('0.13.0', '0.34.0', ('bool', None, None, True, None)),
        ),
        'pass_config.enable_qk_norm_rope_fusion': (
            ('0.13.0', '0.18.0', ('bool', False, None, True, None)),
            ('0.23.0', '0.34.0', ('bool', None, None, True, None)),
        ),
        'pass_config.fuse_rope_kvcache_cat_mla': (
            ('0.23.0', '0.34.0', ('bool', None, None, True, None)),
        ),
        'pass_config.fuse_act_padding': (
            ('0.18.0', '0.34.0', ('bool', None, None, True, None)),
        ),
        'pass_config.fuse_mla_dual_rms_norm': (
            ('0.23.0', '0.34.0', ('bool', None, None, True, None)),
        ),
        'pass_config.fuse_rope_kvcache': (
            ('0.18.0', '0.34.0', ('bool', None, None, True, None)),
        ),
        'pass_config.fuse_qk_norm_rope_kvcache': (
            ('0.32.0', '0.34.0', ('bool', None, None, True, None)),
        ),
        'pass_config.rope_kvcache_fusion_max_token_num': (
            ('0.18.0', '0.34.0', ('int', 256, None, True, None)),
        ),
        'pass_config.fi_allreduce_fusion_max_size_mb': (
            ('0.13.0', '0.34.0', ('float', None, None, True, None)),
        ),
        'max_cudagraph_capture_size': (
            ('0.13.0', '0.34.0', ('int', None, None, True, None)),
        ),
        'dynamic_shapes_config': (
            ('0.13.0', '0.34.0', ('dict', None, None, True, None)),
        ),
        'dynamic_shapes_config.type': (
            ('0.13.0', '0.34.0', ('enum', 'backed', ('BACKED', 'UNBACKED', 'BACKED_SIZE_OBLIVIOUS'), True, None)),
        ),
        'dynamic_shapes_config.evaluate_guards': (
            ('0.13.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'dynamic_shapes_config.assume_32_bit_indexing': (
            ('0.18.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'local_cache_dir': (
            ('0.13.0', '0.34.0', ('str', None, None, False, None)),
        ),
        'fast_moe_cold_start': (
            ('0.18.0', '0.34.0', ('bool', None, None, True, None)),
        ),
        'enabled_custom_ops': (
            ('0.13.0', '0.34.0', ('dict', {}, None, False, None)),
        ),
        'disabled_custom_ops': (
            ('0.13.0', '0.34.0', ('dict', {}, None, False, None)),
        ),
        'traced_files': (
            ('0.13.0', '0.34.0', ('list', [], None, False, None)),
        ),
        'compilation_time': (
            ('0.13.0', '0.34.0', ('float', 0.0, None, False, None)),
        ),
        'encoder_compilation_time': (
            ('0.23.0', '0.34.0', ('float', 0.0, None, False, None)),
        ),
        'static_forward_context': (
            ('0.13.0', '0.34.0', ('dict', {}, None, False, None)),
        ),
        'static_all_moe_layers': (
            ('0.18.0', '0.34.0', ('list', [], None, False, None)),
        ),
        'pass_config.enable_sp': (
            ('0.13.0', '0.23.0', ('bool', None, None, True, None)),
        ),
        'pass_config.fuse_gemm_comms': (
            ('0.13.0', '0.23.0', ('bool', None, None, True, None)),
        ),
        'pass_config.fuse_minimax_qk_norm': (
            ('0.23.0', '0.23.0', ('bool', None, None, True, None)),
        ),
        'pass_config.sp_min_token_num': (
            ('0.18.0', '0.23.0', ('int', None, None, True, None)),
        ),
        'level': (
            ('0.13.0', '0.13.0', ('int', None, None, True, None)),
        ),
        'compile_ranges_split_points': (
            ('0.13.0', '0.13.0', ('list', None, None, True, None)),
        ),
        'bs_to_padded_graph_size': (
            ('0.13.0', '0.13.0', ('list', None, None, False, None)),
        ),
    },
    'diffusion_config': {
        'canvas_length': (
            ('0.32.0', '0.34.0', ('int', None, None, True, {'gt': 0})),
        ),
        'max_denoising_steps': (
            ('0.32.0', '0.34.0', ('int', None, None, True, None)),
        ),
    },
    'ec_manager_config': {
        'encoder_cache_manager_cls': (
            ('0.32.0', '0.34.0', ('str', None, None, True, None)),
        ),
        'manager_config': (
            ('0.32.0', '0.34.0', ('dict', {}, None, True, None)),
        ),
    },
    'ec_transfer_config': {
        'ec_connector': (
            ('0.13.0', '0.34.0', ('str', None, None, True, None)),
        ),
        'engine_id': (
            ('0.13.0', '0.34.0', ('str', None, None, True, None)),
        ),
        'ec_buffer_device': (
            ('0.13.0', '0.34.0', ('str', 'cuda', None, True, None)),
        ),
        'ec_buffer_size': (
            ('0.13.0', '0.34.0', ('float', 1000000000.0, None, True, None)),
        ),
        'ec_role': (
            ('0.13.0', '0.13.0', ('str', None, ('ec_producer', 'ec_consumer'), True, None)),
            ('0.18.0', '0.34.0', ('str', None, ('ec_producer', 'ec_both', 'ec_consumer'), True, None)),
        ),
        'ec_ip': (
            ('0.13.0', '0.34.0', ('str', '127.0.0.1', None, True, None)),
        ),
        'ec_port': (
            ('0.13.0', '0.34.0', ('int', 14579, None, True, None)),
        ),
        'ec_connector_extra_config': (
            ('0.13.0', '0.34.0', ('dict', {}, None, True, None)),
        ),
        'ec_connector_module_path': (
            ('0.13.0', '0.34.0', ('str', None, None, True, None)),
        ),
        'mm_encoder_output_widths': (
            ('0.32.0', '0.34.0', ('dict', {}, None, False, None)),
        ),
        'ec_rank': (
            ('0.13.0', '0.23.0', ('int', None, None, True, None)),
        ),
        'ec_parallel_size': (
            ('0.13.0', '0.23.0', ('int', 1, None, True, None)),
        ),
    },
    'engram_config': {
        'cpu_offload': (
            ('0.32.0', '0.34.0', ('bool', True, None, True, None)),
        ),
        'disk_offload': (
            ('0.34.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'embedding_across_dp': (
            ('0.32.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'dp_shared_memory': (
            ('0.32.0', '0.34.0', ('bool', None, None, True, None)),
        ),
        'use_thp': (
            ('0.32.0', '0.34.0', ('bool', False, None, True, None)),
        ),
    },
    'eplb_config': {
        'window_size': (
            ('0.13.0', '0.18.0', ('int', 1000, None, True, None)),
            ('0.23.0', '0.34.0', ('int', 1000, None, True, {'gt': 0})),
        ),
        'step_interval': (
            ('0.13.0', '0.18.0', ('int', 3000, None, True, None)),
            ('0.23.0', '0.34.0', ('int', 3000, None, True, {'gt': 0})),
        ),
        'num_redundant_experts': (
            ('0.13.0', '0.33.0', ('int', 0, None, True, {'ge': 0})),
            ('0.34.0', '0.34.0', ('int', None, None, True, {'ge': 0})),
        ),
        'log_balancedness': (
            ('0.13.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'log_balancedness_interval': (
            ('0.18.0', '0.18.0', ('int', 1, None, True, None)),
            ('0.23.0', '0.34.0', ('int', 1, None, True, {'gt': 0})),
        ),
        'use_async': (
            ('0.13.0', '0.18.0', ('bool', False, None, True, None)),
            ('0.23.0', '0.34.0', ('bool', True, None, True, None)),
        ),
        'policy': (
            ('0.13.0', '0.34.0', ('str', 'default', ('default',), True, None)),
        ),
        'communicator': (
            ('0.23.0', '0.23.0', ('str', None, ('torch_nccl', 'torch_gloo', 'nixl', 'pynccl'), True, None)),
            ('0.32.0', '0.33.0', ('str', None, ('torch_nccl', 'torch_gloo', 'torch_xccl', 'nixl', 'pynccl'), True, None)),
            ('0.34.0', '0.34.0', ('str', None, ('torch_nccl', 'torch_gloo', 'torch_xccl', 'nixl', 'pynccl', 'symm_mem'), True, None)),
        ),
        'enable_migration_batching': (
            ('0.32.0', '0.34.0', ('bool', False, None, True, None)),
        ),
    },
    'fault_tolerance_config': {
        'engine_recovery_timeout_sec': (
            ('0.32.0', '0.34.0', ('int', 120, None, True, None)),
        ),
    },
    'ir_op_priority': {
        'rms_norm': (
            ('0.23.0', '0.34.0', ('list', [], None, True, None)),
        ),
        'fused_add_rms_norm': (
            ('0.23.0', '0.34.0', ('list', [], None, True, None)),
        ),
        'gelu_and_mul_sparse': (
            ('0.32.0', '0.34.0', ('list', [], None, True, None)),
        ),
    },
    'kernel_config': {
        'ir_op_priority': (
            ('0.23.0', '0.34.0', ('dict', None, None, True, None)),
        ),
        'enable_flashinfer_autotune': (
            ('0.18.0', '0.34.0', ('bool', None, None, True, None)),
        ),
        'enable_rocm_segmented_attn_autotune': (
            ('0.32.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'enable_rocm_aiter_gemm_warmup': (
            ('0.34.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'enable_cutedsl_warmup': (
            ('0.32.0', '0.34.0', ('bool', True, None, True, None)),
        ),
        'enable_jit_warmup': (
            ('0.32.0', '0.34.0', ('bool', True, None, True, None)),
        ),
        'monokernel': (
            ('0.33.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'moe_backend': (
            ('0.18.0', '0.18.0', ('str', 'auto', ('auto', 'triton', 'deep_gemm', 'cutlass', 'flashinfer_trtllm', 'flashinfer_cutlass', 'flashinfer_cutedsl', 'marlin', 'aiter'), True, None)),
            ('0.23.0', '0.23.0', ('str', 'auto', ('auto', 'triton', 'deep_gemm', 'deep_gemm_mega_moe', 'cutlass', 'flashinfer_trtllm', 'flashinfer_cutlass', 'flashinfer_cutedsl', 'flashinfer_b12x', 'marlin', 'humming', 'triton_unfused', 'aiter', 'emulation'), True, None)),
            ('0.32.0', '0.32.0', ('str', 'auto', ('auto', 'triton', 'batched_triton', 'deep_gemm', 'deep_gemm_mega_moe', 'cutlass', 'flashinfer_trtllm', 'flashinfer_cutlass', 'flashinfer_cutedsl', 'flashinfer_moe_ep_cutedsl', 'flashinfer_b12x', 'b12x', 'flashinfer_moe_ep_mega_deep_gemm', 'marlin', 'humming', 'triton_unfused', 'aiter', 'aiter_mega_moe', 'aiter_triton_mxfp4_bf16', 'flydsl', 'hpc', 'emulation', 'rdna3'), True, None)),
            ('0.33.0', '0.34.0', ('str', 'auto', ('auto', 'triton', 'batched_triton', 'deep_gemm', 'deep_gemm_mega_moe', 'cutlass', 'flashinfer_trtllm', 'flashinfer_cutlass', 'flashinfer_cutedsl', 'flashinfer_moe_ep_cutedsl', 'flashinfer_b12x', 'b12x', 'flashinfer_moe_ep_mega_deep_gemm', 'marlin', 'humming', 'triton_unfused', 'aiter', 'aiter_mega_moe', 'aiter_triton_mxfp4_bf16', 'aiter_triton_mxfp4_mxfp4', 'flydsl', 'hpc', 'emulation', 'rdna3'), True, None)),
        ),
        'sparse_indexer_topk_backend': (
            ('0.32.0', '0.34.0', ('str', 'auto', ('auto', 'deep_select', 'cooperative', 'persistent', 'per_row', 'flashinfer', 'torch', 'aiter'), True, None)),
        ),
        'linear_backend': (
            ('0.23.0', '0.23.0', ('str', 'auto', ('auto', 'cutlass', 'flashinfer_cutlass', 'flashinfer_trtllm', 'flashinfer_cudnn', 'marlin', 'triton', 'deep_gemm', 'torch', 'aiter', 'machete', 'fbgemm', 'conch', 'exllama', 'emulation'), True, None)),
            ('0.32.0', '0.34.0', ('str', 'auto', ('auto', 'cutlass', 'flashinfer_cutlass', 'flashinfer_cutedsl', 'flashinfer_trtllm', 'flashinfer_cudnn', 'flashinfer_b12x', 'b12x', 'marlin', 'humming', 'triton', 'deep_gemm', 'torch', 'aiter', 'machete', 'fbgemm', 'conch', 'exllama', 'emulation', 'xpu', 'xpu_woq'), True, None)),
        ),
        'linear_backend_per_quant': (
            ('0.32.0', '0.34.0', ('dict', None, None, True, {'min_length': 1})),
        ),
        'rdna_hybrid_w4a16_prefill_dequant': (
            ('0.34.0', '0.34.0', ('str', 'disable', ('enable', 'disable'), True, None)),
        ),
    },
    'kv_events_config': {
        'enable_kv_cache_events': (
            ('0.13.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'publisher': (
            ('0.13.0', '0.34.0', ('str', None, ('null', 'zmq'), True, None)),
        ),
        'endpoint': (
            ('0.13.0', '0.34.0', ('str', 'tcp://*:5557', None, True, None)),
        ),
        'replay_endpoint': (
            ('0.13.0', '0.34.0', ('str', None, None, True, None)),
        ),
        'buffer_steps': (
            ('0.13.0', '0.34.0', ('int', 10000, None, True, None)),
        ),
        'hwm': (
            ('0.13.0', '0.34.0', ('int', 100000, None, True, None)),
        ),
        'max_queue_size': (
            ('0.13.0', '0.34.0', ('int', 100000, None, True, None)),
        ),
        'topic': (
            ('0.13.0', '0.34.0', ('str', '', None, True, None)),
        ),
    },
    'kv_transfer_config': {
        'kv_connector': (
            ('0.13.0', '0.34.0', ('str', None, None, True, None)),
        ),
        'engine_id': (
            ('0.13.0', '0.34.0', ('str', None, None, True, None)),
        ),
        'kv_buffer_device': (
            ('0.13.0', '0.13.0', ('str', 'cuda', None, True, None)),
            ('0.18.0', '0.34.0', ('str', 'cpu', None, True, None)),
        ),
        'kv_role': (
            ('0.13.0', '0.34.0', ('str', None, ('kv_producer', 'kv_both', 'kv_consumer'), True, None)),
        ),
        'kv_port': (
            ('0.13.0', '0.34.0', ('int', 14579, None, True, None)),
        ),
        'kv_connector_extra_config': (
            ('0.13.0', '0.34.0', ('dict', {}, None, True, None)),
        ),
        'kv_connector_module_path': (
            ('0.13.0', '0.34.0', ('str', None, None, True, None)),
        ),
        'enable_permute_local_kv': (
            ('0.13.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'kv_load_failure_policy': (
            ('0.13.0', '0.13.0', ('str', 'recompute', ('recompute', 'fail'), True, None)),
            ('0.18.0', '0.34.0', ('str', 'fail', ('recompute', 'fail'), True, None)),
        ),
        'kv_buffer_size': (
            ('0.13.0', '0.23.0', ('float', 1000000000.0, None, True, None)),
        ),
        'kv_rank': (
            ('0.13.0', '0.23.0', ('int', None, None, True, None)),
        ),
        'kv_parallel_size': (
            ('0.13.0', '0.23.0', ('int', 1, None, True, None)),
        ),
        'kv_ip': (
            ('0.13.0', '0.23.0', ('str', '127.0.0.1', None, True, None)),
        ),
    },
    'logging_config': {
        'log_level': (
            ('0.32.0', '0.34.0', ('str', 'INFO', ('CRITICAL', 'ERROR', 'WARNING', 'INFO', 'DEBUG', 'NOTSET'), True, None)),
        ),
        'formatter': (
            ('0.32.0', '0.34.0', ('str', 'text', ('text', 'json'), True, None)),
        ),
        'configure_logging': (
            ('0.32.0', '0.34.0', ('bool', True, None, True, None)),
        ),
        'pylogging_config_file': (
            ('0.32.0', '0.34.0', ('str', None, None, True, None)),
        ),
    },
    'pooler_config': {
        'task': (
            ('0.23.0', '0.34.0', ('str', None, ('embed', 'classify', 'token_embed', 'token_classify', 'plugin', 'embed&token_classify'), True, None)),
        ),
        'pooling_type': (
            ('0.13.0', '0.13.0', ('str', None, ('LAST', 'ALL', 'CLS', 'STEP', 'MEAN'), True, None)),
            ('0.18.0', '0.34.0', ('str', None, ('ALL', 'STEP', 'CLS', 'LAST', 'MEAN'), True, None)),
        ),
        'seq_pooling_type': (
            ('0.18.0', '0.34.0', ('str', None, ('CLS', 'LAST', 'MEAN'), True, None)),
        ),
        'tok_pooling_type': (
            ('0.18.0', '0.34.0', ('str', None, ('ALL', 'STEP'), True, None)),
        ),
        'use_activation': (
            ('0.13.0', '0.34.0', ('bool', None, None, True, None)),
        ),
        'enable_flash_late_interaction': (
            ('0.32.0', '0.34.0', ('bool', True, None, True, None)),
        ),
        'dimensions': (
            ('0.13.0', '0.34.0', ('int', None, None, True, None)),
        ),
        'enable_chunked_processing': (
            ('0.13.0', '0.13.0', ('bool', None, None, True, None)),
            ('0.18.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'max_embed_len': (
            ('0.13.0', '0.34.0', ('int', None, None, True, None)),
        ),
        'logit_mean': (
            ('0.23.0', '0.34.0', ('float', None, None, True, None)),
        ),
        'logit_sigma': (
            ('0.23.0', '0.34.0', ('float', None, None, True, None)),
        ),
        'step_tag_id': (
            ('0.13.0', '0.34.0', ('int', None, None, True, None)),
        ),
        'returned_token_ids': (
            ('0.13.0', '0.34.0', ('list', None, None, True, None)),
        ),
        'logit_bias': (
            ('0.13.0', '0.18.0', ('float', None, None, True, None)),
        ),
        'normalize': (
            ('0.13.0', '0.13.0', ('bool', None, None, True, None)),
        ),
        'softmax': (
            ('0.13.0', '0.13.0', ('float', None, None, True, None)),
        ),
        'activation': (
            ('0.13.0', '0.13.0', ('float', None, None, True, None)),
        ),
    },
    'profiler_config': {
        'profiler': (
            ('0.13.0', '0.23.0', ('str', None, ('torch', 'cuda'), True, None)),
            ('0.32.0', '0.34.0', ('str', None, ('torch', 'cuda', 'proton'), True, None)),
        ),
        'torch_profiler_dir': (
            ('0.13.0', '0.34.0', ('str', '', None, True, None)),
        ),
        'torch_profiler_activities': (
            ('0.32.0', '0.34.0', ('list', None, None, True, {'min_length': 1})),
        ),
        'proton_profiler_dir': (
            ('0.32.0', '0.34.0', ('str', '', None, True, None)),
        ),
        'proton_context': (
            ('0.32.0', '0.34.0', ('str', 'shadow', ('shadow', 'python'), True, None)),
        ),
        'proton_data': (
            ('0.32.0', '0.34.0', ('str', 'tree', ('tree', 'trace'), True, None)),
        ),
        'proton_backend': (
            ('0.32.0', '0.34.0', ('str', None, ('cupti',), True, None)),
        ),
        'proton_mode': (
            ('0.32.0', '0.34.0', ('str', None, None, True, None)),
        ),
        'proton_hook': (
            ('0.32.0', '0.34.0', ('str', None, ('triton',), True, None)),
        ),
        'proton_output_format': (
            ('0.32.0', '0.34.0', ('str', None, ('hatchet', 'hatchet_msgpack', 'chrome_trace'), True, None)),
        ),
        'proton_graph_attribution': (
            ('0.32.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'torch_profiler_with_stack': (
            ('0.13.0', '0.13.0', ('bool', True, None, True, None)),
            ('0.18.0', '0.18.0', ('bool', False, None, True, None)),
            ('0.23.0', '0.34.0', ('bool', True, None, True, None)),
        ),
        'torch_profiler_with_flops': (
            ('0.13.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'torch_profiler_use_gzip': (
            ('0.13.0', '0.34.0', ('bool', True, None, True, None)),
        ),
        'torch_profiler_dump_cuda_time_total': (
            ('0.13.0', '0.34.0', ('bool', True, None, True, None)),
        ),
        'torch_profiler_record_shapes': (
            ('0.13.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'torch_profiler_with_memory': (
            ('0.13.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'capture_torch_profiler': (
            ('0.32.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'detailed_trace_annotation': (
            ('0.32.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'ignore_frontend': (
            ('0.13.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'delay_iterations': (
            ('0.13.0', '0.34.0', ('int', 0, None, True, {'ge': 0})),
        ),
        'max_iterations': (
            ('0.13.0', '0.34.0', ('int', 0, None, True, {'ge': 0})),
        ),
        'warmup_iterations': (
            ('0.18.0', '0.34.0', ('int', 0, None, True, {'ge': 0})),
        ),
        'active_iterations': (
            ('0.18.0', '0.34.0', ('int', 5, None, True, {'ge': 1})),
        ),
        'wait_iterations': (
            ('0.18.0', '0.34.0', ('int', 0, None, True, {'ge': 0})),
        ),
    },
    'quantization_config': {
        'linear': (
            ('0.23.0', '0.34.0', ('dict', None, None, True, None)),
        ),
        'moe': (
            ('0.23.0', '0.34.0', ('dict', None, None, True, None)),
        ),
        'ignore': (
            ('0.23.0', '0.34.0', ('list', [], None, True, None)),
        ),
        'targets': (
            ('0.32.0', '0.34.0', ('dict', None, None, True, None)),
        ),
    },
    'reasoning_config': {
        'reasoning_parser': (
            ('0.23.0', '0.34.0', ('str', '', None, True, None)),
        ),
        'reasoning_start_str': (
            ('0.23.0', '0.34.0', ('str', '', None, True, None)),
        ),
        'reasoning_end_str': (
            ('0.23.0', '0.34.0', ('str', '', None, True, None)),
        ),
        '_reasoning_start_token_ids': (
            ('0.23.0', '0.34.0', ('list', None, None, False, None)),
        ),
        '_reasoning_end_token_ids': (
            ('0.23.0', '0.34.0', ('list', None, None, False, None)),
        ),
        '_natural_reasoning_end_token_ids': (
            ('0.32.0', '0.34.0', ('list', None, None, False, None)),
        ),
        '_enabled': (
            ('0.23.0', '0.34.0', ('bool', False, None, False, None)),
        ),
    },
    'speculative_config': {
        'enforce_eager': (
            ('0.13.0', '0.34.0', ('bool', None, None, True, None)),
        ),
        'num_speculative_tokens': (
            ('0.13.0', '0.34.0', ('int', None, None, True, {'gt': 0})),
        ),
        'model': (
            ('0.13.0', '0.34.0', ('str', None, None, True, None)),
        ),
        'method': (
            ('0.13.0', '0.13.0', ('str', None, ('ngram', 'medusa', 'mlp_speculator', 'draft_model', 'suffix', 'eagle', 'eagle3', 'deepseek_mtp', 'mimo_mtp', 'glm4_moe_mtp', 'ernie_mtp', 'qwen3_next_mtp', 'longcat_flash_mtp', 'mtp', 'pangu_ultra_moe_mtp'), True, None)),
            ('0.18.0', '0.18.0', ('str', None, ('ngram', 'medusa', 'mlp_speculator', 'draft_model', 'suffix', 'eagle', 'eagle3', 'extract_hidden_states', 'deepseek_mtp', 'mimo_mtp', 'glm4_moe_mtp', 'glm4_moe_lite_mtp', 'glm_ocr_mtp', 'ernie_mtp', 'nemotron_h_mtp', 'exaone_moe_mtp', 'qwen3_next_mtp', 'qwen3_5_mtp', 'longcat_flash_mtp', 'mtp', 'pangu_ultra_moe_mtp', 'step3p5_mtp', 'ngram_gpu'), True, None)),
            ('0.23.0', '0.23.0', ('str', None, ('ngram', 'medusa', 'mlp_speculator', 'draft_model', 'suffix', 'custom_class', 'eagle', 'eagle3', 'extract_hidden_states', 'deepseek_mtp', 'mimo_mtp', 'mimo_v2_mtp', 'glm4_moe_mtp', 'glm4_moe_lite_mtp', 'glm_ocr_mtp', 'ernie_mtp', 'nemotron_h_mtp', 'exaone_moe_mtp', 'exaone4_5_mtp', 'qwen3_next_mtp', 'qwen3_5_mtp', 'longcat_flash_mtp', 'mtp', 'pangu_ultra_moe_mtp', 'step3p5_mtp', 'hy_v3_mtp', 'gemma4_mtp', 'dflash', 'ngram_gpu'), True, None)),
            ('0.32.0', '0.32.0', ('str', None, ('ngram', 'medusa', 'mlp_speculator', 'draft_model', 'suffix', 'custom_class', 'eagle', 'eagle3', 'extract_hidden_states', 'deepseek_mtp', 'dots3_note_mtp', 'mimo_mtp', 'mimo_v2_mtp', 'glm4_moe_mtp', 'glm4_moe_lite_mtp', 'glm_ocr_mtp', 'ernie_mtp', 'nemotron_h_mtp', 'exaone_moe_mtp', 'exaone4_5_mtp', 'qwen3_next_mtp', 'qwen4_exp_mtp', 'qwen3_5_mtp', 'longcat_flash_mtp', 'bailing_hybrid_v3_mtp', 'minimax_m3_mtp', 'bailing_hybrid_mtp', 'mtp', 'kimi_k3_mtp', 'pangu_ultra_moe_mtp', 'step3p5_mtp', 'hy_v3_mtp', 'hy_v4_mtp', 'gemma4_mtp', 'inkling_mtp', 'glm5_next_mtp', 'dflash', 'ngram_gpu', 'dspark'), True, None)),
            ('0.33.0', '0.33.0', ('str', None, ('ngram', 'draft_model', 'suffix', 'custom_class', 'eagle', 'eagle3', 'extract_hidden_states', 'deepseek_mtp', 'dots3_note_mtp', 'mimo_mtp', 'mimo_v2_mtp', 'glm4_moe_mtp', 'glm4_moe_lite_mtp', 'glm_ocr_mtp', 'ernie_mtp', 'nemotron_h_mtp', 'exaone_moe_mtp', 'exaone4_5_mtp', 'qwen3_next_mtp', 'qwen4_exp_mtp', 'qwen3_5_mtp', 'longcat_flash_mtp', 'bailing_hybrid_v3_mtp', 'minimax_m3_mtp', 'bailing_hybrid_mtp', 'mtp', 'kimi_k3_mtp', 'pangu_ultra_moe_mtp', 'step3p5_mtp', 'step5_mtp', 'hy_v3_mtp', 'hy_v4_mtp', 'gemma4_mtp', 'inkling_mtp', 'glm5_next_mtp', 'dflash', 'ngram_gpu', 'dspark'), True, None)),
            ('0.34.0', '0.34.0', ('str', None, ('ngram', 'draft_model', 'suffix', 'eagle', 'eagle3', 'extract_hidden_states', 'deepseek_mtp', 'dots3_note_mtp', 'mimo_mtp', 'mimo_v2_mtp', 'glm4_moe_mtp', 'glm4_moe_lite_mtp', 'glm_ocr_mtp', 'ernie_mtp', 'nemotron_h_mtp', 'nemotron3_5_transcribe_mtp', 'exaone_moe_mtp', 'exaone4_5_mtp', 'qwen3_next_mtp', 'qwen4_exp_mtp', 'qwen3_5_mtp', 'longcat_flash_mtp', 'bailing_hybrid_v3_mtp', 'minimax_m3_mtp', 'bailing_hybrid_mtp', 'mtp', 'kimi_k3_mtp', 'pangu_ultra_moe_mtp', 'step3p5_mtp', 'step5_mtp', 'hy_v3_mtp', 'hy_v4_mtp', 'gemma4_mtp', 'inkling_mtp', 'glm5_next_mtp', 'dflash', 'ngram_gpu', 'dspark'), True, None)),
        ),
        'custom_method': (
            ('0.34.0', '0.34.0', ('str', None, None, False, None)),
        ),
        'draft_tensor_parallel_size': (
            ('0.13.0', '0.34.0', ('int', None, None, True, {'ge': 1})),
        ),
        'draft_decode_context_parallel_size': (
            ('0.34.0', '0.34.0', ('int', None, None, True, {'ge': 1})),
        ),
        'tensor_parallel_size': (
            ('0.18.0', '0.34.0', ('int', None, None, True, None)),
        ),
        'quantization': (
            ('0.13.0', '0.13.0', ('str', None, ('awq', 'deepspeedfp', 'tpu_int8', 'fp8', 'ptpc_fp8', 'fbgemm_fp8', 'fp_quant', 'modelopt', 'modelopt_fp4', 'bitblas', 'gguf', 'gptq_marlin_24', 'gptq_marlin', 'gptq_bitblas', 'awq_marlin', 'gptq', 'compressed-tensors', 'bitsandbytes', 'hqq', 'experts_int8', 'ipex', 'quark', 'moe_wna16', 'torchao', 'auto-round', 'rtn', 'inc', 'mxfp4', 'petit_nvfp4', 'cpu_gptq', 'cpu_awq'), True, None)),
            ('0.18.0', '0.18.0', ('str', None, ('awq', 'fp8', 'ptpc_fp8', 'fbgemm_fp8', 'fp_quant', 'modelopt', 'modelopt_fp4', 'modelopt_mxfp8', 'modelopt_mixed', 'gguf', 'gptq_marlin', 'awq_marlin', 'gptq', 'compressed-tensors', 'bitsandbytes', 'experts_int8', 'quark', 'moe_wna16', 'torchao', 'inc', 'mxfp4', 'petit_nvfp4', 'cpu_awq'), True, None)),
            ('0.23.0', '0.23.0', ('str', None, ('awq', 'fp8', 'fbgemm_fp8', 'fp_quant', 'modelopt', 'modelopt_fp4', 'modelopt_mxfp8', 'modelopt_mixed', 'gguf', 'auto_gptq', 'gptq', 'gptq_marlin', 'awq_marlin', 'humming', 'compressed-tensors', 'bitsandbytes', 'experts_int8', 'quark', 'moe_wna16', 'torchao', 'inc', 'mxfp4', 'gpt_oss_mxfp4', 'deepseek_v4_fp8', 'online', 'fp8_per_tensor', 'fp8_per_block', 'int8_per_channel_weight_only', 'mxfp8'), True, None)),
            ('0.32.0', '0.33.0', ('str', None, ('awq', 'auto_awq', 'fp8', 'fbgemm_fp8', 'fp_quant', 'modelopt', 'modelopt_fp4', 'modelopt_mxfp8', 'modelopt_mixed', 'auto_gptq', 'gptq', 'gptq_marlin', 'awq_marlin', 'humming', 'compressed-tensors', 'experts_int8', 'quark', 'moe_wna16', 'torchao', 'inc', 'mxfp4', 'gpt_oss_mxfp4', 'deepseek_v4_fp8', 'online', 'fp8_per_tensor', 'fp8_per_block', 'fp8_per_channel', 'int8_per_channel_weight_only', 'nvfp4_per_token', 'mxfp8'), True, None)),
            ('0.34.0', '0.34.0', ('str', None, ('awq', 'auto_awq', 'fp8', 'w4afp8', 'fbgemm_fp8', 'modelopt', 'modelopt_fp4', 'modelopt_mxfp8', 'modelopt_mixed', 'auto_gptq', 'gptq', 'gptq_marlin', 'awq_marlin', 'humming', 'compressed-tensors', 'experts_int8', 'quark', 'moe_wna16', 'torchao', 'inc', 'mxfp4', 'gpt_oss_mxfp4', 'deepseek_v4_fp8', 'online', 'fp8_per_tensor', 'fp8_per_block', 'fp8_per_channel', 'int8_per_channel_weight_only', 'nvfp4_per_token', 'mxfp8', 'lut_b_moe', 'mxfp4_hadamard32'), True, None)),
        ),
        'moe_backend': (
            ('0.23.0', '0.23.0', ('str', None, ('auto', 'triton', 'deep_gemm', 'deep_gemm_mega_moe', 'cutlass', 'flashinfer_trtllm', 'flashinfer_cutlass', 'flashinfer_cutedsl', 'flashinfer_b12x', 'marlin', 'humming', 'triton_unfused', 'aiter', 'emulation'), True, None)),
            ('0.32.0', '0.32.0', ('str', None, ('auto', 'triton', 'batched_triton', 'deep_gemm', 'deep_gemm_mega_moe', 'cutlass', 'flashinfer_trtllm', 'flashinfer_cutlass', 'flashinfer_cutedsl', 'flashinfer_moe_ep_cutedsl', 'flashinfer_b12x', 'b12x', 'flashinfer_moe_ep_mega_deep_gemm', 'marlin', 'humming', 'triton_unfused', 'aiter', 'aiter_mega_moe', 'aiter_triton_mxfp4_bf16', 'flydsl', 'hpc', 'emulation', 'rdna3'), True, None)),
            ('0.33.0', '0.34.0', ('str', None, ('auto', 'triton', 'batched_triton', 'deep_gemm', 'deep_gemm_mega_moe', 'cutlass', 'flashinfer_trtllm', 'flashinfer_cutlass', 'flashinfer_cutedsl', 'flashinfer_moe_ep_cutedsl', 'flashinfer_b12x', 'b12x', 'flashinfer_moe_ep_mega_deep_gemm', 'marlin', 'humming', 'triton_unfused', 'aiter', 'aiter_mega_moe', 'aiter_triton_mxfp4_bf16', 'aiter_triton_mxfp4_mxfp4', 'flydsl', 'hpc', 'emulation', 'rdna3'), True, None)),
        ),
        'attention_backend': (
            ('0.23.0', '0.23.0', ('enum', None, ('FLASH_ATTN', 'FLASH_ATTN_DIFFKV', 'TRITON_ATTN', 'ROCM_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE', 'XPU_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'FLASHINFER_MLA', 'TOKENSPEED_MLA', 'FLASHINFER_MLA_SPARSE', 'TRITON_MLA', 'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASHMLA_SPARSE_DSV4', 'FLASHINFER_MLA_SPARSE_DSV4', 'ROCM_FLASHMLA_SPARSE_DSV4', 'FLASH_ATTN_MLA', 'NO_ATTENTION', 'FLEX_ATTENTION', 'ROCM_AITER_UNIFIED_ATTN', 'CPU_ATTN', 'TURBOQUANT', 'CUSTOM'), True, None)),
            ('0.32.0', '0.32.0', ('enum', None, ('FLASH_ATTN', 'FLASH_ATTN_DIFFKV', 'TRITON_ATTN', 'TRITON_ATTN_DIFFKV', 'TRITON_FLASH_ATTN', 'ROCM_ATTN', 'ROCM_SEGMENTED_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE', 'XPU_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'TRITON_FLASHINFER', 'FLASHINFER_MLA', 'TOKENSPEED_MLA', 'FLASHINFER_MLA_SPARSE', 'FLASHINFER_MLA_SPARSE_SM120', 'FLASHINFER_MLA_SPARSE_SM90', 'TRITON_MLA', 'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASHMLA_SPARSE_DSV4', 'FLASHINFER_MLA_SPARSE_DSV4', 'ROCM_FLASHMLA_SPARSE_DSV4', 'FLASHMLA_SPARSE_DSV41', 'FLASHINFER_MLA_SPARSE_DSV41', 'FLASHMLA_MEGA_ATTN_DSV41', 'B12X', 'FLASH_ATTN_MLA', 'FLASH_ATTN_MLA_SPARSE', 'MINIMAX_M3_SPARSE', 'CUTLASS_MSA', 'TRITON_MSA', 'NO_ATTENTION', 'FLEX_ATTENTION', 'HPC_ATTN', 'ROCM_AITER_UNIFIED_ATTN', 'CPU_ATTN', 'CPU_MLA', 'AMX_MLA', 'TURBOQUANT', 'ULTRAQUANT', 'CUSTOM'), True, None)),
            ('0.33.0', '0.33.0', ('enum', None, ('FLASH_ATTN', 'FLASH_ATTN_DIFFKV', 'TRITON_ATTN', 'TRITON_ATTN_DIFFKV', 'TRITON_FLASH_ATTN', 'ROCM_ATTN', 'ROCM_SEGMENTED_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE', 'XPU_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'TRITON_FLASHINFER', 'FLASHINFER_MLA', 'TOKENSPEED_MLA', 'FLASHINFER_MLA_SPARSE', 'FLASHINFER_MLA_SPARSE_SM120', 'FLASHINFER_MLA_SPARSE_SM90', 'TRITON_MLA', 'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASHMLA_SPARSE_DSV4', 'FLASHINFER_MLA_SPARSE_DSV4', 'ROCM_FLASHMLA_SPARSE_DSV4', 'FLASHMLA_SPARSE_DSV41', 'FLASHINFER_MLA_SPARSE_DSV41', 'ROCM_FLASHMLA_SPARSE_DSV41', 'FLASHMLA_MEGA_ATTN_DSV41', 'B12X', 'FLASH_ATTN_MLA', 'FLASH_ATTN_MLA_SPARSE', 'FLASH_ATTN_MLA_SPARSE_FA4', 'MINIMAX_M3_SPARSE', 'CUTLASS_MSA', 'TRITON_MSA', 'STEP5_DSA', 'NO_ATTENTION', 'FLEX_ATTENTION', 'HPC_ATTN', 'ROCM_AITER_UNIFIED_ATTN', 'CPU_ATTN', 'CPU_MLA', 'AMX_MLA', 'TURBOQUANT', 'ROCM_OCTAVE', 'ULTRAQUANT', 'CUSTOM'), True, None)),
            ('0.34.0', '0.34.0', ('enum', None, ('FLASH_ATTN', 'FLASH_ATTN_DIFFKV', 'TRITON_ATTN', 'TRITON_ATTN_DIFFKV', 'TRITON_FLASH_ATTN', 'ROCM_ATTN', 'ROCM_SEGMENTED_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE', 'XPU_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'FLASHINFER_TS', 'TRITON_FLASHINFER', 'FLASHINFER_MLA', 'TOKENSPEED_MLA', 'FLASHINFER_MLA_SPARSE', 'FLASHINFER_MLA_SPARSE_SM120', 'FLASHINFER_MLA_SPARSE_SM90', 'TRITON_MLA', 'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASHMLA_SPARSE_DSV4', 'FLASHINFER_MLA_SPARSE_DSV4', 'ROCM_FLASHMLA_SPARSE_DSV4', 'FLASHMLA_SPARSE_DSV41', 'FLASHINFER_MLA_SPARSE_DSV41', 'ROCM_FLASHMLA_SPARSE_DSV41', 'FLASHMLA_MEGA_ATTN_DSV41', 'B12X', 'FLASH_ATTN_MLA', 'FLASH_ATTN_MLA_SPARSE', 'FLASH_ATTN_MLA_SPARSE_FA4', 'MINIMAX_M3_SPARSE', 'CUTLASS_MSA', 'TRITON_MSA', 'STEP5_DSA', 'KIMI_K3_KV_BALANCED_MLA', 'NO_ATTENTION', 'FLEX_ATTENTION', 'HPC_ATTN', 'ROCM_AITER_UNIFIED_ATTN', 'CPU_ATTN', 'CPU_MLA', 'AMX_MLA', 'TURBOQUANT', 'ROCM_OCTAVE', 'ULTRAQUANT', 'CUSTOM'), True, None)),
        ),
        'kv_cache_dtype': (
            ('0.32.0', '0.32.0', ('str', None, ('auto', 'float16', 'bfloat16', 'fp8', 'fp8_e4m3', 'fp8_e5m2', 'fp8_inc', 'fp8_ds_mla', 'nvfp4_ds_mla', 'turboquant_k8v4', 'turboquant_4bit_nc', 'turboquant_k3v4_nc', 'turboquant_3bit_nc', 'ultraquant_4bit', 'int4_per_token_head', 'int8_per_token_head', 'fp8_per_token_head', 'nvfp4', 'nvfp4_4over6'), True, None)),
            ('0.33.0', '0.34.0', ('str', None, ('auto', 'float16', 'bfloat16', 'fp8', 'fp8_e4m3', 'fp8_e5m2', 'fp8_inc', 'fp8_ds_mla', 'nvfp4_ds_mla', 'turboquant_k8v4', 'turboquant_4bit_nc', 'turboquant_k3v4_nc', 'turboquant_3bit_nc', 'octave_k3v4', 'octave_k3v3', 'octave_k3v3_compact', 'ultraquant_4bit', 'int4_per_token_head', 'int8_per_token_head', 'fp8_per_token_head', 'nvfp4', 'nvfp4_4over6'), True, None)),
        ),
        'max_model_len': (
            ('0.13.0', '0.34.0', ('int', None, None, True, {'ge': 1})),
        ),
        'revision': (
            ('0.13.0', '0.34.0', ('str', None, None, True, None)),
        ),
        'code_revision': (
            ('0.13.0', '0.34.0', ('str', None, None, True, None)),
        ),
        'index_share_for_mtp_iteration': (
            ('0.32.0', '0.34.0', ('bool', None, None, True, None)),
        ),
        'disable_eagle_block_drop': (
            ('0.32.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'disable_lookahead_block_hashes': (
            ('0.33.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'draft_lm_head_quantization': (
            ('0.33.0', '0.34.0', ('str', None, ('fp8', 'nvfp4'), True, None)),
        ),
        'use_local_argmax_reduction': (
            ('0.18.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'prompt_lookup_max': (
            ('0.13.0', '0.34.0', ('int', None, None, True, {'ge': 1})),
        ),
        'prompt_lookup_min': (
            ('0.13.0', '0.34.0', ('int', None, None, True, {'ge': 1})),
        ),
        'parallel_drafting': (
            ('0.18.0', '0.33.0', ('bool', False, None, True, None)),
            ('0.34.0', '0.34.0', ('bool', None, None, True, None)),
        ),
        'target_model_config': (
            ('0.13.0', '0.34.0', ('dict', None, None, True, None)),
        ),
        'target_parallel_config': (
            ('0.13.0', '0.34.0', ('dict', None, None, True, None)),
        ),
        'num_speculative_tokens_per_batch_size': (
            ('0.32.0', '0.34.0', ('list', None, None, True, None)),
        ),
        'draft_model_config': (
            ('0.13.0', '0.34.0', ('dict', None, None, True, None)),
        ),
        'draft_parallel_config': (
            ('0.13.0', '0.34.0', ('dict', None, None, True, None)),
        ),
        'suffix_decoding_max_tree_depth': (
            ('0.13.0', '0.34.0', ('int', 24, None, True, None)),
        ),
        'suffix_decoding_max_cached_requests': (
            ('0.13.0', '0.34.0', ('int', 10000, None, True, None)),
        ),
        'suffix_decoding_corpus_tokens': (
            ('0.34.0', '0.34.0', ('int', 1048576, None, True, None)),
        ),
        'suffix_decoding_max_spec_factor': (
            ('0.13.0', '0.34.0', ('float', 1.0, None, True, None)),
        ),
        'suffix_decoding_min_token_prob': (
            ('0.13.0', '0.34.0', ('float', 0.1, None, True, None)),
        ),
        'draft_load_config': (
            ('0.18.0', '0.34.0', ('dict', None, None, True, None)),
        ),
        'rejection_sample_method': (
            ('0.18.0', '0.18.0', ('str', 'strict', ('strict', 'probabilistic'), True, None)),
            ('0.23.0', '0.23.0', ('str', 'standard', ('standard', 'synthetic'), True, None)),
            ('0.32.0', '0.32.0', ('str', 'standard', ('standard', 'synthetic', 'block'), True, None)),
            ('0.33.0', '0.34.0', ('str', 'standard', ('standard', 'synthetic', 'block', 'fly'), True, None)),
        ),
        'synthetic_acceptance_rates': (
            ('0.23.0', '0.34.0', ('list', None, None, True, None)),
        ),
        'synthetic_acceptance_length': (
            ('0.23.0', '0.34.0', ('float', None, None, True, None)),
        ),
        'enable_adaptive_verification': (
            ('0.32.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'draft_sample_method': (
            ('0.23.0', '0.34.0', ('str', 'greedy', ('greedy', 'probabilistic'), True, None)),
        ),
        'dspark_draft_topk': (
            ('0.32.0', '0.34.0', ('int', None, None, True, {'ge': 1})),
        ),
        'xpress_topc': (
            ('0.33.0', '0.34.0', ('int', None, None, True, {'ge': 0})),
        ),
        'speculator_options': (
            ('0.34.0', '0.34.0', ('dict', None, None, True, None)),
        ),
        'fly_window_size': (
            ('0.33.0', '0.34.0', ('int', None, None, True, {'ge': 1})),
        ),
        'fly_entropy_threshold': (
            ('0.33.0', '0.34.0', ('float', 0.3, None, True, {'ge': 0})),
        ),
        'fly_entropy_top_k': (
            ('0.33.0', '0.34.0', ('int', 3, None, True, {'ge': 1})),
        ),
        'disable_padded_drafter_batch': (
            ('0.13.0', '0.33.0', ('bool', False, None, True, None)),
        ),
        'use_heterogeneous_vocab': (
            ('0.32.0', '0.33.0', ('bool', False, None, True, None)),
        ),
        'speculative_token_tree': (
            ('0.13.0', '0.18.0', ('str', None, None, True, None)),
        ),
        'disable_by_batch_size': (
            ('0.13.0', '0.13.0', ('int', None, None, True, {'ge': 2})),
        ),
    },
    'structured_outputs_config': {
        'backend': (
            ('0.13.0', '0.34.0', ('str', 'auto', ('auto', 'xgrammar', 'guidance', 'outlines', 'lm-format-enforcer'), True, None)),
        ),
        'disable_any_whitespace': (
            ('0.13.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'disable_additional_properties': (
            ('0.13.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'reasoning_parser': (
            ('0.13.0', '0.34.0', ('str', '', None, True, None)),
        ),
        'reasoning_parser_plugin': (
            ('0.13.0', '0.34.0', ('str', '', None, True, None)),
        ),
        'enable_in_reasoning': (
            ('0.13.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'disable_fallback': (
            ('0.13.0', '0.13.0', ('bool', False, None, True, None)),
        ),
    },
    'watchdog_config': {
        'timeout': (
            ('0.33.0', '0.34.0', ('int', 300, None, True, {'gt': 0})),
        ),
        'check_interval': (
            ('0.33.0', '0.34.0', ('int', 10, None, True, {'gt': 0})),
        ),
        'dump_dir': (
            ('0.33.0', '0.34.0', ('str', '', None, True, None)),
        ),
    },
    'watermark_config': {
        'key': (
            ('0.32.0', '0.34.0', ('int', None, None, True, {'ge': 0})),
        ),
        'algorithm': (
            ('0.32.0', '0.34.0', ('str', 'gumbel', ('gumbel', 'dual_key_gumbel'), True, None)),
        ),
        'alpha': (
            ('0.32.0', '0.34.0', ('float', 0.1, None, True, {'ge': 0, 'le': 1})),
        ),
        'context_width': (
            ('0.32.0', '0.34.0', ('int', 4, None, True, {'ge': 1})),
        ),
        'deduplicate_contexts': (
            ('0.32.0', '0.34.0', ('str', 'single_turn', ('none', 'single_turn', 'all'), True, None)),
        ),
        'deduplicate_contexts_max_history': (
            ('0.32.0', '0.34.0', ('int', 8192, None, True, {'ge': 1})),
        ),
        'prf': (
            ('0.32.0', '0.34.0', ('str', 'philox', ('philox',), True, None)),
        ),
        'allow_target_only_watermarking': (
            ('0.32.0', '0.34.0', ('bool', False, None, True, None)),
        ),
        'enforce': (
            ('0.34.0', '0.34.0', ('bool', False, None, True, None)),
        ),
    },
    'weight_transfer_config': {
        'backend': (
            ('0.18.0', '0.18.0', ('str', 'nccl', ('nccl', 'ipc'), True, None)),
            ('0.23.0', '0.34.0', ('str', 'nccl', None, True, None)),
        ),
    },
}


# release -> the --kv-transfer-config kv_connector names its KVConnectorFactory registers (name -> line of the register_connector call) and the line that refuses any other name
KV_CONNECTORS: dict[str, dict[str, Any]] = {'0.13.0': {'refused_at': 115,
            'registered': {'DecodeBenchConnector': 188,
                           'ExampleConnector': 146,
                           'LMCacheConnectorV1': 158,
                           'LMCacheMPConnector': 164,
                           'MooncakeConnector': 193,
                           'MultiConnector': 176,
                           'NixlConnector': 170,
                           'OffloadingConnector': 182,
                           'P2pNcclConnector': 152},
            'source': 'vllm/distributed/kv_transfer/kv_connector/factory.py'},
 '0.18.0': {'refused_at': 115,
            'registered': {'DecodeBenchConnector': 200,
                           'ExampleConnector': 146,
                           'ExampleHiddenStatesConnector': 152,
                           'FlexKVConnectorV1': 211,
                           'LMCacheConnectorV1': 164,
                           'LMCacheMPConnector': 170,
                           'MoRIIOConnector': 188,
                           'MooncakeConnector': 205,
                           'MultiConnector': 182,
                           'NixlConnector': 176,
                           'OffloadingConnector': 194,
                           'P2pNcclConnector': 158},
            'source': 'vllm/distributed/kv_transfer/kv_connector/factory.py'},
 '0.23.0': {'refused_at': 127,
            'registered': {'DecodeBenchConnector': 206,
                           'ExampleConnector': 152,
                           'ExampleHiddenStatesConnector': 158,
                           'FlexKVConnectorV1': 222,
                           'HF3FSKVConnector': 232,
                           'LMCacheConnectorV1': 170,
                           'LMCacheMPConnector': 176,
                           'MoRIIOConnector': 194,
                           'MooncakeConnector': 212,
                           'MooncakeStoreConnector': 217,
                           'MultiConnector': 188,
                           'NixlConnector': 182,
                           'OffloadingConnector': 200,
                           'P2pNcclConnector': 164,
                           'SimpleCPUOffloadConnector': 227},
            'source': 'vllm/distributed/kv_transfer/kv_connector/factory.py'},
 '0.32.0': {'refused_at': 128,
            'registered': {'DecodeBenchConnector': 219,
                           'ExampleConnector': 153,
                           'ExampleHiddenStatesConnector': 159,
                           'FlexKVConnectorV1': 235,
                           'HF3FSKVConnector': 245,
                           'HiSparseConnector': 201,
                           'LMCacheConnectorV1': 165,
                           'LMCacheMPConnector': 171,
                           'MoRIIOConnector': 207,
                           'MooncakeConnector': 225,
                           'MooncakeStoreConnector': 230,
                           'MultiConnector': 195,
                           'NixlConnector': 177,
                           'NixlPullConnector': 183,
                           'NixlPushConnector': 189,
                           'OffloadingConnector': 213,
                           'SimpleCPUOffloadConnector': 240},
            'source': 'vllm/distributed/kv_transfer/kv_connector/factory.py'},
 '0.33.0': {'refused_at': 128,
            'registered': {'DecodeBenchConnector': 219,
                           'ExampleConnector': 153,
                           'ExampleHiddenStatesConnector': 159,
                           'FlexKVConnectorV1': 235,
                           'HF3FSKVConnector': 245,
                           'HiSparseConnector': 201,
                           'LMCacheConnectorV1': 165,
                           'LMCacheMPConnector': 171,
                           'MoRIIOConnector': 207,
                           'MooncakeConnector': 225,
                           'MooncakeStoreConnector': 230,
                           'MultiConnector': 195,
                           'NixlConnector': 177,
                           'NixlPullConnector': 183,
                           'NixlPushConnector': 189,
                           'OffloadingConnector': 213,
                           'SimpleCPUOffloadConnector': 240},
            'source': 'vllm/distributed/kv_transfer/kv_connector/factory.py'},
 '0.34.0': {'refused_at': 133,
            'registered': {'DecodeBenchConnector': 242,
                           'ExampleConnector': 176,
                           'ExampleHiddenStatesConnector': 182,
                           'FlexKVConnectorV1': 263,
                           'HF3FSKVConnector': 273,
                           'HiSparseConnector': 224,
                           'LMCacheConnectorV1': 188,
                           'LMCacheMPConnector': 194,
                           'MoRIIOConnector': 230,
                           'MooncakeConnector': 248,
                           'MooncakeStoreConnector': 253,
                           'MultiConnector': 218,
                           'NixlConnector': 200,
                           'NixlPullConnector': 206,
                           'NixlPushConnector': 212,
                           'OffloadingConnector': 236,
                           'SimpleCPUOffloadConnector': 268,
                           'UMBPStoreConnector': 258},
            'source': 'vllm/distributed/kv_transfer/kv_connector/factory.py'}}
