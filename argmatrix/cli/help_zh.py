"""``--help`` and usage errors in Chinese: argmatrix's own options, usage lines, panel titles and click's messages.

The English help lives where each option is declared (cli/app.py); this module holds its Chinese, keyed by the
English text, and :func:`localize` swaps it into the click command tree before the command runs.  A help text
without a translation here stays English, and ``tests/compiler/test_help_zh.py`` fails on it.  The server flags'
own help comes from the schema (``Text(en, zh)``) and is printed by cli/server_help.py.
"""
from __future__ import annotations

import re
from typing import Any

from .vendored_click import click_module

HELP_ZH: dict[str, str] = {
    # the app and its options shared by several commands
    "Check SGLang-style server launch flags against the hardware they will run on, and serve models.":
        "按目标硬件检查 SGLang 风格的服务启动参数，并提供模型服务。",
    "Print the version and exit.": "打印版本号后退出。",
    "Install completion for the current shell.": "为当前 shell 安装命令补全。",
    "Show completion for the current shell, to copy it or customize the installation.":
        "显示当前 shell 的补全脚本，便于复制或自行安装。",
    "Show this message and exit.": "显示本帮助后退出。",
    "Hardware to check against: auto, a2, a3, 310p, a5, cuda or cpu (env ARGMATRIX_TARGET).":
        "要检查的目标硬件：auto、a2、a3、310p、a5、cuda 或 cpu（环境变量 ARGMATRIX_TARGET）。",
    "Hardware to check against: auto, a2, a3, 310p, a5, cuda or cpu (env ARGMATRIX_TARGET). "
    "Default: from --device, else detected.":
        "要检查的目标硬件：auto、a2、a3、310p、a5、cuda 或 cpu（环境变量 ARGMATRIX_TARGET）。"
        "默认取自 --device，未给出时自动检测。",
    "YAML, JSON or TOML file of server arguments.": "存放服务参数的 YAML、JSON 或 TOML 文件。",
    "text for people, json for CI.": "text 供人阅读，json 供 CI 使用。",
    "table for people, json for CI.": "table 供人阅读，json 供 CI 使用。",
    "Output language, en or zh (env ARGMATRIX_LANG).": "输出语言：en 或 zh（环境变量 ARGMATRIX_LANG）。",
    "Treat warnings as errors.": "把警告当作错误处理。",
    "Print secrets (--api-key, --admin-api-key, tokens and passwords, hf_token inside JSON values) as they are; by "
    "default every output shows <redacted> in their place. --to sglang and --to vllm always write them: they are "
    "commands to run.":
        "原样打印密钥类信息（--api-key、--admin-api-key、令牌与密码、JSON 值中的 hf_token）；默认所有输出都以 "
        "<redacted> 代替。--to sglang 与 --to vllm 总是原样写出：它们是要执行的命令。",
    "--to k8s: the Kubernetes Secret the container's env reads secrets from (valueFrom.secretKeyRef).":
        "--to k8s 时：容器的环境变量从哪个 Kubernetes Secret 读取密钥（valueFrom.secretKeyRef）。",
    "Print secrets (--api-key, --admin-api-key, tokens and passwords, hf_token inside JSON values) as they are; by "
    "default every output shows <redacted> in their place.":
        "原样打印密钥类信息（--api-key、--admin-api-key、令牌与密码、JSON 值中的 hf_token）；默认所有输出都以 "
        "<redacted> 代替。",
    "Downgrade support errors (not type errors) to warnings.": "把支持性错误（不含类型错误）降为警告。",
    "The engine whose parser and rules judge the launch: sglang (default), vllm (vLLM; vLLM-Ascend on Ascend) or "
    "argmatrix (argmatrix serve). A pasted launch line (python -m sglang.launch_server, vllm serve, argmatrix serve) "
    "selects it by itself.":
        "按哪个引擎的解析器与规则判断启动命令：sglang（默认）、vllm（vLLM；昇腾上为 vLLM-Ascend）或 argmatrix"
        "（argmatrix serve）。粘贴的启动命令（python -m sglang.launch_server、vllm serve、argmatrix serve）会自动选定引擎。",
    "The vLLM release the launch will meet (env ARGMATRIX_VLLM_VERSION; default the newest whose flags argmatrix "
    "holds).":
        "启动时将面对的 vLLM 版本（环境变量 ARGMATRIX_VLLM_VERSION；默认取 argmatrix 已收录参数的最新版本）。",
    "The vLLM-Ascend release that runs a vLLM launch on Ascend (env ARGMATRIX_VLLM_ASCEND_VERSION; default the "
    "newest held); it also picks the vLLM release it pins unless --vllm-version says otherwise.":
        "在昇腾上运行 vLLM 启动命令的 vLLM-Ascend 版本（环境变量 ARGMATRIX_VLLM_ASCEND_VERSION；默认取已收录的最新版本）；"
        "除非 --vllm-version 另行指定，也同时选定它配套的 vLLM 版本。",
    "The SGLang release the launch will meet: its renamed, split and new flags are checked "
    "(env ARGMATRIX_SGLANG_VERSION; default the newest known).":
        "启动时将面对的 SGLang 版本：检查该版本中改名、拆分和新增的参数（环境变量 ARGMATRIX_SGLANG_VERSION；"
        "默认取已知的最新版本）。",
    "The SGLang release the launch will meet: its renamed, split and new flags are checked "
    "(env ARGMATRIX_SGLANG_VERSION; default the newest known). Flags are written in this release's spelling.":
        "启动时将面对的 SGLang 版本：检查该版本中改名、拆分和新增的参数（环境变量 ARGMATRIX_SGLANG_VERSION；"
        "默认取已知的最新版本）。参数按该版本的写法传入。",
    "The SGLang release whose verdict on each flag to show: takes it, deprecates it, refuses it "
    "(env ARGMATRIX_SGLANG_VERSION; default the newest known).":
        "要显示其对每个参数处理方式的 SGLang 版本：接受、弃用或不再接受（环境变量 ARGMATRIX_SGLANG_VERSION；"
        "默认取已知的最新版本）。",
    "Same as --engine vllm (kept for older scripts); `vllm serve ...` selects it by itself.":
        "等同于 --engine vllm（为兼容旧脚本保留）；以 `vllm serve ...` 开头时会自动选定。",
    "A model's config.json (or folder) to check against, when --model-path is not local.":
        "--model-path 不在本地时，用于检查的模型 config.json（或模型目录）。",
    "Memory of one device, e.g. 141GB or 64GiB (binary units); default: detected or the platform's.":
        "单个设备的显存，例如 141GB 或 64GiB（按二进制单位）；默认取检测结果或平台的标称值。",
    "Devices in one node; default: detected or the platform's (a2: 8, a3: 16).":
        "每个节点的设备数；默认取检测结果或平台的标称值（a2 为 8，a3 为 16）。",
    "Plan for requests of this many prompt tokens (with --plan-output-len) instead of the context.":
        "按提示词长度为该 token 数的请求做规划（与 --plan-output-len 一起使用），而不是按上下文长度。",
    "The CUDA GPU's compute capability (sm90 for H100/H200, sm100 for B200, sm120; or 9.0, 10.0): "
    "SGLang's checks that need a GPU generation read it; default: detected, else unknown.":
        "CUDA GPU 的计算能力（H100/H200 为 sm90，B200 为 sm100，另有 sm120；也可写 9.0、10.0）：SGLang 中依赖 GPU "
        "架构代际的检查会读取它；默认取本机检测结果，检测不到则视为未知。",
    "Plan for requests generating this many tokens (with --plan-input-len).":
        "按生成该 token 数的请求做规划（与 --plan-input-len 一起使用）。",
    # check-config
    "Check server flags before anything loads: argmatrix check-config --target a3 -- --tp-size 2 ...\n\n"
    "A local --model-path (or --model-config FILE) is read too: heads, context, MoE, quantization, memory.\n"
    "Exit status: 0 clean, 1 errors found, 2 unusable input (unknown flag, unreadable config file).":
        "在加载任何东西之前检查服务参数：argmatrix check-config --target a3 -- --tp-size 2 ...\n\n"
        "本地的 --model-path（或 --model-config FILE）也会被读取：注意力头数、上下文、MoE、量化与显存。\n"
        "退出状态：0 表示没有问题，1 表示发现错误，2 表示输入无法使用（未知参数、配置文件无法读取）。",
    # plan
    "Will it fit: weights, KV cache and reserve per device, from config.json alone (no weights read).\n\n"
    "argmatrix plan --target cuda --device-memory 141GB -- --model-path DIR --tp 2\n"
    "Exit status: 0 fits, 1 errors (does not fit, or another error), 2 unusable input.":
        "能否放得下：仅凭 config.json（不读取权重）算出每个设备上的权重、KV 缓存与预留空间。\n\n"
        "argmatrix plan --target cuda --device-memory 141GB -- --model-path DIR --tp 2\n"
        "退出状态：0 表示放得下，1 表示有错误（放不下或其他错误），2 表示输入无法使用。",
    # matrix
    "Show the support matrix, or compare two releases of it (matrix diff).":
        "显示支持矩阵，或比较它的两个版本（matrix diff）。",
    "Only this platform: a2, a3, cuda, cpu.": "只显示这个平台：a2、a3、cuda、cpu。",
    "Only arguments with this status on the platform(s): supported, experimental, deficient, unverified, "
    "planned or unsupported (the Chinese words work too).":
        "只显示在所选平台上处于该状态的参数：supported、experimental、deficient、unverified、planned 或 "
        "unsupported（也可以写中文状态名）。",
    "Only this group (e.g. scheduling, lora).": "只显示这个分组（例如 scheduling、lora）。",
    "table, json or md.": "table、json 或 md。",
    "Every argument's status on every platform (a2, a3, 310p, a5, cuda, cpu), for one engine.":
        "每个参数在每个平台（a2、a3、310p、a5、cuda、cpu）上的状态（针对一个引擎）。",
    "What changed between two releases of the matrix: added, removed, renamed, status changes.":
        "矩阵两个版本之间的变化：新增、移除、改名与状态变化。",
    "Snapshot name (e.g. ascend-page-v1) or path to a snapshot JSON file.":
        "快照名（例如 ascend-page-v1）或快照 JSON 文件的路径。",
    "Snapshot name or path; 'current' is this version's matrix.": "快照名或路径；'current' 表示当前版本的矩阵。",
    "md or json.": "md 或 json。",
    # explain, detect
    "Everything about one argument, on every platform, for one engine (and SGLang release).":
        "一个参数在所有平台上的全部信息（针对一个引擎及 SGLang 版本）。",
    "Whose flag: sglang (default), vllm or argmatrix.": "哪个引擎的参数：sglang（默认）、vllm 或 argmatrix。",
    "sglang, vllm or vllm-ascend: OLD and NEW are two held releases of that engine (0.33.0 0.34.0), compared as "
    "their own code reads them.":
        "sglang、vllm 或 vllm-ascend：OLD 与 NEW 为该引擎两个已收录的版本（如 0.33.0 0.34.0），按各自代码的读取结果比较。",
    "Whose matrix: sglang (default), vllm or argmatrix.": "哪个引擎的矩阵：sglang（默认）、vllm 或 argmatrix。",
    "Whose memory rules: sglang (default) or vllm; `vllm serve DIR` after -- selects vllm by itself.":
        "按哪个引擎的显存规则估算：sglang（默认）或 vllm；-- 之后以 `vllm serve DIR` 开头时会自动选定 vllm。",
    "A flag (--tp-size), alias or field name (tp_size).": "参数写法（--tp-size）、别名或字段名（tp_size）。",
    "text or json.": "text 或 json。",
    "Which platform this machine is, and how that was found.": "本机属于哪个平台，以及判断依据。",
    "List every server argument, by group, with its type, default and help.": "按分组列出全部服务参数及其类型、默认值与说明。",
    # docs
    "Write or verify the generated docs under generated/.": "生成或校验“generated/”目录下的文档。",
    "Write every generated file (docs in en/zh, JSON Schema, example config, CLI help, matrix.html, type stub).":
        "写出所有生成文件（中英文文档、JSON Schema、示例配置、命令行帮助、matrix.html、类型存根）。",
    "Output folder.": "输出目录。",
    "Exit 1 if anything under generated/ differs from what the code writes, or a guide's Chinese twin is behind.":
        "“generated/”目录下的内容与代码生成的结果不一致，或某篇指南的中文版落后于英文原文时，以状态 1 退出。",
    "Folder of the hand-written guides, whose Chinese twins (zh/) are checked.":
        "手写指南所在目录，其中文版（zh/）也会被检查。",
    "Guides to show, or to mark with --mark-current (e.g. server launch); none: every guide.":
        "要显示的指南，或与 --mark-current 同用时要标记的指南（如 `server launch`）；不给出时为全部指南。",
    "The Chinese twins of the guides named were brought up to date: record the English texts' current hashes in them.":
        "所列指南的中文版已更新：把英文原文当前的哈希记入中文版。",
    "List each guide under docs/ with the state of its Chinese twin under docs/zh/ (current, stale, missing).":
        "列出 docs/ 下每篇指南及其 docs/zh/ 中文版的状态（`current` 为最新，`stale` 为落后，`missing` 为缺失）。",
    "Folder to compare.": "要比较的目录。",
    # demo-model
    "Build a small random Llama and an offline-trained tokenizer, for tests and the quick start.":
        "构建一个随机初始化的小型 Llama 模型和离线训练的分词器，供测试与快速上手使用。",
    "Folder to write the model into.": "模型写入的目录。",
    "tiny (a few MB), small/60m (~60M parameters), or 0.5b / 1.5b (accelerator benchmark shapes, bfloat16).":
        "tiny（几 MB）、small/60m（约 6000 万参数），或 0.5b / 1.5b（加速器基准测试所用的形状，bfloat16）。",
    # serve
    "Check the flags, then load the model and serve an OpenAI-compatible API: argmatrix serve --model-path DIR":
        "先检查参数，再加载模型并提供 OpenAI 兼容的 API：argmatrix serve --model-path DIR",
    "Start despite support errors.": "即使有支持性错误也启动。",
    "Start even if a flag is not implemented by this engine.": "即使本引擎未实现某个参数也启动。",
    # launch, export
    "Check the flags, then start the engine with them: argmatrix launch --target a3 -- --model-path M --tp 16\n\n"
    "Only what you set is passed, in the spelling of --sglang-version; argmatrix's own limits never reach SGLang\n"
    "or vLLM. Exit status when nothing starts: 1 errors found, 2 unusable input, 127 the engine is not installed;\n"
    "otherwise the engine's own.":
        "先检查参数，再用这些参数启动引擎：argmatrix launch --target a3 -- --model-path M --tp 16\n\n"
        "只传入您设置过的参数，并按 --sglang-version 的写法书写；argmatrix 自己的上限不会传给 SGLang 或 vLLM。\n"
        "未能启动时的退出状态：1 表示发现错误，2 表示输入无法使用，127 表示引擎未安装；启动后则为引擎自己的退出状态。",
    "The engine to start: sglang, vllm or argmatrix (its own serve); default: the one the launch line names, else "
    "sglang.":
        "要启动的引擎：sglang、vllm 或 argmatrix（即它自带的 serve）；默认取启动命令所指的引擎，否则为 sglang。",
    "Print the command (and the config file) instead of starting it.": "只打印命令（及配置文件），不启动。",
    "Where to write the config file SGLang reads (default: a temporary file, removed once the engine exits).":
        "SGLang 读取的配置文件写到哪里（默认写入临时文件，引擎退出后删除）。",
    "--engine argmatrix: start even if a flag is not implemented by its engine.":
        "--engine argmatrix 时：即使它的引擎未实现某个参数也启动。",
    "Write checked flags for another tool, every value you set: argmatrix export --to yaml -- --tp 2\n\n"
    "The report goes to stderr; a value the format cannot express is a finding. Exit status: 0 written,\n"
    "1 errors found, 2 unusable input.":
        "把检查过的参数（您设置的每一个值）写成另一工具使用的形式：argmatrix export --to yaml -- --tp 2\n\n"
        "检查报告输出到 stderr；目标格式无法表达的取值会作为一条检查结果报告。退出状态：0 表示已写出，\n"
        "1 表示发现错误，2 表示输入无法使用。",
    "an engine (sglang, vllm, argmatrix: its command line), yaml (SGLang's own --config file with its $schema; "
    "--engine argmatrix: argmatrix's; for a vLLM launch, vLLM's --config), json (argmatrix's config file), env "
    "(ARGMATRIX_* lines), k8s (a manifest: Deployment or LeaderWorkerSet, and a Service).":
        "一个引擎（sglang、vllm、argmatrix：它的命令行）、yaml（带“$schema”的 SGLang 自己的 --config 文件；"
        "--engine argmatrix 时为 argmatrix 的配置文件；vLLM 启动命令则为 vLLM 的 --config 文件）、json（argmatrix 的"
        "配置文件）、env（ARGMATRIX_* 环境变量行）、k8s（Kubernetes 清单：Deployment 或 LeaderWorkerSet，外加一个 "
        "Service）。",
    "k8s: check the launch as a Kubernetes container runs it: $(VAR) in a rank, count, port or address flag is "
    "filled in at start.":
        "k8s：按 Kubernetes 容器运行它的方式检查启动参数：rank、数量、端口或地址参数中的 $(VAR) 在启动时填入。",
    "--for k8s: pods per group, when --nnodes is itself a reference such as $(LWS_GROUP_SIZE).":
        "--for k8s 时：每组的 Pod 数，用于 --nnodes 本身是 $(LWS_GROUP_SIZE) 之类引用的情况。",
    "--to k8s: the container image (required: argmatrix does not guess your engine build).":
        "--to k8s 时：容器镜像（必填：argmatrix 不会猜测您使用的引擎构建）。",
    "--to k8s: the workload's name (default: engine and model).": "--to k8s 时：工作负载的名称（默认由引擎名与模型名组成）。",
    "--to k8s: the namespace written into metadata (default: none, kubectl's).":
        "--to k8s 时：写入 `metadata` 的命名空间（默认不写，由 kubectl 决定）。",
    "--to k8s, one node: deployment or pod. A launch across nodes is always a LeaderWorkerSet.":
        "--to k8s 且只有一个节点时：`deployment` 或 `pod`。跨节点的启动总是写成 LeaderWorkerSet。",
    "--to k8s: pods per group, when --nnodes is itself a reference such as $(LWS_GROUP_SIZE).":
        "--to k8s 时：每组的 Pod 数，用于 --nnodes 本身是 $(LWS_GROUP_SIZE) 之类引用的情况。",
    "--to k8s: the network interface HCCL/NCCL/GLOO bind to (default eth0, the pod network's; with hostNetwork, "
    "the node's NIC).":
        "--to k8s 时：HCCL/NCCL/GLOO 绑定的网卡（默认 eth0，即 Pod 网络的网卡；使用 `hostNetwork` 时为节点自己的网卡）。",
    "--to k8s: the device plugin's resource name, instead of the platform's (huawei.com/Ascend910, "
    "nvidia.com/gpu).":
        "--to k8s 时：设备插件上报的资源名，用来代替平台默认值（huawei.com/Ascend910、nvidia.com/gpu）。",
    "The engine of the k8s container, and whose yaml file; default: the one the launch line names, else sglang.":
        "k8s 容器中运行的引擎，以及 yaml 文件供哪个引擎读取；默认取启动命令所指的引擎，否则为 sglang。",
    "The $schema reference written into yaml and json (default, next to the file: sglang-config.schema.json for "
    "SGLang's file, vllm-config.schema.json for vLLM's, config.schema.json for argmatrix's).":
        "写入 yaml 与 json 的“$schema”引用（默认指向同目录下的文件：SGLang 的文件为 sglang-config.schema.json，"
        "vLLM 的为 vllm-config.schema.json，argmatrix 自己的为 config.schema.json）。",
    "Write here instead of to stdout.": "写入该文件，而不是 stdout。",
    # bench
    "Measure a running OpenAI-compatible server: throughput and TTFT/ITL/E2E percentiles.":
        "测量正在运行的 OpenAI 兼容服务：吞吐量以及 TTFT/ITL/E2E 各分位数。",
    "The server to measure.": "要测量的服务地址。",
    "completions, chat or generate (SGLang native).": "completions、chat 或 generate（SGLang 原生接口）。",
    "Model name to send; default: the server's first.": "请求中发送的模型名；默认取服务的第一个模型。",
    "Bearer key, if needed.": "需要时使用的 Bearer 密钥。",
    "random or shared-prefix.": "random 或 shared-prefix。",
    "Requests to send (random).": "发送的请求数（random）。",
    "Prompt tokens (random).": "提示词的 token 数（random）。",
    "Tokens to generate per request.": "每个请求生成的 token 数。",
    "Lengths drawn from [ratio x len, len].": "长度在设定长度的该比例倍与设定长度之间随机抽取（区间含两端）。",
    "Lengths drawn uniformly between ratio x len and len (1: exactly len).":
        "长度在设定长度的该比例倍与设定长度之间均匀抽取（为 1 时恰好等于设定长度）。",
    "POST /flush_cache before measuring, so a repeated run with the same --seed does not measure the prefix cache "
    "(the report says if the server refused).":
        "测量前先 POST /flush_cache，使相同 --seed 的重复运行不会测到前缀缓存（服务拒绝时报告中会注明）。",
    "Shared prefixes (shared-prefix).": "共享前缀的个数（shared-prefix）。",
    "Questions per prefix (shared-prefix).": "每个前缀下的问题数（shared-prefix）。",
    "Prefix tokens (shared-prefix).": "前缀的 token 数（shared-prefix）。",
    "Question tokens (shared-prefix).": "问题的 token 数（shared-prefix）。",
    "Requests per second (Poisson); inf: all at once.": "每秒请求数（泊松到达）；inf 表示一次全部发出。",
    "Most requests in flight.": "同时在途的最多请求数。",
    "Ask for exactly --output-len tokens.": "要求恰好生成 --output-len 个 token。",
    "Seed for prompts and arrival times.": "生成提示词与到达时间所用的随机种子。",
    "POST /flush_cache before measuring.": "测量前先 POST /flush_cache。",
    "Write the report and per-request data here.": "把报告和每个请求的数据写入该文件。",
    "A name for this run in the JSON report.": "本次运行在 JSON 报告中的名字。",
    "No progress bar.": "不显示进度条。",
}

# what click and typer print around the help texts
PANELS = {"ARGUMENTS_PANEL_TITLE": "参数", "OPTIONS_PANEL_TITLE": "选项", "COMMANDS_PANEL_TITLE": "命令",
          "ERRORS_PANEL_TITLE": "错误", "ABORTED_TEXT": "已中止。", "DEFAULT_STRING": "[默认值：{}]",
          "ENVVAR_STRING": "[环境变量：{}]", "REQUIRED_LONG_STRING": "[必填]", "DEPRECATED_STRING": "（已弃用）",
          "RICH_HELP": "请运行 [blue]'{command_path} {help_option}'[/] 查看帮助。"}

SECTIONS = {"Options": "选项", "Arguments": "参数", "Commands": "命令"}
MARKERS = [(r"\[default: (.*?)\]", r"[默认值：\1]"), (r"\[env var: (.*?)\]", r"[环境变量：\1]"),
           (r"\[required\]", "[必填]"), (r"\(deprecated\)", "（已弃用）")]


def _markers(text: str) -> str:
    for pattern, zh in MARKERS:
        text = re.sub(pattern, zh, text)
    return text


# click's usage errors, English pattern -> Chinese (the groups are flags and values, kept as typed)
USAGE_ERRORS = [
    (r"No such option: (\S+)(?: Did you mean (\S+)\?)?",
     lambda m: f"没有这个选项：{m[1]}" + (f"。您是否想输入 {m[2]}？" if m[2] else "")),
    (r"No such option: (\S+) \(Possible options: (.*)\)", lambda m: f"没有这个选项：{m[1]}（可能的选项：{m[2]}）"),
    (r"No such command '(.*)'\.", lambda m: f"没有这个命令：'{m[1]}'。"),
    (r"Missing option '(.*)'\.(.*)", lambda m: f"缺少选项 '{m[1]}'。{_choices(m[2])}"),
    (r"Missing argument '(.*)'\.", lambda m: f"缺少参数 '{m[1]}'。"),
    (r"Missing parameter: (.*)", lambda m: f"缺少参数：{m[1]}"),
    (r"Invalid value for '(.*)': '(.*)' is not one of (.*)\.", lambda m: f"'{m[1]}' 的取值无效：'{m[2]}' 不在 {m[3]} 之中。"),
    (r"Invalid value for '(.*)': '(.*)' is not a valid integer\.", lambda m: f"'{m[1]}' 的取值无效：'{m[2]}' 不是整数。"),
    (r"Invalid value for '(.*)': '(.*)' is not a valid float\.", lambda m: f"'{m[1]}' 的取值无效：'{m[2]}' 不是数值。"),
    (r"Invalid value for '(.*)': '(.*)' is not a valid int\.", lambda m: f"'{m[1]}' 的取值无效：'{m[2]}' 不是整数。"),
    (r"Invalid value for '(.*)': (.*)", lambda m: f"'{m[1]}' 的取值无效：{m[2]}"),
    (r"Option '(.*)' requires an argument\.", lambda m: f"选项 '{m[1]}' 需要一个值。"),
    (r"Option '(.*)' requires (\d+) arguments\.", lambda m: f"选项 '{m[1]}' 需要 {m[2]} 个值。"),
    (r"Option '(.*)' does not take a value\.", lambda m: f"选项 '{m[1]}' 不接受取值。"),
    (r"Got unexpected extra arguments? \((.*)\)", lambda m: f"多出了无法识别的参数（{m[1]}）"),
]


def _choices(rest: str) -> str:
    m = re.search(r"Choose from:\s*(.*)", rest, re.S)
    if not m:
        return rest.strip()
    listed = re.sub(r",\s*", "、", m[1].strip())
    return f"可选：{listed}"


def usage_error_zh(message: str) -> str:
    """click's usage error in Chinese; a message no pattern knows stays as click wrote it."""
    for pattern, say in USAGE_ERRORS:
        m = re.fullmatch(pattern, message.strip(), re.S)
        if m:
            return say(m)
    return message


ARGUMENT_NAMES_ZH = {"flag": "参数", "out_dir": "目录", "old": "旧快照", "new": "新快照"}
TYPE_NAMES_ZH = {"text": "文本", "str": "文本", "integer": "整数", "int": "整数", "float": "数值", "path": "路径",
                 "filename": "文件名"}


def _zh_metavar(param: Any, ctx: Any) -> str | None:
    """A Chinese metavar for a plain-typed option (``<文本>``); choices and switches keep click's own."""
    if getattr(param, "is_flag", False) or getattr(param, "count", False):
        return None
    name = TYPE_NAMES_ZH.get(getattr(param.type, "name", ""))
    if name is None:
        return None
    if getattr(param, "param_type_name", "") == "argument":
        name = ARGUMENT_NAMES_ZH.get(param.name, name)
        return name if param.required else f"[{name}]"
    return f"<{name}>"


def localize(command: Any, lang: str, *, escape_markup: bool = True) -> Any:
    """Put ``lang``'s help into a click command tree (built by ``typer.main.get_command``) and return it.

    ``escape_markup``: typer renders help through rich markup, which would swallow a bracketed text such as
    ``[ratio x len, len]``; escaping makes every help text print as written, in both languages.
    """
    import typer.core
    from rich.markup import escape

    def text(s: str | None) -> str | None:
        if s is None:
            return None
        out = HELP_ZH.get(s, s) if lang == "zh" else s
        return escape(out) if escape_markup and typer.core.HAS_RICH else out

    def walk(cmd: Any, ctx: Any) -> None:
        cmd.help = text(cmd.help)
        if getattr(cmd, "short_help", None):
            cmd.short_help = text(cmd.short_help)
        if lang == "zh":
            cmd.options_metavar = "[选项]"
            if hasattr(cmd, "subcommand_metavar"):
                cmd.subcommand_metavar = "命令 [参数]..."
        for param in cmd.params:
            if getattr(param, "help", None):
                param.help = text(param.help)
            if lang == "zh" and getattr(param, "metavar", None) is None:
                param.metavar = _zh_metavar(param, ctx)
        for sub in (getattr(cmd, "commands", None) or {}).values():
            walk(sub, ctx)

    walk(command, None)
    return command


_CJK_END = re.compile(r"[\u2e80-\u9fff\u3000-\u303f\uff00-\uffef]$")


def wrap_text(text: str, width: int = 78, initial_indent: str = "", subsequent_indent: str = "",
              preserve_paragraphs: bool = False) -> str:
    """click's ``wrap_text`` by display width (CJK characters take two columns), breaking between Chinese
    characters; lines of one paragraph join without a space where Chinese meets Chinese."""
    from .server_help import wrap_display

    paragraphs = re.split(r"\n\s*\n", text.expandtabs()) if preserve_paragraphs else [text.expandtabs()]
    out = []
    for paragraph in paragraphs:
        lines = [line.strip() for line in paragraph.splitlines() if line.strip()]
        if lines and lines[0] == "\b":
            out.append("\n".join(initial_indent + line for line in lines[1:]))
            continue
        joined = ""
        for line in lines:
            joined += ("" if not joined or _CJK_END.search(joined) else " ") + line
        out.append("\n".join(wrap_display(joined, width, initial_indent, subsequent_indent)))
    return "\n\n".join(out)


def install_chinese_chrome() -> None:
    """Chinese help for this process: click's plain layout wrapped by display width (rich crops CJK text it
    cannot break), Chinese panel titles and markers, "用法：", the help option's own help and usage errors."""
    import typer.core
    from typer import rich_utils

    from .server_help import display_width

    typer.core.HAS_RICH = False

    for name, value in PANELS.items():
        if hasattr(rich_utils, name):
            setattr(rich_utils, name, value)
    formatting = click_module("formatting")
    formatting.wrap_text = wrap_text
    formatting.term_len = display_width
    original_usage = formatting.HelpFormatter.write_usage

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        original_usage(self, prog, args, "用法：" if prefix is None else prefix)

    formatting.HelpFormatter.write_usage = write_usage
    original_init = formatting.HelpFormatter.__init__

    def init(self, indent_increment: int = 2, width: int | None = None, max_width: int | None = None) -> None:
        # click caps help at 80 columns; Chinese help uses the terminal's width (display columns, see term_len)
        if max_width is None:
            import shutil

            max_width = shutil.get_terminal_size().columns
        original_init(self, indent_increment, width, max_width)

    formatting.HelpFormatter.__init__ = init
    def write_heading(self, heading: str) -> None:
        self.write(f"{'':>{self.current_indent}}{SECTIONS.get(heading, heading)}：\n")

    formatting.HelpFormatter.write_heading = write_heading
    original_dl = formatting.HelpFormatter.write_dl

    def write_dl(self, rows, col_max: int = 30, col_spacing: int = 2) -> None:
        original_dl(self, [(first, _markers(second)) for first, second in rows], col_max, col_spacing)

    formatting.HelpFormatter.write_dl = write_dl
    core = click_module("core")
    original_help_option = core.Command.get_help_option

    def get_help_option(self, ctx):
        option = original_help_option(self, ctx)
        if option is not None:
            option.help = HELP_ZH["Show this message and exit."]
        return option

    core.Command.get_help_option = get_help_option
    exceptions = click_module("exceptions")
    for cls in (getattr(exceptions, n) for n in dir(exceptions)):
        if isinstance(cls, type) and issubclass(cls, exceptions.ClickException) and "format_message" in vars(cls):
            setattr(cls, "format_message", _in_chinese(vars(cls)["format_message"]))  # noqa: B010 - mypy: a method

    def show(self, file=None) -> None:  # click's plain error display (no rich), in Chinese
        from sys import stderr

        out = file or stderr
        if self.ctx is not None:
            hint = ""
            if self.ctx.command.get_help_option(self.ctx) is not None:
                hint = f"请运行 '{self.ctx.command_path} {self.ctx.help_option_names[0]}' 查看帮助。\n"
            out.write(f"{self.ctx.get_usage()}\n{hint}\n")
        out.write(f"错误：{self.format_message()}\n")

    exceptions.UsageError.show = show


def _in_chinese(format_message):
    def wrapped(self) -> str:
        return usage_error_zh(format_message(self))

    return wrapped
