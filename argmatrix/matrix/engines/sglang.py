"""SGLang: the engine the Ascend feature tables and most of the schema describe.

Its support per platform is what each ``Platform`` object says (``platforms/``: the Ascend table, CUDA, CPU);
its start-up checks are ``matrix/sglang_checks/`` and the table's rules (``matrix/rules.py``); its
releases and spellings are ``schema/releases.py``, the one reader of the release fixtures and of the hand-kept
table ``schema/release_table.py``.
"""
from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from ...schema import registry, releases
from ...schema.meta import MISSING, Text
from ...schema.registry import ArgSpec
from ..platforms.base import Platform
from ..rules import Parent, Rule
from ..status import Cell, Note
from ..table_rules import PARENTS, RULES
from .base import NEGATE_RELEASE, Engine, ReleaseLine, Required, Spelling
from .deploy_facts import SGLANG_DEPLOY


def all_rules() -> list[Rule]:
    """argmatrix's rules from the support tables, then SGLang's own start-up checks (``sglang_checks/``)."""
    from ..sglang_checks import SGLANG_RULES  # ~300 rules: loaded when a launch is judged, not at import

    return [*RULES, *SGLANG_RULES]


class SglangEngine(Engine):
    def cell(self, spec: ArgSpec, platform: Platform) -> Cell:
        return platform.cell(spec)

    def allowed(self, spec: ArgSpec, platform: Platform) -> tuple[Any, ...] | None:
        return platform.allowed(spec)

    def offered(self, spec: ArgSpec, platform: Platform) -> tuple[Any, ...] | None:
        return platform.offered(spec)

    def value_cell(self, spec: ArgSpec, platform: Platform, value: Any) -> Cell | None:
        return platform.value_cell(spec, value)

    def default(self, spec: ArgSpec, platform: Platform) -> Any:
        return platform.default(spec)

    def notes(self, spec: ArgSpec, platform: Platform) -> tuple[Note, ...]:
        return platform.notes(spec)

    def default_in(self, spec: ArgSpec, release: str | None) -> Any:
        return MISSING if release is None else releases.release_default(spec.name, release)

    def defaults_by_release(self, spec: ArgSpec) -> list[tuple[str, str, Any]]:
        return releases.defaults_by_release(spec.name) if spec.name in releases.PARSER_DEFAULTS else []

    def rules(self) -> Sequence[Rule]:
        return all_rules()

    def release_diff(self, old: str, new: str) -> dict[str, Any]:
        """What changed from SGLang ``old`` to ``new``, as both releases' own parsers and code say: flags added and
        removed (with what to write instead), defaults, choices, types and spellings, and the start-up checks whose
        code one has and the other lacks (``rule_releases.py``)."""
        from ..sglang_checks import SGLANG_RULES

        added, gone, defaults, choices, types, spellings = [], [], [], [], [], []
        for name, spec in registry.SPECS.items():
            was, now = releases.exists_in(name, old), releases.exists_in(name, new)
            if not was and not now:
                continue
            if not was:
                added.append({"name": name, "flags": sorted(f for f in spec.flags if releases.spelled_in(f, new))})
                continue
            if not now:
                gone.append({"name": name, "flags": [spec.flag], "successors": list(releases.verdict(name, new).writes)})
                continue
            a, b = _default_in(name, old), _default_in(name, new)
            if a != b:
                defaults.append({"name": name, "flag": spec.flag, "from": a, "to": b})
            ac, bc = releases.values_in(name, old), releases.values_in(name, new)
            if ac != bc:
                choices.append({"name": name, "flag": spec.flag, "added": [c for c in bc or () if c not in (ac or ())],
                                "removed": [c for c in ac or () if c not in (bc or ())], "checked": bool(bc),
                                "was_checked": bool(ac)})
            at, bt = releases.parser_type(name, old), releases.parser_type(name, new)
            if at != bt:
                types.append({"name": name, "flag": spec.flag, "from": at or spec.type_label,
                              "to": bt or spec.type_label})
            af = [f for f in spec.flags if f.startswith("--") and releases.spelled_in(f, old)]
            bf = [f for f in spec.flags if f.startswith("--") and releases.spelled_in(f, new)]
            off = "--no-" + spec.flag[2:]
            af += [off] if releases.spelled_in(off, old) and name in releases.NO_SPELLING else []
            bf += [off] if releases.spelled_in(off, new) and name in releases.NO_SPELLING else []
            if af != bf:
                spellings.append({"name": name, "from": af, "to": bf, "action": ["", ""]})
        checks_added = sorted(r.id for r in SGLANG_RULES if self.rule_holds(r, new) and not self.rule_holds(r, old))
        checks_gone = sorted(r.id for r in SGLANG_RULES if self.rule_holds(r, old) and not self.rule_holds(r, new))
        return {"engine": "sglang", "from": old, "to": new, "added": added, "removed": gone, "defaults": defaults,
                "choices": choices, "types": types, "spellings": spellings, "config_keys": {},
                "checks": {"added": checks_added, "removed": checks_gone}}

    def rule_holds(self, rule: Rule, release: str | None) -> bool:
        return release is None or rule.id not in _rules_lacking(release)

    def parents(self) -> Sequence[Parent]:
        return PARENTS


@functools.cache
def _rules_lacking(release: str) -> frozenset[str]:
    """The rules whose check SGLang ``release``'s code does not have (``rule_releases.py``, found by content); a
    rule not listed there holds in every held release."""
    from ..sglang_checks.rule_releases import HOLDS_IN

    r = releases.parse_release(release)
    return frozenset(rule for rule, spans in HOLDS_IN.items()
                     if not any(releases.parse_release(a) <= r <= releases.parse_release(b) for a, b in spans))


def _default_in(name: str, release: str) -> Any:
    """Field ``name``'s default in SGLang ``release``'s own parser (the declared one where the release keeps it)."""

    found = releases.parser_default(name, release)
    return registry.SPECS[name].default if found is MISSING else found


# the dates are schema/releases.py's (the one reader of the release fixtures and the hand-kept table), not a copy
SGLANG_RELEASES = ReleaseLine(
    "SGLang", "--sglang-version", "ARGMATRIX_SGLANG_VERSION", releases.OLDEST, releases.NEWEST,
    releases.KNOWN_FLAG_SETS, releases.INTRODUCED, releases.gone_dates(), reader=releases.exists_in)

# the rules method as shipped: the stored rule reads (compiler/rule_index.py) describe these rules and no others
SHIPPED_RULES = SglangEngine.rules

SGLANG = SglangEngine(
    "sglang", Text("SGLang", "SGLang"), "sglang",
    program=("python", "-m", "sglang.launch_server"),
    launchers=(("python", "-m", "sglang.launch_server"), ("python3", "-m", "sglang.launch_server"),
               ("sglang", "serve")),
    # SGLang's ServerArgs.add_cli_args: a plain argparse parser (abbreviations on, no underscores), switches
    # store_true with --no-x only for the few BooleanOptionalAction ones
    spelling=Spelling(underscores=False, abbreviations=True, negation=NEGATE_RELEASE, switch_values=False,
                      dotted_keys=False, append_plus=False,
                      source="SGLang 0.5.23 sglang/srt/server_args.py ServerArgs.add_cli_args (argparse defaults)"),
    releases=SGLANG_RELEASES,
    reads_environment=True,  # argmatrix reads ARGMATRIX_* for it, and launch passes them as flags
    # argparse refuses a launch without --model-path in every release held (the fixtures' "required": true)
    required=(Required("model_path", "Qwen/Qwen3-8B",
                       "SGLang 0.5.9 and 0.5.23 ServerArgs.add_cli_args: --model-path is required=True"),),
    distribution="sglang",
    derives=frozenset({"tokenizer-from-model", "served-name-from-model", "lora-from-paths", "ep-from-tp",
                       "http-log-level-from-log-level"}),
    deploy=SGLANG_DEPLOY,
    description=Text("SGLang's server (python -m sglang.launch_server), checked against the SGLang release you "
                     "name with --sglang-version", "SGLang 服务（python -m sglang.launch_server），按 "
                     "--sglang-version 指定的版本检查"),
)
