"""How much of SGLang's start-up checking argmatrix accounts for: the inventory's sites against rules and dispositions.

The inventory (``tests/fixtures/sglang_check_sites-<release>.json``, written by ``tools/sglang_check_sites.py``)
lists every check site of the release.  A site is *ported* when a rule of ``SGLANG_RULES`` cites it in its
``source``, and otherwise has one :class:`~.dispositions.Disposition` in the module of its file.  This module
parses the citations, finds the sites they point at, and says what is missing, stale, double or mistyped.
"""
from __future__ import annotations

import importlib
import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from ...markdown import md_table
from ...records import field, record
from ..rules import Rule
from .dispositions import Disposition

# A source reads "SGLang <release> " and then its citations, separated by ", ": "arg_groups/x.py:123",
# "x.py:160-163", "x.py:1370, :1083" (a citation without a file is in the file before it).  The first word that is
# no citation ends the list; what follows is prose ("..., after parallel_hook.py:331 divides the chunk").  A file
# named without its folder is looked up under arg_groups/ first, then at the top (server_args.py).
_ONE = r"(?:[\w/]+\.py)?:\d+(?:-\d+)?"
_CITATIONS = re.compile(rf"SGLang \S+ (?P<list>{_ONE}(?:, {_ONE})*)")
_PARTS = re.compile(r"(?P<file>[\w/]+\.py)?:(?P<first>\d+)(?:-(?P<last>\d+))?")

# Lines a rule cites that the inventory, by its definition, has no site for; each says why.
CITED_NON_SITES: dict[tuple[str, int], str] = {
    ("arg_groups/overrides.py", 1369): "a silent override (SGLang turns --enable-dp-lm-head off without a warning); "
                                       "the inventory lists only the overrides SGLang warns about",
    # warnings whose replacement SGLang writes after the warning's own block (the inventory looks inside the block)
    **{("arg_groups/serving_hook.py", line): "a warn-and-override whose write is outside the warning's block"
       for line in (314, 817, 875, 883)},
}

KINDS = ("ported", "declared", "model", "runtime", "not-applicable", "pending")


@record
class Citation:
    rule: str        # the rule's code
    file: str        # as written in the source, e.g. "parallel_hook.py"
    first: int
    last: int


def citations(rule: Rule) -> list[Citation]:
    """Every file:line (or range) a rule's ``source`` names."""
    out: list[Citation] = []
    m = _CITATIONS.search(rule.source or "")
    if m is None:
        return out
    file = ""
    for part in _PARTS.finditer(m.group("list")):
        file = part.group("file") or file
        first = int(part.group("first"))
        out.append(Citation(rule.code, file, first, int(part.group("last") or first)))
    return out


def disposition_module(file: str) -> str:
    """The dispositions module of one SGLang file: ``arg_groups/moe_hook.py`` -> ``moe_hook``,
    ``arg_groups/model_overrides/gpt_oss.py`` -> ``model_overrides_gpt_oss``, ``__init__`` -> ``init``."""
    parts = file.removesuffix(".py").split("/")
    if parts[0] == "arg_groups":
        parts = parts[1:]
    return "_".join(p.strip("_") for p in parts)


def load_sites(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def load_dispositions(files: Iterable[str]) -> dict[str, dict[int, Disposition]]:
    """The ``SITES`` of each file's dispositions module; a file without a module has none."""
    out: dict[str, dict[int, Disposition]] = {}
    for file in files:
        name = f"{__package__}.dispositions.{disposition_module(file)}"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        out[file] = dict(module.SITES)
    return out


@record(frozen=False)
class Coverage:
    sites: list[dict[str, Any]]
    status: dict[tuple[str, int], str] = field(default_factory=dict)        # (file, line) -> one of KINDS
    ported_by: dict[tuple[str, int], list[str]] = field(default_factory=dict)  # (file, line) -> rule codes
    uncovered: list[tuple[str, int]] = field(default_factory=list)           # neither a rule nor a disposition
    stale: list[tuple[str, int]] = field(default_factory=list)               # a disposition on a line with no site
    double: list[tuple[str, int, list[str]]] = field(default_factory=list)   # cited by a rule and disposed of
    typos: list[tuple[str, str, int, int]] = field(default_factory=list)     # (rule, file, first, last): no site
    skipped_files: frozenset[str] = frozenset()

    def counts(self, files: Iterable[str] | None = None) -> dict[str, int]:
        """Sites and how each is accounted for, over all files or the ones given."""
        keep = None if files is None else set(files)
        out = {"sites": 0, **{k: 0 for k in (*KINDS, "unaccounted")}}
        for s in self.sites:
            if keep is not None and s["file"] not in keep:
                continue
            out["sites"] += 1
            out[self.status.get((s["file"], s["line"]), "unaccounted")] += 1
        return out

    def by_site_kind(self) -> dict[str, dict[str, int]]:
        """For raise / assert / override: how many sites, and how they are accounted for."""
        out: dict[str, dict[str, int]] = {}
        for s in self.sites:
            row = out.setdefault(s["kind"], {"sites": 0, **{k: 0 for k in (*KINDS, "unaccounted")}})
            row["sites"] += 1
            row[self.status.get((s["file"], s["line"]), "unaccounted")] += 1
        return out


def _resolve(c: Citation, by_file: Mapping[str, list[dict[str, Any]]]) -> tuple[str | None, list[dict[str, Any]]]:
    """The file and sites a citation points at: the sites whose lines meet the range, or, for a line on the guard
    above a site (its block's header, or a statement before it in that block), the first site below it."""
    file = next((f for f in (f"arg_groups/{c.file}", c.file) if f in by_file), None)
    if file is None:
        return None, []
    sites = by_file[file]
    hit = [s for s in sites if s["line"] <= c.last and c.first <= s["end_line"]]
    if not hit:
        below = [s for s in sites if s["block_line"] <= c.first < s["line"]]
        hit = [min(below, key=lambda s: s["line"])] if below else []
    return file, hit


def compute(sites: list[dict[str, Any]], rules: Iterable[Rule], dispositions: Mapping[str, Mapping[int, Disposition]],
            skip_files: Iterable[str] = ()) -> Coverage:
    """Account for every site; ``skip_files``: files whose unaccounted sites are not reported as missing."""
    cov = Coverage(sites=sites, skipped_files=frozenset(skip_files))
    by_file: dict[str, list[dict[str, Any]]] = {}
    for s in sites:
        by_file.setdefault(s["file"], []).append(s)
    for rule in rules:
        for c in citations(rule):
            file, hit = _resolve(c, by_file)
            if not hit:
                where = (file or c.file, c.first)
                if file is None or where not in CITED_NON_SITES:
                    cov.typos.append((c.rule, c.file, c.first, c.last))
                continue
            for s in hit:
                cov.ported_by.setdefault((s["file"], s["line"]), []).append(c.rule)
    site_keys = {(s["file"], s["line"]) for s in sites}
    for key in cov.ported_by:
        cov.status[key] = "ported"
    for file, table in sorted(dispositions.items()):
        for line, disp in sorted(table.items()):
            key = (file, line)
            if key not in site_keys:
                cov.stale.append(key)
            elif key in cov.ported_by:
                cov.double.append((file, line, sorted(set(cov.ported_by[key]))))
            else:
                cov.status[key] = disp.kind
    cov.uncovered = [(s["file"], s["line"]) for s in sites
                     if (s["file"], s["line"]) not in cov.status and s["file"] not in cov.skipped_files]
    return cov


def report(cov: Coverage) -> str:
    """Coverage by site kind, as a few plain lines."""
    lines = ["SGLang check sites: " + ", ".join(f"{k} {v}" for k, v in cov.counts().items())]
    for kind, row in sorted(cov.by_site_kind().items()):
        lines.append(f"  {kind:<8} " + ", ".join(f"{k} {v}" for k, v in row.items()))
    return "\n".join(lines)


def markdown_table(cov: Coverage) -> list[str]:
    """The coverage table docs/check-config.md shows (a test keeps the two equal)."""
    header = ["site kind", "sites", *KINDS, "unaccounted"]
    rows = [[kind, *(str(row[k]) for k in header[1:])] for kind, row in sorted(cov.by_site_kind().items())]
    total = cov.counts()
    rows.append(["**all**", *(f"**{total[k]}**" for k in header[1:])])
    return md_table(header, rows, align=["---", *(["---:"] * (len(header) - 1))])
