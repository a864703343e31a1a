"""The words the Ascend feature table uses for an argument, and what each means as a status."""
from __future__ import annotations

from enum import Enum
from typing import Any

from ...records import field, record
from ...schema.meta import MISSING, Text
from ..status import Cell, Note, Status


class Label(str, Enum):
    """An Ascend support label as the seed tables write it, kept so the generated page can repeat it exactly."""

    A2_A3 = "A2, A3"
    GPU_ONLY = "Special for GPU"
    PLANNED = "Planned"
    EXPERIMENTAL = "Experimental"
    THIRD_PARTY = "third-party"   # needs a third-party component that does not run on NPU
    DEFICIENT = "deficient"       # runs, with known functional problems
    UNSUPPORTED = "unsupported"   # seed 000's "×" on both chips, no newer word on it


A2_A3, GPU_ONLY, PLANNED, EXPERIMENTAL, THIRD_PARTY, DEFICIENT, UNSUPPORTED = Label

LABEL_CELLS: dict[Label, Cell] = {
    Label.A2_A3: Cell(Status.SUPPORTED),
    Label.GPU_ONLY: Cell(Status.UNSUPPORTED, Text("GPU-only feature (the Ascend table marks it 'Special for GPU')",
                                                  "GPU 专属特性（昇腾特性表标注为“Special for GPU”）")),
    # a reason follows the status word in every message ("is planned on A3: ..."): it says why, never the status again
    Label.PLANNED: Cell(Status.PLANNED, Text("the Ascend feature table lists it as coming; nothing implements it on NPU "
                                             "yet", "据昇腾特性表，NPU 上还没有它的实现")),
    Label.EXPERIMENTAL: Cell(Status.EXPERIMENTAL, Text("it runs on Ascend, but its behaviour may still change",
                                                      "可在昇腾上运行，但行为仍可能变化")),
    Label.THIRD_PARTY: Cell(Status.UNSUPPORTED, Text(
        "depends on a third-party component (KTransformers, checkpoint-engine) that does not run on NPU",
        "依赖的第三方组件（KTransformers、checkpoint-engine 等）不兼容 NPU")),
    Label.DEFICIENT: Cell(Status.DEFICIENT, Text("it runs on Ascend; the feature table lists what goes wrong in the "
                                                 "community edition", "可在昇腾上运行；社区版的具体问题见昇腾特性表")),
    Label.UNSUPPORTED: Cell(Status.UNSUPPORTED, Text("so marked (×) for Ascend by the feature table",
                                                     "昇腾特性表中标为 ×")),
}


@record
class Row:
    """One argument in the Ascend feature table."""

    label: Label
    options: tuple[Any, ...] | None = None   # values allowed on Ascend when narrower than the type
    default: Any = MISSING                   # what Ascend uses when the user says nothing
    notes: tuple[Note, ...] = ()
    chips: dict[str, Label] = field(default_factory=dict)  # per-chip labels where the chips differ

    def label_for(self, chip: str) -> Label:
        return self.chips.get(chip, self.label)
