"""SGLang's start-up checks that span no single feature (``arg_groups/validation_hook.py``): watermarking, pipeline
parallelism's limits, PD-multiplexing, the metrics buckets, device-bound options, the load publisher, the
aux-hidden-state capture.

Each rule names the 0.5.23 wheel line of the ``raise`` or ``assert`` it ports.  These run after resolution, so
NEXTN already reads as EAGLE.
"""
from __future__ import annotations

import json
from collections.abc import Mapping

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import NON_GPU, as_mapping, attn_dp, env_set, env_true, sglang_source

WATERMARK = "AM-E362"
PP = "AM-E363"
PDMUX = "AM-E365"
BUCKETS = "AM-E366"
DEVICE_BOUND = "AM-E367"
AUX = "AM-E371"
# The phases of --cuda-graph-config and the keys each takes (model_executor/cuda_graph_config.py
# ALLOWED_KEYS_PER_PHASE), which SGLang's parser checks before anything else reads the object.
GRAPH_PHASE_KEYS = {
    "decode": ("backend", "max_bs", "bs"),
    "prefill": ("backend", "max_bs", "bs", "max_context_size", "full_prefill_max_req",
                "full_prefill_prefix_chunk_tokens", "max_seq_len"),
}
EAGLE_LIKE = ("EAGLE", "NEXTN")  # what SGLang's pipeline-parallel path reads as "EAGLE" after resolution


def watermark(c: RuleContext) -> bool:
    return bool(c.enable_watermark)


def pp_spec(c: RuleContext) -> bool:
    return c.pp_size > 1 and c.speculative_algorithm is not None


def bucket_problem(rule: object) -> Text | None:
    """What validate_buckets_rule (validation_hook.py:384) refuses in a --*-tokens-buckets list, or None."""
    if not isinstance(rule, list) or not rule:
        return None
    kind, rest = str(rule[0]), [str(v) for v in rule[1:]]  # the words of the command line (a config file's too)
    if kind not in ("tse", "default", "custom"):
        return Text(f"its rule '{kind}' is none of tse, default, custom", f"其规则“{kind}”不是 tse、default、custom 之一")
    if kind == "default":
        return None if not rest else Text("the default rule takes no numbers", "default 规则不接受数值")
    if kind == "tse":
        if len(rest) != 3:
            return Text(f"the tse rule takes exactly 3 numbers (middle, base, count), not {len(rest)}",
                        f"tse 规则恰好需要 3 个数（middle、base、count），而不是 {len(rest)} 个")
        try:
            middle, base, count = float(rest[0]), float(rest[1]), int(rest[2])
        except ValueError:
            return Text("the tse rule's numbers are not middle (a number), base (a number), count (an integer)",
                        "tse 规则的参数应依次为 middle（数）、base（数）、count（整数）")
        if base <= 1 or count <= 0 or middle <= 0:
            return Text("the tse rule needs base above 1, count and middle above 0",
                        "tse 规则要求 base 大于 1，count 和 middle 大于 0")
        return None
    if not rest:
        return Text("the custom rule needs at least one bucket value", "custom 规则至少需要一个桶边界值")
    try:
        values = [float(v) for v in rest]
    except ValueError:
        return Text("the custom rule's bucket values are not all numbers", "custom 规则的桶边界值并非全是数")
    if len(set(values)) != len(values):
        return Text("the custom rule repeats a bucket value", "custom 规则中有重复的桶边界值")
    if any(v < 0 for v in values):
        return Text("the custom rule has a negative bucket value", "custom 规则中有负的桶边界值")
    return None


def _bucket_rule(field: str, flag: str) -> Rule:
    return Rule(f"{field.replace('_', '-')}-rule", BUCKETS, (field,),
                lambda c: bucket_problem(c.values.get(field)) is not None,
                Text(f"{flag} is not a bucket rule SGLang reads: {{reason}}", f"{flag} 不是 SGLang 能读取的分桶规则：{{reason_zh}}"),
                Text(f"write {flag} default, {flag} tse <middle> <base> <count> (e.g. tse 1000 2 8), or {flag} custom "
                     "<v1> <v2> ...", f"改写为 `{flag} default`、`{flag} tse <middle> <base> <count>`（如 `tse 1000 2 8`），"
                     f"或 `{flag} custom <v1> <v2> ...`"),
                source=sglang_source("arg_groups/validation_hook.py:390, :399, :407, :410, :411, :412, :415, :420, "
                                     ":426, :427, :430"),
                extra=lambda c: _why(bucket_problem(c.values.get(field))))


def _why(t: Text | None) -> dict[str, str]:
    return {"reason": t.en if t else "", "reason_zh": t.zh if t else ""}


def aux_problem(c: RuleContext) -> Text | None:
    """What handle_aux_hidden_state_capture (validation_hook.py:697) refuses, or None."""
    ids = c.return_aux_hidden_state_layer_ids
    if not c.enable_return_aux_hidden_states:
        return None if ids is None else Text(
            "--return-aux-hidden-state-layer-ids needs --enable-return-aux-hidden-states",
            "--return-aux-hidden-state-layer-ids 需要 --enable-return-aux-hidden-states")
    method = str(c.speculative_algorithm or "").upper()
    if method not in ("EAGLE3", "DFLASH", "DSPARK"):
        return Text(f"--enable-return-aux-hidden-states needs --speculative-algorithm EAGLE3, DFLASH or DSPARK to name "
                    f"the capture convention, not {c.speculative_algorithm}",
                    f"--enable-return-aux-hidden-states 需要用 --speculative-algorithm EAGLE3、DFLASH 或 DSPARK 指明"
                    f"捕获约定，而不是 {c.speculative_algorithm}")
    if c.speculative_draft_model_path is not None:
        return Text("--enable-return-aux-hidden-states captures without a draft model, so "
                    "--speculative-draft-model-path must go", "--enable-return-aux-hidden-states 不使用草稿模型，"
                    "因此必须去掉 --speculative-draft-model-path")
    if c.pp_size != 1:
        return Text(f"--enable-return-aux-hidden-states needs --pp-size 1, not {c.pp_size}",
                    f"--enable-return-aux-hidden-states 需要 --pp-size 1，而不是 {c.pp_size}")
    if method != "EAGLE3" and not ids:
        return Text(f"--enable-return-aux-hidden-states with {method} needs --return-aux-hidden-state-layer-ids",
                    f"--enable-return-aux-hidden-states 配合 {method} 时需要 --return-aux-hidden-state-layer-ids")
    if ids is not None:
        if any(i < 0 for i in ids):
            return Text("--return-aux-hidden-state-layer-ids has a negative layer id",
                        "--return-aux-hidden-state-layer-ids 中有负的层编号")
        if len(set(ids)) != len(ids):
            return Text("--return-aux-hidden-state-layer-ids repeats a layer", "--return-aux-hidden-state-layer-ids 中有重复的层")
    return None


RULES: list[Rule] = [
    # --- watermarking (validation_hook.py:34, check_watermark_server_args) --------------------------------------
    Rule("watermark-config-needs-watermark", WATERMARK, ("watermark_config", "enable_watermark"),
         lambda c: c.watermark_config is not None and not c.enable_watermark,
         Text("--watermark-config is given without --enable-watermark", "给出了 --watermark-config 却没有 --enable-watermark"),
         Text("add --enable-watermark, or drop --watermark-config", "添加 --enable-watermark，或去掉 --watermark-config"),
         source=sglang_source("arg_groups/validation_hook.py:37")),
    Rule("watermark-needs-cuda", WATERMARK, ("enable_watermark", "device"),
         lambda c: watermark(c) and (c.device not in (None, "cuda")),
         Text("--enable-watermark needs --device cuda, not {device}", "--enable-watermark 需要 --device cuda，而不是 {device}"),
         Text("drop --device, or drop --enable-watermark", "去掉 --device，或去掉 --enable-watermark"),
         source=sglang_source("arg_groups/validation_hook.py:43")),
    Rule("watermark-needs-cuda-platform", WATERMARK, ("enable_watermark",),
         lambda c: watermark(c),
         Text("--enable-watermark runs only on CUDA devices", "--enable-watermark 只能在 CUDA 设备上运行"),
         Text("drop --enable-watermark on this hardware", "在该硬件上去掉 --enable-watermark"), families=NON_GPU,
         source=sglang_source("arg_groups/validation_hook.py:43")),
    Rule("watermark-not-with", WATERMARK, ("enable_watermark",),
         lambda c: watermark(c) and (c.device in (None, "cuda")) and bool(_watermark_conflicts(c)),
         Text("--enable-watermark does not work with {conflicts}", "--enable-watermark 不能与 {conflicts} 同时使用"),
         Text("drop --enable-watermark, or drop {conflicts}", "去掉 --enable-watermark，或去掉 {conflicts}"),
         source=sglang_source("arg_groups/validation_hook.py:75, :87, :89, :91, :96, :101, :106"),
         extra=lambda c: {"conflicts": ", ".join(_watermark_conflicts(c))}),
    Rule("watermark-config-values", WATERMARK, ("watermark_config",),
         lambda c: watermark(c) and (c.device in (None, "cuda")) and watermark_problem(c) is not None,
         Text("--watermark-config is refused: {reason}", "--watermark-config 不被接受：{reason_zh}"),
         Text("fix the watermark settings, e.g. --watermark-config '{{\"key\": \"00ff\", \"context_window\": 4}}'",
              "修正水印设置，例如 --watermark-config '{{\"key\": \"00ff\", \"context_window\": 4}}'"),
         source=sglang_source("arg_groups/validation_hook.py:55, :57, :59, :63, :65, :71"),
         extra=lambda c: _why(watermark_problem(c))),
    Rule("response-store-not-in-pd", "AM-E364", ("enable_response_store", "disaggregation_mode"),
         lambda c: c.enable_response_store and c.disaggregation_mode != "null",
         Text("--enable-response-store does not work on a PD-disaggregated instance (--disaggregation-mode "
              "{disaggregation_mode})", "--enable-response-store 不能用于 PD 分离实例（--disaggregation-mode "
              "{disaggregation_mode}）"),
         Text("drop --enable-response-store on prefill and decode instances", "在预填充实例和解码实例上去掉 --enable-response-store"),
         source=sglang_source("arg_groups/validation_hook.py:112")),
    # --- pipeline parallelism (validation_hook.py:119, check_pipeline_parallel_compat) -----------------------------
    Rule("pp-speculative-single-layer-eagle", PP, ("speculative_algorithm", "pp_size", "enable_multi_layer_eagle"),
         lambda c: pp_spec(c) and c.speculative_algorithm != "DSPARK"
         and not (c.speculative_algorithm in EAGLE_LIKE and not c.enable_multi_layer_eagle),
         Text("with --pp-size {pp_size} SGLang runs only single-layer EAGLE speculative decoding, not "
              "--speculative-algorithm {speculative_algorithm}{multi}",
              "--pp-size {pp_size} 时 SGLang 只支持单层 EAGLE 投机解码，不支持 --speculative-algorithm "
              "{speculative_algorithm}{multi}"),
         Text("use --speculative-algorithm EAGLE without --enable-multi-layer-eagle, or --pp-size 1",
              "改用不带 --enable-multi-layer-eagle 的 --speculative-algorithm EAGLE，或使用 --pp-size 1"),
         source=sglang_source("arg_groups/validation_hook.py:132"),
         extra=lambda c: {"multi": " --enable-multi-layer-eagle" if c.enable_multi_layer_eagle else ""}),
    Rule("pp-spec-env-not-in-pd", PP, ("disaggregation_mode", "pp_size"),
         lambda c: pp_spec(c) and c.speculative_algorithm in EAGLE_LIKE and env_true(c, "SGLANG_ENABLE_PP_SPEC")
         and c.disaggregation_mode != "null",
         Text("SGLANG_ENABLE_PP_SPEC does not work with --disaggregation-mode {disaggregation_mode}",
              "SGLANG_ENABLE_PP_SPEC 不能与 --disaggregation-mode {disaggregation_mode} 同时使用"),
         Text("unset SGLANG_ENABLE_PP_SPEC on this prefill instance (PP with speculative decoding runs there without "
              "it)", "在该预填充实例上取消设置 SGLANG_ENABLE_PP_SPEC（预填充实例上无需它即可同时使用流水线并行和投机解码）"),
         source=sglang_source("arg_groups/validation_hook.py:145")),
    Rule("pp-spec-env-not-adaptive", PP, ("speculative_adaptive", "pp_size"),
         lambda c: pp_spec(c) and c.speculative_algorithm in EAGLE_LIKE and env_true(c, "SGLANG_ENABLE_PP_SPEC")
         and c.disaggregation_mode == "null" and c.speculative_adaptive,
         Text("SGLANG_ENABLE_PP_SPEC does not work with --speculative-adaptive",
              "SGLANG_ENABLE_PP_SPEC 不能与 --speculative-adaptive 同时使用"),
         Text("drop --speculative-adaptive", "去掉 --speculative-adaptive"),
         source=sglang_source("arg_groups/validation_hook.py:150")),
    Rule("pp-spec-env-no-attention-dp", PP, ("attn_dp_size", "pp_size"),
         lambda c: pp_spec(c) and c.speculative_algorithm in EAGLE_LIKE and env_true(c, "SGLANG_ENABLE_PP_SPEC")
         and c.disaggregation_mode == "null" and not c.speculative_adaptive and attn_dp(c) > 1,
         Text("SGLANG_ENABLE_PP_SPEC does not work with attention data parallelism",
              "SGLANG_ENABLE_PP_SPEC 不支持注意力数据并行"),
         Text("drop --attn-dp-size, or unset SGLANG_ENABLE_PP_SPEC", "去掉 --attn-dp-size，或取消设置 SGLANG_ENABLE_PP_SPEC"),
         source=sglang_source("arg_groups/validation_hook.py:156")),
    Rule("pp-no-min-free-slots-delay", PP, ("min_free_slots_delay", "pp_size"),
         lambda c: c.pp_size > 1 and c.min_free_slots_delay is not None,
         Text("--min-free-slots-delay does not work with --pp-size {pp_size}: the threshold may never be reached",
              "--min-free-slots-delay 不支持 --pp-size {pp_size}：该阈值可能永远达不到"),
         Text("drop --min-free-slots-delay", "去掉 --min-free-slots-delay"),
         source=sglang_source("arg_groups/validation_hook.py:165")),
    # --- PD-multiplexing (validation_hook.py:249) -------------------------------------------------------------------
    Rule("pdmux-without-pp", PDMUX, ("enable_pdmux", "pp_size"),
         lambda c: c.enable_pdmux and c.pp_size != 1,
         Text("--enable-pdmux needs --pp-size 1", "--enable-pdmux 需要 --pp-size 1"),
         Text("use --pp-size 1, or drop --enable-pdmux", "使用 --pp-size 1，或去掉 --enable-pdmux"),
         source=sglang_source("arg_groups/validation_hook.py:250")),
    Rule("pdmux-without-chunked-prefill", PDMUX, ("enable_pdmux", "chunked_prefill_size"),
         lambda c: c.enable_pdmux and c.pp_size == 1 and c.chunked_prefill_size != -1,
         Text("--enable-pdmux needs chunked prefill off (--chunked-prefill-size -1)",
              "--enable-pdmux 要求关闭分块预填充（--chunked-prefill-size -1）"),
         Text("add --chunked-prefill-size -1", "添加 --chunked-prefill-size -1"),
         source=sglang_source("arg_groups/validation_hook.py:253")),
    Rule("pdmux-not-in-pd", PDMUX, ("enable_pdmux", "disaggregation_mode"),
         lambda c: c.enable_pdmux and c.pp_size == 1 and c.chunked_prefill_size == -1 and c.disaggregation_mode != "null",
         Text("--enable-pdmux does not work with --disaggregation-mode {disaggregation_mode}",
              "--enable-pdmux 不能与 --disaggregation-mode {disaggregation_mode} 同时使用"),
         Text("drop --enable-pdmux on PD-disaggregated instances", "在 PD 分离实例上去掉 --enable-pdmux"),
         source=sglang_source("arg_groups/validation_hook.py:256")),
    Rule("pdmux-without-overlap", PDMUX, ("enable_pdmux", "disable_overlap_schedule"),
         lambda c: c.enable_pdmux and c.pp_size == 1 and c.chunked_prefill_size == -1 and c.disaggregation_mode == "null"
         and not c.disable_overlap_schedule,
         Text("--enable-pdmux does not work with the overlap scheduler", "--enable-pdmux 不能与重叠调度同时使用"),
         Text("add --disable-overlap-schedule", "添加 --disable-overlap-schedule"),
         source=sglang_source("arg_groups/validation_hook.py:259")),
    # --- metrics ----------------------------------------------------------------------------------------------------
    _bucket_rule("prompt_tokens_buckets", "--prompt-tokens-buckets"),
    _bucket_rule("generation_tokens_buckets", "--generation-tokens-buckets"),
    Rule("metrics-labels-need-header", "AM-E369", ("tokenizer_metrics_allowed_custom_labels",
                                                   "tokenizer_metrics_custom_labels_header"),
         lambda c: bool(c.tokenizer_metrics_allowed_custom_labels) and not c.tokenizer_metrics_custom_labels_header,
         Text("--tokenizer-metrics-allowed-custom-labels needs --tokenizer-metrics-custom-labels-header, the header "
              "the labels come in", "--tokenizer-metrics-allowed-custom-labels 需要 --tokenizer-metrics-custom-labels-header"
              "（标签所在的请求头）"),
         Text("give the header a name, e.g. --tokenizer-metrics-custom-labels-header x-custom-labels (the default)",
              "为请求头指定名称，例如 `--tokenizer-metrics-custom-labels-header x-custom-labels`（默认值）"),
         source=sglang_source("arg_groups/validation_hook.py:335")),
    # --- options bound to one kind of device -------------------------------------------------------------------
    Rule("instanttensor-needs-cuda", DEVICE_BOUND, ("load_format",),
         lambda c: c.load_format == "instanttensor",
         Text("--load-format instanttensor needs a CUDA-compatible device (CUDA or ROCm)",
              "--load-format instanttensor 需要兼容 CUDA 的设备（CUDA 或 ROCm）"),
         Text("use --load-format auto on this hardware", "在该硬件上改用 --load-format auto"), families=NON_GPU,
         source=sglang_source("arg_groups/validation_hook.py:325")),
    Rule("intel-xpu-sampling-needs-xpu", DEVICE_BOUND, ("sampling_backend",),
         lambda c: c.sampling_backend == "intel_xpu" and c.device != "xpu",
         Text("--sampling-backend intel_xpu needs an Intel XPU (--device xpu)",
              "--sampling-backend intel_xpu 需要 Intel XPU（--device xpu）"),
         Text("use --sampling-backend pytorch (or leave it unset)", "改用 --sampling-backend pytorch（或不设置）"),
         source=sglang_source("arg_groups/validation_hook.py:484")),
    # --- the load publisher (validation_hook.py:435, check_load_publish_args) ---------------------------------------
    Rule("load-publish-needs-kv-events", "AM-E370", ("load_publish_endpoint", "kv_events_config"),
         lambda c: _publishing(c) and not c.kv_events_config,
         Text("--load-publish-endpoint needs --kv-events-config: routers find the load range through the KV-events "
              "publisher", "--load-publish-endpoint 需要 --kv-events-config：路由器通过 KV 事件发布者找到负载端口范围"),
         Text("add --kv-events-config '{{\"publisher\": \"zmq\", \"endpoint\": \"tcp://*:5557\"}}', or drop "
              "--load-publish-endpoint", "添加 --kv-events-config '{{\"publisher\": \"zmq\", \"endpoint\": "
              "\"tcp://*:5557\"}}'，或去掉 --load-publish-endpoint"),
         source=sglang_source("arg_groups/validation_hook.py:453")),
    Rule("load-publish-needs-active-publisher", "AM-E370", ("load_publish_endpoint", "kv_events_config"),
         lambda c: _publishing(c) and (events := _kv_events(c)) is not None
         and (events.get("publisher", "null") == "null" or not events.get("endpoint", "tcp://*:5557")),
         Text("--load-publish-endpoint needs an active KV-events publisher; --kv-events-config has publisher null or "
              "an empty endpoint", "--load-publish-endpoint 需要启用的 KV 事件发布者；--kv-events-config 中的 \"publisher\" "
              "为 null 或 \"endpoint\" 为空"),
         Text("set \"publisher\": \"zmq\" in --kv-events-config", "在 --kv-events-config 中设置 \"publisher\": \"zmq\""),
         source=sglang_source("arg_groups/validation_hook.py:463")),
    Rule("sampling-mask-env-removed", "AM-E372", ("sampling_mask_max_tokens",),
         lambda c: env_set(c, "SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS"),
         Text("SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS is set, and SGLang 0.5.23 refuses to start with it",
              "设置了 SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS，SGLang 0.5.23 遇到它会拒绝启动"),
         Text("unset it; for sampling masks in PD serving set SGLANG_ENABLE_DISAGG_SAMPLING_MASK=1 and the same "
              "--sampling-mask-max-tokens on prefill and decode", "取消设置该变量；PD 分离服务需要采样掩码时，设置 "
              "SGLANG_ENABLE_DISAGG_SAMPLING_MASK=1，并在预填充和解码实例上使用相同的 --sampling-mask-max-tokens"),
         source=sglang_source("arg_groups/validation_hook.py:680")),
    Rule("aux-hidden-state-capture", AUX, ("enable_return_aux_hidden_states", "return_aux_hidden_state_layer_ids",
                                           "speculative_algorithm"),
         lambda c: aux_problem(c) is not None,
         Text("SGLang refuses this aux-hidden-state capture: {reason}", "SGLang 不接受这种辅助隐藏状态捕获：{reason_zh}"),
         Text("capture aux hidden states with --enable-return-aux-hidden-states --speculative-algorithm EAGLE3 (no "
              "draft model, --pp-size 1)", "用 --enable-return-aux-hidden-states --speculative-algorithm EAGLE3 "
              "捕获辅助隐藏状态（不带草稿模型，--pp-size 1）"),
         source=sglang_source("arg_groups/validation_hook.py:707, :714, :720, :725, :731, :739, :744"),
         extra=lambda c: _why(aux_problem(c))),
    # --- checks of SGLang's parser and small validators that name no single feature -------------------------------
    Rule("cuda-graph-config-shape", "AM-E468", ("cuda_graph_config",),
         lambda c: graph_config_problem(c) is not None,
         Text("--cuda-graph-config is refused by SGLang's parser: {reason}",
              "--cuda-graph-config 会被 SGLang 的参数解析拒绝：{reason_zh}"),
         Text("give an object keyed by decode and/or prefill, e.g. '{{\"decode\": {{\"backend\": \"full\", "
              "\"max_bs\": 64}}}}'", "请给出以 decode 和/或 prefill 为键的对象，例如 '{{\"decode\": {{\"backend\": "
              "\"full\", \"max_bs\": 64}}}}'"),
         # SGLang's argparse type for the flag (parse_cuda_graph_config_arg), outside arg_groups/: not an inventory site
         source=sglang_source("parser of --cuda-graph-config, parse_cuda_graph_config_arg in "
                              "model_executor/cuda_graph_config.py (lines 264, 269, 279)"),
         extra=lambda c: _why(graph_config_problem(c))),
    # DSPARK off a prefill instance (validation_hook.py:125) is refused earlier, by speculative_hook.py:715
    Rule("pp-dspark-without-pp-spec-env", PP, ("speculative_algorithm", "pp_size", "disaggregation_mode"),
         lambda c: c.pp_size > 1 and c.speculative_algorithm == "DSPARK" and c.disaggregation_mode == "prefill"
         and env_true(c, "SGLANG_ENABLE_PP_SPEC"),
         Text("DSPARK with --pp-size {pp_size} on a prefill instance does not work with SGLANG_ENABLE_PP_SPEC",
              "预填充实例上 --pp-size {pp_size} 的 DSPARK 不能与 SGLANG_ENABLE_PP_SPEC 同时使用"),
         Text("unset SGLANG_ENABLE_PP_SPEC, or use --pp-size 1", "取消 SGLANG_ENABLE_PP_SPEC，或使用 --pp-size 1"),
         source=sglang_source("arg_groups/validation_hook.py:128")),
    Rule("ib-device-not-blank", "AM-E470", ("mooncake_ib_device", "disaggregation_ib_device"),
         lambda c: bool(_mooncake_ib_devices(c)),
         Text("{flags} is blank: SGLang refuses an empty IB device list for Mooncake",
              "{flags} 为空：SGLang 不接受 Mooncake 的空 IB 设备列表"),
         Text("name the devices (e.g. mlx5_0,mlx5_1), or drop the flag to let Mooncake find them",
              "写出设备名（例如 mlx5_0,mlx5_1），或去掉该参数让 Mooncake 自动发现"),
         source=sglang_source("arg_groups/validation_hook.py:533"),
         extra=lambda c: {"flags": ", ".join(_mooncake_ib_devices(c))}),
]


def _watermark_conflicts(c: RuleContext) -> list[str]:
    """What check_watermark_server_args refuses beside the device, in its order (validation_hook.py:74-106)."""
    out = []
    if c.enable_custom_logit_processor:
        out.append("--enable-custom-logit-processor")
    if c.dllm_algorithm is not None:
        out.append("--dllm-algorithm")
    if c.disaggregation_mode != "null":
        out.append(f"--disaggregation-mode {c.disaggregation_mode}")
    if c.speculative_algorithm not in (None, "NGRAM", "EAGLE", "EAGLE3", "NEXTN"):
        out.append(f"--speculative-algorithm {c.speculative_algorithm}")
    if c.pp_size > 1 and c.speculative_algorithm is not None:
        out.append(f"--pp-size {c.pp_size} + --speculative-algorithm {c.speculative_algorithm}")
    if c.speculative_use_rejection_sampling:
        out.append("--speculative-use-rejection-sampling")
    if env_true(c, "SGLANG_RUST_SERVER"):
        out.append("SGLANG_RUST_SERVER")
    return out


def _inline_json(raw: object) -> Mapping[str, object] | None:
    """An inline JSON object given on the command line; None for a file path (read at start-up) or bad JSON."""
    import json

    from ...schema.types import JSON_ERRORS

    if isinstance(raw, dict):
        return as_mapping(raw)
    if not isinstance(raw, str) or not raw.lstrip().startswith("{"):
        return None
    try:
        parsed: object = json.loads(raw)
    except JSON_ERRORS:
        return None
    return as_mapping(parsed) if isinstance(parsed, dict) else None


def watermark_problem(c: RuleContext) -> Text | None:
    """What check_watermark_server_args refuses in the settings --watermark-config resolves to (validation_hook.py:50-
    73), when they are given inline; a file is read at start-up, so only SGLang can judge it."""
    cfg = _inline_json(c.watermark_config)
    if not isinstance(cfg, dict):
        return None
    window, key, key_b = cfg.get("context_window", 4), cfg.get("key"), cfg.get("key_b")
    mixing, top = cfg.get("mixing_probability", 0.5), cfg.get("max_probability", 1.0)
    if isinstance(window, bool) or not isinstance(window, int) or not 1 <= window <= 64:
        return Text(f"context_window must be an integer from 1 to 64, not {window}",
                    f"context_window 必须是 1 到 64 之间的整数，而不是 {window}")
    if key_b is not None and key is None:
        return Text("key_b needs a key", "设置 key_b 时必须同时设置 key")
    if not isinstance(mixing, (int, float)) or not 0 < mixing < 1:
        return Text(f"mixing_probability must lie strictly between 0 and 1, not {mixing}",
                    f"mixing_probability 必须严格介于 0 和 1 之间，而不是 {mixing}")
    if key_b is None and mixing != 0.5:
        return Text("mixing_probability needs key_b", "设置 mixing_probability 时必须同时设置 key_b")
    if not isinstance(top, (int, float)) or not 0 < top <= 1:
        return Text(f"max_probability must be above 0 and at most 1, not {top}",
                    f"max_probability 必须大于 0 且不超过 1，而不是 {top}")
    if (cfg.get("default_enabled") or cfg.get("enforce_all")) and key is None:
        return Text("default_enabled and enforce_all need a key", "设置 default_enabled 或 enforce_all 时必须同时设置 key")
    return None


def graph_config_problem(c: RuleContext) -> Text | None:
    """What parse_cuda_graph_config_arg refuses in an inline --cuda-graph-config, or None: a phase other than decode
    and prefill, a phase that is not an object, a key the phase does not take (in SGLang's order)."""
    cfg: object = c.cuda_graph_config
    if not isinstance(cfg, dict):
        return None
    for phase, settings in cfg.items():
        if phase not in GRAPH_PHASE_KEYS:
            return Text(f"'{phase}' is not a phase (only decode and prefill are)",
                        f"“{phase}”不是阶段名（只有 decode 和 prefill）")
        if not isinstance(settings, dict):
            return Text(f"the '{phase}' phase must be a JSON object of settings, not {json.dumps(settings)}",
                        f"“{phase}”阶段必须是由设置项组成的 JSON 对象，而不是 {json.dumps(settings)}")
        allowed = GRAPH_PHASE_KEYS[phase]
        for key in settings:
            if key not in allowed:
                return Text(f"the '{phase}' phase has no setting '{key}' (it takes {', '.join(allowed)})",
                            f"“{phase}”阶段没有设置项“{key}”（可用：{'、'.join(allowed)}）")
    return None


def _mooncake_ib_devices(c: RuleContext) -> list[str]:
    """The IB device flags SGLang hands to validate_ib_devices (validation_hook.py:489) whose text is blank: it
    refuses them before it looks for devices."""
    blank = []
    if c.elastic_ep_backend == "mooncake" and c.mooncake_ib_device is not None and not c.mooncake_ib_device.strip():
        blank.append("--mooncake-ib-device")
    pd_mooncake = (c.disaggregation_transfer_backend == "mooncake"  # mooncake_tcp drops the devices first (:40)
                   and c.disaggregation_mode in ("prefill", "decode"))
    if (pd_mooncake or c.encoder_transfer_backend == "mooncake") and c.disaggregation_ib_device is not None \
            and not c.disaggregation_ib_device.strip():
        blank.append("--disaggregation-ib-device")
    return blank


def _publishing(c: RuleContext) -> bool:
    mode = str(c.load_publish_endpoint or "").strip()
    return bool(mode) and mode.lower() != "off"


def _kv_events(c: RuleContext) -> Mapping[str, object] | None:
    return _inline_json(c.kv_events_config)
