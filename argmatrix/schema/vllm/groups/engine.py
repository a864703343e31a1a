"""vLLM's engine-wide configuration objects (its VllmConfig): the flags that take a whole JSON config
object, such as `--compilation-config`, `--speculative-config`, `--kv-transfer-config` and
`--additional-config`, plus the speculative-decoding shorthands and the optimization level and performance
mode presets. vLLM also reads each object's keys one by one (`--compilation-config.mode 3`, `-cc.mode=3`).
"""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import JsonObject, JsonObjectOrText

GROUP = Group('vllm_engine', Text(en='Engine-wide configuration objects', zh='引擎级配置对象'))


class EngineArgs:

    speculative_config: Annotated[JsonObject | None, Arg(
        '--speculative-config', '-sc',
        help=Text(
            en="JSON object configuring speculative decoding; main keys: method (e.g. 'eagle', 'eagle3', "
               "'deepseek_mtp', 'ngram', 'draft_model', 'suffix'), model (draft model or EAGLE head), "
               "num_speculative_tokens, draft_tensor_parallel_size, and prompt_lookup_max/min for n-gram. It replaces "
               "SGLang's separate --speculative-* flags.",
            zh="配置投机解码的 JSON 对象；常用键：`method`（如 'eagle'、'eagle3'、'deepseek_mtp'、'ngram'、"
               "'draft_model'、'suffix'）、`model`（草稿模型或 EAGLE 头）、`num_speculative_tokens`、"
               "`draft_tensor_parallel_size`，以及 n-gram 方法的 `prompt_lookup_max`/`prompt_lookup_min`。"
               "它对应 SGLang 中分开的各个 --speculative-* 参数。",
        ),
    )] = None

    spec_method: Annotated[Literal[
        'bailing_hybrid_mtp', 'bailing_hybrid_v3_mtp', 'custom_class', 'deepseek_mtp', 'dflash', 'dots3_note_mtp',
        'draft_model', 'dspark', 'eagle', 'eagle3', 'ernie_mtp', 'exaone4_5_mtp', 'exaone_moe_mtp',
        'extract_hidden_states', 'gemma4_mtp', 'glm4_moe_lite_mtp', 'glm4_moe_mtp', 'glm5_next_mtp', 'glm_ocr_mtp',
        'hy_v3_mtp', 'hy_v4_mtp', 'inkling_mtp', 'kimi_k3_mtp', 'longcat_flash_mtp', 'medusa', 'mimo_mtp',
        'mimo_v2_mtp', 'minimax_m3_mtp', 'mlp_speculator', 'mtp', 'nemotron_h_mtp', 'ngram', 'ngram_gpu',
        'pangu_ultra_moe_mtp', 'qwen3_5_mtp', 'qwen3_next_mtp', 'qwen4_exp_mtp', 'step3p5_mtp', 'step5_mtp', 'suffix',
    ] | None, Arg(
        '--spec-method',
        help=Text(
            en="Shorthand for the method key of --speculative-config: the speculative decoding method (e.g. 'eagle3', "
               "'deepseek_mtp', 'ngram', 'draft_model'). Cannot be combined with that key in --speculative-config.",
            zh="--speculative-config 中 `method` 键的简写：投机解码方法（如 'eagle3'、'deepseek_mtp'、'ngram'、"
               "'draft_model'）。不能与 --speculative-config 中的同名键同时设置。",
        ),
    )] = None

    spec_model: Annotated[str | None, Arg(
        '--spec-model',
        help=Text(
            en="Shorthand for the model key of --speculative-config: the draft model or EAGLE head to load. Cannot be "
               "combined with that key in --speculative-config.",
            zh="--speculative-config 中 `model` 键的简写：要加载的草稿模型或 EAGLE 头。不能与 --speculative-config 中"
               "的同名键同时设置。",
        ),
    )] = None

    spec_tokens: Annotated[int | None, Arg(
        '--spec-tokens',
        help=Text(
            en="Shorthand for the num_speculative_tokens key of --speculative-config: how many tokens are drafted per "
               "step. Cannot be combined with that key in --speculative-config.",
            zh="--speculative-config 中 `num_speculative_tokens` 键的简写：每步草拟的 token 数。"
               "不能与 --speculative-config 中的同名键同时设置。",
        ),
    )] = None

    watermark_config: Annotated[JsonObject | None, Arg(
        '--watermark-config',
        help=Text(
            en="JSON object turning on text watermarking of the output; keys: key (the secret seed, required), "
               "algorithm ('gumbel'), alpha (strength, 0.1), context_width (4) and prf ('philox'). Unset: no "
               "watermark.",
            zh="开启输出文本水印的 JSON 对象；键：`key`（密钥种子，必填）、`algorithm`（默认 'gumbel'）、"
               "`alpha`（强度，默认 0.1）、`context_width`（默认 4）与 `prf`（默认 'philox'）。不设置即不加水印。",
        ),
    )] = None

    diffusion_config: Annotated[JsonObject | None, Arg(
        '--diffusion-config', '-dc',
        help=Text(
            en="JSON object for diffusion language models (dLLM); keys: canvas_length (tokens generated together) and "
               "max_denoising_steps.",
            zh="扩散语言模型的 JSON 配置对象；键：`canvas_length`（一同生成的 token 数）与 `max_denoising_steps`。",
        ),
    )] = None

    kv_transfer_config: Annotated[JsonObject | None, Arg(
        '--kv-transfer-config',
        help=Text(
            en="JSON object for moving KV cache between instances (prefill/decode disaggregation, KV offloading "
               "connectors); main keys: kv_connector (e.g. 'NixlConnector', 'MooncakeConnector', "
               "'LMCacheConnectorV1', 'OffloadingConnector'), kv_role ('kv_producer', 'kv_consumer' or 'kv_both'), "
               "kv_buffer_device, kv_port and kv_connector_extra_config. The counterpart of SGLang's "
               "--disaggregation-* flags.",
            zh="在实例之间传输 KV 缓存（预填充/解码分离、KV 卸载连接器）的 JSON 对象；常用键："
               "`kv_connector`（如 'NixlConnector'、'MooncakeConnector'、'LMCacheConnectorV1'、'OffloadingConnector'）"
               "、`kv_role`（'kv_producer'、'kv_consumer' 或 'kv_both'）、`kv_buffer_device`、"
               "`kv_port` 与 `kv_connector_extra_config`。对应 SGLang 的 --disaggregation-* 参数。",
        ),
    )] = None

    kv_events_config: Annotated[JsonObject | None, Arg(
        '--kv-events-config',
        help=Text(
            en="JSON object for publishing KV cache events (blocks stored and removed) to outside routers; keys: "
               "enable_kv_cache_events, publisher ('zmq'), endpoint ('tcp://*:5557'), replay_endpoint, topic and "
               "buffer sizes.",
            zh="向外部路由组件发布 KV 缓存事件（块的存入与移除）的 JSON 对象；键：`enable_kv_cache_events`、"
               "`publisher`（'zmq'）、`endpoint`（默认 'tcp://*:5557'）、`replay_endpoint`、`topic` 以及缓冲区大小。",
        ),
    )] = None

    ec_transfer_config: Annotated[JsonObject | None, Arg(
        '--ec-transfer-config',
        help=Text(
            en="JSON object for moving encoder outputs (e.g. image embeddings) between instances when the multimodal "
               "encoder runs apart from the language model; keys: ec_connector, ec_role, ec_buffer_device, ec_ip, "
               "ec_port and ec_connector_extra_config.",
            zh="多模态编码器与语言模型分开部署时，在实例之间传输编码器输出（如图像嵌入）的 JSON 对象；键："
               "`ec_connector`、`ec_role`、`ec_buffer_device`、`ec_ip`、`ec_port` 与 `ec_connector_extra_config`。",
        ),
    )] = None

    ec_manager_config: Annotated[JsonObject | None, Arg(
        '--ec-manager-config',
        help=Text(
            en="JSON object choosing a custom encoder cache manager: encoder_cache_manager_cls (class path) and its "
               "manager_config.",
            zh="选择自定义编码器缓存管理器的 JSON 对象：`encoder_cache_manager_cls`（类路径）及其 `manager_config`。",
        ),
    )] = None

    compilation_config: Annotated[JsonObject | None, Arg(
        '--compilation-config', '-cc',
        help=Text(
            en="JSON object for torch.compile and CUDA graph capture; main keys: mode (0 none, 3 vLLM's compile), "
               "cudagraph_mode ('NONE', 'PIECEWISE', 'FULL', 'FULL_DECODE_ONLY', 'FULL_AND_PIECEWISE'), "
               "cudagraph_capture_sizes (batch sizes, SGLang's --cuda-graph-bs), max_cudagraph_capture_size, "
               "custom_ops, splitting_ops and pass_config. Single keys can be set as -cc.mode=3.",
            zh="配置 torch.compile 与 CUDA Graph 捕获的 JSON 对象；常用键：`mode`（0 不编译，3 为 vLLM 编译）、"
               "`cudagraph_mode`（'NONE'、'PIECEWISE'、'FULL'、'FULL_DECODE_ONLY'、'FULL_AND_PIECEWISE'）、"
               "`cudagraph_capture_sizes`（捕获的批大小，相当于 SGLang 的 --cuda-graph-bs）、`"
               "max_cudagraph_capture_size`、`custom_ops`、`splitting_ops` 与 `pass_config`。单个键可写成 -cc.mode=3。",
        ),
    )] = None

    attention_config: Annotated[JsonObject | None, Arg(
        '--attention-config', '-ac',
        help=Text(
            en="JSON object configuring attention; main keys: backend (the attention backend, as "
               "--attention-backend), flash_attn_version, use_trtllm_attention, mla_prefill_backend and the "
               "sparse-attention indexer options.",
            zh="配置注意力的 JSON 对象；常用键：`backend`（注意力后端，同 --attention-backend）、"
               "`flash_attn_version`、`use_trtllm_attention`、`mla_prefill_backend` 以及稀疏注意力索引器的相关选项。",
        ),
    )] = None

    engram_config: Annotated[JsonObject | None, Arg(
        '--engram-config',
        help=Text(
            en="JSON object for the storage and sharding of n-gram embedding (Engram) tables; keys: cpu_offload "
               "(True), embedding_across_dp, dp_shared_memory and use_thp.",
            zh="n-gram 嵌入表（`Engram`）的存储与切分方式的 JSON 对象；键：`cpu_offload`（默认 `True`）、"
               "`embedding_across_dp`、`dp_shared_memory` 与 `use_thp`。",
        ),
    )] = None

    reasoning_config: Annotated[JsonObject | None, Arg(
        '--reasoning-config',
        help=Text(
            en="JSON object for reasoning models: reasoning_parser, and reasoning_start_str / reasoning_end_str (the "
               "strings that open and close the thinking part), used to limit or end thinking.",
            zh="推理模型的 JSON 配置对象：`reasoning_parser`，以及标记思考内容开始和结束的 `reasoning_start_str`、"
               "`reasoning_end_str`，用于限制或结束思考过程。",
        ),
    )] = None

    kernel_config: Annotated[JsonObject | None, Arg(
        '--kernel-config',
        help=Text(
            en="JSON object choosing kernels, the same settings as the Kernels group's flags: moe_backend, "
               "linear_backend, ir_op_priority, enable_flashinfer_autotune and the warm-up switches.",
            zh="选择算子的 JSON 对象，内容与“算子”组的各参数相同：`moe_backend`、`linear_backend`、"
               "`ir_op_priority`、`enable_flashinfer_autotune` 以及各预热开关。",
        ),
    )] = None

    additional_config: Annotated[JsonObjectOrText, Arg(
        '--additional-config',
        help=Text(
            en="JSON object passed unchanged to the platform plugin, whose keys only that platform defines. On "
               "vLLM-Ascend it carries the Ascend options (e.g. ascend_compilation_config, scheduler_config, "
               "finegrained_tp_config, enable_shared_expert_dp, weight_nz_mode; see vLLM-Ascend's additional_config "
               "reference). Values must be hashable.",
            zh="原样传给平台插件的 JSON 对象，键由该平台自行定义。在 vLLM-Ascend 上用于传递昇腾专有选项（如 `"
               "ascend_compilation_config`、`scheduler_config`、`finegrained_tp_config`、`enable_shared_expert_dp`、"
               "`weight_nz_mode`，见 vLLM-Ascend 的 `additional_config` 说明）。其中的值必须可哈希。",
        ),
    )] = {}

    structured_outputs_config: Annotated[JsonObject | None, Arg(
        '--structured-outputs-config',
        help=Text(
            en="JSON object for structured outputs, the same settings as the Structured outputs group's flags: "
               "backend ('auto', 'xgrammar', 'guidance', 'outlines', 'lm-format-enforcer'), disable_any_whitespace, "
               "disable_additional_properties and reasoning_parser.",
            zh="结构化输出的 JSON 配置对象，内容与“结构化输出”组的各参数相同：`backend`（'auto'、'xgrammar'、"
               "'guidance'、'outlines'、'lm-format-enforcer'）、`disable_any_whitespace`、`"
               "disable_additional_properties` 与 `reasoning_parser`。",
        ),
    )] = None

    aux_output_config: Annotated[JsonObject | None, Arg(
        '--aux-output-config',
        help=Text(
            en="JSON object for auxiliary outputs returned with results: enable_return_routed_experts (as "
               "--enable-return-routed-experts) and max_bytes.",
            zh="随结果返回的辅助输出的 JSON 配置对象：`enable_return_routed_experts`（同 "
               "--enable-return-routed-experts）与 `max_bytes`。",
        ),
    )] = None

    profiler_config: Annotated[JsonObject | None, Arg(
        '--profiler-config',
        help=Text(
            en="JSON object for the profiler started through the /start_profile endpoint; main keys: profiler "
               "('torch' or 'cuda'), torch_profiler_dir, torch_profiler_with_stack, torch_profiler_record_shapes, "
               "delay_iterations and max_iterations.",
            zh="通过 /start_profile 接口启动的性能剖析器的 JSON 配置对象；常用键：`profiler`（'torch' 或 'cuda'）、"
               "`torch_profiler_dir`、`torch_profiler_with_stack`、`torch_profiler_record_shapes`、"
               "`delay_iterations` 与 `max_iterations`。",
        ),
    )] = None

    optimization_level: Annotated[str, Arg(
        '--optimization-level',
        help=Text(
            en="Preset trading start-up time for speed (also written -O0 to -O3): 0 no compilation and no CUDA graphs "
               "(fastest start), 1 torch.compile with piecewise CUDA graphs, 2 adds full CUDA graphs (default), 3 "
               "currently the same as 2. Explicit --compilation-config keys override it.",
            zh="在启动耗时与运行速度之间取舍的预设（也可写作 -O0 到 -O3）：0 不编译、不用 CUDA Graph（启动最快）；"
               "1 使用 torch.compile 与分段 CUDA Graph；2 再加上完整 CUDA Graph（默认）；3 目前与 2 相同。"
               "--compilation-config 中显式给出的键优先于它。",
        ),
    )] = '2'

    performance_mode: Annotated[Literal['balanced', 'interactivity', 'throughput'], Arg(
        '--performance-mode',
        help=Text(
            en="Tuning preset: 'balanced' (default); 'interactivity' for low per-request latency at small batches "
               "(finer CUDA graph sizes, latency-oriented kernels); 'throughput' for total tokens per second at high "
               "concurrency (larger CUDA graphs, more aggressive batching).",
            zh="调优预设：'balanced'（默认）；'interactivity' 面向小批量下单个请求的低延迟（更细的 CUDA Graph 尺寸、"
               "偏重延迟的算子）；'throughput' 面向高并发下的总 token 吞吐（更大的 CUDA Graph、更激进的批处理）。",
        ),
    )] = 'balanced'

    weight_transfer_config: Annotated[JsonObject | None, Arg(
        '--weight-transfer-config',
        help=Text(
            en="JSON object for receiving updated weights from a trainer during RL; key backend ('nccl' by default).",
            zh="强化学习过程中从训练端接收更新权重的 JSON 配置对象；键 `backend`（默认为 'nccl'）。",
        ),
    )] = None

    watchdog_config: Annotated[JsonObject | None, Arg(
        '--watchdog-config',
        help=Text(
            en="JSON object for the stack-dump watchdog, which writes every thread's stack to a file when the main "
               "thread stops responding: timeout (seconds, 300), check_interval (seconds, 10), dump_dir (empty: "
               "off). New in vLLM 0.33.",
            zh="JSON 对象，配置栈转储看门狗：主线程停止响应时把所有线程的调用栈写入文件。键有 timeout（秒，默认 300）、"
               "check_interval（秒，默认 10）、dump_dir（为空则关闭）。vLLM 0.33 新增。",
        ),
    )] = None
