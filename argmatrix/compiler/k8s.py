"""``export --to k8s``: a Kubernetes manifest that runs the checked launch.

One node is a Deployment (or a bare Pod with ``kind="pod"``); a launch that spans nodes is a LeaderWorkerSet whose
group holds one pod per node, leader and workers from one template each (the workers may add flags: vLLM's
``--headless``), every pod reading its rank, the group size and the leader's address from the variables LWS sets
(``k8s_refs.py``).  A prefill/decode launch (SGLang's ``--disaggregation-mode``, vLLM's ``--kv-transfer-config``
kv_role) is written as both roles, with the proxy in front where the engine's image holds one (``Roles.proxy``).
Each workload gets a Service on the leader's HTTP port.

What the pod asks for comes from the platform object (``Platform.pod``: the device plugin's resource, driver
mounts, the variables naming the collectives' network interface, ``/dev/shm`` per device); what the container
runs and how it is probed from the engine object (``Engine.deploy``: health route, port, the address it listens
on, devices per node, how it spans nodes).  Secrets come from a Secret (``export_secrets.py``).
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from ..matrix import engines
from ..matrix.deploy import POD_IP, Deployable, Proxy, Roles
from ..matrix.platforms import PLATFORMS
from ..records import field, record, replace
from ..schema.meta import Text
from . import sglang_reader
from .export_secrets import k8s_container, secret_comment
from .findings import ERROR, NOTE, WARNING, Finding, sort_findings
from .k8s_refs import Referenced, compile_for_k8s, refs_note, set_value, write_refs
from .launch import build_command, launch_findings

KINDS = ("deployment", "pod")
POD_INTERFACE = "eth0"  # a pod's own network interface under the usual CNI plugins
LWS_API = "leaderworkerset.x-k8s.io/v1"
NAME_LABEL = "app.kubernetes.io/name"
ROLE_LABEL = "argmatrix.io/role"
DNS_LABEL = re.compile(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$")
# the health probes: ready once the route answers; a server that stops answering for 5 minutes is restarted;
# start-up (loading weights, capturing graphs) may take an hour before liveness applies
READINESS = {"periodSeconds": 10, "failureThreshold": 3}
LIVENESS = {"periodSeconds": 30, "failureThreshold": 10, "timeoutSeconds": 10}
STARTUP = {"periodSeconds": 20, "failureThreshold": 180}


@record(frozen=False)
class K8sOptions:
    image: str | None
    name: str | None = None
    namespace: str | None = None
    kind: str = "deployment"
    nodes: int | None = None            # pods per group when --nnodes is itself a reference
    secret: str | None = "argmatrix-secrets"   # None: secrets written as they are (--show-secrets)
    socket_ifname: str | None = None    # the interface the collectives bind to (None: eth0, the pod network's)
    device_resource: str | None = None  # overrides the platform's device-plugin resource name
    lang: str = "en"                    # the language of the manifest's comments (the documents are the same)


@record(frozen=False)
class Manifest:
    text: str
    findings: list[Finding] = field(default_factory=list)
    documents: list[dict[str, Any]] = field(default_factory=list)


def _error(code: str, message: Text, hint: Text | None = None, value: Any = None) -> Finding:
    return Finding(code, ERROR, "k8s", message, hint, value=value)


def _name_of(compiled: Any, given: str | None) -> str:
    if given:
        return given
    model = str(compiled.values.get("model_path") or compiled.values.get("model") or compiled.engine)
    base = re.sub(r"[^a-z0-9-]+", "-", model.rstrip("/").rsplit("/", 1)[-1].lower()).strip("-")
    return (f"{compiled.engine}-{base}" if base else compiled.engine)[:40].rstrip("-")


def _gib(n: int) -> str:
    return f"{n}Gi"


def _container(ref: Referenced, engine: str, release: str | None, opts: K8sOptions, deploy: Deployable,
               leader: bool, env_extra: dict[str, str], findings: list[Finding]) -> dict[str, Any]:
    compiled = ref.compiled
    cmd = build_command(compiled, engine, release=release, self_contained=True, fold_config=True)
    findings += [f for f in launch_findings(compiled, cmd) if f not in compiled.findings]
    eng = engines.get(engine)
    spec = k8s_container(cmd.argv, len(eng.program), compiled, opts.secret)
    specs = compiled.specs
    spellings = {n: tuple({*specs[n].flags, specs[n].flag, *((sglang_reader.flag(n, release or compiled.release),)
                                                               if eng.surface_key == "sglang" else ())})
                 for n in ref.refs}
    spec["args"] = write_refs(spec["args"], ref.refs, spellings)
    platform = PLATFORMS[compiled.platform]
    pod = platform.pod
    env: list[dict[str, Any]] = [{"name": POD_IP, "valueFrom": {"fieldRef": {"fieldPath": "status.podIP"}}}]
    env += [{"name": v, "value": f"$({POD_IP})"} for v in pod.pod_ip_vars]
    env += [{"name": v, "value": opts.socket_ifname or POD_INTERFACE} for v in pod.socket_ifname_vars]
    env += [{"name": k, "value": v} for k, v in env_extra.items()]
    env += spec.pop("env", [])
    port = compiled.values.get(deploy.port_field) or deploy.default_port
    container: dict[str, Any] = {"name": engine, "image": opts.image, **spec, "env": env}
    resource = opts.device_resource or pod.device_resource
    devices = deploy.devices(compiled.values)
    if resource and platform.family != "cpu":
        container["resources"] = {"limits": {resource: devices}, "requests": {resource: devices}}
    mounts: list[dict[str, Any]] = [{"name": "dshm", "mountPath": "/dev/shm"}]
    mounts += [{"name": h.name, "mountPath": h.path, "readOnly": True} for h in pod.host_paths]
    container["volumeMounts"] = mounts
    if leader:
        container["ports"] = [{"name": "http", "containerPort": int(port), "protocol": "TCP"},
                              *({"name": _port_name(n), "containerPort": p, "protocol": "TCP"}
                                for n, p in _role_ports(compiled, deploy).items())]
        probe = {"httpGet": {"path": deploy.health_path, "port": "http"}}
        container["startupProbe"] = {**probe, **STARTUP}
        container["readinessProbe"] = {**probe, **READINESS}
        container["livenessProbe"] = {**probe, **LIVENESS}
    return container


def _pod_spec(container: dict[str, Any], compiled: Any, deploy: Deployable, host_network: bool) -> dict[str, Any]:
    platform = PLATFORMS[compiled.platform]
    pod = platform.pod
    devices = deploy.devices(compiled.values)
    shm = max(pod.shm_gib_min, pod.shm_gib_per_device * devices)
    volumes: list[dict[str, Any]] = [{"name": "dshm", "emptyDir": {"medium": "Memory", "sizeLimit": _gib(shm)}}]
    volumes += [{"name": h.name, "hostPath": {"path": h.path, "type": h.type}} for h in pod.host_paths]
    spec: dict[str, Any] = {"terminationGracePeriodSeconds": deploy.termination_grace_seconds}
    if host_network:
        spec["hostNetwork"] = True
        spec["dnsPolicy"] = "ClusterFirstWithHostNet"
    spec["containers"] = [container]
    spec["volumes"] = volumes
    return spec


def _metadata(name: str, namespace: str | None, labels: dict[str, str]) -> dict[str, Any]:
    meta: dict[str, Any] = {"name": name}
    if namespace:
        meta["namespace"] = namespace
    meta["labels"] = dict(labels)
    return meta


def _workload(name: str, ref: Referenced, worker: Referenced | None, engine: str, release: str | None,
              opts: K8sOptions, deploy: Deployable, labels: dict[str, str],
              findings: list[Finding]) -> list[dict[str, Any]]:
    compiled = ref.compiled
    family = PLATFORMS[compiled.platform].family
    group = ref.group
    if group is None:
        container = _container(ref, engine, release, opts, deploy, True, {}, findings)
        pod_spec = _pod_spec(container, compiled, deploy, False)
        if opts.kind == "pod":
            pod = {"apiVersion": "v1", "kind": "Pod", "metadata": _metadata(name, opts.namespace, labels),
                   "spec": {**pod_spec, "restartPolicy": "Always"}}
            return [pod, _service(name, opts.namespace, labels, compiled, deploy)]
        deployment = {
            "apiVersion": "apps/v1", "kind": "Deployment", "metadata": _metadata(name, opts.namespace, labels),
            "spec": {"replicas": 1, "selector": {"matchLabels": labels},
                     # one server holds the devices: the old pod must go before the new one can start
                     "strategy": {"type": "Recreate"},
                     "template": {"metadata": {"labels": labels}, "spec": pod_spec}}}
        return [deployment, _service(name, opts.namespace, labels, compiled, deploy)]
    host_network = family in deploy.host_network_families
    assert worker is not None, "a group has workers"
    leader_c = _container(ref, engine, release, opts, deploy, True, dict(group.role_env(compiled.values, True)),
                          findings)
    worker_c = _container(worker, engine, release, opts, deploy, False,
                          dict(group.role_env(compiled.values, False)), findings)
    lws = {
        "apiVersion": LWS_API, "kind": "LeaderWorkerSet", "metadata": _metadata(name, opts.namespace, labels),
        "spec": {"replicas": 1, "leaderWorkerTemplate": {
            "size": ref.nodes,
            # one rank lost is the whole group lost: the collectives cannot re-admit a restarted pod
            "restartPolicy": "RecreateGroupOnPodRestart",
            "leaderTemplate": {"metadata": {"labels": {**labels, "role": "leader"}},
                               "spec": _pod_spec(leader_c, compiled, deploy, host_network)},
            "workerTemplate": {"metadata": {"labels": {**labels, "role": "worker"}},
                               "spec": _pod_spec(worker_c, worker.compiled, deploy, host_network)}}}}
    selector = {"leaderworkerset.sigs.k8s.io/name": name, "role": "leader"}
    return [lws, _service(name, opts.namespace, labels, compiled, deploy, selector)]


def _role_ports(compiled: Any, deploy: Deployable) -> dict[str, int]:
    """The ports the server's role adds (the prefill server's bootstrap port, vLLM's kv_port), set to a number."""
    if deploy.roles is None:
        return {}
    return deploy.roles.port_values(compiled.values, deploy.roles.role_of(compiled.values))


def _port_name(name: str) -> str:
    """A port's name (an IANA service name: at most 15 characters)."""
    return name.rsplit("_", 2)[-2][:15] if name.count("_") >= 2 else name.replace("_", "-")[:15]


def _service(name: str, namespace: str | None, labels: dict[str, str], compiled: Any, deploy: Deployable,
             selector: dict[str, str] | None = None) -> dict[str, Any]:
    port = int(compiled.values.get(deploy.port_field) or deploy.default_port)
    ports = [{"name": "http", "port": port, "targetPort": "http", "protocol": "TCP"}]
    ports += [{"name": _port_name(n), "port": p, "targetPort": _port_name(n), "protocol": "TCP"}
              for n, p in _role_ports(compiled, deploy).items()]
    return {"apiVersion": "v1", "kind": "Service", "metadata": _metadata(name, namespace, labels),
            "spec": {"selector": selector or labels, "ports": ports}}


def _role_argv(argv: list[str], compiled: Any, roles: Roles, role: str) -> list[str]:
    """The launch of a server of ``role``: the role written where the engine reads it (a flag, or a key of a JSON
    flag's object, with the keys every server needs its own value of made distinct)."""
    if roles.key is None:
        if compiled.values.get(roles.field) == role:
            return argv
        return set_value(argv, compiled, roles.field, roles.value_for(role))
    obj = roles.object_for(compiled.values, role)
    if obj == compiled.values.get(roles.field):
        return argv
    return set_value(argv, compiled, roles.field, json.dumps(obj, separators=(",", ":")))


def _served_name(compiled: Any) -> str:
    """The model name clients (and a proxy) ask for: the first served name, else the model."""
    served = compiled.values.get("served_model_name")
    if isinstance(served, (list, tuple)) and served:
        return str(served[0])
    if isinstance(served, str) and served:
        return served
    return str(compiled.values.get("model") or compiled.values.get("model_path") or "")


def _proxy(name: str, proxy: Proxy, compiled: Any, deploy: Deployable, opts: K8sOptions) -> list[dict[str, Any]]:
    """The proxy in front of the roles: a Deployment running the program the engine's image holds, and its
    Service, the one endpoint clients use."""
    port = int(compiled.values.get(deploy.port_field) or deploy.default_port)
    argv = [part.format(prefill=f"{name}-prefill", decode=f"{name}-decode", port=port, proxy_port=proxy.port)
            for part in proxy.command]
    labels = {NAME_LABEL: f"{name}-proxy", "app.kubernetes.io/managed-by": "argmatrix", ROLE_LABEL: "proxy"}
    probe = {"httpGet": {"path": proxy.health_path, "port": "http"}}
    container = {"name": "proxy", "image": opts.image, "command": argv[:1], "args": argv[1:],
                 "ports": [{"name": "http", "containerPort": proxy.port, "protocol": "TCP"}],
                 "readinessProbe": {**probe, **READINESS}, "livenessProbe": {**probe, **LIVENESS}}
    deployment = {
        "apiVersion": "apps/v1", "kind": "Deployment", "metadata": _metadata(labels[NAME_LABEL], opts.namespace, labels),
        "spec": {"replicas": 1, "selector": {"matchLabels": labels},
                 "template": {"metadata": {"labels": labels}, "spec": {"containers": [container]}}}}
    service = {"apiVersion": "v1", "kind": "Service",
               "metadata": _metadata(labels[NAME_LABEL], opts.namespace, labels),
               "spec": {"selector": labels, "ports": [{"name": "http", "port": proxy.port, "targetPort": "http",
                                                       "protocol": "TCP"}]}}
    return [deployment, service]


def _refs_for_worker(ref: Referenced, compile: Callable[[list[str]], Any]) -> Referenced:
    """The workers' launch: the leader's plus the flags only workers take (vLLM's --headless)."""
    assert ref.group is not None
    argv = ref.argv
    for name, value in ref.group.worker_flags.items():
        spec = ref.compiled.specs[name]
        argv = [*argv, spec.flag] if value is True else set_value(argv, ref.compiled, name, str(value))
    compiled = compile(argv) if argv != ref.argv else ref.compiled
    return replace(ref, compiled=compiled, argv=argv)


def manifest(argv: list[str], compile: Callable[[list[str]], Any], engine: str, release: str | None,
             opts: K8sOptions) -> Manifest:
    """The manifest for ``argv``, compiled by ``compile`` (the engine's reader, target and release bound)."""
    import yaml

    findings: list[Finding] = []
    if not opts.image:
        return Manifest("", [_error("AM-E825", Text(
            "--to k8s needs the container image: argmatrix does not guess which build of the engine your cluster "
            "runs", "--to k8s 需要容器镜像：argmatrix 不会猜测集群运行的是哪个引擎构建"),
            Text("pass --image, e.g. --image lmsysorg/sglang:v0.5.23 or your registry's Ascend build",
                 "请加上 --image，例如 --image lmsysorg/sglang:v0.5.23，或您镜像仓库中的昇腾版本"))])
    if opts.kind not in KINDS:
        return Manifest("", [_error("AM-E826", Text(f"--kind {opts.kind}: choose one of {', '.join(KINDS)}",
                                                   f"--kind {opts.kind}：可选 {'、'.join(KINDS)}"), value=opts.kind)])
    deploy = engines.get(engine).deploy
    if deploy is None:
        return Manifest("", [_error("AM-E827", Text(f"argmatrix has no deployment facts for {engine}",
                                                   f"argmatrix 没有 {engine} 的部署信息"), value=engine)])
    ref = compile_for_k8s(argv, compile, nodes=opts.nodes)
    findings += ref.findings
    compiled = ref.compiled
    reader = engines.get(compiled.engine)
    if reader.surface_key != engines.get(engine).surface_key:  # per-pod flags are the reading engine's fields
        return Manifest("", [*compiled.findings, _error("AM-E827", Text(
            f"--to k8s writes the launch for the engine that reads it, and this one is read as {reader.title.en}'s, "
            f"not {engine}'s", f"--to k8s 按读取启动参数的引擎写出清单，而这条启动参数按 {reader.title.zh} 的写法"
            f"读取，不是 {engine} 的"), Text(f"write the launch in {engine}'s own flags (or drop --engine)",
                                           f"请用 {engine} 自己的参数写启动命令（或去掉 --engine）"), value=engine)])
    platform = PLATFORMS[compiled.platform]
    if ref.group is not None:
        refused = ref.group.refuse(compiled.values)
        if refused is not None:
            findings.append(_error("AM-E828", refused, Text("split the launch into groups of two nodes",
                                                            "请把启动拆成每组两个节点")))
        if opts.kind == "pod":
            findings.append(_error("AM-E826", Text(f"--kind pod holds one node, and the launch spans {ref.nodes}",
                                                   f"--kind pod 只能容纳一个节点，而启动参数跨 {ref.nodes} 个节点"),
                                   Text("drop --kind: a LeaderWorkerSet is written", "去掉 --kind：将写出 "
                                        "LeaderWorkerSet"), value=opts.kind))
    if platform.family != "cpu" and not (opts.device_resource or platform.pod.device_resource):
        findings.append(Finding("AM-W829", WARNING, "k8s", Text(
            f"argmatrix knows no device-plugin resource for {platform.short.en}: the pod asks for no device",
            f"argmatrix 不知道 {platform.short.zh} 的 Device Plugin 资源名：Pod 不会申请设备"),
            Text("pass --device-resource NAME (your device plugin's resource)",
                 "请用 --device-resource NAME 指定设备插件上报的资源名"), platform=compiled.platform))
    for name, value in deploy.listen.items():
        if name not in compiled.user_set:
            ref.argv = set_value(ref.argv, compiled, name, str(value))
            compiled = ref.compiled = compile(ref.argv)
        elif compiled.values.get(name) != value:
            findings.append(Finding("AM-W830", WARNING, "k8s", Text(
                f"{compiled.specs[name].flag} {compiled.values[name]}: the probes and the Service reach the pod on "
                f"its own address, which the server does not listen on",
                f"{compiled.specs[name].flag} {compiled.values[name]}：探针与 Service 通过 Pod 自己的地址访问，"
                "而服务并未监听该地址"), Text(f"drop it (the export writes {value})",
                                          f"去掉它（导出时写作 {value}）"),
                field=name, flag=compiled.specs[name].flag, value=compiled.values[name],
                source=compiled.sources.get(name), platform=compiled.platform))
    name = _name_of(compiled, opts.name)
    if not DNS_LABEL.match(name) or len(name) > 40:
        findings.append(_error("AM-E826", Text(f"--name {name}: a Kubernetes name here is lower-case letters, digits "
                                               "and '-', at most 40 characters", f"--name {name}：名称只能由小写字母、"
                                               "数字与“-”组成，最多 40 个字符"), value=name))
    if ref.group is not None and platform.family in deploy.host_network_families and opts.socket_ifname is None \
            and platform.pod.socket_ifname_vars:
        findings.append(Finding("AM-N832", NOTE, "k8s", Text(
            f"the pods use the node's network (hostNetwork), and {', '.join(platform.pod.socket_ifname_vars)} "
            f"name {POD_INTERFACE}, the usual pod interface: a node's own interface is often named otherwise",
            f"Pod 使用节点网络（hostNetwork），而 {'、'.join(platform.pod.socket_ifname_vars)} 取的是常见的 Pod "
            f"网卡名 {POD_INTERFACE}：节点自己的网卡往往另有名称"),
            Text("pass --socket-ifname with the NIC your nodes' collectives use (ip addr on a node)",
                 "请用 --socket-ifname 指定节点上集合通信所用的网卡（可在节点上用 ip addr 查看）"),
            platform=compiled.platform))
    model = compiled.values.get("model_path") or compiled.values.get("model")
    if isinstance(model, str) and model.startswith("/"):
        findings.append(Finding("AM-N833", NOTE, "k8s", Text(
            f"the container reads the model from {model}: the manifest mounts no model, so the image must hold it "
            "or you add the volume", f"容器从 {model} 读取模型：清单不挂载模型，请确保镜像中已包含它，或自行添加存储卷"),
            None, value=model, platform=compiled.platform))
    roles: tuple[str | None, ...] = (None,)
    if deploy.roles is not None and deploy.roles.role_of(compiled.values) is not None:
        roles = deploy.roles.roles
    documents: list[dict[str, Any]] = []
    for role in roles:
        role_ref = ref
        if role is not None and deploy.roles is not None:
            argv_role = _role_argv(ref.argv, compiled, deploy.roles, role)
            if argv_role != ref.argv:
                role_ref = replace(ref, compiled=compile(argv_role), argv=argv_role)
                findings += [f for f in role_ref.compiled.findings if f.severity == ERROR]
        labels = {NAME_LABEL: name if role is None else f"{name}-{role}", "app.kubernetes.io/managed-by": "argmatrix"}
        if role is not None:
            labels[ROLE_LABEL] = role
        worker = _refs_for_worker(role_ref, compile) if role_ref.group is not None else None
        if worker is not None:
            findings += [f for f in worker.compiled.findings if f.severity == ERROR and f not in compiled.findings]
        try:
            documents += _workload(labels[NAME_LABEL], role_ref, worker, engine, release, opts, deploy, labels,
                                   findings)
        except ValueError as exc:  # a per-pod flag the written command does not hold (k8s_refs.write_refs)
            return Manifest("", [*compiled.findings, *findings, _error("AM-E834", Text(
                f"the per-pod flags cannot be written into the {engine} command: {exc}",
                f"无法把每个 Pod 各自的参数写入 {engine} 命令：{exc}"),
                Text("give the flag on the command line in the engine's own spelling",
                     "请在命令行上按引擎自己的写法给出该参数"))])
    proxy = deploy.roles.proxy if deploy.roles is not None and roles != (None,) else None
    if proxy is not None and platform.family in proxy.families:
        documents += _proxy(name, proxy, compiled, deploy, opts)
    else:
        proxy = None
    zh = opts.lang == "zh"
    named = [r for r in roles if r]
    if zh:
        head = (f"# 由 argmatrix export --to k8s 生成的 Kubernetes 清单：{engine}，运行于 {platform.short.zh}，"
                f"{'由 ' + str(ref.nodes) + ' 个 Pod 组成的 LeaderWorkerSet' if ref.group else opts.kind}"
                f"{'，角色为 ' + '、'.join(named) if roles != (None,) else ''}\n")
    else:
        head = (f"# Kubernetes manifest written by argmatrix export --to k8s: {engine} on {platform.short.en}, "
                f"{'a LeaderWorkerSet of ' + str(ref.nodes) + ' pods' if ref.group else opts.kind}"
                f"{', roles ' + ' and '.join(named) if roles != (None,) else ''}\n")
    secrets = sorted({e["valueFrom"]["secretKeyRef"]["key"] for d in documents for e in _envs(d)
                      if "secretKeyRef" in e.get("valueFrom", {})})
    if secrets and opts.secret:
        head += secret_comment(opts.secret, secrets, opts.lang)
    if ref.group is not None:
        head += ("# 集群中需装有 LeaderWorkerSet 控制器：https://github.com/kubernetes-sigs/lws\n" if zh else
                 "# needs the LeaderWorkerSet controller (https://github.com/kubernetes-sigs/lws)\n")
    if proxy is not None:
        head += (f"# 各角色共用一个服务入口：{name}-proxy（端口 {proxy.port}），由引擎镜像中的代理程序转发\n" if zh else
                 f"# the roles behind one endpoint: {name}-proxy (port {proxy.port}), the proxy the engine's image "
                 "holds\n")
    elif roles != (None,) and deploy.roles is not None and deploy.roles.router:
        port = compiled.values.get(deploy.port_field) or deploy.default_port
        names = {r: f"{name}-{r}" for r in roles if r}
        ports = {n: p for r in roles if r for n, p in deploy.roles.port_values(compiled.values, r).items()}
        if deploy.roles.key is None:
            ports = {n: compiled.values.get(n) for r in deploy.roles.ports.values() for n in r}
        head += (("# 各角色共用一个服务入口，其路由需另行启动，不在本清单中：" if zh else
                  "# the roles behind one endpoint (not part of this manifest): ")
                 + deploy.roles.router.format(port=port, model=_served_name(compiled), **names, **ports) + "\n")
    text = head + yaml.dump_all(documents, Dumper=_PlainDumper, sort_keys=False, allow_unicode=True,
                                default_flow_style=False)
    all_findings = [*compiled.findings, *findings]
    note = refs_note(ref)
    if note is not None:
        all_findings.append(note)
    unique: list[Finding] = []
    for f in all_findings:
        if f not in unique:
            unique.append(f)
    return Manifest(text, sort_findings(unique, compiled.surface), documents)


def _plain_dumper() -> type:
    import yaml

    class PlainDumper(yaml.SafeDumper):
        """No anchors and aliases: a manifest read by people and by kubectl writes each value out."""

        def ignore_aliases(self, data: Any) -> bool:
            return True

    return PlainDumper


_PlainDumper = _plain_dumper()


def _envs(document: dict[str, Any]) -> list[dict[str, Any]]:
    spec = document.get("spec", {})
    templates = [spec.get("template", {}).get("spec")] if "template" in spec else []
    lws = spec.get("leaderWorkerTemplate")
    if lws:
        templates += [lws["leaderTemplate"]["spec"], lws["workerTemplate"]["spec"]]
    if document.get("kind") == "Pod":
        templates.append(spec)
    return [e for t in templates if t for c in t.get("containers", []) for e in c.get("env", [])]
