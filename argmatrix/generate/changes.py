"""matrix_changes.md: what changed from the previous support matrix (seed 000) to the current one."""
from __future__ import annotations

from ..matrix import history
from ..schema import snapshots
from .common import GENERATED_BY

PATH = "{lang}/matrix_changes.md"


def render_all() -> dict[str, str]:
    d = history.diff(history.load(snapshots.PREVIOUS), history.current_snapshot())
    return {PATH.format(lang=lang): f"<!-- {GENERATED_BY(lang)} -->\n\n" + history.render(d, "md", lang)
            for lang in ("en", "zh")}
