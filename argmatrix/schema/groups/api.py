"""API related: authentication, model naming, chat templates and output parsers of the OpenAI-compatible server."""

from typing import Annotated, Literal

from ..meta import Arg, Group, Text
from ..types import *

GROUP = Group('api', Text(en='API related', zh='API 相关'))


class ApiArgs:

    api_key: Annotated[str | None, Arg(
        '--api-key',
        help=Text(
            en=(
                "API key that clients must send as a Bearer token to call the server, including its OpenAI-compatible "
                "endpoints. Unset leaves the server open without authentication."
            ),
            zh="客户端调用服务（含 OpenAI 兼容接口）时须以 Bearer 令牌携带的 API 密钥。不设置时服务不做鉴权。",
        ),
    )] = None

    admin_api_key: Annotated[str | None, Arg(
        '--admin-api-key',
        help=Text(
            en=(
                "Separate key for administrative endpoints such as weight updates, cache flushing and server info. "
                "When set, those endpoints require 'Authorization: Bearer <key>'."
            ),
            zh="管理类接口（如权重更新、缓存清空、服务信息查询）专用的密钥。设置后，这些接口必须携带 Authorization: Bearer <密钥> 才能访问。",
        ),
    )] = None

    served_model_name: Annotated[str | None, Arg(
        '--served-model-name',
        help=Text(
            en=(
                "Name under which the model is advertised by /v1/models and echoed in API responses. Defaults to the "
                "model path."
            ),
            zh="对外展示的模型名称，由 /v1/models 返回并出现在 API 响应中；不设置时使用模型路径。",
        ),
    )] = None

    weight_version: Annotated[str, Arg(
        '--weight-version',
        help=Text(
            en=(
                "Free-form version label of the loaded weights, reported by the server info endpoints and in response "
                "metadata; handy for telling which weights served a request after online weight updates."
            ),
            zh="当前权重的版本标签（任意字符串），会出现在服务信息接口与响应元信息中，便于在线更新权重后区分请求由哪一版权重处理。",
        ),
    )] = 'default'

    chat_template: Annotated[str | None, Arg(
        '--chat-template',
        help=Text(
            en=(
                "Chat template for the OpenAI-compatible chat API: a built-in template name or a path to a template "
                "file. Unset uses the template shipped with the tokenizer."
            ),
            zh="OpenAI 兼容对话接口使用的对话模板，可填内置模板名或模板文件路径。不设置时使用分词器自带的模板。",
        ),
    )] = None

    hf_chat_template_name: Annotated[str | None, Arg(
        '--hf-chat-template-name',
        help=Text(
            en=(
                "Which named chat template to use when the Hugging Face tokenizer ships several (e.g. default, "
                "tool_use, rag). Unset picks the first one available."
            ),
            zh="Hugging Face 分词器带有多个具名对话模板（如 default、tool_use、rag）时，指定选用哪一个；不设置则取第一个可用模板。",
        ),
    )] = None

    completion_template: Annotated[str | None, Arg(
        '--completion-template',
        help=Text(
            en=(
                "Completion template (built-in name or file path) for the OpenAI-compatible completions API; currently "
                "only used for code completion such as fill-in-the-middle."
            ),
            zh="OpenAI 兼容补全接口使用的补全模板（内置名称或文件路径），目前只用于代码补全（如中间填充 FIM）。",
        ),
    )] = None

    enable_cache_report: Annotated[bool, Arg(
        '--enable-cache-report',
        help=Text(
            en=(
                "Report in each OpenAI-compatible response how many prompt tokens were served from the prefix cache "
                "(usage.prompt_tokens_details.cached_tokens)."
            ),
            zh="在 OpenAI 兼容响应的用量信息（usage）中附带 cached_tokens，即命中前缀缓存的提示词 token 数。",
        ),
    )] = False

    reasoning_parser: Annotated[Literal['deepseek-r1', 'deepseek-v3', 'glm45', 'gpt-oss', 'kimi', 'kimi_k2', 'minimax', 'qwen3', 'qwen3-thinking', 'step3'] | None, Arg(
        '--reasoning-parser',
        help=Text(
            en=(
                "Parser that separates a reasoning model's thinking from its final answer and returns the thinking as "
                "reasoning_content. Pick the one matching the model family; unset returns the raw text."
            ),
            zh="用于推理模型的解析器，将思考过程与最终回答拆开，思考部分以 reasoning_content 字段返回。按模型系列选择；不设置时原样返回文本。",
        ),
    )] = None

    tool_call_parser: Annotated[Literal['deepseekv3', 'deepseekv31', 'glm', 'glm45', 'gpt-oss', 'kimi_k2', 'llama3', 'mistral', 'pythonic', 'qwen', 'qwen25', 'qwen3_coder', 'step3'] | None, Arg(
        '--tool-call-parser',
        help=Text(
            en=(
                "Parser that extracts function/tool calls from the generated text into the OpenAI tool_calls format. "
                "Pick the one matching the model family; unset disables tool-call parsing."
            ),
            zh="从生成文本中提取函数/工具调用并转换为 OpenAI tool_calls 格式的解析器。按模型系列选择；不设置则不解析工具调用。",
        ),
    )] = None

    sampling_defaults: Annotated[Literal['openai', 'model'], Arg(
        '--sampling-defaults',
        help=Text(
            en=(
                "Where default sampling parameters come from when a request omits them: 'model' uses the "
                "recommendations in the model's generation_config.json if present, 'openai' the OpenAI-style defaults "
                "(temperature 1.0, top_p 1.0, ...)."
            ),
            zh=(
                "请求未指定采样参数时默认值的来源：model 采用模型生成配置（generation config）中的推荐值（若存在）；openai 采用 OpenAI 风格默认值（如 temperature、"
                "top_p 均为 1.0）。"
            ),
        ),
    )] = 'model'
