"""vLLM LoRA adapters: the `vllm serve` flags of its LoRAConfig group."""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import JsonObject

GROUP = Group('vllm_lora', Text(en='LoRA adapters', zh='LoRA 适配器'))


class LoraArgs:

    enable_lora: Annotated[bool | None, Arg(
        '--enable-lora', negatable=True,
        help=Text(en='', zh=''),
    )] = None

    max_loras: Annotated[int, Arg(
        '--max-loras',
        help=Text(en='', zh=''),
    )] = 1

    max_lora_rank: Annotated[Literal[1, 8, 16, 32, 64, 128, 256, 320, 512], Arg(
        '--max-lora-rank',
        help=Text(en='', zh=''),
    )] = 16

    lora_dtype: Annotated[Literal['auto', 'bfloat16', 'float16'], Arg(
        '--lora-dtype',
        help=Text(en='', zh=''),
    )] = 'auto'

    enable_tower_connector_lora: Annotated[bool, Arg(
        '--enable-tower-connector-lora', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    max_cpu_loras: Annotated[int | None, Arg(
        '--max-cpu-loras',
        help=Text(en='', zh=''),
    )] = None

    fully_sharded_loras: Annotated[bool, Arg(
        '--fully-sharded-loras', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    lora_target_modules: Annotated[list[str] | None, Arg(
        '--lora-target-modules',
        help=Text(en='', zh=''),
    )] = None

    default_mm_loras: Annotated[JsonObject | None, Arg(
        '--default-mm-loras',
        help=Text(en='', zh=''),
    )] = None

    specialize_active_lora: Annotated[bool, Arg(
        '--specialize-active-lora', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    enable_mixed_moe_lora_format: Annotated[bool, Arg(
        '--enable-mixed-moe-lora-format', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    enable_moe_shared_loras: Annotated[bool, Arg(
        '--enable-moe-shared-loras', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    max_lora_cls_labels: Annotated[int | None, Arg(
        '--max-lora-cls-labels',
        help=Text(en='', zh=''),
    )] = None
