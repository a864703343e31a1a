"""API related: authentication, model naming, chat templates and output parsers of the OpenAI-compatible server."""

from typing import Annotated, Literal

from ..meta import Arg, Group, Text
from ..types import JsonObject, PositiveInt

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
            zh="OpenAI 兼容对话接口使用的聊天模板，可填内置模板名或模板文件路径。不设置时使用分词器自带的模板。",
        ),
    )] = None

    trust_request_chat_template: Annotated[bool, Arg(
        '--trust-request-chat-template',
        help=Text(
            en="Let a request replace the server's chat template by putting chat_template into the request's "
               "chat_template_kwargs. Disabled unless set, because a template supplied by a request can run "
               "arbitrary template logic; enable it only for trusted clients.",
            zh="允许请求在 chat_template_kwargs 中传入 chat_template，替换服务端的聊天模板。"
               "出于安全考虑默认关闭（请求自带的模板可以执行任意模板逻辑），只应对可信客户端开启。",
        ),
    )] = False

    default_chat_template_kwargs: Annotated[JsonObject | None, Arg(
        '--default-chat-template-kwargs',
        help=Text(
            en="Chat-template variables applied to every request that does not set them itself, as a JSON "
               "object, e.g. {\"enable_thinking\": false}. The keys must be ones the model's chat template reads; "
               "a request's own chat_template_kwargs win.",
            zh="对所有请求生效的聊天模板变量默认值，为 JSON 对象，例如 {\"enable_thinking\": false}。"
               "键名须是模型聊天模板实际读取的变量；请求自带的 chat_template_kwargs 优先。",
        ),
    )] = None

    hf_chat_template_name: Annotated[str | None, Arg(
        '--hf-chat-template-name',
        help=Text(
            en=(
                "Which named chat template to use when the Hugging Face tokenizer ships several (e.g. default, "
                "tool_use, rag). Unset picks the first one available."
            ),
            zh="Hugging Face 分词器带有多个具名聊天模板（如 default、tool_use、rag）时，指定选用哪一个；不设置则取第一个可用模板。",
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

    reasoning_parser: Annotated[Literal['deepseek-r1', 'deepseek-v3', 'glm45', 'gpt-oss', 'kimi', 'kimi_k2', 'minimax', 'qwen3', 'qwen3-thinking', 'step3', 'apertus2509', 'auto', 'beam', 'cohere_command4', 'deepseek-v4', 'deepseek-v41', 'dots', 'gemma4', 'gigachat35', 'granite_thinking_parser', 'hunyuan', 'inkling', 'interns1', 'iquest_q1', 'k2_horizon', 'kimi_k3', 'ling3', 'mimo', 'minimax-append-think', 'minimax-m3', 'mistral', 'muse', 'nanbeige', 'nano_v3', 'nemotron_3', 'poolside_v1', 'response_template', 'step3p5'] | None, Arg(
        '--reasoning-parser',
        help=Text(
            en=(
                "Parser that separates a reasoning model's thinking from its final answer and returns the thinking as "
                "reasoning_content. Pick the one matching the model family; unset returns the raw text."
            ),
            zh="用于推理模型的解析器，将思考过程与最终回答拆开，思考部分以 reasoning_content 字段返回。按模型系列选择；不设置时原样返回文本。",
        ),
    )] = None

    strip_thinking_cache: Annotated[bool, Arg(
        '--strip-thinking-cache',
        help=Text(
            en="When a reasoning model finishes a request, keep only the prompt in the prefix cache and drop the "
               "generated thinking and answer. Saves cache space when later turns do not send the reasoning "
               "back, but changes what later requests can reuse.",
            zh="推理模型的请求结束后，前缀缓存中只保留提示词部分，丢弃生成的思考过程和回答。后续轮次不回传推理内容时可节省缓存空间，"
               "但会改变后续请求能够复用的内容。",
        ),
    )] = False

    enable_strict_thinking: Annotated[bool, Arg(
        '--enable-strict-thinking',
        help=Text(
            en="While a reasoning model is still thinking, mask out the tokens the model must not produce in "
               "that phase (such as tool-call markers). Needs a grammar backend that can filter tokens.",
            zh="推理模型仍处于思考阶段时，屏蔽该阶段不允许出现的 token（如工具调用标记）。需要能够过滤 token "
               "的语法后端。",
        ),
    )] = False

    tool_call_parser: Annotated[Literal['deepseekv3', 'deepseekv31', 'glm', 'glm45', 'gpt-oss', 'kimi_k2', 'llama3', 'mistral', 'pythonic', 'qwen', 'qwen25', 'qwen3_coder', 'step3', 'apertus2509', 'auto', 'beam', 'cohere_command4', 'deepseekv32', 'deepseekv4', 'deepseekv41', 'dots', 'gemma4', 'gigachat3', 'gigachat35', 'glm47', 'hermes', 'hunyuan', 'inkling', 'interns1', 'iquest_q1', 'k2_horizon', 'kimi_k3', 'lfm2', 'ling3', 'mimo', 'minicpm5', 'minimax-m2', 'minimax-m3', 'muse', 'nanbeige', 'poolside_v1', 'response_template', 'spark25', 'step3p5', 'trinity'] | None, Arg(
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
                "请求未指定采样参数时默认值的来源：model 采用模型自带的生成配置中的推荐值（若存在）；openai 采用 OpenAI 风格默认值（如 temperature、"
                "top_p 均为 1.0）。"
            ),
        ),
    )] = 'model'

    file_storage_path: Annotated[str | None, Arg(
        '--file-storage-path',
        help=Text(
            en="Directory in which the file storage backend of the hierarchical cache (--hicache-storage-backend "
               "file) keeps KV cache pages. A file_storage_path key in --hicache-storage-backend-extra-config "
               "and the SGLANG_HICACHE_FILE_BACKEND_STORAGE_DIR environment variable both take precedence; with "
               "none of them set, /tmp/hicache is used.",
            zh="分层缓存的文件存储后端（--hicache-storage-backend file）存放 KV 缓存页的目录。"
               "--hicache-storage-backend-extra-config 中的 file_storage_path "
               "键和环境变量 SGLANG_HICACHE_FILE_BACKEND_STORAGE_DIR 都优先于此参数；"
               "三者都未设置时使用 /tmp/hicache。",
        ),
    )] = None

    return_input_ids: Annotated[bool, Arg(
        '--return-input-ids',
        help=Text(
            en="Attach the prompt's token IDs to every chat completion response, in the sglext extension field, "
               "as if each request had set return_input_ids_in_sglext.",
            zh="在每个对话补全响应的 sglext 扩展字段中附上提示词的 token ID，效果等同于每个请求都设置了 "
               "return_input_ids_in_sglext。",
        ),
    )] = False

    return_output_ids: Annotated[bool, Arg(
        '--return-output-ids',
        help=Text(
            en="Attach the generated token IDs to every chat completion response, in the sglext extension field, "
               "as if each request had set return_output_ids_in_sglext.",
            zh="在每个对话补全响应的 sglext 扩展字段中附上生成结果的 token ID，效果等同于每个请求都设置了 "
               "return_output_ids_in_sglext。",
        ),
    )] = False

    asr_max_buffer_seconds: Annotated[PositiveInt, Arg(
        '--asr-max-buffer-seconds',
        help=Text(
            en="Most seconds of audio the realtime speech-recognition WebSocket buffers for one session; a "
               "client that sends audio faster than it is transcribed and passes the limit gets a "
               "buffer_overflow error and the session closes. Protects the server's memory.",
            zh="实时语音识别 WebSocket 为单个会话最多缓存多少秒的音频；客户端发送音频快于识别速度并超出该上限时，"
               "会收到 buffer_overflow 错误，会话随即关闭。用于保护服务端内存。",
        ),
    )] = 60

    asr_max_concurrent_sessions: Annotated[PositiveInt, Arg(
        '--asr-max-concurrent-sessions',
        help=Text(
            en="Most realtime speech-recognition sessions /v1/realtime serves at once; a connection beyond the "
               "limit receives a too_many_sessions error and is closed.",
            zh="/v1/realtime 同时服务的实时语音识别会话上限；超出上限的连接会收到 too_many_sessions "
               "错误后被关闭。",
        ),
    )] = 32

    enable_response_store: Annotated[bool, Arg(
        '--enable-response-store',
        help=Text(
            en="Keep the results of the Responses API in server memory, so they can be fetched later, chained "
               "into follow-up requests and run in the background. Not available with prefill/decode "
               "disaggregation; stored responses never expire and have no size limit, so memory grows with use.",
            zh="把 Responses 接口的结果保存在服务端内存中，以便事后查询、串联到后续请求以及在后台执行。不支持预填充/解码分离部署；"
               "保存的结果不会过期，也没有容量上限，内存占用会随使用增长。",
        ),
    )] = False
