"""SGLang's start-up checks on how weights are loaded (``arg_groups/model_path_hook.py``: the remote-instance loader
and the weight-cache daemon) and on the CUDA Graph settings (``arg_groups/cuda_graph_hook.py``).

Each rule names the 0.5.23 wheel line of the ``raise`` or ``logger.warning`` it ports.
"""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import sglang_source

REMOTE = "AM-W373"
GRAPH_BACKENDS = ("full", "breakable", "disabled")  # ALLOWED_BACKENDS_PER_PHASE, model_executor/cuda_graph_config.py


def bad_graph_backends(c: RuleContext) -> list[str]:
    """'phase backend' for each phase of an inline --cuda-graph-config whose backend SGLang does not allow."""
    cfg: object = c.cuda_graph_config
    if not isinstance(cfg, dict):
        return []
    return [f"{phase} {section['backend']}" for phase in ("decode", "prefill")
            if isinstance(section := cfg.get(phase), dict) and "backend" in section
            and section["backend"] not in GRAPH_BACKENDS]


RULES: list[Rule] = [
    Rule("remote-instance-needs-seed", REMOTE, ("load_format", "remote_instance_weight_loader_seed_instance_ip",
                                                "remote_instance_weight_loader_seed_instance_service_port"),
         lambda c: c.load_format == "remote_instance" and c.remote_instance_weight_loader_backend != "modelexpress"
         and (c.remote_instance_weight_loader_seed_instance_ip is None
              or c.remote_instance_weight_loader_seed_instance_service_port is None),
         Text("--load-format remote_instance without --remote-instance-weight-loader-seed-instance-ip and "
              "--remote-instance-weight-loader-seed-instance-service-port: SGLang loads the weights from disk "
              "(--load-format auto) instead", "--load-format remote_instance 缺少 "
              "--remote-instance-weight-loader-seed-instance-ip 和 "
              "--remote-instance-weight-loader-seed-instance-service-port：SGLang 会改为从磁盘加载权重"
              "（--load-format auto）"),
         Text("give the seed instance's --remote-instance-weight-loader-seed-instance-ip and "
              "--remote-instance-weight-loader-seed-instance-service-port", "给出种子实例的 "
              "--remote-instance-weight-loader-seed-instance-ip 和 --remote-instance-weight-loader-seed-instance-service-port"),
         severity="warning", source=sglang_source("arg_groups/model_path_hook.py:221")),
    Rule("remote-instance-nccl-needs-ports", REMOTE, ("load_format",
                                                      "remote_instance_weight_loader_send_weights_group_ports"),
         lambda c: c.load_format == "remote_instance" and c.remote_instance_weight_loader_backend == "nccl"
         and c.remote_instance_weight_loader_seed_instance_ip is not None
         and c.remote_instance_weight_loader_seed_instance_service_port is not None
         and c.remote_instance_weight_loader_send_weights_group_ports is None,
         Text("--load-format remote_instance over NCCL without --remote-instance-weight-loader-send-weights-group-ports:"
              " SGLang loads the weights from disk (--load-format auto) instead",
              "通过 NCCL 使用 --load-format remote_instance 时缺少 "
              "--remote-instance-weight-loader-send-weights-group-ports：SGLang 会改为从磁盘加载权重"
              "（--load-format auto）"),
         Text("add --remote-instance-weight-loader-send-weights-group-ports with one port per rank",
              "添加 --remote-instance-weight-loader-send-weights-group-ports，每个 rank 一个端口"),
         severity="warning", source=sglang_source("arg_groups/model_path_hook.py:233")),
    Rule("weight-cache-not-with-speculative", "AM-E374", ("weight_cache_mode", "speculative_algorithm"),
         lambda c: c.weight_cache_mode != "off" and c.speculative_algorithm is not None,
         Text("--weight-cache-mode {weight_cache_mode} does not work with speculative decoding: the weight-cache "
              "daemon does not hold the draft model", "--weight-cache-mode {weight_cache_mode} 不能与投机解码同时使用："
              "权重缓存守护进程不包含草稿模型"),
         Text("use --weight-cache-mode off, or drop --speculative-algorithm",
              "改用 --weight-cache-mode off，或去掉 --speculative-algorithm"),
         source=sglang_source("arg_groups/model_path_hook.py:282")),
    Rule("cuda-graph-config-backend", "AM-E375", ("cuda_graph_config",),
         lambda c: bool(bad_graph_backends(c)),
         Text("--cuda-graph-config names a capture backend SGLang does not have: {bad}",
              "--cuda-graph-config 指定了 SGLang 没有的捕获后端：{bad}"),
         Text("use full, breakable or disabled for each phase, e.g. '{{\"decode\": {{\"backend\": \"full\"}}}}'",
              "每个阶段请使用 full、breakable 或 disabled，例如 '{{\"decode\": {{\"backend\": \"full\"}}}}'"),
         source=sglang_source("arg_groups/cuda_graph_hook.py:417"),
         extra=lambda c: {"bad": ", ".join(bad_graph_backends(c))}),
]
