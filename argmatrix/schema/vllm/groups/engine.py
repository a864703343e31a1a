"""vLLM Engine-wide configuration objects: the `vllm serve` flags of its VllmConfig group."""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import JsonObject

GROUP = Group('vllm_engine', Text(en='Engine-wide configuration objects', zh='引擎级配置对象'))


class EngineArgs:

    speculative_config: Annotated[JsonObject | None, Arg(
        '--speculative-config', '-sc',
        help=Text(en='', zh=''),
    )] = None

    spec_method: Annotated[Literal['bailing_hybrid_mtp', 'bailing_hybrid_v3_mtp', 'custom_class', 'deepseek_mtp', 'dflash', 'dots3_note_mtp', 'draft_model', 'dspark', 'eagle', 'eagle3', 'ernie_mtp', 'exaone4_5_mtp', 'exaone_moe_mtp', 'extract_hidden_states', 'gemma4_mtp', 'glm4_moe_lite_mtp', 'glm4_moe_mtp', 'glm5_next_mtp', 'glm_ocr_mtp', 'hy_v3_mtp', 'hy_v4_mtp', 'inkling_mtp', 'kimi_k3_mtp', 'longcat_flash_mtp', 'medusa', 'mimo_mtp', 'mimo_v2_mtp', 'minimax_m3_mtp', 'mlp_speculator', 'mtp', 'nemotron_h_mtp', 'ngram', 'ngram_gpu', 'pangu_ultra_moe_mtp', 'qwen3_5_mtp', 'qwen3_next_mtp', 'qwen4_exp_mtp', 'step3p5_mtp', 'suffix'] | None, Arg(
        '--spec-method',
        help=Text(en='', zh=''),
    )] = None

    spec_model: Annotated[str | None, Arg(
        '--spec-model',
        help=Text(en='', zh=''),
    )] = None

    spec_tokens: Annotated[int | None, Arg(
        '--spec-tokens',
        help=Text(en='', zh=''),
    )] = None

    watermark_config: Annotated[JsonObject | None, Arg(
        '--watermark-config',
        help=Text(en='', zh=''),
    )] = None

    diffusion_config: Annotated[JsonObject | None, Arg(
        '--diffusion-config', '-dc',
        help=Text(en='', zh=''),
    )] = None

    kv_transfer_config: Annotated[JsonObject | None, Arg(
        '--kv-transfer-config',
        help=Text(en='', zh=''),
    )] = None

    kv_events_config: Annotated[JsonObject | None, Arg(
        '--kv-events-config',
        help=Text(en='', zh=''),
    )] = None

    ec_transfer_config: Annotated[JsonObject | None, Arg(
        '--ec-transfer-config',
        help=Text(en='', zh=''),
    )] = None

    ec_manager_config: Annotated[JsonObject | None, Arg(
        '--ec-manager-config',
        help=Text(en='', zh=''),
    )] = None

    compilation_config: Annotated[JsonObject | None, Arg(
        '--compilation-config', '-cc',
        help=Text(en='', zh=''),
    )] = None

    attention_config: Annotated[JsonObject | None, Arg(
        '--attention-config', '-ac',
        help=Text(en='', zh=''),
    )] = None

    engram_config: Annotated[JsonObject | None, Arg(
        '--engram-config',
        help=Text(en='', zh=''),
    )] = None

    reasoning_config: Annotated[JsonObject | None, Arg(
        '--reasoning-config',
        help=Text(en='', zh=''),
    )] = None

    kernel_config: Annotated[JsonObject | None, Arg(
        '--kernel-config',
        help=Text(en='', zh=''),
    )] = None

    additional_config: Annotated[JsonObject, Arg(
        '--additional-config',
        help=Text(en='', zh=''),
    )] = {}

    structured_outputs_config: Annotated[JsonObject | None, Arg(
        '--structured-outputs-config',
        help=Text(en='', zh=''),
    )] = None

    aux_output_config: Annotated[JsonObject | None, Arg(
        '--aux-output-config',
        help=Text(en='', zh=''),
    )] = None

    profiler_config: Annotated[JsonObject | None, Arg(
        '--profiler-config',
        help=Text(en='', zh=''),
    )] = None

    optimization_level: Annotated[str, Arg(
        '--optimization-level',
        help=Text(en='', zh=''),
    )] = '2'

    performance_mode: Annotated[Literal['balanced', 'interactivity', 'throughput'], Arg(
        '--performance-mode',
        help=Text(en='', zh=''),
    )] = 'balanced'

    weight_transfer_config: Annotated[JsonObject | None, Arg(
        '--weight-transfer-config',
        help=Text(en='', zh=''),
    )] = None
