"""vLLM Structured outputs: the `vllm serve` flags of its StructuredOutputsConfig group."""

from typing import Annotated

from ...meta import Arg, Group, Text

GROUP = Group('vllm_structured_outputs', Text(en='Structured outputs', zh='结构化输出'))


class StructuredOutputsArgs:

    reasoning_parser: Annotated[str, Arg(
        '--reasoning-parser',
        help=Text(en='', zh=''),
    )] = ''

    reasoning_parser_plugin: Annotated[str, Arg(
        '--reasoning-parser-plugin',
        help=Text(en='', zh=''),
    )] = ''
