"""What a Kubernetes pod needs to run an engine on a platform: data the k8s export (``compiler/k8s.py``) reads.

Two halves, each owned where the fact belongs:

* :class:`PodNeeds` is the platform's (``Platform.pod``): the device-plugin resource the pod asks for, the
  host paths its containers mount (Ascend's driver and ``npu-smi``), the variables that name the network
  interface the collective library speaks over (HCCL/GLOO on Ascend, NCCL/GLOO on CUDA), how much ``/dev/shm``
  one device's worker processes share;
* :class:`Deployable` is the engine's (``Engine.deploy``): its health route and port, the address it must listen
  on inside a pod, how many devices and nodes a launch takes, which flags name a rank, a count, a port or an
  address (the ones a Kubernetes ``$(VAR)`` may fill), and how a launch spans a LeaderWorkerSet group
  (:class:`GroupMode`: the flags each pod reads from LWS's variables, flags only workers get, per-role
  variables the manifest defines).

Nothing here builds YAML: the compiler does, from these facts, so adding a chip or an engine is adding data.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .. import records
from ..records import field, record
from ..schema.meta import Text

# the variables LeaderWorkerSet sets in every container of a group (lws api/leaderworkerset/v1, v0.10.0)
LWS_LEADER_ADDRESS = "LWS_LEADER_ADDRESS"
LWS_GROUP_SIZE = "LWS_GROUP_SIZE"
LWS_WORKER_INDEX = "LWS_WORKER_INDEX"
LWS_VARIABLES = (LWS_LEADER_ADDRESS, LWS_GROUP_SIZE, LWS_WORKER_INDEX)
POD_IP = "POD_IP"  # the manifest defines it in every container (the downward API's status.podIP)

# the kinds of flag a Kubernetes reference may fill: a rank, a count, a port, an address
RANK, COUNT, PORT, ADDRESS = "rank", "count", "port", "address"


@record
class HostPath:
    """A file or folder of the node mounted into the container at the same path, read-only."""

    name: str      # the volume's name (a DNS label)
    path: str
    type: str      # Kubernetes hostPath type: Directory | File


@record
class PodNeeds:
    """What a pod of this platform asks the cluster for."""

    device_resource: str | None            # the device plugin's extended resource; None: no device to ask for
    host_paths: tuple[HostPath, ...] = ()
    socket_ifname_vars: tuple[str, ...] = ()   # variables naming the interface collectives bind to
    pod_ip_vars: tuple[str, ...] = ()          # variables that must hold this pod's own address
    shm_gib_per_device: int = 1                # /dev/shm per device the pod uses
    shm_gib_min: int = 8                       # and never less than this
    source: Text = Text("", "")


@record
class GroupMode:
    """One way an engine's launch spans the pods of a LeaderWorkerSet group."""

    key: str
    applies: Callable[[Mapping[str, Any]], bool]   # over the compiled values
    nodes: Callable[[Mapping[str, Any]], int]      # pods in the group
    # field -> what every pod reads, with LWS's variables (and {port}: the port of the value the user gave)
    per_pod: Mapping[str, str]
    default_port: int | None = None                # {port} when the user gave none
    worker_flags: Mapping[str, Any] = field(default_factory=dict)   # fields only the workers set
    # variables the manifest defines per role: (values, leader?) -> {name: value}
    role_env: Callable[[Mapping[str, Any], bool], Mapping[str, str]] = lambda values, leader: {}
    refuse: Callable[[Mapping[str, Any]], Text | None] = lambda values: None   # why this group cannot be written
    source: str = ""


@record
class Proxy:
    """The front that puts the roles behind one endpoint, written as a workload of its own where the engine's image
    holds the program (otherwise :attr:`Roles.router` is a comment of the manifest)."""

    command: tuple[str, ...]   # argv; {prefill}/{decode}: the roles' Services, {port}: their HTTP port,
    port: int                  # {proxy_port}: this one, the port the proxy serves on
    health_path: str
    families: frozenset[str]   # platform families whose engine image holds the program
    source: str = ""


@record
class Roles:
    """Prefill/decode disaggregation: the field that names a server's role, and the roles a deployment needs."""

    field: str
    roles: tuple[str, ...]
    # role -> fields holding more ports its Service must expose (the prefill server's bootstrap port); with `key`,
    # keys of the field's object
    ports: Mapping[str, tuple[str, ...]] = records.field(default_factory=dict)
    # the command that puts the roles behind one endpoint, with {<role>} the role's Service, {port} the HTTP port
    # and {<field>} a port field's value (a comment of the manifest: argmatrix does not deploy it)
    router: str = ""
    # the field holds a JSON object and the role is this key of it (vLLM's --kv-transfer-config kv_role)
    key: str | None = None
    values: Mapping[str, str] = records.field(default_factory=dict)   # role -> what it holds (default: the role)
    # keys of the object every server needs its own value of (vLLM's engine_id): the role written from another
    # role's launch gets "<value>-<role>"
    distinct: tuple[str, ...] = ()
    proxy: Proxy | None = None
    source: str = ""

    def value_for(self, role: str) -> str:
        return self.values.get(role, role)

    def held(self, values: Mapping[str, Any]) -> Any:
        """What the launch holds where the role is written."""
        held = values.get(self.field)
        if self.key is None:
            return held
        return held.get(self.key) if isinstance(held, Mapping) else None

    def role_of(self, values: Mapping[str, Any]) -> str | None:
        """The role this launch runs, or None when it is no disaggregated server."""
        held = self.held(values)
        return next((r for r in self.roles if self.value_for(r) == held), None)

    def object_for(self, values: Mapping[str, Any], role: str) -> dict[str, Any]:
        """The field's object (``key`` set) that makes this launch a server of ``role``."""
        assert self.key is not None
        given = self.role_of(values)
        obj = dict(values[self.field])
        obj[self.key] = self.value_for(role)
        for name in self.distinct:
            if name in obj and role != given:
                obj[name] = f"{obj[name]}-{role}"
        return obj

    def port_values(self, values: Mapping[str, Any], role: str | None) -> dict[str, int]:
        """The role's extra ports set to a number: name -> port."""
        source: Mapping[str, Any] = values
        if self.key is not None:
            held = values.get(self.field)
            source = held if isinstance(held, Mapping) else {}
        out = {}
        for name in self.ports.get(role or "", ()):
            value = source.get(name)
            if isinstance(value, str) and value.isdigit():
                value = int(value)
            if isinstance(value, int) and not isinstance(value, bool):
                out[name] = value
        return out


@record
class Deployable:
    """What the k8s export needs to know about an engine."""

    health_path: str                      # the route that answers 200 once the server serves
    port_field: str                       # the field holding the HTTP port
    default_port: int                     # the port when the launch sets none
    listen: Mapping[str, Any]             # fields a pod must set so the kubelet and Services reach it
    devices: Callable[[Mapping[str, Any]], int]   # devices one pod uses
    references: Mapping[str, str]         # field -> rank | count | port | address: what $(VAR) may fill
    groups: tuple[GroupMode, ...] = ()    # how it spans nodes, tried in order
    host_network_families: frozenset[str] = frozenset()   # platform families whose multi-node docs use it
    roles: Roles | None = None
    termination_grace_seconds: int = 60   # time to finish running requests after SIGTERM
    source: str = ""                      # where the facts were read
