"""The hand-written guides' Chinese twins: ``docs/zh/<name>.md`` follows ``docs/<name>.md``.

A twin is written for Ascend operators, not rendered line by line, so no code can check that it says the same
thing.  What can be checked is that it was written against the English guide as it is now: each twin's first line
records the hash of the English text it follows (:data:`MARK`).  ``argmatrix docs check`` fails when a guide has no
twin or changed after its twin was last brought up to date, and ``argmatrix docs twins --mark-current NAME`` records
the current hash once a person has brought the twin up to date (or read the English change and found nothing for
the Chinese reader).
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

DOCS_DIR = "docs"
TWIN_DIR = "zh"
MARK = "<!-- 英文原文：docs/{name}.md sha256:{digest} -->"
_MARK_RE = re.compile(r"<!-- 英文原文：docs/(?P<name>[\w.-]+)\.md sha256:(?P<digest>[0-9a-f]{16}) -->")


def digest(text: str) -> str:
    """The first 16 hex digits of the SHA-256 of the English guide, line endings normalised."""
    return hashlib.sha256(text.replace("\r\n", "\n").encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class Twin:
    name: str            # check-config
    english: Path
    chinese: Path
    recorded: str | None  # the hash the twin says it follows; None: no twin or no mark
    current: str

    @property
    def state(self) -> str:
        if not self.chinese.is_file():
            return "missing"
        if self.recorded is None:
            return "unmarked"
        return "current" if self.recorded == self.current else "stale"

    def problem(self) -> str | None:
        fix = f"argmatrix docs twins --mark-current {self.name}"
        return {
            "missing": f"{self.chinese}: missing: {self.english} has no Chinese twin (write it, then run `{fix}`)",
            "unmarked": f"{self.chinese}: its first line does not say which English text it follows (run `{fix}`)",
            "stale": f"{self.chinese}: {self.english} changed since the twin was written (recorded {self.recorded}, "
                     f"now {self.current}): bring the Chinese up to date, then run `{fix}`",
        }.get(self.state)


def twins(docs_dir: str | Path = DOCS_DIR) -> list[Twin]:
    """Every English guide ``docs/*.md`` with its twin, sorted by name."""
    root = Path(docs_dir)
    out = []
    for english in sorted(root.glob("*.md")):
        chinese = root / TWIN_DIR / english.name
        recorded = None
        if chinese.is_file():
            first = chinese.read_text(encoding="utf-8").split("\n", 1)[0]
            m = _MARK_RE.fullmatch(first.strip())
            recorded = m.group("digest") if m and m.group("name") == english.stem else None
        out.append(Twin(english.stem, english, chinese, recorded, digest(english.read_text(encoding="utf-8"))))
    return out


def problems(docs_dir: str | Path = DOCS_DIR) -> list[str]:
    """One line per guide whose twin is missing, unmarked or behind; empty when there is no docs/ folder (an
    installed package checks only its generated files)."""
    if not Path(docs_dir).is_dir():
        return []
    return [p for t in twins(docs_dir) if (p := t.problem()) is not None]


def mark_current(names: list[str], docs_dir: str | Path = DOCS_DIR) -> list[str]:
    """Record the English guides' current hashes in their twins' first lines; returns the twins rewritten.

    Raises KeyError for a name that is no guide and FileNotFoundError for a guide without a twin: a mark is only
    written on a twin someone wrote.
    """
    by_name = {t.name: t for t in twins(docs_dir)}
    changed = []
    for name in names:
        name = Path(name).stem
        if name not in by_name:
            raise KeyError(f"docs/{name}.md: no such guide (guides: {', '.join(sorted(by_name))})")
        twin = by_name[name]
        if not twin.chinese.is_file():
            raise FileNotFoundError(f"{twin.chinese}: no twin to mark; write it first")
        text = twin.chinese.read_text(encoding="utf-8")
        mark = MARK.format(name=name, digest=twin.current)
        first, _, rest = text.partition("\n")
        new = f"{mark}\n{rest}" if _MARK_RE.fullmatch(first.strip()) else f"{mark}\n{text}"
        if new != text:
            twin.chinese.write_text(new, encoding="utf-8")
            changed.append(str(twin.chinese))
    return changed


__all__ = ["MARK", "Twin", "digest", "mark_current", "problems", "twins"]
