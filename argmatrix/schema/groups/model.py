"""Model and tokenizer: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('model', Text(en='Model and tokenizer', zh='模型与分词器'))


class ModelArgs:

    model_path: Annotated[str | None, Arg(
        '--model-path', '--model',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    tokenizer_path: Annotated[str | None, Arg(
        '--tokenizer-path',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    tokenizer_mode: Annotated[Literal['auto', 'slow'], Arg(
        '--tokenizer-mode',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 'auto'

    tokenizer_worker_num: Annotated[PositiveInt, Arg(
        '--tokenizer-worker-num',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 1

    skip_tokenizer_init: Annotated[bool, Arg(
        '--skip-tokenizer-init',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    load_format: Annotated[Literal['auto', 'pt', 'safetensors', 'npcache', 'dummy', 'sharded_state', 'gguf', 'bitsandbytes', 'layered', 'remote', 'remote_instance'], Arg(
        '--load-format',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('auto', 'safetensors'),
    )] = 'auto'

    model_loader_extra_config: Annotated[JsonObject, Arg(
        '--model-loader-extra-config',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = {}

    trust_remote_code: Annotated[bool, Arg(
        '--trust-remote-code',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    context_length: Annotated[PositiveHumanInt | None, Arg(
        '--context-length',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    is_embedding: Annotated[bool, Arg(
        '--is-embedding',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    enable_multimodal: Annotated[bool | None, Arg(
        '--enable-multimodal',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    revision: Annotated[str | None, Arg(
        '--revision',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    model_impl: Annotated[Literal['auto', 'sglang', 'transformers', 'mindspore'], Arg(
        '--model-impl',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('auto', 'sglang', 'transformers'),
    )] = 'auto'
