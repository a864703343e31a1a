"""Apply a finding's fix hint to the launch it was raised on, as a user following it would (issue 32).

A hint is prose ("drop --enable-eplb, or use --moe-a2a-backend deepep"); :func:`alternatives` reads the edits it
names: each alternative (split at ";" and "or") is a verb and flags with their values. ``use``/``set``/``add``/
``write``/``pass`` set each flag to the values written after it (a bare value after "or" reuses the previous
alternative's flag: "use --x A or B"); ``drop``/``remove`` take flags out; ``set VAR=value``/``unset VAR`` edit the
environment. An alternative with a metavariable (``N``, ``PATH``), an unknown flag or no flag at all is prose a
person must read, and is not applied.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from argmatrix.schema.registry import FLAGS, SPECS

SETTERS = ("use", "set", "add", "write", "pass", "change to", "switch to", "keep")
DROPPERS = ("drop", "remove", "unset", "leave out")
_SPLIT = re.compile(r";\s*|,?\s+\bor\b\s+|,\s+(?=(?:drop|remove|use|set|add|unset)\b)")
_FLAG = re.compile(r"--[a-z0-9][a-z0-9-]*")
_ENV = re.compile(r"\b([A-Z][A-Z0-9_]{3,})(?:=(\S+))?")
_VALUE = re.compile(r"[A-Za-z0-9_.:/+-]+")
_STOP = {"with", "and", "or", "to", "for", "on", "in", "the", "a", "an", "instead", "than", "without", "if", "as",
         "is", "it", "of", "when", "so", "that", "which", "at", "only", "too", "both", "then", "here"}


@dataclass
class Edit:
    text: str                                          # the alternative as the hint says it
    verb: str = ""                                     # "write" replaces the flag the finding is about
    set_flags: dict[str, list[str]] = field(default_factory=dict)   # field -> value tokens ([] for a switch)
    drop_fields: set[str] = field(default_factory=set)
    set_env: dict[str, str] = field(default_factory=dict)
    unset_env: set[str] = field(default_factory=set)

    @property
    def empty(self) -> bool:
        return not (self.set_flags or self.drop_fields or self.set_env or self.unset_env)


def _values(spec: Any, words: list[str]) -> list[str] | None:
    """The value tokens after a flag, or None when they are prose or a metavariable."""
    if spec.is_bool:
        return []
    out = []
    for w in words:
        w = w.rstrip(".,:;)")
        if not w or w.startswith("--") or w.lower() in _STOP or not _VALUE.fullmatch(w):
            break
        if (w.isupper() and len(w) > 1 and not (spec.choices and w in map(str, spec.choices))) or w in ("N", "M"):
            return None  # a metavariable: the person chooses
        out.append(w)
        if not spec.is_list:
            break
    if not out:
        return None
    kind = spec.base_type if not spec.is_list else None
    for v in out:
        try:
            if kind is int:
                int(v)
            elif kind is float:
                float(v)
        except ValueError:
            return None  # prose after the flag ("between 8 and 16"), not a value
    if spec.choices and not all(v in map(str, spec.choices) for v in out):
        return None
    return out


def alternatives(hint: str) -> list[Edit]:
    out: list[Edit] = []
    verb = ""
    last_flag: str | None = None
    for part in _SPLIT.split(hint.strip().rstrip(".")):
        text = part.strip()
        low = text.lower()
        new_verb = next((v for v in (*SETTERS, *DROPPERS) if low.startswith(v + " ")), None)
        edit = Edit(text)
        if new_verb is None and last_flag is not None and verb in SETTERS and len(text.split()) == 1:
            # "use --x A or B": B alone is another value of the same flag
            vals = _values(SPECS[last_flag], text.split())
            if vals is not None and SPECS[last_flag].choices:
                edit.set_flags[last_flag] = vals
                out.append(edit)
            continue
        last_flag = None
        if new_verb is None:
            continue
        verb = new_verb
        edit.verb = verb
        words = text[len(verb):].split()
        ok = True
        for i, w in enumerate(words):
            m = _FLAG.fullmatch(w.strip(".,:;()"))
            if m is None:
                continue
            flag = m.group(0)
            name = FLAGS.get(flag)
            if name is None:
                ok = False
                break
            if verb in DROPPERS or (i > 0 and words[i - 1] in ("without", "not")):
                edit.drop_fields.add(name)
            else:
                vals = _values(SPECS[name], words[i + 1:])
                if vals is None:
                    ok = False
                    break
                edit.set_flags[name] = vals
                last_flag = name
        for env, value in _ENV.findall(text[len(verb):]):
            if env.startswith(("SGLANG_", "VLLM_", "NCCL_", "HCCL_")):
                (edit.unset_env.add(env) if verb in DROPPERS else edit.set_env.__setitem__(env, value or "1"))
        if ok and not edit.empty:
            out.append(edit)
    return out


def _spans(argv: list[str]) -> list[tuple[str | None, int, int]]:
    """(field or None, start, end) of every option in argv with its value tokens."""
    out: list[tuple[str | None, int, int]] = []
    i = 0
    while i < len(argv):
        word = argv[i]
        flag = word.split("=", 1)[0]
        name = FLAGS.get(flag)
        j = i + 1
        if name is not None and "=" not in word:
            spec = SPECS[name]
            while j < len(argv) and not argv[j].startswith("--") and (spec.is_list or j == i + 1) and not (
                    spec.is_bool and argv[j].lower() not in ("true", "false")):
                j += 1
        out.append((name, i, j))
        i = j
    return out


def apply(edit: Edit, argv: list[str], env: dict[str, str], about: str | None = None
          ) -> tuple[list[str], dict[str, str]]:
    """``edit`` applied to the launch; ``about``: the field the finding is about, which "write X" replaces."""
    touched = set(edit.set_flags) | edit.drop_fields | ({about} if edit.verb == "write" and about else set())
    kept = [tok for name, a, b in _spans(argv) if name not in touched for tok in argv[a:b]]
    for name, vals in edit.set_flags.items():
        kept += [SPECS[name].flag, *vals]
    new_env = {k: v for k, v in env.items() if k not in edit.unset_env}
    new_env.update(edit.set_env)
    return kept, new_env
