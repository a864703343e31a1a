"""vLLM Weight loading: the `vllm serve` flags of its LoadConfig group."""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import HumanInt, JsonObject

GROUP = Group('vllm_load', Text(en='Weight loading', zh='权重加载'))


class LoadArgs:

    load_format: Annotated[str, Arg(
        '--load-format',
        help=Text(en='', zh=''),
    )] = 'auto'

    download_dir: Annotated[str | None, Arg(
        '--download-dir',
        help=Text(en='', zh=''),
    )] = None

    safetensors_load_strategy: Annotated[Literal['eager', 'lazy', 'prefetch', 'torchao'] | None, Arg(
        '--safetensors-load-strategy',
        help=Text(en='', zh=''),
    )] = None

    safetensors_prefetch_num_threads: Annotated[int, Arg(
        '--safetensors-prefetch-num-threads',
        help=Text(en='', zh=''),
    )] = 8

    safetensors_prefetch_block_size: Annotated[HumanInt, Arg(
        '--safetensors-prefetch-block-size',
        help=Text(en='', zh=''),
    )] = 16777216

    model_loader_extra_config: Annotated[JsonObject, Arg(
        '--model-loader-extra-config',
        help=Text(en='', zh=''),
    )] = {}

    ignore_patterns: Annotated[list[str], Arg(
        '--ignore-patterns',
        help=Text(en='', zh=''),
    )] = ['original/**/*']

    use_tqdm_on_load: Annotated[bool, Arg(
        '--use-tqdm-on-load', negatable=True,
        help=Text(en='', zh=''),
    )] = True

    pt_load_map_location: Annotated[JsonObject, Arg(
        '--pt-load-map-location',
        help=Text(en='', zh=''),
    )] = 'cpu'
