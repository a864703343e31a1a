"""Model- and topology-aware findings: what the flags mean for this model on this machine, before anything loads.

``check_model`` is the compiler's hook (compile.py calls it after the matrix checks).  It reads the
model's config.json (``--model-config FILE`` or a local ``--model-path``), then checks tensor-parallel
divisibility, context length, MoE/MLA-only flags, quantization and dtype, the draft model's vocabulary,
the node topology and the memory plan.  Every code is listed in ``MODEL_CODES`` (the generated docs
read it).  A model path that is not local (a hub id) skips the model checks with a note.
"""
from __future__ import annotations

import math
import os
import re
from typing import TYPE_CHECKING, Any

from ..matrix.platforms import PLATFORMS
from ..records import field, record
from ..schema import registry
from ..schema.meta import Text
from .check import check_model_rules
from .findings import ERROR, NOTE, USAGE, WARNING, Finding
from .model_facts import ModelConfigError, ModelFacts, config_file, read_model_facts

if TYPE_CHECKING:
    from .memory_plan import MemoryPlan

# code -> (severity, what it means): the generated docs list these in both languages.
MODEL_CODES: dict[str, tuple[str, Text]] = {
    "AM-N700": (NOTE, Text("model checks skipped: the model path is not a local folder with a config.json",
                           "跳过模型检查：模型路径不是含 config.json 的本地目录")),
    "AM-E701": (ERROR, Text("the model's config.json cannot be read or lacks a needed shape",
                            "模型的 config.json 无法读取或缺少所需字段")),
    "AM-E710": (ERROR, Text("attention heads do not divide by the attention tensor-parallel size (not on the CPU, "
                            "where SGLang pads the heads to a multiple of it)",
                            "注意力头数不能被注意力张量并行规模整除（CPU 上不检查：SGLang 会把头数补齐为其倍数）")),
    "AM-E711": (ERROR, Text("KV heads neither divide by nor divide the attention tensor-parallel size (not on the CPU, "
                            "where SGLang pads them)",
                            "KV 头数与注意力张量并行规模互不整除（CPU 上不检查：SGLang 会补齐）")),
    "AM-N712": (NOTE, Text("the vocabulary does not divide by --tp-size; SGLang pads each shard",
                           "词表大小不能被 --tp-size 整除；SGLang 会填充每个分片")),
    "AM-E713": (ERROR, Text("an MLP or expert intermediate size does not shard evenly (or not into whole fp8 blocks; "
                            "not on the CPU, where SGLang pads it)",
                            "MLP 或专家的中间维度无法均匀切分（或无法切成完整的 fp8 块；CPU 上不检查：SGLang 会补齐）")),
    "AM-E714": (ERROR, Text("vLLM: --decode-context-parallel-size on a GQA model needs more tensor-parallel ranks than "
                            "KV heads, at most tp / KV heads of them, dividing the query heads per KV head",
                            "vLLM：GQA 模型上的 --decode-context-parallel-size 要求张量并行规模大于 KV 头数、不超过 "
                            "tp / KV 头数，且能整除每个 KV 头对应的查询头数")),
    "AM-E720": (ERROR, Text("--context-length (vLLM: --max-model-len) is above what the model supports",
                            "--context-length（vLLM：--max-model-len）超过模型支持的长度")),
    "AM-W721": (WARNING, Text("--context-length is above what the model supports, allowed by "
                              "SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN (vLLM: --max-model-len, "
                              "VLLM_ALLOW_LONG_MAX_MODEL_LEN)",
                              "--context-length 超过模型支持的长度，已由 SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN 放行"
                              "（vLLM：--max-model-len 与 VLLM_ALLOW_LONG_MAX_MODEL_LEN）")),
    "AM-E730": (ERROR, Text("a MoE-only flag on a dense model", "在稠密模型上使用了仅适用于 MoE 的参数")),
    "AM-E731": (ERROR, Text("--ep-size does not divide the expert count", "--ep-size 不能整除专家数")),
    "AM-E732": (ERROR, Text("an MLA-only feature on a model without MLA", "在不使用 MLA 的模型上启用了仅适用于 MLA 的功能")),
    "AM-E740": (ERROR, Text("--quantization contradicts the checkpoint's quantization_config",
                            "--quantization 与检查点的 quantization_config 矛盾")),
    "AM-E741": (ERROR, Text("the checkpoint's quantization method is not available on the platform",
                            "检查点的量化方法在该平台上不可用")),
    "AM-E742": (ERROR, Text("the weights' dtype is not one the platform computes in",
                            "权重的数据类型不是该平台支持的计算类型")),
    "AM-W743": (WARNING, Text("--dtype float16 on a bfloat16 checkpoint can overflow",
                              "在 bfloat16 检查点上使用 --dtype float16 可能溢出")),
    "AM-E750": (ERROR, Text("the draft model's vocabulary differs from the target model's",
                            "草稿模型的词表与目标模型不同")),
    "AM-E760": (ERROR, Text("more devices asked for than the nodes have", "所需设备数超过节点拥有的设备数")),
    "AM-E761": (ERROR, Text("tp x pp (vLLM: all workers, dp x tp x pp x pcp) does not divide by --nnodes",
                            "tp × pp（vLLM：全部工作进程，dp × tp × pp × pcp）不能被 --nnodes 整除")),
    "AM-E762": (ERROR, Text("--node-rank is outside [0, --nnodes)", "--node-rank 不在 [0, --nnodes) 范围内")),
    "AM-E763": (ERROR, Text("--nnodes above 1 without --dist-init-addr", "--nnodes 大于 1 但未设置 --dist-init-addr")),
    "AM-E764": (ERROR, Text("--base-gpu-id and --gpu-id-step reach past the last device",
                            "--base-gpu-id 与 --gpu-id-step 超出了最后一个设备")),
    "AM-E765": (ERROR, Text("vLLM: --data-parallel-size-local above --data-parallel-size, or this node's ranks run past it",
                            "vLLM：--data-parallel-size-local 大于 --data-parallel-size，或本节点的进程编号超出范围")),
    "AM-E766": (ERROR, Text("vLLM: --headless with no data-parallel rank on the node",
                            "vLLM：--headless 但本节点没有数据并行进程")),
    "AM-W767": (WARNING, Text("vLLM: a multi-node data-parallel launch the other nodes cannot join (no "
                              "--data-parallel-address, or a headless node without --data-parallel-start-rank)",
                              "vLLM：多节点数据并行启动无法组网（缺少 --data-parallel-address，或 headless 节点缺少 "
                              "--data-parallel-start-rank）")),
    "AM-E770": (ERROR, Text("the weights do not fit in the static memory share of one device",
                            "单个设备的静态显存份额放不下权重")),
    "AM-W772": (WARNING, Text("the KV pool holds fewer tokens than one request of the full context",
                              "KV 缓存池容纳的 token 少于一个满上下文请求")),
    "AM-E775": (ERROR, Text("vLLM: one request of --max-model-len does not fit the KV cache, so vLLM refuses to start",
                            "vLLM：KV 缓存放不下一个 --max-model-len 长度的请求，vLLM 拒绝启动")),
    "AM-N773": (NOTE, Text("memory plan: weights, KV pool and how many requests fit", "显存规划：权重、KV 缓存池与可并发请求数")),
    "AM-N774": (NOTE, Text("memory plan skipped: the device memory is unknown", "跳过显存规划：设备显存大小未知")),
}

# Flags that only mean something on a MoE model, with the value that means "unused".
MOE_ONLY: dict[str, Any] = {
    "ep_size": 1, "moe_a2a_backend": "none", "enable_eplb": False, "moe_runner_backend": "auto",
    "ep_num_redundant_experts": 0, "ep_dispatch_algorithm": None, "init_expert_location": "trivial",
    "expert_distribution_recorder_mode": None, "enable_expert_distribution_metrics": False,
    "moe_dense_tp_size": None, "moe_dp_size": 1, "deepep_mode": "auto", "enable_return_routed_experts": False,
}
# Features of DeepSeek's multi-head latent attention: (field, values that need MLA; None: any changed value).
MLA_ONLY: dict[str, tuple[Any, ...] | None] = {
    "attention_backend": ("flashmla", "cutlass_mla", "trtllm_mla", "nsa"),
    "prefill_attention_backend": ("flashmla", "cutlass_mla", "trtllm_mla", "nsa"),
    "decode_attention_backend": ("flashmla", "cutlass_mla", "trtllm_mla", "nsa"),
    "flashinfer_mla_disable_ragged": None, "enable_nsa_prefill_context_parallel": None,
}
# --quantization values SGLang accepts over a checkpoint quantized with the key (model_config._verify_quantization).
QUANT_COMPATIBLE: dict[str, tuple[str, ...]] = {
    "gptq": ("gptq", "gptq_marlin", "marlin", "moe_wna16"),
    "awq": ("awq", "awq_marlin", "moe_wna16"),
    "modelopt": ("modelopt", "modelopt_fp8", "modelopt_fp4", "petit_nvfp4"),
    "compressed-tensors": ("compressed-tensors", "w8a8_int8", "w8a8_fp8"),
    "fp8": ("fp8", "w8a8_fp8"),
}
# where --mem-fraction-static came from (MemoryPlan.mem_fraction_source), in words
FRACTION_SOURCES = {"argument": Text("as given", "按参数"),
                    "platform rule": Text("SGLang's rule for this memory", "SGLang 按显存大小的规则"),
                    "engine default": Text("argmatrix engine's CPU default", "argmatrix 引擎的 CPU 默认值"),
                    "vllm default": Text("vLLM's default", "vLLM 的默认值")}
LONG_CONTEXT_ENV = "SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN"  # SGLang's override for a longer --context-length
SIZE_UNITS = {"": 1, "b": 1, "k": 1 << 10, "kb": 1 << 10, "kib": 1 << 10, "m": 1 << 20, "mb": 1 << 20,
              "mib": 1 << 20, "g": 1 << 30, "gb": 1 << 30, "gib": 1 << 30, "t": 1 << 40, "tb": 1 << 40, "tib": 1 << 40}


def parse_size(text: str | int) -> int:
    """``141GB``, ``64GiB``, ``80G``, ``1.5TB`` or a byte count -> bytes.  Units are binary (GB = GiB): device
    memory is built and reported in binary units.  ValueError names the value otherwise."""
    if isinstance(text, int):
        return text
    m = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?)\s*([a-zA-Z]*)\s*", str(text))
    unit = m.group(2).lower() if m else None
    if not m or unit not in SIZE_UNITS or float(m.group(1)) <= 0:
        raise ValueError(f"{text!r} is not a memory size; write e.g. 141GB, 64GiB or 80G")
    return int(float(m.group(1)) * SIZE_UNITS[unit])


@record
class PlanInputs:
    """What the check is told beyond the server flags (check-config/plan options, not server arguments)."""

    model_config: str | None = None       # --model-config FILE: a config.json to use instead of --model-path's
    device_memory: int | None = None      # --device-memory, bytes per device
    devices_per_node: int | None = None   # --devices-per-node
    input_len: int | None = None          # --plan-input-len
    output_len: int | None = None         # --plan-output-len
    gpu_arch: Any = None                  # --gpu-arch: a matrix.devices.GpuArch, the CUDA GPU's compute capability


@record(frozen=False)
class ModelContext:
    facts: ModelFacts | None = None
    draft: ModelFacts | None = None  # the speculative draft's, when --speculative-draft-model-path is local
    plan: MemoryPlan | None = None
    devices_per_node: int | None = None
    device_memory: int | None = None
    findings: list[Finding] = field(default_factory=list)


def gib(n: float) -> str:
    """A byte count for people: GiB, or MiB below one GiB."""
    return f"{n / (1 << 30):.1f} GiB" if n >= 1 << 30 else f"{n / (1 << 20):.1f} MiB"


def _finding(code: str, message: Text, hint: Text | None, *, name: str, values, sources, flags_used, platform,
             kind: str = "model", severity: str | None = None, value: Any = ..., support_related: bool = False):
    known = name in registry.SPECS
    flag = flags_used.get(name, registry.SPECS[name].flag) if known else name
    return Finding(code, severity or MODEL_CODES[code][0], kind, message, hint, field=name if known else None,
                   flag=flag, value=values.get(name) if value is ... else value, source=sources.get(name),
                   platform=platform, support_related=support_related)


def analyse(values: dict[str, Any], sources: dict[str, str], user_set: set[str] | frozenset[str], platform: str,
            flags_used: dict[str, str], env: Any = None, inputs: PlanInputs | None = None,
            detection: Any = None, known: tuple[ModelFacts | None, ModelFacts | None] = (None, None)) -> ModelContext:
    """Everything this module finds for one resolved configuration, with the facts and plan it used; ``known``: the
    target's and the draft's facts already read (:func:`known_model`), so they are not read twice."""
    asked = inputs is not None
    inputs = explicit = inputs or PlanInputs()
    env = os.environ if env is None else env
    ctx = ModelContext()
    where: dict[str, Any] = dict(values=values, sources=sources, flags_used=flags_used, platform=platform)
    detected = detection if detection is not None and getattr(detection, "platform", None) == platform else None
    ctx.devices_per_node = (inputs.devices_per_node or getattr(detected, "device_count", None)
                            or PLATFORMS[platform].devices.devices_per_node)
    ctx.device_memory = inputs.device_memory or getattr(detected, "memory_bytes", None)
    family = PLATFORMS[platform].family if platform in PLATFORMS else "gpu"
    out = ctx.findings
    out += _topology(values, user_set, ctx.devices_per_node, where)

    source = inputs.model_config or values.get("model_path")
    if not source:
        return ctx
    if config_file(source) is None:
        if explicit.model_config:
            out.append(Finding("AM-E701", ERROR, USAGE, Text(f"--model-config {source}: no such file or folder",
                                                             f"--model-config {source}：文件或目录不存在"),
                               Text("pass a config.json or a local model folder",
                                    "请给出 config.json 或本地模型目录"), value=source, source="--model-config"))
        elif asked:  # only when model checks were asked for: plain compile() calls stay as they were
            out.append(_finding("AM-N700", Text(
                f"model checks skipped: {source} is not a local folder with a config.json (a hub id is read at launch)",
                f"跳过模型检查：{source} 不是含 config.json 的本地目录（Hugging Face 上的模型在启动时才读取）"),
                Text("pass --model-config FILE with the model's config.json to check heads, context and memory now",
                     "用 --model-config FILE 指定该模型的 config.json，即可提前检查头数、上下文与显存"),
                name="model_path", **where))
        return ctx
    try:
        facts = known[0] or read_model_facts(source)
    except ModelConfigError as exc:
        # the model's config.json is input like the flags: one that cannot be used (unreadable, or a count of 0,
        # Infinity or NaN) makes the launch unreadable too, exit 2, whichever flag named it
        out.append(Finding("AM-E701", ERROR, USAGE, exc.text, Text(
            "point to the model's Hugging Face config.json", "请指向模型的 Hugging Face config.json"),
            field=None if inputs.model_config else "model_path",
            flag="--model-config" if inputs.model_config else flags_used.get("model_path", "--model-path"),
            value=source, source="--model-config" if inputs.model_config else sources.get("model_path"),
            platform=platform))
        return ctx
    ctx.facts = facts
    if ctx.device_memory is None:  # the platform's facts; on the CPU this reads /proc/meminfo, so only now
        ctx.device_memory = PLATFORMS[platform].device_facts().memory_bytes
        if family == "cpu" and ctx.device_memory:
            # CPU ranks are processes on one host (SGLang binds them to NUMA nodes): they share its memory,
            # and the number of devices does not limit them
            ctx.device_memory //= world_size(values)
    out += _parallel(facts, values, where, pads_unaligned=family == "cpu")
    out += _context(facts, values, user_set, env, where)
    out += _moe_mla(facts, values, user_set, where)
    out += _quant_dtype(facts, values, user_set, platform, where)
    drafted, ctx.draft = _draft(facts, values, where, known[1])
    out += drafted
    if ctx.device_memory is None:
        out.append(_finding("AM-N774", Text(
            f"memory plan skipped: the memory of a {PLATFORMS[platform].short.en} device is unknown",
            f"跳过显存规划：{PLATFORMS[platform].short.zh} 设备的显存大小未知"),
            Text("pass --device-memory (e.g. 80GB) and --devices-per-node", "请指定 --device-memory（如 80GB）与 --devices-per-node"),
            name="model_path", kind="memory", **where))
        return ctx
    from .memory_plan import plan  # the memory plan: loaded once a model's config.json was read

    ctx.plan = plan(facts, values, target=platform, family=PLATFORMS[platform].family if platform in PLATFORMS
                    else "gpu", device_memory=ctx.device_memory, devices_per_node=ctx.devices_per_node,
                    input_len=inputs.input_len, output_len=inputs.output_len)
    out += _memory(ctx.plan, values, ctx.devices_per_node, where)
    return ctx


def known_model(values: dict[str, Any], inputs: PlanInputs | None = None) -> tuple[ModelFacts | None, ModelFacts | None]:
    """The target's and the draft's config facts where a local config.json can be read, else None (no finding:
    :func:`analyse` reports what cannot be read). The flag rules may consult them (``c.model``/``c.draft``)."""
    def read(path: Any) -> ModelFacts | None:
        if not path or config_file(path) is None:
            return None
        try:
            return read_model_facts(path)
        except ModelConfigError:
            return None
    return (read((inputs.model_config if inputs else None) or values.get("model_path")),
            read(values.get("speculative_draft_model_path")))


def check_model(values, sources, user_set, platform, flags_used, env=None, inputs=None, detection=None,
                eng: Any = None, gpu: Any = None,
                known: tuple[ModelFacts | None, ModelFacts | None] = (None, None),
                release: str | None = None) -> list[Finding]:
    """The compiler hook: the findings of :func:`analyse`, then the engine's rules that read the model's config
    (``Rule.reads_model``) once a config.json was read."""
    ctx = analyse(values, sources, user_set, platform, flags_used, env, inputs, detection, known)
    if eng is None or ctx.facts is None:
        return ctx.findings
    return ctx.findings + check_model_rules(values, sources, user_set, platform, flags_used, eng, env or {},
                                            ctx.facts, ctx.draft, gpu, release)


# --- the rules ----------------------------------------------------------------------------------------------

def _attn_tp(values) -> int:
    tp, dp = values.get("tp_size") or 1, values.get("dp_size") or 1
    return max(1, tp // dp) if values.get("enable_dp_attention") and dp > 1 else tp


def _divisor_hint(n: int, limit: int = 64) -> str:
    return ", ".join(str(d) for d in (1, 2, 4, 8, 16, 32, 64) if d <= limit and n % d == 0)


def _parallel(facts: ModelFacts, values, where, pads_unaligned: bool = False) -> list[Finding]:
    """Heads and intermediate sizes against the TP size.  ``pads_unaligned``: SGLang's CPU backend pads the heads,
    KV heads and MLP/expert intermediate sizes up to a multiple of --tp-size before loading
    (configs/update_config.py adjust_config_with_unaligned_cpu_tp, model_runner.py on device cpu), so none of
    them has to divide there; only the vocabulary note stays."""
    out: list[Finding] = []
    tp = values.get("tp_size") or 1
    attn_tp = _attn_tp(values)
    label = "--tp-size" if attn_tp == tp else "the attention TP size (--tp-size / --dp-size)"
    label_zh = "--tp-size" if attn_tp == tp else "注意力 TP 大小（--tp-size / --dp-size）"
    if facts.heads % attn_tp and not pads_unaligned:
        out.append(_finding("AM-E710", Text(
            f"{label} {attn_tp} does not divide the model's {facts.heads} attention heads",
            f"{label_zh} {attn_tp} 不能整除模型的 {facts.heads} 个注意力头"),
            Text(f"use a tensor-parallel size that divides {facts.heads}: {_divisor_hint(facts.heads)}",
                 f"请使用能整除 {facts.heads} 的张量并行规模：{_divisor_hint(facts.heads)}"), name="tp_size", **where))
    if not pads_unaligned and facts.mla is None and facts.kv_heads % attn_tp and attn_tp % facts.kv_heads:
        out.append(_finding("AM-E711", Text(
            f"{label} {attn_tp} and the model's {facts.kv_heads} KV heads divide neither way: heads can be neither "
            "split evenly nor replicated",
            f"{label_zh} {attn_tp} 与模型的 {facts.kv_heads} 个 KV 头互不整除：KV 头既无法均分也无法复制"),
            Text(f"use a size that divides {facts.kv_heads} or is a multiple of it",
                 f"请使用 {facts.kv_heads} 的约数或倍数"), name="tp_size", **where))
    if tp > 1 and facts.vocab_size % tp:
        out.append(_finding("AM-N712", Text(
            f"the vocabulary ({facts.vocab_size}) does not divide by --tp-size {tp}; SGLang pads each shard to a "
            "multiple of 64 rows, which costs a little memory",
            f"词表大小 {facts.vocab_size} 不能被 --tp-size {tp} 整除；SGLang 会把每个分片补齐到 64 行的倍数，略增显存"),
            None, name="tp_size", **where))
    if pads_unaligned:
        return out
    dense_tp = values.get("moe_dense_tp_size") or tp
    checks = []
    dense_layers = facts.layers - (len(facts.moe.moe_layers) if facts.moe else 0)
    if dense_layers:
        checks.append(("dense MLP", "稠密 MLP", facts.intermediate_size, dense_tp))
    if facts.moe:
        moe_tp = max(1, tp // max(1, values.get("ep_size") or 1) // max(1, values.get("moe_dp_size") or 1))
        checks.append(("expert", "专家", facts.moe.expert_intermediate_size, moe_tp))
    block = facts.quantization.block_size if facts.quantization and facts.quantization.block_size else None
    for what, what_zh, size, shards in checks:
        if size % shards:
            problem = Text(f"the {what} intermediate size {size} does not divide by {shards} devices",
                           f"{what_zh}中间维度 {size} 不能被 {shards} 个设备整除")
        elif block and (size // shards) % block[0]:
            problem = Text(f"the {what} intermediate size {size} split over {shards} devices gives {size // shards}, "
                           f"not a multiple of the checkpoint's fp8 block size {block[0]}",
                           f"{what_zh}中间维度 {size} 切成 {shards} 份为 {size // shards}，不是检查点 fp8 块大小 "
                           f"{block[0]} 的倍数")
        else:
            continue
        out.append(_finding("AM-E713", problem, Text(
            "use a smaller --tp-size (or, for experts, a larger --ep-size)",
            "请减小 --tp-size（专家层也可增大 --ep-size）"), name="tp_size", **where))
    return out


def _truthy(value: Any) -> bool:
    return str(value).strip().lower() in ("1", "true", "yes", "on")


def _context(facts: ModelFacts, values, user_set, env, where) -> list[Finding]:
    asked = values.get("context_length")
    if "context_length" not in user_set or asked is None or asked <= facts.context_length:
        return []
    how = (f"the model's {facts.context_length} tokens (derived from {os.path.basename(facts.source)}'s "
           "max_position_embeddings and rope_scaling, as SGLang reads them)")
    how_zh = f"模型支持的 {facts.context_length} 个 token（按 SGLang 的方式由 max_position_embeddings 与 rope_scaling 推得）"
    if _truthy(env.get(LONG_CONTEXT_ENV, "")):
        return [_finding("AM-W721", Text(f"--context-length {asked} is above {how}; allowed because "
                                         f"{LONG_CONTEXT_ENV} is set, output beyond it may degrade",
                                         f"--context-length {asked} 超过{how_zh}；因设置了 {LONG_CONTEXT_ENV} 而放行，"
                                         "超出部分的输出质量可能下降"),
                         Text(f"use --context-length {facts.context_length} or less", f"请使用 --context-length "
                              f"{facts.context_length} 或更小"), name="context_length", **where)]
    return [_finding("AM-E720", Text(f"--context-length {asked} is above {how}",
                                     f"--context-length {asked} 超过{how_zh}"),
                     Text(f"use --context-length {facts.context_length} or less, or set {LONG_CONTEXT_ENV}=1 to force it",
                          f"请使用 --context-length {facts.context_length} 或更小，或设置 {LONG_CONTEXT_ENV}=1 强制放行"),
                     name="context_length", **where)]


def _moe_mla(facts: ModelFacts, values, user_set, where) -> list[Finding]:
    out: list[Finding] = []
    if facts.moe is None:
        for name, unused in MOE_ONLY.items():
            if name in user_set and values.get(name) != unused:
                flag = where["flags_used"].get(name, registry.SPECS[name].flag)
                out.append(_finding("AM-E730", Text(
                    f"{flag} applies to MoE models only; {facts.architecture} is dense",
                    f"{flag} 仅适用于 MoE 模型；{facts.architecture} 是稠密模型"),
                    Text(f"remove {flag}", f"去掉 {flag}"), name=name, **where))
    else:
        ep = values.get("ep_size") or 1
        total = facts.moe.experts + (values.get("ep_num_redundant_experts") or 0)
        if ep > 1 and total % ep:
            out.append(_finding("AM-E731", Text(
                f"--ep-size {ep} does not divide the {total} experts per layer"
                + (f" ({facts.moe.experts} + redundant)" if total != facts.moe.experts else ""),
                f"--ep-size {ep} 不能整除每层 {total} 个专家"),
                Text(f"use an --ep-size that divides {total}: {_divisor_hint(total, 256)}",
                     f"请使用能整除 {total} 的 --ep-size：{_divisor_hint(total, 256)}"), name="ep_size", **where))
    if facts.mla is None:
        for name, needs in MLA_ONLY.items():
            value = values.get(name)
            if name not in user_set or value == registry.SPECS[name].default \
                    or (needs is not None and value not in needs):
                continue
            flag = where["flags_used"].get(name, registry.SPECS[name].flag)
            out.append(_finding("AM-E732", Text(
                f"{flag} {value} needs multi-head latent attention (DeepSeek-V2/V3 style); {facts.architecture} has none",
                f"{flag} {value} 需要多头潜在注意力（MLA，DeepSeek-V2/V3 类）；{facts.architecture} 不使用 MLA"),
                Text(f"remove {flag}, or choose a backend for standard attention",
                     f"去掉 {flag}，或选择适用于标准注意力的后端"), name=name, **where))
    return out


def _quant_dtype(facts: ModelFacts, values, user_set, platform, where) -> list[Finding]:
    out: list[Finding] = []
    family = PLATFORMS[platform].family if platform in PLATFORMS else "gpu"
    ckpt = facts.quantization.method if facts.quantization else None
    asked = values.get("quantization")
    if ckpt and asked and asked not in QUANT_COMPATIBLE.get(ckpt, (ckpt,)):
        # only methods the platform runs: a fix must not lead to AM-E105 (the method refused here) or AM-E741
        allowed = PLATFORMS[platform].allowed(registry.SPECS["quantization"]) if platform in PLATFORMS else None
        readers = [m for m in QUANT_COMPATIBLE.get(ckpt, (ckpt,)) if allowed is None or m in allowed]
        short = PLATFORMS[platform].short if platform in PLATFORMS else Text(str(platform), str(platform))
        fix = (Text(f"drop --quantization, or use one that reads {ckpt} weights: {', '.join(readers)}",
                    f"去掉 --quantization，或使用能读取 {ckpt} 权重的方法：{'、'.join(readers)}") if readers else
               Text(f"{short.en} runs none of the methods that read {ckpt} weights: use a checkpoint quantized with "
                    f"{' or '.join(allowed or ())}, or the unquantized one",
                    f"{short.zh} 上没有能读取 {ckpt} 权重的方法：请改用 {' 或 '.join(allowed or ())} 量化的检查点，"
                    f"或未量化的检查点"))
        out.append(_finding("AM-E740", Text(
            f"--quantization {asked} contradicts the checkpoint, which is {ckpt}-quantized (quantization_config)",
            f"--quantization {asked} 与检查点矛盾：检查点按 {ckpt} 量化（quantization_config）"),
            fix, name="quantization", **where))
    elif ckpt and not asked and ckpt in (registry.SPECS["quantization"].choices or ()):
        allowed = PLATFORMS[platform].allowed(registry.SPECS["quantization"])
        if allowed is not None and ckpt not in allowed:
            out.append(_finding("AM-E741", Text(
                f"the checkpoint is {ckpt}-quantized, which {PLATFORMS[platform].short.en} cannot run "
                f"(it runs: {', '.join(allowed)})",
                f"检查点按 {ckpt} 量化，{PLATFORMS[platform].short.zh} 上无法运行（可运行：{'、'.join(allowed)}）"),
                Text(f"use a checkpoint quantized with {' or '.join(allowed)}, or the unquantized one",
                     f"请改用 {' 或 '.join(allowed)} 量化的检查点，或未量化的检查点"),
                name="model_path", support_related=True, **where))
    from .memory_plan import weight_dtype

    dtype = weight_dtype(facts, values.get("dtype"), family)
    supported = PLATFORMS[platform].devices.dtypes
    if dtype not in supported and not (ckpt or asked):
        out.append(_finding("AM-E742", Text(
            f"the weights would run in {dtype}, which {PLATFORMS[platform].short.en} does not compute in "
            f"({', '.join(supported)})",
            f"权重将以 {dtype} 运行，而 {PLATFORMS[platform].short.zh} 不支持该计算类型（支持：{'、'.join(supported)}）"),
            Text("set --dtype to one of those", "请把 --dtype 设为其中之一"), name="dtype", **where))
    if "dtype" in user_set and dtype == "float16" and facts.torch_dtype == "bfloat16":
        out.append(_finding("AM-W743", Text(
            "--dtype float16 casts a bfloat16 checkpoint: activations beyond float16's range (65504) overflow",
            "--dtype float16 会转换 bfloat16 检查点：超出 float16 范围（65504）的激活值会溢出"),
            Text("use --dtype bfloat16 (or auto) where the platform has it", "平台支持时请使用 --dtype bfloat16（或 auto）"),
            name="dtype", **where))
    return out


def _draft(facts: ModelFacts, values, where, known: ModelFacts | None = None) -> tuple[list[Finding], ModelFacts | None]:
    """The draft's vocabulary check, and the draft's facts (``known`` when already read) for the rules that read
    them."""
    path = values.get("speculative_draft_model_path")
    if not path or config_file(path) is None:
        return [], None
    try:
        draft = known or read_model_facts(path)
    except ModelConfigError as exc:
        return [_finding("AM-E701", exc.text, None, name="speculative_draft_model_path", **where)], None
    if draft.vocab_size == facts.vocab_size:
        return [], draft
    return [_finding("AM-E750", Text(
        f"the draft model's vocabulary ({draft.vocab_size}) differs from the target's ({facts.vocab_size}): "
        "draft tokens would be read as different tokens",
        f"草稿模型的词表大小（{draft.vocab_size}）与目标模型（{facts.vocab_size}）不同：草稿 token 会被误读"),
        Text("use a draft model trained with the target's tokenizer", "请使用以目标模型分词器训练的草稿模型"),
        name="speculative_draft_model_path", **where)], draft


def world_size(values) -> int:
    """Devices one server uses: tp x pp, times dp unless DP attention carves dp out of tp."""
    tp, pp, dp = values.get("tp_size") or 1, values.get("pp_size") or 1, values.get("dp_size") or 1
    return tp * pp * (1 if values.get("enable_dp_attention") else dp)


def _topology(values, user_set, devices: int | None, where) -> list[Finding]:
    out: list[Finding] = []
    nnodes, rank = values.get("nnodes") or 1, values.get("node_rank") or 0
    tp, pp = values.get("tp_size") or 1, values.get("pp_size") or 1
    world = world_size(values)
    if rank >= nnodes:
        out.append(_finding("AM-E762", Text(f"--node-rank {rank} is outside [0, {nnodes}) for --nnodes {nnodes}",
                                            f"--node-rank {rank} 不在 --nnodes {nnodes} 对应的 [0, {nnodes}) 范围内"),
                            Text(f"number the nodes 0 to {nnodes - 1}", f"节点编号应为 0 到 {nnodes - 1}"),
                            name="node_rank", kind="topology", **where))
    if nnodes > 1 and not values.get("dist_init_addr"):
        out.append(_finding("AM-E763", Text(f"--nnodes {nnodes} needs --dist-init-addr: the nodes cannot find each other",
                                            f"--nnodes {nnodes} 需要 --dist-init-addr：否则各节点无法互相发现"),
                            Text("pass --dist-init-addr HOST:PORT of node 0, the same on every node",
                                 "请在每个节点上传入相同的 --dist-init-addr（0 号节点的 HOST:PORT）"),
                            name="nnodes", kind="topology", **where))
    if (tp * pp) % nnodes:
        out.append(_finding("AM-E761", Text(f"--tp-size {tp} x --pp-size {pp} = {tp * pp} does not divide by --nnodes {nnodes}",
                                            f"--tp-size {tp} × --pp-size {pp} = {tp * pp} 不能被 --nnodes {nnodes} 整除"),
                            Text("each node must run the same number of ranks", "每个节点须运行相同数量的进程"),
                            name="nnodes", kind="topology", **where))
    if devices is None:
        return out
    if world > devices * nnodes:
        need = math.ceil(world / devices)
        out.append(_finding("AM-E760", Text(
            f"this launch needs {world} devices (tp {tp} x pp {pp}"
            + (f" x dp {values.get('dp_size')}" if world != tp * pp else "")
            + f") but {nnodes} node(s) of {devices} devices have {devices * nnodes}",
            f"本次启动需要 {world} 个设备，而 {nnodes} 个节点、每节点 {devices} 个设备共 {devices * nnodes} 个"),
            Text(f"use --nnodes {need} (with --dist-init-addr), or lower the parallel sizes; "
                 "pass --devices-per-node if this node has more",
                 f"请使用 --nnodes {need}（并设置 --dist-init-addr），或减小并行规模；若本节点设备更多，请用 --devices-per-node 指定"),
            name="tp_size", kind="topology", **where))
    per_node = max(1, world // nnodes)
    base, step = values.get("base_gpu_id") or 0, values.get("gpu_id_step") or 1
    last = base + (per_node - 1) * step
    if last >= devices and world <= devices * nnodes:
        out.append(_finding("AM-E764", Text(
            f"--base-gpu-id {base} + ({per_node} - 1) x --gpu-id-step {step} = device {last}, but a node has devices "
            f"0 to {devices - 1}",
            f"--base-gpu-id {base} + ({per_node} - 1) × --gpu-id-step {step} = 设备 {last}，而节点只有设备 0 到 {devices - 1}"),
            Text("lower --base-gpu-id or --gpu-id-step", "请减小 --base-gpu-id 或 --gpu-id-step"),
            name="base_gpu_id", kind="topology", **where))
    return out


def _memory(p: MemoryPlan, values, devices: int | None, where) -> list[Finding]:
    """Findings of a plan that has device memory (``_memory`` is only called then)."""
    assert p.device_memory_bytes is not None and p.mem_fraction_static is not None and p.reserve_bytes is not None
    said = FRACTION_SOURCES[p.mem_fraction_source]
    frac = f"--mem-fraction-static {p.mem_fraction_static} ({said.en})"
    frac_zh = f"--mem-fraction-static {p.mem_fraction_static}（{said.zh}）"
    assumed_en, assumed_zh = (f" ({p.weights_assumed.en})", f"（{p.weights_assumed.zh}）") if p.weights_assumed \
        else ("", "")
    if not p.weights_fit:
        static = p.device_memory_bytes * p.mem_fraction_static
        tp_hint = (Text(f"use --tp-size {p.smallest_fitting_tp} or more (the smallest that holds the weights and one "
                        f"request of {p.request_len} tokens), a quantized checkpoint, or a larger --mem-fraction-static",
                        f"请使用 --tp-size {p.smallest_fitting_tp} 或更大（能放下权重和一个 {p.request_len} token 请求"
                        f"的最小值），或使用量化检查点，或增大 --mem-fraction-static")
                   if p.smallest_fitting_tp else
                   Text("no tensor-parallel size up to 256 fits: use a quantized checkpoint or pipeline parallelism",
                        "张量并行规模到 256 都放不下：请使用量化检查点或流水线并行"))
        return [_finding("AM-E770", Text(
            f"weights need {gib(p.per_device_weight_bytes)} per device{assumed_en}, more than the {gib(static)} that "
            f"{frac} leaves of {gib(p.device_memory_bytes)}: nothing is left for the KV cache",
            f"每个设备需要 {gib(p.per_device_weight_bytes)} 存放权重{assumed_zh}，超过 {frac_zh} 在 "
            f"{gib(p.device_memory_bytes)} 中留出的 {gib(static)}：KV 缓存已无空间"), tp_hint, name="tp_size",
            kind="memory", **where)]
    summary_en = (f"weights {gib(p.per_device_weight_bytes)}/device{assumed_en}, reserve {gib(p.reserve_bytes)} "
                  f"({frac}), KV pool {p.kv_pool_tokens} tokens at {p.kv_bytes_per_token} B/token")
    summary_zh = (f"权重 {gib(p.per_device_weight_bytes)}/设备{assumed_zh}，预留 {gib(p.reserve_bytes)}（--mem-fraction-static {p.mem_fraction_static}，{said.zh}），"
                  f"KV 缓存池 {p.kv_pool_tokens} token，每 token {p.kv_bytes_per_token} 字节")
    if not p.max_running_requests:
        return [_finding("AM-W772", Text(
            f"{summary_en}: fewer than one request of {p.request_len} tokens; the longest request that fits is "
            f"{p.max_context_len} tokens",
            f"{summary_zh}：放不下一个 {p.request_len} token 的请求；可容纳的最长请求为 {p.max_context_len} token"),
            Text(f"lower --context-length to {p.max_context_len}, raise --tp-size"
                 + (f" to {p.smallest_fitting_tp}" if p.smallest_fitting_tp else "") + " or --mem-fraction-static",
                 f"把 --context-length 降到 {p.max_context_len}，或增大 --tp-size"
                 + (f" 到 {p.smallest_fitting_tp}" if p.smallest_fitting_tp else "") + " 或 --mem-fraction-static"),
            name="context_length", kind="memory", **where)]
    return [_finding("AM-N773", Text(
        f"{summary_en}: {p.max_running_requests} request(s) of {p.request_len} tokens at once",
        f"{summary_zh}：可同时容纳 {p.max_running_requests} 个 {p.request_len} token 的请求"),
        None, name="model_path", kind="memory", **where)]
