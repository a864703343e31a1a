"""vLLM Parallelism: the `vllm serve` flags of its ParallelConfig group."""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import JsonObject

GROUP = Group('vllm_parallel', Text(en='Parallelism', zh='并行'))


class ParallelArgs:

    distributed_executor_backend: Annotated[str | None, Arg(
        '--distributed-executor-backend',
        help=Text(en='', zh=''),
    )] = None

    pipeline_parallel_size: Annotated[int, Arg(
        '--pipeline-parallel-size', '-pp',
        help=Text(en='', zh=''),
    )] = 1

    master_addr: Annotated[str, Arg(
        '--master-addr',
        help=Text(en='', zh=''),
    )] = '127.0.0.1'

    master_port: Annotated[int, Arg(
        '--master-port',
        help=Text(en='', zh=''),
    )] = 29501

    nnodes: Annotated[int, Arg(
        '--nnodes', '-n',
        help=Text(en='', zh=''),
    )] = 1

    node_rank: Annotated[int, Arg(
        '--node-rank', '-r',
        help=Text(en='', zh=''),
    )] = 0

    distributed_timeout_seconds: Annotated[int | None, Arg(
        '--distributed-timeout-seconds',
        help=Text(en='', zh=''),
    )] = None

    cpu_distributed_timeout_seconds: Annotated[int | None, Arg(
        '--cpu-distributed-timeout-seconds',
        help=Text(en='', zh=''),
    )] = None

    numa_bind: Annotated[bool, Arg(
        '--numa-bind', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    numa_bind_nodes: Annotated[list[int] | None, Arg(
        '--numa-bind-nodes',
        help=Text(en='', zh=''),
    )] = None

    numa_bind_cpus: Annotated[list[str] | None, Arg(
        '--numa-bind-cpus',
        help=Text(en='', zh=''),
    )] = None

    device_ids: Annotated[str | None, Arg(
        '--device-ids',
        help=Text(en='', zh=''),
    )] = None

    tensor_parallel_size: Annotated[int, Arg(
        '--tensor-parallel-size', '-tp',
        help=Text(en='', zh=''),
    )] = 1

    decode_context_parallel_size: Annotated[int, Arg(
        '--decode-context-parallel-size', '-dcp',
        help=Text(en='', zh=''),
    )] = 1

    dcp_comm_backend: Annotated[Literal['a2a', 'ag_rs'] | None, Arg(
        '--dcp-comm-backend',
        help=Text(en='', zh=''),
    )] = None

    dcp_q_replicate: Annotated[bool | None, Arg(
        '--dcp-q-replicate', negatable=True,
        help=Text(en='', zh=''),
    )] = None

    dcp_kv_cache_interleave_size: Annotated[int, Arg(
        '--dcp-kv-cache-interleave-size',
        help=Text(en='', zh=''),
    )] = 1

    cp_kv_cache_interleave_size: Annotated[int | None, Arg(
        '--cp-kv-cache-interleave-size',
        help=Text(en='', zh=''),
    )] = None

    prefill_context_parallel_size: Annotated[int, Arg(
        '--prefill-context-parallel-size', '-pcp',
        help=Text(en='', zh=''),
    )] = 1

    data_parallel_size: Annotated[int, Arg(
        '--data-parallel-size', '-dp',
        help=Text(en='', zh=''),
    )] = 1

    data_parallel_rank: Annotated[int | None, Arg(
        '--data-parallel-rank', '-dpn',
        help=Text(en='', zh=''),
    )] = None

    data_parallel_start_rank: Annotated[int | None, Arg(
        '--data-parallel-start-rank', '-dpr',
        help=Text(en='', zh=''),
    )] = None

    data_parallel_size_local: Annotated[int | None, Arg(
        '--data-parallel-size-local', '-dpl',
        help=Text(en='', zh=''),
    )] = None

    data_parallel_address: Annotated[str | None, Arg(
        '--data-parallel-address', '-dpa',
        help=Text(en='', zh=''),
    )] = None

    data_parallel_rpc_port: Annotated[int | None, Arg(
        '--data-parallel-rpc-port', '-dpp',
        help=Text(en='', zh=''),
    )] = None

    data_parallel_backend: Annotated[str, Arg(
        '--data-parallel-backend', '-dpb',
        help=Text(en='', zh=''),
    )] = 'mp'

    data_parallel_hybrid_lb: Annotated[bool, Arg(
        '--data-parallel-hybrid-lb', '-dph', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    data_parallel_external_lb: Annotated[bool, Arg(
        '--data-parallel-external-lb', '-dpe', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    data_parallel_multi_port_external_lb: Annotated[bool, Arg(
        '--data-parallel-multi-port-external-lb', '-dpm',
        help=Text(en='', zh=''),
    )] = False

    enable_hc_sp: Annotated[bool, Arg(
        '--enable-hc-sp', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    enable_expert_parallel: Annotated[bool, Arg(
        '--enable-expert-parallel', '-ep', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    enable_batch_sharded_sampling: Annotated[bool | None, Arg(
        '--enable-batch-sharded-sampling', negatable=True,
        help=Text(en='', zh=''),
    )] = None

    enable_ep_weight_filter: Annotated[bool, Arg(
        '--enable-ep-weight-filter', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    all2all_backend: Annotated[Literal['allgather_reducescatter', 'deepep_high_throughput', 'deepep_low_latency', 'deepep_v2', 'flashinfer_all2allv', 'flashinfer_nvlink_one_sided', 'flashinfer_nvlink_two_sided', 'moonep', 'mori_high_throughput', 'mori_low_latency', 'naive', 'nixl_ep', 'pplx'], Arg(
        '--all2all-backend',
        help=Text(en='', zh=''),
    )] = 'allgather_reducescatter'

    enable_dbo: Annotated[bool, Arg(
        '--enable-dbo', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    enable_shm_tensor_arena: Annotated[bool, Arg(
        '--enable-shm-tensor-arena', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    ubatch_size: Annotated[int, Arg(
        '--ubatch-size',
        help=Text(en='', zh=''),
    )] = 0

    enable_elastic_ep: Annotated[bool, Arg(
        '--enable-elastic-ep', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    elastic_ep_max_dp_size: Annotated[int | None, Arg(
        '--elastic-ep-max-dp-size',
        help=Text(en='', zh=''),
    )] = None

    dbo_decode_token_threshold: Annotated[int, Arg(
        '--dbo-decode-token-threshold',
        help=Text(en='', zh=''),
    )] = 32

    dp_sync_interval: Annotated[int, Arg(
        '--dp-sync-interval',
        help=Text(en='', zh=''),
    )] = 16

    dbo_prefill_token_threshold: Annotated[int, Arg(
        '--dbo-prefill-token-threshold',
        help=Text(en='', zh=''),
    )] = 512

    disable_nccl_for_dp_synchronization: Annotated[bool | None, Arg(
        '--disable-nccl-for-dp-synchronization', negatable=True,
        help=Text(en='', zh=''),
    )] = None

    enable_eplb: Annotated[bool, Arg(
        '--enable-eplb', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    eplb_config: Annotated[JsonObject | None, Arg(
        '--eplb-config',
        help=Text(en='', zh=''),
    )] = None

    expert_placement_strategy: Annotated[Literal['linear', 'round_robin'], Arg(
        '--expert-placement-strategy',
        help=Text(en='', zh=''),
    )] = 'linear'

    max_parallel_loading_workers: Annotated[int | None, Arg(
        '--max-parallel-loading-workers',
        help=Text(en='', zh=''),
    )] = None

    ray_workers_use_nsight: Annotated[bool, Arg(
        '--ray-workers-use-nsight', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    disable_custom_all_reduce: Annotated[bool, Arg(
        '--disable-custom-all-reduce', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    worker_cls: Annotated[str, Arg(
        '--worker-cls',
        help=Text(en='', zh=''),
    )] = 'auto'

    worker_extension_cls: Annotated[str, Arg(
        '--worker-extension-cls',
        help=Text(en='', zh=''),
    )] = ''

    enable_fault_tolerance: Annotated[bool, Arg(
        '--enable-fault-tolerance', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    fault_tolerance_config: Annotated[JsonObject | None, Arg(
        '--fault-tolerance-config',
        help=Text(en='', zh=''),
    )] = None
