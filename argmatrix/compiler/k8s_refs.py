"""Kubernetes references as values: ``--node-rank $(LWS_WORKER_INDEX)`` is filled in by Kubernetes at start.

Kubernetes expands ``$(VAR)`` in a container's ``command`` and ``args`` from the container's environment (and
leaves an undefined one as written).  In a k8s export, and in ``check-config --for k8s``, such a reference is a
value, but only where the engine's deployment facts (``Deployable.references``) say a flag holds a rank, a count,
a port or an address, and only to a variable the manifest defines or LeaderWorkerSet provides.  It is checked with
a stand-in of what it will hold (rank 0: the leader's; a count: the group size; an address: a documentation
address), so every other rule still judges the launch, and written back unescaped; every other ``$`` is still
written ``$$``.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..matrix import engines
from ..matrix.deploy import ADDRESS, COUNT, LWS_VARIABLES, POD_IP, PORT, RANK, Deployable, GroupMode
from ..records import field, record
from ..schema.meta import Text
from .findings import ERROR, NOTE, WARNING, Finding

REFERENCE = re.compile(r"\$\(([A-Za-z_][A-Za-z0-9_]*)\)")
STAND_IN_ADDRESS = "192.0.2.1"  # RFC 5737 documentation address: what an address reference is checked as
_ARGV = re.compile(r"^argv\[(\d+)\]$")

Compile = Callable[[list[str]], Any]


@record(frozen=False)
class Referenced:
    """A launch compiled for Kubernetes: stand-ins checked, references to write back."""

    compiled: Any
    argv: list[str]                                   # the launch with stand-ins (what ``compiled`` read)
    refs: dict[str, str] = field(default_factory=dict)   # field -> the text Kubernetes expands
    findings: list[Finding] = field(default_factory=list)
    group: GroupMode | None = None
    nodes: int = 1


def _finding(code: str, severity: str, message: Text, hint: Text | None, name: str, flag: str, value: Any,
             source: str | None, platform: str | None) -> Finding:
    return Finding(code, severity, "k8s", message, hint, field=name, flag=flag, value=value, source=source,
                   platform=platform)


def value_index(argv: Sequence[str], source: str | None) -> tuple[int, bool] | None:
    """Where the value of the flag at ``source`` (``argv[i]``) is: (index, inline ``--flag=value``)."""
    m = _ARGV.match(source or "")
    if not m:
        return None
    i = int(m.group(1))
    if i >= len(argv):
        return None
    if argv[i].startswith("-") and "=" in argv[i]:
        return i, True
    return (i + 1, False) if i + 1 < len(argv) else None


def set_value(argv: list[str], compiled: Any, name: str, text: str, source: str | None = None) -> list[str]:
    """``argv`` with ``name`` set to ``text``: its token replaced where the command line gave it (``source``, else
    where ``compiled`` read it), else appended."""
    out = list(argv)
    source = source or (compiled.sources.get(name) if name in compiled.user_set else None)
    where = value_index(out, source)
    if where is None:
        return [*out, compiled.specs[name].flag, text]
    i, inline = where
    out[i] = out[i].partition("=")[0] + "=" + text if inline else text
    return out


def _stand_in(kind: str, text: str, nodes: int | None, deploy: Deployable) -> str | None:
    if kind == RANK:
        return "0"  # the leader's: the rules judge the launch as pod 0 reads it
    if kind == COUNT:
        return None if nodes is None else str(nodes)
    if kind == PORT:
        return str(deploy.default_port)
    return REFERENCE.sub(STAND_IN_ADDRESS, text)


def _known_variables(group: GroupMode | None, values: Mapping[str, Any]) -> set[str]:
    known = {POD_IP}
    if group is not None:
        known |= set(LWS_VARIABLES) | set(group.role_env(values, True))
    return known


def compile_for_k8s(argv: list[str], compile: Compile, *, nodes: int | None = None) -> Referenced:
    """Compile ``argv`` as a Kubernetes container will run it.

    ``nodes``: pods per group, needed when the launch's node count is itself a reference
    (``--nnodes $(LWS_GROUP_SIZE)``); otherwise the engine's group mode counts them.
    """
    first = compile(argv)
    eng = engines.get(first.engine)
    deploy = eng.deploy
    if deploy is None:
        return Referenced(first, list(argv))
    platform = first.platform
    found: dict[str, tuple[str, str | None]] = {}   # field -> (text, where it came from)
    for f in first.findings:  # refused as a value of its type (a rank that is not a number)
        if f.code == "AM-E010" and f.field and isinstance(f.value, str) and REFERENCE.search(f.value):
            found[f.field] = (f.value, f.source)
    for name in first.user_set:  # taken as text (an address), so nothing refused it
        value = first.values.get(name)
        if isinstance(value, str) and REFERENCE.search(value):
            found[name] = (value, first.sources.get(name))
    out: list[Finding] = []
    refs: dict[str, str] = {}
    stand_ins = list(argv)
    for name, (text, source) in found.items():
        flag = first.specs[name].flag
        kind = deploy.references.get(name)
        where = value_index(argv, source)
        if kind is None and name not in {f.field for f in first.findings if f.code == "AM-E010"}:
            out.append(_finding("AM-W820", WARNING, Text(
                f"{flag} {text} is written with $$: Kubernetes fills $(VAR) in only for a rank, a count, a port or "
                f"an address ({', '.join(first.specs[n].flag for n in deploy.references)}), so the engine receives "
                f"{text} as written",
                f"{flag} {text} 写出时使用 $$：Kubernetes 只为 rank、数量、端口或地址参数（"
                f"{'、'.join(first.specs[n].flag for n in deploy.references)}）填入 $(VAR)，引擎收到的仍是原样的 "
                f"{text}"),
                Text("drop the reference if you meant Kubernetes to fill it in", "若本意是让 Kubernetes 填入，"
                     "请去掉该引用"), name, flag, text, source, platform))
            continue
        if kind is None or where is None or name == deploy.port_field:
            allowed = [first.specs[n].flag for n in deploy.references]
            reason = Text(f"{flag} {text}: Kubernetes fills $(VAR) in only where argmatrix knows what the flag holds "
                          f"(a rank, a count, a port or an address: {', '.join(allowed)})",
                          f"{flag} {text}：只有 argmatrix 知道含义的参数（rank、数量、端口或地址："
                          f"{'、'.join(allowed)}）才能由 Kubernetes 填入 $(VAR)") if kind is None else \
                Text(f"{flag} {text}: the container's port and its probes need a number",
                     f"{flag} {text}：容器端口与探针需要一个具体数字") if name == deploy.port_field else \
                Text(f"{flag} {text}: a Kubernetes reference is read on the command line only, not from {source}",
                     f"{flag} {text}：Kubernetes 引用只能写在命令行上，不能来自 {source}")
            out.append(_finding("AM-E820", ERROR, reason, Text(f"give {flag} a value, or write the reference on "
                                                                 "the command line of a flag that takes one",
                                                                 f"请为 {flag} 给出具体取值，或把引用写在可接受引用的"
                                                                 "参数上"), name, flag, text, source, platform))
            continue
        if kind != ADDRESS and not REFERENCE.fullmatch(text):
            out.append(_finding("AM-E821", ERROR, Text(
                f"{flag} {text}: a {kind} reference must be the whole value, $(VAR) alone",
                f"{flag} {text}：{_kind_zh(kind)}引用必须是完整取值，即单独的 $(VAR)"),
                Text(f"write {flag} $(VAR)", f"请写作 {flag} $(VAR)"), name, flag, text, source, platform))
            continue
        stand_in = _stand_in(kind, text, nodes, deploy)
        if stand_in is None:
            out.append(_finding("AM-E822", ERROR, Text(
                f"{flag} {text}: the number of pods is a reference, so argmatrix cannot tell how many to write",
                f"{flag} {text}：Pod 数量是一个引用，argmatrix 无法得知要写出多少个 Pod"),
                Text("pass --nodes N to export (or check-config --for k8s)",
                     "请给 export（或 check-config --for k8s）加上 --nodes N"), name, flag, text, source, platform))
            continue
        refs[name] = text
        stand_ins = set_value(stand_ins, first, name, stand_in, source)
    compiled = compile(stand_ins) if refs else first
    group = next((g for g in deploy.groups if g.applies(compiled.values)), None)
    group_nodes = group.nodes(compiled.values) if group is not None else 1
    if nodes is not None and nodes != group_nodes and group is not None:
        out.append(Finding("AM-E823", ERROR, "k8s", Text(
            f"--nodes {nodes} differs from the {group_nodes} nodes the launch spans",
            f"--nodes {nodes} 与启动参数所跨的 {group_nodes} 个节点不一致"),
            Text("drop --nodes, or make the launch span that many nodes",
                 "请去掉 --nodes，或让启动参数跨相应数量的节点"), value=nodes, platform=platform))
    # every pod of a group reads its per-pod flags from LWS's variables: what the user wrote for pod 0 is replaced
    if group is not None:
        before = stand_ins
        for name, template in group.per_pod.items():
            if name in refs:
                continue
            given = compiled.values.get(name) if name in compiled.user_set else None
            port = str(given).rpartition(":")[2] if isinstance(given, str) and ":" in given else \
                str(group.default_port or "")
            text = template.format(port=port)
            refs[name] = text
            kind = deploy.references.get(name, ADDRESS)
            stand_ins = set_value(stand_ins, compiled, name, _stand_in(kind, text, group_nodes, deploy) or "0")
            if given is not None:
                flag = compiled.specs[name].flag
                out.append(_finding("AM-N821", NOTE, Text(
                    f"{flag} {given} is written {text}: in a LeaderWorkerSet every pod reads it from Kubernetes",
                    f"{flag} {given} 写作 {text}：在 LeaderWorkerSet 中每个 Pod 都从 Kubernetes 读取它"), None,
                    name, flag, given, compiled.sources.get(name), platform))
        if stand_ins != before:
            compiled = compile(stand_ins)
    known = _known_variables(group, compiled.values)
    for name, text in refs.items():
        for var in REFERENCE.findall(text):
            if var not in known:
                flag = compiled.specs[name].flag
                why = Text("LeaderWorkerSet sets it only in a group of several pods", "只有多个 Pod 组成的 "
                             "LeaderWorkerSet 才会设置它") if var in LWS_VARIABLES else \
                    Text(f"the manifest defines {', '.join(sorted(known))}", f"清单中定义的变量为 "
                         f"{'、'.join(sorted(known))}")
                out.append(_finding("AM-E824", ERROR, Text(
                    f"{flag} {text}: no variable {var} in the pod, so Kubernetes would pass $({var}) as written "
                    f"({why.en})", f"{flag} {text}：Pod 中没有变量 {var}，Kubernetes 会原样传入 $({var})"
                    f"（{why.zh}）"), Text(f"use one of {', '.join(sorted(known))}",
                                           f"请改用 {'、'.join(sorted(known))} 之一"),
                    name, flag, text, compiled.sources.get(name), compiled.platform))
    return Referenced(compiled, stand_ins, refs, out, group, group_nodes)


def refs_note(ref: Referenced) -> Finding | None:
    """AM-N822: which values Kubernetes fills in (the launch was checked with stand-ins for them)."""
    if not ref.refs:
        return None
    specs = ref.compiled.specs
    said = [f"{specs[n].flag} {t}" for n, t in ref.refs.items()]
    return Finding("AM-N822", NOTE, "k8s", Text("filled in by Kubernetes at start (checked as pod 0 reads them): "
                                                + ", ".join(said),
                                                "由 Kubernetes 在启动时填入（按 0 号 Pod 读到的值检查）："
                                                + "，".join(said)), platform=ref.compiled.platform)


def _kind_zh(kind: str) -> str:
    return {RANK: "rank ", COUNT: "数量", PORT: "端口", ADDRESS: "地址"}[kind]


def write_refs(args: list[str], refs: Mapping[str, str], spellings: Mapping[str, Sequence[str]]) -> list[str]:
    """``args`` (a container's, already escaped) with each referenced field's value written as its reference."""
    out = list(args)
    for name, text in refs.items():
        flags = spellings[name]
        for i, token in enumerate(out):
            if token in flags and i + 1 < len(out):
                out[i + 1] = text
                break
            head, eq, _ = token.partition("=")
            if eq and head in flags:
                out[i] = f"{head}={text}"
                break
        else:
            raise ValueError(f"{name}: none of {', '.join(flags)} is in the command written")
    return out
