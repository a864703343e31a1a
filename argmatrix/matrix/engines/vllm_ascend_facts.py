"""What vLLM-Ascend itself says about running vLLM on Ascend NPUs, per release: the release-dependent facts come
from the fixtures ``tests/fixtures/vllm-ascend-<release>.json`` (read from each release's source by
``tools/vllm_ascend_release.py``) through the generated table :mod:`.vllm_ascend_releases`; this module keeps what
a person writes, keyed by name: help text, reasons, fix hints and the predicates of resets and checks.

* :func:`features`: the rows of ``docs/source/user_guide/support_matrix/supported_features.md`` with their status
  per chip as the release's page gives it, and the vLLM flags that turn each feature on.  The page gives no
  per-chip split, so its status holds for A2 and A3; 310P and A5 are ``unverified``.
* :func:`quantization_methods`: the ``--quantization`` methods the release registers on NPU, per chip.
* :data:`RESETS`: values vLLM-Ascend replaces at start-up (``NPUPlatform.check_and_update_config`` and what it
  calls), with or without a log line.  A warning, never an error: the launch goes on with the new value.
* :data:`NPU_DEFAULTS`: values vLLM-Ascend picks where the user gave none and that differ from vLLM's (same
  shape as a reset; nothing to warn about).
* :func:`additional_keys`: every ``--additional-config`` key the release reads (nested keys as dotted paths), and
  the keys it does not read: removed ones (with their successor) and ones only a later release reads.
* :data:`STARTUP_CHECKS`: vLLM-Ascend's own start-up refusals (``raise``/``assert``) and warnings that depend only
  on the arguments, not on the model's config.json, the device or the environment.
* :func:`compatibility`: which vLLM release each vLLM-Ascend release pairs with.

Each reset and check cites the check it ports by content (:class:`Cite`: file, enclosing function, the test's
source text as ``ast.unparse`` writes it), never by line; the tool resolves every citation in every held release
(``vllm_ascend_releases.CITATIONS``), so a row applies only to releases whose code has its check, and the line
shown is the resolution's.

Conditions (``Reset.when``, ``StartupCheck.violated``) read one mapping of *resolved* vLLM values keyed by vLLM's
dest names (``tensor_parallel_size``, ``enforce_eager``, ...); the JSON settings (``compilation_config``,
``speculative_config``, ``kv_transfer_config``, ``attention_config``, ``eplb_config``, ``additional_config``) are
plain dicts.  A missing key means "vLLM's default".  Three keys are not vLLM dests:

* ``use_v2_model_runner``: whether Model Runner V2 is in use.  On Ascend only ``VLLM_USE_V2_MODEL_RUNNER`` decides
  it, and unset means False (vllm_ascend/patch/platform/patch_use_v2_model_runner.py:14-17).
* ``v1_eplb_env``: whether ``DYNAMIC_EPLB`` or ``EXPERT_MAP_RECORD`` is ``true``/``1`` in the environment
  (vllm_ascend/platform.py:764-766).
* ``target``: the chip argmatrix checks against (``"a2"``, ``"a3"``, ``"310p"``, ``"a5"``); missing means "not
  known", and chip-bound rows then do not fire.

Conditions never raise, whatever the types of the values: a value of the wrong type counts as unset.

Flags are vLLM's spellings; a JSON setting's key is written dotted (``--compilation-config.cudagraph_mode``), and an
``--additional-config`` key as ``--additional-config.<dotted key>``.  Every description is in our own words.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from ...records import record, replace
from ...schema.meta import Text
from . import vllm_ascend_releases as held

# the releases held, oldest first (``main``, a dated commit after every release, last); the newest is the default
RELEASES: tuple[str, ...] = held.RELEASES
NEWEST = RELEASES[-1]
COMMIT: str = held.SOURCES["main"]["commit"]
_SHORT = COMMIT[:10]
# main after the v0.23.0 release (v0.23.0 and v0.25.1rc1 are tags on release branches, not ancestors of this
# commit); its docs pin v0.23.0 (mkdocs.yml:160-163)
READ_FROM = {"repo": "vllm-project/vllm-ascend", "commit": COMMIT,
             "release": f"main after v0.23.0, {held.SOURCES['main']['date'][:10]}"}


class UnknownRelease(ValueError):
    """A vLLM-Ascend release argmatrix holds no fixture for."""


def release_of(text: str | None) -> str:
    """A held release named by ``text`` (``v0.23.0.post1``, ``0.23.0.post1``, ``main``); the newest for None.
    A release named without its post suffix (``0.23.0``) is the newest held post release of it."""
    if text is None:
        return NEWEST
    name = text.strip().lstrip("vV")
    if name in RELEASES:
        return name
    posts = [r for r in RELEASES if r.startswith(name + ".post")]
    if posts:
        return posts[-1]
    raise UnknownRelease(name)


def pinned_vllm(release: str) -> str:
    """The vLLM release ``release`` runs on (its versioning-policy row; main: .github/vllm-release-tag.commit)."""
    return str(held.VLLM_PINS[release])


def release_order(release: str) -> int:
    return RELEASES.index(release)

CHIPS = ("a2", "a3", "310p", "a5")


def _at(path: str, line: int | str, commit: str = _SHORT) -> str:
    return f"{path}:{line}@{commit}"


_PLATFORM = "vllm_ascend/platform.py"
_CONFIG = "vllm_ascend/ascend_config.py"
_UTILS = "vllm_ascend/utils.py"
_FEATURES_MD = "docs/source/user_guide/support_matrix/supported_features.md"
_ADDITIONAL_MD = "docs/source/user_guide/configuration/additional_config.md"
_RELEASE_NOTES = "docs/source/user_guide/release_notes.md"
_VERSIONING = "docs/source/community/versioning_policy.md"


# ---------------------------------------------------------------------------------------------------------------
# reading the values mapping (never raises)
# ---------------------------------------------------------------------------------------------------------------
_MISSING: Any = object()


_MAPPING_TYPES: set[type] = set()  # the Mapping classes (the predicates' view) met so far
_PATHS: dict[str, tuple[str, ...]] = {}  # "a.b.c" -> its steps, split once: the rules ask ~200 times a launch


def _get(v: Mapping[str, Any], dotted: str, default: Any = None) -> Any:
    """``v["a"]["b"]["c"]`` for ``"a.b.c"``; ``default`` where a step is missing or not a mapping."""
    steps = _PATHS.get(dotted)
    if steps is None:
        steps = _PATHS[dotted] = tuple(dotted.split("."))
    cur: Any = v
    for part in steps:
        kind = type(cur)
        if kind is not dict and kind not in _MAPPING_TYPES:
            if not isinstance(cur, Mapping):  # an ABC check, slow: each type that passes it is remembered
                return default
            _MAPPING_TYPES.add(kind)
        if part not in cur:
            return default
        cur = cur[part]
    return cur


def _has(v: Mapping[str, Any], dotted: str) -> bool:
    return _get(v, dotted, _MISSING) is not _MISSING


def _set(v: Mapping[str, Any], dotted: str) -> bool:
    """A vLLM value is set: present and not None (vLLM's None means "resolve it later")."""
    return _get(v, dotted) is not None


def _ac(v: Mapping[str, Any], dotted: str, default: Any = None) -> Any:
    return _get(v, "additional_config." + dotted, default)


def _num(x: Any, default: float) -> Any:
    return x if isinstance(x, (int, float)) and not isinstance(x, bool) else default


def _n(v: Mapping[str, Any], dotted: str, default: float) -> Any:
    return _num(_get(v, dotted), default)


def _sched(v: Mapping[str, Any], key: str, default: Any = None) -> Any:
    """A scheduler-extension setting: ``scheduler_config.<key>`` first, then the deprecated top-level key."""
    if _has(v, "additional_config.scheduler_config." + key):
        return _ac(v, "scheduler_config." + key, default)
    return _ac(v, key, default)


def _sched_on(v: Mapping[str, Any], key: str) -> bool:
    return bool(_get({"x": _sched(v, key)}, "x.enabled"))


def _dlb_on(v: Mapping[str, Any]) -> bool:
    """DyntraLB is read from scheduler_config only, with no top-level spelling (ascend_config.py:1205)."""
    return bool(_ac(v, "scheduler_config.dyntra_lb_config.enabled"))


def _kv_role(v: Mapping[str, Any]) -> Any:
    return _get(v, "kv_transfer_config.kv_role")


def _kv_set(v: Mapping[str, Any]) -> bool:
    return isinstance(v.get("kv_transfer_config"), Mapping)


def _kv_consumer(v: Mapping[str, Any]) -> bool:
    """vLLM's ``KVTransferConfig.is_kv_consumer``: a connector, and role kv_consumer or kv_both."""
    return _kv_set(v) and _get(v, "kv_transfer_config.kv_connector") is not None and _kv_role(v) in (
        "kv_consumer", "kv_both")


def _tp(v: Mapping[str, Any]) -> Any:
    return _n(v, "tensor_parallel_size", 1)


def _dp(v: Mapping[str, Any]) -> Any:
    return _n(v, "data_parallel_size", 1)


def _pp(v: Mapping[str, Any]) -> Any:
    return _n(v, "pipeline_parallel_size", 1)


def _mrv2(v: Mapping[str, Any]) -> bool:
    return v.get("use_v2_model_runner") is True


# vLLM's ParallelConfig.use_sequence_parallel_moe: these all2all backends with EP, TP > 1 and DP > 1
_SP_ALL2ALL = ("allgather_reducescatter", "deepep_high_throughput", "deepep_low_latency", "deepep_v2",
               "flashinfer_nvlink_one_sided", "passthrough", "mori_high_throughput", "mori_low_latency", "nixl_ep")


def _sp(v: Mapping[str, Any]) -> bool:
    """Whether vLLM turns on sequence-parallel MoE (vLLM-Ascend's ``enable_sp``, vllm_ascend/utils.py:807-826)."""
    return (v.get("all2all_backend") or "allgather_reducescatter") in _SP_ALL2ALL and bool(
        v.get("enable_expert_parallel")) and _tp(v) > 1 and _dp(v) > 1


def _shared_expert_dp(v: Mapping[str, Any]) -> bool:
    """``enable_shared_expert_dp`` as vLLM-Ascend keeps it: only with EP and TP > 1 (ascend_config.py:113-117)."""
    return bool(_ac(v, "enable_shared_expert_dp")) and bool(v.get("enable_expert_parallel")) and _tp(v) > 1


_CUDAGRAPH_MODES = ("NONE", "PIECEWISE", "FULL", "FULL_DECODE_ONLY", "FULL_AND_PIECEWISE")


def _cudagraph_mode(v: Mapping[str, Any]) -> str:
    """The graph mode asked for: explicit, else NONE under --enforce-eager, else vLLM's FULL_AND_PIECEWISE."""
    mode = _get(v, "compilation_config.cudagraph_mode")
    if isinstance(mode, int) and not isinstance(mode, bool) and 0 <= mode < len(_CUDAGRAPH_MODES):
        return _CUDAGRAPH_MODES[mode]
    if isinstance(mode, str) and mode.upper() in _CUDAGRAPH_MODES:
        return mode.upper()
    return "NONE" if v.get("enforce_eager") else "FULL_AND_PIECEWISE"


def _compilation_mode(v: Mapping[str, Any]) -> Any:
    """``compilation_config.mode`` as vLLM's CompilationMode name, None when unset."""
    names = ("NONE", "STOCK_TORCH_COMPILE", "DYNAMO_TRACE_ONCE", "VLLM_COMPILE")
    mode = _get(v, "compilation_config.mode")
    if isinstance(mode, int) and not isinstance(mode, bool) and 0 <= mode < len(names):
        return names[mode]
    return mode.upper() if isinstance(mode, str) else None


def _block_size(v: Mapping[str, Any]) -> Any:
    return _n(v, "block_size", 128)  # NPU default (vllm_ascend/utils.py:1173-1174)


def _effective_block_size(v: Mapping[str, Any]) -> Any:
    """The block size after vllm_ascend/utils.py:1195-1198: 128 with prefix caching or chunked prefill (both on by
    default; hybrid and DeepSeek-V4 models aside, which need the model to know)."""
    if v.get("enable_prefix_caching") is not False or v.get("enable_chunked_prefill") is not False:
        return 128
    return _block_size(v)


def _xlite(v: Mapping[str, Any]) -> bool:
    return bool(_ac(v, "xlite_graph_config.enabled"))


def _spec_tokens(v: Mapping[str, Any]) -> Any:
    return _n(v, "speculative_config.num_speculative_tokens", 0)


def _fused_mc2(v: Mapping[str, Any]) -> Any:
    return _ac(v, "enable_fused_mc2", 0)


def _tp_sizes(v: Mapping[str, Any]) -> list[Any]:
    names = ("oproj", "lmhead", "embedding", "mlp", "olora")
    return [_num(_ac(v, f"finegrained_tp_config.{n}_tensor_parallel_size"), 0) for n in names]


def _not_type(x: Any, *types: type) -> bool:
    return x is not None and not isinstance(x, types)


def _not_int(x: Any) -> bool:
    return x is not None and (not isinstance(x, int) or isinstance(x, bool))


def _unknown(v: Mapping[str, Any], dotted: str, known: tuple[str, ...]) -> bool:
    sub = _get(v, dotted)
    return isinstance(sub, Mapping) and bool(set(sub) - set(known))


# ---------------------------------------------------------------------------------------------------------------
# the supported-features page
# ---------------------------------------------------------------------------------------------------------------
FEATURE_STATUSES: dict[str, Text] = {
    "functional": Text("Functional", "支持"),  # the words of the other pages' statuses
    "experimental": Text("Experimental", "实验特性"),
    "wip": Text("Work in progress", "开发中"),
    "planned": Text("Planned", "规划中"),
    "no_plan": Text("No plan or deprecated", "无计划或已弃用"),
    "unverified": Text("Unverified: vLLM-Ascend's docs say nothing for this chip",
                       "未验证：vLLM-Ascend 文档未提及该芯片"),
}
# the page's own words for each status (supported_features.md:33-37)
FEATURE_STATUS_SPELLINGS: dict[str, str] = {
    "functional": "🟢 Functional", "experimental": "🔵 Experimental", "wip": "🚧 WIP", "planned": "🟡 Planned",
    "no_plan": "🔴 NO plan/Deprecated",
}


@record
class Feature:
    """One row of vLLM-Ascend's supported-features page, as one release's page has it."""

    key: str
    title: Text
    status: dict[str, str]      # chip -> a key of FEATURE_STATUSES
    flags: tuple[str, ...]      # the vLLM flags / dotted keys that turn it on (empty: a request or the model does)
    note: Text | None
    source: str


@record
class FeatureText:
    """What a person writes about a feature row, keyed by the page's own title."""

    key: str
    page_title: str
    title: Text
    flags: tuple[str, ...]
    note: Text | None


def _per_chip(status: str) -> dict[str, str]:
    return {"a2": status, "a3": status, "310p": "unverified", "a5": "unverified"}


_PAGE_TITLES = {
    "chunked_prefill": "Chunked Prefill", "prefix_caching": "Automatic Prefix Caching", "lora": "LoRA",
    "speculative_decoding": "Speculative decoding", "pooling": "Pooling", "encoder_decoder": "Enc-dec",
    "multimodal": "Multi Modality", "logprobs": "LogProbs", "prompt_logprobs": "Prompt logProbs",
    "async_output": "Async output", "beam_search": "Beam search", "guided_decoding": "Guided Decoding",
    "tensor_parallel": "Tensor Parallel", "pipeline_parallel": "Pipeline Parallel", "expert_parallel": "Expert Parallel",
    "data_parallel": "Data Parallel", "pd_disaggregation": "Prefill Decode Disaggregation",
    "quantization": "Quantization", "graph_mode": "Graph Mode", "sleep_mode": "Sleep Mode",
    "context_parallel": "Context Parallel",
}


def _feature(key: str, title: Text, flags: tuple[str, ...], note: Text | None) -> FeatureText:
    """A row as a person describes it; its line and status come from each release's page (the fixture)."""
    return FeatureText(key, _PAGE_TITLES[key], title, flags, note)


FEATURE_TEXTS: tuple[FeatureText, ...] = (
    _feature("chunked_prefill", Text("Chunked prefill", "分块预填充"),
             ("--enable-chunked-prefill", "--max-num-batched-tokens"),
             Text("On by default in vLLM; --max-num-batched-tokens sets the chunk.",
                  "vLLM 默认开启；分块大小由 --max-num-batched-tokens 决定。")),
    _feature("prefix_caching", Text("Automatic prefix caching", "自动前缀缓存"),
             ("--enable-prefix-caching",),
             Text("On by default in vLLM; on NPU it forces the KV block size to 128.",
                  "vLLM 默认开启；在 NPU 上会把 KV 块大小固定为 128。")),
    _feature("lora", Text("LoRA", "LoRA 适配器"), ("--enable-lora", "--lora-modules", "--max-loras"),
             None),
    _feature("speculative_decoding", Text("Speculative decoding", "投机解码"),
             ("--speculative-config",), Text("Basic support.", "基础支持。")),
    _feature("pooling", Text("Pooling (embedding, reranking)", "池化（向量化、重排序）"),
             ("--runner", "--convert"),
             Text("More models still need CI coverage.", "仍需为更多模型补充 CI 覆盖。")),
    _feature("encoder_decoder", Text("Encoder-decoder models", "编码器-解码器模型"), (),
             Text("Waits for vLLM to support it first; chosen by the model, not by a flag.",
                  "需要 vLLM 先行支持；由模型决定，没有对应参数。")),
    _feature("multimodal", Text("Multimodal inputs", "多模态输入"), (),
             Text("Chosen by the model; more models are being adapted.", "由模型决定；更多模型正在适配中。")),
    _feature("logprobs", Text("Logprobs", "输出 logprobs"), (),
             Text("Asked for per request; CI still needed.", "按请求开启；仍需 CI 覆盖。")),
    _feature("prompt_logprobs", Text("Prompt logprobs", "提示词 logprobs"), (),
             Text("Asked for per request; CI still needed.", "按请求开启；仍需 CI 覆盖。")),
    _feature("async_output", Text("Async output", "异步输出"), (),
             Text("CI still needed.", "仍需 CI 覆盖。")),
    _feature("beam_search", Text("Beam search", "束搜索"), (),
             Text("Asked for per request; CI still needed.", "按请求开启；仍需 CI 覆盖。")),
    _feature("guided_decoding", Text("Guided decoding (structured output)", "结构化输出"),
             ("--structured-outputs-config",), None),
    _feature("tensor_parallel", Text("Tensor parallelism", "张量并行"),
             ("--tensor-parallel-size",),
             Text("Making TP > 4 work with graph mode is the next step.", "下一步是让 TP > 4 支持图模式。")),
    _feature("pipeline_parallel", Text("Pipeline parallelism", "流水线并行"),
             ("--pipeline-parallel-size",), None),
    _feature("expert_parallel", Text("Expert parallelism", "专家并行"),
             ("--enable-expert-parallel", "--enable-eplb"),
             Text("EPLB: the legacy one under Model Runner V1 (--additional-config eplb_config), vLLM's own "
                  "synchronous one (--enable-eplb) under Model Runner V2.",
                  "EPLB：`Model Runner V1` 使用旧版实现（--additional-config 的 eplb_config），`Model Runner V2` 使用 "
                  "vLLM 自带的同步实现（--enable-eplb）。")),
    _feature("data_parallel", Text("Data parallelism", "数据并行"),
             ("--data-parallel-size",), None),
    _feature("pd_disaggregation", Text("Prefill/decode disaggregation", "预填充/解码分离"),
             ("--kv-transfer-config",), Text("xPyD is supported.", "支持 `xPyD` 部署。")),
    _feature("quantization", Text("Quantization", "量化"), ("--quantization",),
             Text("W8A8 works; more methods (W4A8, ...) are being added. ModelSlim weights need --quantization "
                  "ascend; LLM-Compressor weights need no flag.",
                  "W8A8 可用，W4A8 等更多方法正在支持中。ModelSlim 量化的权重需要 `--quantization ascend`；"
                  "`LLM-Compressor` 量化的权重无需该参数。")),
    _feature("graph_mode", Text("Graph mode (ACL Graph)", "图模式（ACL Graph）"),
             ("--compilation-config.cudagraph_mode", "--compilation-config"),
             Text("On by default (FULL_AND_PIECEWISE); --enforce-eager turns it off.",
                  "默认开启（FULL_AND_PIECEWISE）；--enforce-eager 可关闭。")),
    _feature("sleep_mode", Text("Sleep mode", "睡眠模式"), ("--enable-sleep-mode",), None),
    _feature("context_parallel", Text("Context parallelism", "上下文并行"),
             ("--decode-context-parallel-size", "--prefill-context-parallel-size"),
             Text("Prefill context parallelism needs Model Runner V2 (VLLM_USE_V2_MODEL_RUNNER=1).",
                  "预填充上下文并行需要 `Model Runner V2`（VLLM_USE_V2_MODEL_RUNNER=1）。")),
)


def _norm_title(title: str) -> str:
    return " ".join(title.lower().split())


@cache
def features(release: str = NEWEST) -> tuple[Feature, ...]:
    """The feature rows of ``release``'s supported-features page that argmatrix describes, with that page's
    statuses (a release without the page: none)."""
    rows = held.FEATURES[release] or []
    by_title = {_norm_title(title): (status, line) for title, status, line in rows}
    out = []
    for text in FEATURE_TEXTS:
        found = by_title.get(_norm_title(text.page_title))
        if found is not None:
            status, line = found
            out.append(Feature(text.key, text.title, _per_chip(status), text.flags, text.note,
                               f"{_FEATURES_MD}:{line}@{release}"))
    return tuple(out)


FEATURES: tuple[Feature, ...] = features(NEWEST)


# ---------------------------------------------------------------------------------------------------------------
# quantization methods registered on NPU
# ---------------------------------------------------------------------------------------------------------------
_NOT_310P = ("a2", "a3", "a5")
# A module under vllm_ascend/_310p/ registers a method for 310P; the others register it for A2, A3 and A5 (on 310P
# only the _310p ModelSlim config is imported: platform.py's pre_register_and_update).
_DEVICE_CHIPS = {"npu": _NOT_310P, "310p": ("310p",)}


@cache
def quantization_methods(release: str = NEWEST) -> dict[str, tuple[str, ...]]:
    """The ``--quantization`` methods ``release`` registers (``register_quantization_config``), per chip.  A release
    with no 310P module of its own (0.13.0) imports the same configs on every chip."""
    registered = held.QUANTIZATION[release]
    per_device = any("310p" in devices for devices in registered.values())
    return {m: tuple(c for c in CHIPS if not per_device or any(c in _DEVICE_CHIPS[d] for d in devices))
            for m, devices in registered.items()}


@cache
def quantization_sources(release: str = NEWEST) -> dict[str, tuple[str, ...]]:
    return {m: tuple(f"{site}@{release}" for site in sites) for m, sites in held.QUANTIZATION_SOURCES[release].items()}


def kv_connectors(release: str = NEWEST) -> dict[str, str]:
    """The ``--kv-transfer-config`` ``kv_connector`` names ``release``'s plugin registers with vLLM's
    KVConnectorFactory when it loads (name -> its ``register_connector`` call, file:line)."""
    return dict(held.KV_CONNECTORS.get(release, {}))


QUANTIZATION_METHODS: dict[str, tuple[str, ...]] = quantization_methods(NEWEST)
QUANTIZATION_SOURCES: dict[str, tuple[str, ...]] = quantization_sources(NEWEST)
QUANTIZATION_LIST_SOURCE = _at(_PLATFORM, 88)


# ---------------------------------------------------------------------------------------------------------------
# values vLLM-Ascend replaces at start-up
# ---------------------------------------------------------------------------------------------------------------
@record
class Cite:
    """The check a row ports, by content: the file, the enclosing function (``Class.method``) and the test's
    source text (an ``if``'s or ``assert``'s condition, or a whole assignment), as ``ast.unparse`` writes it;
    ``nth`` tells apart identical tests in one function."""

    file: str
    function: str
    text: str
    nth: int = 0


def _cite(path: str, function: str, text: str, nth: int = 0) -> Cite:
    return Cite(path, function, text, nth)


def resolved(kind: str, row_id: str) -> dict[str, int]:
    """Release -> line of the check a row cites, for every held release whose code has it."""
    return dict(held.CITATIONS.get(f"{kind}:{row_id}", {}))


class Cited:
    """A row that cites a check of vLLM-Ascend's code by content (``cite``), resolved per held release: a reset or a
    start-up check.  It applies to the releases whose code has the check."""

    id: str
    cite: Cite
    kind: str

    def lines(self) -> dict[str, int]:
        return resolved(self.kind, self.id)

    @property
    def cites(self) -> tuple[Cite, ...]:
        """The citation, then the same check where older releases' code has it elsewhere."""
        return (self.cite, *MOVED.get(f"{self.kind}:{self.id}", ()))

    def applies_to(self, release: str) -> bool:
        return release in self.lines()

    def source_in(self, release: str) -> str:
        """``file:line@release`` where ``release`` has the check, else the citation's file and function."""
        line = self.lines().get(release)
        return f"{self.cite.file}:{line}@{release}" if line is not None else f"{self.cite.file} {self.cite.function}"

    @property
    def source(self) -> str:
        """Where the newest held release that has the check has it."""
        lines = self.lines()
        return self.source_in(next((r for r in reversed(RELEASES) if r in lines), NEWEST))


@record
class Reset(Cited):
    """A value vLLM-Ascend changes on NPU.  ``becomes`` is the new value, or a callable over the values giving it."""

    id: str
    flag: str
    when: Callable[[Mapping[str, Any]], bool]
    becomes: Any
    reason: Text
    cite: Cite
    kind: str = "reset"


def _truthy(dotted: str) -> Callable[[Mapping[str, Any]], bool]:
    return lambda v: bool(_get(v, dotted))


def _given(dotted: str) -> Callable[[Mapping[str, Any]], bool]:
    return lambda v: _get(v, dotted) is not None


_GPU_ATTENTION_SWITCHES = (  # platform.py:627-634: attention_config switches forced to False
    ("use_prefill_decode_attention", Text("the split prefill/decode attention path", "预填充/解码分离的注意力路径")),
    ("use_cudnn_prefill", Text("cuDNN prefill", "cuDNN 预填充")),
    ("use_trtllm_ragged_deepseek_prefill", Text("TensorRT-LLM ragged DeepSeek prefill",
                                                "`TensorRT-LLM` 的 DeepSeek 不规则预填充")),
    ("use_trtllm_attention", Text("TensorRT-LLM attention in FlashInfer", "FlashInfer 中的 `TensorRT-LLM` 注意力")),
    ("disable_flashinfer_prefill", Text("FlashInfer prefill", "FlashInfer 预填充")),
    ("disable_flashinfer_q_quantization", Text("FlashInfer query quantization", "FlashInfer 的查询向量量化")),
)

_SCHEDULER_CLS_RESETS = (
    # (id, when, class, what, what_zh, line)
    ("scheduler-cls-short-request-first",
     lambda v: _sched_on(v, "short_request_first_config") and bool(v.get("async_scheduling")),
     "vllm_ascend.core.short_request_first_scheduler.ShortRequestFirstAsyncScheduler",
     "ShortRequestFirst with async scheduling", "ShortRequestFirst 与异步调度", _cite(_PLATFORM, '_check_ascend_config', 'vllm_config.scheduler_config.async_scheduling')),
    ("scheduler-cls-dyntra-lb",
     lambda v: _dlb_on(v) and not _sched(v, "recompute_scheduler_enable"),
     lambda v: "vllm_ascend.core.dyntra_lb_scheduler." + (
         "AsyncDyntraLBScheduler" if v.get("async_scheduling") else "DyntraLBScheduler"),
     "DyntraLB", "DyntraLB", _cite(_PLATFORM, '_setup_worker_and_scheduler', 'scheduler_config.dyntra_lb_config.enabled and (not scheduler_config.recompute_scheduler_enable)')),
    ("scheduler-cls-profiling-chunk", lambda v: _sched_on(v, "profiling_chunk_config"),
     "vllm_ascend.core.scheduler_profiling_chunk.ProfilingChunkScheduler",
     "dynamic chunked pipeline parallelism (profiling_chunk_config)",
     "动态分块流水线并行（profiling_chunk_config）", _cite(_PLATFORM, '_setup_worker_and_scheduler', 'scheduler_config.profiling_chunk_config.enabled')),
    ("scheduler-cls-batch-job", lambda v: _sched_on(v, "batch_job_sched_config"),
     lambda v: "vllm_ascend.core.batch_job_aware_scheduler." + (
         "BatchJobAwareAsyncScheduler" if v.get("async_scheduling") else "BatchJobAwareScheduler"),
     "the batch-job-aware scheduler", "批任务感知调度器", _cite(_PLATFORM, '_setup_worker_and_scheduler', 'vllm_config.scheduler_config.async_scheduling')),
    ("scheduler-cls-recompute",
     lambda v: bool(_sched(v, "recompute_scheduler_enable")) and _kv_set(v) and _kv_role(v) == "kv_consumer",
     lambda v: "vllm_ascend.core.recompute_scheduler." + ("Async" if v.get("async_scheduling") else "") + (
         "DyntraLBRecomputeScheduler" if _dlb_on(v) else "RecomputeScheduler"),
     "the recompute scheduler", "重计算调度器", _cite(_PLATFORM, '_check_ascend_config', "kv_transfer_config is None or kv_role != 'kv_consumer'")),
)


def _if_scheduler_cls_set(when: Callable[[Mapping[str, Any]], bool]) -> Callable[[Mapping[str, Any]], bool]:
    """A scheduler class only counts as replaced when the user chose one (--scheduler-cls)."""
    return lambda v: v.get("scheduler_cls") is not None and when(v)


def _tp_aligned_sizes(v: Mapping[str, Any]) -> Any:
    sizes = _get(v, "compilation_config.cudagraph_capture_sizes")
    tp = _tp(v)
    if not isinstance(sizes, (list, tuple)) or not tp:
        return sizes
    return [s for s in sizes if isinstance(s, int) and s % tp == 0]


def _needs_tp_aligned_sizes(v: Mapping[str, Any]) -> bool:
    """platform.py:1043-1048: SP, shared-expert DP or DSA-CP, with TP > 1 and a graph mode."""
    return (_tp(v) > 1 and _cudagraph_mode(v) != "NONE" and not v.get("enforce_eager")
            and (_sp(v) or _shared_expert_dp(v) or bool(_ac(v, "enable_dsa_cp"))))


def _round_up(v: Mapping[str, Any]) -> Any:
    step = _tp(v) * _n(v, "prefill_context_parallel_size", 1)
    tokens = _n(v, "max_num_batched_tokens", 0)
    return -(-tokens // step) * step if step else tokens


def _sampled_sizes(v: Mapping[str, Any]) -> Any:
    """platform.py:1342-1352: four sizes spread evenly over the list, first and last kept."""
    sizes = _get(v, "compilation_config.cudagraph_capture_sizes")
    if not isinstance(sizes, (list, tuple)) or len(sizes) <= 4:
        return sizes
    step = (len(sizes) - 1) / 3
    idx = [round(i * step) for i in range(4)]
    idx[0], idx[-1] = 0, len(sizes) - 1
    return [sizes[i] for i in idx]


def _default_capture_max(v: Mapping[str, Any]) -> Any:
    """platform.py:1275-1309: max_num_seqs x (1 + speculative tokens), at most 512; vLLM doubles it, Ascend does not."""
    seqs = _n(v, "max_num_seqs", 0)
    return min(seqs * (1 + _spec_tokens(v)), 512) if seqs else None


RESETS: tuple[Reset, ...] = (
    # --- _fix_incompatible_config (platform.py:518-746): GPU-only settings put back to safe values -----------
    Reset("disable-cascade-attn", "--disable-cascade-attn", _truthy("disable_cascade_attn"), False,
          Text("Cascade attention is a GPU kernel choice; vLLM-Ascend puts the switch back to False.",
               "级联注意力是 GPU 算子的选择；vLLM-Ascend 会把该开关改回 `False`。"), _cite(_PLATFORM, '_fix_incompatible_config', "getattr(model_config, 'disable_cascade_attn', False)")),
    Reset("calculate-kv-scales", "--calculate-kv-scales", _truthy("calculate_kv_scales"), False,
          Text("Computing KV-cache scales at run time is not supported on NPU (the flag is gone from vLLM 0.32's "
               "parser).", "NPU 不支持运行时计算 KV 缓存缩放因子（vLLM 0.32 的解析器已无此参数）。"),
          _cite(_PLATFORM, '_fix_incompatible_config', "getattr(vllm_config.cache_config, 'calculate_kv_scales', False)")),
    Reset("mm-encoder-attn-backend", "--mm-encoder-attn-backend", _given("mm_encoder_attn_backend"), None,
          Text("NPU picks the multimodal encoder's attention itself; the chosen backend is dropped.",
               "NPU 自行选择多模态编码器的注意力实现，指定的后端会被丢弃。"), _cite(_PLATFORM, '_fix_incompatible_config', "getattr(multimodal_config, 'mm_encoder_attn_backend', None) is not None")),
    Reset("enable-layerwise-nvtx-tracing", "--enable-layerwise-nvtx-tracing",
          _truthy("enable_layerwise_nvtx_tracing"), False,
          Text("NVTX tracing needs NVIDIA tools.", "NVTX 跟踪依赖 NVIDIA 工具。"), _cite(_PLATFORM, '_fix_incompatible_config', "getattr(vllm_config.observability_config, 'enable_layerwise_nvtx_tracing', False)")),
    Reset("max-num-partial-prefills", "--max-num-partial-prefills",
          lambda v: _n(v, "max_num_partial_prefills", 1) != 1, 1,
          Text("Concurrent partial prefills are a ROCm optimisation (the flag is gone from vLLM 0.32's parser).",
               "并发部分预填充是 ROCm 专用优化（vLLM 0.32 的解析器已无此参数）。"), _cite(_PLATFORM, '_fix_incompatible_config', "getattr(vllm_config.scheduler_config, 'max_num_partial_prefills', 1) != 1")),
    Reset("speculative-quantization", "--speculative-config.quantization", _given("speculative_config.quantization"),
          None, Text("The draft model always uses the main model's quantization on NPU.",
                     "在 NPU 上草稿模型总是沿用主模型的量化方法。"), _cite(_PLATFORM, '_fix_incompatible_config', "getattr(vllm_config.speculative_config, 'quantization', None) is not None")),
    Reset("kv-buffer-size", "--kv-transfer-config.kv_buffer_size",
          lambda v: _n(v, "kv_transfer_config.kv_buffer_size", 1e9) != 1e9, 1e9,
          Text("The KV buffer size is tuned for NCCL connectors; NPU puts it back to 1e9.",
               "KV 缓冲区大小针对 NCCL 连接器调优；NPU 上改回 1e9。"), _cite(_PLATFORM, '_fix_incompatible_config', 'vllm_config.kv_transfer_config')),
    Reset("enable-permute-local-kv", "--kv-transfer-config.enable_permute_local_kv",
          _truthy("kv_transfer_config.enable_permute_local_kv"), False,
          Text("Local KV permutation belongs to a GPU connector.", "本地 KV 重排属于 GPU 连接器的功能。"),
          _cite(_PLATFORM, '_fix_incompatible_config', "getattr(vllm_config.kv_transfer_config, 'enable_permute_local_kv', False)")),
    Reset("kv-engine-id-suffix", "--kv-transfer-config.engine_id", _given("kv_transfer_config.engine_id"),
          lambda v: f"{_get(v, 'kv_transfer_config.engine_id')}-<uuid4 hex>",
          Text("A random suffix is added so that prefill and decode instances, or restarts, never share an engine "
               "id.", "会追加随机后缀，使预填充实例、解码实例以及重启后的实例不会共用同一个引擎 ID。"),
          _cite(_PLATFORM, '_fix_incompatible_config', "not getattr(vllm_config.kv_transfer_config, '_engine_id_patched', False)")),
    *(Reset(f"attention-{name.replace('_', '-')}", f"--attention-config.{name}", _truthy(f"attention_config.{name}"),
            False, Text(f"{what.en} is NVIDIA-only; NPU uses its own attention backend.",
                        f"{what.zh}仅适用于 NVIDIA；NPU 使用自己的注意力后端。"), _cite(_PLATFORM, '_fix_incompatible_config', 'vllm_config.attention_config'))
      for name, what in _GPU_ATTENTION_SWITCHES),
    Reset("flash-attn-version", "--attention-config.flash_attn_version", _given("attention_config.flash_attn_version"),
          None, Text("FlashAttention versions do not apply; NPU uses its own attention backend.",
                     "FlashAttention 版本不适用；NPU 使用自己的注意力后端。"), _cite(_PLATFORM, '_fix_incompatible_config', "getattr(att_config, 'flash_attn_version', None) is not None")),
    Reset("attention-backend", "--attention-backend", _given("attention_backend"), None,
          Text("NPU always uses the attention backend vLLM-Ascend registers (logged at info level only).",
               "NPU 总是使用 vLLM-Ascend 注册的注意力后端（仅以 `info` 级别记录日志）。"), _cite(_PLATFORM, '_fix_incompatible_config', "getattr(att_config, 'backend', None) is not None")),
    Reset("attention-config-backend", "--attention-config.backend", _given("attention_config.backend"), None,
          Text("NPU always uses the attention backend vLLM-Ascend registers (logged at info level only).",
               "NPU 总是使用 vLLM-Ascend 注册的注意力后端（仅以 `info` 级别记录日志）。"), _cite(_PLATFORM, '_fix_incompatible_config', "getattr(att_config, 'backend', None) is not None")),
    Reset("flash-attn-max-num-splits", "--attention-config.flash_attn_max_num_splits_for_cuda_graph",
          lambda v: _n(v, "attention_config.flash_attn_max_num_splits_for_cuda_graph", 32) != 32, 32,
          Text("A CUDA Graph split count for FlashAttention; ignored on NPU.",
               "这是 FlashAttention 在 CUDA Graph 下的切分数，NPU 上不生效。"), _cite(_PLATFORM, '_fix_incompatible_config', "getattr(att_config, 'flash_attn_max_num_splits_for_cuda_graph', 32) != 32")),
    Reset("ray-workers-use-nsight", "--ray-workers-use-nsight", _truthy("ray_workers_use_nsight"), False,
          Text("Nsight profiling needs NVIDIA tools.", "Nsight 性能分析依赖 NVIDIA 工具。"), _cite(_PLATFORM, '_fix_incompatible_config', "getattr(vllm_config.parallel_config, 'ray_workers_use_nsight', False)")),
    Reset("numa-bind", "--numa-bind", _truthy("numa_bind"), False,
          Text("GPU-to-NUMA detection is unavailable; vLLM-Ascend binds CPU cores itself instead "
               "(--additional-config enable_cpu_binding, on by default).",
               "无法检测 GPU 与 NUMA 的拓扑；vLLM-Ascend 改为自行绑定 CPU 核（--additional-config 的 "
               "enable_cpu_binding，默认开启）。"), _cite(_PLATFORM, '_fix_incompatible_config', "getattr(vllm_config.parallel_config, 'numa_bind', False)")),
    Reset("numa-bind-nodes", "--numa-bind-nodes", _truthy("numa_bind_nodes"), None,
          Text("Ignored: vLLM-Ascend picks the cores by NPU affinity.", "被忽略：vLLM-Ascend 按 NPU 亲和性自动选择 CPU 核。"),
          _cite(_PLATFORM, '_fix_incompatible_config', "getattr(vllm_config.parallel_config, 'numa_bind_nodes', None)")),
    Reset("numa-bind-cpus", "--numa-bind-cpus", _truthy("numa_bind_cpus"), None,
          Text("Ignored: vLLM-Ascend picks the cores by NPU affinity.", "被忽略：vLLM-Ascend 按 NPU 亲和性自动选择 CPU 核。"),
          _cite(_PLATFORM, '_fix_incompatible_config', "getattr(vllm_config.parallel_config, 'numa_bind_cpus', None)")),
    Reset("enable-dbo", "--enable-dbo", _truthy("enable_dbo"), False,
          Text("Dual-batch overlap is not implemented on NPU.", "NPU 尚未实现双批次重叠。"), _cite(_PLATFORM, '_fix_incompatible_config', "getattr(vllm_config.parallel_config, 'enable_dbo', False)")),
    Reset("ubatch-size", "--ubatch-size", lambda v: _n(v, "ubatch_size", 0) != 0, 0,
          Text("Micro-batching for dual-batch overlap is not implemented on NPU.", "NPU 尚未实现双批次重叠所需的微批。"),
          _cite(_PLATFORM, '_fix_incompatible_config', 'vllm_config.parallel_config')),
    Reset("use-inductor-graph-partition", "--compilation-config.use_inductor_graph_partition",
          _truthy("compilation_config.use_inductor_graph_partition"), False,
          Text("NPU does not compile with TorchInductor, so its graph partition does not apply.",
               "NPU 不使用 TorchInductor 编译，其图切分不适用。"), _cite(_PLATFORM, '_fix_incompatible_config', "getattr(vllm_config.compilation_config, 'use_inductor_graph_partition', False)")),
    Reset("eplb-communicator", "--eplb-config.communicator",
          lambda v: _mrv2(v) and bool(v.get("enable_eplb")) and _get(v, "eplb_config.communicator") == "torch_gloo",
          "torch_nccl", Text("EPLB weights move over torch.distributed on HCCL, which vLLM names torch_nccl.",
                             "EPLB 的权重通过 HCCL 上的 torch.distributed 传输，vLLM 称之为 torch_nccl。"),
          _cite(_PLATFORM, '_validate_eplb_config', 'vllm_config.parallel_config.enable_eplb')),
    # --- scheduler extensions (platform.py:798-926, 1141-1164) -------------------------------------------------
    Reset("recompute-on-prefill-instance", "--additional-config.scheduler_config.recompute_scheduler_enable",
          lambda v: bool(_sched(v, "recompute_scheduler_enable")) and _kv_role(v) == "kv_producer", False,
          Text("The recompute scheduler is for decode instances; on a prefill instance it is switched off.",
               "重计算调度器只用于解码实例；在预填充实例上会被关闭。"), _cite(_PLATFORM, '_check_ascend_config', "kv_role == 'kv_producer'")),
    *(Reset(rid, "--scheduler-cls", _if_scheduler_cls_set(when), cls,
            Text(f"{what} replaces the scheduler class with vLLM-Ascend's own.",
                 f"启用“{what_zh}”时，调度器类会被替换为 vLLM-Ascend 自己的实现。"), line)
      for rid, when, cls, what, what_zh, line in _SCHEDULER_CLS_RESETS),
    # --- AscendConfig (ascend_config.py) ----------------------------------------------------------------------
    Reset("profiling-chunk-min-chunk", "--additional-config.scheduler_config.profiling_chunk_config.min_chunk",
          lambda v: _sched_on(v, "profiling_chunk_config") and _set(v, "max_num_batched_tokens")
          and _n(v, "max_num_batched_tokens", 0) < _num(_get({"x": _sched(v, "profiling_chunk_config")},
                                                             "x.min_chunk"), 4096),
          lambda v: v.get("max_num_batched_tokens"),
          Text("The smallest dynamic chunk cannot exceed --max-num-batched-tokens; it is lowered to it.",
               "最小动态分块不能超过 --max-num-batched-tokens，会被降到该值。"), _cite(_CONFIG, 'AscendConfig.__init__', 'self.scheduler_config.profiling_chunk_config.enabled')),
    Reset("max-num-batched-tokens-sp-pcp", "--max-num-batched-tokens",
          lambda v: _n(v, "prefill_context_parallel_size", 1) > 1 and _sp(v) and _set(v, "max_num_batched_tokens")
          and _n(v, "max_num_batched_tokens", 0) % (_tp(v) * _n(v, "prefill_context_parallel_size", 1)) != 0,
          _round_up,
          Text("With sequence parallelism and prefill context parallelism the token budget must divide by "
               "TP x PCP; it is rounded up.",
               "同时使用序列并行与预填充上下文并行时，token 预算必须能被 TP x PCP 整除，会向上取整。"),
          _cite(_CONFIG, 'AscendConfig.__init__', 'vllm_config.parallel_config.prefill_context_parallel_size > 1 and enable_sp(vllm_config=vllm_config)')),
    Reset("shared-expert-dp-needs-ep-tp", "--additional-config.enable_shared_expert_dp",
          lambda v: bool(_ac(v, "enable_shared_expert_dp")) and not _shared_expert_dp(v), False,
          Text("Shared-expert data parallelism only takes effect with --enable-expert-parallel and TP > 1; "
               "otherwise it is dropped without a message.",
               "共享专家数据并行只在 --enable-expert-parallel 且 TP > 1 时生效，否则被静默忽略。"),
          _cite(_CONFIG, 'AscendConfig.__init__', "self.enable_shared_expert_dp = additional_config.get('enable_shared_expert_dp', False) and vllm_config.parallel_config.enable_expert_parallel and (vllm_config.parallel_config.tensor_parallel_size > 1)")),
    Reset("fused-mc2-drops-shared-expert-overlap", "--additional-config.multistream_overlap_shared_expert",
          lambda v: _fused_mc2(v) == 1 and bool(_ac(v, "multistream_overlap_shared_expert")), False,
          Text("Fused MC2 and the multi-stream shared-expert overlap cannot run together; the overlap is "
               "switched off.", "融合 MC2 与共享专家多流重叠不能同时运行，多流重叠会被关闭。"), _cite(_CONFIG, 'AscendConfig.__init__', 'self.enable_fused_mc2 == 1 and self.multistream_overlap_shared_expert')),
    Reset("c8-reshape-needs-li-c8", "--additional-config.c8_enable_reshape_optim",
          lambda v: bool(_ac(v, "c8_enable_reshape_optim")) and not _ac(v, "enable_sparse_li_c8"), False,
          Text("The StoreKVBlock write path only exists with enable_sparse_li_c8; without it the switch is "
               "dropped without a message.",
               "StoreKVBlock 写入路径只在开启 enable_sparse_li_c8 时存在，否则该开关被静默忽略。"),
          _cite(_CONFIG, 'AscendConfig.__init__', "self.c8_enable_reshape_optim = self.enable_sparse_li_c8 and additional_config.get('c8_enable_reshape_optim', False)")),
    Reset("expert-map-record-enables-dynamic-eplb", "--additional-config.eplb_config.dynamic_eplb",
          lambda v: _ac(v, "eplb_config.expert_map_record_path") is not None
          and not _ac(v, "eplb_config.dynamic_eplb"), True,
          Text("Recording the expert map needs dynamic EPLB, so it is switched on.",
               "记录专家映射需要动态 EPLB，因此会自动开启。"), _cite(_CONFIG, 'EplbConfig._validate_config', 'self.expert_map_record_path is not None')),
    Reset("profiling-chunk-need-timing", "--additional-config.scheduler_config.profiling_chunk_config.need_timing",
          lambda v: bool(_get({"x": _sched(v, "profiling_chunk_config")}, "x.need_timing"))
          and not _sched_on(v, "profiling_chunk_config"), False,
          Text("Online calibration only runs with dynamic chunking on.", "在线校准只在开启动态分块时运行。"),
          _cite(_CONFIG, 'ProfilingChunkConfig.__init__', 'not self.enabled and self.need_timing')),
    Reset("npugraph-ex-off-on-310p", "--additional-config.ascend_compilation_config.enable_npugraph_ex",
          lambda v: v.get("target") == "310p" and _ac(v, "ascend_compilation_config.enable_npugraph_ex", True)
          is not False, False,
          Text("npugraph_ex is not available on 310P.", "310P 不支持 npugraph_ex。"), _cite(_CONFIG, 'AscendCompilationConfig.__init__', 'is_310p()')),
    Reset("static-kernel-off-on-310p", "--additional-config.ascend_compilation_config.enable_static_kernel",
          lambda v: v.get("target") == "310p" and bool(_ac(v, "ascend_compilation_config.enable_static_kernel")),
          False, Text("Static kernels need npugraph_ex, which 310P lacks.", "静态算子依赖 npugraph_ex，而 310P 不支持它。"),
          _cite(_CONFIG, 'AscendCompilationConfig.__init__', 'is_310p()')),
    Reset("rl-forces-weight-nz-off", "--additional-config.weight_nz_mode",
          lambda v: bool(_ac(v, "rl_config.enabled")) and _ac(v, "weight_nz_mode", 1) != 0, 0,
          Text("RL mode keeps weights out of the FRACTAL_NZ layout so that weight updates stay exact.",
               "RL 模式不使用 FRACTAL_NZ 权重格式，以保证权重更新精确。"), _cite(_CONFIG, 'RlConfig.apply', 'ascend_config.weight_nz_mode != 0')),
    # --- compilation and graph modes (platform.py:937-1117) ---------------------------------------------------
    Reset("eager-compilation-mode", "--compilation-config.mode",
          lambda v: bool(v.get("enforce_eager")) and _compilation_mode(v) not in (None, "NONE"), "NONE",
          Text("--enforce-eager turns compilation off.", "--enforce-eager 会关闭编译。"), _cite(_PLATFORM, '_update_compilation_modes', 'enforce_eager')),
    Reset("unsupported-compilation-mode", "--compilation-config.mode",
          lambda v: _compilation_mode(v) in ("STOCK_TORCH_COMPILE", "DYNAMO_TRACE_ONCE"), "NONE",
          Text("NPU only compiles in vLLM's own mode (VLLM_COMPILE) or not at all.",
               "NPU 只支持 vLLM 自己的编译模式（VLLM_COMPILE）或不编译。"), _cite(_PLATFORM, '_update_compilation_modes', 'compilation_config.mode not in [CompilationMode.NONE, CompilationMode.VLLM_COMPILE]')),
    Reset("xlite-full-mode-eager", "--enforce-eager",
          lambda v: _xlite(v) and bool(_ac(v, "xlite_graph_config.full_mode")) and not v.get("speculative_config"),
          True, Text("In full mode xlite runs prefill and decode itself, so ACL Graph is switched off.",
                     "`xlite` 完整模式自行执行预填充与解码，因此会关闭 ACL Graph。"), _cite(_PLATFORM, '_update_compilation_modes', 'xlite_graph_config.full_mode and vllm_config.speculative_config is None')),
    Reset("xlite-full-mode-cudagraph", "--compilation-config.cudagraph_mode",
          lambda v: _xlite(v) and bool(_ac(v, "xlite_graph_config.full_mode")) and not v.get("speculative_config")
          and _cudagraph_mode(v) != "NONE", "NONE",
          Text("In full mode xlite runs prefill and decode itself, so ACL Graph is switched off.",
               "`xlite` 完整模式自行执行预填充与解码，因此会关闭 ACL Graph。"), _cite(_PLATFORM, '_update_compilation_modes', 'xlite_graph_config.full_mode and vllm_config.speculative_config is None')),
    Reset("xlite-decode-only-cudagraph", "--compilation-config.cudagraph_mode",
          lambda v: _xlite(v) and not (_ac(v, "xlite_graph_config.full_mode") and not v.get("speculative_config"))
          and _cudagraph_mode(v) != "FULL_DECODE_ONLY", "FULL_DECODE_ONLY",
          Text("xlite owns decode; prefill falls back to ACL Graph in FULL_DECODE_ONLY.",
               "`xlite` 负责解码，预填充回退为 FULL_DECODE_ONLY 模式的 ACL Graph。"), _cite(_PLATFORM, '_update_compilation_modes', 'xlite_graph_config.full_mode and vllm_config.speculative_config is None')),
    Reset("cudagraph-warmups", "--compilation-config.cudagraph_num_of_warmups",
          lambda v: _n(v, "compilation_config.cudagraph_num_of_warmups", 0) not in (0, 1), 1,
          Text("NPU always warms each graph up once before capture.", "NPU 总是在捕获前预热每个图一次。"),
          _cite(_PLATFORM, '_setup_compile_backend', 'compilation_config.cudagraph_num_of_warmups = 1')),
    Reset("capture-sizes-tp-aligned", "--compilation-config.cudagraph_capture_sizes",
          lambda v: _needs_tp_aligned_sizes(v) and _tp_aligned_sizes(v) not in ([],)
          and _tp_aligned_sizes(v) != _get(v, "compilation_config.cudagraph_capture_sizes"), _tp_aligned_sizes,
          Text("With sequence parallelism, shared-expert DP or DSA-CP every captured size must be a multiple of TP; "
               "the others are dropped.",
               "使用序列并行、共享专家数据并行或 DSA-CP 时，每个捕获尺寸都必须是 TP 的倍数，其余尺寸会被丢弃。"),
          _cite(_PLATFORM, '_setup_compile_backend', 'len(sp_aclgraph_sizes) != len(original_sizes)')),
    Reset("npugraph-ex-needs-full-graph", "--additional-config.ascend_compilation_config.enable_npugraph_ex",
          lambda v: _cudagraph_mode(v) not in ("FULL", "FULL_DECODE_ONLY")
          and _ac(v, "ascend_compilation_config.enable_npugraph_ex") is True, False,
          Text("npugraph_ex only works with full graphs (FULL, FULL_DECODE_ONLY); it is off under NONE, PIECEWISE "
               "and vLLM's default FULL_AND_PIECEWISE.",
               "npugraph_ex 只用于完整图（FULL、FULL_DECODE_ONLY）；在 NONE、PIECEWISE 以及 vLLM 默认的 "
               "FULL_AND_PIECEWISE 下都会被关闭。"), _cite(_PLATFORM, '_setup_compile_backend', 'compilation_config.cudagraph_mode == CUDAGraphMode.NONE')),
    Reset("static-kernel-needs-full-graph", "--additional-config.ascend_compilation_config.enable_static_kernel",
          lambda v: _cudagraph_mode(v) not in ("FULL", "FULL_DECODE_ONLY")
          and bool(_ac(v, "ascend_compilation_config.enable_static_kernel")), False,
          Text("Static kernels need npugraph_ex, which only works with full graphs (FULL, FULL_DECODE_ONLY).",
               "静态算子依赖 npugraph_ex，而后者只用于完整图（FULL、FULL_DECODE_ONLY）。"), _cite(_PLATFORM, '_setup_compile_backend', 'compilation_config.cudagraph_mode == CUDAGraphMode.NONE')),
    Reset("no-graph-compilation-mode", "--compilation-config.mode",
          lambda v: _cudagraph_mode(v) == "NONE" and _compilation_mode(v) not in (None, "NONE"), "NONE",
          Text("Without graph capture nothing is compiled on NPU.", "不捕获图时，NPU 上不进行编译。"),
          _cite(_PLATFORM, '_setup_compile_backend', 'compilation_config.cudagraph_mode == CUDAGraphMode.NONE')),
    Reset("a5-capture-sizes", "--compilation-config.cudagraph_capture_sizes",
          lambda v: v.get("target") == "a5" and _cudagraph_mode(v) in ("PIECEWISE", "FULL_AND_PIECEWISE")
          and isinstance(_get(v, "compilation_config.cudagraph_capture_sizes"), (list, tuple))
          and len(_get(v, "compilation_config.cudagraph_capture_sizes")) > 4, _sampled_sizes,
          Text("On A5 (Ascend 950) piecewise graphs keep at most 4 capture sizes until a newer driver lifts the "
               "limit.", "在 A5（昇腾 950）上，分段图最多保留 4 个捕获尺寸，直到新版驱动解除限制。"),
          _cite(_PLATFORM, '_setup_compile_backend', 'get_ascend_device_type() == AscendDeviceType.A5')),
    Reset("full-graph-splitting-ops", "--compilation-config.splitting_ops",
          lambda v: _cudagraph_mode(v) in ("FULL", "FULL_DECODE_ONLY")
          and bool(_get(v, "compilation_config.splitting_ops")), [],
          Text("Full graphs are not split, so that static kernels compile once.",
               "完整图不做切分，以便静态算子只编译一次。"), _cite(_PLATFORM, '_setup_compile_backend', 'compilation_config.cudagraph_mode.has_full_cudagraphs()')),
    Reset("custom-ops-all", "--compilation-config.custom_ops",
          lambda v: v.get("target") in ("a2", "a3", "a5")
          and isinstance(_get(v, "compilation_config.custom_ops"), (list, tuple))
          and list(_get(v, "compilation_config.custom_ops")) not in ([], ["all"]), ["all"],
          Text("Every custom operator is switched on, except on 310P.", "除 310P 外，所有自定义算子都会被开启。"),
          _cite(_PLATFORM, '_setup_worker_and_scheduler', 'get_ascend_device_type() != AscendDeviceType._310P')),
    # --- KV block size (vllm_ascend/utils.py:1162-1212, called from platform.py:1135) ----------------------------
    Reset("block-size-128", "--block-size",
          lambda v: _set(v, "block_size") and _block_size(v) != 128
          and (v.get("enable_prefix_caching") is not False or v.get("enable_chunked_prefill") is not False), 128,
          Text("With prefix caching or chunked prefill (both on by default) the KV block size is 128 on NPU; "
               "hybrid attention/Mamba models and DeepSeek-V4 (32, 64 or 128) are exempt.",
               "开启前缀缓存或分块预填充（两者默认开启）时，NPU 上的 KV 块大小固定为 128；"
               "注意力/Mamba 混合模型和 DeepSeek-V4（32、64 或 128）除外。"), _cite(_UTILS, 'refresh_block_size', 'cache_config.block_size != 128')),
    Reset("xlite-block-size", "--block-size", lambda v: _xlite(v) and _block_size(v) > 128, 128,
          Text("xlite needs a KV block size of at most 128.", "`xlite` 要求 KV 块大小不超过 128。"),
          _cite(_UTILS, 'refresh_block_size', 'ascend_config is not None and ascend_config.xlite_graph_config.enabled and (cache_config.block_size > 128)')),
)


# ---------------------------------------------------------------------------------------------------------------
# defaults vLLM-Ascend picks where the user gave none (not overrides: nothing to warn about, but "the default"
# on NPU is not vLLM's)
# ---------------------------------------------------------------------------------------------------------------
_NPU_DEFAULTS: tuple[Reset, ...] = (
    Reset("max-cudagraph-capture-size-default", "--compilation-config.max_cudagraph_capture_size",
          lambda v: _get(v, "compilation_config.max_cudagraph_capture_size") is None
          and _get(v, "compilation_config.cudagraph_capture_sizes") is None and _set(v, "max_num_seqs"),
          _default_capture_max,
          Text("NPU caps graph capture at --max-num-seqs x (1 + speculative tokens), at most 512, without the "
               "doubling vLLM applies.",
               "NPU 把图捕获上限设为 --max-num-seqs x（1 + 投机 token 数），不超过 512，不像 vLLM 那样再乘以 2。"),
          _cite(_PLATFORM, 'NPUPlatform.apply_config_platform_defaults', 'default_max_cg_capture_size is not None')),
    Reset("block-size-default", "--block-size", lambda v: _get(v, "block_size") is None, 128,
          Text("The KV block size is 128 tokens on NPU.", "NPU 上的 KV 块大小为 128 个 token。"), _cite(_UTILS, 'refresh_block_size', 'cache_config.block_size is None')),
    Reset("cudagraph-warmups-default", "--compilation-config.cudagraph_num_of_warmups",
          lambda v: _n(v, "compilation_config.cudagraph_num_of_warmups", 0) == 0, 1,
          Text("Each graph is warmed up once before capture (vLLM's default is 0).",
               "每个图在捕获前预热一次（vLLM 的默认值为 0）。"), _cite(_PLATFORM, '_setup_compile_backend', 'compilation_config.cudagraph_num_of_warmups = 1')),
)
NPU_DEFAULTS: tuple[Reset, ...] = tuple(replace(r, kind="default") for r in _NPU_DEFAULTS)


# ---------------------------------------------------------------------------------------------------------------
# --additional-config keys
# ---------------------------------------------------------------------------------------------------------------
@record
class AdditionalKey:
    """One ``--additional-config`` key (nested keys dotted).  ``removed_in`` set: the key is gone, vLLM-Ascend
    ignores it (or refuses it where a check says so); ``successor`` without ``removed_in``: a deprecated spelling that
    still works.  A successor starting with ``--`` is a vLLM flag, otherwise another additional-config key."""

    key: str
    type: str   # "bool" | "int" | "float" | "str" | "dict" | "list"
    default: Any
    choices: tuple[Any, ...] | None
    help: Text
    source: str
    removed_in: str | None = None
    successor: str | None = None
    since: str | None = None    # set: this release does not read the key, the named later release does


def _readers(key: str) -> list[str]:
    """The held releases that read ``key``, oldest first (their fixtures)."""
    return [r for r in RELEASES if key in held.ADDITIONAL_KEYS[r]]


def _k(key: str, type_: str, default: Any, en: str, zh: str, line: int | None = None, path: str = _CONFIG,
       choices: tuple[Any, ...] | None = None, removed_in: str | None = None, successor: str | None = None,
       commit: str = _SHORT) -> AdditionalKey:
    """A key as a person describes it, citing where the newest held release that reads it does so (its fixture);
    leave ``line`` out for such a key.  A key no held release reads cites the docs or the last commit that read it."""
    readers = _readers(key)
    if readers:
        source = f"{held.ADDITIONAL_KEYS[readers[-1]][key][2]}@{readers[-1]}"
    elif line is None:
        raise ValueError(f"--additional-config key {key}: no held release reads it, so it must cite a line")
    else:
        source = _at(path, line, commit)
    return AdditionalKey(key, type_, default, choices, Text(en, zh), source, removed_in, successor)


# vLLM-Ascend reads the keys it knows and ignores every other top-level key without a word (the removed ones too,
# except enable_sleep_mode_extra_cleanup); inside these settings an unknown key stops start-up:
UNKNOWN_SUBKEYS_REFUSED: dict[str, str] = {  # at main
    "eplb_config": _at(_CONFIG, 1019),
    "rl_config": _at(_CONFIG, 564),
    "scheduler_config.short_request_first_config": _at(_CONFIG, 1073),
    "scheduler_config.dyntra_lb_config": _at(_CONFIG, 1112),
}
# keys vLLM-Ascend's own docs pass in --additional-config that no code reads at this commit (nor ever did under
# vllm_ascend/, by `git log -S`): they are ignored without a word
DOC_KEYS_NOT_READ: dict[str, str] = {
    "enable_weight_nz_layout": _at("docs/source/tutorials/models/InternVL3.5.md", 117),
    "enable_prefill_optimizations": _at("docs/source/user_guide/feature_guide/large_scale_ep.md", 158),
    # a misspelling of ascend_compilation_config.enable_npugraph_ex, swallowed by AscendCompilationConfig's **kwargs
    "ascend_compilation_config.enable_npu_graph_ex": _at("docs/source/tutorials/models/Qwen3-30B-A3B.md", 269),
}
_AFTER_0_23 = "main after v0.23.0"
_LEGACY_SCHEDULER = "Deprecated top-level spelling of scheduler_config.{k}; the nested key wins when both are set."
_LEGACY_SCHEDULER_ZH = "scheduler_config.{k} 的旧顶层写法，已弃用；两者同时设置时以嵌套键为准。"
_STAGES = ("all", "prefill", "decode")

# every key described, each citing the newest held release that reads it (or, read by none, the docs or the last
# commit that did)
ADDITIONAL_KEYS: tuple[AdditionalKey, ...] = (
    # --- graph modes and compilation ------------------------------------------------------------------------
    _k("xlite_graph_config", "dict", {}, "Settings of the openEuler xlite graph mode.",
       "`openEuler xlite` 图模式的设置。"),
    _k("xlite_graph_config.enabled", "bool", False, "Run decode with xlite graphs (selects the xlite worker).",
       "用 `xlite` 图执行解码（会选用 `xlite` 的工作进程）。"),
    _k("xlite_graph_config.full_mode", "bool", False,
       "Let xlite run prefill too; ACL Graph is then off unless speculative decoding is configured.",
       "预填充也交给 `xlite` 执行；此时除非配置了投机解码，否则关闭 ACL Graph。"),
    _k("ascend_compilation_config", "dict", {},
       "Graph-fusion settings for NPU; unknown sub-keys are accepted and ignored.",
       "NPU 图融合的设置；未知子键会被接受并忽略。"),
    _k("ascend_compilation_config.enable_npugraph_ex", "bool", True,
       "Optimise the FX graph with npugraph_ex before capture; only takes effect with FULL or FULL_DECODE_ONLY "
       "graphs.", "捕获前用 npugraph_ex 优化 FX 图；只在 FULL 或 FULL_DECODE_ONLY 图模式下生效。"),
    _k("ascend_compilation_config.enable_static_kernel", "bool", False,
       "Compile shape-specific kernels during capture; needs npugraph_ex and takes start-up time.",
       "捕获时按形状编译静态算子；依赖 npugraph_ex，会增加启动时间。"),
    _k("ascend_compilation_config.fuse_norm_quant", "bool", True, "Fuse normalisation with quantization.",
       "将归一化与量化融合。"),
    _k("ascend_compilation_config.fuse_qknorm_rope", "bool", True,
       "Fuse QK normalisation with RoPE; needs Triton.", "将 QK 归一化与 RoPE 融合；需要 Triton。"),
    _k("ascend_compilation_config.fuse_muls_add", "bool", True, "Fuse multiply-add sequences.", "融合乘加序列。"),
    _k("ascend_fusion_config", "dict", {}, "Fused-operator switches; unknown sub-keys are accepted and ignored "
       "(not in the additional-config reference).", "融合算子开关；未知子键会被接受并忽略（附加配置文档未列出）。"),
    _k("ascend_fusion_config.fusion_ops_gmmswigluquant", "bool", True,
       "Use the fused grouped-matmul + SwiGLU + quantization operator.", "使用分组矩阵乘、SwiGLU 与量化的融合算子。"),
    # --- fine-grained tensor parallelism ----------------------------------------------------------------------
    _k("finegrained_tp_config", "dict", {}, "Per-module tensor-parallel sizes (MoE models only).",
       "按模块设置的张量并行规模（仅限 MoE 模型）。"),
    _k("finegrained_tp_config.lmhead_tensor_parallel_size", "int", 0, "Tensor-parallel size of lm_head; 0 is off.",
       "lm_head 的张量并行规模；0 表示关闭。"),
    _k("finegrained_tp_config.oproj_tensor_parallel_size", "int", 0,
       "Tensor-parallel size of o_proj; 0 is off. Needs TP 1, graph mode, a decode instance and the recompute "
       "scheduler.", "o_proj 的张量并行规模；0 表示关闭。要求 TP 为 1、图模式、解码实例并开启重计算调度器。"),
    _k("finegrained_tp_config.embedding_tensor_parallel_size", "int", 0,
       "Tensor-parallel size of the embedding; 0 is off. Needs the recompute scheduler.",
       "词嵌入层的张量并行规模；0 表示关闭。需要开启重计算调度器。"),
    _k("finegrained_tp_config.mlp_tensor_parallel_size", "int", 0, "Tensor-parallel size of the MLP; 0 is off.",
       "MLP 的张量并行规模；0 表示关闭。"),
    _k("finegrained_tp_config.olora_tensor_parallel_size", "int", 0,
       "Tensor-parallel size of o_lora; 0 is off. Graph mode and decode instances only (not in the reference).",
       "o_lora 的张量并行规模；0 表示关闭。仅限图模式和解码实例（文档未列出）。"),
    # --- speculative decoding -----------------------------------------------------------------------------------
    _k("dynamic_spec_config", "dict", {}, "Dynamic speculative decoding: how many draft tokens each request "
       "verifies (Model Runner V1).", "动态投机解码：每个请求验证多少个草稿 token（`Model Runner V1`）。"),
    _k("dynamic_spec_config.method", "str", None, "The confidence estimate; unset turns dynamic verification off.",
       "置信度估计方法；不设置则关闭动态验证。", choices=("dspark", "dflash")),
    _k("dynamic_spec_config.method_params", "dict", {}, "Hyperparameters of the method; empty uses its defaults.",
       "所选方法的超参数；为空时使用其默认值。"),
    _k("dynamic_spec_config.method_params.initial_verify_budget_per_req", "int", 5,
       "Verify budget per request before the first recomputation.", "首次重新计算前每个请求的验证预算。", 202,
       path=_ADDITIONAL_MD),
    _k("dynamic_spec_config.method_params.budget_update_interval", "int", 16,
       "Recompute the shared verify budget every N decode steps.", "每 N 个解码步重新计算一次共享验证预算。", 203,
       path=_ADDITIONAL_MD),
    _k("dynamic_spec_config.method_params.budget_threshold", "float", 0.3,
       "Cumulative survival-probability threshold for the mean budget.", "估计平均预算时使用的累计存活概率阈值。", 204,
       path=_ADDITIONAL_MD),
    _k("dynamic_spec_config.method_params.min_verify_tokens", "int", 1,
       "Fewest draft tokens verified per request.", "每个请求至少验证的草稿 token 数。", 205, path=_ADDITIONAL_MD),
    _k("rejection_sampler_config", "dict", {}, "Block and entropy verification in the rejection sampler.",
       "拒绝采样器中的块验证与熵验证。"),
    _k("rejection_sampler_config.enable_block_verify", "bool", False,
       "Accept draft tokens as a block by their cumulative probability.", "按累计概率把草稿 token 作为整块接受。"),
    _k("rejection_sampler_config.enable_entropy_verify", "bool", False,
       "Lower the acceptance threshold for high-entropy tokens.", "对高熵 token 降低接受阈值。"),
    _k("rejection_sampler_config.posterior_threshold", "float", 0.95,
       "Upper bound of the entropy-adjusted threshold, in (0, 1].", "熵调整后阈值的上限，取值范围 `(0, 1]`。"),
    _k("rejection_sampler_config.posterior_alpha", "float", 0.4,
       "How strongly entropy lowers the threshold, >= 0.", "熵对阈值的影响强度，需 >= 0。"),
    _k("draft_window_size", "int", None, "Sliding-window size for draft-model attention (not in the reference).",
       "草稿模型注意力的滑动窗口大小（文档未列出）。"),
    # --- expert parallel load balancing -------------------------------------------------------------------------
    _k("eplb_config", "dict", {}, "EPLB settings. Model Runner V2 accepts only load_collection_phase; Model Runner "
       "V1 accepts the others. Unknown keys are refused.",
       "EPLB 设置。`Model Runner V2` 只接受 load_collection_phase，`Model Runner V1` 接受其余字段。未知键会被拒绝。"),
    _k("eplb_config.dynamic_eplb", "bool", False, "Model Runner V1: rebalance experts at run time.",
       "`Model Runner V1`：运行时重新均衡专家。"),
    _k("eplb_config.expert_map_path", "str", None, "Model Runner V1: load a recorded expert map (a .json file).",
       "`Model Runner V1`：加载已记录的专家映射（.json 文件）。"),
    _k("eplb_config.expert_heat_collection_interval", "int", 600,
       "Model Runner V1: forward steps over which expert load is collected.", "`Model Runner V1`：收集专家负载的前向步数。"),
    _k("eplb_config.algorithm_execution_interval", "int", 50,
       "Model Runner V1: steps the EPLB worker may take for its CPU work.", "`Model Runner V1`：EPLB 工作进程 完成 CPU 计算的步数。"),
    _k("eplb_config.expert_map_record_path", "str", None,
       "Model Runner V1: save the computed expert map to this .json file (turns dynamic EPLB on).",
       "`Model Runner V1`：把计算出的专家映射保存到该 .json 文件（会开启动态 EPLB）。"),
    _k("eplb_config.num_redundant_experts", "int", 0,
       "Model Runner V1: redundant experts; under V2 use --eplb-config instead.",
       "`Model Runner V1`：冗余专家数；V2 请改用 --eplb-config。"),
    _k("eplb_config.eplb_policy_type", "int", 2, "Model Runner V1: 0 random, 1 default, 2 SwiftBalance, 3 FlashLB.",
       "`Model Runner V1`：0 随机，1 默认，2 SwiftBalance，3 FlashLB。", choices=(0, 1, 2, 3)),
    _k("eplb_config.eplb_heat_collection_stage", "str", "all", "Model Runner V1: which phase's expert load counts.",
       "`Model Runner V1`：统计哪个阶段的专家负载。", choices=_STAGES),
    _k("eplb_config.load_collection_phase", "str", "all",
       "Model Runner V2: which phase's batches feed vLLM's EPLB; any prefill request makes a batch prefill.",
       "`Model Runner V2`：哪个阶段的批次计入 vLLM 的 EPLB；含预填充请求的批次整体算作预填充。", choices=_STAGES),
    # --- scheduler extensions -----------------------------------------------------------------------------------
    _k("scheduler_config", "dict", {}, "vLLM-Ascend's scheduler extensions.", "vLLM-Ascend 的调度器扩展。"),
    _k("scheduler_config.enable_balance_scheduling", "bool", False,
       "Balance scheduling; PD-mixed deployments only.", "均衡调度；仅限 PD 混合部署。"),
    _k("scheduler_config.recompute_scheduler_enable", "bool", False,
       "The recompute scheduler; decode instances (kv_consumer) only.", "重计算调度器；仅限解码实例（kv_consumer）。"),
    _k("scheduler_config.short_request_first_config", "dict", {},
       "ShortRequestFirst: short prefills jump the FCFS queue. Unknown keys are refused.",
       "ShortRequestFirst：短预填充请求优先于 FCFS 队列。未知键会被拒绝。"),
    _k("scheduler_config.short_request_first_config.enabled", "bool", False, "Turn ShortRequestFirst on.",
       "开启 ShortRequestFirst。"),
    _k("scheduler_config.short_request_first_config.threshold", "int", 256,
       "Prompts of at most this many tokens count as short.", "提示词不超过该 token 数即视为短请求。"),
    _k("scheduler_config.short_request_first_config.long_max_wait_ms", "float", 0.0,
       "How long a long prefill may wait before it is promoted; 0 never promotes it.",
       "长预填充请求被提前前的最长等待时间；0 表示从不提前。"),
    _k("scheduler_config.profiling_chunk_config", "dict", {},
       "Dynamic chunked pipeline parallelism: chunk sizes predicted from profiled prefill latency.",
       "动态分块流水线并行：根据采样的预填充延迟预测分块大小。"),
    _k("scheduler_config.profiling_chunk_config.enabled", "bool", False,
       "Turn dynamic chunking on; needs --pipeline-parallel-size > 1.", "开启动态分块；需要 --pipeline-parallel-size > 1。"),
    _k("scheduler_config.profiling_chunk_config.smooth_factor", "float", 1.0,
       "How much the prediction is trusted, in (0, 1].", "对预测结果的信任程度，取值范围 `(0, 1]`。"),
    _k("scheduler_config.profiling_chunk_config.min_chunk", "int", 4096, "Smallest dynamic chunk, in tokens.",
       "最小动态分块的 token 数。"),
    _k("scheduler_config.profiling_chunk_config.need_timing", "bool", None,
       "Online calibration (a device sync each step); unset follows enabled.",
       "在线校准（每步同步一次设备）；不设置时与 `enabled` 相同。"),
    _k("scheduler_config.profiling_chunk_config.max_fit_chunk", "int", 30,
       "Timing samples used for online calibration; must be more than 5.", "在线校准使用的计时样本数；必须大于 5。"),
    _k("scheduler_config.batch_job_sched_config", "dict", {}, "The batch-job-aware scheduler.", "批任务感知调度器。"),
    _k("scheduler_config.batch_job_sched_config.enabled", "bool", False, "Turn the batch-job-aware scheduler on.",
       "开启批任务感知调度器。"),
    _k("scheduler_config.batch_job_sched_config.max_jobs", "int", 20, "Jobs tracked at most; 0 is unlimited.",
       "最多跟踪的任务数；0 表示不限。"),
    _k("scheduler_config.batch_job_sched_config.reserve_margin_blocks", "int", 2,
       "Extra KV blocks kept in reserve as a safety margin.", "额外预留的 KV 块数，作为安全余量。"),
    _k("scheduler_config.batch_job_sched_config.reserve_max_blocks", "int", 8, "Most KV blocks that may be reserved.",
       "最多可预留的 KV 块数。"),
    _k("scheduler_config.batch_job_sched_config.low_available_tokens_threshold", "int", 4096,
       "Above this many free tokens long decode jobs go first, below it short ones.",
       "空闲 token 数高于该值时优先长解码任务，否则优先短解码任务。"),
    _k("scheduler_config.batch_job_sched_config.short_decode_token_threshold", "int", 32,
       "Jobs decoding at most this many tokens count as short.", "解码 token 数不超过该值的任务视为短任务。"),
    _k("scheduler_config.dyntra_lb_config", "dict", {},
       "DyntraLB: balances decode load across DP ranks on one decode node. Unknown keys are refused.",
       "DyntraLB：在单个解码实例内的各 DP rank 之间均衡解码负载。未知键会被拒绝。"),
    _k("scheduler_config.dyntra_lb_config.enabled", "bool", False, "Turn DyntraLB on.", "开启 DyntraLB。"),
    _k("scheduler_config.dyntra_lb_config.enable_diagnostics", "bool", False,
       "Verbose logs for debugging; keep off in production.", "用于调试的详细日志；生产环境请保持关闭。"),
    _k("scheduler_config.dyntra_lb_config.mode", "str", "dynamic", "Static or dynamic activation.",
       "静态或动态触发。", choices=("static", "dynamic")),
    _k("scheduler_config.dyntra_lb_config.start_step", "int", 250, "First engine step that may produce a plan.",
       "允许生成均衡方案的第一个引擎步。"),
    _k("scheduler_config.dyntra_lb_config.end_step", "int", -1, "Last engine step (exclusive); -1 is no limit.",
       "最后一个引擎步（不含）；-1 表示不限。"),
    _k("scheduler_config.dyntra_lb_config.bubble_threshold", "float", 5.0,
       "Smallest max-to-average load gap that changes scheduling (>= 1: KV blocks, < 1: a ratio).",
       "触发调度调整的最大与平均负载差下限（>= 1 为 KV 块数，< 1 为比例）。"),
    _k("scheduler_config.dyntra_lb_config.long_req_block_threshold", "int", 700,
       "Dynamic mode: a new request above this many blocks starts balancing.", "动态模式：新请求超过该块数时开始均衡。"),
    _k("scheduler_config.dyntra_lb_config.dynamic_max_step", "int", 256,
       "Dynamic mode: stop after this many steps without a new long request.", "动态模式：连续该数量的步没有新的长请求后停止。"),
    *(_k(k, t, d, _LEGACY_SCHEDULER.format(k=k), _LEGACY_SCHEDULER_ZH.format(k=k),
         successor=f"scheduler_config.{k}")
      for k, t, d in (("enable_balance_scheduling", "bool", False), ("recompute_scheduler_enable", "bool", False),
                      ("short_request_first_config", "dict", {}), ("profiling_chunk_config", "dict", {}),
                      ("batch_job_sched_config", "dict", {}))),
    # --- MoE, communication and kernels -------------------------------------------------------------------------
    _k("enable_shared_expert_dp", "bool", False,
       "Replicate shared experts across TP ranks and run them data-parallel; only with expert parallelism and "
       "TP > 1. Faster, more memory.", "在各 TP rank 上复制共享专家并以数据并行执行；仅在专家并行且 TP > 1 时生效。"
       "速度更快，但占用更多显存。"),
    _k("multistream_overlap_shared_expert", "bool", False,
       "Run shared experts on a separate stream (MoE models with shared experts).",
       "在独立的流上执行共享专家（适用于带共享专家的 MoE 模型）。"),
    _k("multistream_dsv4_dsa_overlap", "bool", True, "Multi-stream DSA overlap for DeepSeek-V4.",
       "DeepSeek-V4 的 DSA 多流重叠。"),
    _k("enable_mc2_hierarchy_comm", "bool", False,
       "MoE dispatch/combine across nodes over RoCE; A2 and A3 only, at most 512 experts.",
       "MoE 的 `dispatch/combine` 跨节点走 RoCE；仅限 A2 与 A3，最多 512 个专家。"),
    _k("enable_prefill_mc2", "bool", False,
       "Size MC2's token capacity for prefill batches from --max-num-batched-tokens (recommended at most "
       "TP x 512); temporary switch.",
       "按 --max-num-batched-tokens 为预填充批次预留 MC2 token 容量（建议不超过 TP x 512）；临时开关。"),
    _k("enable_fused_mc2", "int", 0, "Fused MC2 (MegaMoE) operator: 0 off, 1 on; falls back to 0 where the model "
       "does not fit it. Also read from VLLM_ASCEND_ENABLE_FUSED_MC2.",
       "融合 MC2（MegaMoE）算子：0 关闭，1 开启；模型不满足条件时回退为 0。也可通过 VLLM_ASCEND_ENABLE_FUSED_MC2 设置。", choices=(0, 1)),
    _k("mega_moe_max_tokens", "int", 131072,
       "Tokens one rank accepts after dispatch in the fused MoE operator; excess tokens are dropped (the "
       "reference says 65536, the code uses 131072).",
       "融合 MoE 算子中单个 rank 在 `dispatch` 后接收的 token 上限，超出部分会被丢弃（文档写 65536，代码为 131072）。"),
    _k("mix_placement", "bool", False,
       "Mixed expert placement; not with shared-expert DP or multi-stream overlap (not in the reference).",
       "混合专家放置；不能与共享专家数据并行或多流重叠同用（文档未列出）。"),
    _k("enable_mlapo", "bool", True, "MLAPO fused operator for DeepSeek W8A8 models. Also read from "
       "VLLM_ASCEND_ENABLE_MLAPO.", "DeepSeek W8A8 模型的 MLAPO 融合算子。也可通过 VLLM_ASCEND_ENABLE_MLAPO 设置。"),
    _k("weight_nz_mode", "int", 1, "FRACTAL_NZ weight layout: 0 off, 1 quantized weights only, 2 BF16/FP16 too. "
       "Also read from VLLM_ASCEND_ENABLE_NZ.",
       "FRACTAL_NZ 权重格式：0 关闭，1 仅量化权重，2 BF16/FP16 也使用。也可通过 VLLM_ASCEND_ENABLE_NZ 设置。",
       choices=(0, 1, 2)),
    _k("enable_transpose_kv_cache_by_block", "bool", True,
       "Fused block-wise KV-cache transpose. Also read from VLLM_ASCEND_FUSION_OP_TRANSPOSE_KV_CACHE_BY_BLOCK.",
       "按块转置 KV 缓存的融合算子。也可通过 VLLM_ASCEND_FUSION_OP_TRANSPOSE_KV_CACHE_BY_BLOCK 设置。"),
    _k("pa_shape_list", "list", [], "Batch shapes that use the paged-attention operator.",
       "使用分页注意力算子的批形状列表。"),
    _k("enable_kv_nz", "bool", False, "NZ layout for the KV cache; MLA models on decode instances only.",
       "KV 缓存使用 NZ 格式；仅限 MLA 模型的解码实例。"),
    _k("enable_sparse_sfa_c8", "bool", False, "Packed C8 KV cache for Sparse Flash Attention in DSA models.",
       "DSA 模型中 SFA 稀疏注意力的打包 C8 KV 缓存。"),
    _k("enable_sparse_li_c8", "bool", False, "C8 key and scale caches for the LightningIndexer in DSA models.",
       "DSA 模型中 LightningIndexer 的 C8 key 与缩放因子缓存。"),
    _k("c8_enable_reshape_optim", "bool", False,
       "Write LightningIndexer C8 caches with StoreKVBlock; needs enable_sparse_li_c8.",
       "用 StoreKVBlock 写入 LightningIndexer 的 C8 缓存；需要 enable_sparse_li_c8。"),
    _k("enable_dsa_cp", "bool", False,
       "DSA context parallelism, for models with an indexer (DeepSeek-V3.2, DeepSeek-V4 and alike). The reference "
       "says it needs sequence parallelism; the code no longer does.",
       "DSA 上下文并行，适用于带索引器的模型（DeepSeek-V3.2、DeepSeek-V4 等）。文档称需要序列并行，但代码已不再要求。"),
    _k("enable_reduce_sample", "bool", False,
       "Experimental: keep logits split across TP ranks and exchange only top-k candidates. Wrong logprobs; not "
       "with lm_head TP or on prefill instances.",
       "实验特性：logits 保持按 TP rank 切分，只交换 top-k 候选。logprobs 会不准确；不能与 lm_head 张量并行同用，"
       "也不能用于预填充实例。"),
    _k("sparse_kv_offload_config", "dict", {}, "Sparse KV-cache offload to host memory (not in the reference).",
       "稀疏 KV 缓存卸载到主机内存（文档未列出）。"),
    _k("sparse_kv_offload_config.enabled", "bool", False,
       "Turn sparse KV offload on; sparse-attention models on decode instances.", "开启稀疏 KV 卸载；适用于稀疏注意力模型的解码实例。"),
    _k("sparse_kv_offload_config.topk_buffer_size", "int", 4096, "Top-k buffer size; at least the model's top-k.",
       "top-k 缓冲区大小；不小于模型的 top-k。"),
    _k("sparse_kv_offload_config.dram_size_per_dp_GB", "int", 128, "Host memory per DP rank, in GB.",
       "每个 DP rank 可用的主机内存（GB）。"),
    _k("sparse_kv_offload_config.keep_device_kv_cache", "bool", False,
       "Keep the device KV cache as well (debugging in PD-mixed mode).", "同时保留设备上的 KV 缓存（用于 PD 混合部署下调试）。"),
    # --- RL, debugging, logging ---------------------------------------------------------------------------------
    _k("rl_config", "dict", {}, "One-switch RL mode. Unknown keys are refused.", "一键 RL 模式。未知键会被拒绝。"),
    _k("rl_config.enabled", "bool", False,
       "RL mode: refresh the config on every start, FRACTAL_NZ off, developer endpoints on, no expandable segments.",
       "RL 模式：每次启动都刷新配置、关闭 FRACTAL_NZ、开启开发者接口、不使用 `expandable_segments`。"),
    _k("rl_config.sleep_mode_extra_cleanup", "bool", False,
       "Same-device RL: also free HCCL groups and graph workspaces while asleep (slower wake-up).",
       "同设备 RL：睡眠时额外释放 HCCL 通信组与图工作区（唤醒更慢）。"),
    _k("rl_config.enable_training_consistency", "bool", False,
       "FA3 attention for training/inference consistency; needs flash_attn_npu_v3.",
       "使用 FA3 注意力以保证训练与推理一致；需要 flash_attn_npu_v3。"),
    _k("rl_config.enable_batch_invariant", "bool", False,
       "Batch-invariant deterministic computation (sets VLLM_BATCH_INVARIANT=1).",
       "批不变的确定性计算（设置 VLLM_BATCH_INVARIANT=1）。"),
    _k("refresh", "bool", False, "Rebuild the global Ascend config (RLHF and tests).", "重新构建全局昇腾配置（用于 RLHF 与测试）。"),
    _k("dump_config", "dict", None, "Inline msprobe dump settings, written to a temporary JSON file.",
       "内联的 `msprobe` 数据采集设置，会写入临时 JSON 文件。"),
    _k("dump_config_path", "str", None, "Path of an msprobe dump settings file; not together with dump_config.",
       "`msprobe` 数据采集设置文件的路径；不能与 dump_config 同时设置。"),
    _k("msmonitor_use_daemon", "bool", False, "Run msmonitor as a daemon. Also read from MSMONITOR_USE_DAEMON.",
       "以守护进程方式运行 `msmonitor`。也可通过 MSMONITOR_USE_DAEMON 设置。"),
    _k("enable_cpu_binding", "bool", True, "Bind CPU cores by NPU affinity on ARM servers.",
       "在 ARM 服务器上按 NPU 亲和性绑定 CPU 核。"),
    _k("ascend_log_path", "str", "~/ascend/log/vllm_ascend", "Directory of vLLM-Ascend's log files (not in the "
       "reference).", "vLLM-Ascend 日志文件的目录（文档未列出）。"),
    # --- deprecated, removed and renamed ------------------------------------------------------------------------
    _k("enable_flashcomm1", "bool", False,
       "Deprecated and ignored with a warning: vLLM turns sequence parallelism on by itself (DP > 1, TP > 1, "
       "expert parallelism).", "已弃用，设置后仅告警并被忽略：vLLM 会自动开启序列并行（DP > 1、TP > 1、专家并行）。"),  # not removed_in: vLLM-Ascend still reads it, to warn (check flashcomm1-deprecated), then ignores it
    _k("enable_sleep_mode_extra_cleanup", "bool", False, "Also free HCCL groups and graph workspaces in sleep mode; "
       "after v0.23.0 start-up fails on it: use rl_config.sleep_mode_extra_cleanup.",
       "睡眠模式下额外释放 HCCL 通信组与图工作区；v0.23.0 之后设置它会启动失败，请改用 rl_config.sleep_mode_extra_cleanup。", removed_in=_AFTER_0_23, successor="rl_config.sleep_mode_extra_cleanup"),
    _k("weight_prefetch_config", "dict", {}, "Weight prefetch settings; removed after v0.23.0 (vllm-ascend#11949).",
       "权重预取的设置；v0.23.0 之后已移除（`vllm-ascend#11949`）。", removed_in=_AFTER_0_23),
    _k("weight_prefetch_config.enabled", "bool", False, "Prefetch the next layer's weights during compute.",
       "计算时预取下一层的权重。", removed_in=_AFTER_0_23),
    _k("weight_prefetch_config.prefetch_ratio", "dict", None,
       "Share of each module's weights to prefetch (attn, moe, mlp), each between 0 and 1.",
       "各模块（`attn`、`moe`、`mlp`）预取权重的比例，取值 0 到 1。", removed_in=_AFTER_0_23),
    _k("layer_sharding", "list", None, "Shard these linear layers across ranks (best with FlashComm2 and DSA-CP); "
       "removed after v0.23.0 (vllm-ascend#11953).",
       "把这些线性层切分到各 rank 上（与 FlashComm2、DSA-CP 同用效果最好）；v0.23.0 之后已移除（`vllm-ascend#11953`）。", removed_in=_AFTER_0_23),
    _k("multistream_overlap_gate", "bool", False, "Run the MoE gate on a separate stream; removed after v0.23.0 "
       "(vllm-ascend#11956).", "在独立的流上执行 MoE 门控；v0.23.0 之后已移除（`vllm-ascend#11956`）。",
       removed_in=_AFTER_0_23),
    _k("enable_async_exponential", "bool", False, "Draw the sampler's exponential noise asynchronously (off under "
       "VLLM_BATCH_INVARIANT); removed after v0.23.0 (vllm-ascend#12306).",
       "异步生成采样器的指数噪声（VLLM_BATCH_INVARIANT 下关闭）；v0.23.0 之后已移除（`vllm-ascend#12306`）。",
       removed_in=_AFTER_0_23),
    _k("dp_allreduce_on_npu", "bool", False, "All-reduce the data-parallel metadata on the NPU group instead of the "
       "CPU group; removed after v0.23.0 (vllm-ascend#12496).",
       "在 NPU 通信组而不是 CPU 通信组上做数据并行元数据的 all-reduce；v0.23.0 之后已移除（`vllm-ascend#12496`）。",
       removed_in=_AFTER_0_23),
    _k("hamming_sparse", "dict", {"enabled": False, "sparse_json_location": ""},
       "Hamming sparse attention: enabled and the path of its sparse JSON file; removed after v0.23.0 "
       "(vllm-ascend#12049).", "`Hamming` 稀疏注意力：`enabled` 与稀疏 JSON 文件的路径；v0.23.0 之后已移除（`vllm-ascend#12049`）。", removed_in=_AFTER_0_23),
    _k("enable_hamming_sparse", "bool", False, "Whether the attention backend takes the Hamming sparse path (never "
       "with speculative decoding); removed after v0.23.0.",
       "注意力后端是否走 `Hamming` 稀疏路径（投机解码时不走）；v0.23.0 之后已移除。", removed_in=_AFTER_0_23),
    _k("SLO_limits_for_dynamic_batch", "int", -1, "Latency target of the dynamic-batch scheduler; -1 leaves it off. "
       "Removed after v0.23.0.", "动态批调度器的延迟目标；-1 表示关闭。v0.23.0 之后已移除。",
       removed_in=_AFTER_0_23),
    _k("ascend_compilation_config.fuse_allreduce_rms", "bool", False,
       "Fuse all-reduce with AddRMSNorm in graph mode; removed after v0.23.0.",
       "图模式下将 all-reduce 与 AddRMSNorm 融合；v0.23.0 之后已移除。", removed_in=_AFTER_0_23),
    _k("enable_flashcomm2_parallel_size", "int", 0, "FlashComm2: tensor-parallel size of o_proj; 0 is off. Also read "
       "from VLLM_ASCEND_FLASHCOMM2_PARALLEL_SIZE. Removed after v0.23.0.",
       "FlashComm2：o_proj 的张量并行规模；0 表示关闭。也可通过 VLLM_ASCEND_FLASHCOMM2_PARALLEL_SIZE 设置。v0.23.0 之后已移除。", removed_in=_AFTER_0_23),
    _k("enable_matmul_allreduce", "bool", False, "Fused matmul + all-reduce operator. Also read from "
       "VLLM_ASCEND_ENABLE_MATMUL_ALLREDUCE. Removed after v0.23.0.",
       "矩阵乘与 all-reduce 的融合算子。也可通过 VLLM_ASCEND_ENABLE_MATMUL_ALLREDUCE 设置。v0.23.0 之后已移除。",
       removed_in=_AFTER_0_23),
    *(_k(f"profiling_chunk_config.{k}", t, d, f"Top-level spelling of scheduler_config.profiling_chunk_config.{k}, "
         "read until v0.23.0.", f"scheduler_config.profiling_chunk_config.{k} 的顶层写法，v0.23.0 及之前读取。",
         removed_in=_AFTER_0_23, successor=f"scheduler_config.profiling_chunk_config.{k}")
      for k, t, d in (("enabled", "bool", False), ("smooth_factor", "float", 1.0), ("min_chunk", "int", 4096),
                      ("need_timing", "bool", None), ("max_fit_chunk", "int", 30))),
    _k("enable_npugraph_ex", "bool", False, "Top-level switch of the npugraph_ex backend, read by v0.13.0; later "
       "releases read ascend_compilation_config.enable_npugraph_ex.",
       "npugraph_ex 后端的顶层开关，v0.13.0 读取；之后的版本改读 ascend_compilation_config.enable_npugraph_ex。",
       removed_in="v0.14.0rc1", successor="ascend_compilation_config.enable_npugraph_ex"),
    _k("enable_sparse_c8", "bool", False, "Split into enable_sparse_sfa_c8 and enable_sparse_li_c8; now ignored.",
       "已拆分为 enable_sparse_sfa_c8 与 enable_sparse_li_c8；现在会被忽略。",
       removed_in="v0.23.0rc1", successor="enable_sparse_sfa_c8"),
    _k("expert_map_path", "str", None, "Moved into eplb_config.", "已移入 eplb_config。", removed_in="v0.14.0rc1",
       successor="eplb_config.expert_map_path"),
    _k("eplb_policy_type", "int", 1, "Moved into eplb_config.", "已移入 eplb_config。", removed_in="v0.14.0rc1",
       successor="eplb_config.eplb_policy_type"),
    _k("expert_map_record_path", "str", None, "Moved into eplb_config.", "已移入 eplb_config。",
       removed_in="v0.14.0rc1", successor="eplb_config.expert_map_record_path"),
    _k("init_redundancy_expert", "int", 0, "Moved into eplb_config as num_redundant_experts.",
       "已移入 eplb_config，改名为 num_redundant_experts。", removed_in="v0.14.0rc1",
       successor="eplb_config.num_redundant_experts"),
    _k("dynamic_eplb", "bool", False, "Moved into eplb_config.", "已移入 eplb_config。", removed_in="v0.14.0rc1",
       successor="eplb_config.dynamic_eplb"),
    _k("num_iterations_eplb_update", "int", 400, "Moved into eplb_config as expert_heat_collection_interval.",
       "已移入 eplb_config，改名为 expert_heat_collection_interval。", removed_in="v0.14.0rc1",
       successor="eplb_config.expert_heat_collection_interval"),
    _k("num_wait_worker_iterations", "int", 30, "Moved into eplb_config as algorithm_execution_interval.",
       "已移入 eplb_config，改名为 algorithm_execution_interval。", removed_in="v0.14.0rc1",
       successor="eplb_config.algorithm_execution_interval"),
    _k("gate_eplb", "bool", False, "Removed without a successor.", "已移除，没有替代项。", removed_in="v0.14.0rc1"),
    _k("chunked_prefill_for_mla", "bool", False, "Removed; chunked prefill for MLA needs no switch.",
       "已移除；MLA 的分块预填充无需开关。", 1345, path=_RELEASE_NOTES, removed_in="v0.13.0rc1"),
    _k("torchair_graph_config", "dict", {}, "TorchAir graph mode was removed; ACL Graph replaces it.",
       "TorchAir 图模式已移除，由 ACL Graph 取代。", 38, removed_in="v0.12.0rc1", commit="v0.11.0",
       successor="--compilation-config.cudagraph_mode"),
    _k("torchair_graph_config.enabled", "bool", False, "TorchAir graph mode was removed; ACL Graph replaces it.",
       "TorchAir 图模式已移除，由 ACL Graph 取代。", 38, removed_in="v0.12.0rc1", commit="v0.11.0",
       successor="--compilation-config.cudagraph_mode"),
    _k("ascend_scheduler_config", "dict", {}, "The Ascend scheduler was removed; vLLM's scheduler is used.",
       "昇腾调度器已移除，改用 vLLM 的调度器。", 44, removed_in="v0.12.0rc1", commit="v0.11.0"),
    _k("ascend_scheduler_config.enabled", "bool", False, "The Ascend scheduler was removed; vLLM's scheduler is used.",
       "昇腾调度器已移除，改用 vLLM 的调度器。", 44, removed_in="v0.12.0rc1", commit="v0.11.0"),
    _k("expert_tensor_parallel_size", "int", 0, "Removed; EP and TP follow vLLM's own flags.",
       "已移除；专家并行与张量并行改用 vLLM 自身的参数。", 1774, path=_RELEASE_NOTES, removed_in="v0.10.0rc1",
       successor="--enable-expert-parallel"),
)


_HELP = {k.key: k for k in ADDITIONAL_KEYS}
_TYPES = frozenset({"bool", "int", "float", "str", "dict", "list"})


def _key_type(read: str | None, converts: bool, hand: AdditionalKey | None) -> str:
    """What a key's value is: what the reader converts it to (``int(cfg.get(...))``; ``bool(...)`` only tests it),
    else the documented type, else what its default is."""
    if converts and read in _TYPES and read != "bool":
        return read
    if hand is not None:
        return hand.type
    return read if read in _TYPES else "str"


def _documented_only(hand: AdditionalKey) -> bool:
    """A key vLLM-Ascend's docs list inside an object the code hands on whole (``method_params``)."""
    return hand.source.split(":")[0].endswith(".md") and hand.removed_in is None


@cache
def additional_keys(release: str = NEWEST) -> tuple[AdditionalKey, ...]:
    """The ``--additional-config`` keys as ``release`` sees them.  The keys it reads (its fixture) with their
    type and default, help from :data:`ADDITIONAL_KEYS`; the keys only a later held release reads (``since``);
    the keys it no longer reads (``removed_in``: the hand-written release, else the first held one without it)."""
    reads: dict[str, Any] = held.ADDITIONAL_KEYS[release]
    out: dict[str, AdditionalKey] = {}
    for key, (type_, default, where, converts) in reads.items():
        hand = _HELP.get(key)
        if hand is None:
            help_ = Text(f"Read by vLLM-Ascend {release}; argmatrix has no description of it yet.",
                         f"vLLM-Ascend {release} 会读取该键；argmatrix 尚无说明。")
        elif hand.removed_in:
            help_ = Text(f"Read by vLLM-Ascend {release}. {hand.help.en}", f"vLLM-Ascend {release} 会读取该键。{hand.help.zh}")
        else:
            help_ = hand.help
        out[key] = AdditionalKey(key, _key_type(type_, converts, hand), hand.default if default is None and hand
                                 else default, hand.choices if hand else None, help_, f"{where}@{release}",
                                 successor=hand.successor if hand and not hand.removed_in else None)
    order = release_order(release)
    for hand in ADDITIONAL_KEYS:
        if hand.key in out:
            continue
        readers = _readers(hand.key)
        parent = hand.key.rsplit(".", 1)[0]
        if _documented_only(hand) and not readers:
            if "." in hand.key and parent in reads:
                out[hand.key] = hand
            continue
        later = [r for r in readers if release_order(r) > order]
        earlier = [r for r in readers if release_order(r) < order]
        if later and not earlier:
            out[hand.key] = replace(hand, removed_in=None, successor=None, since=later[0],
                                                source=f"{held.ADDITIONAL_KEYS[later[0]][hand.key][2]}@{later[0]}")
        elif earlier:
            gone = next(r for r in RELEASES if release_order(r) > release_order(earlier[-1]))
            out[hand.key] = replace(hand, removed_in=hand.removed_in or gone)
        elif hand.removed_in:
            out[hand.key] = hand
    for key in held.ADDITIONAL_KEYS[RELEASES[-1]] if release != RELEASES[-1] else ():
        if key not in out and key not in _HELP:  # read later, described nowhere yet
            first = next(r for r in RELEASES if key in held.ADDITIONAL_KEYS[r])
            if release_order(first) > order:
                type_, default, where, _converts = held.ADDITIONAL_KEYS[first][key]
                out[key] = AdditionalKey(key, type_ if type_ in _TYPES else "str", default, None,
                                         Text("Not described yet.", "尚无说明。"), f"{where}@{first}", since=first)
    return tuple(out.values())


# ---------------------------------------------------------------------------------------------------------------
# start-up checks that need no model
# ---------------------------------------------------------------------------------------------------------------
@record
class StartupCheck(Cited):
    """A start-up check of vLLM-Ascend: ``error`` where it raises, ``warning`` where it warns and goes on."""

    id: str
    dests: tuple[str, ...]
    violated: Callable[[Mapping[str, Any]], bool]
    severity: str   # "error" | "warning"
    message: Text
    fix: Text
    cite: Cite
    kind: str = "check"


def _c(id_: str, dests: tuple[str, ...], violated: Callable[[Mapping[str, Any]], bool], severity: str,
       message: tuple[str, str], fix: tuple[str, str], cite: Cite) -> StartupCheck:
    return StartupCheck(id_, dests, violated, severity, Text(*message), Text(*fix), cite)


_AC = ("additional_config",)
_SRF = "short_request_first_config"
_PCC = "profiling_chunk_config"
_BJS = "batch_job_sched_config"
_DLB = "dyntra_lb_config"
_EPLB_V1_KEYS = ("dynamic_eplb", "expert_map_path", "expert_heat_collection_interval", "algorithm_execution_interval",
                 "expert_map_record_path", "num_redundant_experts", "eplb_policy_type", "eplb_heat_collection_stage")
_EPLB_KEYS = _EPLB_V1_KEYS + ("load_collection_phase",)
_DLB_KEYS = ("enabled", "enable_diagnostics", "mode", "start_step", "end_step", "bubble_threshold",
             "long_req_block_threshold", "dynamic_max_step")


def _sub(v: Mapping[str, Any], key: str, field: str, default: Any = None) -> Any:
    """``field`` of the scheduler extension ``key`` (nested or legacy top-level)."""
    return _get({"x": _sched(v, key)}, "x." + field, default)


def _pcc(v: Mapping[str, Any], field: str, default: Any) -> Any:
    return _sub(v, _PCC, field, default)


def _bjs_bad(field: str, lowest: int) -> Callable[[Mapping[str, Any]], bool]:
    return lambda v: _num(_sub(v, _BJS, field), lowest) < lowest


def _dlb(v: Mapping[str, Any], field: str, default: Any) -> Any:
    return _ac(v, f"scheduler_config.{_DLB}.{field}", default)


def _int_or(x: Any, default: int) -> int:
    return x if isinstance(x, int) and not isinstance(x, bool) else default


def _key_present(key: str) -> Callable[[Mapping[str, Any]], bool]:
    return lambda v: _has(v, "additional_config." + key)


def _tp_size_in_eager(index: int) -> Callable[[Mapping[str, Any]], bool]:
    return lambda v: _tp_sizes(v)[index] > 0 and bool(v.get("enforce_eager"))


def _tp_size_off_decode(index: int) -> Callable[[Mapping[str, Any]], bool]:
    return lambda v: _tp_sizes(v)[index] > 0 and not _kv_consumer(v)


def _stage_unknown(key: str) -> Callable[[Mapping[str, Any]], bool]:
    return lambda v: _ac(v, f"eplb_config.{key}", "all") not in _STAGES


_BATCH_JOB_LIMITS = (  # (field, lowest allowed, line): ascend_config.py:900-919
    ("max_jobs", 0, _cite(_CONFIG, 'BatchJobSchedConfig._validate', 'self.max_jobs < 0')), ("reserve_margin_blocks", 0, _cite(_CONFIG, 'BatchJobSchedConfig._validate', 'self.reserve_margin_blocks < 0')), ("reserve_max_blocks", 1, _cite(_CONFIG, 'BatchJobSchedConfig._validate', 'self.reserve_max_blocks <= 0')),
    ("low_available_tokens_threshold", 1, _cite(_CONFIG, 'BatchJobSchedConfig._validate', 'self.low_available_tokens_threshold <= 0')), ("short_decode_token_threshold", 1, _cite(_CONFIG, 'BatchJobSchedConfig._validate', 'self.short_decode_token_threshold <= 0')),
)

STARTUP_CHECKS: tuple[StartupCheck, ...] = (
    # --- removed and deprecated keys (ascend_config.py:38-48) ---------------------------------------------------
    _c("sleep-mode-extra-cleanup-removed", _AC, lambda v: _has(v, "additional_config.enable_sleep_mode_extra_cleanup"),
       "error", ("additional_config.enable_sleep_mode_extra_cleanup was removed",
                 "additional_config.enable_sleep_mode_extra_cleanup 已被移除"),
       ("set additional_config.rl_config.sleep_mode_extra_cleanup instead",
        "请改为设置 additional_config.rl_config.sleep_mode_extra_cleanup"), _cite(_CONFIG, 'AscendConfig.__init__', "'enable_sleep_mode_extra_cleanup' in additional_config")),
    _c("flashcomm1-deprecated", _AC, lambda v: _has(v, "additional_config.enable_flashcomm1"), "warning",
       ("additional_config.enable_flashcomm1 is deprecated and has no effect",
        "additional_config.enable_flashcomm1 已弃用，不再生效"),
       ("remove it: vLLM turns sequence parallelism on by itself", "请删除该键：vLLM 会自动开启序列并行"), _cite(_CONFIG, 'AscendConfig.__init__', "'enable_flashcomm1' in additional_config or os.getenv('VLLM_ASCEND_ENABLE_FLASHCOMM1') is not None")),
    *(_c(f"legacy-{k.replace('_', '-')}", _AC, _key_present(k),
         "warning", (f"additional_config.{k} is deprecated", f"additional_config.{k} 已弃用"),
         (f"move it to additional_config.scheduler_config.{k}", f"请移到 additional_config.scheduler_config.{k}"),
         _cite(_CONFIG, 'SchedulerConfig._get_config_value', 'config_key in additional_config'))
      for k in ("enable_balance_scheduling", "recompute_scheduler_enable", _SRF, _PCC, _BJS)),
    _c("scheduler-config-not-dict", _AC, lambda v: _not_type(_ac(v, "scheduler_config"), Mapping), "error",
       ("additional_config.scheduler_config must be a JSON object", "additional_config.scheduler_config 必须是 JSON 对象"),
       ("give scheduler_config as a JSON object of its keys", "请把 scheduler_config 写成由其各键组成的 JSON 对象"),
       _cite(_CONFIG, 'SchedulerConfig.__init__', 'not isinstance(scheduler_config, dict)')),
    # --- dynamic chunked pipeline parallelism ---------------------------------------------------------------------
    _c("profiling-chunk-needs-pp", ("pipeline_parallel_size",) + _AC,
       lambda v: _sched_on(v, _PCC) and _pp(v) <= 1, "error",
       (("dynamic chunking (profiling_chunk_config) needs pipeline parallelism, but --pipeline-parallel-size is "
        "{pipeline_parallel_size}"), ("动态分块（profiling_chunk_config）需要流水线并行，但 --pipeline-parallel-size 为 "
        "{pipeline_parallel_size}")),
       ("set --pipeline-parallel-size above 1, or turn profiling_chunk_config off",
        "请把 --pipeline-parallel-size 设为大于 1，或关闭 profiling_chunk_config"), _cite(_CONFIG, 'AscendConfig.__init__', 'self.scheduler_config.profiling_chunk_config.enabled and vllm_config.parallel_config.pipeline_parallel_size <= 1')),
    _c("profiling-chunk-vs-balance", _AC,
       lambda v: _sched_on(v, _PCC) and bool(_sched(v, "enable_balance_scheduling")), "error",
       ("dynamic chunking (profiling_chunk_config) and balance scheduling cannot both be on",
        "动态分块（profiling_chunk_config）与均衡调度不能同时开启"),
       ("turn one of them off", "请关闭其中之一"), _cite(_CONFIG, 'AscendConfig.__init__', 'self.scheduler_config.profiling_chunk_config.enabled and self.scheduler_config.enable_balance_scheduling')),
    _c("profiling-chunk-min-chunk-clamped", ("max_num_batched_tokens",) + _AC,
       lambda v: _sched_on(v, _PCC) and _set(v, "max_num_batched_tokens")
       and _n(v, "max_num_batched_tokens", 0) < _num(_pcc(v, "min_chunk", 4096), 4096), "warning",
       (("--max-num-batched-tokens {max_num_batched_tokens} is below profiling_chunk_config.min_chunk; the minimum "
        "chunk is lowered to it"), ("--max-num-batched-tokens {max_num_batched_tokens} 小于 profiling_chunk_config.min_chunk，"
        "最小分块会被降到该值")),
       ("lower min_chunk or raise --max-num-batched-tokens", "请调小 min_chunk 或调大 --max-num-batched-tokens"),
       _cite(_CONFIG, 'AscendConfig.__init__', 'max_batched < self.scheduler_config.profiling_chunk_config.min_chunk')),
    _c("profiling-chunk-smooth-factor", _AC,
       lambda v: not (0 < _num(_pcc(v, "smooth_factor", 1.0), 1.0) <= 1.0), "error",
       ("profiling_chunk_config.smooth_factor must be in (0, 1]", "profiling_chunk_config.smooth_factor 必须在 `(0, 1]` 内"),
       ("set smooth_factor to a number above 0 and at most 1", "请把 smooth_factor 设为大于 0 且不超过 1 的数"),
       _cite(_CONFIG, 'ProfilingChunkConfig._validate', 'not 0 < self.smooth_factor <= 1.0')),
    _c("profiling-chunk-min-chunk", _AC, lambda v: _num(_pcc(v, "min_chunk", 4096), 4096) <= 0, "error",
       ("profiling_chunk_config.min_chunk must be positive", "profiling_chunk_config.min_chunk 必须为正数"),
       ("set min_chunk to a positive token count", "请把 min_chunk 设为正的 token 数"), _cite(_CONFIG, 'ProfilingChunkConfig._validate', 'self.min_chunk <= 0')),
    _c("profiling-chunk-max-fit-chunk", _AC, lambda v: _num(_pcc(v, "max_fit_chunk", 30), 30) <= 5, "error",
       ("profiling_chunk_config.max_fit_chunk must be more than 5", "profiling_chunk_config.max_fit_chunk 必须大于 5"),
       ("use at least 30 timing samples", "请至少使用 30 个计时样本"), _cite(_CONFIG, 'ProfilingChunkConfig._validate', 'self.max_fit_chunk <= 5')),
    _c("profiling-chunk-need-timing-ignored", _AC,
       lambda v: bool(_pcc(v, "need_timing", False)) and not _sched_on(v, _PCC), "warning",
       ("profiling_chunk_config.need_timing is ignored while profiling_chunk_config is off",
        "profiling_chunk_config 关闭时，profiling_chunk_config.need_timing 会被忽略"),
       ("remove need_timing or turn profiling_chunk_config on", "请删除 need_timing 或开启 profiling_chunk_config"),
       _cite(_CONFIG, 'ProfilingChunkConfig.__init__', 'not self.enabled and self.need_timing')),
    # --- fine-grained tensor parallelism -------------------------------------------------------------------------
    _c("oproj-embedding-tp-need-recompute", _AC,
       lambda v: (_tp_sizes(v)[0] > 0 or _tp_sizes(v)[2] > 0) and not _sched(v, "recompute_scheduler_enable"),
       "error", ("oproj/embedding fine-grained TP needs the recompute scheduler",
                 "`oproj/embedding` 细粒度张量并行需要重计算调度器"),
       (("set additional_config.scheduler_config.recompute_scheduler_enable to true (decode instances only), or "
        "drop the oproj/embedding sizes"), ("请把 additional_config.scheduler_config.recompute_scheduler_enable 设为 true"
        "（仅限解码实例），或去掉 `oproj/embedding` 的并行规模")), _cite(_CONFIG, 'AscendConfig.__init__', '(self.finegrained_tp_config.oproj_tensor_parallel_size > 0 or self.finegrained_tp_config.embedding_tensor_parallel_size > 0) and (not self.scheduler_config.recompute_scheduler_enable)')),
    _c("oproj-tp-needs-tp1", ("tensor_parallel_size",) + _AC,
       lambda v: _tp_sizes(v)[0] > 0 and _tp(v) > 1, "error",
       ("oproj fine-grained TP needs --tensor-parallel-size 1, got {tensor_parallel_size}",
        "`oproj` 细粒度张量并行要求 --tensor-parallel-size 为 1，当前为 {tensor_parallel_size}"),
       ("set --tensor-parallel-size 1 or drop oproj_tensor_parallel_size",
        "请设置 --tensor-parallel-size 1，或去掉 oproj_tensor_parallel_size"), _cite(_CONFIG, 'FinegrainedTPConfig.__init__', 'vllm_config.parallel_config.tensor_parallel_size > 1')),
    *(_c(f"{m}-tp-needs-graph", ("enforce_eager",) + _AC,
         _tp_size_in_eager(i), "error",
         (f"{m} fine-grained TP only works in graph mode, but --enforce-eager is set",
          f"`{m}` 细粒度张量并行只支持图模式，但设置了 --enforce-eager"),
         (f"drop --enforce-eager or {m}_tensor_parallel_size", f"请去掉 --enforce-eager 或 {m}_tensor_parallel_size"),
         line)
      for m, i, line in (("oproj", 0, _cite(_CONFIG, 'FinegrainedTPConfig.__init__', 'vllm_config.model_config and vllm_config.model_config.enforce_eager')), ("olora", 4, _cite(_CONFIG, 'FinegrainedTPConfig.__init__', 'vllm_config.model_config and vllm_config.model_config.enforce_eager', 1)))),
    *(_c(f"{m}-tp-needs-decode-instance", ("kv_transfer_config",) + _AC,
         _tp_size_off_decode(i), "error",
         (f"{m} fine-grained TP only works on a decode instance of a PD-disaggregated deployment",
          f"`{m}` 细粒度张量并行只能用于 PD 分离部署中的解码实例"),
         ("give --kv-transfer-config with kv_role kv_consumer, or drop the size",
          "请通过 --kv-transfer-config 设置 kv_role 为 kv_consumer，或去掉该并行规模"), line)
      for m, i, line in (("oproj", 0, _cite(_CONFIG, 'FinegrainedTPConfig.__init__', 'vllm_config.kv_transfer_config is None or not vllm_config.kv_transfer_config.is_kv_consumer')), ("olora", 4, _cite(_CONFIG, 'FinegrainedTPConfig.__init__', 'vllm_config.kv_transfer_config is None or not vllm_config.kv_transfer_config.is_kv_consumer', 1)))),
    _c("finegrained-tp-divides-dp", ("data_parallel_size",) + _AC,
       lambda v: any(s > 0 and _dp(v) % s != 0 for s in _tp_sizes(v)), "error",
       ("each fine-grained TP size must divide --data-parallel-size {data_parallel_size}",
        "每个细粒度张量并行规模都必须能整除 --data-parallel-size {data_parallel_size}"),
       ("pick fine-grained TP sizes that divide the data-parallel size", "请选择能整除数据并行规模的细粒度张量并行规模"),
       _cite(_CONFIG, 'FinegrainedTPConfig.__init__', 'module_tp_size > 0 and vllm_config.parallel_config.data_parallel_size % module_tp_size != 0')),
    # --- fused MC2 and MoE communication --------------------------------------------------------------------------
    _c("fused-mc2-values", _AC, lambda v: _fused_mc2(v) not in (0, 1), "error",
       ("additional_config.enable_fused_mc2 must be 0 or 1", "additional_config.enable_fused_mc2 只能为 0 或 1"),
       ("set enable_fused_mc2 to 0 or 1", "请把 enable_fused_mc2 设为 0 或 1"), _cite(_CONFIG, 'AscendConfig.__init__', 'self.enable_fused_mc2 in (0, 1)')),
    _c("fused-mc2-drops-shared-expert-overlap", _AC,
       lambda v: _fused_mc2(v) == 1 and bool(_ac(v, "multistream_overlap_shared_expert")), "warning",
       ("fused MC2 turns multistream_overlap_shared_expert off", "融合 MC2 会关闭 multistream_overlap_shared_expert"),
       ("drop one of enable_fused_mc2 and multistream_overlap_shared_expert",
        "请去掉 enable_fused_mc2 与 multistream_overlap_shared_expert 之一"), _cite(_CONFIG, 'AscendConfig.__init__', 'self.enable_fused_mc2 == 1 and self.multistream_overlap_shared_expert')),
    _c("mc2-hierarchy-vs-fused-mc2", _AC,
       lambda v: bool(_ac(v, "enable_mc2_hierarchy_comm")) and bool(_fused_mc2(v)), "error",
       ("fused MC2 cannot be used with hierarchical MC2 communication", "融合 MC2 不能与分层 MC2 通信同时使用"),
       ("set enable_fused_mc2 to 0 (and unset VLLM_ASCEND_ENABLE_FUSED_MC2) or turn enable_mc2_hierarchy_comm off",
        "请把 enable_fused_mc2 设为 0（并取消 VLLM_ASCEND_ENABLE_FUSED_MC2），或关闭 enable_mc2_hierarchy_comm"),
       _cite(_PLATFORM, '_check_ascend_config', 'ascend_config.enable_mc2_hierarchy_comm and ascend_config.enable_fused_mc2')),
    _c("mc2-hierarchy-a2-a3-only", ("target",) + _AC,
       lambda v: bool(_ac(v, "enable_mc2_hierarchy_comm")) and v.get("target") in ("310p", "a5"), "error",
       ("enable_mc2_hierarchy_comm only works on A2 and A3", "enable_mc2_hierarchy_comm 只支持 A2 与 A3"),
       ("turn enable_mc2_hierarchy_comm off on this chip", "请在该芯片上关闭 enable_mc2_hierarchy_comm"), _cite(_CONFIG, 'AscendConfig._validate_mc2_hierarchy_comm', 'device_type not in (AscendDeviceType.A2, AscendDeviceType.A3)')),
    _c("mega-moe-max-tokens", _AC,
       lambda v: _has(v, "additional_config.mega_moe_max_tokens")
       and (not isinstance(_ac(v, "mega_moe_max_tokens"), int) or _ac(v, "mega_moe_max_tokens") <= 0), "error",
       ("additional_config.mega_moe_max_tokens must be a positive integer",
        "additional_config.mega_moe_max_tokens 必须是正整数"),
       ("set mega_moe_max_tokens to a positive integer such as 131072", "请把 mega_moe_max_tokens 设为正整数，例如 131072"),
       _cite(_CONFIG, 'AscendConfig.__init__', 'not isinstance(self.mega_moe_max_tokens, int)')),
    _c("mix-placement-exclusive", ("enable_expert_parallel", "tensor_parallel_size") + _AC,
       lambda v: bool(_ac(v, "mix_placement"))
       and (_shared_expert_dp(v) or bool(_ac(v, "multistream_overlap_shared_expert"))), "error",
       ("mix_placement cannot be used with shared-expert DP or the multi-stream shared-expert overlap",
        "mix_placement 不能与共享专家数据并行或共享专家多流重叠同时使用"),
       ("turn mix_placement off, or turn enable_shared_expert_dp and multistream_overlap_shared_expert off",
        "请关闭 mix_placement，或关闭 enable_shared_expert_dp 与 multistream_overlap_shared_expert"), _cite(_CONFIG, 'AscendConfig._check_mix_placement', 'self.enable_shared_expert_dp or self.multistream_overlap_shared_expert')),
    # --- KV layout and sampling -------------------------------------------------------------------------------
    _c("kv-nz-needs-decode-instance", ("kv_transfer_config",) + _AC,
       lambda v: bool(_ac(v, "enable_kv_nz")) and not _kv_consumer(v), "error",
       ("enable_kv_nz only works for MLA models on a decode instance of a PD-disaggregated deployment",
        "enable_kv_nz 只能用于 PD 分离部署中解码实例上的 MLA 模型"),
       ("turn enable_kv_nz off, or give --kv-transfer-config with kv_role kv_consumer",
        "请关闭 enable_kv_nz，或通过 --kv-transfer-config 设置 kv_role 为 kv_consumer"), _cite(_CONFIG, 'AscendConfig.__init__', 'vllm_config.kv_transfer_config is None or not vllm_config.kv_transfer_config.is_kv_consumer')),
    _c("reduce-sample-experimental", _AC, lambda v: bool(_ac(v, "enable_reduce_sample")), "warning",
       ("enable_reduce_sample is experimental; logprobs are computed over split logits and are wrong",
        "enable_reduce_sample 是实验特性；logprobs 会基于切分后的 logits 计算，结果不正确"),
       ("do not request logprobs while it is on", "开启期间请不要请求 logprobs"), _cite(_CONFIG, 'AscendConfig.__init__', 'self.enable_reduce_sample')),
    _c("reduce-sample-vs-lmhead-tp", _AC,
       lambda v: bool(_ac(v, "enable_reduce_sample")) and _tp_sizes(v)[1] > 0, "error",
       ("enable_reduce_sample cannot be used with lmhead fine-grained TP",
        "enable_reduce_sample 不能与 `lmhead` 细粒度张量并行同时使用"),
       ("turn one of them off", "请关闭其中之一"), _cite(_CONFIG, 'AscendConfig.__init__', 'self.finegrained_tp_config.lmhead_tensor_parallel_size > 0')),
    _c("reduce-sample-on-prefill-instance", ("kv_transfer_config",) + _AC,
       lambda v: bool(_ac(v, "enable_reduce_sample")) and _kv_role(v) == "kv_producer", "error",
       ("enable_reduce_sample is not supported on a prefill instance", "预填充实例不支持 enable_reduce_sample"),
       ("turn enable_reduce_sample off on prefill instances", "请在预填充实例上关闭 enable_reduce_sample"), _cite(_CONFIG, 'AscendConfig.__init__', "kv_role == 'kv_producer'")),
    # --- dump settings ----------------------------------------------------------------------------------------
    _c("dump-config-exclusive", _AC,
       lambda v: _ac(v, "dump_config") is not None and _ac(v, "dump_config_path") is not None, "error",
       ("only one of additional_config.dump_config and dump_config_path may be set",
        "additional_config.dump_config 与 dump_config_path 只能设置其一"),
       ("keep one of them", "请只保留其中一个"), _cite(_CONFIG, 'AscendConfig._resolve_dump_config_path', 'dump_config_path is not None and dump_config is not None')),
    _c("dump-config-type", _AC,
       lambda v: _not_type(_ac(v, "dump_config"), Mapping) or _not_type(_ac(v, "dump_config_path"), str), "error",
       ("additional_config.dump_config must be an object and dump_config_path a string",
        "additional_config.dump_config 必须是对象，dump_config_path 必须是字符串"),
       ("fix the type of the dump setting", "请修正数据采集设置的类型"), _cite(_CONFIG, 'AscendConfig._resolve_dump_config_path', 'not isinstance(dump_config, dict)')),
    # --- RL mode -----------------------------------------------------------------------------------------------
    _c("rl-config-shape", _AC,
       lambda v: _not_type(_ac(v, "rl_config"), Mapping)
       or _unknown(v, "additional_config.rl_config",
                   ("enabled", "sleep_mode_extra_cleanup", "enable_training_consistency", "enable_batch_invariant"))
       or any(_not_type(_ac(v, f"rl_config.{k}"), bool) for k in
              ("enabled", "sleep_mode_extra_cleanup", "enable_training_consistency", "enable_batch_invariant")),
       "error", ("additional_config.rl_config must be an object of known boolean keys",
                 "additional_config.rl_config 必须是只含已知布尔键的对象"),
       (("use only enabled, sleep_mode_extra_cleanup, enable_training_consistency and enable_batch_invariant, each "
        "true or false"), ("只能使用 `enabled`、sleep_mode_extra_cleanup、enable_training_consistency 与 "
        "enable_batch_invariant，取值均为 true 或 false")), _cite(_CONFIG, 'RlConfig.__init__', 'not isinstance(config, dict)')),
    # --- speculative decoding settings --------------------------------------------------------------------------
    _c("dynamic-spec-method", _AC,
       lambda v: _ac(v, "dynamic_spec_config.method") not in (None, "dspark", "dflash"), "error",
       ("dynamic_spec_config.method must be dspark or dflash", "dynamic_spec_config.method 只能为 `dspark` 或 `dflash`"),
       ("set method to \"dspark\" or \"dflash\", or leave it out", "请把 `method` 设为 \"dspark\" 或 \"dflash\"，或不设置"),
       _cite(_CONFIG, 'DynamicSpecConfig._validate', 'self.method is not None and self.method not in self.SUPPORTED_METHODS')),
    _c("dynamic-spec-method-params", _AC, lambda v: _not_type(_ac(v, "dynamic_spec_config.method_params"), Mapping),
       "error", ("dynamic_spec_config.method_params must be an object", "dynamic_spec_config.method_params 必须是对象"),
       ("give method_params as an object", "请把 method_params 写成对象"), _cite(_CONFIG, 'DynamicSpecConfig._validate', 'not isinstance(self.method_params, dict)')),
    _c("rejection-sampler-values", _AC,
       lambda v: _not_type(_ac(v, "rejection_sampler_config.enable_block_verify"), bool)
       or _not_type(_ac(v, "rejection_sampler_config.enable_entropy_verify"), bool)
       or not (0 < _num(_ac(v, "rejection_sampler_config.posterior_threshold"), 0.95) <= 1)
       or _num(_ac(v, "rejection_sampler_config.posterior_alpha"), 0.4) < 0
       or _not_type(_ac(v, "rejection_sampler_config.posterior_threshold"), int, float)
       or _not_type(_ac(v, "rejection_sampler_config.posterior_alpha"), int, float), "error",
       (("rejection_sampler_config: the two switches must be booleans, posterior_threshold in (0, 1] and "
        "posterior_alpha >= 0"), ("rejection_sampler_config：两个开关必须是布尔值，posterior_threshold 在 `(0, 1]` 内，"
        "posterior_alpha >= 0")),
       ("fix the rejection-sampler values", "请修正拒绝采样器的取值"), _cite(_CONFIG, 'RejectionSamplerConfig._validate', 'not isinstance(self.enable_block_verify, bool)')),
    _c("xlite-speculative-tokens", ("speculative_config",) + _AC,
       lambda v: _xlite(v) and bool(v.get("speculative_config"))
       and _set(v, "speculative_config.num_speculative_tokens") and _spec_tokens(v) != 1, "error",
       ("xlite graph mode only supports speculative decoding with num_speculative_tokens 1",
        "`xlite` 图模式只支持 num_speculative_tokens 为 1 的投机解码"),
       ("set num_speculative_tokens to 1 in --speculative-config, or turn xlite off",
        "请在 --speculative-config 中把 num_speculative_tokens 设为 1，或关闭 `xlite`"), _cite(_CONFIG, 'XliteGraphConfig.__init__', 'bool(vllm_config.speculative_config) and vllm_config.speculative_config.num_speculative_tokens != 1')),
    _c("xlite-no-pp", ("pipeline_parallel_size",) + _AC, lambda v: _xlite(v) and _pp(v) > 1, "error",
       ("xlite graph mode does not work with --pipeline-parallel-size {pipeline_parallel_size}",
        "`xlite` 图模式不支持 --pipeline-parallel-size {pipeline_parallel_size}"),
       ("set --pipeline-parallel-size 1 or turn xlite off", "请设置 --pipeline-parallel-size 1，或关闭 `xlite`"),
       _cite(_CONFIG, 'XliteGraphConfig.__init__', 'vllm_config.parallel_config.pipeline_parallel_size > 1')),
    _c("xlite-block-size", ("block_size",) + _AC, lambda v: _xlite(v) and _block_size(v) != 128, "warning",
       ("--block-size {block_size} may be slow with xlite graph mode", "--block-size {block_size} 在 `xlite` 图模式下可能较慢"),
       ("use --block-size 128", "建议使用 --block-size 128"), _cite(_CONFIG, 'XliteGraphConfig.__init__', 'vllm_config.cache_config.block_size != 128')),
    # --- compilation --------------------------------------------------------------------------------------------
    _c("static-kernel-needs-npugraph-ex", ("target",) + _AC,
       lambda v: v.get("target") != "310p" and bool(_ac(v, "ascend_compilation_config.enable_static_kernel"))
       and _ac(v, "ascend_compilation_config.enable_npugraph_ex", True) is False, "error",
       ("static kernels need npugraph_ex, which is off", "静态算子依赖 npugraph_ex，但它已被关闭"),
       ("turn enable_npugraph_ex on or enable_static_kernel off", "请开启 enable_npugraph_ex 或关闭 enable_static_kernel"),
       _cite(_CONFIG, 'AscendCompilationConfig.__init__', 'self.enable_static_kernel')),
    _c("npugraph-ex-on-310p", ("target",) + _AC,
       lambda v: v.get("target") == "310p" and (
           _ac(v, "ascend_compilation_config.enable_npugraph_ex", True) is not False
           or bool(_ac(v, "ascend_compilation_config.enable_static_kernel"))), "warning",
       ("npugraph_ex and static kernels are not available on 310P and are turned off",
        "310P 不支持 npugraph_ex 与静态算子，二者会被关闭"),
       ("set enable_npugraph_ex and enable_static_kernel to false on 310P",
        "请在 310P 上把 enable_npugraph_ex 与 enable_static_kernel 设为 false"), _cite(_CONFIG, 'AscendCompilationConfig.__init__', 'enable_npugraph_ex')),
    _c("capture-sizes-need-tp-multiple", ("tensor_parallel_size", "compilation_config") + _AC,
       lambda v: _needs_tp_aligned_sizes(v) and _tp_aligned_sizes(v) == [], "error",
       (("no graph capture size is a multiple of --tensor-parallel-size {tensor_parallel_size}, as sequence "
        "parallelism, shared-expert DP or DSA-CP need"),
        ("没有任何图捕获尺寸是 --tensor-parallel-size {tensor_parallel_size} 的倍数，而序列并行、共享专家数据并行或 "
        "DSA-CP 需要这样的尺寸")),
       ("add multiples of the TP size to cudagraph_capture_sizes", "请在 cudagraph_capture_sizes 中加入 TP 规模的倍数"),
       _cite(_PLATFORM, '_setup_compile_backend', 'not sp_aclgraph_sizes')),
    # --- EPLB (platform.py:749-795, ascend_config.py:1010-1056) ------------------------------------------------
    _c("eplb-config-not-dict", _AC, lambda v: _not_type(_ac(v, "eplb_config"), Mapping), "error",
       ("additional_config.eplb_config must be an object", "additional_config.eplb_config 必须是对象"),
       ("give eplb_config as an object", "请把 eplb_config 写成对象"), _cite(_PLATFORM, '_validate_eplb_config', 'not isinstance(eplb_config, dict)')),
    _c("eplb-v2-legacy-fields", ("use_v2_model_runner",) + _AC,
       lambda v: _mrv2(v) and isinstance(_ac(v, "eplb_config"), Mapping)
       and bool(set(_ac(v, "eplb_config")) - {"load_collection_phase"}), "error",
       ("Model Runner V2 only accepts load_collection_phase in additional_config.eplb_config",
        "`Model Runner V2` 在 additional_config.eplb_config 中只接受 load_collection_phase"),
       ("configure EPLB with --enable-eplb and --eplb-config instead", "请改用 --enable-eplb 与 --eplb-config 配置 EPLB"),
       _cite(_PLATFORM, '_validate_eplb_config', 'use_v2_model_runner')),
    _c("eplb-v2-no-v1-env", ("use_v2_model_runner", "v1_eplb_env", "enable_eplb") + _AC,
       lambda v: _mrv2(v) and v.get("v1_eplb_env") is True, "error",
       ("DYNAMIC_EPLB and EXPERT_MAP_RECORD are Model Runner V1 switches; Model Runner V2 refuses them",
        "DYNAMIC_EPLB 与 EXPERT_MAP_RECORD 是 `Model Runner V1` 的开关，`Model Runner V2` 不接受它们"),
       ("unset DYNAMIC_EPLB and EXPERT_MAP_RECORD and use --enable-eplb, or unset VLLM_USE_V2_MODEL_RUNNER",
        "请取消 DYNAMIC_EPLB 与 EXPERT_MAP_RECORD 并改用 --enable-eplb，或取消 VLLM_USE_V2_MODEL_RUNNER"),
       _cite(_PLATFORM, '_validate_eplb_config',
             "os.getenv('DYNAMIC_EPLB', 'false').lower() in ('true', '1') or "
             "os.getenv('EXPERT_MAP_RECORD', 'false').lower() in ('true', '1')")),
    _c("eplb-phase-needs-enable-eplb", ("use_v2_model_runner", "enable_eplb") + _AC,
       lambda v: _mrv2(v) and _ac(v, "eplb_config.load_collection_phase", "all") != "all"
       and not v.get("enable_eplb"), "error",
       ("eplb_config.load_collection_phase needs --enable-eplb", "eplb_config.load_collection_phase 需要 --enable-eplb"),
       ("add --enable-eplb", "请加上 --enable-eplb"), _cite(_PLATFORM, '_validate_eplb_config', "load_collection_phase != 'all' and (not vllm_config.parallel_config.enable_eplb)")),
    _c("eplb-v2-no-async", ("use_v2_model_runner", "enable_eplb", "eplb_config"),
       lambda v: _mrv2(v) and bool(v.get("enable_eplb")) and bool(_get(v, "eplb_config.use_async")), "error",
       ("asynchronous EPLB is not supported by Model Runner V2 on Ascend", "昇腾上的 `Model Runner V2` 不支持异步 EPLB"),
       ("set --eplb-config.use_async false", "请设置 --eplb-config.use_async false"), _cite(_PLATFORM, '_validate_eplb_config', 'upstream_eplb_config.use_async')),
    _c("eplb-communicator", ("use_v2_model_runner", "enable_eplb", "eplb_config"),
       lambda v: _mrv2(v) and bool(v.get("enable_eplb"))
       and _get(v, "eplb_config.communicator") not in (None, "torch_nccl", "torch_gloo"), "error",
       ("--eplb-config.communicator must not be set on Ascend", "昇腾上不能设置 --eplb-config.communicator"),
       ("remove communicator: HCCL is chosen automatically", "请删除 `communicator`：系统会自动选择 HCCL"),
       _cite(_PLATFORM, '_validate_eplb_config', "upstream_eplb_config.communicator not in (None, 'torch_nccl', 'torch_gloo')")),
    _c("eplb-phase-needs-v2", ("use_v2_model_runner",) + _AC,
       lambda v: not _mrv2(v) and _has(v, "additional_config.eplb_config.load_collection_phase"), "error",
       ("eplb_config.load_collection_phase needs Model Runner V2", "eplb_config.load_collection_phase 需要 `Model Runner V2`"),
       ("use eplb_heat_collection_stage under Model Runner V1, or set VLLM_USE_V2_MODEL_RUNNER=1",
        "`Model Runner V1` 下请改用 eplb_heat_collection_stage，或设置 VLLM_USE_V2_MODEL_RUNNER=1"), _cite(_PLATFORM, '_validate_eplb_config', "'load_collection_phase' in eplb_config")),
    _c("enable-eplb-needs-v2", ("use_v2_model_runner", "enable_eplb"),
       lambda v: not _mrv2(v) and bool(v.get("enable_eplb")), "error",
       ("--enable-eplb (vLLM's EPLB) needs Model Runner V2 on Ascend", "昇腾上 --enable-eplb（vLLM 的 EPLB）需要 `Model Runner V2`"),
       ("set VLLM_USE_V2_MODEL_RUNNER=1, or drop --enable-eplb and use additional_config.eplb_config",
        "请设置 VLLM_USE_V2_MODEL_RUNNER=1，或去掉 --enable-eplb 并改用 additional_config.eplb_config"),
       _cite(_PLATFORM, '_validate_eplb_config', 'vllm_config.parallel_config.enable_eplb')),
    _c("eplb-unknown-keys", _AC, lambda v: _unknown(v, "additional_config.eplb_config", _EPLB_KEYS), "error",
       ("additional_config.eplb_config has an unknown key", "additional_config.eplb_config 含有未知键"),
       ("use only the documented eplb_config keys", "请只使用文档列出的 eplb_config 键"), _cite(_CONFIG, 'EplbConfig.__init__', 'key in self.config')),
    _c("eplb-json-paths", _AC,
       lambda v: any(isinstance(_ac(v, f"eplb_config.{k}"), str) and not _ac(v, f"eplb_config.{k}").endswith(".json")
                     for k in ("expert_map_path", "expert_map_record_path")), "error",
       ("eplb_config.expert_map_path and expert_map_record_path must name .json files",
        "eplb_config.expert_map_path 与 expert_map_record_path 必须是 .json 文件"),
       ("give a path ending in .json", "请给出以 .json 结尾的路径"), _cite(_CONFIG, 'EplbConfig._validate_config', "self.expert_map_path[-5:] != '.json'")),
    _c("eplb-integers", _AC,
       lambda v: any(_has(v, f"additional_config.eplb_config.{k}")
                     and (not isinstance(_ac(v, f"eplb_config.{k}"), int) or _ac(v, f"eplb_config.{k}") < 0)
                     for k in ("expert_heat_collection_interval", "algorithm_execution_interval",
                               "num_redundant_experts")), "error",
       ("eplb_config intervals and num_redundant_experts must be non-negative integers",
        "eplb_config 的各间隔与 num_redundant_experts 必须是非负整数"),
       ("use whole numbers of 0 or more", "请使用大于等于 0 的整数"), _cite(_CONFIG, 'EplbConfig._validate_config', 'not isinstance(self.config[key], int)')),
    _c("eplb-policy-type", _AC, lambda v: _ac(v, "eplb_config.eplb_policy_type", 2) not in (0, 1, 2, 3), "error",
       ("eplb_config.eplb_policy_type must be 0, 1, 2 or 3", "eplb_config.eplb_policy_type 只能为 0、1、2 或 3"),
       ("pick 0 (random), 1 (default), 2 (SwiftBalance) or 3 (FlashLB)",
        "请选择 0（随机）、1（默认）、2（SwiftBalance）或 3（FlashLB）"), _cite(_CONFIG, 'EplbConfig._validate_config', 'self.eplb_policy_type not in [0, 1, 2, 3]')),
    *(_c(f"eplb-{k.replace('_', '-')}", _AC, _stage_unknown(k), "error",
         (f"eplb_config.{k} must be all, prefill or decode", f"eplb_config.{k} 只能为 `all`、`prefill` 或 `decode`"),
         ("pick \"all\", \"prefill\" or \"decode\"", "请选择 \"all\"、\"prefill\" 或 \"decode\""), line)
      for k, line in (("eplb_heat_collection_stage", _cite(_CONFIG, 'EplbConfig._validate_config', "self.eplb_heat_collection_stage not in ['all', 'prefill', 'decode']")), ("load_collection_phase", _cite(_CONFIG, 'EplbConfig._validate_config', "self.load_collection_phase not in ['all', 'prefill', 'decode']")))),
    # --- scheduler extensions (platform.py:798-926, ascend_config.py:1062-1169) ----------------------------------
    _c("balance-scheduling-pd-mixed-only", ("kv_transfer_config",) + _AC,
       lambda v: bool(_sched(v, "enable_balance_scheduling")) and _kv_set(v) and _kv_role(v) != "kv_both", "error",
       ("balance scheduling only works in PD-mixed mode", "均衡调度只支持 PD 混合部署"),
       ("turn enable_balance_scheduling off on prefill and decode instances",
        "请在预填充实例与解码实例上关闭 enable_balance_scheduling"), _cite(_PLATFORM, '_check_ascend_config', "kv_transfer_config is not None and kv_role != 'kv_both'")),
    _c("short-request-first-needs-fcfs", ("scheduling_policy",) + _AC,
       lambda v: _sched_on(v, _SRF) and (v.get("scheduling_policy") or "fcfs") != "fcfs", "error",
       ("ShortRequestFirst needs --scheduling-policy fcfs, got {scheduling_policy}",
        "ShortRequestFirst 要求 --scheduling-policy `fcfs`，当前为 {scheduling_policy}"),
       ("use --scheduling-policy fcfs or turn ShortRequestFirst off",
        "请使用 --scheduling-policy `fcfs`，或关闭 ShortRequestFirst"), _cite(_PLATFORM, '_check_ascend_config', "vllm_config.scheduler_config.policy != 'fcfs'")),
    _c("short-request-first-vs-batch-job", _AC, lambda v: _sched_on(v, _SRF) and _sched_on(v, _BJS), "error",
       ("ShortRequestFirst cannot be used with the batch-job-aware scheduler",
        "ShortRequestFirst 不能与批任务感知调度器同时使用"), ("turn one of them off", "请关闭其中之一"), _cite(_PLATFORM, '_check_ascend_config', 'scheduler_extension_config.batch_job_sched_config.enabled')),
    _c("short-request-first-vs-profiling-chunk", _AC, lambda v: _sched_on(v, _SRF) and _sched_on(v, _PCC), "error",
       ("ShortRequestFirst cannot be used with dynamic chunking (profiling_chunk_config)",
        "ShortRequestFirst 不能与动态分块（profiling_chunk_config）同时使用"),
       ("turn one of them off", "请关闭其中之一"), _cite(_PLATFORM, '_check_ascend_config', 'scheduler_extension_config.profiling_chunk_config.enabled')),
    _c("short-request-first-not-on-decode", ("kv_transfer_config",) + _AC,
       lambda v: _sched_on(v, _SRF) and _kv_role(v) == "kv_consumer", "error",
       ("ShortRequestFirst does not run on decode instances", "ShortRequestFirst 不能用于解码实例"),
       ("turn ShortRequestFirst off on decode instances", "请在解码实例上关闭 ShortRequestFirst"), _cite(_PLATFORM, '_check_ascend_config', "kv_role == 'kv_consumer'")),
    _c("short-request-first-values", _AC,
       lambda v: _unknown({"x": _sched(v, _SRF)}, "x", ("enabled", "threshold", "long_max_wait_ms"))
       or _num(_sub(v, _SRF, "threshold"), 0) < 0 or _num(_sub(v, _SRF, "long_max_wait_ms"), 0) < 0, "error",
       ("short_request_first_config takes enabled, threshold >= 0 and long_max_wait_ms >= 0 only",
        "short_request_first_config 只接受 `enabled`、`threshold`（>= 0）与 long_max_wait_ms（>= 0）"),
       ("fix the ShortRequestFirst keys and values", "请修正 ShortRequestFirst 的键与取值"), _cite(_CONFIG, 'ShortRequestFirstConfig.__init__', 'unknown')),
    _c("dyntra-lb-vs-balance", _AC,
       lambda v: _dlb_on(v) and bool(_sched(v, "enable_balance_scheduling")), "error",
       ("DyntraLB cannot be used with balance scheduling", "DyntraLB 不能与均衡调度同时使用"),
       ("turn one of them off", "请关闭其中之一"), _cite(_PLATFORM, '_check_ascend_config', 'scheduler_extension_config.enable_balance_scheduling')),
    _c("dyntra-lb-decode-only", ("kv_transfer_config",) + _AC,
       lambda v: _dlb_on(v) and (not _kv_set(v) or _kv_role(v) != "kv_consumer"), "error",
       ("DyntraLB only runs on decode instances (kv_role kv_consumer)", "DyntraLB 只能用于解码实例（kv_role 为 kv_consumer）"),
       ("turn DyntraLB off here, or run this instance as a decode instance", "请在此关闭 DyntraLB，或把该实例作为解码实例运行"),
       _cite(_PLATFORM, '_check_ascend_config', "kv_transfer_config is None or kv_role != 'kv_consumer'")),
    _c("dyntra-lb-needs-dp", ("data_parallel_size",) + _AC, lambda v: _dlb_on(v) and _dp(v) <= 1, "error",
       ("DyntraLB needs --data-parallel-size above 1, got {data_parallel_size}",
        "DyntraLB 要求 --data-parallel-size 大于 1，当前为 {data_parallel_size}"),
       ("raise --data-parallel-size or turn DyntraLB off", "请调大 --data-parallel-size，或关闭 DyntraLB"), _cite(_PLATFORM, '_check_ascend_config', 'parallel_config.data_parallel_size <= 1')),
    _c("dyntra-lb-vs-profiling-chunk", _AC, lambda v: _dlb_on(v) and _sched_on(v, _PCC), "error",
       ("DyntraLB cannot be used with dynamic chunking (profiling_chunk_config)",
        "DyntraLB 不能与动态分块（profiling_chunk_config）同时使用"),
       ("turn one of them off", "请关闭其中之一"), _cite(_PLATFORM, '_check_ascend_config', 'scheduler_extension_config.profiling_chunk_config.enabled')),
    _c("dyntra-lb-values", _AC,
       lambda v: _not_type(_ac(v, f"scheduler_config.{_DLB}"), Mapping)
       or _unknown(v, f"additional_config.scheduler_config.{_DLB}", _DLB_KEYS)
       or _not_type(_dlb(v, "enabled", False), bool) or _not_type(_dlb(v, "enable_diagnostics", False), bool)
       or _dlb(v, "mode", "dynamic") not in ("static", "dynamic")
       or any(_not_int(_dlb(v, k, 0)) for k in ("start_step", "end_step", "long_req_block_threshold",
                                                 "dynamic_max_step"))
       or _not_type(_dlb(v, "bubble_threshold", 5.0), int, float) or isinstance(_dlb(v, "bubble_threshold", 5.0), bool)
       or _int_or(_dlb(v, "start_step", 250), 250) < 0 or _int_or(_dlb(v, "end_step", -1), -1) < -1
       or (_int_or(_dlb(v, "end_step", -1), -1) != -1
           and _int_or(_dlb(v, "end_step", -1), -1) <= _int_or(_dlb(v, "start_step", 250), 250))
       or _num(_dlb(v, "bubble_threshold", 5.0), 5.0) <= 0
       or _int_or(_dlb(v, "long_req_block_threshold", 700), 700) <= 0
       or _int_or(_dlb(v, "dynamic_max_step", 256), 256) <= 0, "error",
       ("scheduler_config.dyntra_lb_config has an unknown key or a value of the wrong type or range",
        "scheduler_config.dyntra_lb_config 含有未知键，或取值的类型、范围不正确"),
       (("use the documented keys: mode static or dynamic, start_step >= 0, end_step -1 or above start_step, and "
        "positive thresholds"), ("请使用文档列出的键：`mode` 为 `static` 或 `dynamic`，start_step >= 0，end_step 为 -1 或大于 "
        "start_step，各阈值为正数")), _cite(_CONFIG, 'DyntraLBConfig.__init__', 'not isinstance(user_config, dict)')),
    _c("recompute-ignored-on-prefill", ("kv_transfer_config",) + _AC,
       lambda v: bool(_sched(v, "recompute_scheduler_enable")) and _kv_role(v) == "kv_producer", "warning",
       ("recompute_scheduler_enable is ignored on prefill instances and will be refused there later",
        "recompute_scheduler_enable 在预填充实例上会被忽略，今后将被拒绝"),
       ("keep recompute_scheduler_enable on decode instances only", "请只在解码实例上开启 recompute_scheduler_enable"),
       _cite(_PLATFORM, '_check_ascend_config', "kv_role == 'kv_producer'")),
    _c("recompute-decode-only", ("kv_transfer_config",) + _AC,
       lambda v: bool(_sched(v, "recompute_scheduler_enable")) and _kv_role(v) != "kv_producer"
       and (not _kv_set(v) or _kv_role(v) != "kv_consumer"), "error",
       ("the recompute scheduler only runs on decode instances, not in PD-mixed mode",
        "重计算调度器只能用于解码实例，不支持 PD 混合部署"),
       ("turn recompute_scheduler_enable off, or give --kv-transfer-config with kv_role kv_consumer",
        "请关闭 recompute_scheduler_enable，或通过 --kv-transfer-config 设置 kv_role 为 kv_consumer"), _cite(_PLATFORM, '_check_ascend_config', "kv_transfer_config is None or kv_role != 'kv_consumer'")),
    *(_c(f"batch-job-{f.replace('_', '-')}", _AC, _bjs_bad(f, lowest), "error",
         (f"batch_job_sched_config.{f} must be {'non-negative' if lowest == 0 else 'positive'}",
          f"batch_job_sched_config.{f} 必须{'为非负数' if lowest == 0 else '为正数'}"),
         (f"set {f} to {'0 or more' if lowest == 0 else 'a positive number'}",
          f"请把 {f} 设为{'大于等于 0 的数' if lowest == 0 else '正数'}"), line)
      for f, lowest, line in _BATCH_JOB_LIMITS),
    # --- sparse KV offload (ascend_config.py:1252-1294) ---------------------------------------------------------
    _c("sparse-kv-offload-no-cp", ("prefill_context_parallel_size", "decode_context_parallel_size") + _AC,
       lambda v: bool(_ac(v, "sparse_kv_offload_config.enabled"))
       and _n(v, "prefill_context_parallel_size", 1) * _n(v, "decode_context_parallel_size", 1) > 1, "error",
       ("sparse KV offload does not work with context parallelism", "稀疏 KV 卸载不支持上下文并行"),
       ("set the context-parallel sizes to 1 or turn sparse KV offload off", "请把上下文并行规模设为 1，或关闭稀疏 KV 卸载"),
       _cite(_CONFIG, 'SparseKVOffloadConfig.__init__', 'parallel_config.prefill_context_parallel_size * parallel_config.decode_context_parallel_size > 1')),
    _c("sparse-kv-offload-no-pp", ("pipeline_parallel_size",) + _AC,
       lambda v: bool(_ac(v, "sparse_kv_offload_config.enabled")) and _pp(v) > 1, "error",
       ("sparse KV offload does not work with --pipeline-parallel-size {pipeline_parallel_size}",
        "稀疏 KV 卸载不支持 --pipeline-parallel-size {pipeline_parallel_size}"),
       ("set --pipeline-parallel-size 1 or turn sparse KV offload off", "请设置 --pipeline-parallel-size 1，或关闭稀疏 KV 卸载"),
       _cite(_CONFIG, 'SparseKVOffloadConfig.__init__', 'parallel_config.pipeline_parallel_size > 1')),
    _c("sparse-kv-offload-decode-only", ("kv_transfer_config",) + _AC,
       lambda v: bool(_ac(v, "sparse_kv_offload_config.enabled"))
       and not _ac(v, "sparse_kv_offload_config.keep_device_kv_cache") and not _kv_consumer(v), "error",
       ("sparse KV offload only runs on decode instances", "稀疏 KV 卸载只能用于解码实例"),
       ("run it on a decode instance, or set keep_device_kv_cache true for debugging",
        "请在解码实例上使用，或在调试时把 keep_device_kv_cache 设为 true"), _cite(_CONFIG, 'SparseKVOffloadConfig.__init__', 'self.keep_device_kv_cache')),
    _c("sparse-kv-offload-keep-device", _AC,
       lambda v: bool(_ac(v, "sparse_kv_offload_config.enabled"))
       and bool(_ac(v, "sparse_kv_offload_config.keep_device_kv_cache")), "warning",
       ("keep_device_kv_cache keeps the device KV cache, so offload gains nothing", "keep_device_kv_cache 会保留设备上的 KV 缓存，卸载没有收益"),
       ("use it for debugging only", "仅用于调试"), _cite(_CONFIG, 'SparseKVOffloadConfig.__init__', 'self.keep_device_kv_cache')),
    _c("sparse-kv-offload-not-v2", ("use_v2_model_runner",) + _AC,
       lambda v: bool(_ac(v, "sparse_kv_offload_config.enabled")) and _mrv2(v), "error",
       ("sparse KV offload does not support Model Runner V2", "稀疏 KV 卸载不支持 `Model Runner V2`"),
       ("unset VLLM_USE_V2_MODEL_RUNNER or turn sparse KV offload off", "请取消 VLLM_USE_V2_MODEL_RUNNER，或关闭稀疏 KV 卸载"),
       _cite(_CONFIG, 'SparseKVOffloadConfig.__init__', 'vllm_config.use_v2_model_runner')),
    _c("sparse-kv-offload-topk-buffer", _AC,
       lambda v: bool(_ac(v, "sparse_kv_offload_config.enabled"))
       and _num(_ac(v, "sparse_kv_offload_config.topk_buffer_size"), 4096) <= 0, "error",
       ("sparse_kv_offload_config.topk_buffer_size must be positive", "sparse_kv_offload_config.topk_buffer_size 必须为正数"),
       ("set topk_buffer_size to at least the model's top-k", "请把 topk_buffer_size 设为不小于模型的 top-k"),
       _cite(_CONFIG, 'SparseKVOffloadConfig.__init__', 'self.topk_buffer_size <= 0')),
    # --- parallel layout (platform.py:1167-1205, 1381-1418) --------------------------------------------------------
    _c("pcp-needs-v2", ("prefill_context_parallel_size", "use_v2_model_runner"),
       lambda v: not _mrv2(v) and _n(v, "prefill_context_parallel_size", 1) > 1, "error",
       ("--prefill-context-parallel-size {prefill_context_parallel_size} needs Model Runner V2 on Ascend",
        "昇腾上 --prefill-context-parallel-size {prefill_context_parallel_size} 需要 `Model Runner V2`"),
       ("set --prefill-context-parallel-size 1, or set VLLM_USE_V2_MODEL_RUNNER=1",
        "请设置 --prefill-context-parallel-size 1，或设置 VLLM_USE_V2_MODEL_RUNNER=1"), _cite(_PLATFORM, '_validate_parallel_config', 'not vllm_config.use_v2_model_runner and parallel_config.prefill_context_parallel_size > 1')),
    _c("dcp-vs-dynamic-speculation", ("decode_context_parallel_size", "speculative_config"),
       lambda v: _n(v, "decode_context_parallel_size", 1) > 1
       and bool(_get(v, "speculative_config.num_speculative_tokens_per_batch_size")), "error",
       (("dynamic speculative decoding (num_speculative_tokens_per_batch_size) does not work with "
        "--decode-context-parallel-size {decode_context_parallel_size}"),
        ("动态投机解码（num_speculative_tokens_per_batch_size）不支持 --decode-context-parallel-size "
        "{decode_context_parallel_size}")),
       (("set --decode-context-parallel-size 1 or remove num_speculative_tokens_per_batch_size from "
        "--speculative-config"), ("请设置 --decode-context-parallel-size 1，或从 --speculative-config 中删除 "
        "num_speculative_tokens_per_batch_size")), _cite(_PLATFORM, '_validate_draft_decode_context_parallel_config', 'speculative_config.num_speculative_tokens_per_batch_size')),
    _c("cp-interleave-equals-block-size",
       ("kv_transfer_config", "cp_kv_cache_interleave_size", "block_size", "prefill_context_parallel_size",
        "decode_context_parallel_size"),
       lambda v: _kv_set(v) and _n(v, "prefill_context_parallel_size", 1) * _n(v, "decode_context_parallel_size", 1) > 1
       and _get(v, "cp_kv_cache_interleave_size") is not None
       and _n(v, "cp_kv_cache_interleave_size", 1) != _effective_block_size(v), "error",
       (("with context parallelism and KV transfer, --cp-kv-cache-interleave-size {cp_kv_cache_interleave_size} must "
        "equal the KV block size"), ("同时使用上下文并行与 KV 传输时，--cp-kv-cache-interleave-size "
        "{cp_kv_cache_interleave_size} 必须等于 KV 块大小")),
       ("set --cp-kv-cache-interleave-size to the block size (128 by default on NPU)",
        "请把 --cp-kv-cache-interleave-size 设为 KV 块大小（NPU 上默认为 128）"), _cite(_PLATFORM, '_validate_sfa_dcp_kv_sp', 'vllm_config.kv_transfer_config is not None and cache_config.block_size != parallel_config.cp_kv_cache_interleave_size and (cp_size > 1)')),
)


# The same checks in older releases' code, where a later refactor moved them into another function (main split
# NPUPlatform.check_and_update_config into helpers) or reworded them (profiling_chunk_config before it moved under
# scheduler_config).  Found by text in each release's check sites and read by a person; a row resolves in a release
# where its citation or one of these does.
MOVED: dict[str, tuple[Cite, ...]] = {
    'reset:disable-cascade-attn': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config',
              "getattr(model_config, 'disable_cascade_attn', False)"),
    ),
    'reset:calculate-kv-scales': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config',
              "getattr(vllm_config.cache_config, 'calculate_kv_scales', False)"),
    ),
    'reset:mm-encoder-attn-backend': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config',
              "getattr(multimodal_config, 'mm_encoder_attn_backend', None) is not None"),
    ),
    'reset:enable-layerwise-nvtx-tracing': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config',
              "getattr(vllm_config.observability_config, 'enable_layerwise_nvtx_tracing', False)"),
    ),
    'reset:max-num-partial-prefills': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config',
              "getattr(vllm_config.scheduler_config, 'max_num_partial_prefills', 1) != 1"),
    ),
    'reset:speculative-quantization': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config',
              "getattr(vllm_config.speculative_config, 'quantization', None) is not None"),
    ),
    'reset:kv-buffer-size': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config', 'vllm_config.kv_transfer_config'),
    ),
    'reset:enable-permute-local-kv': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config',
              "getattr(vllm_config.kv_transfer_config, 'enable_permute_local_kv', False)"),
    ),
    'reset:kv-engine-id-suffix': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config',
              "not getattr(vllm_config.kv_transfer_config, '_engine_id_patched', False)"),
    ),
    'reset:attention-use-prefill-decode-attention': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config', 'vllm_config.attention_config'),
    ),
    'reset:attention-use-cudnn-prefill': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config', 'vllm_config.attention_config'),
    ),
    'reset:attention-use-trtllm-ragged-deepseek-prefill': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config', 'vllm_config.attention_config'),
    ),
    'reset:attention-use-trtllm-attention': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config', 'vllm_config.attention_config'),
    ),
    'reset:attention-disable-flashinfer-prefill': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config', 'vllm_config.attention_config'),
    ),
    'reset:attention-disable-flashinfer-q-quantization': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config', 'vllm_config.attention_config'),
    ),
    'reset:flash-attn-version': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config',
              "getattr(att_config, 'flash_attn_version', None) is not None"),
    ),
    'reset:flash-attn-max-num-splits': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config',
              "getattr(att_config, 'flash_attn_max_num_splits_for_cuda_graph', 32) != 32"),
    ),
    'reset:ray-workers-use-nsight': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config',
              "getattr(vllm_config.parallel_config, 'ray_workers_use_nsight', False)"),
    ),
    'reset:numa-bind': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config',
              "getattr(vllm_config.parallel_config, 'numa_bind', False)"),
    ),
    'reset:numa-bind-nodes': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config',
              "getattr(vllm_config.parallel_config, 'numa_bind_nodes', None)"),
    ),
    'reset:numa-bind-cpus': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config',
              "getattr(vllm_config.parallel_config, 'numa_bind_cpus', None)"),
    ),
    'reset:enable-dbo': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config',
              "getattr(vllm_config.parallel_config, 'enable_dbo', False)"),
    ),
    'reset:ubatch-size': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config', 'vllm_config.parallel_config'),
    ),
    'reset:use-inductor-graph-partition': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config',
              "getattr(vllm_config.compilation_config, 'use_inductor_graph_partition', False)"),
    ),
    'reset:recompute-on-prefill-instance': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config', "kv_role == 'kv_producer'"),
    ),
    'reset:scheduler-cls-profiling-chunk': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config', 'ascend_config.profiling_chunk_config.enabled'),
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config', 'ascend_config.xlite_graph_config.enabled'),
    ),
    'reset:scheduler-cls-recompute': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config',
              "kv_transfer_config is None or kv_role != 'kv_consumer'"),
    ),
    'reset:profiling-chunk-min-chunk': (
        _cite(_CONFIG, 'AscendConfig.__init__', 'self.profiling_chunk_config.enabled'),
    ),
    'reset:eager-compilation-mode': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config', 'enforce_eager'),
    ),
    'reset:unsupported-compilation-mode': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config',
              'compilation_config.mode not in [CompilationMode.NONE, CompilationMode.VLLM_COMPILE]'),
    ),
    'reset:xlite-full-mode-eager': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config',
              'ascend_config.xlite_graph_config.full_mode and vllm_config.speculative_config is None'),
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config', 'speculative_config = vllm_config.speculative_config'),
    ),
    'reset:xlite-full-mode-cudagraph': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config',
              'ascend_config.xlite_graph_config.full_mode and vllm_config.speculative_config is None'),
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config', 'speculative_config = vllm_config.speculative_config'),
    ),
    'reset:xlite-decode-only-cudagraph': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config',
              'ascend_config.xlite_graph_config.full_mode and vllm_config.speculative_config is None'),
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config', 'speculative_config = vllm_config.speculative_config'),
    ),
    'reset:cudagraph-warmups': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config', 'compilation_config.cudagraph_num_of_warmups = 1'),
    ),
    'reset:capture-sizes-tp-aligned': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config', 'len(sp_aclgraph_sizes) != len(original_sizes)'),
    ),
    'reset:npugraph-ex-needs-full-graph': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config',
              'compilation_config.cudagraph_mode == CUDAGraphMode.NONE'),
    ),
    'reset:static-kernel-needs-full-graph': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config',
              'compilation_config.cudagraph_mode == CUDAGraphMode.NONE'),
    ),
    'reset:no-graph-compilation-mode': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config',
              'compilation_config.cudagraph_mode == CUDAGraphMode.NONE'),
    ),
    'reset:a5-capture-sizes': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config', 'get_ascend_device_type() == AscendDeviceType.A5'),
    ),
    'reset:full-graph-splitting-ops': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config',
              'compilation_config.cudagraph_mode.has_full_cudagraphs()'),
    ),
    'reset:custom-ops-all': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config', 'get_ascend_device_type() != AscendDeviceType._310P'),
    ),
    'default:cudagraph-warmups-default': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config', 'compilation_config.cudagraph_num_of_warmups = 1'),
    ),
    'check:legacy-enable-balance-scheduling': (
        _cite(_CONFIG, 'AscendConfig._get_config_value', 'config_key in additional_config'),
    ),
    'check:legacy-recompute-scheduler-enable': (
        _cite(_CONFIG, 'AscendConfig._get_config_value', 'config_key in additional_config'),
    ),
    'check:legacy-short-request-first-config': (
        _cite(_CONFIG, 'AscendConfig._get_config_value', 'config_key in additional_config'),
    ),
    'check:legacy-profiling-chunk-config': (
        _cite(_CONFIG, 'AscendConfig._get_config_value', 'config_key in additional_config'),
    ),
    'check:legacy-batch-job-sched-config': (
        _cite(_CONFIG, 'AscendConfig._get_config_value', 'config_key in additional_config'),
    ),
    'check:profiling-chunk-needs-pp': (
        _cite(_CONFIG, 'AscendConfig.__init__',
              'self.profiling_chunk_config.enabled and vllm_config.parallel_config.pipeline_parallel_size <= 1'),
        _cite(_CONFIG, 'AscendConfig.__init__',
              'tp_pcp_size = vllm_config.parallel_config.tensor_parallel_size * vllm_config.parallel_config.prefill_context_parallel_size'),
    ),
    'check:profiling-chunk-vs-balance': (
        _cite(_CONFIG, 'AscendConfig.__init__',
              'self.profiling_chunk_config.enabled and self.enable_balance_scheduling'),
        _cite(_CONFIG, 'AscendConfig.__init__',
              "self.recompute_scheduler_enable = additional_config.get('recompute_scheduler_enable', False)"),
    ),
    'check:profiling-chunk-min-chunk-clamped': (
        _cite(_CONFIG, 'AscendConfig.__init__', 'max_batched < self.profiling_chunk_config.min_chunk'),
        _cite(_CONFIG, 'AscendConfig.__init__', 'self.eplb_config = EplbConfig(eplb_config)'),
        _cite(_CONFIG, 'AscendConfig.__init__',
              'self.ascend_compilation_config = AscendCompilationConfig(**ascend_compilation_config)'),
    ),
    'check:oproj-embedding-tp-need-recompute': (
        _cite(_CONFIG, 'AscendConfig.__init__',
              '(self.finegrained_tp_config.oproj_tensor_parallel_size > 0 or self.finegrained_tp_config.embedding_tensor_parallel_size > 0) and (not self.recompute_scheduler_enable)'),
    ),
    'check:mc2-hierarchy-vs-fused-mc2': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config',
              'ascend_config.enable_mc2_hierarchy_comm and ascend_config.enable_fused_mc2'),
    ),
    'check:balance-scheduling-pd-mixed-only': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config',
              "kv_transfer_config is not None and kv_role != 'kv_both'"),
    ),
    'check:dyntra-lb-decode-only': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config',
              "kv_transfer_config is None or kv_role != 'kv_consumer'"),
    ),
    'check:recompute-ignored-on-prefill': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config', "kv_role == 'kv_producer'"),
    ),
    'check:recompute-decode-only': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config',
              "kv_transfer_config is None or kv_role != 'kv_consumer'"),
    ),
    'check:cp-interleave-equals-block-size': (
        _cite(_PLATFORM, 'NPUPlatform.check_and_update_config',
              'vllm_config.kv_transfer_config is not None and cache_config.block_size != parallel_config.cp_kv_cache_interleave_size and (cp_size > 1)'),
    ),
    'reset:attention-backend': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config', "getattr(att_config, 'backend', None) is not None"),
    ),
    'reset:attention-config-backend': (
        _cite(_PLATFORM, 'NPUPlatform._fix_incompatible_config', "getattr(att_config, 'backend', None) is not None"),
    ),
}


# ---------------------------------------------------------------------------------------------------------------
# release pairing: each release's versioning-policy table (docs/source/community/versioning_policy.md)
# ---------------------------------------------------------------------------------------------------------------
@record
class Compatibility:
    vllm_ascend: str
    vllm: str
    source: str


@cache
def compatibility(release: str = NEWEST) -> tuple[Compatibility, ...]:
    """The release rows of ``release``'s versioning-policy table, and the main row (the vLLM main is tested on)."""
    rows = tuple(Compatibility(f"v{va}", vl, f"{_VERSIONING}:{line}@{release}")
                 for va, vl, line in held.COMPATIBILITY[release])
    return rows + (Compatibility("main", f"{held.VLLM_PINS['main']} ({str(held.SOURCES['main']['commit'])[:7]})",
                                 f"{held.VLLM_PIN_SOURCES['main']}@main"),)


COMPATIBILITY: tuple[Compatibility, ...] = compatibility(NEWEST)
