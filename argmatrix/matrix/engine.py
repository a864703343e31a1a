"""What argmatrix's own engine and server do with each argument, and on which hardware that was run.

The support matrix says where SGLang implements an argument; this table says
what *this* engine does with it:

* ``wired``: the engine has code that acts on it;
* ``inert``: accepted, but has no effect here, with the reason (an attention backend name: there is one attention);
* ``unimplemented``: the hardware could do it, this engine does not yet.

Anything not listed is ``unimplemented``: a flag is never silently ignored.
``serve`` stops on a changed ``unimplemented`` flag unless ``--allow-unimplemented``.

A wired argument belongs to one engine *path* (:data:`PATHS`: the engine itself, decode graphs, tensor
parallel, ...).  Whether a path has run on a platform family is not asserted here: it is read from the
record of runs (``engine_runs.json``, :mod:`argmatrix.matrix.engine_runs`) that the test recorder and
``bench/engine.py`` append to, so a path with no passing run on CUDA or Ascend says "implemented, never run".
Some wired arguments do nothing in a given launch (:class:`InertWhen`: decode graphs with ``--tp-size`` > 1);
the compiler's engine check reports those as warnings.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..records import field, record
from ..schema import registry
from ..schema.meta import Text

WIRED, INERT, UNIMPLEMENTED = "wired", "inert", "unimplemented"
# what each engine status is called, in both languages (every renderer prints these, never the key)
ENGINE_TITLES = {WIRED: Text("wired", "已接入"), INERT: Text("inert", "无作用"), UNIMPLEMENTED: Text("unimplemented", "未实现")}


# The platform families the engine has code for (Platform.family), in the order verdicts list them.
ENGINE_FAMILIES = ("cpu", "gpu", "npu")
FAMILY_NAMES = {"cpu": Text("CPU", "CPU"), "gpu": Text("CUDA", "CUDA"), "npu": Text("Ascend", "昇腾")}


@record
class EnginePath:
    """One code path of the engine; its runs are recorded per platform family (engine_runs.json)."""

    title: Text
    tests: tuple[str, ...]              # the pytest targets that exercise it (what the test recorder runs)
    inert_on: Mapping[str, Text] = field(default_factory=dict)  # families where the path does nothing, and why


@record
class InertWhen:
    """A wired argument has no effect when ``field`` is above ``above`` (a launch-dependent ``inert``)."""

    field: str
    above: int
    reason: Text

    def holds(self, values: Mapping[str, Any]) -> bool:
        value = values.get(self.field)
        return isinstance(value, int) and value > self.above


@record
class Capability:
    status: str
    reason: Text | None = None
    options: tuple[Any, ...] | None = None  # for wired choice fields: the values actually implemented
    path: str = "core"                      # wired: the engine path whose runs stand behind it (PATHS)
    inert_when: tuple[InertWhen, ...] = ()  # wired: launches in which it does nothing


def _inert(en: str, zh: str) -> Capability:
    return Capability(INERT, Text(en, zh))


PATHS: dict[str, EnginePath] = {
    "core": EnginePath(Text("the engine core (scheduler, paged KV cache, attention kernels, sampling)",
                            "引擎核心（调度器、分页 KV 缓存、注意力算子与采样）"),
                       ("tests/runtime",)),
    "server": EnginePath(Text("the HTTP server (no device code)", "HTTP 服务（不含设备相关代码）"),
                         ("tests/server",)),
    "decode_graphs": EnginePath(Text("graph-captured decode (torch.cuda.CUDAGraph, torch.npu.NPUGraph)",
                                     "解码图捕获与回放（torch.cuda.CUDAGraph、torch.npu.NPUGraph）"),
                                ("tests/runtime/test_graphs.py",), {"cpu": Text(
                                    "there are no device graphs, decode runs eagerly; the tests drive the capture "
                                    "and replay bookkeeping through a fake graph backend",
                                    "CPU 没有设备图，解码以 eager 方式执行；测试通过一个模拟的图后端检验捕获与回放的逻辑")}),
    "torch_compile": EnginePath(Text("torch.compile'd decode", "经 torch.compile 编译的解码"),
                                ("tests/runtime/test_graphs.py::test_torch_compile_decode_on_cpu",)),
    "tensor_parallel": EnginePath(Text("tensor parallel over torch.distributed (gloo, nccl, hccl)",
                                       "基于 torch.distributed 的张量并行（gloo、nccl、hccl）"),
                                  ("tests/runtime/test_tensor_parallel.py",)),
    "device_ids": EnginePath(Text("device selection per rank and replica", "按进程与副本选择设备"),
                             (),                   # nothing to select on the CPU the suite runs on
                             {"cpu": Text("a CPU host has no device index", "CPU 主机没有设备编号")}),
    "data_parallel": EnginePath(Text("data-parallel replicas behind sglang-router", "sglang-router 之后的数据并行副本"),
                                ("tests/server/test_scale_out.py",)),
}

# decode graphs and torch.compile run on one process only (runtime/engine.py turns them off under tensor parallel)
OFF_UNDER_TP = (InertWhen("tp_size", 1, Text(
    "decode graphs and torch.compile are off with --tp-size > 1: each step runs eagerly on every rank",
    "--tp-size 大于 1 时不使用解码图与 torch.compile：每一步在每个进程上都以 eager 方式执行")),)
DECODE_GRAPHS = Capability(WIRED, Text(
    "graph-captured decode: SGLang's capture schedule, padding to the next captured size, replay when a batch "
    "is decode-only and fits",
    "解码图：沿用 SGLang 的捕获批大小序列，填充到下一个已捕获的批大小，批次仅含解码且能放入时回放"),
    path="decode_graphs", inert_when=OFF_UNDER_TP)
TENSOR_PARALLEL = Text(
    "tensor parallel for the native Llama/Qwen2/Mistral path: q/k/v and gate/up column-parallel, o and down "
    "row-parallel, vocab-parallel embedding and LM head, KV heads replicated when fewer than --tp-size; rank 0 "
    "schedules and broadcasts each step; decode graphs and torch.compile are off when --tp-size > 1",
    "原生 Llama/Qwen2/Mistral 路径的张量并行：q_proj/k_proj/v_proj 与 gate_proj/up_proj 按列切分，o_proj 与 down_proj 按行切分，词嵌入与输出层（lm_head）按词表切分，"
    "KV 头少于 --tp-size 时复制；0 号进程调度并广播每一步；--tp-size 大于 1 时不使用解码图与 torch.compile")
DEVICE_IDS = Text(
    "the device of each tensor-parallel rank and of each data-parallel replica (CUDA, Ascend); a CPU host has "
    "no device index",
    "决定每个张量并行进程与每个数据并行副本使用的设备（CUDA、昇腾）；CPU 主机没有设备编号")
DATA_PARALLEL = Text(
    "argmatrix serve --dp-size N starts N engine processes behind sglang-router (pip install sglang-router); "
    "--load-balance-method picks the router's policy: auto and round_robin -> round_robin, total_requests -> "
    "power_of_two, total_tokens -> cache_aware",
    "argmatrix serve --dp-size N 启动 N 个引擎进程，由前面的 sglang-router（pip install sglang-router）统一接收并分发请求；"
    "--load-balance-method 选择路由策略：auto 与 round_robin 对应 round_robin，total_requests 对应 power_of_two，"
    "total_tokens 对应 cache_aware")
ONE_ATTENTION = _inert("the engine has one attention implementation (torch scaled_dot_product_attention over the "
                       "paged cache); backend names do not change it",
                       "引擎只有一种注意力实现（基于分页缓存的 torch scaled_dot_product_attention），后端名称不改变它")
NO_OVERLAP = _inert("the engine has no overlap scheduler to turn off", "引擎没有可关闭的重叠调度器")
IN_PROCESS_TOKENIZER = _inert("tokenization runs in a small thread pool inside the server process",
                              "分词在服务进程内的一个小线程池中完成")

CAPABILITIES: dict[str, Capability] = {
    # model loading
    **dict.fromkeys(("model_path", "tokenizer_path", "trust_remote_code", "revision", "context_length",
                     "json_model_override_args", "random_seed", "skip_tokenizer_init", "served_model_name",
                     "config"), Capability(WIRED)),
    # transformers 5 always loads the fast tokenizer, so 'slow' cannot be honoured
    "tokenizer_mode": Capability(WIRED, options=("auto",)),
    "device": Capability(WIRED, options=("cpu", "cuda", "npu")),
    "dtype": Capability(WIRED, options=("auto", "half", "float16", "bfloat16", "float", "float32")),
    "load_format": Capability(WIRED, options=("auto", "safetensors", "pt", "dummy")),
    "model_impl": Capability(WIRED, options=("auto", "sglang", "transformers")),
    "kv_cache_dtype": Capability(WIRED, options=("auto",)),
    # KV cache, prefix cache, scheduling
    **dict.fromkeys(("page_size", "max_total_tokens", "mem_fraction_static", "disable_radix_cache",
                     "radix_eviction_policy", "enable_priority_scheduling", "schedule_low_priority_values_first",
                     "priority_scheduling_preemption_threshold", "max_running_requests", "max_queued_requests",
                     "prefill_max_requests", "max_prefill_tokens", "chunked_prefill_size", "schedule_conservativeness",
                     "num_reserved_decode_tokens", "enable_mixed_chunk", "stream_interval", "allow_auto_truncate",
                     "abort_on_priority_when_disabled"), Capability(WIRED)),
    # dfs-weight and priority would only be approximations (lpm, fcfs): refuse rather than pretend
    "schedule_policy": Capability(WIRED, options=("fcfs", "lpm", "random", "lof")),
    # HTTP server, API, logging, metrics
    **dict.fromkeys(("host", "port", "fastapi_root_path", "skip_server_warmup", "warmups", "api_key", "admin_api_key",
                     "chat_template", "hf_chat_template_name", "enable_cache_report", "log_level", "log_level_http",
                     "log_requests", "log_requests_level", "log_requests_format", "decode_log_interval",
                     "uvicorn_access_log_exclude_prefixes", "enable_metrics", "bucket_time_to_first_token",
                     "bucket_inter_token_latency", "bucket_e2e_request_latency", "watchdog_timeout",
                     "soft_watchdog_timeout", "crash_dump_folder", "weight_version", "sampling_defaults",
                     "preferred_sampling_params", "incremental_streaming_output", "log_requests_target",
                     "enable_request_time_stats_logging", "gc_warning_threshold_secs", "collect_tokens_histogram",
                     "prompt_tokens_buckets", "generation_tokens_buckets", "tokenizer_metrics_custom_labels_header",
                     "tokenizer_metrics_allowed_custom_labels", "export_metrics_to_file",
                     "export_metrics_to_file_dir"), Capability(WIRED, path="server")),
    # argmatrix's own request limits (argmatrix/schema/groups/argmatrix_server.py)
    **dict.fromkeys(("max_request_body_bytes", "max_sequences_per_request", "max_stop_strings",
                     "max_stop_string_length", "request_read_timeout", "shutdown_timeout", "metrics_require_api_key",
                     "trust_proxy", "log_format"),
                    Capability(WIRED, path="server")),
    "extra_metric_labels": Capability(WIRED, path="server"),
    "enable_metrics_for_all_schedulers": _inert("there is one scheduler, and it always reports metrics",
                                                "只有一个调度器，且它总会上报指标"),
    # tensor parallel over torch.distributed (runtime/distributed.py, runtime/tensor_parallel.py): the native
    # Llama-family path only; the backend is the platform's (gloo on CPU, nccl on CUDA, hccl on Ascend)
    **dict.fromkeys(("tp_size", "nnodes", "node_rank", "dist_init_addr", "dist_timeout", "nccl_port"),
                    Capability(WIRED, TENSOR_PARALLEL, path="tensor_parallel")),
    **dict.fromkeys(("base_gpu_id", "gpu_id_step"), Capability(WIRED, DEVICE_IDS, path="device_ids")),
    # data parallel: whole engine processes behind sglang-router (runtime/server/replicas.py)
    "dp_size": Capability(WIRED, DATA_PARALLEL, path="data_parallel"),
    "load_balance_method": Capability(WIRED, DATA_PARALLEL, path="data_parallel",
                                      options=("auto", "round_robin", "total_requests", "total_tokens")),
    # SGLang 0.5.23's per-phase spellings of the same decode-graph settings (prefill graphs: not implemented)
    **dict.fromkeys(("disable_cuda_graph", "disable_cuda_graph_padding", "cuda_graph_max_bs", "cuda_graph_bs",
                     "cuda_graph_max_bs_decode", "cuda_graph_bs_decode"), DECODE_GRAPHS),
    "cuda_graph_backend_decode": Capability(WIRED, DECODE_GRAPHS.reason, options=("full", "disabled"),
                                            path="decode_graphs", inert_when=OFF_UNDER_TP),
    **dict.fromkeys(("enable_torch_compile", "torch_compile_max_bs"),
                    Capability(WIRED, path="torch_compile", inert_when=OFF_UNDER_TP)),
    **dict.fromkeys(("attention_backend", "prefill_attention_backend", "decode_attention_backend",
                     "sampling_backend"), ONE_ATTENTION),
    "disable_overlap_schedule": NO_OVERLAP,
    **dict.fromkeys(("tokenizer_worker_num", "enable_tokenizer_batch_encode", "disable_tokenizer_batch_decode"),
                    IN_PROCESS_TOKENIZER),
    "download_dir": _inert("models are loaded from local folders only; nothing is downloaded",
                           "模型只从本地目录加载，不会下载任何内容"),
}
for _name in CAPABILITIES:
    if _name not in registry.SPECS:
        raise KeyError(f"CAPABILITIES names an unknown argument {_name!r}")

UNLISTED = Capability(UNIMPLEMENTED, Text("argmatrix's engine does not implement this yet", "argmatrix 的引擎尚未实现此功能"))


def capability(name: str) -> Capability:
    return CAPABILITIES.get(name, UNLISTED)


# ---- where each wired argument's path has run (from engine_runs.json) -------------------------------------------

PASSED, FAILED, NEVER_RUN, NO_EFFECT = "passed", "failed", "never run", "no effect"


@record
class FamilyVerdict:
    family: str
    state: str                       # passed | failed | never run | no effect
    run: Any = None                  # the latest engine_runs.Run of the path on this family, if any
    reason: Text | None = None       # no effect: why


def family_verdict(path_key: str, family: str) -> FamilyVerdict:
    from .engine_runs import latest

    run = latest(path_key, family)
    inert = PATHS[path_key].inert_on.get(family)
    if inert is not None:
        return FamilyVerdict(family, NO_EFFECT, run, inert)
    return FamilyVerdict(family, NEVER_RUN if run is None else run.result, run)


def where_run(name: str) -> tuple[FamilyVerdict, ...] | None:
    """Per platform family, what is known of the path behind ``name`` (None: not wired)."""
    cap = capability(name)
    if cap.status != WIRED:
        return None
    return tuple(family_verdict(cap.path, fam) for fam in ENGINE_FAMILIES)


def zh_word(word: str) -> str:
    """``word`` set inside Chinese text: spaced when it is Latin (在 CUDA 上), not when it is Chinese (在昇腾上)."""
    return f" {word} " if word.isascii() else word


def _families(verdicts: list[FamilyVerdict], lang: str) -> str:
    names = [FAMILY_NAMES[v.family](lang) for v in verdicts]
    if len(names) == 1:
        return names[0]
    if lang == "en":
        return ", ".join(names[:-1]) + " and " + names[-1]
    head = "、".join(names[:-1])               # a space only between a Latin word and a Chinese one
    return head + (" 与" if head[-1].isascii() else "与") + (" " if names[-1][0].isascii() else "") + names[-1]


def _ran(run: Any, lang: str) -> str:
    return str(run.summary(lang))


def where_run_text(name: str) -> Text | None:
    """One line: where the path behind ``name`` was run and where it was not (None: not wired)."""
    verdicts = where_run(name)
    if verdicts is None:
        return None
    return Text(_where_run_line(verdicts, "en"), _where_run_line(verdicts, "zh"))


def _where_run_line(verdicts: tuple[FamilyVerdict, ...], lang: str) -> str:
    en = lang == "en"
    parts = []
    for v in verdicts:
        fam = FAMILY_NAMES[v.family](lang)
        if v.state == NO_EFFECT:
            assert v.reason is not None, "a no-effect verdict says why"
            line = f"no effect on {fam}: {v.reason.en}" if en else f"在{zh_word(fam)}上不起作用：{v.reason.zh}"
            if v.run is not None:
                line += f" (tests ran there: {_ran(v.run, lang)})" if en else f"（测试已在此运行：{_ran(v.run, lang)}）"
            parts.append(line)
        elif v.state == NEVER_RUN:
            continue
        elif en:
            parts.append(f"{'tested' if v.state == PASSED else 'failed'} on {fam} ({_ran(v.run, lang)})")
        else:
            parts.append(f"{'已在' if v.state == PASSED else '在'}{zh_word(fam)}上{'测试' if v.state == PASSED else '运行失败'}"
                         f"（{_ran(v.run, lang)}）")
    never = [v for v in verdicts if v.state == NEVER_RUN]
    if never:
        parts.append(f"implemented for {_families(never, lang)}, never run there" if en
                     else f"{zh_word(_families(never, lang)).lstrip()}上已实现，但从未运行")
    return ("; " if en else "；").join(parts)
