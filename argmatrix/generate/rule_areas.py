"""``argmatrix/matrix/sglang_checks/area_reads.py``: what the rules of each area of SGLang's start-up checks read on
the defaults of every held release and platform, so a launch imports only the areas it can make fire; and
``argmatrix/matrix/engines/vllm_rule_reads.py``, the same per rule for vLLM's and vLLM-Ascend's rules.

The reads are the rule index's (``compiler/rule_index.py``), taken over every (release, platform) pair and united
per area module.  ``argmatrix docs generate`` writes the file and ``argmatrix docs check`` fails when it is stale.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..compiler.rule_index import Reads

PATH = "matrix/sglang_checks/area_reads.py"
GUARDS_PATH = "matrix/sglang_checks/area_guards.py"


def area_reads() -> tuple[tuple[str | None, ...], tuple[str, ...], set[str], dict[str, Reads],
                            dict[str, Reads | None]]:
    """The releases and platforms covered, the areas every launch loads, per other area what its rules read, and
    per rule (the table's and every area's) what it reads, None for one that must always run."""
    from ..compiler.compile import defaults_for
    from ..compiler.rule_index import NOTHING_READ, RuleIndex
    from ..matrix import engines
    from ..matrix import sglang_checks as checks
    from ..matrix import table_rules as table
    from ..matrix.platforms import PLATFORMS

    eng = engines.get("sglang")
    assert eng.releases is not None
    releases: tuple[str | None, ...] = (None, *eng.releases.held)
    by_area: dict[str, Reads | None] = {}  # None: a rule of it always runs, so every launch loads it
    per_rule: dict[str, Reads | None] = {}
    areas = [(name, checks.area(name).RULES) for name in checks.AREA_NAMES]
    for release in releases:
        for platform in PLATFORMS.values():
            base = defaults_for(eng, release, platform)
            # recorded afresh: the launch's index reads what this file stores
            index = RuleIndex(platform.key, base.values, eng.surface.specs, base.release_defaults)
            for name, rules in [("", table.RULES), *areas]:
                by_area.setdefault(name, NOTHING_READ)
                for rule in rules:
                    if rule.reads_model:
                        continue  # runs in the model phase, which loads MODEL_AREAS
                    found = index.reads(rule)
                    _unite(per_rule, rule.id, found)
                    _unite(by_area, name, found)
    by_area.pop("", None)  # the table's rules: every launch loads them
    always = {name for name, found in by_area.items() if found is None}
    reads = {name: found for name, found in by_area.items() if found is not None}
    return releases, tuple(PLATFORMS), always, reads, per_rule


def _area_rules() -> dict[str, tuple[str, ...]]:
    """Per area, the ids of its rules that run before any model is read."""
    from ..matrix import sglang_checks as checks

    return {name: tuple(r.id for r in checks.area(name).RULES if not r.reads_model) for name in checks.AREA_NAMES}


def area_guards(per_rule: dict[str, Reads | None]) -> dict[str, dict[str, list[tuple[Any, ...]]]]:
    """Per rule, per field it reads: the values under which it stays quiet on every base, grouped by what it then
    reads (``RuleIndex.quiet_reads``, united over the bases) as (values, fields, variables, facts, whole
    environment)."""
    from ..compiler.compile import defaults_for
    from ..compiler.rule_index import NOTHING_READ, RuleIndex, guard_candidates
    from ..matrix import engines
    from ..matrix import sglang_checks as checks
    from ..matrix.platforms import PLATFORMS

    eng = engines.get("sglang")
    assert eng.releases is not None
    specs = eng.surface.specs
    # rule id -> field -> [(value, what the rule reads with it, united so far)]: the values quiet on every base so far
    quiet: dict[str, dict[str, list[tuple[Any, Reads]]]] = {}
    for release in (None, *eng.releases.held):
        for platform in PLATFORMS.values():
            base = defaults_for(eng, release, platform)
            index = RuleIndex(platform.key, base.values, specs, base.release_defaults)
            for name in checks.AREA_NAMES:
                for rule in checks.area(name).RULES:
                    within = per_rule.get(rule.id)
                    if rule.reads_model or within is None:
                        continue
                    mine = quiet.setdefault(rule.id, {})
                    for field in sorted(within.fields):
                        held = mine.get(field)
                        if held is None:
                            held = [(v, NOTHING_READ) for v in (guard_candidates(specs[field]) if field in specs
                                                                else ())]
                        kept = []
                        for value, united in held:
                            found = index.quiet_reads(rule, field, value)
                            if found is not None:
                                kept.append((value, united.union(found)))
                        mine[field] = kept
    out: dict[str, dict[str, list[tuple[Any, ...]]]] = {}
    for rule_id in sorted(quiet):
        for field, kept in sorted(quiet[rule_id].items()):
            groups: dict[tuple[Any, ...], list[Any]] = {}
            for value, reads in kept:
                key = (tuple(sorted(reads.fields)), tuple(sorted(reads.env)), tuple(sorted(reads.facts)),
                       reads.whole_env)
                groups.setdefault(key, []).append(value)
            if groups:
                out.setdefault(rule_id, {})[field] = [(tuple(values), *key) for key, values in groups.items()]
    return out


def render_guards(per_rule: dict[str, Reads | None]) -> str:
    guards = area_guards(per_rule)
    lines = [
        '"""When a rule of SGLang\'s start-up checks cannot fire (generated by `argmatrix docs generate` from',
        "generate/rule_areas.py; `argmatrix docs check` fails when it is stale).",
        "",
        "For a rule and a field it reads: values of the field under which the rule, with only that field changed (set",
        "by the user or not), stayed quiet on the defaults of every held release and platform, and what it read there:",
        "the fields, environment variables and facts, and whether it read the whole environment.  A launch that gives",
        "the field one of these values, changes none of the other fields listed, sets none of the variables and gives",
        "none of the facts makes every read of the rule answer as it did there, so the rule stays quiet, and an area",
        "(area_reads.AREA_RULES) whose every touched rule is quiet is not loaded (compiler/rule_index.py).",
        '"""',
        "from __future__ import annotations",
        "",
        "# rule id -> field -> ((values, fields, environment variables, facts, whole environment), ...)",
        "QUIET: dict[str, dict[str, tuple[tuple[tuple[str | int | float | bool | None, ...], tuple[str, ...], "
        "tuple[str, ...], tuple[str, ...], bool], ...]]] = {",
    ]
    for rule_id, fields in guards.items():
        lines.append(f"    {rule_id!r}: {{")
        for field, groups in fields.items():
            lines.append(f"        {field!r}: (")
            lines += [f"            {group!r}," for group in groups]
            lines.append("        ),")
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _model_areas() -> tuple[str, ...]:
    """The areas, in order, with a rule that runs in the model phase."""
    from ..matrix import sglang_checks as checks

    return tuple(name for name in checks.AREA_NAMES if any(rule.reads_model for rule in checks.area(name).RULES))


def _area_families() -> dict[str, set[str]]:
    """area -> the platform families its rules apply to, for the areas none of whose rules applies everywhere."""
    from ..matrix import sglang_checks as checks

    out: dict[str, set[str]] = {}
    for name in checks.AREA_NAMES:
        families: set[str] = set()
        for rule in checks.area(name).RULES:
            if rule.families is None:
                break
            families |= rule.families
        else:
            out[name] = families
    return out


def _names(items: set[str], indent: str = "        ") -> str:
    if not items:
        return "frozenset()"
    one_line = "frozenset({" + ", ".join(repr(i) for i in sorted(items)) + "})"
    if len(indent) + len(one_line) < 110:
        return one_line
    return "frozenset({\n" + "".join(f"{indent}    {i!r},\n" for i in sorted(items)) + indent + "})"


def render_files() -> dict[str, str]:
    """Every file this module writes, relative to ``argmatrix/``; SGLang's reads are recorded once for both of its."""
    recorded = area_reads()
    return {PATH: render(recorded), GUARDS_PATH: render_guards(recorded[4]), VLLM_PATH: render_vllm()}


def render(recorded: tuple[tuple[str | None, ...], tuple[str, ...], set[str], dict[str, Reads],
                           dict[str, Reads | None]]) -> str:
    from ..matrix import sglang_checks

    releases, platforms, always, reads, per_rule = recorded
    superseding = {r.code for r in sglang_checks.SGLANG_RULES if r.supersedes_status}
    lines = [
        '"""What the rules of each area of SGLang\'s start-up checks read on the defaults of every held release and',
        "platform (generated by `argmatrix docs generate` from generate/rule_areas.py; `argmatrix docs check` fails",
        "when it is stale).  A launch imports an area only when it changed a field, set an environment variable or",
        "gave a fact one of its rules read there, or the area is in ALWAYS (compiler/rule_index.py).",
        '"""',
        "from __future__ import annotations",
        "",
        "RELEASES: tuple[str | None, ...] = (  # None: no release checked",
        *(f"    {r!r}," for r in releases),
        ")",
        f"PLATFORMS: tuple[str, ...] = {platforms!r}",
        f"ALWAYS: frozenset[str] = {_names(always, '')}",
        "# the areas holding a rule that reads the model's config.json (Rule.reads_model): the model phase loads these",
        f"MODEL_AREAS: tuple[str, ...] = {_model_areas()!r}",
        "# areas whose every rule applies only to these platform families: another family's launch skips them",
        "FAMILIES: dict[str, frozenset[str]] = {",
        *(f"    {name!r}: {_names(fams, '    ')}," for name, fams in sorted(_area_families().items())),
        "}",
        "# the codes of the areas' rules that stand for a field's status on a platform (Rule.supersedes_status)",
        f"SUPERSEDING: frozenset[str] = {_names(superseding, '')}",
        "# area -> the ids of its rules that run before any model is read",
        "AREA_RULES: dict[str, tuple[str, ...]] = {",
        *(f"    {name!r}: {ids!r}," for name, ids in _area_rules().items()),
        "}",
        "# area -> (fields, environment variables, facts, reads the whole environment)",
        "READS: dict[str, tuple[frozenset[str], frozenset[str], frozenset[str], bool]] = {",
    ]
    for name in sorted(reads):
        r = reads[name]
        lines.append(f"    {name!r}: (")
        lines.append(f"        {_names(set(r.fields))},")
        lines.append(f"        {_names(set(r.env))},")
        lines.append(f"        {_names(set(r.facts))},")
        lines.append(f"        {r.whole_env!r},")
        lines.append("    ),")
    lines.append("}")
    lines += [
        "# rule id -> what it read, as above (fields, environment variables, facts, the whole environment); None:",
        "# it fired or raised on some defaults, so it always runs.  The rule index takes these instead of running each",
        "# rule on the defaults of the launch's base (compiler/rule_index.py).",
        "RULE_READS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], bool] | None] = {",
    ]
    lines += _rule_lines(per_rule)
    lines.append("}")
    return "\n".join(lines) + "\n"


# --- vLLM's rules (its own and vLLM-Ascend's) --------------------------------------------------------------------

VLLM_PATH = "matrix/engines/vllm_rule_reads.py"


def _unite(united: dict[str, Reads | None], key: str, found: Reads | None) -> None:
    """Add one recording (``RuleIndex.reads``) to the union kept under ``key`` (a rule's id, or an area's name);
    None (a rule that fired or raised there) sticks."""
    if found is None:
        united[key] = None
        return
    if key in united and united[key] is None:
        return
    mine = united.get(key)
    united[key] = found if mine is None else mine.union(found)


def vllm_rule_reads() -> tuple[tuple[str | None, ...], tuple[str, ...], tuple[str, ...],
                               dict[str, Reads | None]]:
    """The vLLM releases, vLLM-Ascend releases and platforms covered, and per rule what it reads on their defaults."""
    from ..compiler.compile import defaults_for
    from ..compiler.rule_index import RuleIndex
    from ..matrix import engines
    from ..matrix.engines import vllm_ascend_facts as ascend
    from ..matrix.platforms import PLATFORMS

    vllm = engines.get("vllm")
    assert vllm.releases is not None
    releases: tuple[str | None, ...] = (None, *vllm.releases.held)
    per_rule: dict[str, Reads | None] = {}
    for plugin in ascend.RELEASES:
        eng = vllm.on_ascend(plugin)  # type: ignore[attr-defined]
        for release in releases:
            for platform in PLATFORMS.values():
                base = defaults_for(eng, release, platform)
                index = RuleIndex(platform.key, base.values, eng.surface.specs, base.release_defaults)
                for rule in eng.rules():
                    if not rule.reads_model:
                        _unite(per_rule, rule.id, index.reads(rule))
    return releases, tuple(ascend.RELEASES), tuple(PLATFORMS), per_rule


def _rule_lines(per_rule: dict[str, Reads | None]) -> list[str]:
    lines = []
    for rule_id in sorted(per_rule):
        found = per_rule[rule_id]
        if found is None:
            lines.append(f"    {rule_id!r}: None,")
            continue
        lines.append(f"    {rule_id!r}: ({tuple(sorted(found.fields))!r}, {tuple(sorted(found.env))!r}, "
                     f"{tuple(sorted(found.facts))!r}, {found.whole_env!r}),")
    return lines


def render_vllm() -> str:
    releases, plugins, platforms, per_rule = vllm_rule_reads()
    return "\n".join([
        '"""What each of vLLM\'s rules (its own and vLLM-Ascend\'s start-up checks) reads on the defaults of every held',
        "vLLM release, vLLM-Ascend release and platform (generated by `argmatrix docs generate` from",
        "generate/rule_areas.py; `argmatrix docs check` fails when it is stale).  The rule index takes these instead",
        "of running each rule on the defaults of the launch's base (compiler/rule_index.py).",
        '"""',
        "from __future__ import annotations",
        "",
        f"RELEASES: tuple[str | None, ...] = {releases!r}  # None: no release checked",
        f"PLUGIN_RELEASES: tuple[str, ...] = {plugins!r}",
        f"PLATFORMS: tuple[str, ...] = {platforms!r}",
        "# rule id -> (fields, environment variables, facts, reads the whole environment); None: it fired or raised",
        "# on some defaults, so it always runs",
        "RULE_READS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], bool] | None] = {",
        *_rule_lines(per_rule),
        "}",
    ]) + "\n"
