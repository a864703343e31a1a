"""SGLang's start-up checks on the serving surface: TLS, the HTTP and gRPC listeners, the sidecar, tokenizer
workers, multimodal transport, deprecated values it rewrites, debug dumps (``arg_groups/serving_hook.py``) and the
port arguments it builds at launch (``server_args.py``).

Each rule names its file:line in the 0.5.23 wheel: the line of the ``raise``, ``assert`` or ``logger.warning``.
A code stands for one feature; the rules under it are its separate checks, each with its own message.
"""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import NON_GPU, env_set, env_true, sglang_source


def grpc_port(c: RuleContext) -> int | str | None:
    """--grpc-port, or SGLANG_GRPC_PORT when the flag is unset (serving_hook.py:361); the legacy SMG mode derives
    --port + 10000 instead."""
    if c.grpc_port is not None:
        return c.grpc_port
    if c.env.get("SGLANG_GRPC_PORT"):
        return c.env["SGLANG_GRPC_PORT"]
    return c.port + 10000 if legacy_grpc(c) else None


def legacy_grpc(c: RuleContext) -> bool:
    return bool(c.smg_grpc_mode or c.grpc_mode)


def native_grpc(c: RuleContext) -> bool:
    return grpc_port(c) is not None and not legacy_grpc(c)


def no_tls_pair(c: RuleContext) -> bool:
    return not (c.ssl_certfile and c.ssl_keyfile)


def transport(c: RuleContext) -> str | None:
    """The multimodal feature transport after SGLang's encoder-only reset (serving_hook.py:882)."""
    t = c.mm_feature_transport
    if t is None and env_set(c, "SGLANG_USE_CUDA_IPC_TRANSPORT"):
        t = "cuda_ipc" if env_true(c, "SGLANG_USE_CUDA_IPC_TRANSPORT") else "cpu"
    return "cpu" if c.encoder_only and t in ("cuda_ipc", "cuda_vmm") else t


_OLD_PARSERS = {"qwen25": "qwen", "glm45": "glm"}  # serving_hook.py:273
_OLD_BACKENDS = {"compressed": "dsv4", "tokenspeed_mla": "cutedsl_mla"}  # serving_hook.py:304
_BACKEND_FLAGS = {"attention_backend": "--attention-backend", "decode_attention_backend": "--decode-attention-backend",
                  "prefill_attention_backend": "--prefill-attention-backend",
                  "speculative_draft_attention_backend": "--speculative-draft-attention-backend"}

TLS = "AM-E260"
HTTP = "AM-E261"
SIDECAR = "AM-E262"
GRPC = "AM-E263"

RULES: list[Rule] = [
    # --- TLS: SGLang hands the pair to Uvicorn, and refuses half of it ------------------------------------------
    Rule("ssl-keyfile-needs-certfile", TLS, ("ssl_keyfile", "ssl_certfile"),
         lambda c: bool(c.ssl_keyfile) and not c.ssl_certfile,
         Text("--ssl-keyfile is given without --ssl-certfile: TLS needs both the key and its certificate",
              "给出了 --ssl-keyfile 却没有 --ssl-certfile：TLS 需要私钥和对应的证书"),
         Text("add --ssl-certfile cert.pem, or drop --ssl-keyfile to serve plain HTTP",
              "添加 --ssl-certfile cert.pem，或去掉 --ssl-keyfile 以明文 HTTP 提供服务"),
         source=sglang_source("arg_groups/serving_hook.py:51")),
    Rule("ssl-certfile-needs-keyfile", TLS, ("ssl_certfile", "ssl_keyfile"),
         lambda c: bool(c.ssl_certfile) and not c.ssl_keyfile,
         Text("--ssl-certfile is given without --ssl-keyfile: TLS needs both the certificate and its key",
              "给出了 --ssl-certfile 却没有 --ssl-keyfile：TLS 需要证书和对应的私钥"),
         Text("add --ssl-keyfile key.pem, or drop --ssl-certfile to serve plain HTTP",
              "添加 --ssl-keyfile key.pem，或去掉 --ssl-certfile 以明文 HTTP 提供服务"),
         source=sglang_source("arg_groups/serving_hook.py:55")),
    Rule("ssl-ca-certs-needs-pair", TLS, ("ssl_ca_certs",),
         lambda c: bool(c.ssl_ca_certs) and not c.ssl_certfile and not c.ssl_keyfile,
         Text("--ssl-ca-certs does nothing without --ssl-certfile and --ssl-keyfile, and SGLang refuses it",
              "没有 --ssl-certfile 和 --ssl-keyfile 时 --ssl-ca-certs 不起作用，SGLang 会拒绝启动"),
         Text("add --ssl-certfile cert.pem --ssl-keyfile key.pem, or drop --ssl-ca-certs",
              "添加 --ssl-certfile cert.pem --ssl-keyfile key.pem，或去掉 --ssl-ca-certs"),
         source=sglang_source("arg_groups/serving_hook.py:60")),
    Rule("ssl-keyfile-password-needs-pair", TLS, ("ssl_keyfile_password",),
         lambda c: bool(c.ssl_keyfile_password) and not c.ssl_certfile and not c.ssl_keyfile,
         Text("--ssl-keyfile-password does nothing without --ssl-certfile and --ssl-keyfile, and SGLang refuses it",
              "没有 --ssl-certfile 和 --ssl-keyfile 时 --ssl-keyfile-password 不起作用，SGLang 会拒绝启动"),
         Text("add --ssl-certfile cert.pem --ssl-keyfile key.pem, or drop --ssl-keyfile-password",
              "添加 --ssl-certfile cert.pem --ssl-keyfile key.pem，或去掉 --ssl-keyfile-password"),
         source=sglang_source("arg_groups/serving_hook.py:64")),
    Rule("ssl-refresh-needs-pair", TLS, ("enable_ssl_refresh",),
         lambda c: c.enable_ssl_refresh and no_tls_pair(c),
         Text("--enable-ssl-refresh reloads a certificate and key that are not given",
              "--enable-ssl-refresh 要重新加载的证书和私钥并未给出"),
         Text("add --ssl-certfile cert.pem --ssl-keyfile key.pem, or drop --enable-ssl-refresh",
              "添加 --ssl-certfile cert.pem --ssl-keyfile key.pem，或去掉 --enable-ssl-refresh"),
         source=sglang_source("arg_groups/serving_hook.py:84")),
    # --- the HTTP listener ----------------------------------------------------------------------------------------
    Rule("http-reuseport-needs-workers", HTTP, ("enable_http_worker_reuseport", "tokenizer_worker_num", "enable_http2"),
         lambda c: c.enable_http_worker_reuseport and (c.tokenizer_worker_num == 1 or c.enable_http2),
         Text("--enable-http-worker-reuseport shares the port among tokenizer workers: it needs --tokenizer-worker-num "
              "above 1 and the HTTP/1 server (not --enable-http2)",
              "--enable-http-worker-reuseport 让多个分词器进程共用端口：需要 --tokenizer-worker-num 大于 1，"
              "且使用 HTTP/1 服务器（不能同时使用 --enable-http2）"),
         Text("add --tokenizer-worker-num 2 (and drop --enable-http2), or drop --enable-http-worker-reuseport",
              "添加 --tokenizer-worker-num 2（并去掉 --enable-http2），或去掉 --enable-http-worker-reuseport"),
         source=sglang_source("arg_groups/serving_hook.py:91")),
    Rule("ssl-refresh-not-with-http2", HTTP, ("enable_ssl_refresh", "enable_http2"),
         lambda c: c.enable_http2 and c.enable_ssl_refresh,
         Text("--enable-ssl-refresh does not work with --enable-http2: Granian cannot reload certificates",
              "--enable-ssl-refresh 不能与 --enable-http2 同时使用：Granian 不支持热加载证书"),
         Text("drop --enable-http2 (Uvicorn reloads certificates), or drop --enable-ssl-refresh and rotate "
              "certificates outside SGLang",
              "去掉 --enable-http2（Uvicorn 支持重新加载证书），或去掉 --enable-ssl-refresh 并在 SGLang 之外轮换证书"),
         source=sglang_source("arg_groups/serving_hook.py:116")),
    # --- the sidecar, which talks to SGLang over its native gRPC server -----------------------------------------
    Rule("sidecar-args-need-sidecar", SIDECAR, ("sidecar_args", "sidecar"),
         lambda c: c.sidecar_args is not None and c.sidecar is None,
         Text("--sidecar-args is given without --sidecar", "给出了 --sidecar-args 却没有 --sidecar"),
         Text("add --sidecar with the program to start, or drop --sidecar-args",
              "添加 --sidecar 指定要启动的程序，或去掉 --sidecar-args"),
         source=sglang_source("arg_groups/serving_hook.py:397")),
    Rule("sidecar-not-empty", SIDECAR, ("sidecar",),
         lambda c: c.sidecar is not None and not str(c.sidecar).strip(),
         Text("--sidecar is empty", "--sidecar 的值为空"),
         Text("give the sidecar program, e.g. --sidecar ./sidecar.sh --grpc-port 31000, or drop --sidecar",
              "给出边车程序，例如 --sidecar ./sidecar.sh --grpc-port 31000，或去掉 --sidecar"),
         source=sglang_source("arg_groups/serving_hook.py:404")),
    Rule("sidecar-not-with-smg-grpc", SIDECAR, ("sidecar", "smg_grpc_mode", "grpc_mode"),
         lambda c: c.sidecar is not None and bool(str(c.sidecar).strip()) and legacy_grpc(c),
         Text("--sidecar needs SGLang's native gRPC server; the legacy SMG gRPC mode (--smg-grpc-mode or "
              "--grpc-mode) replaces it", "--sidecar 需要 SGLang 原生 gRPC 服务器；旧版 SMG gRPC 模式"
              "（--smg-grpc-mode 或 --grpc-mode）会取代它"),
         Text("drop --smg-grpc-mode / --grpc-mode and give --grpc-port 31000", "去掉 --smg-grpc-mode / --grpc-mode，"
              "并给出 --grpc-port 31000"),
         source=sglang_source("arg_groups/serving_hook.py:406")),
    Rule("sidecar-needs-grpc-port", SIDECAR, ("sidecar", "grpc_port"),
         lambda c: c.sidecar is not None and bool(str(c.sidecar).strip()) and not legacy_grpc(c)
         and grpc_port(c) is None,
         Text("--sidecar talks to SGLang over gRPC, but neither --grpc-port nor SGLANG_GRPC_PORT is set",
              "--sidecar 通过 gRPC 与 SGLang 通信，但既没有设置 --grpc-port，也没有设置 SGLANG_GRPC_PORT"),
         Text("add --grpc-port 31000 (any free port other than --port)", "添加 --grpc-port 31000（任一不同于 --port 的空闲端口）"),
         source=sglang_source("arg_groups/serving_hook.py:411")),
    # --- SGLang's native gRPC server (--grpc-port without the legacy SMG mode) ------------------------------------
    Rule("grpc-worker-threads-positive", GRPC, ("grpc_port",),
         lambda c: grpc_port(c) is not None and str(c.env.get("SGLANG_GRPC_WORKER_THREADS", "1")).strip()
         .lstrip("-").isdigit() and int(c.env.get("SGLANG_GRPC_WORKER_THREADS", "1")) < 1,
         Text("SGLANG_GRPC_WORKER_THREADS={threads} leaves the gRPC server without a worker thread",
              "SGLANG_GRPC_WORKER_THREADS={threads} 会让 gRPC 服务器没有工作线程"),
         Text("set SGLANG_GRPC_WORKER_THREADS to 1 or more, or unset it", "将 SGLANG_GRPC_WORKER_THREADS 设为 1 及以上，或取消设置"),
         source=sglang_source("arg_groups/serving_hook.py:388"),
         extra=lambda c: {"threads": c.env.get("SGLANG_GRPC_WORKER_THREADS")}),
    Rule("grpc-port-env-range", GRPC, ("grpc_port",),
         lambda c: c.grpc_port is None and str(c.env.get("SGLANG_GRPC_PORT", "")).strip().isdigit()
         and not 1 <= int(c.env["SGLANG_GRPC_PORT"]) <= 65535,
         Text("SGLANG_GRPC_PORT={env_port} is not a port (1 to 65535)", "SGLANG_GRPC_PORT={env_port} 不是有效端口（1 到 65535）"),
         Text("set SGLANG_GRPC_PORT to a free port such as 31000, or give --grpc-port 31000",
              "将 SGLANG_GRPC_PORT 设为空闲端口（如 31000），或给出 --grpc-port 31000"),
         source=sglang_source("arg_groups/serving_hook.py:383"),
         extra=lambda c: {"env_port": c.env.get("SGLANG_GRPC_PORT")}),
    Rule("grpc-not-with-ray", GRPC, ("grpc_port", "use_ray"),
         lambda c: native_grpc(c) and c.use_ray,
         Text("the native gRPC server (--grpc-port) is not started on the --use-ray launch path",
              "--use-ray 启动路径不会启动原生 gRPC 服务器（--grpc-port）"),
         Text("drop --grpc-port, or drop --use-ray", "去掉 --grpc-port，或去掉 --use-ray"),
         source=sglang_source("arg_groups/serving_hook.py:414")),
    Rule("grpc-not-with-encoder-only", GRPC, ("grpc_port", "encoder_only"),
         lambda c: native_grpc(c) and c.encoder_only,
         Text("the native gRPC server (--grpc-port) does not serve --encoder-only, which has its own server",
              "原生 gRPC 服务器（--grpc-port）不支持 --encoder-only，后者使用自己的服务器"),
         Text("drop --grpc-port on the encoder instance", "在编码器实例上去掉 --grpc-port"),
         source=sglang_source("arg_groups/serving_hook.py:419")),
    Rule("grpc-single-tokenizer-worker", GRPC, ("grpc_port", "tokenizer_worker_num"),
         lambda c: native_grpc(c) and c.tokenizer_worker_num > 1,
         Text("the native gRPC server (--grpc-port {port}) does not support --tokenizer-worker-num "
              "{tokenizer_worker_num} yet", "原生 gRPC 服务器（--grpc-port {port}）暂不支持 --tokenizer-worker-num "
              "{tokenizer_worker_num}"),
         Text("use --tokenizer-worker-num 1, or drop --grpc-port (and unset SGLANG_GRPC_PORT)",
              "改用 --tokenizer-worker-num 1，或去掉 --grpc-port（并取消设置 SGLANG_GRPC_PORT）"),
         source=sglang_source("arg_groups/serving_hook.py:424"), extra=lambda c: {"port": grpc_port(c)}),
    Rule("grpc-not-with-api-key", GRPC, ("grpc_port", "api_key", "admin_api_key"),
         lambda c: native_grpc(c) and bool(c.api_key or c.admin_api_key),
         Text("the native gRPC server (--grpc-port {port}) bypasses the HTTP authentication, so SGLang refuses it "
              "with --api-key or --admin-api-key", "原生 gRPC 服务器（--grpc-port {port}）绕过 HTTP 鉴权，"
              "因此 SGLang 不允许它与 --api-key 或 --admin-api-key 同时使用"),
         Text("drop --grpc-port (and unset SGLANG_GRPC_PORT) to keep the API key, or drop --api-key / "
              "--admin-api-key and protect the gRPC port on the network",
              "去掉 --grpc-port（并取消设置 SGLANG_GRPC_PORT）以保留 API 密钥，或去掉 --api-key / --admin-api-key，"
              "并在网络层保护 gRPC 端口"),
         source=sglang_source("arg_groups/serving_hook.py:429"), extra=lambda c: {"port": grpc_port(c)}),
    # --- image processing -----------------------------------------------------------------------------------------
    Rule("fast-image-processor-vs-backend", "AM-E264", ("disable_fast_image_processor", "image_processor_backend"),
         lambda c: c.disable_fast_image_processor and c.image_processor_backend not in ("auto", "pil"),
         Text("--disable-fast-image-processor means --image-processor-backend pil, which contradicts "
              "--image-processor-backend {image_processor_backend}",
              "--disable-fast-image-processor 等同于 --image-processor-backend pil，与 --image-processor-backend "
              "{image_processor_backend} 相矛盾"),
         Text("drop --disable-fast-image-processor (deprecated) and keep --image-processor-backend "
              "{image_processor_backend}", "去掉已弃用的 --disable-fast-image-processor，保留 --image-processor-backend "
              "{image_processor_backend}"),
         source=sglang_source("arg_groups/serving_hook.py:260")),
    # --- deprecated values SGLang rewrites ------------------------------------------------------------------------
    Rule("deprecated-tool-call-parser", "AM-W265", ("tool_call_parser",),
         lambda c: c.tool_call_parser in _OLD_PARSERS,
         Text("--tool-call-parser {tool_call_parser} is an old name: SGLang {release} runs it as {new}",
              "--tool-call-parser {tool_call_parser} 是旧名称：SGLang {release} 会按 {new} 运行"),
         Text("write --tool-call-parser {new}", "改写为 --tool-call-parser {new}"), severity="warning",
         source=sglang_source("arg_groups/serving_hook.py:275"),
         extra=lambda c: {"new": _OLD_PARSERS[str(c.tool_call_parser)], "release": "0.5.23"}),
    Rule("deprecated-attention-backend", "AM-W265",
         ("attention_backend", "decode_attention_backend", "prefill_attention_backend",
          "speculative_draft_attention_backend"),
         lambda c: bool(_old_backends(c)),
         Text("{old} are old attention-backend names: SGLang runs them as {new}",
              "{old} 是注意力后端的旧名称：SGLang 会按 {new} 运行"),
         Text("write {new}", "改写为 {new}"), severity="warning",
         source=sglang_source("arg_groups/serving_hook.py:314"),
         extra=lambda c: {"old": ", ".join(f"{f} {o}" for f, o, _ in _old_backends(c)),
                          "new": ", ".join(f"{f} {n}" for f, _, n in _old_backends(c))}),
    Rule("tokenspeed-mla-sets-fp8-kv", "AM-W265", ("kv_cache_dtype", "attention_backend", "decode_attention_backend"),
         lambda c: "tokenspeed_mla" in (c.attention_backend, c.decode_attention_backend)
         and c.kv_cache_dtype != "fp8_e4m3",
         Text("the tokenspeed_mla attention backend (now cutedsl_mla) implied an FP8 KV cache: SGLang replaces "
              "--kv-cache-dtype {kv_cache_dtype} with fp8_e4m3",
              "tokenspeed_mla 注意力后端（现名 cutedsl_mla）意味着 FP8 KV 缓存：SGLang 会把 --kv-cache-dtype "
              "{kv_cache_dtype} 替换为 fp8_e4m3"),
         Text("write --attention-backend cutedsl_mla --kv-cache-dtype fp8_e4m3",
              "改写为 --attention-backend cutedsl_mla --kv-cache-dtype fp8_e4m3"), severity="warning",
         source=sglang_source("arg_groups/serving_hook.py:327")),
    # --- multimodal feature transport between tokenizer and scheduler --------------------------------------------
    Rule("cuda-vmm-transport-needs-cuda", "AM-E266", ("mm_feature_transport",),
         lambda c: transport(c) == "cuda_vmm",
         Text("--mm-feature-transport cuda_vmm needs NVIDIA CUDA", "--mm-feature-transport cuda_vmm 需要 NVIDIA CUDA"),
         Text("use --mm-feature-transport cpu on this hardware", "在该硬件上改用 --mm-feature-transport cpu"),
         families=NON_GPU, source=sglang_source("arg_groups/serving_hook.py:893")),
    Rule("cuda-vmm-transport-without-pp", "AM-E266", ("mm_feature_transport", "pp_size"),
         lambda c: transport(c) == "cuda_vmm" and c.pp_size != 1,
         Text("--mm-feature-transport cuda_vmm does not support pipeline parallelism (--pp-size {pp_size})",
              "--mm-feature-transport cuda_vmm 不支持流水线并行（--pp-size {pp_size}）"),
         Text("use --mm-feature-transport cpu, or --pp-size 1", "改用 --mm-feature-transport cpu，或使用 --pp-size 1"),
         families=frozenset({"gpu"}), source=sglang_source("arg_groups/serving_hook.py:895")),
    Rule("cuda-ipc-transport-needs-cuda", "AM-E266", ("mm_feature_transport",),
         lambda c: transport(c) == "cuda_ipc",
         Text("--mm-feature-transport cuda_ipc needs NVIDIA CUDA", "--mm-feature-transport cuda_ipc 需要 NVIDIA CUDA"),
         Text("use --mm-feature-transport cpu on this hardware", "在该硬件上改用 --mm-feature-transport cpu"),
         families=NON_GPU, source=sglang_source("arg_groups/serving_hook.py:913")),
    Rule("cuda-ipc-transport-single-node", "AM-E266", ("mm_feature_transport", "nnodes"),
         lambda c: transport(c) == "cuda_ipc" and c.nnodes != 1,
         Text("--mm-feature-transport cuda_ipc works within one node, not across --nnodes {nnodes}",
              "--mm-feature-transport cuda_ipc 只能在单节点内使用，不能跨 --nnodes {nnodes} 个节点"),
         Text("use --mm-feature-transport cuda_vmm (GB200/GB300 MNNVL) or cpu across nodes",
              "跨节点请改用 --mm-feature-transport cuda_vmm（GB200/GB300 MNNVL）或 cpu"),
         families=frozenset({"gpu"}), source=sglang_source("arg_groups/serving_hook.py:915")),
    Rule("transport-env-conflict", "AM-W267", ("mm_feature_transport",),
         lambda c: c.mm_feature_transport is not None and env_set(c, "SGLANG_USE_CUDA_IPC_TRANSPORT")
         and env_true(c, "SGLANG_USE_CUDA_IPC_TRANSPORT") != (c.mm_feature_transport == "cuda_ipc"),
         Text("--mm-feature-transport {mm_feature_transport} contradicts the deprecated SGLANG_USE_CUDA_IPC_TRANSPORT "
              "in the environment; SGLang follows the flag",
              "--mm-feature-transport {mm_feature_transport} 与环境中已弃用的 SGLANG_USE_CUDA_IPC_TRANSPORT 相矛盾；"
              "SGLang 以该参数为准"),
         Text("unset SGLANG_USE_CUDA_IPC_TRANSPORT", "取消设置 SGLANG_USE_CUDA_IPC_TRANSPORT"), severity="warning",
         source=sglang_source("arg_groups/serving_hook.py:875")),
    Rule("transport-env-deprecated", "AM-W267", ("mm_feature_transport",),
         lambda c: c.mm_feature_transport is None and env_set(c, "SGLANG_USE_CUDA_IPC_TRANSPORT"),
         Text("SGLANG_USE_CUDA_IPC_TRANSPORT is deprecated: SGLang reads it as --mm-feature-transport {t}",
              "SGLANG_USE_CUDA_IPC_TRANSPORT 已弃用：SGLang 会将其视为 --mm-feature-transport {t}"),
         Text("unset it and write --mm-feature-transport {t}", "取消设置该变量，改写为 --mm-feature-transport {t}"),
         severity="warning", source=sglang_source("arg_groups/serving_hook.py:817"),
         extra=lambda c: {"t": "cuda_ipc" if env_true(c, "SGLANG_USE_CUDA_IPC_TRANSPORT") else "cpu"}),
    Rule("encoder-only-transport-is-cpu", "AM-W267", ("mm_feature_transport", "encoder_only"),
         lambda c: c.encoder_only and c.mm_feature_transport in ("cuda_ipc", "cuda_vmm"),
         Text("--mm-feature-transport {mm_feature_transport} does nothing on an --encoder-only instance: SGLang uses "
              "cpu, and encoder outputs travel by --encoder-transfer-backend",
              "--mm-feature-transport {mm_feature_transport} 在 --encoder-only 实例上不起作用：SGLang 会改用 cpu，"
              "编码器输出由 --encoder-transfer-backend 传输"),
         Text("drop --mm-feature-transport and choose --encoder-transfer-backend",
              "去掉 --mm-feature-transport，改为选择 --encoder-transfer-backend"), severity="warning",
         source=sglang_source("arg_groups/serving_hook.py:883")),
    # --- tokenizer batching and skip-tokenizer-init -------------------------------------------------------------
    Rule("one-tokenizer-batching", "AM-E268", ("enable_tokenizer_batch_encode", "enable_dynamic_batch_tokenizer"),
         lambda c: c.enable_tokenizer_batch_encode and c.enable_dynamic_batch_tokenizer,
         Text("--enable-tokenizer-batch-encode and --enable-dynamic-batch-tokenizer are two ways to batch "
              "tokenization; SGLang takes one", "--enable-tokenizer-batch-encode 与 --enable-dynamic-batch-tokenizer "
              "是两种分词批处理方式，SGLang 只接受其一"),
         Text("drop one of the two", "二者去掉其一"),
         source=sglang_source("arg_groups/serving_hook.py:757")),
    Rule("skip-tokenizer-one-detokenizer", "AM-W269", ("detokenizer_worker_num", "skip_tokenizer_init"),
         lambda c: c.skip_tokenizer_init and not env_true(c, "SGLANG_RUST_SERVER") and c.detokenizer_worker_num != 1,
         Text("--skip-tokenizer-init leaves the detokenizer nothing to decode: SGLang runs one detokenizer worker, "
              "not {detokenizer_worker_num}", "--skip-tokenizer-init 让反分词器无事可做：SGLang 只运行 1 个反分词器进程，"
              "而不是 {detokenizer_worker_num} 个"),
         Text("drop --detokenizer-worker-num", "去掉 --detokenizer-worker-num"), severity="warning",
         source=sglang_source("arg_groups/serving_hook.py:766")),
    Rule("skip-tokenizer-no-batch-encode", "AM-W269", ("enable_tokenizer_batch_encode", "skip_tokenizer_init"),
         lambda c: c.skip_tokenizer_init and not env_true(c, "SGLANG_RUST_SERVER") and c.enable_tokenizer_batch_encode,
         Text("--enable-tokenizer-batch-encode does nothing with --skip-tokenizer-init: SGLang turns it off",
              "--skip-tokenizer-init 时 --enable-tokenizer-batch-encode 不起作用：SGLang 会将其关闭"),
         Text("drop --enable-tokenizer-batch-encode", "去掉 --enable-tokenizer-batch-encode"), severity="warning",
         source=sglang_source("arg_groups/serving_hook.py:775")),
    Rule("skip-tokenizer-no-dynamic-batch", "AM-W269", ("enable_dynamic_batch_tokenizer", "skip_tokenizer_init"),
         lambda c: c.skip_tokenizer_init and not env_true(c, "SGLANG_RUST_SERVER") and c.enable_dynamic_batch_tokenizer,
         Text("--enable-dynamic-batch-tokenizer does nothing with --skip-tokenizer-init: SGLang turns it off",
              "--skip-tokenizer-init 时 --enable-dynamic-batch-tokenizer 不起作用：SGLang 会将其关闭"),
         Text("drop --enable-dynamic-batch-tokenizer", "去掉 --enable-dynamic-batch-tokenizer"), severity="warning",
         source=sglang_source("arg_groups/serving_hook.py:785")),
    # --- optimistic prefill on prefill instances ----------------------------------------------------------------
    Rule("optimistic-prefill-not-with-pp", "AM-W270", ("optimistic_prefill_attempts", "pp_size"),
         lambda c: _optimistic_attempts(c) > 0 and c.disaggregation_mode == "prefill" and c.pp_size > 1,
         Text("optimistic prefill (--optimistic-prefill-attempts) does not work with --pp-size {pp_size}: SGLang sets "
              "it to 0", "乐观预填充（--optimistic-prefill-attempts）不支持 --pp-size {pp_size}：SGLang 会将其设为 0"),
         Text("drop --optimistic-prefill-attempts, or use --pp-size 1", "去掉 --optimistic-prefill-attempts，或使用 --pp-size 1"),
         severity="warning", source=sglang_source("arg_groups/serving_hook.py:506")),
    Rule("optimistic-prefill-hicache-policy", "AM-W270", ("optimistic_prefill_attempts", "enable_hierarchical_cache"),
         lambda c: _optimistic_attempts(c) > 0 and c.disaggregation_mode == "prefill" and c.pp_size <= 1
         and c.enable_hierarchical_cache and not _optimistic_hicache_ok(c),
         Text("--optimistic-prefill-attempts works with a hierarchical cache only with an L2 write-back or "
              "write-through policy, or an L3 buffer-only write-through one: SGLang sets it to 0",
              "--optimistic-prefill-attempts 与分层缓存同用时，只支持 L2 write_back/write_through 策略，"
              "或 L3 buffer_only 加 write_through：否则 SGLang 会将其设为 0"),
         Text("add --hicache-write-policy write_through (with --hicache-host-memory-mode buffer_only when an L3 "
              "--hicache-storage-backend is set)", "添加 --hicache-write-policy write_through（若设置了 L3 的 "
              "--hicache-storage-backend，还需 --hicache-host-memory-mode buffer_only）"),
         severity="warning", source=sglang_source("arg_groups/serving_hook.py:523")),
    # --- debugging switches that turn other things off ---------------------------------------------------------
    Rule("debug-cuda-graph-needs-cuda", "AM-W272", ("debug_cuda_graph",),
         lambda c: c.debug_cuda_graph,
         Text("--debug-cuda-graph works only on CUDA or ROCm: SGLang turns it off here",
              "--debug-cuda-graph 只适用于 CUDA 或 ROCm：SGLang 在这里会将其关闭"),
         Text("drop --debug-cuda-graph", "去掉 --debug-cuda-graph"), severity="warning", families=NON_GPU,
         source=sglang_source("arg_groups/serving_hook.py:451")),
    Rule("tensor-dump-disables-graphs", "AM-W272", ("debug_tensor_dump_output_folder",),
         lambda c: c.debug_tensor_dump_output_folder is not None,
         Text("--debug-tensor-dump-output-folder turns off CUDA Graph capture and the server warm-up",
              "--debug-tensor-dump-output-folder 会关闭 CUDA Graph 捕获和服务预热"),
         Text("use it for debugging runs only, and drop it when measuring speed",
              "仅在调试时使用，测量速度时请去掉"), severity="warning",
         source=sglang_source("arg_groups/serving_hook.py:545")),
    Rule("msprobe-disables-graphs", "AM-W272", ("msprobe_dump_config",),
         lambda c: c.msprobe_dump_config is not None,
         Text("--msprobe-dump-config dumps in eager mode only: SGLang turns off CUDA Graph capture and the server "
              "warm-up", "--msprobe-dump-config 只能在单算子模式下转储：SGLang 会关闭 CUDA Graph 捕获和服务预热"),
         Text("use it for debugging runs only, and drop it when measuring speed",
              "仅在调试时使用，测量速度时请去掉"), severity="warning",
         source=sglang_source("arg_groups/serving_hook.py:567")),
    Rule("fp4-indexer-needs-sm100", "AM-E273", ("enable_deepseek_v4_fp4_indexer",),
         lambda c: c.enable_deepseek_v4_fp4_indexer,
         Text("--enable-deepseek-v4-fp4-indexer needs an SM100, SM120 or gfx95 GPU",
              "--enable-deepseek-v4-fp4-indexer 需要 SM100、SM120 或 gfx95 GPU"),
         Text("drop it on this hardware", "在该硬件上去掉它"), families=NON_GPU,
         source=sglang_source("arg_groups/serving_hook.py:467")),
    # --- request defaults given at launch ---------------------------------------------------------------------------
    Rule("mm-limit-known-modalities", "AM-E274", ("limit_mm_data_per_request",),
         lambda c: isinstance(c.limit_mm_data_per_request, dict)
         and bool(set(c.limit_mm_data_per_request) - {"image", "video", "audio"}),
         Text("--limit-mm-data-per-request names {bad}; SGLang knows only image, video and audio",
              "--limit-mm-data-per-request 中出现了 {bad}；SGLang 只认识 image、video 和 audio"),
         Text("keep only image, video and audio keys, e.g. '{{\"image\": 4}}'",
              "只保留 image、video 和 audio 键，例如 '{{\"image\": 4}}'"),
         source=sglang_source("arg_groups/serving_hook.py:603"),
         extra=lambda c: {"bad": ", ".join(sorted(set(c.limit_mm_data_per_request or {}) - {"image", "video", "audio"}))}),
    Rule("mm-process-config-sections", "AM-E274", ("mm_process_config",),
         lambda c: isinstance(c.mm_process_config, dict) and bool(_bad_mm_sections(c)),
         Text("--mm-process-config gives {bad} as a value where SGLang needs a JSON object of processor settings",
              "--mm-process-config 中 {bad} 的值不是 JSON 对象，而 SGLang 要求这里是处理器设置组成的 JSON 对象"),
         Text("write each of image, video and audio as an object, e.g. '{{\"image\": {{\"max_pixels\": 1048576}}}}'",
              "把 image、video、audio 各写成一个对象，例如 '{{\"image\": {{\"max_pixels\": 1048576}}}}'"),
         source=sglang_source("arg_groups/serving_hook.py:156"),
         extra=lambda c: {"bad": ", ".join(_bad_mm_sections(c))}),
    Rule("no-watermark-in-preferred-params", "AM-E274", ("preferred_sampling_params",),
         lambda c: isinstance(c.preferred_sampling_params, dict) and "watermark" in c.preferred_sampling_params,
         Text("--preferred-sampling-params cannot carry 'watermark'", "--preferred-sampling-params 不能包含 'watermark'"),
         Text("drop the watermark key; watermarking is set with --enable-watermark",
              "去掉 'watermark' 键；水印由 --enable-watermark 开启"),
         source=sglang_source("arg_groups/serving_hook.py:619")),
    # --- server_args.py: the ports SGLang allocates at launch ------------------------------------------------------
    Rule("decoupled-spec-needs-endpoints", "AM-E275",
         ("decoupled_spec_role", "decoupled_spec_bind_endpoint", "decoupled_spec_connect_endpoints",
          "decoupled_spec_rank"),
         lambda c: c.decoupled_spec_role != "null" and None in (
             c.decoupled_spec_bind_endpoint, c.decoupled_spec_connect_endpoints, c.decoupled_spec_rank),
         Text("--decoupled-spec-role {decoupled_spec_role} needs --decoupled-spec-bind-endpoint, "
              "--decoupled-spec-connect-endpoints and --decoupled-spec-rank; {missing} missing",
              "--decoupled-spec-role {decoupled_spec_role} 需要 --decoupled-spec-bind-endpoint、"
              "--decoupled-spec-connect-endpoints 和 --decoupled-spec-rank；缺少 {missing}"),
         Text("add {missing}", "添加 {missing}"),
         source=sglang_source("server_args.py:793"),
         extra=lambda c: {"missing": ", ".join(
             f for f, v in (("--decoupled-spec-bind-endpoint", c.decoupled_spec_bind_endpoint),
                            ("--decoupled-spec-connect-endpoints", c.decoupled_spec_connect_endpoints),
                            ("--decoupled-spec-rank", c.decoupled_spec_rank)) if v is None)}),
]

def _bad_mm_sections(c: RuleContext) -> list[str]:
    sections = c.mm_process_config or {}
    return [k for k in ("image", "video", "audio") if k in sections and not isinstance(sections[k], dict)]


def _old_backends(c: RuleContext) -> list[tuple[str, str, str]]:
    """(flag, old, new) for each attention-backend flag written with an old name; cutedsl_mla is decode-only, so a
    prefill tokenspeed_mla becomes trtllm_mla (serving_hook.py:321)."""
    out = []
    for field, flag in _BACKEND_FLAGS.items():
        old = c.values.get(field)
        if old in _OLD_BACKENDS:
            new = "trtllm_mla" if field == "prefill_attention_backend" and old == "tokenspeed_mla" else _OLD_BACKENDS[old]
            out.append((flag, old, new))
    return out


def _optimistic_hicache_ok(c: RuleContext) -> bool:
    if c.hicache_storage_backend is None:
        return c.hicache_write_policy in ("write_back", "write_through")
    return c.hicache_host_memory_mode == "buffer_only" and c.hicache_write_policy == "write_through"


def _optimistic_attempts(c: RuleContext) -> int:
    """--optimistic-prefill-attempts as SGLang resolves it: prefill_complete on a prefill instance turns 0 into 1
    (pd_disaggregation_hook.py:49)."""
    if (c.optimistic_prefill_attempts == 0 and c.disaggregation_mode == "prefill"
            and c.disaggregation_decode_allocation_policy == "prefill_complete"):
        return 1
    return int(c.optimistic_prefill_attempts)
