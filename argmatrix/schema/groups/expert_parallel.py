"""Expert parallelism: how MoE experts are placed on devices, which backends run them and how their load is balanced."""

from typing import Annotated, Literal

from ..choices import MoeA2ABackend, MoeRunnerBackend
from ..meta import Arg, Group, Text
from ..types import Fraction, NonNegInt, PositiveFloat, PositiveInt

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
                "专家并行规模：把 MoE 专家分布到多少个设备上，每个设备只存放其中一部分专家。1 表示不做专家并行、"
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

    fuseep_mode: Annotated[Literal[1, 2], Arg(
        '--fuseep-mode',
        help=Text(
            en=(
                "Which fused Ascend operator --moe-a2a-backend ascend_fuseep runs: 1 uses "
                "dispatch_gmm_combine_decode, meant for decoding; 2 uses dispatch_ffn_combine, which also supports "
                "instances that mix prefill and decode."
            ),
            zh=(
                "--moe-a2a-backend 为 ascend_fuseep 时所用的昇腾融合算子："
                "1 使用面向解码的 dispatch_gmm_combine_decode；"
                "2 使用 dispatch_ffn_combine，也支持预填充与解码混合部署的实例。"
            ),
        ),
    )] = 2

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

    flashinfer_mxfp4_moe_precision: Annotated[Literal['default', 'bf16', 'fp8'], Arg(
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

    enforce_disable_flashinfer_allreduce_fusion: Annotated[bool, Arg(
        '--enforce-disable-flashinfer-allreduce-fusion',
        help=Text(
            en=(
                "Keep FlashInfer's all-reduce fusion off even for models where SGLang would turn it on by itself; "
                "this wins over every automatic adjustment. SGLang also sets it under "
                "--enable-deterministic-inference."
            ),
            zh=(
                "即使 SGLang 会针对某些模型自动开启 FlashInfer 的 all-reduce 融合，也强制保持关闭；"
                "该设置优先于所有自动调整。开启 --enable-deterministic-inference 时 SGLang "
                "也会自动设置此项。"
            ),
        ),
    )] = False

    enable_aiter_allreduce_fusion: Annotated[bool, Arg(
        '--enable-aiter-allreduce-fusion',
        help=Text(
            en=(
                "On AMD GPUs (ROCm), fuse the tensor-parallel all-reduce with the residual add and RMSNorm after it, "
                "using AITER kernels. Not supported with --attn-cp-size or --moe-dp-size above 1."
            ),
            zh=(
                "在 AMD GPU（ROCm）上用 AITER 算子把张量并行的 all-reduce 与其后的残差相加和 "
                "RMSNorm 融合执行。--attn-cp-size 或 --moe-dp-size 大于 1 时不支持。"
            ),
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
                "以 DeepEP 作为 all-to-all 后端时的通信模式：normal 侧重吞吐、适合预填充；low_latency 侧重延迟、"
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

    deepep_v2_mode: Annotated[Literal['direct', 'hybrid'], Arg(
        '--deepep-v2-mode',
        help=Text(
            en=(
                "Network topology of the DeepEP v2 communication buffer used by --moe-a2a-backend deepep_v2, fixed "
                "at start-up: direct for one node over NVLink, hybrid when experts span several nodes (required when "
                "--nnodes is above 1). Independent of --deepep-mode."
            ),
            zh=(
                "--moe-a2a-backend 为 deepep_v2 时 DeepEP v2 通信缓冲区采用的网络拓扑，"
                "启动时确定：direct 用于单节点 NVLink 互联，"
                "hybrid 用于专家跨多个节点的部署（--nnodes 大于 1 时必须选 hybrid）。与 --deepep-mode 无关。"
            ),
        ),
    )] = 'direct'

    deepep_dispatcher_output_dtype: Annotated[Literal['auto', 'bf16', 'fp8', 'int8', 'nvfp4'], Arg(
        '--deepep-dispatcher-output-dtype',
        help=Text(
            en=(
                "Data type in which DeepEP dispatch sends token activations to the expert ranks. auto decides from "
                "the model and hardware (typically bf16 on Ascend, fp8 for most models on GPUs). int8 is meant for "
                "Ascend and becomes fp8 on GPUs; Ascend A2/A3 turn fp8 into int8 and do not support nvfp4."
            ),
            zh=(
                "DeepEP 分发时把 token 激活值发往专家所在 rank 所用的数据类型。"
                "auto 根据模型和硬件自动决定（昇腾上通常为 bf16，GPU 上多数模型为 fp8）。int8 面向昇腾，"
                "在 GPU 上会改用 fp8；昇腾 A2/A3 会把 fp8 改为 int8，且不支持 nvfp4。"
            ),
        ),
    )] = 'auto'

    flashinfer_a2a_dispatch_type: Annotated[Literal['auto', 'bf16', 'nvfp4', 'mxfp8'] | None, Arg(
        '--flashinfer-a2a-dispatch-type',
        help=Text(
            en=(
                "Data type of the activations that the FlashInfer all-to-all dispatcher sends; only for "
                "--moe-a2a-backend flashinfer. auto (also what unset means) picks mxfp8 with --quantization mxfp8, "
                "nvfp4 for NVFP4-quantized MoE weights and bf16 otherwise; mxfp8 also needs --moe-runner-backend "
                "flashinfer_trtllm_routed."
            ),
            zh=(
                "FlashInfer all-to-all 分发器发送激活值所用的数据类型，"
                "仅用于 --moe-a2a-backend flashinfer。"
                "auto（不设置时亦同）在 --quantization mxfp8 时选 mxfp8，"
                "MoE 权重为 NVFP4 量化时选 nvfp4，其余情况选 bf16；"
                "选 mxfp8 时还需 --moe-runner-backend flashinfer_trtllm_routed。"
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
            zh="在各专家并行 rank 上额外部署的冗余专家副本数，让热点专家可以由多个设备分担。0 表示每个专家只放一份。",
        ),
    )] = 0

    ep_dispatch_algorithm: Annotated[Literal['static', 'dynamic', 'fake', 'lp'] | None, Arg(
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

    enable_waterfill: Annotated[bool, Arg(
        '--enable-waterfill',
        help=Text(
            en=(
                "Waterfill: hand the fused shared expert, as one extra routed-expert slot, to the least-loaded EP "
                "rank. Works with the DeepEP and MegaMoE all-to-all backends, turns on shared-expert fusion by "
                "itself and supports DeepSeek-V3/R1 with an expert parallel size of at least 2; for production "
                "decoding keep --deepep-mode auto or low_latency so CUDA graphs stay on."
            ),
            zh=(
                "Waterfill：把融合后的共享专家当作一个额外的路由专家槽位，交给当前负载最低的专家并行 rank 计算。"
                "适用于 DeepEP 与 MegaMoE 两种 all-to-all 后端，会自动开启共享专家融合，"
                "支持专家并行规模至少为 2 的 DeepSeek-V3/R1；"
                "生产环境解码时 --deepep-mode 宜取 auto 或 low_latency，以保留 CUDA Graph。"
            ),
        ),
    )] = False

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
    )] = 'auto'

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

    expert_balancedness_report_mode: Annotated[Literal['off', 'server_log', 'prometheus', 'both'], Arg(
        '--expert-balancedness-report-mode',
        help=Text(
            en=(
                "Where to report how evenly tokens are spread over the experts: off, server_log (the server's log), "
                "prometheus (as metrics) or both."
            ),
            zh=(
                "专家均衡度（token 在各专家之间分布是否均匀）的上报位置：off 不上报，server_log 写入服务日志，"
                "prometheus 作为监控指标导出，both 两处都上报。"
            ),
        ),
    )] = 'off'

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

    elastic_ep_backend: Annotated[Literal['none', 'mooncake', 'nixl'] | None, Arg(
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

    enable_elastic_expert_backup: Annotated[bool, Arg(
        '--enable-elastic-expert-backup',
        help=Text(
            en=(
                "With --elastic-ep-backend set, start a helper process that keeps a copy of the expert weights in "
                "host memory and serves it over the Mooncake transfer engine, so ranks that come back after a "
                "failure can restore their experts quickly. Not supported when the deployment can scale up at "
                "runtime (--max-ep-size above --tp-size)."
            ),
            zh=(
                "在设置了 --elastic-ep-backend 时启动一个辅助进程，"
                "在主机内存中保留一份专家权重并通过 Mooncake 传输引擎提供，使故障后重新加入的 rank 能快速恢复专家。"
                "部署可在运行时扩容（--max-ep-size 大于 --tp-size）时不支持。"
            ),
        ),
    )] = False

    ep_join_mode: Annotated[Literal['scale', 'recover'] | None, Arg(
        '--elastic-ep-join-mode',
        help=Text(
            en=(
                "Start this instance as a group that joins a running elastic EP deployment: recover takes over the "
                "place of ranks that failed; scale adds ranks beyond the current size and needs --node-rank 1 and "
                "--elastic-ep-join-rank-offset. Needs --elastic-ep-backend; unset starts an ordinary deployment."
            ),
            zh=(
                "让本实例作为一组新进程加入正在运行的弹性专家并行部署：recover 接替发生故障的 rank 原来的位置；"
                "scale 在当前规模之外新增 rank，"
                "此时需设置 --node-rank 1 和 --elastic-ep-join-rank-offset。"
                "需同时设置 --elastic-ep-backend；不设置则按普通部署启动。"
            ),
        ),
    )] = None

    ep_join_rank_offset: Annotated[NonNegInt, Arg(
        '--elastic-ep-join-rank-offset',
        help=Text(
            en=(
                "First global rank of a group that joins with --elastic-ep-join-mode scale: set it to the current "
                "effective EP size of the running deployment. Must stay 0 otherwise."
            ),
            zh=(
                "以 --elastic-ep-join-mode scale 加入的进程组的起始全局 rank，"
                "应设为正在运行的部署当前实际的专家并行规模。其他情况下必须保持为 0。"
            ),
        ),
    )] = 0

    elastic_ep_initial_size: Annotated[PositiveInt | None, Arg(
        '--elastic-ep-initial-size',
        help=Text(
            en=(
                "Expert parallel size that fixes each rank's expert storage layout in an elastic EP deployment that "
                "can grow (--max-ep-size above --tp-size). On the primary deployment it must equal --tp-size, which "
                "is what unset means; groups joining with --elastic-ep-join-mode scale must give the primary "
                "deployment's launch-time size."
            ),
            zh=(
                "可扩容的弹性专家并行部署（--max-ep-size 大于 --tp-size）中，"
                "决定各 rank 专家存储布局的专家并行规模，确定后不再改变。"
                "主部署上必须等于 --tp-size（不设置即取该值）；"
                "以 --elastic-ep-join-mode scale 加入的进程组须填写主部署启动时的规模。"
            ),
        ),
    )] = None

    elastic_ep_scale_timeout: Annotated[PositiveFloat, Arg(
        '--elastic-ep-scale-timeout',
        help=Text(
            en="Seconds an elastic EP scale-up or scale-down may stay pending before it times out.",
            zh="弹性专家并行扩缩容操作等待完成的时限（秒）。",
        ),
    )] = 600.0

    enable_paged_experts: Annotated[bool, Arg(
        '--enable-paged-experts',
        help=Text(
            en=(
                "Hold just --paged-experts-num-resident of each MoE layer's routed experts in GPU memory; the rest "
                "wait in pinned host memory and are copied in when a token is routed to them, so a MoE model larger "
                "than the GPU can run. One GPU only, with the triton or Marlin MoE runner; decode CUDA graphs cover "
                "fewer requests, and prefill CUDA graphs have to be breakable or turned off."
            ),
            zh=(
                "每个 MoE 层只在 GPU 显存中常驻 --paged-experts-num-resident 个路由专家，"
                "其余专家放在锁页主机内存中，token 用到时再调入，从而运行超出显存容量的 MoE 模型。仅支持单 GPU，"
                "且 MoE 须由 triton 或 Marlin 执行；解码 CUDA Graph 能覆盖的请求数会减少，预填充 CUDA Graph 须可拆分或关闭。"
            ),
        ),
    )] = False

    paged_experts_num_resident: Annotated[PositiveInt | None, Arg(
        '--paged-experts-num-resident',
        help=Text(
            en=(
                "Routed experts per MoE layer that stay in GPU memory under --enable-paged-experts, which requires "
                "this flag; at least the router's top-k."
            ),
            zh=(
                "开启 --enable-paged-experts 时每个 MoE 层常驻 GPU 显存的路由专家数，此时必须设置，"
                "且不得小于路由的 top-k。"
            ),
        ),
    )] = None
