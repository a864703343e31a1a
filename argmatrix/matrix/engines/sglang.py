"""SGLang: the engine the Ascend feature tables and most of the schema describe.

Its support per platform is what each ``Platform`` object says (``platforms/``: the Ascend table, CUDA, CPU);
its start-up checks are ``matrix/sglang_checks/`` and the table's rules (``matrix/rules.py``); its
releases and spellings are ``schema/releases.py``, the one reader of the release fixtures and of the hand-kept
table ``schema/release_table.py``.
"""
from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ...schema import releases
from ...schema.meta import MISSING, Text
from ...schema.registry import ArgSpec
from ..platforms.base import Platform
from ..rules import PARENTS, Parent, Rule, all_rules
from ..status import Cell, Note
from .base import NEGATE_RELEASE, Engine, ReleaseLine, Required, Spelling
from .deploy_facts import SGLANG_DEPLOY


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

    def release_defaults(self, release: str) -> Mapping[str, Any]:
        return _release_defaults(release)

    def defaults_by_release(self, spec: ArgSpec) -> list[tuple[str, str, Any]]:
        return releases.defaults_by_release(spec.name) if spec.name in releases.PARSER_DEFAULTS else []

    def rules(self) -> Sequence[Rule]:
        return all_rules()

    def rule_holds(self, rule: Rule, release: str | None) -> bool:
        if release is None:
            return True
        from ..sglang_checks.rule_releases import HOLDS_IN

        spans = HOLDS_IN.get(rule.id)
        if spans is None:
            return True  # its check is in every held release (or it cites none the inventories list)
        r = releases.parse_release(release)
        return any(releases.parse_release(a) <= r <= releases.parse_release(b) for a, b in spans)

    def parents(self) -> Sequence[Parent]:
        return PARENTS


@functools.cache
def _release_defaults(release: str) -> Mapping[str, Any]:
    """The fields whose default in ``release``'s own parser is a value other than the declared default."""
    found = {name: releases.release_default(name, release) for name in releases.PARSER_DEFAULTS}
    return MappingProxyType({name: value for name, value in found.items() if value is not MISSING})


# the dates are schema/releases.py's (the one reader of the release fixtures and the hand-kept table), not a copy
SGLANG_RELEASES = ReleaseLine(
    "SGLang", "--sglang-version", "ARGMATRIX_SGLANG_VERSION", releases.OLDEST, releases.NEWEST,
    releases.KNOWN_FLAG_SETS, releases.INTRODUCED, releases.gone_dates(), reader=releases.exists_in)

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
