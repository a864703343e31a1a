"""vLLM (and vLLM-Ascend on Ascend NPUs): the second engine, judged by its own parser and rules.

* Its surface is ``schema/vllm/``: every ``vllm serve`` argument of the releases held, read from vLLM's
  parser (``tools/vllm_release.py``, ``tests/fixtures/vllm-*.json``).
* Its spelling is ``FlexibleArgumentParser``'s: underscores read as dashes, ``--no-x`` for the
  ``BooleanOptionalAction`` switches, ``--json-flag.key value`` (``key+`` appends), ``-O3``, the model as the
  first word of ``vllm serve MODEL``, and ``--config`` YAML of flag names.
* On CUDA it is vLLM's home platform; on Ascend what runs is vLLM-Ascend's platform plugin, whose feature
  statuses, quantization methods, silent resets and start-up checks are ``vllm_ascend_facts.py``; on a CPU
  vLLM's CPU backend, for which argmatrix holds no support table.
"""
from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache, cached_property
from typing import Any

from ...records import replace
from ...schema.meta import MISSING, ObjectKey, Text
from ...schema.registry import ArgSpec
from ...schema.vllm import releases as vllm_releases
from ..platforms.base import Platform
from ..rules import Rule, RuleContext
from ..status import Cell, Status
from . import vllm_ascend_facts as ascend
from .base import NEGATE_DECLARED, NEGATE_ENABLE_DISABLE, Engine, KvConnectors, ReleaseLine, Reset, Spelling
from .deploy_facts import VLLM_DEPLOY
from .vllm_checks import SPEC_SHORTHANDS, VLLM_RULES, speculative_config

# vLLM 0.32's built-in quantization methods (vllm/model_executor/layers/quantization/__init__.py:15); a
# platform plugin registers more (vLLM-Ascend: ``ascend``).  vLLM's parser takes any text; its ModelConfig
# refuses a method not in this list (vllm/config/model.py:1454).
QUANTIZATION_METHODS: tuple[str, ...] = (
    "awq", "auto_awq", "fp8", "fbgemm_fp8", "fp_quant", "modelopt", "modelopt_fp4", "modelopt_mxfp8",
    "modelopt_mixed", "auto_gptq", "gptq", "gptq_marlin", "awq_marlin", "humming", "compressed-tensors",
    "experts_int8", "quark", "moe_wna16", "torchao", "inc", "mxfp4", "gpt_oss_mxfp4", "deepseek_v4_fp8", "online",
    "fp8_per_tensor", "fp8_per_block", "fp8_per_channel", "int8_per_channel_weight_only", "nvfp4_per_token",
    "mxfp8",
)

# Groups whose arguments configure vLLM's own Python (API server, scheduler, parallel layout, model and
# tokenizer handling), which every platform plugin runs unchanged; the rest pick kernels and graphs per device.
PLATFORM_NEUTRAL_GROUPS = frozenset({
    "vllm_serve", "vllm_frontend", "vllm_model", "vllm_load", "vllm_structured_outputs", "vllm_parallel",
    "vllm_cache", "vllm_multimodal", "vllm_lora", "vllm_logging", "vllm_observability", "vllm_scheduler",
})
# fields of those groups that do select device code
DEVICE_FIELDS = frozenset({"quantization", "kv_cache_dtype", "attention_backend", "mamba_ssm_cache_dtype",
                           "mamba_cache_dtype", "all2all_backend", "distributed_executor_backend"})

PLUGIN = "vLLM-Ascend"  # the platform plugin that runs vLLM on Ascend
KV_FACTORY = "distributed/kv_transfer/kv_connector/factory.py"  # where vLLM registers its KV connectors
# the chips vLLM-Ascend's feature page speaks for; others (310P, A5) are unverified unless a row names them
DOCUMENTED_CHIPS = ("a2", "a3")
FEATURE_STATUS = {  # vLLM-Ascend's words -> argmatrix's status vocabulary
    "functional": Status.SUPPORTED,
    "experimental": Status.EXPERIMENTAL,
    "wip": Status.EXPERIMENTAL,
    "planned": Status.PLANNED,
    "no_plan": Status.UNSUPPORTED,
    "unverified": Status.UNVERIFIED,
}
CPU_UNVERIFIED = Text("vLLM's CPU backend: argmatrix holds no support table for it",
                      "vLLM 的 CPU 后端：argmatrix 没有它的支持表")
ASCEND_UNLISTED = Text("vLLM-Ascend's feature page does not list it", "vLLM-Ascend 的特性页未列出该参数")


# the per-release caches of a VllmEngine: a copy for another vLLM-Ascend release starts without them
_ASCEND_CACHES = ("_features_by_flag", "_rules", "_additional_keys", "_cells", "_resets")


class VllmEngine(Engine):
    @property
    def ascend_release(self) -> str:
        """The vLLM-Ascend release whose facts judge a launch on Ascend (the newest held unless picked)."""
        return str(self.__dict__.get("_ascend_release", ascend.NEWEST))

    def on_ascend(self, release: str) -> VllmEngine:
        """This engine judged by vLLM-Ascend ``release`` on Ascend (a held release, as ``ascend.release_of`` names
        it); one object per release, so the per-release tables are built once."""
        if release == self.ascend_release:
            return self
        if release not in _ON_ASCEND:
            clone = copy.copy(self)
            for name in _ASCEND_CACHES:
                clone.__dict__.pop(name, None)
            clone.__dict__["_ascend_release"] = release
            _ON_ASCEND[release] = clone
        return _ON_ASCEND[release]

    @cached_property
    def _features_by_flag(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for feature in ascend.features(self.ascend_release):
            for flag in feature.flags:
                out.setdefault(flag.split(".")[0].split("=")[0], feature)
        return out

    def feature_of(self, spec: ArgSpec) -> Any:
        """The vLLM-Ascend feature row that covers ``spec``'s flag, if any."""
        return next((self._features_by_flag[f] for f in spec.flags if f in self._features_by_flag), None)

    @cached_property
    def _cells(self) -> dict[tuple[str, int], tuple[Platform, Cell]]:
        return {}

    def cell(self, spec: ArgSpec, platform: Platform) -> Cell:
        """What this release and vLLM-Ascend release say of ``spec`` on ``platform`` (worked out once per pair: a
        launch asks for every field it sets, and the answer depends on neither the launch nor its values)."""
        key = (spec.name, id(platform))
        held = self._cells.get(key)
        if held is not None and held[0] is platform:
            return held[1]
        found = self._cell(spec, platform)
        self._cells[key] = (platform, found)  # the platform is kept, so its id is never reused
        return found

    def _cell(self, spec: ArgSpec, platform: Platform) -> Cell:
        neutral = spec.group.key in PLATFORM_NEUTRAL_GROUPS and spec.name not in DEVICE_FIELDS
        if spec.name == "additional_config" and self.object_keys(spec.name, platform) is not None:
            return Cell(Status.SUPPORTED)  # the plugin's own configuration object: its keys are checked one by one
        if platform.family == "npu":
            feature = self.feature_of(spec)
            if feature is not None:
                word = feature.status.get(platform.key, "unverified")
                status = FEATURE_STATUS[word]
                release = self.ascend_release
                reason = Text(f"vLLM-Ascend {release} lists '{feature.title.en}' as "
                              f"{ascend.FEATURE_STATUSES[word].en}",
                              f"vLLM-Ascend {release} 将“{feature.title.zh}”列为{ascend.FEATURE_STATUSES[word].zh}")
                return Cell(status, None if status is Status.SUPPORTED else reason)
            if platform.key not in DOCUMENTED_CHIPS:
                return Cell(Status.UNVERIFIED, Text(f"vLLM-Ascend's documents say nothing about {platform.short.en}",
                                                    f"vLLM-Ascend 的文档未提及 {platform.short.zh}"))
            return Cell(Status.SUPPORTED) if neutral else Cell(Status.UNVERIFIED, ASCEND_UNLISTED)
        if platform.family == "cpu" and not neutral:
            return Cell(Status.UNVERIFIED, CPU_UNVERIFIED)
        return Cell(Status.SUPPORTED)

    def allowed(self, spec: ArgSpec, platform: Platform) -> tuple[Any, ...] | None:
        if spec.name == "quantization":
            methods = ascend.quantization_methods(self.ascend_release)
            own = tuple(m for m, chips in methods.items() if platform.key in chips)
            if platform.family == "npu":
                return own
            return QUANTIZATION_METHODS
        return None

    @cached_property
    def _rules(self) -> tuple[Rule, ...]:
        return (*VLLM_RULES, *ascend_rules(self.ascend_release))

    def rules(self) -> Sequence[Rule]:
        return self._rules

    @cached_property
    def _resets(self) -> tuple[Reset, ...]:
        release = self.ascend_release
        return tuple(Reset(r.id, r.flag, frozenset({"npu"}), r.when, r.becomes, r.reason, r.source_in(release),
                           f"{PLUGIN} {release}") for r in ascend.RESETS if r.applies_to(release))

    def resets(self) -> Sequence[Reset]:
        return self._resets

    def view(self, values: Mapping[str, Any], platform: str | None, env: Mapping[str, str]) -> Mapping[str, Any]:
        return plugin_view(values, platform, env)

    @cached_property
    def _additional_keys(self) -> dict[str, ObjectKey]:
        return {k.key: ObjectKey(k.key, k.type, k.default, k.choices, k.help, k.source, k.removed_in, k.successor,
                                 PLUGIN, since=k.since, release=self.ascend_release)
                for k in ascend.additional_keys(self.ascend_release)}

    @cache  # noqa: B019  (one engine object, a handful of releases and config objects)
    def _config_keys(self, name: str, release: str) -> dict[str, ObjectKey] | None:
        from ...schema.vllm.objects import object_in

        found = object_in(name, release)
        return None if found is None else {k.key: k for k in found[2]}

    def object_keys(self, name: str, platform: Platform, release: str | None = None) -> Mapping[str, ObjectKey] | None:
        # --additional-config is handed to the platform plugin; vLLM-Ascend is the one whose keys are documented
        if name == "additional_config":
            return self._additional_keys if platform.family == "npu" else None
        # vLLM's own config classes, validated by pydantic, as the release declares them
        return self._config_keys(name, vllm_releases.normal(release or "") or vllm_releases.NEWEST)

    def kv_connectors(self, platform: Platform, release: str | None = None) -> KvConnectors | None:
        """vLLM ``release``'s own connectors (``KVConnectorFactory.register_connector`` in its factory.py), and on
        Ascend those vLLM-Ascend's plugin adds (or replaces) when it loads; off Ascend, the plugin's names are kept
        apart so the finding can say whose they are."""
        held = vllm_releases.normal(release) if release else vllm_releases.NEWEST
        registered = vllm_releases.kv_connectors_in(held) if held is not None else None
        if held is None or registered is None:
            return None
        own = {n: (f"vLLM {held}", f"vllm/{KV_FACTORY}:{line}") for n, line in registered.items()}
        held_by: dict[str, list[str]] = {}
        for r in vllm_releases.HELD:
            for name in vllm_releases.kv_connectors_in(r) or ():
                held_by.setdefault(name, []).append(f"vLLM {r}")
        plugin: dict[str, tuple[str, str]] = {}
        for r in ascend.RELEASES:  # oldest first: the newest plugin release naming it wins
            for name, site in ascend.kv_connectors(r).items():
                held_by.setdefault(name, []).append(f"{PLUGIN} {r}")
                plugin[name] = (f"{PLUGIN} {r}", site)
        mine = {n: (f"{PLUGIN} {self.ascend_release}", site)
                for n, site in ascend.kv_connectors(self.ascend_release).items()}
        on_npu = platform.family == "npu"
        return KvConnectors(
            engine=f"vLLM {held}", refused_at=vllm_releases.kv_connector_refusal(held),
            refused_in=vllm_releases.kv_connector_refused_in(),
            registered={**own, **mine} if on_npu else own,
            held_by={n: tuple(rs) for n, rs in held_by.items()},
            plugin_only={} if on_npu else {n: v for n, v in plugin.items() if n not in own},
            plugin=f"{PLUGIN} {self.ascend_release}" if on_npu else "")

    # --- what one release's parser does (schema/vllm/releases.py, derived from its fixture) ---------------------
    def release_diff(self, old: str, new: str) -> dict[str, Any]:
        diff = vllm_releases.diff(old, new)
        lacking_old, lacking_new = _rules_lacking(old), _rules_lacking(new)
        diff["checks"] = {"added": sorted(lacking_old - lacking_new), "removed": sorted(lacking_new - lacking_old)}
        return diff

    def rule_holds(self, rule: Rule, release: str | None) -> bool:
        return release is None or rule.id not in _rules_lacking(release)

    def default_in(self, spec: ArgSpec, release: str | None) -> Any:
        held = vllm_releases.normal(release) if release else None
        return MISSING if held is None else vllm_releases.default_in(spec.name, held)

    def choices_in(self, spec: ArgSpec, release: str) -> tuple[Any, ...] | None:
        held = vllm_releases.normal(release)
        return None if held is None else vllm_releases.choices_in(spec.name, held)

    def bounds_in(self, spec: ArgSpec, release: str) -> Mapping[str, Any] | None:
        held = vllm_releases.normal(release)
        return None if held is None else vllm_releases.bounds_in(spec.name, held)

    def deprecated_in(self, spec: ArgSpec, release: str) -> Mapping[str, Any] | None:
        held = vllm_releases.normal(release)
        found = vllm_releases.facts(spec.name, held) if held is not None else None
        return None if found is None else found.deprecated


# vLLM-Ascend's start-up checks share two codes (the message names the check); its facts are read per commit
ASCEND_CHECK_CODES = {"error": "AM-E960", "warning": "AM-W961"}


_ON_ASCEND: dict[str, VllmEngine] = {}


@cache
def _rules_lacking(release: str) -> frozenset[str]:
    """The rules of ``vllm_checks.py`` whose check vLLM ``release``'s code does not have (``vllm_rule_releases.py``,
    found by content), worked out once per release; a release argmatrix does not hold lacks none (it is AM-E602),
    nor does a held release whose check sites were not read yet (``tools/vllm_release.py add`` reads them)."""
    from .vllm_rule_releases import HOLDS_IN, RELEASES_READ

    held = vllm_releases.normal(release)
    if held is None or held not in RELEASES_READ:
        return frozenset()
    r = vllm_releases.release_key(held)
    return frozenset(rule for rule, spans in HOLDS_IN.items()
                     if not any(vllm_releases.release_key(a) <= r <= vllm_releases.release_key(b) for a, b in spans))


@cache
def ascend_rules(release: str = ascend.NEWEST) -> tuple[Rule, ...]:
    """vLLM-Ascend ``release``'s own start-up checks, on Ascend only: those whose cited check its code has.  A
    finding is reported on a vLLM field the user can change: the view's own keys (the chip, the environment
    switches) are dropped from the fields it may name."""
    return tuple(Rule(check.id, ASCEND_CHECK_CODES[check.severity], _reportable(check.dests),
                      _on_values(check.violated), check.message, check.fix, families=frozenset({"npu"}),
                      severity=check.severity, source=check.source_in(release))
                 for check in ascend.STARTUP_CHECKS if check.applies_to(release))


# what plugin_view adds to vLLM's values: read by the predicates, never a flag a finding can point at
VIEW_KEYS = ("target", "use_v2_model_runner", "v1_eplb_env")


def _reportable(dests: tuple[str, ...]) -> tuple[str, ...]:
    fields = tuple(d for d in dests if d not in VIEW_KEYS)
    if not fields:  # pragma: no cover - every check names at least one vLLM field (tests/matrix/test_vllm_engine.py)
        raise ValueError(f"a vLLM-Ascend check names no vLLM field: {dests}")
    return fields


def plugin_view(values: Mapping[str, Any], platform: str | None, env: Mapping[str, str]) -> Mapping[str, Any]:
    """What vLLM-Ascend's predicates read: vLLM's values (the speculative config as vLLM builds it from 0.34's
    ``--spec-*`` shorthands), the chip, and the environment switches they need
    (``VLLM_USE_V2_MODEL_RUNNER``: on Ascend only the environment picks Model Runner V2; ``DYNAMIC_EPLB`` and
    ``EXPERT_MAP_RECORD``, Model Runner V1's EPLB switches, read as vllm_ascend/platform.py:764 reads them)."""
    v2 = str(env.get("VLLM_USE_V2_MODEL_RUNNER", "")).strip().lower() in ("1", "true", "yes")
    v1_eplb = any(str(env.get(name, "false")).lower() in ("true", "1") for name in ("DYNAMIC_EPLB", "EXPERT_MAP_RECORD"))
    added: dict[str, object] = {"target": platform, "use_v2_model_runner": v2, "v1_eplb_env": v1_eplb}
    if any(values.get(field) is not None for field, _ in SPEC_SHORTHANDS):  # the plugin sees the merged config
        added["speculative_config"] = speculative_config(values)
    # a view, not a copy: a predicate reads a few of several hundred values (and compiler/rule_index.py sees which)
    return _PluginView(added, values)


class _PluginView(Mapping[str, Any]):
    """vLLM's values with the few entries ``plugin_view`` adds in front of them."""

    __slots__ = ("_added", "_values")

    def __init__(self, added: dict[str, Any], values: Mapping[str, Any]):
        self._added, self._values = added, values

    def __getitem__(self, key: str) -> Any:
        return self._added[key] if key in self._added else self._values[key]

    def __contains__(self, key: object) -> bool:
        return key in self._added or key in self._values

    def __iter__(self) -> Iterator[str]:
        yield from self._added
        yield from (k for k in self._values if k not in self._added)

    def __len__(self) -> int:
        return len(self._added) + sum(1 for k in self._values if k not in self._added)


# (values, platform, environment, their view): the rules of one check share one view
_LAST_VIEW: tuple[Any, Any, Any, Any] = (None, None, None, None)


def _view_of(ctx: RuleContext) -> Mapping[str, Any]:
    global _LAST_VIEW
    held = _LAST_VIEW  # one read: another thread may rebind it, never half of it
    if held[0] is ctx.values and held[1] == ctx.platform and held[2] is ctx.env:
        return held[3]  # type: ignore[no-any-return]
    view = plugin_view(ctx.values, ctx.platform, ctx.env)
    _LAST_VIEW = (ctx.values, ctx.platform, ctx.env, view)  # kept, so their ids are never reused
    return view


def _on_values(predicate: Callable[[Mapping[str, Any]], bool]) -> Callable[[RuleContext], bool]:
    """vLLM-Ascend's predicates read a plain mapping of vLLM field names; rules get a RuleContext."""
    return lambda ctx: bool(predicate(_view_of(ctx)))


def _spelling(release: str) -> Spelling:
    """How ``release``'s FlexibleArgumentParser reads a command line, as its fixture records it."""
    said = dict(vllm_releases.spelling_in(release))
    negation = {"declared": NEGATE_DECLARED, "enable-disable": NEGATE_ENABLE_DISABLE}[said.pop("negation")]
    return Spelling(negation=negation, switch_values=False, positional="model", **said)


def _spellings() -> tuple[Spelling, dict[str, Spelling]]:
    """The oldest held release's spelling, and each later release whose parser reads a line differently."""
    first = _spelling(vllm_releases.OLDEST)
    since: dict[str, Spelling] = {}
    previous = first
    for release in vllm_releases.HELD[1:]:
        current = _spelling(release)
        if replace(current, source="") != replace(previous, source=""):
            since[release] = current
        previous = current
    return first, since


# every fact below is derived from the release fixtures (schema/vllm/release_facts.py, tests/fixtures/vllm-*.json)
def _instead(flag: str) -> tuple[Text, str] | None:
    """What to write instead of a flag vLLM removed, and why (schema/vllm/removed.py, hand-kept words)."""
    from ...schema.vllm.removed import removed

    gone = removed(flag)
    return None if gone is None else (gone.instead, gone.source)


RELEASES = ReleaseLine("vLLM", "--vllm-version", "ARGMATRIX_VLLM_VERSION", vllm_releases.OLDEST, vllm_releases.NEWEST,
                       vllm_releases.HELD, introduced=vllm_releases.introduced(), removed=vllm_releases.removed(),
                       reader=vllm_releases.exists_in, successors=vllm_releases.successors(),
                       held_only=True, instead=_instead)
SPELLING, SPELLING_SINCE = _spellings()

# the rules method as shipped: the stored rule reads (compiler/rule_index.py) describe these rules and no others
SHIPPED_RULES = VllmEngine.rules

VLLM = VllmEngine(
    "vllm", Text("vLLM", "vLLM"), "vllm",
    program=("vllm", "serve"),
    launchers=(("vllm", "serve"), ("python", "-m", "vllm.entrypoints.openai.api_server"),
               ("python3", "-m", "vllm.entrypoints.openai.api_server")),
    spelling=SPELLING,
    spelling_since=SPELLING_SINCE,
    releases=RELEASES,
    distribution="vllm",
    deploy=VLLM_DEPLOY,
    description=Text("vLLM's OpenAI-compatible server (vllm serve); on Ascend, with the vLLM-Ascend plugin",
                     "vLLM 的 OpenAI 兼容服务（vllm serve）；在昇腾上配合 vLLM-Ascend 插件运行"),
)
