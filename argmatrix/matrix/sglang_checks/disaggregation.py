"""SGLang's start-up checks on prefill/decode (PD) and encoder disaggregation (arg_groups/pd_disaggregation_hook.py,
and the decode KV offload check of kv_cache_hook.py), on resolved values: --disaggregation-transfer-backend
mooncake_tcp is mooncake by then, and a decode host-receive threshold below 1 has made the retraction backup
host_pool."""
from __future__ import annotations

from collections.abc import Callable, Mapping

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import Problem, architecture, attn_dp, default_of, env_true, first_problem, problem_text, sglang_source

PD_ROLES = ("prefill", "decode")


def transfer_backend(c: RuleContext) -> str:
    return "mooncake" if c.disaggregation_transfer_backend == "mooncake_tcp" else str(c.disaggregation_transfer_backend)


def host_receive(c: RuleContext) -> bool:
    return c.disaggregation_decode_host_receive_threshold < 1


def retraction_backup(c: RuleContext) -> str | None:
    return "host_pool" if host_receive(c) else c.disaggregation_decode_retraction_backup


HOST_RECEIVE: list[Problem] = [
    (lambda c: c.enable_hisparse or c.enable_pd_role_switch,
     Text("it does not support --enable-hisparse or --enable-pd-role-switch yet",
          "它暂不支持 --enable-hisparse 或 --enable-pd-role-switch")),
    (lambda c: c.disaggregation_decode_retraction_backup == "cpu_tensor",
     Text("it buffers KV in the host pool, so it needs --disaggregation-decode-retraction-backup host_pool, not "
          "cpu_tensor", "它在主机内存池中缓冲 KV，因此需要 --disaggregation-decode-retraction-backup host_pool，"
          "不能是 cpu_tensor")),
]
DECODE_RADIX: list[Problem] = [
    (lambda c: c.enable_hisparse, Text("--enable-hisparse", "--enable-hisparse")),
    (lambda c: transfer_backend(c) == "fake",
     Text("--disaggregation-transfer-backend fake", "--disaggregation-transfer-backend fake")),
]
# _validate_prefill_complete, in its order.  It reads the attention-DP width from --enable-dp-attention after
# handle_deprecated_dp_attention has turned that flag off, so any --tp-size above 1 counts as attention TP.
PREFILL_COMPLETE: list[Problem] = [
    (lambda c: c.disaggregation_mode not in PD_ROLES, Text("aggregated serving (no --disaggregation-mode)",
                                                           "非分离部署（未设置 --disaggregation-mode）")),
    (lambda c: transfer_backend(c) != "mooncake",
     Text("--disaggregation-transfer-backend {disaggregation_transfer_backend} (only Mooncake)",
          "--disaggregation-transfer-backend {disaggregation_transfer_backend}（只支持 Mooncake）")),
    (lambda c: c.pp_size != 1 or c.attn_cp_size != 1 or c.dcp_size != 1,
     Text("pipeline or context parallelism (--pp-size, --attn-cp-size, --dcp-size)",
          "流水线并行或上下文并行（--pp-size、--attn-cp-size、--dcp-size）")),
    (lambda c: c.tp_size != 1, Text("--tp-size {tp_size} (attention TP above 1)", "--tp-size {tp_size}（注意力 TP 大于 1）")),
    (lambda c: c.enable_pdmux or c.decoupled_spec_role != "null",
     Text("--enable-pdmux or --decoupled-spec-role", "--enable-pdmux 或 --decoupled-spec-role")),
    (lambda c: c.enable_pd_role_switch, Text("--enable-pd-role-switch", "--enable-pd-role-switch")),
    (lambda c: c.encoder_only or c.language_only, Text("--encoder-only or --language-only",
                                                       "--encoder-only 或 --language-only")),
    (lambda c: c.enable_hisparse, Text("--enable-hisparse", "--enable-hisparse")),
    (host_receive, Text("--disaggregation-decode-host-receive-threshold below 1",
                        "--disaggregation-decode-host-receive-threshold 小于 1")),
    (lambda c: c.disaggregation_mode == "decode" and (c.disaggregation_decode_enable_radix_cache
                                                      or c.enable_hierarchical_cache),
     Text("--disaggregation-decode-enable-radix-cache or --enable-hierarchical-cache on a decode server",
          "解码实例上的 --disaggregation-decode-enable-radix-cache 或 --enable-hierarchical-cache")),
    (lambda c: c.disaggregation_mode == "prefill" and c.enable_hierarchical_cache
     and (c.hicache_storage_backend is not None or c.hicache_write_policy != "write_back"),
     Text("--enable-hierarchical-cache on a prefill server other than host memory with --hicache-write-policy "
          "write_back", "预填充实例上的 --enable-hierarchical-cache 只支持主机内存加 --hicache-write-policy write_back")),
    (lambda c: env_true(c, "SGLANG_DISAGG_STAGING_BUFFER"), Text("SGLANG_DISAGG_STAGING_BUFFER=1",
                                                                 "SGLANG_DISAGG_STAGING_BUFFER=1")),
    (lambda c: env_true(c, "SGLANG_RUST_SERVER"), Text("SGLANG_RUST_SERVER=1", "SGLANG_RUST_SERVER=1")),
]
ENCODER: list[Problem] = [
    (lambda c: c.enable_prefix_mm_cache and not c.encoder_only,
     Text("--enable-prefix-mm-cache needs --encoder-only", "--enable-prefix-mm-cache 需要 --encoder-only")),
    (lambda c: c.encoder_only and c.language_only,
     Text("--encoder-only and --language-only cannot be set together", "--encoder-only 与 --language-only 不能同时设置")),
    (lambda c: c.encoder_only and c.disaggregation_mode != "null",
     Text("--encoder-only cannot be combined with --disaggregation-mode {disaggregation_mode}",
          "--encoder-only 不能与 --disaggregation-mode {disaggregation_mode} 同时使用")),
]
ROLE_SWITCH: list[Problem] = [
    (lambda c: c.ep_size > 1, Text("expert parallelism (--ep-size {ep_size})", "专家并行（--ep-size {ep_size}）")),
    (lambda c: c.moe_a2a_backend != "none", Text("MoE all-to-all (--moe-a2a-backend {moe_a2a_backend})",
                                                 "MoE all-to-all（--moe-a2a-backend {moe_a2a_backend}）")),
    (lambda c: c.pp_size > 1, Text("pipeline parallelism (--pp-size {pp_size})", "流水线并行（--pp-size {pp_size}）")),
    (lambda c: attn_dp(c) > 1 and c.enable_dp_attention_local_control_broadcast,
     Text("--enable-dp-attention-local-control-broadcast", "--enable-dp-attention-local-control-broadcast")),
    (lambda c: c.dcp_size > 1, Text("decode context parallelism (--dcp-size {dcp_size})",
                                    "解码上下文并行（--dcp-size {dcp_size}）")),
    (lambda c: c.speculative_algorithm is not None,
     Text("speculative decoding (--speculative-algorithm {speculative_algorithm})",
          "投机解码（--speculative-algorithm {speculative_algorithm}）")),
]


def _all_problems(problems: list[Problem]) -> Callable[[RuleContext], Mapping[str, object]]:
    """``extra=`` listing every failing item, as SGLang's message does."""
    def extra(c: RuleContext) -> dict[str, object]:
        failing = [text for cond, text in problems if cond(c)]
        return {"all_en": ", ".join(t.en.format_map(c.values) for t in failing),
                "all_zh": "、".join(t.zh.format_map(c.values) for t in failing)}
    return extra


RULES: list[Rule] = [
    Rule("decode-host-receive-limits", "AM-E380", ("disaggregation_decode_host_receive_threshold",
                                                    "disaggregation_decode_retraction_backup", "enable_hisparse"),
         lambda c: host_receive(c) and first_problem(c, HOST_RECEIVE) is not None,
         Text("--disaggregation-decode-host-receive-threshold {disaggregation_decode_host_receive_threshold} "
              "(decode host receive): {why_en}",
              "--disaggregation-decode-host-receive-threshold {disaggregation_decode_host_receive_threshold}"
              "（解码端主机接收）：{why_zh}"),
         Text("use --disaggregation-decode-host-receive-threshold 1, or drop the conflicting option",
              "改用 --disaggregation-decode-host-receive-threshold 1，或去掉冲突的选项"),
         source=sglang_source("arg_groups/pd_disaggregation_hook.py:70, :75"), extra=problem_text(HOST_RECEIVE)),
    Rule("decode-radix-cache-conflicts", "AM-E381", ("disaggregation_decode_enable_radix_cache", "enable_hisparse",
                                                      "disaggregation_transfer_backend"),
         lambda c: c.disaggregation_mode == "decode" and c.disaggregation_decode_enable_radix_cache
         and first_problem(c, DECODE_RADIX) is not None,
         Text("--disaggregation-decode-enable-radix-cache does not work with {why_en}",
              "--disaggregation-decode-enable-radix-cache 不能与 {why_zh} 同时使用"),
         Text("drop --disaggregation-decode-enable-radix-cache (the decode server then runs without a radix cache)",
              "去掉 --disaggregation-decode-enable-radix-cache（解码实例将不使用前缀缓存）"),
         source=sglang_source("arg_groups/pd_disaggregation_hook.py:101, :106"), extra=problem_text(DECODE_RADIX)),
    Rule("decode-radix-cache-overrides-disable", "AM-W382", ("disable_radix_cache",
                                                              "disaggregation_decode_enable_radix_cache"),
         lambda c: c.disaggregation_mode == "decode" and c.disaggregation_decode_enable_radix_cache
         and c.disable_radix_cache and first_problem(c, DECODE_RADIX) is None,
         Text("--disable-radix-cache is overridden: --disaggregation-decode-enable-radix-cache turns the radix cache "
              "back on for this decode server", "--disable-radix-cache 会被覆盖：--disaggregation-decode-enable-radix-cache "
              "会为该解码实例重新开启前缀缓存"),
         Text("drop one of the two", "二者去掉其一"), severity="warning",
         source=sglang_source("arg_groups/pd_disaggregation_hook.py:120")),
    Rule("prefill-not-fake-transfer", "AM-E383", ("disaggregation_transfer_backend", "disaggregation_mode"),
         lambda c: c.disaggregation_mode == "prefill" and c.disaggregation_transfer_backend == "fake",
         Text("--disaggregation-transfer-backend fake works only on decode servers (synthetic benchmarks); a prefill "
              "server refuses it", "--disaggregation-transfer-backend fake 只能用于解码实例（合成基准测试），"
              "预填充实例不接受"),
         Text("use --disaggregation-transfer-backend mooncake (or nixl)",
              "改用 --disaggregation-transfer-backend mooncake（或 nixl）"),
         source=sglang_source("arg_groups/pd_disaggregation_hook.py:146")),
    Rule("staging-buffer-transfer-backend", "AM-E384", ("disaggregation_transfer_backend", "disaggregation_mode"),
         lambda c: c.disaggregation_mode in PD_ROLES and env_true(c, "SGLANG_DISAGG_STAGING_BUFFER")
         and transfer_backend(c) not in ("mooncake", "nixl"),
         Text("SGLANG_DISAGG_STAGING_BUFFER needs --disaggregation-transfer-backend mooncake or nixl, not "
              "{disaggregation_transfer_backend}", "SGLANG_DISAGG_STAGING_BUFFER 需要 --disaggregation-transfer-backend "
              "mooncake 或 nixl，而不是 {disaggregation_transfer_backend}"),
         Text("use --disaggregation-transfer-backend mooncake, or unset SGLANG_DISAGG_STAGING_BUFFER",
              "改用 --disaggregation-transfer-backend mooncake，或取消 SGLANG_DISAGG_STAGING_BUFFER"),
         source=sglang_source("arg_groups/pd_disaggregation_hook.py:158")),
    Rule("pd-role-switch-limits", "AM-E385", ("enable_pd_role_switch",),
         lambda c: c.disaggregation_mode in PD_ROLES and c.enable_pd_role_switch
         and first_problem(c, ROLE_SWITCH) is not None,
         Text("--enable-pd-role-switch does not rebuild the role-specific state of: {all_en}",
              "--enable-pd-role-switch 切换角色时不会重建以下功能的状态：{all_zh}"),
         Text("drop --enable-pd-role-switch, or drop those options", "去掉 --enable-pd-role-switch，或去掉上述选项"),
         source=sglang_source("arg_groups/pd_disaggregation_hook.py:191"), extra=_all_problems(ROLE_SWITCH)),
    Rule("prefill-complete-allocation-limits", "AM-E386", ("disaggregation_decode_allocation_policy",),
         lambda c: c.disaggregation_decode_allocation_policy == "prefill_complete"
         and first_problem(c, PREFILL_COMPLETE) is not None,
         Text("--disaggregation-decode-allocation-policy prefill_complete does not support yet: {all_en}",
              "--disaggregation-decode-allocation-policy prefill_complete 暂不支持：{all_zh}"),
         Text("use --disaggregation-decode-allocation-policy early (the default)",
              "改用 --disaggregation-decode-allocation-policy early（默认值）"),
         source=sglang_source("arg_groups/pd_disaggregation_hook.py:239"), extra=_all_problems(PREFILL_COMPLETE)),
    Rule("encoder-disaggregation-roles", "AM-E387", ("encoder_only", "language_only", "enable_prefix_mm_cache"),
         lambda c: first_problem(c, ENCODER) is not None,
         Text("encoder disaggregation: {why_en}", "编码器分离部署：{why_zh}"),
         Text("run the encoder as its own server with --encoder-only alone, and the language model with "
              "--language-only", "编码器单独用 --encoder-only 启动，语言模型用 --language-only 启动"),
         source=sglang_source("arg_groups/pd_disaggregation_hook.py:306, :310, :312"), extra=problem_text(ENCODER)),
    Rule("rust-server-bootstrap-port", "AM-E471", ("disaggregation_bootstrap_port", "port"),
         # every built-in prefill transfer backend runs SGLang's common KV bootstrap server, which the Rust server
         # stands in for (managers/disagg_service.py rust_server_serves_kv_bootstrap); fake is refused at :146
         lambda c: c.disaggregation_mode == "prefill" and env_true(c, "SGLANG_RUST_SERVER")
         and c.disaggregation_bootstrap_port not in (default_of(c, "disaggregation_bootstrap_port"), c.port),
         Text("SGLANG_RUST_SERVER serves the KV bootstrap registry on the API port, so --disaggregation-bootstrap-port "
              "{disaggregation_bootstrap_port} conflicts with --port {port}",
              "SGLANG_RUST_SERVER 在 API 端口上提供 KV 引导注册服务，因此 --disaggregation-bootstrap-port "
              "{disaggregation_bootstrap_port} 与 --port {port} 冲突"),
         Text("drop --disaggregation-bootstrap-port (decode servers and the PD router then contact the prefill API "
              "port), or set it to --port", "去掉 --disaggregation-bootstrap-port（解码实例与 PD 路由随后连接预填充实例的 "
              "API 端口），或将其设为与 --port 相同"),
         source=sglang_source("arg_groups/pd_disaggregation_hook.py:277")),
    Rule("decode-offload-vs-host-pool-retraction", "AM-E388", ("disaggregation_decode_enable_offload_kvcache",
                                                                "disaggregation_decode_retraction_backup"),
         lambda c: c.disaggregation_decode_enable_offload_kvcache and retraction_backup(c) == "host_pool",
         Text("--disaggregation-decode-enable-offload-kvcache and a host_pool retraction backup (--disaggregation-"
              "decode-retraction-backup host_pool, or a host-receive threshold below 1) both build a decode host pool; "
              "SGLang takes only one",
              "--disaggregation-decode-enable-offload-kvcache 与 host_pool 回退备份（--disaggregation-decode-"
              "retraction-backup host_pool，或主机接收阈值小于 1）都会建立解码端主机内存池，SGLang 只允许其一"),
         Text("drop --disaggregation-decode-enable-offload-kvcache, or use --disaggregation-decode-retraction-backup "
              "cpu_tensor", "去掉 --disaggregation-decode-enable-offload-kvcache，或改用 "
              "--disaggregation-decode-retraction-backup cpu_tensor"),
         source=sglang_source("arg_groups/kv_cache_hook.py:409")),
    Rule("muse-language-only-without-adaptive-dispatch", "AM-E477", ("enable_adaptive_dispatch_to_encoder",
                                                                      "language_only"),
         lambda c: architecture(c) == "MuseSparkForConditionalGeneration" and c.language_only
         and c.enable_adaptive_dispatch_to_encoder,
         Text("a Muse Spark --language-only server loads no local encoder, so it cannot take "
              "--enable-adaptive-dispatch-to-encoder", "Muse Spark 的 --language-only 实例不加载本地编码器，因此不能使用 "
              "--enable-adaptive-dispatch-to-encoder"),
         Text("drop --enable-adaptive-dispatch-to-encoder on the language-only server",
              "在仅语言模型实例上去掉 --enable-adaptive-dispatch-to-encoder"),
         source=sglang_source("arg_groups/pd_disaggregation_hook.py:383"), reads_model=True),
]
