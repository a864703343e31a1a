"""What one SGLang release does with each flag: the one reader of the release facts.

The schema holds the union of the flags SGLang has had since the release the seed tables describe (0.5.9).  A
launch is checked against one release (``--sglang-version``, env ``ARGMATRIX_SGLANG_VERSION``, default the
newest we hold the flag set of): a flag renamed or split in that release is a warning naming its successors
while SGLang still accepts it, an error once SGLang refuses it (as an unrecognised or, worse, an ambiguous
abbreviation); a flag added after that release does not exist there.

The facts are the release fixtures read from each release's wheel (``tests/fixtures/sglang-*.json``) and the
hand-kept table of what no fixture can say (``release_table.py``; a test proves the two agree).  Everything that
says what a release does with a flag (check-config's findings, ``explain``, ``matrix``, the generated pages, the
JSON Schema, the engine object, ``launch``'s rewrites) asks :func:`verdict` here, so no two places can disagree.
"""
from __future__ import annotations

import functools
import re
from typing import Any, Literal

from . import registry
from .meta import ARGMATRIX_ONLY_GROUPS, MISSING, Text
from .release_dates import PARSER_DEFAULTS, PARSER_TYPES
from .release_numbers import release_numbers
from .release_table import (
    CHANGES,
    FORMER_FLAGS,
    INTRODUCED,
    KNOWN_FLAG_SETS,
    NEWEST,
    NO_SPELLING,
    OLDEST,
    SEED_RELEASE,
    SPELLINGS_MISSING,
    VALUES_GONE,
    VALUES_INTRODUCED,
    Change,
)

__all__ = ["CHANGES", "FORMER_FLAGS", "PARSER_DEFAULTS", "INTRODUCED", "KNOWN_FLAG_SETS", "NEWEST", "NO_SPELLING", "OLDEST",
           "SEED_RELEASE", "VALUES_GONE", "VALUES_INTRODUCED", "Change", "Verdict", "verdict"]


def parse_release(text: str) -> tuple[int, ...]:
    """An SGLang release: three numbers (``release_numbers``)."""
    return release_numbers(text, 3)


State = Literal["current", "deprecated", "refused"]


def state_of(change: Change, release: str) -> State:
    r = parse_release(release)
    if change.gone_in is not None and r >= parse_release(change.gone_in):
        return "refused"
    if change.deprecated_in is not None and r >= parse_release(change.deprecated_in):
        return "deprecated"
    return "current"


def argmatrix_only(name: str) -> bool:

    return registry.SPECS[name].group.key in ARGMATRIX_ONLY_GROUPS


def exists_in(name: str, release: str) -> bool:
    """Whether SGLang ``release`` has the flag of field ``name`` (by the dates of the table)."""
    if argmatrix_only(name):
        return False
    r = parse_release(release)
    first = INTRODUCED.get(name)
    if first is not None and r < parse_release(first):
        return False
    change = CHANGES.get(name)
    return not (change is not None and change.gone_in is not None and r >= parse_release(change.gone_in))


def parser_default(name: str, release: str) -> Any:
    """The default SGLang ``release``'s own parser gives field ``name`` (None: the release resolves it at start-up),
    or ``MISSING`` where it is the declared default or the release lacks the flag (``release_dates.PARSER_DEFAULTS``,
    read from the release fixtures)."""
    r = parse_release(release)
    found = [d for since, d in PARSER_DEFAULTS.get(name, ()) if parse_release(since) <= r]
    return found[-1] if found and exists_in(name, release) else MISSING


def parser_type(name: str, release: str) -> str | None:
    """The type SGLang ``release``'s parser converts field ``name``'s value with, where it changed between releases
    or is not the field's own number kind (``release_dates.PARSER_TYPES``); None: the field's own type."""
    r = parse_release(release)
    found = [t for since, t in PARSER_TYPES.get(name, ()) if parse_release(since) <= r]
    return found[-1] if found else None


def release_default(name: str, release: str) -> Any:
    """What a launch under SGLang ``release`` starts from for field ``name`` when nobody sets it: the release's
    parser default where it is a value and not the declared default, else ``MISSING`` (the declared default holds;
    a release that resolves the value at start-up is represented by the declared default, which is that value)."""

    default = parser_default(name, release)
    # both must be values: where either side says "unset" (None, or a parser's 0 / '' beside a declared None) the
    # engine decides at start-up, and the declared default already stands for that
    declared = registry.SPECS[name].default
    return MISSING if default is None or declared is None or default == declared else default


def defaults_by_release(name: str) -> list[tuple[str, str, Any]]:
    """``(first, last, default)`` per run of releases whose parser gives field ``name`` the same default, over the
    held releases that have its flag; None where the release resolves it at start-up."""

    runs: list[tuple[str, str, Any]] = []
    for release in KNOWN_FLAG_SETS:
        if not exists_in(name, release):
            continue
        default = parser_default(name, release)
        default = registry.SPECS[name].default if default is MISSING else default
        if runs and runs[-1][2] == default:
            runs[-1] = (runs[-1][0], release, default)
        else:
            runs.append((release, release, default))
    return runs


def gone_dates() -> dict[str, str]:
    """field -> the first release that refuses its flag."""
    return {name: change.gone_in for name, change in CHANGES.items() if change.gone_in is not None}


@functools.cache
def predecessors() -> dict[str, tuple[str, ...]]:
    """successor field -> the fields whose flags it replaced (``--attn-dp-size`` -> ``enable_dp_attention``)."""

    out: dict[str, tuple[str, ...]] = {}
    for old, change in CHANGES.items():
        for flag in change.successors:
            if flag in registry.FLAGS:
                out[registry.FLAGS[flag]] = (*out.get(registry.FLAGS[flag], ()), old)
    return out


def value_state(name: str, value: str, release: str) -> tuple[str, str] | None:
    """("added", release) or ("gone", release) when SGLang ``release`` does not take ``value`` for ``name``."""
    r = parse_release(release)
    for since, values in VALUES_INTRODUCED.get(name, {}).items():
        if value in values and r < parse_release(since):
            return "added", since
    for since, values in VALUES_GONE.get(name, {}).items():
        if value in values and r >= parse_release(since):
            return "gone", since
    return None


def values_in(name: str, release: str) -> tuple[str, ...] | None:
    """The choice values SGLang ``release`` takes for ``name`` (None: not a choice field)."""

    choices = registry.SPECS[name].choices
    if not choices:
        return None
    return tuple(str(v) for v in choices if value_state(name, str(v), release) is None)


@functools.cache
def flags_in(release: str) -> frozenset[str]:
    """Every spelling (canonical and aliases) SGLang ``release`` reads as a flag of its own."""

    return frozenset(f for f in registry.FLAGS if takes_flag(f, release))


@functools.lru_cache(maxsize=8192)  # a launch asks about its flags; a process checks a few releases
def takes_flag(flag: str, release: str) -> bool:
    """Whether ``flag`` is in ``flags_in(release)``, asked of the one flag (a verdict names a few; the whole set
    costs a millisecond to build)."""

    name = registry.FLAGS.get(flag)
    return name is not None and flag.startswith("--") and exists_in(name, release) and spelled_in(flag, release)


def spelled_in(flag: str, release: str) -> bool:
    """Whether SGLang ``release`` reads this spelling (an alias may be newer than its field)."""
    return ".".join(map(str, parse_release(release))) not in SPELLINGS_MISSING.get(flag, ())


def ignored_in(change: Change, release: str) -> bool:
    """Whether ``release`` takes the flag and does nothing with it."""
    return change.ignored_in is not None and parse_release(release) >= parse_release(change.ignored_in)


def accepts(release: str, flag: str, value: str | None = None) -> bool:
    """Whether SGLang ``release`` starts with ``flag`` (and ``value``, when its flag has choices) as written."""

    if not takes_flag(flag, release):
        return False
    if value is None:
        return True
    name = registry.FLAGS[flag]
    taken = values_in(name, release)
    return taken is None or value in taken


@functools.lru_cache(maxsize=4096)
def abbreviates(flag: str, release: str) -> tuple[str, ...]:
    """The flags of ``release`` that argparse could read ``flag`` as an abbreviation of (each field once)."""

    fields = {registry.FLAGS[f] for f in registry.FLAGS if f.startswith(flag) and f != flag and takes_flag(f, release)}
    return tuple(sorted(registry.SPECS[n].flag for n in fields))


def successor_fields(change: Change) -> tuple[str, ...]:

    return tuple(registry.FLAGS[f] for f in change.successors if f in registry.FLAGS)


def moved() -> dict[str, str]:
    """old field -> the field argmatrix's own reader moves its value to (in every release, and in serve)."""
    return {name: change.moves_to for name, change in CHANGES.items() if change.moves_to is not None}


def superseded(name: str) -> bool:
    """Whether argmatrix's own reader no longer lists ``name`` as an argument of its own: its value moves to a
    successor, or ``argmatrix serve`` refuses it too.  Help pages, snapshots and serve's own argv leave these out."""
    change = CHANGES.get(name)
    return change is not None and (change.moves_to is not None or change.retired)


# --- the words of a verdict ------------------------------------------------------------------------------------

def _first_sentence(text: str) -> str:
    """The first sentence of an English help text, to say briefly what a successor means ("e.g." ends none)."""
    m = re.match(r"(.+?(?<!e\.g)(?<!i\.e)\.)(\s|$)", text.strip())
    sentence = (m.group(1) if m else text.strip()).rstrip(".")
    return sentence[:1].lower() + sentence[1:] if sentence[:2] != sentence[:2].upper() else sentence


def _first_sentence_zh(text: str) -> str:
    return text.strip().split("。", 1)[0]


def meaning(flag: str) -> Text:
    """``--flag (what it means)``, in both languages."""

    spec = registry.SPECS.get(registry.FLAGS.get(flag, ""))
    if spec is None:
        return Text(flag, flag)
    return Text(f"{flag} ({_first_sentence(spec.arg.help.en)})", f"{flag}（{_first_sentence_zh(spec.arg.help.zh)}）")


def _spelling_for(change: Change, release: str) -> str | None:
    """The spelling with a value to write in ``release`` (None: the table names none; "": nothing to write)."""
    r = parse_release(release)
    found = [(parse_release(since), text) for since, text in change.writes if parse_release(since) <= r]
    return max(found)[1] if found else None


def _flags_of(spelling: str) -> list[str]:
    return [t for t in spelling.split() if t.startswith("--")]


def writes_for(change: Change, release: str) -> tuple[str, ...]:
    """What to write instead, in ``release``: each entry a flag or ``--flag value`` that release accepts."""
    spelling = _spelling_for(change, release)
    if spelling is not None:
        if not spelling:
            return ()
        if all(takes_flag(f, release) for f in _flags_of(spelling)):
            return (spelling,)
    return tuple(f for f in change.successors if takes_flag(f, release))


def fix_for(change: Change, flag: str, release: str) -> Text:
    """The fix for ``flag`` under ``release``: what to write, each successor with its meaning, in both languages;
    only spellings that ``release`` accepts are named."""
    writes = writes_for(change, release)
    hint = change.hint
    if not writes:
        if state_of(change, release) == "deprecated":  # taken there, and no successor argmatrix holds in it
            return Text(f"keep {flag} for SGLang {release}, which still takes it: argmatrix knows no successor of "
                        "it in that release", f"在 SGLang {release} 中保留 {flag}（该版本仍接受它）：argmatrix "
                        "不了解它在该版本中的后继参数")
        if hint:
            return Text(f"remove {flag}: {hint.en}", f"去掉 {flag}：{hint.zh}")
        return Text(f"remove {flag}: SGLang {release} has no replacement for it",
                    f"去掉 {flag}：SGLang {release} 中没有替代参数")
    flags = [f for w in writes for f in _flags_of(w)]
    with_value = len(writes) == 1 and " " in writes[0]
    joiner = (" and/or ", " 和/或 ") if change.kind == "split" and not with_value else (" or ", " 或 ")
    if with_value:
        meanings = [meaning(f) for f in dict.fromkeys(flags)]
        en = f"write {writes[0]}; " + "; ".join(m.en for m in meanings)
        zh = f"改写为 {writes[0]}；" + "；".join(m.zh for m in meanings)
    else:
        meanings = [meaning(f) for f in writes]
        en = "write " + joiner[0].join(m.en for m in meanings)
        zh = "改用 " + joiner[1].join(m.zh for m in meanings)
    if hint:
        en, zh = f"{en} ({hint.en})", f"{zh}（{hint.zh}）"
    return Text(en, zh)


VerdictState = Literal["current", "deprecated", "refused", "not-yet", "argmatrix-only"]


class Verdict:
    """What SGLang ``release`` does with the flag of field ``name``.

    ``state``: ``current`` (takes it), ``deprecated`` (takes it with a warning; ``ignored``: and does nothing),
    ``refused`` (stops; ``refusal`` says how), ``not-yet`` (added after it), ``argmatrix-only`` (no release has it).
    ``since``: the release the state began in.  ``writes``: what to write instead, each accepted by ``release``;
    ``fix``: the same in words.  ``says``: one sentence for pages and ``explain``.
    """

    __slots__ = ("abbreviates", "change", "fix", "name", "refusal", "release", "says", "since", "state", "writes")

    def __init__(self, name: str, release: str, state: VerdictState, since: str | None, change: Change | None,
                 writes: tuple[str, ...], fix: Text | None, says: Text,
                 refusal: Literal["ambiguous", "unrecognized", "error"] | None = None, abbreviates: tuple[str, ...] = ()):
        self.name, self.release, self.state, self.since, self.change = name, release, state, since, change
        self.writes, self.fix, self.says, self.refusal, self.abbreviates = writes, fix, says, refusal, abbreviates

    @property
    def accepted(self) -> bool:
        return self.state in ("current", "deprecated")


@functools.cache
def verdict_state(name: str, release: str) -> str:
    """The state ``verdict(name, release)`` has (argmatrix-only, not-yet, current, deprecated, refused), worked out
    without writing its sentences: a launch asks it of every flag it sets, and most are "current"."""
    if argmatrix_only(name):
        return "argmatrix-only"
    first = INTRODUCED.get(name)
    if first is not None and parse_release(release) < parse_release(first):
        return "not-yet"
    change = CHANGES.get(name)
    return "current" if change is None else state_of(change, release)


def takes_as_current(name: str, release: str) -> bool:
    """Whether SGLang ``release`` takes the flag of ``name`` with nothing to say about it."""
    return verdict_state(name, release) == "current"


@functools.lru_cache(maxsize=4096)  # a Verdict is immutable; a process asks about the same few flags
def verdict(name: str, release: str = NEWEST) -> Verdict:
    """What SGLang ``release`` does with the flag of field ``name`` (the one answer every page and finding uses)."""

    flag = registry.SPECS[name].flag
    state = verdict_state(name, release)
    if state == "argmatrix-only":
        return Verdict(name, release, "argmatrix-only", None, None, (), None,
                       Text("argmatrix's own server limit: no SGLang release has this flag",
                            "argmatrix 自己的服务端限制：任何 SGLang 版本都没有这个参数"))
    if state == "not-yet":
        first = INTRODUCED[name]
        olds = [o for o in predecessors().get(name, ()) if exists_in(o, release)]
        writes: tuple[str, ...] = (registry.SPECS[olds[0]].flag,) if olds else ()
        fix = (Text(f"write {writes[0]}, its spelling in SGLang {release}, or check against SGLang {first} or newer "
                    f"with --sglang-version", f"改用它在 SGLang {release} 中的写法 {writes[0]}，或用 --sglang-version "
                    f"指定 {first} 及以上版本") if writes else
               Text(f"remove {flag}, or check against SGLang {first} or newer with --sglang-version {first}",
                    f"去掉 {flag}，或用 --sglang-version {first} 按 {first} 及以上版本检查"))
        return Verdict(name, release, "not-yet", first, CHANGES.get(name), writes, fix,
                       Text(f"SGLang {release} does not have {flag} yet: it arrived in {first}",
                            f"SGLang {release} 还没有 {flag}：它在 {first} 中才加入"))
    change = CHANGES.get(name)
    if state == "current":
        return Verdict(name, release, "current", None, change, (), None,
                       Text(f"SGLang {release} takes {flag}", f"SGLang {release} 接受 {flag}"))
    assert change is not None  # deprecated or refused: the table holds the change
    writes = writes_for(change, release)
    fix = fix_for(change, flag, release)
    if state == "deprecated":
        since = change.deprecated_in
        effect = (Text("it still starts, with a warning, and does nothing", "仍可启动，但会告警且不起任何作用")
                  if ignored_in(change, release) else Text("it still starts, with a warning", "仍可启动但会告警"))
        return Verdict(name, release, "deprecated", since, change, writes, fix,
                       Text(f"SGLang {release} deprecates {flag} (since {since}): {effect.en}",
                            f"SGLang {release} 已弃用 {flag}（自 {since} 起）：{effect.zh}"))
    shadows = abbreviates(flag, release)
    refusal: Literal["ambiguous", "unrecognized", "error"] = "ambiguous" if len(shadows) > 1 else "unrecognized"
    r = parse_release(release)
    if change.error_in and r >= parse_release(change.error_in[0]) and (
            change.error_in[1] is None or r < parse_release(change.error_in[1])):
        refusal = "error"  # the parser still knows it, and stops with its own message naming the successor
    gone = (Text(f"none of the SGLang releases argmatrix holds ({KNOWN_FLAG_SETS[0]} to {KNOWN_FLAG_SETS[-1]}) accepts {flag}",
                 f"argmatrix 持有的 SGLang 版本（{KNOWN_FLAG_SETS[0]} 至 {KNOWN_FLAG_SETS[-1]}）都不接受 {flag}")
            if change.gone_in == OLDEST
            else Text(f"SGLang {release} refuses {flag} (gone since {change.gone_in})",
                      f"SGLang {release} 不再接受 {flag}（自 {change.gone_in} 起移除）"))
    how = (Text(f"it stops with 'ambiguous option: {flag} could match {', '.join(shadows)}'",
                f"启动时报错“ambiguous option”：{flag} 可同时匹配 {'、'.join(shadows)}") if refusal == "ambiguous" else
           Text("it stops with its own error naming the successor", "启动时报错，错误信息会给出后继参数")
           if refusal == "error" else
           Text("it stops with 'unrecognized arguments'", "启动时报错“unrecognized arguments”"))
    return Verdict(name, release, "refused", change.gone_in, change, writes, fix,
                   Text(f"{gone.en}: {how.en}", f"{gone.zh}：{how.zh}"), refusal, shadows)


def former_flag(spelling: str, release: str | None) -> tuple[Text, Text] | None:
    """(why, fix) for a spelling no schema field holds but SGLang once had (``FORMER_FLAGS``), else None."""
    flag = "--" + spelling.lstrip("-").replace("_", "-")
    change = FORMER_FLAGS.get(flag)
    if change is None:
        return None
    release = release or NEWEST
    assert change.gone_in is not None
    if change.gone_in == OLDEST:
        why = Text("SGLang dropped it before 0.5.8", "SGLang 在 0.5.8 之前已删除它")
    elif parse_release(release) >= parse_release(change.gone_in):
        why = Text(f"SGLang {change.gone_in} removed it", f"SGLang {change.gone_in} 已移除它")
    else:
        why = Text(f"argmatrix holds no field for it (SGLang removed it in {change.gone_in})",
                   f"argmatrix 没有对应的字段（SGLang 在 {change.gone_in} 中移除了它）")
    return why, fix_for(change, flag, release)


def suggestion_pool(release: str | None) -> list[str]:
    """The flags an unknown-flag message may suggest: those ``release`` reads (every flag without a release)."""

    if release is None:
        return list(registry.FLAGS)
    return sorted(flags_in(release))
