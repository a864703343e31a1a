"""Ascend NPUs: one object per chip, all reading the one Ascend feature table.

A2 and A3 are the chips the table covers.  310P and A5 (Ascend 950) run
SGLang's NPU code path too, so they share the table's allowed values and
defaults, but nobody has published their statuses: every argument the table
would have to vouch for is ``unverified`` there, a warning that says so.
"""
from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from ...records import record, replace
from ...schema import registry
from ...schema.meta import MISSING, Text
from ...schema.registry import ArgSpec
from ..deploy import HostPath, PodNeeds
from ..devices import GIB, DeviceFacts
from ..status import Cell, Note, Status
from .base import HARDWARE_INDEPENDENT, Platform, is_hardware_independent
from .values import HARDWARE_INDEPENDENT_CHOICES

# What argmatrix's engine uses on any NPU when the value is unset (SGLang sizes these from HBM at start-up).
# Values SGLang's code takes on NPUs that the page's Options column leaves out (docs/deviations.md): SGLang runs
# --model-impl mindspore only on NPU, so a table that omits it would make the value allowed nowhere.
ALSO_ALLOWED_ON_NPU: dict[str, tuple[str, ...]] = {"model_impl": ("mindspore",)}

NPU_ENGINE_DEFAULTS = {"chunked_prefill_size": 8192, "mem_fraction_static": 0.8, "max_running_requests": 1024}


if TYPE_CHECKING:
    from .ascend_labels import Label, Row


class _SGLangTable(NamedTuple):
    rows: dict[str, Row]                            # ascend_table.ASCEND_TABLE: field -> its row
    cells: dict[Label, Cell]                        # ascend_labels.LABEL_CELLS: a row's label -> its verdict
    newer: dict[str, tuple[str, ...]]               # values SGLang added after the table listed the field's values
    newer_than_narrowed: dict[str, dict[str, str]]  # the same for rows that narrow the values


@cache
def _table() -> _SGLangTable:
    """SGLang's Ascend feature table, read on first use: it is keyed by SGLang's fields, and a vLLM launch reads
    vLLM-Ascend's own facts (engines/vllm_ascend_facts.py) instead."""
    from .ascend_labels import LABEL_CELLS
    from .ascend_newer_values import NEWER_THAN_NARROWED_ROW, NEWER_THAN_TABLE
    from .ascend_table import ASCEND_TABLE

    return _SGLangTable(ASCEND_TABLE, LABEL_CELLS, NEWER_THAN_TABLE, NEWER_THAN_NARROWED_ROW)


def _newer_values(name: str) -> tuple[str, ...]:
    """The values of ``name`` SGLang added after the Ascend table listed the argument's values."""
    table = _table()
    return (*table.newer.get(name, ()), *table.newer_than_narrowed.get(name, {}))


@record(eq=False)
class AscendChip(Platform):
    """An Ascend chip: it reads its own label from each row of the one Ascend feature table."""

    def row(self, spec: ArgSpec) -> Row | None:
        return _table().rows.get(spec.name)

    def own_cell(self, spec: ArgSpec) -> Cell:
        row = self.row(spec) if self.has_table else None
        rows, cells = _table().rows, _table().cells
        if row is not None:
            return cells[row.label_for(self.key)]
        # a new spelling of flags the table covers does what they did: the best of their verdicts
        from ...schema.releases import predecessors  # SGLang's renames: its table speaks of SGLang's flags

        covered = [o for o in predecessors().get(spec.name, ()) if o in rows] if self.has_table else []
        if covered:
            old = min(covered, key=lambda o: list(Status).index(cells[rows[o].label_for(self.key)].status))
            cell = cells[rows[old].label_for(self.key)]
            flag = registry.SPECS[old].flag
            said = Text(f"the Ascend table's verdict on {flag}, which this flag replaced",
                        f"沿用昇腾特性表对 {flag} 的结论（本参数取代了它）")
            why = Text(f"{said.en}: {cell.reason.en}", f"{said.zh}：{cell.reason.zh}") if cell.reason else said
            return Cell(cell.status, why)
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
        if row is None or row.options is None or spec.name in HARDWARE_INDEPENDENT_CHOICES:
            return super().allowed(spec)
        also = (*ALSO_ALLOWED_ON_NPU.get(spec.name, ()), *_table().newer_than_narrowed.get(spec.name, {}))
        return row.options + tuple(v for v in also if v not in row.options)

    def value_cell(self, spec: ArgSpec, value: Any) -> Cell | None:
        """A value SGLang added after the table listed the argument's values is unverified on every Ascend chip."""
        newer = _newer_values(spec.name)
        if value not in newer:  # a tuple: the value may be a list or an object, which a dict cannot be asked about
            return None
        return Cell(Status.UNVERIFIED, Text(
            f"SGLang added this value after the Ascend feature table listed the values of {spec.flag}; "
            "nobody has verified it on Ascend",
            f"该取值是 SGLang 在昇腾特性表列出 {spec.flag} 的取值之后新增的，尚无人在昇腾上验证"))

    def default(self, spec: ArgSpec) -> Any:
        row = self.row(spec)
        return row.default if row is not None else MISSING

    def notes(self, spec: ArgSpec) -> tuple[Note, ...]:
        row = self.row(spec)
        notes = row.notes if row is not None else ()
        newer = _newer_values(spec.name)
        if newer:
            listed = ", ".join(newer)
            notes = (*notes, Note(Text(f"unverified on Ascend: {listed} (added after the table listed the values)",
                                       f"在昇腾上未验证：{listed}（昇腾特性表列出取值之后新增）")))
        return notes


def _chip(key: str, en: str, zh: str, short: str, soc: str, aliases: tuple[str, ...], has_table: bool,
          devices: DeviceFacts, resource: str | None = None) -> AscendChip:
    return AscendChip(key=key, title=Text(en, zh), short=Text(short, short), family="npu", device_type="npu",
                      dist_backend="hccl", aliases=aliases, soc_patterns=(soc,),
                      engine_defaults=NPU_ENGINE_DEFAULTS, has_table=has_table, devices=devices,
                      pod=replace(ASCEND_POD, device_resource=resource))


# What an Ascend container mounts from its node: the driver's libraries and version file, npu-smi and the DCMI
# library it uses, the install record (vLLM-Ascend's and SGLang's `docker run` lines mount exactly these), and the
# variables HCCL and GLOO bind their sockets by.  /dev/shm: vLLM-Ascend's LeaderWorkerSet template gives a
# 16-device A3 pod 15Gi, about 1Gi per device.
ASCEND_POD = PodNeeds(
    device_resource=None,
    host_paths=(HostPath("ascend-driver", "/usr/local/Ascend/driver", "Directory"),
                HostPath("npu-smi", "/usr/local/bin/npu-smi", "File"),
                HostPath("ascend-dcmi", "/usr/local/dcmi", "Directory"),
                HostPath("ascend-install-info", "/etc/ascend_install.info", "File")),
    socket_ifname_vars=("HCCL_SOCKET_IFNAME", "GLOO_SOCKET_IFNAME", "TP_SOCKET_IFNAME"),
    pod_ip_vars=("HCCL_IF_IP",),
    shm_gib_per_device=1, shm_gib_min=8,
    source=Text("MindCluster's Ascend Device Plugin advertises whole Atlas A2 and A3 NPUs as huawei.com/Ascend910 "
                "and 310P as huawei.com/Ascend310P; other plugins name them otherwise (HAMi: huawei.com/Ascend910B, "
                "...; vLLM-Ascend's CI cluster: huawei.com/ascend-1980), hence export --device-resource; mounts as "
                "in vLLM-Ascend's docker run instructions",
                "MindCluster 的昇腾 Device Plugin 把整卡的 Atlas A2 与 A3 NPU 上报为 huawei.com/Ascend910，310P 上报为 "
                "huawei.com/Ascend310P；其他插件的命名不同（HAMi 为 huawei.com/Ascend910B 等，vLLM-Ascend 的 CI 集群为 "
                "huawei.com/ascend-1980），因此 export 提供 --device-resource；挂载项与 vLLM-Ascend 的 docker run 说明一致"))


# Ascend 910B and 910_93 run fp16/bf16 (and int8 matmuls); they have no fp8 units.
_ASCEND_DTYPES = ("float32", "float16", "bfloat16", "int8")


A2 = _chip("a2", "Atlas A2 (Ascend 910B)", "Atlas A2（昇腾 910B）", "A2",
           r"^ascend910(?!_9)",  # 910B; 910A/910ProB boards report the bare family name and A2 is the nearest
           ("910b", "ascend910b", "atlas-a2"), has_table=True, resource="huawei.com/Ascend910",
           devices=DeviceFacts(8, 64 * GIB, _ASCEND_DTYPES, Text(
            "Atlas 800I/800T A2 server: 8 Ascend 910B NPUs, 64 GB HBM2e each (Huawei Atlas A2 product sheet; "
            "the 32 GB 910B4 variant needs --device-memory 32GB)",
            "Atlas 800I/800T A2 服务器：8 颗昇腾 910B NPU，每颗 64 GB HBM2e（华为 Atlas A2 产品规格；"
            "32 GB 的 910B4 请用 --device-memory 32GB）")))
A3 = _chip("a3", "Atlas A3 (Ascend 910_93)", "Atlas A3（昇腾 910_93）", "A3", r"^ascend910_9",
           ("910_93", "ascend910_93", "atlas-a3"), has_table=True, resource="huawei.com/Ascend910",
           devices=DeviceFacts(16, 64 * GIB, _ASCEND_DTYPES, Text(
            "Atlas 800I A3 / A3 SuperPoD server: 8 Ascend 910_93 packages of 2 dies, i.e. 16 NPU dies with 64 GB "
            "HBM each (Huawei Atlas A3 product sheet; each die is one device to torch_npu)",
            "Atlas 800I A3 / A3 超节点服务器：8 个昇腾 910_93 封装、每个封装 2 颗晶粒，即 16 颗 NPU 晶粒，"
            "每颗 64 GB HBM（华为 Atlas A3 产品规格；torch_npu 把每颗晶粒视为一个设备）")))
A310P = _chip("310p", "Atlas 300I Duo (Ascend 310P)", "Atlas 300I Duo（昇腾 310P）", "310P", r"^ascend310p",
              ("310", "ascend310p", "atlas-300i"), has_table=False, resource="huawei.com/Ascend310P",
           devices=DeviceFacts(None, 24 * GIB, ("float32", "float16", "int8"), Text(
            "Ascend 310P3: 24 GB LPDDR4X per chip (Atlas 300I Pro card: one chip, 24 GB; Atlas 300I Duo: two "
            "chips, 48 GB per card; Huawei product sheets); no bfloat16; cards per server vary",
            "昇腾 310P3：每颗 24 GB LPDDR4X（Atlas 300I Pro 卡一颗 24 GB；Atlas 300I Duo 卡两颗共 48 GB；"
            "华为产品规格）；不支持 bfloat16；每台服务器的卡数不固定")))
A5 = _chip("a5", "Atlas A5 (Ascend 950)", "Atlas A5（昇腾 950）", "A5", r"^ascend950",
           ("950", "ascend950", "atlas-a5"), has_table=False,
           devices=DeviceFacts(None, None, ("float32", "float16", "bfloat16", "float8", "int8"), Text(
            "Ascend 950 (Atlas A5): announced at Huawei Connect 2025 as 950PR with 128 GB and 950DT with 144 GB "
            "of Huawei's own HBM, with FP8/MXFP8/MXFP4/HiF8 support; servers are not yet described, so pass "
            "--device-memory and --devices-per-node",
            "昇腾 950（Atlas A5）：华为全联接大会 2025 公布 950PR 带 128 GB、950DT 带 144 GB 自研 HBM，"
            "支持 FP8/MXFP8/MXFP4/HiF8；服务器规格尚未公布，请用 --device-memory 与 --devices-per-node 指定")))
ASCEND_CHIPS = (A2, A3, A310P, A5)
