"""The one Markdown table writer: generated pages, ``matrix diff`` and ``matrix --format md`` all use it.

It sits outside the layered packages (it knows nothing of arguments), so every layer may use it.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence


def md_table(header: Sequence[str], rows: Iterable[Sequence[str]], align: Sequence[str] | None = None) -> list[str]:
    """A GitHub-flavoured Markdown table as lines; cells must already be escaped (see ``cell`` in generate.common)."""
    align = align or ["---"] * len(header)
    out = ["| " + " | ".join(header) + " |",
           "|" + "|".join(a if a.startswith(":") or a.endswith(":") else "---" for a in align) + "|"]
    for r in rows:
        if len(r) != len(header):
            raise ValueError(f"row has {len(r)} cells, header {len(header)}: {r!r}")
        out.append("| " + " | ".join(c if c else " " for c in r) + " |")
    return out
