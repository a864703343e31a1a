"""Runtime options: parallel sizes, device choice, streaming, seeds, timeouts and other process-level behaviour."""

from typing import Annotated, Literal

from ..meta import Arg, Group, Text
from ..types import NonNegInt, Port, PositiveFloat, PositiveInt

GROUP = Group('runtime', Text(en='Runtime options', zh='运行时选项'))


class RuntimeArgs:

    device: Annotated[Literal['cuda', 'xpu', 'hpu', 'npu', 'cpu'] | None, Arg(
        '--device',
        help=Text(
            en=(
                "Accelerator type to run on (cuda, xpu, hpu, npu or cpu). Unset detects the available hardware; on "
                "Ascend this is npu."
            ),
            zh="运行所用的设备类型（cuda、xpu、hpu、npu 或 cpu）。不设置时自动检测可用硬件，昇腾环境下即为 npu。",
        ),
    )] = None

    tp_size: Annotated[PositiveInt, Arg(
        '--tensor-parallel-size', '--tp-size',
        help=Text(
            en=(
                "Tensor parallel size: how many devices each layer's weights are sharded across. Raise it when the "
                "model does not fit on one device."
            ),
            zh="张量并行规模，即每一层的权重切分到多少个设备上。模型在单个设备上放不下时增大此值。",
        ),
    )] = 1

    pp_size: Annotated[PositiveInt, Arg(
        '--pipeline-parallel-size', '--pp-size',
        help=Text(
            en=(
                "Pipeline parallel size: how many stages the model's layers are split into, each stage on its own "
                "group of devices. Useful for very large models spanning several nodes."
            ),
            zh="流水线并行规模，即把模型各层划分成多少个阶段，每个阶段占用一组设备。适合跨多个节点部署超大模型。",
        ),
    )] = 1

    attn_cp_size: Annotated[PositiveInt, Arg(
        '--attention-context-parallel-size', '--attn-cp-size',
        help=Text(
            en=(
                "Context parallel size for attention: the tokens of one request are split across this many devices "
                "during attention, which speeds up long-context prefill. 1 turns it off."
            ),
            zh=(
                "注意力上下文并行规模：注意力计算时把同一请求的 token 序列切分到该数量的设备上，以加速长上下文预填充。"
                "1 表示不启用。"
            ),
        ),
    )] = 1

    enable_prefill_cp: Annotated[bool, Arg(
        '--enable-prefill-cp',
        help=Text(
            en="During prefill, split the tokens of a long prompt across the context-parallel ranks "
               "(--attn-cp-size) to speed up long-context prefill; --cp-strategy chooses the split. On a "
               "prefill/decode split it belongs on prefill instances only. It replaces "
               "--enable-nsa-prefill-context-parallel.",
            zh="预填充阶段把长提示词的 token 切分到各上下文并行 rank（--attn-cp-size）上处理，"
               "以加快长上下文预填充；切分方式由 --cp-strategy 选择。预填充/解码分离部署时只能用于预填充实例。"
               "它取代了 --enable-nsa-prefill-context-parallel。",
        ),
    )] = False

    cp_strategy: Annotated[Literal['zigzag', 'interleave'] | None, Arg(
        '--cp-strategy',
        help=Text(
            en="How --enable-prefill-cp divides a prompt among the context-parallel ranks: 'zigzag' gives each "
               "rank one block near the start and one near the end of the sequence, which balances "
               "causal-attention work; 'interleave' deals out tokens by position in turn. Unset leaves the "
               "choice to SGLang's per-model defaults.",
            zh="--enable-prefill-cp 在各上下文并行 rank 之间划分提示词的方式：zigzag 让每个 "
               "rank 分到序列开头和结尾附近各一段，使因果注意力的计算量均衡；interleave 按 token "
               "位置轮流分配。不设置时由 SGLang 按模型决定。",
        ),
    )] = None

    enable_dsa_cache_layer_split: Annotated[bool, Arg(
        '--enable-dsa-cache-layer-split',
        help=Text(
            en="For DeepSeek sparse-attention (DSA) models under prefill context parallelism, spread the KV and "
               "indexer cache layers over the context-parallel ranks instead of giving every rank all of them, "
               "cutting cache memory per rank. Prefill instances only; needs --enable-prefill-cp with "
               "--cp-strategy interleave and the Mooncake transfer backend.",
            zh="对采用 DeepSeek 稀疏注意力（DSA）的模型，在预填充上下文并行时把 KV 缓存与索引器缓存按层分散到各上下文并行 "
               "rank 上，而不是每个 rank 保存全部层，从而降低每个 rank 的缓存显存。仅限预填充实例，需要 "
               "--enable-prefill-cp 配合 --cp-strategy interleave，并使用 "
               "Mooncake 传输后端。",
        ),
    )] = False

    enable_cp_decode_attn_tp: Annotated[bool, Arg(
        '--enable-cp-decode-attn-tp',
        help=Text(
            en="With context parallelism (--attn-cp-size above 1), shard the attention projection weights across "
               "the context-parallel ranks during decode, so the ranks stop repeating the same decode matrix "
               "multiplications.",
            zh="启用上下文并行（--attn-cp-size 大于 1）时，在解码阶段把注意力投影权重切分到各上下文并行 "
               "rank 上，避免各 rank 重复执行相同的解码矩阵乘法。",
        ),
    )] = False

    enable_kv_cache_sharding: Annotated[bool, Arg(
        '--enable-kv-cache-sharding',
        help=Text(
            en="Store each cached KV page in slices across the ranks that would otherwise each hold a full copy "
               "(the context-parallel ranks for GQA models under prefill context parallelism, the attention "
               "tensor-parallel ranks for MLA models); the group then holds several times as much distinct KV. "
               "Prefill instances of prefill/decode disaggregation only.",
            zh="把每个缓存的 KV 页切片存放到原本各自保存完整副本的一组 rank 上（GQA 模型开启预填充上下文并行时为上下文并行 "
               "rank，MLA 模型为注意力张量并行 rank），成倍增加这组 rank 能容纳的不重复 KV 总量。"
               "仅用于预填充/解码分离中的预填充实例。",
        ),
    )] = False

    dcp_size: Annotated[PositiveInt, Arg(
        '--dcp-size', '--decode-context-parallel-size',
        help=Text(
            en="Decode context parallel size: during decode the KV cache of each request is spread over this "
               "many ranks, so long contexts fit and the attention work is shared. Must divide --tp-size and "
               "cannot be combined with --enable-prefill-cp; 1 turns it off.",
            zh="解码上下文并行规模：解码时把每个请求的 KV 缓存分散到该数量的 rank 上，使长上下文放得下并分担注意力计算。"
               "必须能整除 --tp-size，且不能与 --enable-prefill-cp 同时使用；1 表示不启用。",
        ),
    )] = 1

    dcp_replicate_q_proj: Annotated[bool | None, Arg(
        '--dcp-replicate-q-proj',
        help=Text(
            en="For MLA models with decode context parallelism and the a2a or fi_a2a --dcp-comm-backend, let "
               "every rank compute the full query projection itself, trading a little extra compute for one "
               "collective fewer per layer. Needs --dcp-size above 1; unset follows the model's default, and "
               "--no-dcp-replicate-q-proj turns it off.",
            zh="对 MLA 模型，在解码上下文并行且 --dcp-comm-backend 为 a2a 或 fi_a2a "
               "时，让每个 rank 自行计算完整的查询投影，以少量额外计算换取每层少一次集合通信。需要 --dcp-size "
               "大于 1；不设置时沿用模型的默认行为，--no-dcp-replicate-q-proj 可将其关闭。",
        ),
    )] = None

    moe_dp_size: Annotated[PositiveInt, Arg(
        '--moe-data-parallel-size', '--moe-dp-size',
        help=Text(
            en=(
                "Data parallel size for the MoE layers: expert weights are replicated across this many groups instead "
                "of being sharded further. 1 means no data parallelism inside MoE layers."
            ),
            zh="MoE 层的数据并行规模：专家权重在该数量的组之间复制，而不是继续切分。1 表示 MoE 层内不做数据并行。",
        ),
    )] = 1

    dwdp_size: Annotated[PositiveInt, Arg(
        '--dwdp-size',
        help=Text(
            en="Distributed weight data parallel (DWDP) size: above 1, MoE prefill fetches the expert weights it "
               "needs from the other ranks instead of sending tokens to the experts with an all-to-all. Must "
               "equal --tp-size and is meant for prefill instances (--disaggregation-mode prefill); SGLang then "
               "forces attention data parallelism and expert parallelism and turns CUDA graphs off. 1 turns it "
               "off.",
            zh="分布式权重数据并行（DWDP）规模：大于 1 时，MoE 预填充从其他 rank 预取所需的专家权重，而不是用 "
               "all-to-all 把 token 发往专家。必须等于 --tp-size，适用于预填充实例（--disaggregation-mode "
               "prefill），此时 SGLang 会强制启用注意力数据并行和专家并行，并关闭 CUDA Graph。1 表示不启用。",
        ),
    )] = 1

    enable_tp_lm_head_all_to_all: Annotated[bool | None, Arg(
        '--enable-tp-lm-head-all-to-all',
        help=Text(
            en="Under attention data parallelism, collect the output of the tensor-parallel LM head with one "
               "all-to-all instead of an all-gather followed by a scatter. Unset enables it only on decode "
               "instances with pure attention data parallelism; --no-enable-tp-lm-head-all-to-all turns it off. "
               "Cannot be combined with --enable-dp-lm-head.",
            zh="在注意力数据并行下，用一次 all-to-all 取代先 all-gather 再分发的做法来汇总张量并行输出层（lm_head）"
               "的结果。不设置时仅在纯注意力数据并行的解码实例上启用；--no-enable-tp-lm-head-all-to-all "
               "可将其关闭。不能与 --enable-dp-lm-head 同时使用。",
        ),
    )] = None

    enable_shared_experts_attn_tp: Annotated[bool, Arg(
        '--enable-shared-experts-attn-tp',
        help=Text(
            en="With an expert-parallel all-to-all backend (--moe-a2a-backend), shard the shared-expert weights "
               "across the attention tensor-parallel group instead of keeping a full copy on every rank.",
            zh="使用专家并行的 all-to-all 后端（--moe-a2a-backend）时，把共享专家的权重切分到注意力张量并行组内，"
               "而不是每个 rank 各存一份完整副本。",
        ),
    )] = False

    shared_experts_tp_size: Annotated[PositiveInt | None, Arg(
        '--shared-experts-tp-size',
        help=Text(
            en="Tensor parallel size of Kimi-K3's shared experts when an expert-parallel all-to-all backend is "
               "used; it must divide the attention tensor parallel size, and 1 keeps a full copy on every rank. "
               "When set it overrides --enable-shared-experts-attn-tp.",
            zh="Kimi-K3 使用专家并行 all-to-all 后端时共享专家的张量并行规模；必须能整除注意力张量并行规模，"
               "设为 1 表示每个 rank 保存完整副本。设置后将覆盖 --enable-shared-experts-attn-tp。",
        ),
    )] = None

    enable_dense_mlp_attn_tp: Annotated[bool, Arg(
        '--enable-dense-mlp-attn-tp',
        help=Text(
            en="Under attention data parallelism, shard the weights of the dense (non-MoE) MLP layers across the "
               "attention tensor-parallel group.",
            zh="在注意力数据并行下，把稠密（非 MoE）MLP 层的权重切分到注意力张量并行组内。",
        ),
    )] = False

    enable_layernorm_sp: Annotated[bool, Arg(
        '--enable-layernorm-sp',
        help=Text(
            en="With pure tensor parallelism, run the LayerNorm and residual parts of each layer "
               "sequence-parallel: the all-reduce after row-parallel layers becomes a reduce-scatter plus an "
               "all-gather, so LayerNorm works on a slice of the tokens at no extra communication. Prefill only, "
               "and only for the models and layouts SGLang validates (Qwen3 dense; Muse Spark NVFP4 at TP4/EP4 "
               "or TP8/EP8).",
            zh="在纯张量并行下，对每层的 LayerNorm 与残差部分做序列并行：行并行层之后的 all-reduce "
               "改为 reduce-scatter 加 all-gather，使 LayerNorm 只处理一部分 token，"
               "且不增加通信量。仅作用于预填充，也只支持 SGLang 验证过的模型与并行配置（Qwen3 稠密模型；Muse "
               "Spark NVFP4 的 TP4/EP4 或 TP8/EP8）。",
        ),
    )] = False

    enable_megamoe_for_layernorm_sp: Annotated[bool, Arg(
        '--enable-megamoe-for-layernorm-sp',
        help=Text(
            en="With --enable-layernorm-sp on Muse Spark NVFP4 (TP4/EP4 or TP8/EP8), run the prefill MoE layers "
               "with the fused MegaMoE kernel while decode keeps the FlashInfer TRT-LLM MoE runner. Requires "
               "NVLink/NVSwitch and a DeepGEMM build that can normalize after the experts.",
            zh="在 Muse Spark NVFP4（TP4/EP4 或 TP8/EP8）上配合 --enable-layernorm-sp "
               "使用时，预填充阶段的 MoE 层改用融合的 MegaMoE 算子，解码阶段仍使用 FlashInfer "
               "TRT-LLM 的 MoE 执行器。需要 NVLink/NVSwitch 互连，以及能在专家计算之后做归一化的 "
               "DeepGEMM。",
        ),
    )] = False

    max_ep_size: Annotated[PositiveInt | None, Arg(
        '--max-ep-size',
        help=Text(
            en="Largest expert parallel size an elastic EP deployment may grow to while it runs; the buffers for "
               "that size are allocated up front. Needs --elastic-ep-backend; unset uses the world size at "
               "launch.",
            zh="弹性专家并行部署在运行中最多可扩展到的专家并行规模，相应的缓冲区会预先按此规模分配。需要设置 --elastic-ep-backend；"
               "不设置时取启动时的总进程数。",
        ),
    )] = None

    pp_max_micro_batch_size: Annotated[PositiveInt | None, Arg(
        '--pp-max-micro-batch-size',
        help=Text(
            en=(
                "Largest number of requests in one pipeline-parallel micro-batch. Unset derives it automatically from "
                "the running-request limit."
            ),
            zh="流水线并行中单个微批次最多包含的请求数。不设置时根据运行请求数上限自动推算。",
        ),
    )] = None

    pp_async_batch_depth: Annotated[PositiveInt | None, Arg(
        '--pp-async-batch-depth',
        help=Text(
            en=(
                "How many extra micro-batches the pipeline-parallel scheduler may launch ahead, asynchronously, before "
                "earlier results come back. Unset keeps the default of no look-ahead."
            ),
            zh="流水线并行调度器在前面的结果返回之前，可以异步提前发起的额外微批次数量。不设置时保持默认，不提前发起。",
        ),
    )] = None

    stream_interval: Annotated[PositiveInt, Arg(
        '--stream-interval',
        help=Text(
            en=(
                "Number of tokens generated between two streamed chunks. 1 sends every token (smoothest output); "
                "larger values send fewer, bigger chunks and raise throughput."
            ),
            zh=(
                "流式输出时每生成多少个 token 推送一次。设为 1 时逐 token 推送，输出最平滑；取值越大推送越少，"
                "吞吐越高。"
            ),
        ),
    )] = 1

    incremental_streaming_output: Annotated[bool, Arg(
        '--incremental-streaming-output',
        help=Text(
            en="Make each streamed chunk carry only the newly generated text instead of everything generated so far.",
            zh="开启后，每个流式分片只包含新生成的内容，而不是截至当前的全部输出。",
        ),
    )] = False

    batch_notify_size: Annotated[PositiveInt, Arg(
        '--batch-notify-size',
        help=Text(
            en="How many requests with fresh output the tokenizer manager wakes up together before it yields "
               "once to the asyncio event loop. Larger values save event-loop switches under high concurrency; "
               "smaller ones pass each output on to its stream sooner.",
            zh="分词管理器每唤醒多少个有新输出的请求之后让出一次 asyncio 事件循环。取值越大，高并发下事件循环切换越少；"
               "取值越小，每个输出越早交给对应的流。",
        ),
    )] = 16

    stream_response_default_include_usage: Annotated[bool, Arg(
        '--stream-response-default-include-usage',
        help=Text(
            en="Add token usage to the streamed responses of the OpenAI-compatible chat and completion endpoints "
               "even when a request does not ask for it through stream_options.",
            zh="即使请求没有通过 stream_options 要求，也在 OpenAI 兼容的对话与补全接口的流式响应中附带 "
               "token 用量。",
        ),
    )] = False

    enable_streaming_session: Annotated[bool, Arg(
        '--enable-streaming-session',
        help=Text(
            en="Allow sessions to be opened in streaming mode (the StreamingSession wrapper); without this flag "
               "a request to open a streaming session is refused.",
            zh="允许以流式模式打开会话（StreamingSession 封装）；不设置此参数时，打开流式会话的请求会被拒绝。",
        ),
    )] = False

    random_seed: Annotated[int | None, Arg(
        '--random-seed',
        help=Text(
            en=(
                "Seed for the server's random number generators, for more reproducible sampling. Unset picks a random "
                "seed at startup."
            ),
            zh="服务内部随机数生成器所用的种子，便于复现采样结果。不设置时在启动时随机选取。",
        ),
    )] = None

    constrained_json_whitespace_pattern: Annotated[str | None, Arg(
        '--constrained-json-whitespace-pattern',
        help=Text(
            en=(
                "Regular expression describing which whitespace may appear in JSON-constrained output, for example to "
                "allow newlines or repeated spaces. Honoured only by the outlines and llguidance grammar backends."
            ),
            zh=(
                "用正则表达式规定 JSON 约束输出中允许出现哪些空白字符，例如放开换行或连续空格。只有 outlines、"
                "llguidance 两种语法后端支持此项。"
            ),
        ),
    )] = None

    constrained_json_disable_any_whitespace: Annotated[bool, Arg(
        '--constrained-json-disable-any-whitespace',
        help=Text(
            en=(
                "Force JSON-constrained output into its compact form with no optional whitespace. Honoured only by the "
                "xgrammar and llguidance grammar backends."
            ),
            zh="强制 JSON 约束输出采用紧凑格式，不带任何可选空白。只有 xgrammar、llguidance 两种语法后端支持此项。",
        ),
    )] = False

    constrained_json_max_whitespace_cnt: Annotated[NonNegInt | None, Arg(
        '--constrained-json-max-whitespace-cnt',
        help=Text(
            en="Most consecutive whitespace characters JSON-constrained output may contain, which stops a model "
               "from padding its output with endless spaces or newlines. Honoured only by the xgrammar grammar "
               "backend; unset means no limit.",
            zh="JSON 约束输出中允许连续出现的空白字符数上限，可防止模型没完没了地输出空格或换行。只有 xgrammar "
               "语法后端支持此项；不设置表示不限制。",
        ),
    )] = None

    watchdog_timeout: Annotated[PositiveFloat, Arg(
        '--watchdog-timeout',
        help=Text(
            en=(
                "Seconds a single forward batch may run before the watchdog assumes a hang and kills the server, so a "
                "stuck process does not linger."
            ),
            zh="单个前向批次允许运行的最长时间（秒）；超时后看门狗认定进程卡死并终止服务，避免长期挂起。",
        ),
    )] = 300

    soft_watchdog_timeout: Annotated[PositiveFloat, Arg(
        '--soft-watchdog-timeout',
        help=Text(
            en=(
                "Seconds a forward batch may run before a soft watchdog dumps debugging information such as stack "
                "traces; unlike --watchdog-timeout it does not stop the server."
            ),
            zh=(
                "前向批次运行超过该时长（秒）时，软看门狗会转储调用栈等调试信息；与 --watchdog-timeout 不同，"
                "它不会终止服务。"
            ),
        ),
    )] = 300

    dist_timeout: Annotated[PositiveInt | None, Arg(
        '--dist-timeout',
        help=Text(
            en=(
                "Timeout, in seconds, for setting up the torch.distributed process groups. Unset keeps PyTorch's "
                "default; raise it when multi-node startup is slow."
            ),
            zh="PyTorch 分布式进程组初始化的超时时间（秒）。不设置时使用 PyTorch 默认值；多节点启动较慢时可调大。",
        ),
    )] = None

    gated_launch_port: Annotated[Port | None, Arg(
        '--gated-launch-port',
        help=Text(
            en="Port of a control endpoint that holds startup: every rank waits right after the distributed "
               "setup, before any large device allocation, until POST /gate/activate is sent to this port on the "
               "first rank's host. Lets an orchestrator decide when the memory-hungry part of startup runs; "
               "unset starts without waiting.",
            zh="启动闸门的控制端口：各 rank 在分布式环境初始化完成后、大量分配设备显存之前暂停，直到有人向首个 rank "
               "所在主机的该端口发送 POST /gate/activate 为止。便于编排系统决定何时执行启动中最占显存的阶段；"
               "不设置时启动过程不等待。",
        ),
    )] = None

    download_dir: Annotated[str | None, Arg(
        '--download-dir',
        help=Text(
            en=(
                "Directory where weights downloaded from Hugging Face are stored. Unset uses the standard Hugging Face "
                "cache."
            ),
            zh="从 Hugging Face 下载的模型权重存放目录。不设置时使用 Hugging Face 的默认缓存目录。",
        ),
    )] = None

    model_checksum: Annotated[str | None, Arg(
        '--model-checksum',
        help=Text(
            en=(
                "Verify the model files against known checksums before loading. Given without a value it uses the "
                "model path as the Hugging Face repo ID; otherwise pass a checksum JSON file or a repo ID."
            ),
            zh=(
                "加载前用校验和核对模型文件是否完整。只写参数不带值时，以模型路径作为 Hugging Face 仓库 ID；"
                "也可以传入校验和 JSON 文件路径或仓库 ID。"
            ),
        ),
    )] = None

    base_gpu_id: Annotated[NonNegInt, Arg(
        '--base-gpu-id',
        help=Text(
            en=(
                "Index of the first device this server uses; further devices follow from there. Handy for running "
                "several instances on one machine."
            ),
            zh="本服务使用的起始设备编号，其余设备依次往后分配。便于在单机上同时部署多个实例。",
        ),
    )] = 0

    gpu_id_step: Annotated[PositiveInt, Arg(
        '--gpu-id-step',
        help=Text(
            en=(
                "Gap between consecutive device indices the server takes, counted from --base-gpu-id; for example 2 "
                "uses devices 0, 2, 4 and so on."
            ),
            zh="所用设备编号之间的步长，从 --base-gpu-id 开始计算；例如设为 2 时依次使用 0、2、4……号设备。",
        ),
    )] = 1

    sleep_on_idle: Annotated[bool, Arg(
        '--sleep-on-idle',
        help=Text(
            en=(
                "Let the scheduler sleep instead of busy-polling when there is no work, cutting the CPU usage of an "
                "idle server."
            ),
            zh="没有请求时让调度器休眠而不是忙等轮询，降低服务空闲时的 CPU 占用。",
        ),
    )] = False

    stream_output: Annotated[bool, Arg(
        '--stream-output',
        help=Text(
            en="Old name of --incremental-streaming-output; argmatrix reads it as that flag.",
            zh="--incremental-streaming-output 的旧名称；argmatrix 把它读作新参数。",
        ),
    )] = False

    mlx_enable_sampling: Annotated[bool, Arg(
        '--mlx-enable-sampling',
        help=Text(
            en="On the MLX backend (Apple silicon, enabled with SGLANG_USE_MLX), sample decode tokens with the "
               "request's temperature, top-k, top-p and min-p instead of always taking the most likely token; "
               "this also enables grammar masks, custom logit processors, logit_bias and output logprobs there. "
               "Penalties are still not applied.",
            zh="在 MLX 后端（Apple 芯片，通过 SGLANG_USE_MLX 启用）上，按请求的 temperature、"
               "top-k、top-p、min-p 采样，而不是总取概率最高的 token；同时在该后端上启用语法掩码、"
               "自定义 logit 处理器、logit_bias 和输出 logprobs。各类惩罚项仍不生效。",
        ),
    )] = False

    use_ray: Annotated[bool, Arg(
        '--use-ray',
        help=Text(
            en="Run the scheduler processes as Ray actors that Ray places on the cluster's GPUs, instead of "
               "launching them as local subprocesses. Cannot be combined with the native gRPC server "
               "(--grpc-port).",
            zh="以 Ray 的 actor 形式运行调度进程，由 Ray 把它们分配到集群中的 GPU 上，而不是在本机以子进程方式启动。"
               "不能与原生 gRPC 服务器（--grpc-port）同时使用。",
        ),
    )] = False

    load_snapshot_publish_interval: Annotated[PositiveInt, Arg(
        '--load-snapshot-publish-interval',
        help=Text(
            en="Every how many decode iterations each scheduler writes its load snapshot to shared memory; "
               "prefill and idle iterations always write at once. The --load-publish-endpoint feed follows the "
               "same pace, so a large value makes the load data routers see staler.",
            zh="每个调度器每隔多少次解码迭代把负载快照写入共享内存一次；预填充迭代和空闲时总是立即写入。--load-publish-endpoint "
               "的推送也沿用这一频率，因此取值越大，路由器看到的负载数据越滞后。",
        ),
    )] = 15

    custom_sigquit_handler: Annotated[str | None, Arg(
        '--custom-sigquit-handler',
        help=Text(
            en=(
                "Handler SGLang calls instead of its own when a child process reports a crash with SIGQUIT (its "
                "own handler takes the whole server down). Meant for programs that embed the server and want to "
                "clean up themselves; unset keeps the default."
            ),
            zh="子进程以 SIGQUIT 报告崩溃时，SGLang 改为调用这里指定的处理函数，而不是默认会关闭整个服务的处理函数。"
               "供内嵌该服务、需要自行善后的程序使用；不设置则保持默认行为。",
        ),
    )] = None
