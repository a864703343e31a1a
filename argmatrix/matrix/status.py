"""The one status vocabulary: what a platform says about an argument, and why."""
from __future__ import annotations

from enum import Enum

from ..records import record
from ..schema.meta import Text


class Status(str, Enum):
    SUPPORTED = "supported"
    EXPERIMENTAL = "experimental"
    DEFICIENT = "deficient"
    UNVERIFIED = "unverified"    # no support table covers it on this hardware: it may work, nobody has said
    PLANNED = "planned"
    UNSUPPORTED = "unsupported"

    @property
    def title(self) -> Text:
        return STATUS_TITLES[self]


STATUS_TITLES = {
    Status.SUPPORTED: Text("supported", "支持"),
    Status.EXPERIMENTAL: Text("experimental", "实验特性"),
    Status.DEFICIENT: Text("deficient", "存在缺陷"),
    Status.UNVERIFIED: Text("unverified", "未验证"),
    Status.PLANNED: Text("planned", "规划中"),
    Status.UNSUPPORTED: Text("unsupported", "不支持"),
}
# the status as the predicate of a sentence: "--x is experimental on A3", "--x 在 A3 上为实验特性"
STATUS_PREDICATES = {
    Status.SUPPORTED: Text("supported", "受支持"),
    Status.EXPERIMENTAL: Text("experimental", "为实验特性"),
    Status.DEFICIENT: Text("deficient", "存在已知缺陷"),
    Status.UNVERIFIED: Text("unverified", "未经验证"),
    Status.PLANNED: Text("planned", "尚在规划中"),
    Status.UNSUPPORTED: Text("unsupported", "不受支持"),
}
# a symbol next to every status word, so tables stay readable without colour
STATUS_MARKS = {Status.SUPPORTED: "✓", Status.EXPERIMENTAL: "◐", Status.DEFICIENT: "⚠", Status.UNVERIFIED: "?",
                Status.PLANNED: "○", Status.UNSUPPORTED: "✗"}
STATUS_MEANING = {
    Status.SUPPORTED: Text("works on this platform", "该平台可用"),
    Status.EXPERIMENTAL: Text("works, but may still change on this platform; setting it is a warning",
                              "可用，但在该平台上仍可能变化；设置它会给出警告"),
    Status.DEFICIENT: Text("runs, with known functional deficiencies; setting it is a warning",
                           "可以运行，但存在已知功能缺陷；设置它会给出警告"),
    Status.UNVERIFIED: Text("no support table covers it here: it may work, nobody has verified it; setting it is a "
                            "warning", "支持表未覆盖该平台上的这一参数：可能可用，但无人验证；设置它会给出警告"),
    Status.PLANNED: Text("planned, not implemented yet; setting it is an error", "已列入计划、尚未实现；设置它会报错"),
    Status.UNSUPPORTED: Text("not available on this platform; setting it is an error", "该平台不可用；设置它会报错"),
}


def parse_status(word: str) -> Status | None:
    """A status from what a person typed: its key, its English or Chinese title or predicate, or its mark."""
    w = word.strip().lower()
    for status in Status:
        said = (status.value, STATUS_TITLES[status].zh, STATUS_PREDICATES[status].zh, STATUS_MARKS[status])
        if w in said:
            return status
    return None


@record
class Cell:
    """One argument on one platform."""

    status: Status
    reason: Text | None = None


@record
class Note:
    """A remark a support table makes about an argument; ``rule`` names the matrix rule that enforces it."""

    text: Text
    rule: str | None = None
