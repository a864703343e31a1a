"""vLLM Model: the `vllm serve` flags of its ModelConfig group."""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import HumanIntOrAuto, JsonObject

GROUP = Group('vllm_model', Text(en='Model', zh='模型'))


class ModelArgs:

    model: Annotated[str, Arg(
        '--model',
        help=Text(en='', zh=''),
    )] = 'Qwen/Qwen3-0.6B'

    runner: Annotated[Literal['auto', 'draft', 'generate', 'pooling'], Arg(
        '--runner',
        help=Text(en='', zh=''),
    )] = 'auto'

    convert: Annotated[Literal['auto', 'classify', 'embed', 'none'], Arg(
        '--convert',
        help=Text(en='', zh=''),
    )] = 'auto'

    tokenizer: Annotated[str | None, Arg(
        '--tokenizer',
        help=Text(en='', zh=''),
    )] = None

    tokenizer_mode: Annotated[str, Arg(
        '--tokenizer-mode',
        help=Text(en='', zh=''),
    )] = 'auto'

    trust_remote_code: Annotated[bool, Arg(
        '--trust-remote-code', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    dtype: Annotated[Literal['auto', 'bfloat16', 'float', 'float16', 'float32', 'half'], Arg(
        '--dtype',
        help=Text(en='', zh=''),
    )] = 'auto'

    seed: Annotated[int, Arg(
        '--seed',
        help=Text(en='', zh=''),
    )] = 0

    hf_config_path: Annotated[str | None, Arg(
        '--hf-config-path',
        help=Text(en='', zh=''),
    )] = None

    allowed_local_media_path: Annotated[str, Arg(
        '--allowed-local-media-path',
        help=Text(en='', zh=''),
    )] = ''

    allowed_media_domains: Annotated[list[str] | None, Arg(
        '--allowed-media-domains',
        help=Text(en='', zh=''),
    )] = None

    revision: Annotated[str | None, Arg(
        '--revision',
        help=Text(en='', zh=''),
    )] = None

    code_revision: Annotated[str | None, Arg(
        '--code-revision',
        help=Text(en='', zh=''),
    )] = None

    tokenizer_revision: Annotated[str | None, Arg(
        '--tokenizer-revision',
        help=Text(en='', zh=''),
    )] = None

    max_model_len: Annotated[HumanIntOrAuto | None, Arg(
        '--max-model-len',
        help=Text(en='', zh=''),
    )] = None

    quantization: Annotated[str | None, Arg(
        '--quantization', '-q',
        help=Text(en='', zh=''),
    )] = None

    quantization_config: Annotated[JsonObject | None, Arg(
        '--quantization-config',
        help=Text(en='', zh=''),
    )] = None

    allow_deprecated_quantization: Annotated[bool, Arg(
        '--allow-deprecated-quantization', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    enforce_eager: Annotated[bool, Arg(
        '--enforce-eager', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    enable_return_routed_experts: Annotated[bool, Arg(
        '--enable-return-routed-experts', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    return_sampling_mask: Annotated[bool, Arg(
        '--return-sampling-mask', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    max_logprobs: Annotated[int, Arg(
        '--max-logprobs',
        help=Text(en='', zh=''),
    )] = 20

    logprobs_mode: Annotated[Literal['processed_logits', 'processed_logprobs', 'raw_logits', 'raw_logprobs'], Arg(
        '--logprobs-mode',
        help=Text(en='', zh=''),
    )] = 'raw_logprobs'

    use_fp64_gumbel: Annotated[bool, Arg(
        '--use-fp64-gumbel', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    enable_trace_replay: Annotated[bool, Arg(
        '--enable-trace-replay', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    disable_sliding_window: Annotated[bool, Arg(
        '--disable-sliding-window', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    disable_cascade_attn: Annotated[bool | None, Arg(
        '--disable-cascade-attn', negatable=True,
        help=Text(en='', zh=''),
    )] = None

    skip_tokenizer_init: Annotated[bool, Arg(
        '--skip-tokenizer-init', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    enable_prompt_embeds: Annotated[bool, Arg(
        '--enable-prompt-embeds', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    served_model_name: Annotated[list[str] | None, Arg(
        '--served-model-name',
        help=Text(en='', zh=''),
    )] = None

    config_format: Annotated[str, Arg(
        '--config-format',
        help=Text(en='', zh=''),
    )] = 'auto'

    hf_token: Annotated[str | None, Arg(
        '--hf-token',
        help=Text(en='', zh=''),
    )] = None

    hf_overrides: Annotated[JsonObject, Arg(
        '--hf-overrides',
        help=Text(en='', zh=''),
    )] = {}

    model_class_overrides: Annotated[JsonObject, Arg(
        '--model-class-overrides',
        help=Text(en='', zh=''),
    )] = {}

    pooler_config: Annotated[JsonObject | None, Arg(
        '--pooler-config',
        help=Text(en='', zh=''),
    )] = None

    generation_config: Annotated[str, Arg(
        '--generation-config',
        help=Text(en='', zh=''),
    )] = 'auto'

    override_generation_config: Annotated[JsonObject, Arg(
        '--override-generation-config',
        help=Text(en='', zh=''),
    )] = {}

    enable_sleep_mode: Annotated[bool, Arg(
        '--enable-sleep-mode', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    sleep_mode_offload_cudagraph: Annotated[bool, Arg(
        '--sleep-mode-offload-cudagraph', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    sleep_preserve_parameter_names: Annotated[list[str], Arg(
        '--sleep-preserve-parameter-names',
        help=Text(en='', zh=''),
    )] = []

    enable_cumem_allocator: Annotated[bool, Arg(
        '--enable-cumem-allocator', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    enable_nccl_comm_suspend: Annotated[bool, Arg(
        '--enable-nccl-comm-suspend', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    model_impl: Annotated[str, Arg(
        '--model-impl',
        help=Text(en='', zh=''),
    )] = 'auto'

    logits_processors: Annotated[list[str] | None, Arg(
        '--logits-processors',
        help=Text(en='', zh=''),
    )] = None

    io_processor_plugin: Annotated[str | None, Arg(
        '--io-processor-plugin',
        help=Text(en='', zh=''),
    )] = None

    renderer_num_workers: Annotated[int, Arg(
        '--renderer-num-workers',
        help=Text(en='', zh=''),
    )] = 1
