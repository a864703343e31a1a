"""vLLM's parallelism flags (its ParallelConfig): how one `vllm serve` instance spreads a model over devices
and nodes (tensor, pipeline, context, data and expert parallel), how the worker processes are started and
placed, and the MoE communication and load-balancing options that go with expert parallelism.
"""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import JsonObject

GROUP = Group('vllm_parallel', Text(en='Parallelism', zh='并行'))


class ParallelArgs:

    distributed_executor_backend: Annotated[str | None, Arg(
        '--distributed-executor-backend',
        help=Text(
            en="How vLLM starts its model workers: 'mp' (processes on this host, or across hosts with --nnodes), "
               "'ray' (a Ray cluster), 'uni' (one worker in the engine process) or 'external_launcher' (workers "
               "started by an outside launcher such as torchrun); a worker class path is also accepted. Unset picks "
               "'uni' for one device and otherwise 'mp', or 'ray' when --data-parallel-backend is ray or a Ray "
               "placement group is active.",
            zh="vLLM 启动模型工作进程的方式：'mp' 为本机多进程（配合 --nnodes 可跨节点），'ray' 使用 Ray 集群，"
               "'uni' 在引擎进程内只运行一个工作进程，'external_launcher' 由 `torchrun` 等外部启动器拉起工作进程；"
               "也可以填写工作进程类的完整路径。不设置时，单个设备用 'uni'，否则用 'mp'；若 --data-parallel-backend 为"
               " 'ray' 或已处于 Ray 放置组中，则用 'ray'。",
        ),
    )] = None

    pipeline_parallel_size: Annotated[int, Arg(
        '--pipeline-parallel-size', '-pp',
        help=Text(
            en="Pipeline parallel size: how many stages the model's layers are split into, each stage on its own "
               "group of devices. Used for models too large for one node's tensor parallel group.",
            zh="流水线并行规模：把模型各层划分成多少个阶段，每个阶段占用一组设备。"
               "模型大到单节点的张量并行组放不下时使用。",
        ),
    )] = 1

    master_addr: Annotated[str, Arg(
        '--master-addr',
        help=Text(
            en="Address of the first node (node rank 0) that the other nodes connect to when one instance spans "
               "several nodes with the 'mp' backend (--nnodes above 1).",
            zh="使用 'mp' 后端让一个实例跨多个节点运行（--nnodes 大于 1）时，其余节点要连接的首节点（节点序号 0）"
               "地址。",
        ),
    )] = '127.0.0.1'

    master_port: Annotated[int, Arg(
        '--master-port',
        help=Text(
            en="Port on the first node (node rank 0) for the multi-node 'mp' backend's rendezvous; the same on every "
               "node.",
            zh="多节点 'mp' 后端在首节点（节点序号 0）上用于会合的端口，所有节点必须一致。",
        ),
    )] = 29501

    nnodes: Annotated[int, Arg(
        '--nnodes', '-n',
        help=Text(
            en="How many nodes one instance spans with the 'mp' backend. Each node runs `vllm serve` with the same "
               "arguments and its own --node-rank; 1 keeps everything on this host.",
            zh="使用 'mp' 后端时一个实例跨越的节点数。每个节点以相同参数运行 `vllm serve`，并各自设置 --node-rank；"
               "1 表示全部在本机运行。",
        ),
    )] = 1

    node_rank: Annotated[int, Arg(
        '--node-rank', '-r',
        help=Text(
            en="This node's position (0 to --nnodes minus 1) in a multi-node 'mp' deployment; node 0 hosts the API "
               "server and the rendezvous at --master-addr.",
            zh="多节点 'mp' 部署中本节点的序号（0 到 --nnodes 减 1）；0 号节点运行 API 服务，"
               "并在 --master-addr 上提供会合。",
        ),
    )] = 0

    distributed_timeout_seconds: Annotated[int | None, Arg(
        '--distributed-timeout-seconds',
        help=Text(
            en="Timeout in seconds for the device process groups (passed to torch.distributed.init_process_group). "
               "Unset keeps PyTorch's default (600 s for NCCL); raise it for multi-node starts that wait on slow "
               "downloads.",
            zh="设备通信进程组的超时时间（秒），传给 torch.distributed.init_process_group。"
               "不设置时沿用 PyTorch 默认值（NCCL 为 600 s）；多节点启动需要等待较慢的模型下载时可调大。",
        ),
    )] = None

    cpu_distributed_timeout_seconds: Annotated[int | None, Arg(
        '--cpu-distributed-timeout-seconds',
        help=Text(
            en="Timeout in seconds for the CPU (gloo) process groups. Unset keeps PyTorch's default (1800 s).",
            zh="CPU 通信进程组（`gloo`）的超时时间（秒）。不设置时沿用 PyTorch 默认值（1800 s）。",
        ),
    )] = None

    numa_bind: Annotated[bool | None, Arg(
        '--numa-bind', negatable=True,
        help=Text(
            en="Bind each worker process to the CPUs and memory of its device's NUMA node (with numactl). "
               "--numa-bind-nodes or --numa-bind-cpus override the detected placement. From vLLM 0.34 the default "
               "is unset: vLLM binds where the machine allows it (several NUMA nodes, numactl, the spawn start "
               "method) and starts unbound elsewhere.",
            zh="用 `numactl` 把每个工作进程绑定到其设备所在 NUMA 节点的 CPU 与内存上。--numa-bind-nodes 或 "
               "--numa-bind-cpus 可替代自动检测到的绑定关系。自 vLLM 0.34 起默认不设置：机器条件允许时"
               "（多个 NUMA 节点、已安装 numactl、使用 spawn 启动方式）自动绑定，否则不绑定。",
        ),
    )] = False

    numa_bind_nodes: Annotated[list[int] | None, Arg(
        '--numa-bind-nodes',
        help=Text(
            en="With --numa-bind, the NUMA node for each visible device, in device order (e.g. 0 0 1 1 for four "
               "devices on two nodes). Unset detects the device-to-NUMA topology.",
            zh="配合 --numa-bind 使用：按设备顺序为每个可见设备指定 NUMA 节点（例如四个设备分布在两个 NUMA 节点上时为 "
               "0 0 1 1）。不设置时自动检测设备与 NUMA 的拓扑。",
        ),
    )] = None

    numa_bind_cpus: Annotated[list[str] | None, Arg(
        '--numa-bind-cpus',
        help=Text(
            en="With --numa-bind, an explicit CPU list per visible device in numactl --physcpubind syntax (e.g. '0-3' "
               "'4-7'), instead of binding to whole NUMA nodes.",
            zh="配合 --numa-bind 使用：按 `numactl --physcpubind` 语法为每个可见设备指定 CPU 列表（例如 '0-3' '4-7'）"
               "，代替按整个 NUMA 节点绑定。",
        ),
    )] = None

    device_ids: Annotated[str | None, Arg(
        '--device-ids',
        help=Text(
            en="Comma-separated physical device IDs or UUIDs to use (e.g. '2,3,5,7'). vLLM picks these devices itself "
               "instead of relying on CUDA_VISIBLE_DEVICES, so the full device topology stays visible.",
            zh="要使用的物理设备 ID 或 UUID，逗号分隔（例如 '2,3,5,7'）。vLLM 自行选用这些设备，"
               "不依赖 CUDA_VISIBLE_DEVICES，因此完整的设备拓扑仍然可见。",
        ),
    )] = None

    tensor_parallel_size: Annotated[int, Arg(
        '--tensor-parallel-size', '-tp',
        help=Text(
            en="Tensor parallel size: how many devices each layer's weights are sharded across. Raise it when the "
               "model does not fit on one device.",
            zh="张量并行规模：每一层的权重切分到多少个设备上。模型在单个设备上放不下时增大此值。",
        ),
    )] = 1

    decode_context_parallel_size: Annotated[int, Arg(
        '--decode-context-parallel-size', '-dcp',
        help=Text(
            en="Decode context parallel (DCP) size: how many ranks share one request's KV cache during decode, each "
               "holding a slice. It reuses the tensor parallel ranks (it does not add processes), so it must divide "
               "--tensor-parallel-size when --prefill-context-parallel-size is 1.",
            zh="解码上下文并行（DCP）规模：解码时同一请求的 KV 缓存由多少个 rank 分片保存。它复用张量并行的 rank，"
               "不增加进程数，因此在 --prefill-context-parallel-size 为 1 时必须能整除 --tensor-parallel-size。",
        ),
    )] = 1

    dcp_comm_backend: Annotated[Literal['a2a', 'ag_rs'] | None, Arg(
        '--dcp-comm-backend',
        help=Text(
            en="How decode context parallel ranks combine their partial attention outputs: 'ag_rs' (all-gather then "
               "reduce-scatter) or 'a2a' (one all-to-all, fewer collectives per layer for MLA models). Unset takes "
               "the model's default, normally 'ag_rs'.",
            zh="解码上下文并行各 rank 合并部分注意力输出的通信方式：'ag_rs' 先 all-gather 再 reduce-scatter；"
               "'a2a' 只做一次 all-to-all，对 MLA 模型每层的集合通信更少。不设置时采用模型的默认值，通常为 'ag_rs'。",
        ),
    )] = None

    dcp_q_replicate: Annotated[bool | None, Arg(
        '--dcp-q-replicate', negatable=True,
        help=Text(
            en="For MLA models under decode context parallel, compute the small query projection on every rank of the "
               "group so decode skips the per-step query all-gather, at the cost of redundant work. Unset lets vLLM "
               "decide.",
            zh="MLA 模型启用解码上下文并行时，在组内每个 rank 上都计算较小的查询投影，"
               "省去每步解码对查询的 all-gather，代价是重复计算。不设置时由 vLLM 决定。",
        ),
    )] = None

    dcp_kv_cache_interleave_size: Annotated[int, Arg(
        '--dcp-kv-cache-interleave-size',
        help=Text(
            en="Older name of --cp-kv-cache-interleave-size for decode context parallel: how many consecutive tokens "
               "go to one rank before the next. Prefer --cp-kv-cache-interleave-size.",
            zh="--cp-kv-cache-interleave-size 在解码上下文并行中的旧名称：连续多少个 token 存到同一 rank 后再换下一个 "
               "rank。请改用 --cp-kv-cache-interleave-size。",
        ),
    )] = 1

    cp_kv_cache_interleave_size: Annotated[int | None, Arg(
        '--cp-kv-cache-interleave-size',
        help=Text(
            en="Under context parallelism, how many consecutive tokens of the KV cache are stored on one rank before "
               "moving to the next: 1 deals out single tokens, the block size fills whole blocks. The block size must "
               "be a multiple of it. Unset chooses it from the KV transfer (NIXL) needs.",
            zh="上下文并行时，KV 缓存中连续多少个 token 存放在同一 rank 上再轮到下一个 rank："
               "1 表示逐个 token 轮流分配，等于块大小则整块填满。块大小必须是它的整数倍。不设置时根据 KV 传输（NIXL）"
               "的需要自动确定。",
        ),
    )] = None

    prefill_context_parallel_size: Annotated[int, Arg(
        '--prefill-context-parallel-size', '-pcp',
        help=Text(
            en="Prefill context parallel (PCP) size: how many ranks split the tokens of a prompt during prefill. "
               "Unlike decode context parallel it adds processes (it multiplies the world size).",
            zh="预填充上下文并行（PCP）规模：预填充时把提示词的 token 切分给多少个 rank 计算。与解码上下文并行不同，"
               "它会增加进程数（与其他并行规模相乘构成总进程数）。",
        ),
    )] = 1

    data_parallel_size: Annotated[int, Arg(
        '--data-parallel-size', '-dp',
        help=Text(
            en="Data parallel size: how many replicas of the model serve requests side by side. For MoE models the "
               "expert layers are sharded over data, tensor and prefill context parallel ranks together.",
            zh="数据并行规模：并行提供服务的模型副本数。对 MoE 模型，专家层在数据并行、"
               "张量并行和预填充上下文并行的 rank 上共同切分。",
        ),
    )] = 1

    data_parallel_rank: Annotated[int | None, Arg(
        '--data-parallel-rank', '-dpn',
        help=Text(
            en="The data parallel rank this instance serves. Setting it runs one rank per `vllm serve` behind an "
               "external load balancer (MoE models only; for dense models start independent instances instead).",
            zh="本实例承担的数据并行 rank。设置后每个 `vllm serve` 只运行一个 rank，"
               "由外部负载均衡器分发请求（仅限 MoE 模型；稠密模型应启动彼此独立的实例）。",
        ),
    )] = None

    data_parallel_start_rank: Annotated[int | None, Arg(
        '--data-parallel-start-rank', '-dpr',
        help=Text(
            en="On a secondary node, the first data parallel rank it runs (its local ranks follow from there).",
            zh="在从节点上，该节点运行的第一个数据并行 rank，本地其余 rank 依次往后编号。",
        ),
    )] = None

    data_parallel_size_local: Annotated[int | None, Arg(
        '--data-parallel-size-local', '-dpl',
        help=Text(
            en="How many of the data parallel replicas run on this node. Unset runs all of them here.",
            zh="本节点上运行的数据并行副本数。不设置时全部在本节点运行。",
        ),
    )] = None

    data_parallel_address: Annotated[str | None, Arg(
        '--data-parallel-address', '-dpa',
        help=Text(
            en="Address of the head node of a multi-node data parallel deployment, where the engines coordinate.",
            zh="多节点数据并行部署中头节点的地址，各引擎在此协调。",
        ),
    )] = None

    data_parallel_rpc_port: Annotated[int | None, Arg(
        '--data-parallel-rpc-port', '-dpp',
        help=Text(
            en="Port for the data parallel coordination messages; every node must use the same one. Unset uses 29550.",
            zh="数据并行协调消息使用的端口，所有节点必须相同。不设置时为 29550。",
        ),
    )] = None

    data_parallel_backend: Annotated[str, Arg(
        '--data-parallel-backend', '-dpb',
        help=Text(
            en="How data parallel engines are started: 'mp' (processes launched per node by `vllm serve`) or 'ray' "
               "(placed on a Ray cluster from the head node).",
            zh="数据并行引擎的启动方式：'mp' 由每个节点上的 `vllm serve` 启动进程；'ray' 由头节点在 Ray 集群上调度。",
        ),
    )] = 'mp'

    data_parallel_hybrid_lb: Annotated[bool, Arg(
        '--data-parallel-hybrid-lb', '-dph', negatable=True,
        help=Text(
            en="Hybrid data parallel load balancing: each node runs its own API server that balances over its local "
               "ranks, and an external load balancer spreads requests over the nodes. Use with "
               "--data-parallel-start-rank and --data-parallel-size-local.",
            zh="混合数据并行负载均衡：每个节点运行自己的 API 服务，在本地 rank 之间均衡负载，"
               "再由外部负载均衡器在节点之间分发请求。需配合 --data-parallel-start-rank 与 --data-parallel-size-local "
               "使用。",
        ),
    )] = False

    data_parallel_external_lb: Annotated[bool, Arg(
        '--data-parallel-external-lb', '-dpe', negatable=True,
        help=Text(
            en="External data parallel load balancing: every rank is its own `vllm serve` and an outside load "
               "balancer picks among them (e.g. one pod per rank in Kubernetes). MoE models only; implied by "
               "--data-parallel-rank.",
            zh="外部数据并行负载均衡：每个 rank 都是独立的 `vllm serve`，由外部负载均衡器在它们之间选择（例如在 "
               "Kubernetes 中每个 rank 部署为一个实例）。仅限 MoE 模型；设置 --data-parallel-rank 时自动启用。",
        ),
    )] = False

    data_parallel_multi_port_external_lb: Annotated[bool, Arg(
        '--data-parallel-multi-port-external-lb', '-dpm',
        help=Text(
            en="Run a supervisor on this node that starts one external-load-balancer API server per local data "
               "parallel rank, each on its own port, and reports their combined health on a supervisor port.",
            zh="在本节点运行一个监管进程：为每个本地数据并行 rank 各启动一个使用独立端口的外部负载均衡 API 服务，"
               "并在监管端口上汇总报告它们的健康状态。",
        ),
    )] = False

    enable_hc_sp: Annotated[bool, Arg(
        '--enable-hc-sp', negatable=True,
        help=Text(
            en="Sequence parallelism for HyperConnection computation (Qwen4Exp on CUDA with tensor parallel above 1 "
               "and no pipeline parallel; no effect at tensor parallel 1).",
            zh="为 HyperConnection 计算启用序列并行（适用于 CUDA 上张量并行大于 1、且不使用流水线并行的 Qwen4Exp；"
               "张量并行为 1 时无效）。",
        ),
    )] = False

    enable_expert_parallel: Annotated[bool, Arg(
        '--enable-expert-parallel', '-ep', negatable=True,
        help=Text(
            en="Shard MoE layers by whole experts (expert parallel) over the tensor x data parallel ranks, instead of "
               "splitting every expert by tensor parallel. vLLM has no separate expert parallel size; it follows from "
               "those two, unlike SGLang's --ep-size.",
            zh="MoE 层按完整专家切分（专家并行），分布到张量并行 × 数据并行的所有 rank 上，"
               "而不是用张量并行切分每个专家。vLLM 没有单独的专家并行规模，它由这两个规模决定，"
               "这一点与 SGLang 的 --ep-size 不同。",
        ),
    )] = False

    enable_batch_sharded_sampling: Annotated[bool | None, Arg(
        '--enable-batch-sharded-sampling', negatable=True,
        help=Text(
            en="Under tensor parallel, let each rank sample its own slice of the batch instead of every rank sampling "
               "all of it. Needs tensor parallel above 1, --max-num-seqs at least the tensor parallel size and a "
               "model that supports it; enabling it where that fails is an error. Unset means off.",
            zh="张量并行时让每个 rank 只对批次中属于自己的那一部分采样，而不是每个 rank 都对整个批次采样。"
               "要求张量并行大于 1、--max-num-seqs 不小于张量并行规模，且模型支持；条件不满足时显式启用会报错。"
               "不设置即关闭。",
        ),
    )] = None

    enable_ep_weight_filter: Annotated[bool, Arg(
        '--enable-ep-weight-filter', negatable=True,
        help=Text(
            en="With expert parallel, read only this rank's experts from the checkpoint while loading, which cuts "
               "storage reads for MoE checkpoints stored per expert. No effect on fused-expert checkpoints or dense "
               "models.",
            zh="启用专家并行时，加载权重只读取本 rank 负责的专家，可大幅减少按专家分别存储的 MoE 检查点的读盘量。"
               "对专家已融合存储的检查点和稠密模型无效。",
        ),
    )] = False

    all2all_backend: Annotated[Literal[
        'allgather_reducescatter', 'deepep_high_throughput', 'deepep_low_latency', 'deepep_v2', 'flashinfer_all2allv',
        'flashinfer_nvlink_one_sided', 'flashinfer_nvlink_two_sided', 'moonep', 'mori', 'mori_high_throughput',
        'mori_low_latency', 'naive', 'nixl_ep', 'pplx',
    ] | None, Arg(
        '--all2all-backend',
        help=Text(
            en="Communication backend for MoE token dispatch and combine under expert parallel: "
               "'allgather_reducescatter' (default, all-gather and reduce-scatter), the DeepEP kernels "
               "('deepep_high_throughput' for prefill, 'deepep_low_latency' for decode), the MoRI, FlashInfer, "
               "NIXL-EP, MoonEP and pplx kernels, or 'naive'; vLLM 0.34 adds 'mori', which picks MoRI's kernels "
               "itself and replaces the two 'mori_*' values. It is the counterpart of SGLang's --moe-a2a-backend. "
               "vLLM 0.13 has no default: unset takes the VLLM_ALL2ALL_BACKEND environment variable.",
            zh="专家并行时 MoE token 分发与合并所用的通信后端：'allgather_reducescatter'（默认，"
               "基于 all-gather 与 reduce-scatter）、DeepEP 算子（预填充用 'deepep_high_throughput'，"
               "解码用 'deepep_low_latency'）、MoRI、FlashInfer、NIXL-EP、MoonEP 与 pplx 算子，或 'naive'；"
               "vLLM 0.34 新增 'mori'，自行选择 MoRI 算子，取代两个 'mori_*' 取值。"
               "对应 SGLang 的 --moe-a2a-backend。vLLM 0.13 没有默认值：不设置时取环境变量 VLLM_ALL2ALL_BACKEND。",
        ),
    )] = 'allgather_reducescatter'

    enable_dbo: Annotated[bool, Arg(
        '--enable-dbo', negatable=True,
        help=Text(
            en="Dual batch overlap: split a large batch into two micro-batches so that one computes while the other "
               "communicates (see --dbo-decode-token-threshold and --dbo-prefill-token-threshold).",
            zh="双批次重叠：把较大的批次拆成两个微批次，一个计算的同时另一个通信（阈值见 --dbo-decode-token-threshold "
               "与 --dbo-prefill-token-threshold）。",
        ),
    )] = False

    enable_shm_tensor_arena: Annotated[bool, Arg(
        '--enable-shm-tensor-arena', negatable=True,
        help=Text(
            en="Experimental: pass large CPU tensors (such as image pixel values) from the engine to the workers "
               "through one shared-memory arena in /dev/shm instead of one copy per worker. Helps multimodal serving "
               "with tensor parallel; only when all workers are on this node.",
            zh="实验特性：把较大的 CPU 张量（如图像像素数据）经 /dev/shm 中的一块共享内存区从引擎传给工作进程，"
               "而不是给每个工作进程各发一份副本。对张量并行下的多模态服务有帮助；仅当所有工作进程都在本节点时生效。",
        ),
    )] = False

    ubatch_size: Annotated[int, Arg(
        '--ubatch-size',
        help=Text(
            en="Number of micro-batches each batch is split into; above 1 turns on micro-batched execution without "
               "--enable-dbo (which always uses 2). 0 or 1 means no micro-batching.",
            zh="每个批次拆分成的微批次个数；大于 1 时即使不设置 --enable-dbo 也启用微批次执行（--enable-dbo 固定为 2）"
               "。0 或 1 表示不拆分。",
        ),
    )] = 0

    enable_elastic_ep: Annotated[bool, Arg(
        '--enable-elastic-ep', negatable=True,
        help=Text(
            en="Elastic expert parallel: the data/expert parallel group can grow or shrink at run time (with "
               "stateless NCCL groups); --elastic-ep-max-dp-size caps how far.",
            zh="弹性专家并行：数据并行/专家并行组可以在运行时扩缩（使用无状态 NCCL 通信组）；"
               "上限由 --elastic-ep-max-dp-size 指定。",
        ),
    )] = False

    elastic_ep_max_dp_size: Annotated[int | None, Arg(
        '--elastic-ep-max-dp-size',
        help=Text(
            en="With --enable-elastic-ep, the largest data parallel size the deployment may scale up to.",
            zh="配合 --enable-elastic-ep 使用：部署可扩展到的最大数据并行规模。",
        ),
    )] = None

    dbo_decode_token_threshold: Annotated[int, Arg(
        '--dbo-decode-token-threshold',
        help=Text(
            en="With --enable-dbo, a decode-only batch is split into micro-batches when it has more tokens than this; "
               "smaller batches run whole.",
            zh="配合 --enable-dbo 使用：只含解码请求的批次，token 数超过此值时拆成微批次执行，否则整批执行。",
        ),
    )] = 32

    dp_sync_interval: Annotated[int, Arg(
        '--dp-sync-interval',
        help=Text(
            en="How many engine steps pass between the all-reduces in which data parallel ranks agree that all are "
               "done; must be the same on every rank.",
            zh="数据并行各 rank 之间每隔多少个引擎步执行一次 all-reduce，以确认所有 rank 都已完成；各 rank 必须一致。",
        ),
    )] = 16

    dbo_prefill_token_threshold: Annotated[int, Arg(
        '--dbo-prefill-token-threshold',
        help=Text(
            en="With --enable-dbo, a batch holding at least one prefill is split into micro-batches when it has more "
               "tokens than this; smaller batches run whole.",
            zh="配合 --enable-dbo 使用：含有预填充请求的批次，token 数超过此值时拆成微批次执行，否则整批执行。",
        ),
    )] = 512

    disable_nccl_for_dp_synchronization: Annotated[bool | None, Arg(
        '--disable-nccl-for-dp-synchronization', negatable=True,
        help=Text(
            en="Do the per-step data parallel synchronisation all-reduce over gloo on the CPU instead of NCCL. Unset "
               "turns this on when async scheduling is enabled and off otherwise.",
            zh="数据并行每步同步所用的 all-reduce 改在 CPU 上经 `gloo` 完成，而不经 NCCL。不设置时，"
               "启用异步调度则开启，否则关闭。",
        ),
    )] = None

    enable_eplb: Annotated[bool, Arg(
        '--enable-eplb', negatable=True,
        help=Text(
            en="Expert parallel load balancing (EPLB): periodically move and replicate hot experts across ranks to "
               "even out the load; tune it with --eplb-config.",
            zh="专家并行负载均衡（EPLB）：定期在各 rank 之间迁移和复制热点专家，使负载均衡；"
               "参数通过 --eplb-config 调整。",
        ),
    )] = False

    eplb_config: Annotated[JsonObject | None, Arg(
        '--eplb-config',
        help=Text(
            en="JSON object configuring --enable-eplb; main keys: window_size (steps of load history, 1000), "
               "step_interval (steps between rebalances, 3000), num_redundant_experts (extra expert copies, 0), "
               "log_balancedness, use_async and policy.",
            zh="配置 --enable-eplb 的 JSON 对象；常用键：window_size（统计负载的步数窗口，默认 1000）、"
               "step_interval（两次重新均衡之间的步数，默认 3000）、num_redundant_experts（冗余专家副本数，默认 0）、"
               "`log_balancedness`、`use_async` 与 `policy`。",
        ),
    )] = None

    expert_placement_strategy: Annotated[Literal['linear', 'round_robin'], Arg(
        '--expert-placement-strategy',
        help=Text(
            en="How experts are assigned to expert parallel ranks: 'linear' gives each rank a contiguous block (4 "
               "experts on 2 ranks: 0,1 and 2,3); 'round_robin' deals them out in turn (0,2 and 1,3), which balances "
               "grouped-expert models without redundant experts better.",
            zh="专家在各专家并行 rank 上的分配方式：'linear' 为每个 rank 分配连续的一段（4 个专家、"
               "2 个 rank 时为 0,1 与 2,3）；'round_robin' 轮流分配（0,2 与 1,3），"
               "对没有冗余专家的分组专家模型负载更均衡。",
        ),
    )] = 'linear'

    max_parallel_loading_workers: Annotated[int | None, Arg(
        '--max-parallel-loading-workers',
        help=Text(
            en="Load the model in batches with at most this many workers loading at once, to avoid running out of "
               "host memory with large models under tensor parallel. Unset loads on all workers at once.",
            zh="分批加载模型，同一时刻最多有该数量的工作进程在加载，以免大模型在张量并行下耗尽主机内存。"
               "不设置时所有工作进程同时加载。",
        ),
    )] = None

    ray_workers_use_nsight: Annotated[bool, Arg(
        '--ray-workers-use-nsight', negatable=True,
        help=Text(
            en="Profile the Ray workers with NVIDIA Nsight Systems (Ray backend only).",
            zh="使用 NVIDIA Nsight Systems 对 Ray 工作进程做性能剖析（仅限 Ray 后端）。",
        ),
    )] = False

    disable_custom_all_reduce: Annotated[bool, Arg(
        '--disable-custom-all-reduce', negatable=True,
        help=Text(
            en="Use NCCL for all-reduce instead of vLLM's own custom all-reduce kernel.",
            zh="all-reduce 改用 NCCL，而不使用 vLLM 自带的定制 all-reduce 算子。",
        ),
    )] = False

    worker_cls: Annotated[str, Arg(
        '--worker-cls',
        help=Text(
            en="Full Python path of the worker class to run. 'auto' picks the platform's worker (on Ascend, "
               "vLLM-Ascend's NPU worker).",
            zh="要运行的工作进程类的完整 Python 路径。'auto' 表示选用当前平台的工作进程类（昇腾上为 vLLM-Ascend 的 NPU"
               " 工作进程）。",
        ),
    )] = 'auto'

    worker_extension_cls: Annotated[str, Arg(
        '--worker-extension-cls',
        help=Text(
            en="Full Python path of a class mixed into the worker class, adding methods that can be called on every "
               "worker through collective_rpc (used by RL frameworks for weight updates). Empty adds none.",
            zh="混入工作进程类的扩展类的完整 Python 路径，为其增加可通过 collective_rpc 在所有工作进程上调用的方法（强"
               "化学习框架用它更新权重）。为空表示不扩展。",
        ),
    )] = ''

    enable_fault_tolerance: Annotated[bool, Arg(
        '--enable-fault-tolerance', negatable=True,
        help=Text(
            en="Fault tolerance for data parallel serving: recover from a failed engine (e.g. by scaling the data "
               "parallel group down) instead of stopping the server; tune it with --fault-tolerance-config.",
            zh="数据并行服务的容错：某个引擎出错时尝试恢复（例如缩小数据并行组），而不是停止整个服务；"
               "参数通过 --fault-tolerance-config 调整。",
        ),
    )] = False

    fault_tolerance_config: Annotated[JsonObject | None, Arg(
        '--fault-tolerance-config',
        help=Text(
            en="JSON object configuring --enable-fault-tolerance; its key engine_recovery_timeout_sec (120) is how "
               "long to wait for a failed engine to recover.",
            zh="配置 --enable-fault-tolerance 的 JSON 对象；键 engine_recovery_timeout_sec（默认 120）"
               "为等待出错引擎恢复的秒数。",
        ),
    )] = None
