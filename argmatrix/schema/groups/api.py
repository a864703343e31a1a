"""API related: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('api', Text(en='API related', zh='API 相关'))


class ApiArgs:

    api_key: Annotated[str | None, Arg(
        '--api-key',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    admin_api_key: Annotated[str | None, Arg(
        '--admin-api-key',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    served_model_name: Annotated[str | None, Arg(
        '--served-model-name',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    weight_version: Annotated[str, Arg(
        '--weight-version',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 'default'

    chat_template: Annotated[str | None, Arg(
        '--chat-template',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    hf_chat_template_name: Annotated[str | None, Arg(
        '--hf-chat-template-name',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    completion_template: Annotated[str | None, Arg(
        '--completion-template',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    enable_cache_report: Annotated[bool, Arg(
        '--enable-cache-report',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    reasoning_parser: Annotated[Literal['deepseek-r1', 'deepseek-v3', 'glm45', 'gpt-oss', 'kimi', 'kimi_k2', 'minimax', 'qwen3', 'qwen3-thinking', 'step3'] | None, Arg(
        '--reasoning-parser',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('deepseek-r1', 'deepseek-v3', 'glm45', 'gpt-oss', 'kimi', 'qwen3', 'qwen3-thinking', 'step3'),
    )] = None

    tool_call_parser: Annotated[Literal['deepseekv3', 'deepseekv31', 'glm', 'glm45', 'gpt-oss', 'kimi_k2', 'llama3', 'mistral', 'pythonic', 'qwen', 'qwen25', 'qwen3_coder', 'step3'] | None, Arg(
        '--tool-call-parser',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('llama3', 'pythonic', 'qwen', 'qwen3_coder'),
    )] = None

    sampling_defaults: Annotated[Literal['openai', 'model'], Arg(
        '--sampling-defaults',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 'model'
