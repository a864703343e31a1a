"""vLLM's ``vllm serve`` spellings, as one table read both ways.

The reader (``--compat vllm``, or arguments that start with ``vllm serve``)
turns the vLLM flags that have an equivalent into assignments of our fields
with source ``vllm-compat:<flag>`` (findings name our flag: SGLang's spelling
rules do not apply to what was written in vLLM's); the vLLM exporter writes our values back
through the same table, so a vLLM command read and written again is the same
command.  A vLLM flag without an equivalent is a finding, never dropped
silently; a word that is no ``vllm serve`` flag at all is a usage error.

The flag names and their meanings come from vLLM's ``vllm serve`` reference
(the seed page 002); which SGLang field each maps onto is argmatrix's reading.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..schema.meta import Text
from ..schema.registry import SPECS
from .findings import WARNING, Finding
from .sources import Assignment, usage

VALUE, SWITCH, INVERTED = "value", "switch", "inverted"
SOURCE_PREFIX = "vllm-compat:"


@dataclass(frozen=True)
class VllmFlag:
    """One vLLM flag with an equivalent: its spellings, our field, and how values cross over.

    ``kind``: VALUE takes a value; SWITCH is ``--x`` / ``--no-x`` meaning our switch on / off;
    INVERTED is the same with the meaning reversed (``--enable-prefix-caching`` is our
    ``--disable-radix-cache`` off).  ``to_ours`` / ``to_vllm`` translate values where the
    two spell them differently (None where they spell them alike); ``to_vllm`` returns None
    for a value vLLM has no spelling of.
    """

    flags: tuple[str, ...]
    field: str
    kind: str = VALUE
    to_ours: Callable[[str], Any] | None = None
    to_vllm: Callable[[Any], str | None] | None = None
    note: str = ""

    @property
    def flag(self) -> str:
        return self.flags[0]


# vLLM's kv-cache dtypes -> ours; fp8 is e4m3 in vLLM (its docs say so); fp8_ds_mla and fp8_inc have no equivalent
_KV_TO_OURS = {"auto": "auto", "bfloat16": "bfloat16", "fp8": "fp8_e4m3", "fp8_e4m3": "fp8_e4m3", "fp8_e5m2": "fp8_e5m2"}
_KV_TO_VLLM = {"auto": "auto", "bfloat16": "bfloat16", "bf16": "bfloat16", "fp8_e4m3": "fp8_e4m3",
               "fp8_e5m2": "fp8_e5m2"}


def _kv_to_ours(text: str) -> Any:
    return _KV_TO_OURS.get(text, text)  # an unknown dtype goes on, so our validator names the allowed values


def _gib_to_ours(text: str) -> Any:
    """vLLM takes a float of GiB; ours is whole GiB: a fraction stays text, so validation reports it."""
    try:
        number = float(text)
    except ValueError:
        return text
    return int(number) if number.is_integer() else text


# The mapping, one row per vLLM flag with an equivalent.  Order: the seed's order within each area.
TABLE: tuple[VllmFlag, ...] = (
    VllmFlag(("--model",), "model_path"),
    VllmFlag(("--tokenizer",), "tokenizer_path"),
    VllmFlag(("--revision",), "revision"),
    VllmFlag(("--trust-remote-code",), "trust_remote_code", SWITCH),
    VllmFlag(("--dtype",), "dtype"),
    VllmFlag(("--seed",), "random_seed"),
    VllmFlag(("--max-model-len",), "context_length", note="1k = 1000, 1K = 1024 in both"),
    VllmFlag(("--quantization", "-q"), "quantization"),
    VllmFlag(("--enforce-eager",), "disable_cuda_graph", SWITCH),
    VllmFlag(("--served-model-name",), "served_model_name", note="vLLM takes several names; SGLang one"),
    VllmFlag(("--host",), "host"),
    VllmFlag(("--port",), "port"),
    VllmFlag(("--api-key",), "api_key"),
    VllmFlag(("--chat-template",), "chat_template"),
    VllmFlag(("--tensor-parallel-size", "-tp"), "tp_size"),
    VllmFlag(("--pipeline-parallel-size", "-pp"), "pp_size"),
    VllmFlag(("--data-parallel-size", "-dp"), "dp_size"),
    VllmFlag(("--block-size",), "page_size"),
    VllmFlag(("--gpu-memory-utilization",), "mem_fraction_static",
             note="vLLM's share of device memory for the whole instance; SGLang's for weights and KV cache"),
    VllmFlag(("--kv-cache-dtype",), "kv_cache_dtype", to_ours=_kv_to_ours, to_vllm=lambda v: _KV_TO_VLLM.get(v)),
    VllmFlag(("--enable-prefix-caching",), "disable_radix_cache", INVERTED),
    VllmFlag(("--cpu-offload-gb",), "cpu_offload_gb", to_ours=_gib_to_ours),
    VllmFlag(("--max-num-batched-tokens",), "chunked_prefill_size",
             note="vLLM's token budget of one step; SGLang's prefill chunk"),
    VllmFlag(("--max-num-seqs",), "max_running_requests"),
)
for _row in TABLE:
    if _row.field not in SPECS:
        raise KeyError(f"vLLM mapping {_row.flag} targets an unknown argument {_row.field!r}")

BY_FLAG: dict[str, VllmFlag] = {flag: row for row in TABLE for flag in row.flags}
BY_FIELD: dict[str, VllmFlag] = {row.field: row for row in TABLE}

# Every other `vllm serve` flag (seed 002), so a real vLLM flag is told apart from a typo.
# Switches (they take no value) are marked with a trailing '!'.
_OTHER = """
--headless! --api-server-count -asc --disable-log-stats! --aggregate-engine-logging! --enable-log-requests!
--disable-log-requests! --uds --uvicorn-log-level --disable-uvicorn-access-log! --allow-credentials! --allowed-origins
--allowed-methods --allowed-headers --lora-modules --chat-template-content-format --trust-request-chat-template!
--response-role --ssl-keyfile --ssl-certfile --ssl-ca-certs --enable-ssl-refresh! --ssl-cert-reqs --root-path
--middleware --return-tokens-as-token-ids! --disable-frontend-multiprocessing! --enable-request-id-headers!
--enable-auto-tool-choice! --exclude-tools-when-tool-choice-none! --tool-call-parser --tool-parser-plugin
--tool-server --log-config-file --max-log-len --disable-fastapi-docs! --enable-prompt-tokens-details!
--enable-server-load-tracking! --enable-force-include-usage! --enable-tokenizer-info-endpoint! --enable-log-outputs!
--h11-max-incomplete-event-size --h11-max-header-count --log-error-stack! --tokens-only! --runner --convert
--tokenizer-mode --hf-config-path --allowed-local-media-path --allowed-media-domains --code-revision
--tokenizer-revision --max-logprobs --logprobs-mode --disable-sliding-window! --disable-cascade-attn!
--skip-tokenizer-init! --enable-prompt-embeds! --config-format --hf-token --hf-overrides --pooler-config
--logits-processor-pattern --generation-config --override-generation-config --enable-sleep-mode! --model-impl
--override-attention-dtype --logits-processors --io-processor-plugin --load-format --download-dir
--safetensors-load-strategy --model-loader-extra-config --ignore-patterns --use-tqdm-on-load! --pt-load-map-location
--attention-backend --reasoning-parser --reasoning-parser-plugin --distributed-executor-backend --master-addr
--master-port --nnodes -n --node-rank -r --decode-context-parallel-size -dcp --dcp-kv-cache-interleave-size
--cp-kv-cache-interleave-size --prefill-context-parallel-size -pcp --data-parallel-rank -dpn
--data-parallel-start-rank -dpr --data-parallel-size-local -dpl --data-parallel-address -dpa --data-parallel-rpc-port
-dpp --data-parallel-backend -dpb --data-parallel-hybrid-lb! -dph! --data-parallel-external-lb! -dpe!
--enable-expert-parallel! --all2all-backend --enable-dbo! --ubatch-size --dbo-decode-token-threshold
--dbo-prefill-token-threshold --disable-nccl-for-dp-synchronization! --enable-eplb! --eplb-config
--expert-placement-strategy --max-parallel-loading-workers --ray-workers-use-nsight! --disable-custom-all-reduce!
--worker-cls --worker-extension-cls --kv-cache-memory-bytes --swap-space --num-gpu-blocks-override
--prefix-caching-hash-algo --calculate-kv-scales! --kv-sharing-fast-prefill! --mamba-cache-dtype
--mamba-ssm-cache-dtype --mamba-block-size --kv-offloading-size --kv-offloading-backend --limit-mm-per-prompt
--enable-mm-embeds! --media-io-kwargs --mm-processor-kwargs --mm-processor-cache-gb --mm-processor-cache-type
--mm-shm-cache-max-object-size-mb --mm-encoder-tp-mode --mm-encoder-attn-backend --interleave-mm-strings!
--skip-mm-profiling! --video-pruning-rate --enable-lora! --max-loras --max-lora-rank --lora-dtype --max-cpu-loras
--fully-sharded-loras! --default-mm-loras --show-hidden-metrics-for-version --otlp-traces-endpoint
--collect-detailed-traces --kv-cache-metrics! --kv-cache-metrics-sample --cudagraph-metrics!
--enable-layerwise-nvtx-tracing! --enable-mfu-metrics! --max-num-partial-prefills --max-long-partial-prefills
--long-prefill-token-threshold --scheduling-policy --enable-chunked-prefill! --disable-chunked-mm-input!
--scheduler-cls --disable-hybrid-kv-cache-manager! --async-scheduling! --stream-interval --cudagraph-capture-sizes
--max-cudagraph-capture-size --speculative-config --kv-transfer-config --kv-events-config --ec-transfer-config
--compilation-config -cc --attention-config -ac --additional-config --structured-outputs-config --profiler-config
--optimization-level
"""
UNMAPPED: dict[str, bool] = {w.rstrip("!"): w.endswith("!") for w in _OTHER.split()}  # flag -> is a switch


def starts_with_vllm_serve(argv: list[str]) -> bool:
    return len(argv) >= 2 and argv[0] == "vllm" and argv[1] == "serve"


def _normalise(token: str) -> str:
    """vLLM reads ``--max_model_len`` as ``--max-model-len``."""
    return "--" + token[2:].replace("_", "-") if token.startswith("--") else token


def _unmapped_switch(flag: str) -> bool | None:
    """Whether a vLLM flag without an equivalent is a switch; None when vLLM has no such flag."""
    if flag in UNMAPPED:
        return UNMAPPED[flag]
    if flag.startswith("--no-") and UNMAPPED.get("--" + flag[5:]):
        return True
    return None


def no_equivalent(flag: str, source: str, value: Any = None) -> Finding:
    return Finding("AM-W802", WARNING, "compat",
                   Text(f"vLLM's {flag} has no equivalent in argmatrix or SGLang: it is left out",
                        f"vLLM 的 {flag} 在 argmatrix 与 SGLang 中没有对应参数：已略去"),
                   Text(f"remove {flag}, or find the SGLang flag for what it does with 'argmatrix explain'",
                        f"去掉 {flag}，或用 'argmatrix explain' 查找功能相近的 SGLang 参数"),
                   flag=flag, value=value, source=source)


def _config_tokens(path: str) -> tuple[list[str], Finding | None]:
    """vLLM's ``--config FILE``: a YAML mapping of flag names (without ``--``) to values, as command-line tokens."""
    import yaml

    try:
        with open(path, encoding="utf-8") as f:
            data = yaml.safe_load(f)
    except (OSError, yaml.YAMLError) as exc:
        return [], usage("AM-E006", Text(f"cannot read vLLM config file {path}: {exc}",
                                         f"无法读取 vLLM 配置文件 {path}：{exc}"), source=f"file:{path}")
    if data is None:
        return [], None
    if not isinstance(data, dict):
        return [], usage("AM-E007", Text(f"{path} must hold a mapping of vLLM flags to values",
                                         f"{path} 的顶层必须是“vLLM 参数: 取值”的映射"), source=f"file:{path}")
    tokens: list[str] = []
    for key, value in data.items():
        flag = "--" + str(key).lstrip("-").replace("_", "-")
        if value is True:
            tokens.append(flag)
        elif value is False:
            tokens.append("--no-" + flag[2:])
        elif isinstance(value, list):
            tokens += [flag, *(str(v) for v in value)]
        else:
            tokens.append(f"{flag}={value}")
    return tokens, None


def parse_vllm_argv(argv: list[str], _from: str = "") -> tuple[list[Assignment], list[Finding]]:
    """Read ``vllm serve`` arguments (with or without the leading ``vllm serve``) into our assignments.

    vLLM's own ``--config FILE`` (YAML, flag names as keys) is read as if its flags came first on the
    command line, which is vLLM's precedence; their sources read ``vllm-compat:<flag>@<file>``.
    """
    out: list[Assignment] = []
    problems: list[Finding] = []
    offset = 2 if starts_with_vllm_serve(argv) else 0
    for k in range(offset, len(argv)):
        head, eq, inline = argv[k].partition("=")
        if head == "--config" and (eq or k + 1 < len(argv)):
            tokens, problem = _config_tokens(inline if eq else argv[k + 1])
            problems += [problem] if problem else []
            rest = argv[offset:k] + argv[k + (1 if eq else 2):]
            model = rest[:1] if rest and not rest[0].startswith("-") else []
            from_file, file_problems = parse_vllm_argv([*model, *tokens], "@" + (inline if eq else argv[k + 1]))
            later, later_problems = parse_vllm_argv(rest)
            overridden = {a.field for a in later}  # the command line wins over the file, without a repeat warning
            return ([a for a in from_file if a.field not in overridden and not (model and a.field == "model_path")]
                    + later, problems + file_problems + later_problems)
    i = offset
    while i < len(argv):
        token = argv[i]
        source_pos = f"argv[{i}]"
        if not token.startswith("-"):
            if i == offset:  # vllm serve MODEL: the positional model
                out.append(Assignment("model_path", token, f"{SOURCE_PREFIX}model{_from}"))
            else:
                problems.append(usage("AM-E003", Text(f"unexpected argument '{token}'", f"无法识别的参数“{token}”"),
                                      Text("vllm serve takes the model first, then --flag value",
                                           "vllm serve 的写法为：先写模型，再写 --flag 取值"),
                                      value=token, source=source_pos))
            i += 1
            continue
        head, eq, inline = token.partition("=")
        flag = _normalise(head)
        negated = False
        row = BY_FLAG.get(flag)
        if row is None and flag.startswith("--no-") and ("--" + flag[5:]) in BY_FLAG:
            row, negated = BY_FLAG["--" + flag[5:]], True
            if row.kind == VALUE:
                row = None
        if row is None:
            switch = _unmapped_switch(flag)
            if switch is None:
                problems.append(usage("AM-E001", Text(f"unknown vLLM flag {flag}", f"未知的 vLLM 参数 {flag}"),
                                      Text("vllm serve has no such flag; check its spelling",
                                           "vllm serve 没有这个参数，请检查拼写"), flag=flag, source=source_pos))
            i += 1
            values = [inline] if eq else []
            while not eq and not switch and i < len(argv) and not argv[i].startswith("-"):
                values.append(argv[i])
                i += 1
            if switch is not None:
                problems.append(no_equivalent(flag, f"{SOURCE_PREFIX}{flag}{_from}", values or None))
            continue
        source = f"{SOURCE_PREFIX}{flag}{_from}"
        if row.kind in (SWITCH, INVERTED):
            if eq:
                problems.append(usage("AM-E005", Text(f"{flag} is a switch and takes no value",
                                                      f"{flag} 是开关，不接受取值"), flag=flag, value=inline,
                                      source=source))
                i += 1
                continue
            on = not negated
            out.append(Assignment(row.field, on if row.kind == SWITCH else not on, source))
            i += 1
            continue
        if eq:
            values, i = [inline], i + 1
        else:
            j = i + 1
            while j < len(argv) and not argv[j].startswith("-"):
                j += 1
            values, i = argv[i + 1:j], j
        if not values:
            problems.append(usage("AM-E002", Text(f"{flag} needs a value", f"{flag} 需要一个取值"),
                                  Text(f"write {flag} VALUE", f"写作 {flag} 取值"), flag=flag, source=source))
            continue
        if len(values) > 1:
            problems.append(Finding("AM-W803", WARNING, "compat",
                                    Text(f"{flag} {' '.join(values)}: SGLang takes one value; the first, "
                                         f"'{values[0]}', is used", f"{flag} {' '.join(values)}：SGLang 只接受一个取值，"
                                         f"使用第一个“{values[0]}”"),
                                    Text(f"keep one value for {flag}", f"{flag} 只保留一个取值"),
                                    field=row.field, flag=flag, value=values, source=source))
        text = values[0]
        out.append(Assignment(row.field, row.to_ours(text) if row.to_ours else text, source))
    return out, problems


def vllm_tokens(field: str, value: Any) -> tuple[list[str] | None, Text | None]:
    """The vLLM tokens for our ``field`` = ``value``, or (None, why) when vLLM cannot say it."""
    row = BY_FIELD.get(field)
    if row is None:
        return None, Text("vllm serve has no equivalent flag", "vllm serve 没有对应的参数")
    if row.kind in (SWITCH, INVERTED):
        on = bool(value) if row.kind == SWITCH else not value
        return [row.flag if on else "--no-" + row.flag[2:]], None
    if value is None:
        return None, Text(f"vLLM cannot set {row.flag} back to unset", f"vLLM 无法把 {row.flag} 设回未设置")
    text = row.to_vllm(value) if row.to_vllm else str(value)
    if text is None:
        return None, Text(f"vLLM's {row.flag} has no value {value}", f"vLLM 的 {row.flag} 没有取值 {value}")
    return [row.flag, text], None


__all__ = ["TABLE", "BY_FLAG", "BY_FIELD", "UNMAPPED", "VllmFlag", "parse_vllm_argv", "vllm_tokens",
           "starts_with_vllm_serve", "no_equivalent"]
