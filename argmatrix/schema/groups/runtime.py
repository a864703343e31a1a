"""Runtime options: parallel sizes, device choice, streaming, seeds, timeouts and other process-level behaviour."""

from typing import Annotated, Literal

from ..meta import Arg, Group, Renamed, Text
from ..snapshots import CURRENT
from ..types import *

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
            zh="张量并行规模，即每一层的权重切分到多少张卡上。模型在单卡上放不下时增大此值。",
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
                "注意力上下文并行规模：注意力计算时把同一请求的 token 序列切分到这么多设备上，以加速长上下文预填充。"
                "1 表示不启用。"
            ),
        ),
    )] = 1

    moe_dp_size: Annotated[PositiveInt, Arg(
        '--moe-data-parallel-size', '--moe-dp-size',
        help=Text(
            en=(
                "Data parallel size for the MoE layers: expert weights are replicated across this many groups instead "
                "of being sharded further. 1 means no data parallelism inside MoE layers."
            ),
            zh="MoE 层的数据并行规模：专家权重在这么多组之间复制，而不是继续切分。1 表示 MoE 层内不做数据并行。",
        ),
    )] = 1

    pp_max_micro_batch_size: Annotated[PositiveInt | None, Arg(
        '--pp-max-micro-batch-size',
        help=Text(
            en=(
                "Largest number of requests in one pipeline-parallel micro-batch. Unset derives it automatically from "
                "the running-request limit."
            ),
            zh="流水线并行中单个微批次（micro-batch）最多包含的请求数。不设置时根据运行请求数上限自动推算。",
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
            en="Old name of --incremental-streaming-output; still accepted and sets that flag.",
            zh="--incremental-streaming-output 的旧名称，仍然可用，效果等同于设置新参数。",
        ),
        deprecated=Renamed(successor='incremental_streaming_output', since=CURRENT),
    )] = False
