"""What every platform object is: one class owns a piece of hardware's rules.

A platform answers, for any argument: its status (and why), the values it
allows, the default it uses when the user says nothing, and the table's notes.
It also carries the facts the compiler, the generators and the engine need
about the hardware: display names, family, torch device type, how detection
recognises it, the collective backend, and the defaults argmatrix's own engine
uses.  Adding a chip means adding one object; nothing else names platforms.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ...records import field, record
from ...schema.meta import MISSING, Text
from ...schema.registry import ArgSpec
from ..deploy import PodNeeds
from ..devices import DeviceFacts
from ..status import Cell, Note, Status
from .values import foreign_values, is_test_only

# Groups whose arguments mean the same on every piece of hardware (HTTP, API, logs, config files).
# A platform whose support table has no row for such an argument still supports it.
HARDWARE_INDEPENDENT_GROUPS = frozenset({"http", "api", "logs", "metrics_export", "config_file", "argmatrix_server"})
HARDWARE_INDEPENDENT = Text("hardware-independent: it configures the server, not the accelerator",
                            "与硬件无关：它配置的是服务本身，而非加速器")


def is_hardware_independent(spec: ArgSpec) -> bool:
    return spec.group.key in HARDWARE_INDEPENDENT_GROUPS


@record(eq=False)
class Platform:
    """One column of the matrix.  Subclasses decide :meth:`own_cell`, :meth:`allowed` and :meth:`default`."""

    key: str                      # the column key: a2, a3, 310p, a5, cuda, cpu
    title: Text                   # "Atlas A2 (Ascend 910B)"
    short: Text                   # "A2": for table headers and sentences
    family: str                   # npu | gpu | cpu: which SGLang code path runs it
    device_type: str              # the torch device type: npu | cuda | cpu
    dist_backend: str             # torch.distributed backend: hccl | nccl | gloo
    aliases: tuple[str, ...] = ()
    soc_patterns: tuple[str, ...] = ()     # regexes over the SoC/device name that detection reports
    # what argmatrix's own engine uses when the resolved value is unset (None); SGLang derives these at start-up
    engine_defaults: Mapping[str, Any] = field(default_factory=dict)
    # True when a support table covers this hardware; False: every unlisted argument is unverified here
    has_table: bool = True
    # devices per node, memory per device, native dtypes: what the memory plan starts from
    devices: DeviceFacts = DeviceFacts(None, None, (), Text("not known", "未知"))
    # what a Kubernetes pod on this hardware asks for and mounts (matrix/deploy.py; export --to k8s)
    pod: PodNeeds = PodNeeds(None)

    def __hash__(self) -> int:
        return hash(self.key)

    # --- per-argument facts -------------------------------------------------------------------------------------
    def cell(self, spec: ArgSpec) -> Cell:
        """The status of ``spec`` on this hardware (what an SGLang release does with the flag is the engine's)."""
        return self.own_cell(spec)

    def own_cell(self, spec: ArgSpec) -> Cell:
        return Cell(Status.SUPPORTED)

    def allowed(self, spec: ArgSpec) -> tuple[Any, ...] | None:
        """The values allowed here, or None when the type's own set applies."""
        if spec.name == "device":  # a deployment is checked against the platform that runs it
            return (self.device_type,)
        foreign = foreign_values(spec.name, self.family)
        if foreign and spec.choices:
            return tuple(v for v in spec.choices if v not in foreign)
        return None

    def offered(self, spec: ArgSpec) -> tuple[Any, ...] | None:
        """The values a message may list or suggest here: the allowed ones (or the type's), less test-only values."""
        values = self.allowed(spec)
        if values is None:
            values = tuple(v for v in spec.choices if v not in foreign_values(spec.name, self.family)) \
                if spec.choices else None
        return None if values is None else tuple(v for v in values if not is_test_only(spec.name, v))

    def value_cell(self, spec: ArgSpec, value: Any) -> Cell | None:
        """The status of one value of ``spec`` here when it differs from the argument's (None: the same)."""
        return None

    def default(self, spec: ArgSpec) -> Any:
        """What this hardware uses when the user leaves ``spec`` unset (``MISSING``: the declared default)."""
        return MISSING

    def notes(self, spec: ArgSpec) -> tuple[Note, ...]:
        return ()

    def engine_default(self, name: str) -> Any:
        return self.engine_defaults.get(name, MISSING)

    def device_facts(self) -> DeviceFacts:
        """The device facts as this process can know them (the CPU reads the host's memory)."""
        return self.devices

    # --- detection ----------------------------------------------------------------------------------------------
    def matches(self, device_name: str) -> bool:
        name = device_name.strip().lower()
        return any(re.match(p, name) for p in self.soc_patterns)

    def __repr__(self) -> str:
        return f"<Platform {self.key}>"


class UnknownPlatform(ValueError):
    def __init__(self, name: str, message: Text):
        super().__init__(message.en)
        self.name = name
        self.text = message
