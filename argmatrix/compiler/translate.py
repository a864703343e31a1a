"""Translation between engines: one declared table of vLLM fields and their SGLang equivalents.

Used only when a launch read for one engine is written for another (``export --to vllm`` of an SGLang
launch, ``launch --engine sglang -- vllm serve ...``).  Each row names the fields it reads on one side and
writes on the other, with the value map where the two spell values differently; a near-equivalent says how
it differs (``note``).  Everything the user set that no row carries is a finding (AM-W801), never dropped in
silence; the translated launch is then compiled for the target engine (``launch.translated``), so its own
rules judge it.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..records import record
from ..schema.meta import Text

Values = dict[str, Any]
Map = Callable[[Values], Values | None]  # the source side's values -> the target side's, None: cannot say


@record
class Equivalent:
    """vLLM ``vllm`` fields <-> SGLang ``sglang`` fields; maps are None where the values cross over unchanged."""

    vllm: tuple[str, ...]
    sglang: tuple[str, ...]
    to_sglang: Map | None = None
    to_vllm: Map | None = None
    note: Text | None = None

    def side(self, engine_surface: str) -> tuple[str, ...]:
        return self.vllm if engine_surface == "vllm" else self.sglang

    def carry(self, source_surface: str, values: Values) -> Values | None:
        """The target side's values for the source side's ``values``."""
        source, target = (self.vllm, self.sglang) if source_surface == "vllm" else (self.sglang, self.vllm)
        mapped = self.to_sglang if source_surface == "vllm" else self.to_vllm
        if mapped is not None:
            return mapped(values)
        return {t: values[s] for s, t in zip(source, target) if s in values}


def same(vllm: str, sglang: str | None = None, note: Text | None = None) -> Equivalent:
    return Equivalent((vllm,), (sglang or vllm,), note=note)


def _one(src: str, dst: str, fn: Callable[[Any], Any]) -> Map:
    def mapped(values: Values) -> Values | None:
        out = fn(values[src])
        return None if out is None else {dst: out}
    return mapped


# vLLM's kv-cache dtypes <-> SGLang's; vLLM's fp8 is e4m3 (its docs say so)
_KV_TO_SGLANG = {"auto": "auto", "bfloat16": "bfloat16", "fp8": "fp8_e4m3", "fp8_e4m3": "fp8_e4m3",
                 "fp8_e5m2": "fp8_e5m2"}
_KV_TO_VLLM = {"auto": "auto", "bfloat16": "bfloat16", "bf16": "bfloat16", "fp8_e4m3": "fp8_e4m3",
               "fp8_e5m2": "fp8_e5m2"}
# vLLM's all-to-all backends -> SGLang's MoE all-to-all backend (and DeepEP mode)
_A2A_TO_SGLANG = {"allgather_reducescatter": {"moe_a2a_backend": "none"},
                  "deepep_high_throughput": {"moe_a2a_backend": "deepep", "deepep_mode": "normal"},
                  "deepep_low_latency": {"moe_a2a_backend": "deepep", "deepep_mode": "low_latency"},
                  "deepep_v2": {"moe_a2a_backend": "deepep_v2"}, "mori_high_throughput": {"moe_a2a_backend": "mori"},
                  "mori_low_latency": {"moe_a2a_backend": "mori"}, "nixl_ep": {"moe_a2a_backend": "nixl"},
                  "flashinfer_all2allv": {"moe_a2a_backend": "flashinfer"}}
_A2A_TO_VLLM = {"none": "allgather_reducescatter", "deepep_v2": "deepep_v2", "mori": "mori_high_throughput",
                "nixl": "nixl_ep", "flashinfer": "flashinfer_all2allv"}
# Ascend's ModelSlim-quantized checkpoints: SGLang reads them as modelslim (srt/layers/quantization/modelslim/),
# vLLM-Ascend registers the method as ascend (vllm_ascend/quantization/modelslim_config.py:544, utils.py:54)
_QUANT_TO_SGLANG = {"ascend": "modelslim"}
_QUANT_TO_VLLM = {"modelslim": "ascend"}
# vLLM speculative methods <-> SGLang speculative algorithms
_SPEC_TO_SGLANG = {"eagle": "EAGLE", "eagle3": "EAGLE3", "ngram": "NGRAM", "mtp": "NEXTN", "deepseek_mtp": "NEXTN",
                   "draft_model": "STANDALONE", "suffix": None}
_SPEC_TO_VLLM = {"EAGLE": "eagle", "EAGLE3": "eagle3", "NGRAM": "ngram", "NEXTN": "mtp", "STANDALONE": "draft_model"}
# vLLM KV connectors and roles <-> SGLang disaggregation
_CONNECTOR_TO_SGLANG = {"MooncakeConnector": "mooncake", "MooncakeConnectorV1": "mooncake", "NixlConnector": "nixl",
                        "MooncakeLayerwiseConnector": "mooncake"}
_ROLE_TO_SGLANG = {"kv_producer": "prefill", "kv_consumer": "decode"}


def _a2a_to_vllm(values: Values) -> Values | None:
    backend = values.get("moe_a2a_backend")
    if backend == "deepep":
        mode = values.get("deepep_mode") or "auto"
        return {"all2all_backend": "deepep_low_latency" if mode == "low_latency" else "deepep_high_throughput"}
    found = _A2A_TO_VLLM.get(str(backend))
    return None if found is None else {"all2all_backend": found}


def _speculative_to_sglang(values: Values) -> Values | None:
    config = values.get("speculative_config")
    if not isinstance(config, dict):
        return None
    algorithm = _SPEC_TO_SGLANG.get(str(config.get("method")))
    if algorithm is None:
        return None
    out: Values = {"speculative_algorithm": algorithm}
    if config.get("model"):
        out["speculative_draft_model_path"] = config["model"]
    if config.get("num_speculative_tokens"):
        steps = int(config["num_speculative_tokens"])  # a chain of N draft tokens: N steps of top-1
        out.update(speculative_num_steps=steps, speculative_eagle_topk=1, speculative_num_draft_tokens=steps + 1)
    return out


def _speculative_to_vllm(values: Values) -> Values | None:
    method = _SPEC_TO_VLLM.get(str(values.get("speculative_algorithm")))
    if method is None:
        return None
    config: Values = {"method": method}
    if values.get("speculative_draft_model_path"):
        config["model"] = values["speculative_draft_model_path"]
    if values.get("speculative_num_steps"):
        config["num_speculative_tokens"] = values["speculative_num_steps"]
    return {"speculative_config": config}


def _kv_transfer_to_sglang(values: Values) -> Values | None:
    config = values.get("kv_transfer_config")
    if not isinstance(config, dict):
        return None
    backend = _CONNECTOR_TO_SGLANG.get(str(config.get("kv_connector")))
    mode = _ROLE_TO_SGLANG.get(str(config.get("kv_role")))
    if backend is None or mode is None:
        return None
    return {"disaggregation_mode": mode, "disaggregation_transfer_backend": backend}


def _kv_transfer_to_vllm(values: Values) -> Values | None:
    mode = values.get("disaggregation_mode")
    role = {"prefill": "kv_producer", "decode": "kv_consumer"}.get(str(mode))
    connector = {"mooncake": "MooncakeConnector", "nixl": "NixlConnector"}.get(
        str(values.get("disaggregation_transfer_backend")))
    if role is None or connector is None:
        return None
    return {"kv_transfer_config": {"kv_connector": connector, "kv_role": role}}


def _dist_init_to_sglang(values: Values) -> Values | None:
    addr, port = values.get("master_addr"), values.get("master_port")
    if not addr or not port:
        return None
    return {"dist_init_addr": f"{addr}:{port}"}


def _dist_init_to_vllm(values: Values) -> Values | None:
    addr = values.get("dist_init_addr")
    if not isinstance(addr, str) or ":" not in addr:
        return None
    host, _, port = addr.rpartition(":")
    return {"master_addr": host, "master_port": int(port)} if port.isdigit() else None


def _ep_to_sglang(values: Values) -> Values | None:
    if not values.get("enable_expert_parallel"):
        return {}
    # vLLM's expert-parallel group spans every tensor- and data-parallel rank
    return {"ep_size": int(values.get("tensor_parallel_size") or 1) * int(values.get("data_parallel_size") or 1)}


def _ep_to_vllm(values: Values) -> Values | None:
    size = values.get("ep_size")
    return {"enable_expert_parallel": bool(size and int(size) > 1)}


def _served_name_to_sglang(values: Values) -> Values | None:
    names = values.get("served_model_name")
    return {"served_model_name": names[0] if isinstance(names, list) and len(names) == 1 else names} \
        if not isinstance(names, list) or len(names) == 1 else None


def _api_key_to_sglang(values: Values) -> Values | None:
    keys = values.get("api_key")
    return {"api_key": keys[0]} if isinstance(keys, list) and len(keys) == 1 else None


def _enforce_eager_to_vllm(values: Values) -> Values | None:
    return {"enforce_eager": bool(values.get("disable_cuda_graph"))}


TABLE: tuple[Equivalent, ...] = (
    # --- the model and tokenizer ---
    Equivalent(("model",), ("model_path",)),
    same("tokenizer", "tokenizer_path"),
    same("revision"), same("trust_remote_code"), same("tokenizer_mode"), same("skip_tokenizer_init"),
    same("dtype"), same("load_format"), same("download_dir"), same("model_loader_extra_config"),
    same("model_impl"), same("language_model_only"),
    Equivalent(("seed",), ("random_seed",)),
    Equivalent(("max_model_len",), ("context_length",), note=Text("1k = 1000, 1K = 1024 in both",
                                                                  "两者都把 1k 读作 1000、1K 读作 1024")),
    Equivalent(("quantization",), ("quantization",),
               _one("quantization", "quantization", lambda x: _QUANT_TO_SGLANG.get(x, x)),
               _one("quantization", "quantization", lambda x: _QUANT_TO_VLLM.get(x, x)),
               note=Text("Ascend's ModelSlim checkpoints: SGLang's modelslim is vLLM-Ascend's ascend",
                         "昇腾 ModelSlim 检查点：SGLang 的 modelslim 即 vLLM-Ascend 的 ascend")),
    Equivalent(("hf_overrides",), ("json_model_override_args",),
               note=Text("both override keys of the model's config.json", "二者都覆盖模型 config.json 中的键")),
    Equivalent(("served_model_name",), ("served_model_name",), _served_name_to_sglang,
               lambda v: {"served_model_name": [v["served_model_name"]]},
               note=Text("vLLM takes several names; SGLang one", "vLLM 可接受多个名称，SGLang 只接受一个")),
    # --- the HTTP server ---
    same("host"), same("port"), same("grpc_port"), same("chat_template"), same("trust_request_chat_template"),
    same("default_chat_template_kwargs"), same("tool_call_parser"), same("tool_server"), same("reasoning_parser"),
    same("ssl_keyfile"), same("ssl_certfile"), same("ssl_ca_certs"), same("enable_ssl_refresh"),
    same("allowed_media_domains"), same("enable_return_routed_experts"), same("stream_interval"),
    same("otlp_traces_endpoint"), same("enable_mfu_metrics"), same("kv_events_config"),
    Equivalent(("api_key",), ("api_key",), _api_key_to_sglang, lambda v: {"api_key": [v["api_key"]]},
               note=Text("vLLM takes several keys; SGLang one", "vLLM 可接受多个密钥，SGLang 只接受一个")),
    Equivalent(("log_level",), ("log_level",), _one("log_level", "log_level", lambda x: str(x).lower()),
               _one("log_level", "log_level", lambda x: str(x).upper())),
    # --- parallelism ---
    Equivalent(("tensor_parallel_size",), ("tp_size",)),
    Equivalent(("pipeline_parallel_size",), ("pp_size",)),
    Equivalent(("data_parallel_size",), ("dp_size",)),
    Equivalent(("decode_context_parallel_size",), ("dcp_size",)),
    same("dcp_comm_backend"), same("nnodes"), same("node_rank"), same("enable_eplb"),
    same("disable_custom_all_reduce"),
    Equivalent(("enable_expert_parallel",), ("ep_size",), _ep_to_sglang, _ep_to_vllm,
               note=Text("vLLM's expert parallelism spans tensor x data parallel ranks; SGLang's --ep-size names "
                         "the size", "vLLM 的专家并行覆盖张量并行 × 数据并行的全部进程；SGLang 用 --ep-size 指定规模")),
    Equivalent(("all2all_backend",), ("moe_a2a_backend", "deepep_mode"),
               lambda v: _A2A_TO_SGLANG.get(str(v.get("all2all_backend"))), _a2a_to_vllm),
    Equivalent(("master_addr", "master_port"), ("dist_init_addr",), _dist_init_to_sglang, _dist_init_to_vllm),
    # --- memory, cache and scheduling ---
    Equivalent(("block_size",), ("page_size",)),
    Equivalent(("gpu_memory_utilization",), ("mem_fraction_static",),
               note=Text("vLLM's share of device memory for the whole instance; SGLang's for weights and KV cache",
                         "vLLM 指整个实例占用的显存比例；SGLang 指权重与 KV 缓存占用的比例")),
    Equivalent(("kv_cache_dtype",), ("kv_cache_dtype",),
               _one("kv_cache_dtype", "kv_cache_dtype", _KV_TO_SGLANG.get),
               _one("kv_cache_dtype", "kv_cache_dtype", _KV_TO_VLLM.get)),
    Equivalent(("enable_prefix_caching",), ("disable_radix_cache",),
               lambda v: None if v["enable_prefix_caching"] is None else
               {"disable_radix_cache": not v["enable_prefix_caching"]},
               lambda v: {"enable_prefix_caching": not v["disable_radix_cache"]}),
    Equivalent(("cpu_offload_gb",), ("cpu_offload_gb",),
               _one("cpu_offload_gb", "cpu_offload_gb", lambda x: int(x) if float(x).is_integer() else None),
               note=Text("SGLang takes whole GiB only", "SGLang 只接受整数 GiB")),
    same("offload_group_size"), same("offload_num_in_group"), same("offload_prefetch_step"),
    Equivalent(("max_num_batched_tokens",), ("chunked_prefill_size",),
               note=Text("vLLM's token budget of one step; SGLang's prefill chunk", "vLLM 指每步的 token 预算；SGLang 指预填充分块大小")),
    Equivalent(("max_num_seqs",), ("max_running_requests",)),
    Equivalent(("scheduling_policy",), ("schedule_policy",)),
    Equivalent(("enforce_eager",), ("disable_cuda_graph",), None, _enforce_eager_to_vllm),
    Equivalent(("cudagraph_capture_sizes",), ("cuda_graph_bs",),
               note=Text("the batch sizes decode graphs are captured for", "捕获解码图所用的批大小")),
    Equivalent(("enable_sleep_mode",), ("enable_memory_saver",),
               note=Text("both release device memory while the server sleeps", "二者都在服务休眠时释放设备显存")),
    same("attention_backend"), same("mamba_backend"), same("enable_mamba_cache_stochastic_rounding"),
    same("mamba_cache_philox_rounds"),
    # --- LoRA and speculative decoding ---
    same("enable_lora"), same("max_lora_rank"), same("lora_target_modules"),
    Equivalent(("lora_modules",), ("lora_paths",),
               note=Text("both take name=path pairs", "二者都接受 name=path 形式")),
    Equivalent(("max_loras",), ("max_loras_per_batch",)),
    Equivalent(("speculative_config",), ("speculative_algorithm", "speculative_draft_model_path",
                                         "speculative_num_steps", "speculative_eagle_topk",
                                         "speculative_num_draft_tokens"),
               _speculative_to_sglang, _speculative_to_vllm,
               note=Text("a chain of N draft tokens is SGLang's N steps of top-1", "N 个草稿 token 的链对应 SGLang 的 N 步、top-1")),
    Equivalent(("kv_transfer_config",), ("disaggregation_mode", "disaggregation_transfer_backend"),
               _kv_transfer_to_sglang, _kv_transfer_to_vllm,
               note=Text("a producer is SGLang's prefill server, a consumer its decode server",
                         "生产者对应 SGLang 的预填充服务，消费者对应其解码服务")),
)


def rows_for(source_surface: str) -> dict[str, Equivalent]:
    """Each source-side field -> the row that carries it."""
    return {name: row for row in TABLE for name in row.side(source_surface)}


def counterpart(flag: str, reading_surface: str) -> tuple[str, tuple[str, ...], Text | None] | None:
    """A flag of the other engine pasted into a launch read with ``reading_surface`` ("vllm" or "sglang"): the
    engine it belongs to, the flags that say the same in the reading engine (from this table) and how the two
    differ; None when the other engine has no such flag or the table carries it nowhere."""
    from ..schema.surface import SGLANG, VLLM

    other, mine = (SGLANG, VLLM) if reading_surface == "vllm" else (VLLM, SGLANG)
    spelled = flag if flag.startswith("--") and "_" not in flag[2:] else "--" + flag.lstrip("-").replace("_", "-")
    name = other.flags.get(flag) or other.flags.get(spelled)
    if name is None or flag in mine.flags or spelled in mine.flags:
        return None  # the reading engine has the flag itself (a release may lack it: that is its own finding)
    row = rows_for(other.key).get(name)
    if row is None:
        return None
    targets = tuple(mine.specs[t].flag for t in row.side(mine.key) if t in mine.specs)
    return (other.title.en.split()[0], targets, row.note) if targets else None


__all__ = ["TABLE", "Equivalent", "counterpart", "rows_for"]
