"""Ascend NPUs: one object per chip, all reading the one Ascend feature table.

A2 and A3 are the chips the table covers.  310P and A5 (Ascend 950) run
SGLang's NPU code path too, so they share the table's allowed values and
defaults, but nobody has published their statuses: every argument the table
would have to vouch for is ``unverified`` there, a warning that says so.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...schema.meta import MISSING, Text
from ...schema.registry import ArgSpec
from ..status import Cell, Note, Status
from .ascend_labels import LABEL_CELLS, Row
from .ascend_table import ASCEND_TABLE
from .base import HARDWARE_INDEPENDENT, Platform, is_hardware_independent

# What argmatrix's engine uses on any NPU when the value is unset (SGLang sizes these from HBM at start-up).
NPU_ENGINE_DEFAULTS = {"chunked_prefill_size": 8192, "mem_fraction_static": 0.8, "max_running_requests": 1024}


@dataclass(frozen=True, eq=False)
class AscendChip(Platform):
    """An Ascend chip: it reads its own label from each row of the one Ascend feature table."""

    def row(self, spec: ArgSpec) -> Row | None:
        return ASCEND_TABLE.get(spec.name)

    def own_cell(self, spec: ArgSpec) -> Cell:
        row = self.row(spec) if self.has_table else None
        if row is not None:
            return LABEL_CELLS[row.label_for(self.key)]
        if is_hardware_independent(spec):
            return Cell(Status.SUPPORTED, HARDWARE_INDEPENDENT)
        if self.has_table:
            return Cell(Status.UNVERIFIED, Text(
                "the Ascend feature table does not cover this argument; it may work, but nobody has verified it",
                "昇腾特性表未覆盖该参数：它可能可用，但尚无人验证"))
        return Cell(Status.UNVERIFIED, Text(
            f"the Ascend feature table covers A2 and A3 only; nobody has verified this argument on {self.short.en}",
            f"昇腾特性表只覆盖 A2 与 A3，尚无人在 {self.short.zh} 上验证该参数"))

    def allowed(self, spec: ArgSpec) -> tuple[Any, ...] | None:
        row = self.row(spec)
        return row.options if row is not None and row.options is not None else super().allowed(spec)

    def default(self, spec: ArgSpec) -> Any:
        row = self.row(spec)
        return row.default if row is not None else MISSING

    def notes(self, spec: ArgSpec) -> tuple[Note, ...]:
        row = self.row(spec)
        return row.notes if row is not None else ()


def _chip(key: str, en: str, zh: str, short: str, soc: str, aliases: tuple[str, ...], has_table: bool) -> AscendChip:
    return AscendChip(key=key, title=Text(en, zh), short=Text(short, short), family="npu", device_type="npu",
                      dist_backend="hccl", aliases=aliases, soc_patterns=(soc,),
                      engine_defaults=NPU_ENGINE_DEFAULTS, has_table=has_table)


A2 = _chip("a2", "Atlas A2 (Ascend 910B)", "Atlas A2（昇腾 910B）", "A2",
           r"^ascend910(?!_9)",  # 910B; 910A/910ProB boards report the bare family name and A2 is the nearest
           ("910b", "ascend910b", "atlas-a2"), has_table=True)
A3 = _chip("a3", "Atlas A3 (Ascend 910_93)", "Atlas A3（昇腾 910_93）", "A3", r"^ascend910_9",
           ("910_93", "ascend910_93", "atlas-a3"), has_table=True)
A310P = _chip("310p", "Atlas 300I Duo (Ascend 310P)", "Atlas 300I Duo（昇腾 310P）", "310P", r"^ascend310p",
              ("310", "ascend310p", "atlas-300i"), has_table=False)
A5 = _chip("a5", "Atlas A5 (Ascend 950)", "Atlas A5（昇腾 950）", "A5", r"^ascend950",
           ("950", "ascend950", "atlas-a5"), has_table=False)
ASCEND_CHIPS = (A2, A3, A310P, A5)
