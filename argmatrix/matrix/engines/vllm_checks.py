"""The model-independent checks vLLM applies to its arguments at start-up, as declared rules.

vLLM runs these while it builds its engine configuration (``EngineArgs.create_engine_config`` and the
pydantic validators of ``ParallelConfig``), before any weight is loaded; a launch that breaks one stops with a
``ValueError`` or ``AssertionError``.  Each rule cites where it was read in the vLLM 0.32.0 wheel
(``vllm/`` omitted).  The messages are argmatrix's own.  Values the checks read are vLLM's own field names.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import cast

from ...schema.meta import Text
from ..rules import EVERYWHERE, NPU, Rule, RuleContext, VllmRuleContext

READ_FROM = "0.32.0"
CPU_ONLY = frozenset({"cpu"})


def _source(where: str, *older: str) -> str:
    """The citation of the check in vLLM ``READ_FROM``; ``older``: ``"<release> <file>:<line>"`` of the same check
    where an older release words it otherwise (``tools/vllm_rule_releases.py`` finds each wording by content)."""
    return "; ".join([f"vLLM {READ_FROM} {where}", *(f"as worded in vLLM {o}" for o in older)])


def vllm_rule(rule_id: str, code: str, fields: tuple[str, ...], violated: Callable[[VllmRuleContext], bool],
              message: Text, hint: Text, *, source: str, families: frozenset[str] | None = EVERYWHERE,
              severity: str = "error", extra: Callable[[VllmRuleContext], dict[str, object]] | None = None,
              supersedes_status: bool = False) -> Rule:
    """A :class:`Rule` whose condition mypy checks against vLLM's arguments.  The compiler hands every engine's
    rules the one ``RuleContext`` class, holding that engine's values; the casts only say which surface's
    field types the condition was checked against."""
    as_context = cast("Callable[[RuleContext], bool]", violated)
    quoted = cast("Callable[[RuleContext], Mapping[str, object]] | None", extra)
    return Rule(rule_id, code, fields, as_context, message, hint, families=families, severity=severity,
                source=source, extra=quoted, supersedes_status=supersedes_status)


def external_lb(c: VllmRuleContext) -> bool:
    """vLLM's external load-balancing mode: asked for, or implied by a data-parallel rank."""
    return bool(c.data_parallel_external_lb) or c.data_parallel_rank is not None


def world_within_dp(c: VllmRuleContext) -> int:
    return int(c.pipeline_parallel_size) * int(c.tensor_parallel_size) * int(c.prefill_context_parallel_size)


# vLLM 0.34's shorthands for keys of --speculative-config (EngineArgs.create_speculative_config writes them into it,
# refusing a key given both ways)
SPEC_SHORTHANDS = (("spec_method", "method"), ("spec_model", "model"), ("spec_tokens", "num_speculative_tokens"))


def speculative_config(values: Mapping[str, object]) -> object:
    """The speculative config vLLM builds: --speculative-config with the ``--spec-*`` shorthands written into it
    (the value as given where no shorthand is set)."""
    given = {key: values[field] for field, key in SPEC_SHORTHANDS if values.get(field) is not None}
    config = values.get("speculative_config")
    if not given:
        return config
    merged: dict[str, object] = dict(config) if isinstance(config, Mapping) else {}
    merged.update(given)
    return merged


def drafts_without_drafter(c: VllmRuleContext) -> bool:
    """A number of speculative tokens with neither a method nor a draft model to make them."""
    spec = speculative_config(c.values)
    if not isinstance(spec, Mapping):
        return False
    keys: Mapping[str, object] = spec
    return keys.get("num_speculative_tokens") is not None and keys.get("method") is None and keys.get("model") is None


def devices_on_this_node(c: VllmRuleContext) -> int:
    """Devices this process group uses on its node: tp x pp x pcp per local data-parallel rank.

    ``--data-parallel-size-local`` says how many data-parallel ranks run here (``--headless`` nodes run only
    engines); unset, all of them do on one node, and an even share of them across ``--nnodes``.
    """
    if c.data_parallel_size_local is not None:
        local = int(c.data_parallel_size_local)
    elif external_lb(c):
        local = 1
    else:
        local = max(int(c.data_parallel_size) // max(int(c.nnodes), 1), 1)
    return local * world_within_dp(c)


# Which held releases each rule fires under is tools/vllm_rule_releases.py's (vllm_rule_releases.py): the check
# is looked up by content in every release's code.  Where vLLM 0.13-0.23 word a check otherwise (mostly an assert
# in EngineArgs where 0.32 raises a ValueError), a second citation names that wording.  Some of those older checks
# are narrower and the rule keeps 0.32's condition: 0.23's EPLB and --nnodes checks leave prefill context
# parallelism out of the sizes, and its --node-rank check has no lower bound.
VLLM_RULES: list[Rule] = [
    vllm_rule("vllm-dp-local-above-dp", "AM-E901", ("data_parallel_size_local", "data_parallel_size"),
         lambda c: c.data_parallel_size_local is not None and c.data_parallel_size_local > c.data_parallel_size,
         Text("--data-parallel-size-local {data_parallel_size_local} is more than the --data-parallel-size "
              "{data_parallel_size} ranks there are in all",
              "--data-parallel-size-local {data_parallel_size_local} 大于数据并行的总规模 --data-parallel-size "
              "{data_parallel_size}"),
         Text("set --data-parallel-size to the total across nodes, and --data-parallel-size-local to the share "
              "of this node", "--data-parallel-size 写所有节点的总数，--data-parallel-size-local 写本节点承担的部分"),
         source=_source("config/parallel.py:541")),
    vllm_rule("vllm-external-lb-needs-dp", "AM-E902", ("data_parallel_external_lb", "data_parallel_size"),
         lambda c: c.data_parallel_external_lb and c.data_parallel_size <= 1,
         Text("--data-parallel-external-lb needs --data-parallel-size above 1",
              "--data-parallel-external-lb 要求 --data-parallel-size 大于 1"),
         Text("set --data-parallel-size to the number of ranks the external load balancer spreads over, or "
              "drop --data-parallel-external-lb", "把 --data-parallel-size 设为外部负载均衡器分发的副本数，"
                                                  "或去掉 --data-parallel-external-lb"),
         source=_source("config/parallel.py:547")),
    vllm_rule("vllm-eplb-needs-ep", "AM-E903", ("enable_eplb", "enable_expert_parallel"),
         lambda c: c.enable_eplb and not c.enable_expert_parallel,
         Text("--enable-eplb balances experts across expert-parallel ranks, but expert parallelism is off",
              "--enable-eplb 用于在专家并行的各进程间均衡专家负载，但专家并行未开启"),
         Text("add --enable-expert-parallel, or drop --enable-eplb", "加上 --enable-expert-parallel，或去掉 --enable-eplb"),
         source=_source("config/parallel.py:566")),
    vllm_rule("vllm-eplb-needs-parallel", "AM-E904", ("enable_eplb", "tensor_parallel_size", "data_parallel_size"),
         lambda c: c.enable_eplb and c.tensor_parallel_size * c.prefill_context_parallel_size
         * c.data_parallel_size <= 1,
         Text("--enable-eplb needs more than one expert-parallel rank: tensor, prefill-context or data parallel "
              "size above 1", "--enable-eplb 需要不止一个专家并行进程：张量并行、预填充上下文并行或数据并行规模须大于 1"),
         Text("raise --tensor-parallel-size or --data-parallel-size, or drop --enable-eplb",
              "增大 --tensor-parallel-size 或 --data-parallel-size，或去掉 --enable-eplb"),
         source=_source("config/parallel.py:570", "0.23.0 config/parallel.py:468")),
    # vLLM refuses EPLB off CUDA-like devices; vLLM-Ascend patches that platform test for NPUs
    # (vllm-ascend vllm_ascend/patch/platform/patch_eplb.py:25), so on Ascend its own checks apply instead
    vllm_rule("vllm-eplb-cuda-only", "AM-E905", ("enable_eplb",), lambda c: c.enable_eplb,
         Text("vLLM's expert-parallel load balancing (--enable-eplb) runs on CUDA, ROCm, XPU and (through "
              "vLLM-Ascend) Ascend devices only",
              "vLLM 的专家并行负载均衡（--enable-eplb）只能在 CUDA、ROCm、XPU 以及（借助 vLLM-Ascend）昇腾设备上运行"),
         Text("drop --enable-eplb on this platform", "在该平台上去掉 --enable-eplb"),
         families=CPU_ONLY, source=_source("config/parallel.py:561", "0.23.0 config/parallel.py:461"), supersedes_status=True),
    vllm_rule("vllm-tp-divisible-by-dcp", "AM-E906", ("decode_context_parallel_size", "tensor_parallel_size"),
         # a size of 0 is vLLM's own bound (AM-E118), not a divisibility question
         lambda c: c.prefill_context_parallel_size == 1 and c.decode_context_parallel_size > 0
         and c.tensor_parallel_size % c.decode_context_parallel_size != 0,
         Text("--decode-context-parallel-size {decode_context_parallel_size} must divide --tensor-parallel-size "
              "{tensor_parallel_size}: decode context parallelism reuses the tensor-parallel ranks",
              "--decode-context-parallel-size {decode_context_parallel_size} 必须能整除 --tensor-parallel-size "
              "{tensor_parallel_size}：解码上下文并行复用张量并行的进程"),
         Text("choose a decode context parallel size that divides the tensor parallel size",
              "请选择能整除张量并行规模的解码上下文并行规模"),
         source=_source("config/parallel.py:596", "0.13.0 engine/arg_utils.py:1354")),
    vllm_rule("vllm-dcp-with-pcp", "AM-E907", ("decode_context_parallel_size", "prefill_context_parallel_size"),
         lambda c: c.prefill_context_parallel_size != 1 and c.decode_context_parallel_size not in
         (1, c.prefill_context_parallel_size, c.tensor_parallel_size * c.prefill_context_parallel_size),
         Text("with --prefill-context-parallel-size {prefill_context_parallel_size}, --decode-context-parallel-size "
              "must be 1, the prefill context size, or tensor x prefill context size",
              "设置了 --prefill-context-parallel-size {prefill_context_parallel_size} 时，"
              "--decode-context-parallel-size 只能是 1、预填充上下文并行规模，或二者与张量并行规模的乘积"),
         Text("set --decode-context-parallel-size to one of those sizes", "把 --decode-context-parallel-size 改为上述取值之一"),
         source=_source("config/parallel.py:598")),
    vllm_rule("vllm-hybrid-and-external-lb", "AM-E908", ("data_parallel_hybrid_lb", "data_parallel_external_lb"),
         lambda c: c.data_parallel_hybrid_lb and c.data_parallel_external_lb,
         Text("--data-parallel-hybrid-lb and --data-parallel-external-lb are two load-balancing modes; vLLM takes one",
              "--data-parallel-hybrid-lb 与 --data-parallel-external-lb 是两种负载均衡模式，vLLM 只能取其一"),
         Text("keep one of the two", "二者只保留一个"), source=_source("engine/arg_utils.py:2342", "0.23.0 engine/arg_utils.py:1821")),
    vllm_rule("vllm-headless-hybrid-lb", "AM-E909", ("data_parallel_hybrid_lb", "headless"),
         lambda c: c.headless and c.data_parallel_hybrid_lb,
         Text("--data-parallel-hybrid-lb has no meaning on a --headless node, which runs no API server",
              "--headless 节点不运行 API 服务，--data-parallel-hybrid-lb 在其上没有意义"),
         Text("drop --data-parallel-hybrid-lb on headless nodes", "在 headless 节点上去掉 --data-parallel-hybrid-lb"),
         source=_source("engine/arg_utils.py:2339")),
    vllm_rule("vllm-nnodes-needs-mp", "AM-E910", ("nnodes", "data_parallel_backend"),
         lambda c: c.nnodes > 1 and c.data_parallel_backend != "mp",
         Text("--nnodes {nnodes} works with --data-parallel-backend mp only (got {data_parallel_backend})",
              "--nnodes {nnodes} 只能与 --data-parallel-backend mp 一起使用（当前为 {data_parallel_backend}）"),
         Text("use --data-parallel-backend mp, or --nnodes 1", "改用 --data-parallel-backend mp，或设 --nnodes 1"),
         source=_source("engine/arg_utils.py:2349", "0.23.0 engine/arg_utils.py:1824")),
    vllm_rule("vllm-nnodes-divide-world", "AM-E911", ("nnodes", "data_parallel_size", "tensor_parallel_size"),
         lambda c: c.nnodes > 1 and (c.data_parallel_size * world_within_dp(c)) % c.nnodes != 0,
         Text("--nnodes {nnodes} must divide the {world} devices of the launch (data x pipeline x tensor x "
              "prefill-context parallel)", "--nnodes {nnodes} 必须能整除本次启动的设备总数 {world}"
                                          "（数据 × 流水线 × 张量 × 预填充上下文并行）"),
         Text("change --nnodes or the parallel sizes so the devices split evenly across nodes",
              "调整 --nnodes 或各并行规模，使设备能平均分到各节点"),
         extra=lambda c: {"world": c.data_parallel_size * world_within_dp(c)},
         source=_source("engine/arg_utils.py:2365", "0.23.0 engine/arg_utils.py:1838")),
    vllm_rule("vllm-node-rank-range", "AM-E912", ("node_rank", "nnodes"),
         lambda c: c.nnodes > 1 and not 0 <= c.node_rank < c.nnodes,
         Text("--node-rank {node_rank} is outside 0..{last} for --nnodes {nnodes}",
              "--node-rank {node_rank} 超出了 --nnodes {nnodes} 对应的范围 0..{last}"),
         Text("give each node its zero-based index", "为每个节点设置从 0 开始的序号"),
         extra=lambda c: {"last": c.nnodes - 1}, source=_source("engine/arg_utils.py:2373", "0.23.0 engine/arg_utils.py:1841")),
    vllm_rule("vllm-hybrid-lb-needs-local", "AM-E913", ("data_parallel_hybrid_lb", "data_parallel_size_local"),
         lambda c: c.data_parallel_hybrid_lb and not external_lb(c) and c.data_parallel_size_local is None,
         Text("--data-parallel-hybrid-lb needs --data-parallel-size-local: the number of data-parallel ranks on "
              "this node", "--data-parallel-hybrid-lb 需要同时设置 --data-parallel-size-local（本节点上的数据并行副本数）"),
         Text("add --data-parallel-size-local N", "加上 --data-parallel-size-local N"),
         source=_source("engine/arg_utils.py:2478", "0.23.0 engine/arg_utils.py:1916")),
    vllm_rule("vllm-external-lb-needs-rank", "AM-E914", ("data_parallel_external_lb", "data_parallel_rank"),
         lambda c: c.data_parallel_external_lb and c.data_parallel_rank is None
         and not (c.data_parallel_size > 1 and c.nnodes > 1),
         Text("--data-parallel-external-lb needs to know which data-parallel rank this process is",
              "--data-parallel-external-lb 需要知道本进程是第几个数据并行副本"),
         Text("set --data-parallel-rank, or use --nnodes with --node-rank so vLLM infers it",
              "设置 --data-parallel-rank，或用 --nnodes 与 --node-rank 让 vLLM 推断"),
         source=_source("engine/arg_utils.py:2427", "0.23.0 engine/arg_utils.py:1874")),
    vllm_rule("vllm-external-rank-one-local", "AM-E915", ("data_parallel_size_local", "data_parallel_rank"),
         lambda c: external_lb(c) and c.data_parallel_size_local not in (1, None),
         Text("an external data-parallel rank runs one replica here, so --data-parallel-size-local must be 1 "
              "(got {data_parallel_size_local})", "外部负载均衡模式下每个进程只运行一个副本，"
                                                  "--data-parallel-size-local 必须为 1（当前为 {data_parallel_size_local}）"),
         Text("set --data-parallel-size-local 1 or leave it out", "设 --data-parallel-size-local 1，或不设置"),
         source=_source("engine/arg_utils.py:2435", "0.23.0 engine/arg_utils.py:1878")),
    vllm_rule("vllm-numa-lists-need-bind", "AM-E916", ("numa_bind_nodes", "numa_bind"),
         lambda c: not c.numa_bind and (c.numa_bind_nodes is not None or c.numa_bind_cpus is not None),
         Text("--numa-bind-nodes and --numa-bind-cpus take effect only with --numa-bind",
              "--numa-bind-nodes 与 --numa-bind-cpus 只在设置 --numa-bind 时生效；vLLM 会拒绝启动"),
         Text("add --numa-bind", "加上 --numa-bind"), source=_source("config/parallel.py:552")),
    # found by vLLM 0.34's own verdicts (tests/fixtures/vllm_conformance): vLLM's CpuPlatform has no sleep mode
    # (is_sleep_mode_available); CUDA, ROCm and vLLM-Ascend's NPUPlatform have it
    vllm_rule("vllm-sleep-mode-not-on-cpu", "AM-E918", ("enable_sleep_mode",), lambda c: c.enable_sleep_mode,
         Text("vLLM's CPU backend has no sleep mode (--enable-sleep-mode): it refuses to start with it",
              "vLLM 的 CPU 后端不支持休眠模式（--enable-sleep-mode），带此参数时拒绝启动"),
         Text("drop --enable-sleep-mode on CPU", "在 CPU 上去掉 --enable-sleep-mode"),
         families=CPU_ONLY, source=_source("config/model.py:657"), supersedes_status=True),
    vllm_rule("vllm-dp-rank-range", "AM-E919", ("data_parallel_rank", "data_parallel_size"),
         lambda c: c.data_parallel_rank is not None
         and (c.data_parallel_size > 1 or c.data_parallel_size_local == 0)
         and not 0 <= c.data_parallel_rank < c.data_parallel_size,
         Text("--data-parallel-rank {data_parallel_rank} is outside 0..{last} for --data-parallel-size "
              "{data_parallel_size}", "--data-parallel-rank {data_parallel_rank} 超出了 --data-parallel-size "
                                      "{data_parallel_size} 对应的范围 0..{last}"),
         Text("give each data-parallel rank its zero-based index below --data-parallel-size",
              "为每个数据并行副本设置从 0 开始、小于 --data-parallel-size 的序号"),
         extra=lambda c: {"last": c.data_parallel_size - 1}, source=_source("config/parallel.py:999")),
    # found by vLLM 0.34's own verdicts: with no method and no draft model, vLLM takes a draft-model speculator and
    # has no model for it (0.34 moved the check to v1/worker/gpu/spec_decode/speculator_config.py:173)
    vllm_rule("vllm-spec-tokens-need-drafter", "AM-E920", ("spec_tokens", "speculative_config"),
              drafts_without_drafter,
              Text("speculative decoding gets a number of tokens to draft but neither a method nor a draft model: "
                   "vLLM refuses to start", "投机解码只给了草拟 token 数，没有指定方法或草稿模型：vLLM 会拒绝启动"),
              Text("add the method (--speculative-config's method, e.g. ngram or eagle3; --spec-method from 0.34) "
                   "and, where the method needs one, the draft model (model; --spec-model)",
                   "请补上方法（--speculative-config 的 method，如 ngram、eagle3；0.34 起也可用 --spec-method），"
                   "方法需要时再给出草稿模型（model；或 --spec-model）"),
              source=_source("config/speculative.py:1188")),
    vllm_rule("vllm-all2all-removed", "AM-W917", ("all2all_backend",), lambda c: c.all2all_backend in ("pplx", "naive"),
         Text("vLLM removed the {all2all_backend} all-to-all backend and uses allgather_reducescatter instead",
              "vLLM 已移除 {all2all_backend} 全对全后端，会改用 allgather_reducescatter"),
         Text("write --all2all-backend allgather_reducescatter, or another backend vLLM still has",
              "改写为 --all2all-backend allgather_reducescatter，或其他仍受支持的后端"),
         severity="warning", source=_source("config/parallel.py:533")),
]

__all__ = ["NPU", "VLLM_RULES", "devices_on_this_node", "external_lb"]
