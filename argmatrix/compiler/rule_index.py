"""Which rule reads what: the rules a launch can make fire, so the others are not run.

A rule's condition is a function of what it reads through its context: values, which fields the user set, the
environment, the model's, the draft's and the GPU's facts (the platform, the release's defaults and the surface
are fixed for one engine, release and platform).  :class:`RuleIndex` runs each rule once on the defaults of one
(engine, release, platform), with an empty launch, through a context that records every field, environment
variable and fact it reads.  A rule that did not fire there, and read nothing a launch changed, takes the same path
and does not fire in that launch either, so ``check`` skips it.  A rule that fired on the defaults, raised, or read
a whole mapping (iterated the values, the environment or the set fields) always runs.

``INDEXED = False`` runs every rule; ``tests/compiler/test_rule_index.py`` requires the findings to be the same
either way over the SGLang conformance corpus, the real-world launches and the vLLM corpus.
"""
from __future__ import annotations

import functools
from collections.abc import Collection, Iterator, Mapping, Sequence, Set
from typing import TYPE_CHECKING, Any, NamedTuple

from ..matrix import rules

INDEXED = True  # False: run every rule (the test that proves the index changes no finding)

FACTS = ("model", "draft", "gpu")  # context attributes a launch may give, None on the defaults


class _ReadsAll(Exception):
    """The rule looked at a whole mapping: it depends on everything in it."""


class Reads(NamedTuple):
    """What one rule read when judged on the defaults (plain classes here, not dataclasses: each dataclass costs
    every cold start about half a millisecond to create)."""

    # each a frozenset when recorded, the stored tuple when read from area_reads.py / vllm_rule_reads.py
    fields: Collection[str]      # values or set-by-the-user membership
    env: Collection[str]         # environment variables (read, or asked whether present)
    facts: Collection[str]       # of FACTS
    whole_env: bool = False      # iterated the environment: any variable may matter

    def union(self, other: Reads) -> Reads:
        """Everything either recording read."""
        return Reads(frozenset({*self.fields, *other.fields}), frozenset({*self.env, *other.env}),
                     frozenset({*self.facts, *other.facts}), self.whole_env or other.whole_env)


NOTHING_READ = Reads(frozenset(), frozenset(), frozenset())


# what area_reads.RULE_READS holds per rule: fields, environment variables, facts, whether the whole environment
StoredReads = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], bool]


class _Log:
    def __init__(self) -> None:
        self.fields: set[str] = set()
        self.env: set[str] = set()
        self.facts: set[str] = set()
        self.whole = False       # a whole value mapping or the set fields were iterated
        self.whole_env = False
        self.asked_set: set[str] = set()  # the fields asked whether the user set them


class _ReadsWhole:
    """Iterating or sizing the collection reads all of it: a rule that does so always runs."""

    _log: _Log

    def __iter__(self) -> Iterator[str]:
        self._log.whole = True
        raise _ReadsAll

    def __len__(self) -> int:
        self._log.whole = True
        raise _ReadsAll


class _Values(_ReadsWhole, Mapping[str, Any]):
    def __init__(self, data: Mapping[str, Any], log: _Log, changed: Mapping[str, Any] | None = None):
        self._data, self._log, self._changed = data, log, changed or {}

    def __getitem__(self, key: str) -> Any:
        self._log.fields.add(key)
        return self._changed[key] if key in self._changed else self._data[key]


class _UserSet(_ReadsWhole, Set[str]):
    """The fields set by the user (none on the defaults); asking about a field records it."""

    def __init__(self, log: _Log, given: Set[str] = frozenset()):
        self._log, self._given = log, given

    def __contains__(self, key: object) -> bool:
        self._log.fields.add(str(key))
        self._log.asked_set.add(str(key))
        return key in self._given


class _Env(Mapping[str, str]):
    """An empty environment; asking for a variable records it."""

    def __init__(self, log: _Log):
        self._log = log

    def __getitem__(self, key: str) -> str:
        self._log.env.add(key)
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        self._log.whole_env = True
        raise _ReadsAll

    def __len__(self) -> int:
        self._log.whole_env = True
        raise _ReadsAll


def _recorded_fact(name: str) -> Any:
    """A fact of the context that records being asked for (in the log its values carry)."""
    def get(self: Any) -> Any:
        state = self.__dict__
        values = state["values"]
        if isinstance(values, _Values):
            values._log.facts.add(name)
        return state[f"_fact_{name}"]

    def set_(self: Any, value: Any) -> None:
        self.__dict__[f"_fact_{name}"] = value

    return property(get, set_)


class _RecordingContext(rules.RuleContext):
    """A rule context whose values record what is read; asking for a fact records the fact.  The facts are
    properties, so reading anything else costs nothing more than on the launch's own context."""

    if not TYPE_CHECKING:
        model = _recorded_fact("model")
        draft = _recorded_fact("draft")
        gpu = _recorded_fact("gpu")


class _Plan(NamedTuple):
    """One engine's rule list, inverted: positions of the rules that always run, and of those each field,
    environment variable or fact can make fire."""

    rules: Sequence[rules.Rule]
    always: frozenset[int]
    by_field: Mapping[str, frozenset[int]]
    by_env: Mapping[str, frozenset[int]]
    by_fact: Mapping[str, frozenset[int]]
    whole_env: frozenset[int]


class RuleIndex:
    """What each rule of one (engine, release, platform) reads, found by running it on the defaults, once per
    process (``compile.defaults_for`` holds one per base)."""

    def __init__(self, platform: str, values: Mapping[str, Any], specs: dict[str, Any],
                 defaults: Mapping[str, Any] | None, stored: Mapping[str, StoredReads | None] | None = None):
        self.platform, self.values, self.specs, self.defaults = platform, values, specs, defaults
        # rule id -> its reads over every held release and platform (area_reads.RULE_READS), where they cover
        # this base; a rule they do not list is run on the defaults as before
        self.stored = stored
        self._plans: dict[tuple[int, ...], _Plan] = {}
        self._reads: dict[int, tuple[rules.Rule, Reads | None]] = {}

    def reads(self, rule: rules.Rule) -> Reads | None:
        """What ``rule`` reads, or None when it must always run (found once per rule)."""
        held = self._reads.get(id(rule))
        if held is not None and held[0] is rule:
            return held[1]
        if self.stored is not None and rule.id in self.stored:
            entry = self.stored[rule.id]
            found = None if entry is None else Reads(*entry)
        else:
            found = self._record(rule)
        self._reads[id(rule)] = (rule, found)  # the rule is kept, so its id is never reused
        return found

    def _record(self, rule: rules.Rule, changed: Mapping[str, Any] | None = None,
                given: Set[str] = frozenset(), log: _Log | None = None) -> Reads | None:
        """What ``rule`` reads on the defaults, or with the values ``changed`` (the fields ``given`` set by the user);
        None where it fired, raised or read a whole mapping."""
        if rule.reads_model:
            return None  # run in the model phase, where the facts always differ from the defaults' None
        log = _Log() if log is None else log
        ctx = _RecordingContext(values=_Values(self.values, log, changed),  # type: ignore[arg-type]
                                user_set=_UserSet(log, given),  # type: ignore[arg-type]
                                specs=self.specs, platform=self.platform, env=_Env(log),
                                model=None, draft=None, gpu=None, defaults=self.defaults)
        try:
            fired = rule.violated(ctx)
        except Exception:  # noqa: BLE001  (a rule that cannot be judged on the defaults always runs)
            return None
        if fired or log.whole:
            return None
        return Reads(frozenset(log.fields), frozenset(log.env), frozenset(log.facts), log.whole_env)

    def quiet_reads(self, rule: rules.Rule, name: str, value: Any) -> Reads | None:
        """What ``rule`` reads with only ``name`` changed to ``value``, by the user or not (united), when it stays
        quiet both ways; None where it fires, raises or reads a whole mapping.  A launch on this base whose other
        changes miss these fields, that sets none of these variables and gives none of these facts, cannot make it
        fire with that value: every read answers as here."""
        log = _Log()
        found = self._record(rule, {name: value}, frozenset({name}), log)
        if found is None or name not in log.asked_set:
            return found  # never asked whether the user set it: the other way reads and answers the same
        other = self._record(rule, {name: value})
        return None if other is None else found.union(other)

    def _plan(self, seq: Sequence[rules.Rule]) -> _Plan:
        key = tuple(map(id, seq))  # an engine may build its list anew per call; its rules are the same objects
        plan = self._plans.get(key)
        if plan is not None:
            return plan
        always: set[int] = set()
        whole_env: set[int] = set()
        by: dict[str, dict[str, set[int]]] = {"field": {}, "env": {}, "fact": {}}
        for i, rule in enumerate(seq):
            reads = self.reads(rule)
            if reads is None:
                always.add(i)
                continue
            if reads.whole_env:
                whole_env.add(i)
            for kind, names in (("field", reads.fields), ("env", reads.env), ("fact", reads.facts)):
                for name in names:
                    by[kind].setdefault(name, set()).add(i)
        frozen = {kind: {k: frozenset(v) for k, v in table.items()} for kind, table in by.items()}
        plan = _Plan(tuple(seq), frozenset(always), frozen["field"], frozen["env"], frozen["fact"], frozenset(whole_env))
        self._plans[key] = plan  # the rules are kept in the plan, so their ids are never reused
        return plan

    def can_fire(self, seq: Sequence[rules.Rule], changed: Set[str], ctx: rules.RuleContext) -> list[rules.Rule]:
        """The rules of ``seq``, in order, that a launch changing ``changed`` (in the environment and with the facts
        of ``ctx``) can make fire; with ``INDEXED = False``, all of them."""
        if not INDEXED:
            return list(seq)
        plan = self._plan(seq)
        run = set(plan.always)
        for name in changed:
            hit = plan.by_field.get(name)
            if hit:
                run |= hit
        env = ctx.env
        if env:
            run |= plan.whole_env
            for key, hit in plan.by_env.items():
                if key in env:
                    run |= hit
        for fact, hit in plan.by_fact.items():
            if getattr(ctx, fact) is not None:
                run |= hit
        return [plan.rules[i] for i in sorted(run)]


class RuleBase(NamedTuple):
    """One launch against its base: the index, and the fields whose value is not the base's."""

    rule_index: RuleIndex
    changed: Set[str]

    def can_fire(self, seq: Sequence[rules.Rule], ctx: rules.RuleContext) -> list[rules.Rule]:
        return self.rule_index.can_fire(seq, self.changed, ctx)


# --- which of SGLang's rule modules a launch imports -----------------------------------------------------------

def _shipped_platforms() -> dict[str, Any]:
    from ..matrix.platforms import PLATFORMS

    return dict(PLATFORMS)


_SHIPPED = _shipped_platforms()  # the platform objects area_reads.py was generated for (a test may swap one)


def _covers(table: Any, eng: Any, shipped: Any, release: str | None, platform: str) -> bool:
    """Whether a generated table of reads (``area_reads.py``, ``vllm_rule_reads.py``) covers this base: the engine's
    rules as shipped, a release and a platform it was generated for, and that platform's shipped object."""
    from ..matrix.platforms import PLATFORMS

    return (type(eng).rules is shipped and release in table.RELEASES and platform in table.PLATFORMS
            and PLATFORMS.get(platform) is _SHIPPED.get(platform))


def _stored_reads_apply(eng: Any, release: str | None, platform: str) -> bool:
    """Whether ``matrix/sglang_checks/area_reads.py`` covers this launch: SGLang's own rules, a held release and a
    shipped platform (anything else loads every area)."""
    if not INDEXED or eng.key != "sglang":
        return False
    from ..matrix.engines.sglang import SHIPPED_RULES
    from ..matrix.sglang_checks import area_reads

    return _covers(area_reads, eng, SHIPPED_RULES, release, platform)


def stored_reads(eng: Any, release: str | None, platform: str) -> Mapping[str, StoredReads | None] | None:
    """The per-rule reads ``docs generate`` stores for the engine (SGLang's in ``area_reads.py``, vLLM's in
    ``vllm_rule_reads.py``), where they cover this base: the engine's own rules, a held release (and vLLM-Ascend
    release) and a shipped platform.  None: every rule is run on the base's defaults instead."""
    if _stored_reads_apply(eng, release, platform):
        from ..matrix.sglang_checks import area_reads

        # absent while `docs generate` writes the file for the first time (it records every rule afresh)
        return getattr(area_reads, "RULE_READS", None)  # type: ignore[no-any-return]
    if not INDEXED or eng.key != "vllm":
        return None
    from ..matrix.engines.vllm import SHIPPED_RULES

    try:
        from ..matrix.engines import vllm_rule_reads
    except ImportError:  # before `docs generate` first wrote it
        return None
    if _covers(vllm_rule_reads, eng, SHIPPED_RULES, release, platform) \
            and eng.ascend_release in vllm_rule_reads.PLUGIN_RELEASES:
        return getattr(vllm_rule_reads, "RULE_READS", None)  # type: ignore[no-any-return]
    return None


def launch_rules(eng: Any, release: str | None, platform: str, changed: Set[str],
                 ctx: rules.RuleContext) -> Sequence[rules.Rule]:
    """The engine's rules a launch needs loaded: for SGLang, the table's rules (``matrix/rules.py``) and the areas of
    its start-up checks whose stored reads (``area_reads.py``) the launch touches; every rule otherwise."""
    if not _stored_reads_apply(eng, release, platform):
        return eng.rules()  # type: ignore[no-any-return]
    from ..matrix import sglang_checks, table_rules
    from ..matrix.sglang_checks import area_reads

    env = ctx.env
    facts = frozenset(fact for fact in FACTS if getattr(ctx, fact) is not None)
    # what the choice depends on: the platform, what changed, the variables set, the facts given, and the changed
    # values a guard may speak of (any other value is one no guard lists)
    values = ctx.values
    key = (platform, frozenset(env), facts,
           frozenset((name, values[name] if type(values[name]) in _SCALARS else _OTHER) for name in changed))
    chosen = _CHOSEN.get(key)
    if chosen is None:
        areas = set(area_reads.ALWAYS)
        for name, (fields, env_keys, fact_names, whole_env) in _area_reads_for(platform):
            if (whole_env and env) or any(k in env for k in env_keys) or not facts.isdisjoint(fact_names):
                areas.add(name)
            elif not changed.isdisjoint(fields) and _area_can_fire(name, changed, ctx):
                areas.add(name)
        if len(_CHOSEN) > 256:  # a long-lived process judging many launches: keep the latest few
            _CHOSEN.clear()
        chosen = _CHOSEN[key] = (*table_rules.RULES, *sglang_checks.rules_of(areas))
    return chosen


_SCALARS = (str, int, float, bool, type(None))
_OTHER = object()  # a list, an object: a value no guard lists
_CHOSEN: dict[tuple[Any, ...], tuple[rules.Rule, ...]] = {}  # launch_rules' choices, by what they depend on


def _area_can_fire(name: str, changed: Set[str], ctx: rules.RuleContext) -> bool:
    """Whether a rule of the area ``name`` (area_reads.AREA_RULES) can fire on a launch that changed ``changed``
    and sets none of the area's variables nor gives its facts.  A rule cannot when some changed field it reads
    holds a value under which it stays quiet (``area_guards.QUIET``, where the reasoning is) and the launch
    changes nothing else that rule then reads."""
    from ..matrix.sglang_checks import area_reads

    members = getattr(area_reads, "AREA_RULES", {}).get(name)
    if members is None:  # before `docs generate` first wrote it
        return True
    values, specs = ctx.values, ctx.specs
    pending: list[tuple[str, list[str]]] = []
    for rule_id in members:
        reads = area_reads.RULE_READS.get(rule_id, ())
        if not reads:  # None: it always runs; missing: generated before the rule was
            return True
        hit = [field for field in reads[0] if field in changed]
        if not hit:
            continue
        guardable = [field for field in hit if _one_of(values[field], guard_candidates(specs[field]))]
        if not guardable:
            return True  # values no guard was worked out for (numbers, lists): the rule runs
        pending.append((rule_id, guardable))
    if not pending:
        return False
    try:
        from ..matrix.sglang_checks import area_guards  # only now: most launches decide without it
    except ImportError:  # before `docs generate` first wrote it: every touched area loads
        return True
    return not all(any(_quiet(area_guards.QUIET.get(rule_id, {}).get(field, ()), field, changed, ctx)
                       for field in fields) for rule_id, fields in pending)


def _quiet(guards: Sequence[tuple[Any, ...]], field: str, changed: Set[str], ctx: rules.RuleContext) -> bool:
    """Whether the launch's value of ``field`` is one under which the rule stays quiet (``guards``: (values,
    fields, variables, facts, reads the whole environment) as area_guards.QUIET holds them), with nothing else
    that the rule then reads changed, set or given."""
    value, env = ctx.values[field], ctx.env
    for quiet_values, fields, env_keys, facts, whole_env in guards:
        if not _one_of(value, quiet_values):
            continue
        return (all(f == field or f not in changed for f in fields) and not any(k in env for k in env_keys)
                and not (whole_env and env) and all(getattr(ctx, fact) is None for fact in facts))
    return False


def guard_candidates(spec: Any) -> tuple[Any, ...]:
    """The values of a field guards are worked out for (``area_guards.py``): its closed list of values, a switch's
    two, and None where it may be unset; none for a list or an open type."""
    held = _CANDIDATES.get(spec.name)
    if held is not None and held[0] is spec:
        return held[1]
    out: list[Any] = []
    if not spec.is_list:
        for value in (*(spec.choices or ()), *((True, False) if spec.is_bool else ()),
                      *((None,) if spec.optional else ())):
            if not _one_of(value, out):  # True and 1 are two values here
                out.append(value)
    _CANDIDATES[spec.name] = (spec, tuple(out))
    return tuple(out)


_CANDIDATES: dict[str, tuple[Any, tuple[Any, ...]]] = {}  # field -> (its spec, its candidates)


def _one_of(value: Any, listed: Sequence[Any]) -> bool:
    """``value`` is one of ``listed``, type and all (True is not 1 here)."""
    return any(type(value) is type(v) and value == v for v in listed)


def model_phase_rules(eng: Any, release: str | None, platform: str) -> Sequence[rules.Rule]:
    """The engine's rules the model phase needs loaded: for SGLang, the table's rules and the areas that hold a rule
    reading the model's config.json (``area_reads.MODEL_AREAS``) and apply on the platform's family; every rule
    otherwise."""
    if not _stored_reads_apply(eng, release, platform):
        return eng.rules()  # type: ignore[no-any-return]
    from ..matrix import sglang_checks, table_rules
    from ..matrix.sglang_checks import area_reads

    model_areas = getattr(area_reads, "MODEL_AREAS", None)
    if model_areas is None:  # before `docs generate` first wrote it
        return eng.rules()  # type: ignore[no-any-return]
    off = _areas_off(platform)
    return [*table_rules.RULES, *sglang_checks.rules_of(name for name in model_areas if name not in off)]


@functools.cache
def _areas_off(platform: str) -> frozenset[str]:
    """The areas none of whose rules applies on ``platform``'s family (``area_reads.FAMILIES``)."""
    from ..matrix.platforms import PLATFORMS
    from ..matrix.sglang_checks import area_reads

    family = PLATFORMS[platform].family
    return frozenset(name for name, families in getattr(area_reads, "FAMILIES", {}).items() if family not in families)


@functools.cache
def _area_reads_for(platform: str) -> tuple[tuple[str, tuple[frozenset[str], frozenset[str], frozenset[str], bool]],
                                            ...]:
    """The areas of ``area_reads.READS`` with a rule that applies on ``platform``'s family."""
    from ..matrix.sglang_checks import area_reads

    off = _areas_off(platform)
    return tuple((name, reads) for name, reads in area_reads.READS.items() if name not in off)


def superseding_codes(eng: Any, release: str | None, platform: str) -> set[str]:
    """The codes of the engine's rules that stand for a field's status (``Rule.supersedes_status``), without
    loading SGLang's areas where ``area_reads.py`` lists them."""
    if not _stored_reads_apply(eng, release, platform):
        return {r.code for r in eng.rules() if r.supersedes_status}
    from ..matrix import table_rules
    from ..matrix.sglang_checks import area_reads

    return {r.code for r in table_rules.RULES if r.supersedes_status} | set(area_reads.SUPERSEDING)
