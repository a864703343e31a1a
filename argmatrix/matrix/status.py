"""Per-platform status of an argument, and why."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..schema.meta import Text


class Status(str, Enum):
    SUPPORTED = "supported"
    EXPERIMENTAL = "experimental"
    PLANNED = "planned"
    UNSUPPORTED = "unsupported"
    DEFICIENT = "deficient"

    @property
    def title(self) -> Text:
        return STATUS_TITLES[self]


STATUS_TITLES = {
    Status.SUPPORTED: Text("supported", "支持"),
    Status.EXPERIMENTAL: Text("experimental", "实验性"),
    Status.PLANNED: Text("planned", "规划中"),
    Status.UNSUPPORTED: Text("unsupported", "不支持"),
    Status.DEFICIENT: Text("deficient", "存在缺陷"),
}


@dataclass(frozen=True)
class Cell:
    """One argument on one platform."""

    status: Status
    reason: Text | None = None
