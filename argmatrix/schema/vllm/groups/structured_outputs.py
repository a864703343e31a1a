"""vLLM's structured outputs flags with flags of their own (its StructuredOutputsConfig): the reasoning
parser. The grammar backend and its options are keys of `--structured-outputs-config`.
"""

from typing import Annotated

from ...meta import Arg, Group, Text

GROUP = Group('vllm_structured_outputs', Text(en='Structured outputs', zh='结构化输出'))


class StructuredOutputsArgs:

    reasoning_parser: Annotated[str, Arg(
        '--reasoning-parser',
        help=Text(
            en="Parser that separates a reasoning model's thinking from its answer, returned as reasoning_content in "
               "the OpenAI API (e.g. 'deepseek_r1', 'qwen3', 'glm45', 'openai_gptoss'). Empty: no separation.",
            zh="把推理模型的思考内容与回答分开的解析器，思考内容以 `reasoning_content` 字段在 OpenAI 接口中返回（例如 "
               "'deepseek_r1'、'qwen3'、'glm45'、'openai_gptoss'）。为空表示不拆分。",
        ),
    )] = ''

    reasoning_parser_plugin: Annotated[str, Arg(
        '--reasoning-parser-plugin',
        help=Text(
            en="Path of a Python file that registers an extra reasoning parser at start-up, for use with "
               "--reasoning-parser.",
            zh="启动时注册额外推理解析器的 Python 文件路径，注册后可通过 --reasoning-parser 使用。",
        ),
    )] = ''
