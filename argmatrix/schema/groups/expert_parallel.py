"""Expert parallelism: how MoE experts are placed on devices, which backends run them and how their load is balanced."""

from typing import Annotated, Literal

from ..choices import *
from ..meta import Arg, Group, Text
from ..types import *

GROUP = Group('expert_parallel', Text(en='Expert parallelism', zh='专家并行'))


class ExpertParallelArgs:

    ep_size: Annotated[PositiveInt, Arg(
        '--expert-parallel-size', '--ep-size', '--ep',
        help=Text(
            en=(
                "Expert parallel size: the number of devices MoE experts are distributed over, each holding a subset "
                "of the experts. 1 means experts are sharded with tensor parallelism instead; usually set equal to "
                "--tp-size."
            ),
            zh=(
                "专家并行规模：把 MoE 专家分布到多少张设备上，每张设备只存放其中一部分专家。1 表示不做专家并行、"
                "专家权重按张量并行切分；通常与 --tp-size 取相同值。"
            ),
        ),
    )] = 1

    moe_a2a_backend: Annotated[MoeA2ABackend, Arg(
        '--moe-a2a-backend',
        help=Text(
            en=(
                "All-to-all backend that dispatches tokens to the ranks holding their experts and gathers the results: "
                "none (plain all-reduce/all-gather), deepep, mooncake, mori, ascend_fuseep (Ascend fused operator) or "
                "flashinfer."
            ),
            zh=(
                "专家并行里负责把 token 发往专家所在 rank 并收回结果（all-to-all）的通信后端："
                "none 表示沿用 all-reduce/all-gather，另有 deepep、mooncake、mori、ascend_fuseep（昇腾融合算子）"
                "和 flashinfer。"
            ),
        ),
    )] = 'none'

    moe_runner_backend: Annotated[MoeRunnerBackend, Arg(
        '--moe-runner-backend',
        help=Text(
            en=(
                "Kernel backend that runs the expert computation (grouped GEMMs) of MoE layers. auto chooses one from "
                "the hardware and the quantization format."
            ),
            zh="执行 MoE 层专家计算（分组 GEMM）的算子后端。auto 会根据硬件和量化格式自动挑选。",
        ),
    )] = 'auto'

    flashinfer_mxfp4_moe_precision: Annotated[Literal['default', 'bf16'], Arg(
        '--flashinfer-mxfp4-moe-precision',
        help=Text(
            en=(
                "Compute precision of the FlashInfer MXFP4 MoE kernels: default keeps the kernels' native "
                "low-precision path, bf16 computes activations in BF16 for better accuracy."
            ),
            zh=(
                "FlashInfer MXFP4 MoE 算子的计算精度：default 走算子默认的低精度路径，bf16 以 BF16 计算激活值，"
                "精度更高。"
            ),
        ),
    )] = 'default'

    enable_flashinfer_allreduce_fusion: Annotated[bool, Arg(
        '--enable-flashinfer-allreduce-fusion',
        help=Text(
            en=(
                "Fuse the tensor-parallel all-reduce with the residual add and RMSNorm that follow it into one "
                "FlashInfer kernel, reducing communication overhead."
            ),
            zh="用 FlashInfer 把张量并行的 all-reduce 与紧随其后的残差相加和 RMSNorm 合并为一个算子，降低通信开销。",
        ),
    )] = False

    deepep_mode: Annotated[Literal['normal', 'low_latency', 'auto'], Arg(
        '--deepep-mode',
        help=Text(
            en=(
                "DeepEP communication mode when DeepEP is the all-to-all backend: normal (throughput, suits prefill), "
                "low_latency (suits decode), or auto, which uses low_latency for decode batches and normal for prefill "
                "batches."
            ),
            zh=(
                "以 DeepEP 作为 all-to-all 后端时的通信模式：normal 侧重吞吐、适合预填充；low_latency 侧重时延、"
                "适合解码；auto 会在解码批次上采用 low_latency、在预填充批次上采用 normal。"
            ),
        ),
    )] = 'auto'

    deepep_config: Annotated[str | None, Arg(
        '--deepep-config',
        help=Text(
            en=(
                "DeepEP settings tuned for your cluster, given as a JSON string or the path to a JSON file. Unset uses "
                "DeepEP's built-in defaults."
            ),
            zh=(
                "针对所在集群调优过的 DeepEP 配置，可直接写 JSON 字符串，也可给出 JSON 文件路径。"
                "不设置时使用 DeepEP 内置默认值。"
            ),
        ),
    )] = None

    ep_num_redundant_experts: Annotated[NonNegInt, Arg(
        '--ep-num-redundant-experts',
        help=Text(
            en=(
                "Number of extra expert replicas placed across the EP ranks so that heavily used experts can be served "
                "from several devices. 0 places every expert exactly once."
            ),
            zh="在各专家并行 rank 上额外部署的冗余专家副本数，让热点专家可以由多张设备分担。0 表示每个专家只放一份。",
        ),
    )] = 0

    ep_dispatch_algorithm: Annotated[Literal['static', 'dynamic', 'fake'] | None, Arg(
        '--ep-dispatch-algorithm',
        help=Text(
            en=(
                "How a token routed to an expert with several replicas picks one: static (fixed mapping), dynamic "
                "(chosen by current load) or fake (random, for benchmarking). Unset falls back to static when EPLB is "
                "enabled."
            ),
            zh=(
                "专家存在多个副本时，路由到该专家的 token 如何选定副本：static 为固定映射，dynamic 按当前负载动态选择，"
                "fake 为随机分配、仅用于基准测试。不设置且开启 EPLB 时按 static 处理。"
            ),
        ),
    )] = None

    init_expert_location: Annotated[str, Arg(
        '--init-expert-location',
        help=Text(
            en=(
                "Starting placement of experts on the EP ranks. trivial keeps the natural order; alternatively pass a "
                "JSON string or file path holding a saved placement or recorded expert-load statistics to derive one."
            ),
            zh=(
                "专家在各专家并行 rank 上的初始布局。trivial 按自然顺序放置；也可以传入 JSON 字符串或文件路径，"
                "提供事先保存的布局或记录下来的专家负载统计，据此生成布局。"
            ),
        ),
    )] = 'trivial'

    enable_eplb: Annotated[bool, Arg(
        '--enable-eplb',
        help=Text(
            en=(
                "Turn on the expert-parallel load balancer (EPLB), which periodically reshuffles expert placement and "
                "redundant replicas according to the recorded expert load."
            ),
            zh="开启专家并行负载均衡（EPLB），根据记录到的专家负载定期重新调整专家及其冗余副本的分布。",
        ),
    )] = False

    eplb_algorithm: Annotated[Literal['auto', 'deepseek', 'deepseek_hierarchical'], Arg(
        '--eplb-algorithm',
        help=Text(
            en=(
                "Algorithm EPLB uses to compute a new expert placement: deepseek balances globally, "
                "deepseek_hierarchical balances across nodes first and then within each node, auto chooses for you."
            ),
            zh=(
                "EPLB 计算新专家布局所用的算法：deepseek 做全局均衡；deepseek_hierarchical 先在节点之间、"
                "再在节点内部分层均衡；auto 自动选择。"
            ),
        ),
    )] = 'deepseek'

    eplb_rebalance_num_iterations: Annotated[PositiveInt, Arg(
        '--eplb-rebalance-num-iterations',
        help=Text(
            en="Number of forward iterations between two automatic EPLB rebalances. Used with --enable-eplb.",
            zh="两次自动 EPLB 重均衡之间间隔的前向迭代次数。配合 --enable-eplb 使用。",
        ),
    )] = 1000

    eplb_rebalance_layers_per_chunk: Annotated[int | None, Arg(
        '--eplb-rebalance-layers-per-chunk',
        help=Text(
            en=(
                "How many layers are moved per forward pass while a rebalance is applied, spreading the weight "
                "transfer over several passes. Unset moves all layers at once."
            ),
            zh="执行重均衡时每次前向迁移多少层的专家权重，从而把迁移开销分摊到多次前向中。不设置时一次迁移全部层。",
        ),
    )] = None

    eplb_min_rebalancing_utilization_threshold: Annotated[Fraction, Arg(
        '--eplb-min-rebalancing-utilization-threshold',
        help=Text(
            en=(
                "A rebalance is skipped while the measured average expert-load utilization (0 to 1, where 1 is "
                "perfectly balanced) is above this value. The default 1.0 rebalances on every trigger."
            ),
            zh=(
                "测得的专家负载平均利用率（0 到 1，1 表示完全均衡）高于该值时跳过本次重均衡。"
                "默认 1.0 表示每次触发都会执行。"
            ),
        ),
    )] = 1.0

    expert_distribution_recorder_mode: Annotated[Literal['stat', 'stat_approx', 'per_pass', 'per_token'] | None, Arg(
        '--expert-distribution-recorder-mode',
        help=Text(
            en=(
                "What the expert distribution recorder captures: stat (aggregated counts), stat_approx (cheaper "
                "approximate counts), per_pass (one record per forward pass) or per_token. Unset records nothing "
                "unless another feature such as EPLB needs it."
            ),
            zh=(
                "专家分布记录器的记录方式：stat 为累计统计，stat_approx 为开销更低的近似统计，per_pass 按每次前向记录，"
                "per_token 按每个 token 记录。不设置时，除非 EPLB 等功能需要，否则不记录。"
            ),
        ),
    )] = None

    expert_distribution_recorder_buffer_size: Annotated[int | None, Arg(
        '--expert-distribution-recorder-buffer-size',
        help=Text(
            en=(
                "Length of the recorder's circular buffer, in forward passes; -1 keeps everything. Unset uses the "
                "built-in default."
            ),
            zh="记录器环形缓冲区能保存的前向次数；设为 -1 表示全部保留、不设上限。不设置时使用内置默认值。",
        ),
    )] = None

    enable_expert_distribution_metrics: Annotated[bool, Arg(
        '--enable-expert-distribution-metrics',
        help=Text(
            en="Export metrics showing how evenly tokens are spread over the experts (expert balancedness).",
            zh="输出反映 token 在各专家之间分布是否均匀的指标（专家均衡度）。",
        ),
    )] = False

    moe_dense_tp_size: Annotated[PositiveInt | None, Arg(
        '--moe-dense-tp-size',
        help=Text(
            en=(
                "Tensor parallel size for the dense (non-expert) MLP layers of MoE models. Lower it when a large TP "
                "size makes those layers' weight slices smaller than the GEMM kernels accept; unset follows --tp-size."
            ),
            zh=(
                "MoE 模型中稠密（非专家）MLP 层采用的张量并行规模。TP 较大导致这些层的权重切片过小、"
                "GEMM 算子无法处理时可调小；不设置则与 --tp-size 相同。"
            ),
        ),
    )] = None

    elastic_ep_backend: Annotated[Literal['none', 'mooncake'] | None, Arg(
        '--elastic-ep-backend',
        help=Text(
            en=(
                "Collective communication backend for elastic expert parallelism, which keeps serving when some EP "
                "ranks fail. Only mooncake is available; unset or none disables it."
            ),
            zh=(
                "弹性专家并行所用的集合通信后端，可在部分 rank 故障时继续提供服务。目前仅支持 mooncake；"
                "不设置或设为 none 表示关闭。"
            ),
        ),
    )] = None

    mooncake_ib_device: Annotated[str | None, Arg(
        '--mooncake-ib-device',
        help=Text(
            en=(
                "InfiniBand device(s) for the Mooncake backend, comma-separated when there are several (e.g. "
                "mlx5_0,mlx5_1). Unset detects devices automatically."
            ),
            zh="Mooncake 后端使用的 InfiniBand 网卡，多个设备以英文逗号分隔，如 mlx5_0,mlx5_1；不设置时自动探测。",
        ),
    )] = None
