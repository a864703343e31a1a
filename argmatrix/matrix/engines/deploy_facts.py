"""How each engine is deployed on Kubernetes (``Engine.deploy``): the facts ``compiler/k8s.py`` writes from.

Each fact says where it was read.  The per-pod flags of a LeaderWorkerSet group follow each engine's own
multi-node instructions: SGLang's (``--dist-init-addr $(LWS_LEADER_ADDRESS):20102 --nnodes $(LWS_GROUP_SIZE)
--node-rank $(LWS_WORKER_INDEX)``, its docs' LWS example), vLLM's (``--nnodes``/``--node-rank``/``--master-addr``
with ``--headless`` on the other nodes; data parallelism across nodes with ``--data-parallel-size-local``,
``--data-parallel-address`` and ``--data-parallel-start-rank`` on ``--headless`` nodes, as vLLM-Ascend's
multi-node guide writes it).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...schema.meta import Text
from ..deploy import (
    ADDRESS,
    COUNT,
    PORT,
    RANK,
    Deployable,
    GroupMode,
    Proxy,
    Roles,
)


def _int(values: Mapping[str, Any], name: str, default: int = 1) -> int:
    value = values.get(name)
    return int(value) if isinstance(value, int) and not isinstance(value, bool) else default


def sglang_devices(values: Mapping[str, Any]) -> int:
    """Devices of one node: tp x pp (times dp unless DP attention carves dp out of tp), shared by --nnodes."""
    dp_inside_tp = bool(values.get("enable_dp_attention")) or _int(values, "attn_dp_size") > 1
    world = _int(values, "tp_size") * _int(values, "pp_size") * (1 if dp_inside_tp else _int(values, "dp_size"))
    return max(world // max(_int(values, "nnodes"), 1), 1)


SGLANG_GROUP = GroupMode(
    "multi-node", applies=lambda v: _int(v, "nnodes") > 1, nodes=lambda v: _int(v, "nnodes"),
    per_pod={"nnodes": "$(LWS_GROUP_SIZE)", "node_rank": "$(LWS_WORKER_INDEX)",
             "dist_init_addr": "$(LWS_LEADER_ADDRESS):{port}"},
    default_port=20102,
    source="SGLang docs/references/multi_node_deployment/lws_pd/lws_pd_deploy.md: leader and workers pass "
           "--dist-init-addr $(LWS_LEADER_ADDRESS):20102 --nnodes $(LWS_GROUP_SIZE) --node-rank $(LWS_WORKER_INDEX)")

SGLANG_REFERENCES = {"node_rank": RANK, "nnodes": COUNT, "dist_init_addr": ADDRESS, "port": PORT, "host": ADDRESS,
                     "nccl_port": PORT, "disaggregation_bootstrap_port": PORT}

SGLANG_DEPLOY = Deployable(
    health_path="/health", port_field="port", default_port=30000, listen={"host": "0.0.0.0"},
    devices=sglang_devices, references=SGLANG_REFERENCES, groups=(SGLANG_GROUP,),
    # SGLang's multi-node LeaderWorkerSet example (lws_pd_deploy.md) runs leader and workers with
    # hostNetwork: true (dnsPolicy ClusterFirstWithHostNet), so the collectives bind the node's own interfaces
    host_network_families=frozenset({"npu", "gpu", "cpu"}),
    roles=Roles("disaggregation_mode", ("prefill", "decode"),
                ports={"prefill": ("disaggregation_bootstrap_port",)},
                # sglang-router's own usage text (python -m sglang_router.launch_router --help, PD mode)
                router="python -m sglang_router.launch_router --pd-disaggregation --prefill http://{prefill}:{port} "
                       "{disaggregation_bootstrap_port} --decode http://{decode}:{port}"),
    source="SGLang 0.5.23: /health (http_server.py), --host 127.0.0.1 and --port 30000 by default (server_args.py)")


def vllm_devices(values: Mapping[str, Any]) -> int:
    """Devices of one node: tp x pp x pcp per local data-parallel rank (vllm_checks.devices_on_this_node)."""
    world = _int(values, "tensor_parallel_size") * _int(values, "pipeline_parallel_size") \
        * _int(values, "prefill_context_parallel_size")
    dp, nnodes = _int(values, "data_parallel_size"), max(_int(values, "nnodes"), 1)
    local = values.get("data_parallel_size_local")
    if isinstance(local, int) and local > 0:
        return local * world
    if values.get("data_parallel_rank") is not None:
        return world
    return max(dp * world // nnodes, 1)


def _dp_local(values: Mapping[str, Any]) -> int:
    return _int(values, "data_parallel_size_local", _int(values, "data_parallel_size"))


def _dp_nodes(values: Mapping[str, Any]) -> int:
    return max(_int(values, "data_parallel_size") // max(_dp_local(values), 1), 1)


def _dp_refused(values: Mapping[str, Any]) -> Text | None:
    dp, local, nodes = _int(values, "data_parallel_size"), _dp_local(values), _dp_nodes(values)
    if dp % local:
        return Text(f"--data-parallel-size {dp} is not a multiple of --data-parallel-size-local {local}: the nodes "
                    "cannot hold the same number of data-parallel ranks",
                    f"--data-parallel-size {dp} 不是 --data-parallel-size-local {local} 的整数倍：各节点无法承载"
                    "相同数量的数据并行 rank")
    if nodes > 2:
        return Text(f"{nodes} nodes of data parallelism need a start rank of {local} x the worker's index, and "
                    "Kubernetes cannot compute it: a LeaderWorkerSet's workers share one template",
                    f"{nodes} 个节点的数据并行需要起始 rank 为 {local} 乘以 worker 序号，而 Kubernetes 无法计算它："
                    "LeaderWorkerSet 的各个 worker 共用同一个模板")
    return None


VLLM_DP_GROUP = GroupMode(
    "data-parallel", applies=lambda v: _dp_nodes(v) > 1 and v.get("data_parallel_size_local") is not None,
    nodes=_dp_nodes,
    per_pod={"data_parallel_address": "$(LWS_LEADER_ADDRESS)", "data_parallel_start_rank": "$(DP_START)"},
    worker_flags={"headless": True},
    role_env=lambda v, leader: {"DP_START": "0" if leader else str(_dp_local(v))},
    refuse=_dp_refused,
    source="vLLM-Ascend docs/source/tutorials/models/DeepSeek-R1.md (two nodes, data parallel): node 0 serves, the others run --headless "
           "with --data-parallel-start-rank = their first data-parallel rank, all with --data-parallel-address of "
           "node 0")
VLLM_NODES_GROUP = GroupMode(
    "multi-node", applies=lambda v: _int(v, "nnodes") > 1, nodes=lambda v: _int(v, "nnodes"),
    per_pod={"nnodes": "$(LWS_GROUP_SIZE)", "node_rank": "$(LWS_WORKER_INDEX)",
             "master_addr": "$(LWS_LEADER_ADDRESS)"},
    worker_flags={"headless": True},
    source="vLLM docs/serving/parallelism_scaling (multiprocessing across nodes): --nnodes, --node-rank, "
           "--master-addr; nodes other than 0 run --headless")

VLLM_REFERENCES = {"node_rank": RANK, "nnodes": COUNT, "master_addr": ADDRESS, "master_port": PORT,
                   "data_parallel_rank": RANK, "data_parallel_start_rank": RANK, "data_parallel_size_local": COUNT,
                   "data_parallel_address": ADDRESS, "data_parallel_rpc_port": PORT, "port": PORT, "host": ADDRESS}

# vLLM-Ascend's prefill/decode launches (docs/source/tutorials/features/pd_disaggregation_mooncake_single_node.md
# and _multi_node.md): the same `vllm serve` line with --kv-transfer-config's kv_role kv_producer on the prefill
# servers and kv_consumer on the decode ones, each listening on its kv_port, every node's engine_id its own; a
# proxy in front sends each request to a prefill server, then to a decode server.  kv_both (a server that both
# stores and loads: KV offloading, the colocated tutorials) is one server, no roles.
VLLM_ASCEND_PROXY = Proxy(
    command=("python3", "/vllm-workspace/vllm-ascend/examples/disaggregated_prefill_v1/"
             "load_balance_proxy_server_example.py", "--host", "0.0.0.0", "--port", "{proxy_port}",
             "--prefiller-hosts", "{prefill}", "--prefiller-ports", "{port}", "--decoder-hosts", "{decode}",
             "--decoder-ports", "{port}"),
    port=8000, health_path="/healthcheck", families=frozenset({"npu"}),
    source="vLLM-Ascend examples/disaggregated_prefill_v1/load_balance_proxy_server_example.py (its argparse: "
           "--host --port --prefiller-hosts --prefiller-ports --decoder-hosts --decoder-ports; GET /healthcheck), "
           "copied into its images at /vllm-workspace/vllm-ascend (Dockerfile: COPY . /vllm-workspace/vllm-ascend/)")
VLLM_ROLES = Roles(
    "kv_transfer_config", ("prefill", "decode"), key="kv_role",
    values={"prefill": "kv_producer", "decode": "kv_consumer"},
    ports={"prefill": ("kv_port",), "decode": ("kv_port",)}, distinct=("engine_id",),
    # vLLM's own proxy example (examples/online_serving/disaggregated_serving/disagg_proxy_demo.py, its usage)
    router="python3 examples/online_serving/disaggregated_serving/disagg_proxy_demo.py --model {model} "
           "--prefill {prefill}:{port} --decode {decode}:{port} --port 8000",
    proxy=VLLM_ASCEND_PROXY,
    source="vLLM-Ascend docs/source/tutorials/features/pd_disaggregation_mooncake_single_node.md: kv_producer / "
           "kv_consumer, kv_port per server, a proxy in front")

VLLM_DEPLOY = Deployable(
    health_path="/health", port_field="port", default_port=8000, listen={},  # --host unset binds every interface
    devices=vllm_devices, references=VLLM_REFERENCES, groups=(VLLM_DP_GROUP, VLLM_NODES_GROUP),
    # vLLM-Ascend's multi-node tutorials (tutorials/models/DeepSeek-R1.md, features/ray.md) start each node's
    # container with docker run --net=host
    host_network_families=frozenset({"npu"}),
    roles=VLLM_ROLES,
    source="vLLM 0.32: /health (entrypoints/openai/api_server.py), --port 8000 (cli_args.py)")

ARGMATRIX_DEPLOY = Deployable(
    health_path="/health", port_field="port", default_port=30000, listen={"host": "0.0.0.0"},
    devices=sglang_devices, references={"port": PORT, "host": ADDRESS},
    source="argmatrix/runtime/server: /health; one node (tensor parallelism inside the pod)")
