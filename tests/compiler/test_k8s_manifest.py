"""Issue 30: ``export --to k8s`` writes a manifest that runs.

Thirteen launches (SGLang on A3 on one node, on two nodes, on two nodes written with LeaderWorkerSet's references,
and prefill/decode; vLLM-Ascend on A2 and on 2 x A3 with data parallelism, and both as prefill/decode with
Mooncake; SGLang on CUDA on one node and two; vLLM on two CUDA nodes, and prefill/decode on CUDA; CPU) are
exported, and:

* every document validates strictly against Kubernetes' own schema (``kubernetes-validate``, which ships the
  schemas, so no network), a LeaderWorkerSet against the LWS CRD's OpenAPI schema (``tests/fixtures/lws/``,
  recorded by ``tools/lws_crd_schema.py`` from lws v0.10.0) with unknown fields refused, and each of its pod
  templates against Kubernetes' ``PodTemplate``;
* each pod is rendered the way Kubernetes and LWS start it (LWS's variables, the manifest's own, ``$(VAR)``
  expanded and ``$$`` unescaped) and its command read back by argmatrix's own reader: rank 0..n-1, one group
  size, one leader address, and no error.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from argmatrix.compiler import CompileOptions, compile
from argmatrix.compiler.findings import ERROR

ROOT = Path(__file__).resolve().parents[2]
LWS_FIXTURE = ROOT / "tests" / "fixtures" / "lws" / "leaderworkerset-v1.json"
K8S_VERSION = "1.37.0"
NAMESPACE = "llm"

MOONCAKE = ('{"kv_connector": "MooncakeConnectorV1", "kv_role": "kv_producer", "kv_port": "30000", '
            '"kv_connector_extra_config": {"prefill": {"dp_size": 1, "tp_size": 2}, '
            '"decode": {"dp_size": 1, "tp_size": 2}}}')
ROLE_LABEL = "argmatrix.io/role"

LAUNCHES: dict[str, tuple[list[str], list[str]]] = {  # name -> (export options, launch)
    "sglang-a3": (["--target", "a3"], ["--model-path", "/models/qwen3", "--tp", "16"]),
    "sglang-a3-2n": (["--target", "a3"], ["--model-path", "/models/ds", "--tp", "32", "--nnodes", "2",
                                          "--dist-init-addr", "10.0.0.1:5000"]),
    "sglang-a3-refs": (["--target", "a3", "--nodes", "2"],
                       ["--model-path", "/models/ds", "--tp", "32", "--dist-init-addr", "$(LWS_LEADER_ADDRESS):20102",
                        "--nnodes", "$(LWS_GROUP_SIZE)", "--node-rank", "$(LWS_WORKER_INDEX)"]),
    "sglang-a3-pd": (["--target", "a3"], ["--model-path", "/models/ds", "--tp", "16",
                                          "--disaggregation-mode", "prefill"]),
    "vllm-a2": (["--target", "a2"], ["vllm", "serve", "/models/qwen3", "--tensor-parallel-size", "8"]),
    "vllm-a3-dp": (["--target", "a3"], ["vllm", "serve", "/models/ds", "--tensor-parallel-size", "8",
                                        "--data-parallel-size", "4", "--data-parallel-size-local", "2",
                                        "--data-parallel-address", "10.0.0.1", "--data-parallel-rpc-port", "13389",
                                        "--enable-expert-parallel"]),
    "sglang-cuda": (["--target", "cuda"], ["--model-path", "/models/qwen3", "--tp", "8"]),
    "sglang-cuda-2n": (["--target", "cuda"], ["--model-path", "/models/ds", "--tp", "16", "--nnodes", "2",
                                              "--dist-init-addr", "10.0.0.1:5000"]),
    "vllm-cuda-2n": (["--target", "cuda"], ["vllm", "serve", "/models/ds", "--tensor-parallel-size", "16",
                                            "--nnodes", "2", "--master-addr", "10.0.0.1"]),
    "cpu": (["--target", "cpu"], ["--model-path", "/models/qwen3"]),
    # vLLM-Ascend's prefill/decode launch (its Mooncake tutorial's), on one node and on 2 x A3 with data parallelism,
    # and vLLM's on CUDA
    "vllm-a2-pd": (["--target", "a2"], ["vllm", "serve", "/models/qwen3", "--tensor-parallel-size", "2",
                                        "--kv-transfer-config", MOONCAKE]),
    "vllm-a3-dp-pd": (["--target", "a3"], ["vllm", "serve", "/models/ds", "--tensor-parallel-size", "8",
                                           "--data-parallel-size", "4", "--data-parallel-size-local", "2",
                                           "--data-parallel-address", "10.0.0.1", "--data-parallel-rpc-port", "13389",
                                           "--enable-expert-parallel", "--kv-transfer-config", MOONCAKE]),
    # NixlConnector: vLLM 0.34 (the newest held) no longer registers P2pNcclConnector and refuses it (AM-E974)
    "vllm-cuda-pd": (["--target", "cuda"], ["vllm", "serve", "/models/qwen3", "--tensor-parallel-size", "4",
                                            "--kv-transfer-config", '{"kv_connector":"NixlConnector",'
                                            '"kv_role":"kv_consumer","kv_port":"22001","engine_id":"d0"}']),
}


def _export(options: list[str], launch: list[str], *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "argmatrix", "export", "--to", "k8s", "--image", "registry/engine:1",
                           "--namespace", NAMESPACE, *options, *extra, "--", *launch],
                          capture_output=True, text=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
                          cwd=ROOT, timeout=300)


@pytest.fixture(scope="module")
def manifests() -> dict[str, list[dict[str, Any]]]:
    out = {}
    for name, (options, launch) in LAUNCHES.items():
        proc = _export(options, launch)
        assert proc.returncode == 0, (name, proc.stderr)
        assert "Traceback" not in proc.stderr
        out[name] = [d for d in yaml.safe_load_all(proc.stdout) if d]
    return out


# --- Kubernetes' schema and the LWS CRD's ----------------------------------------------------------------------

def _strict(node: Any) -> Any:
    """The CRD schema with unknown fields refused (the API server would prune them: here they are mistakes)."""
    if isinstance(node, dict):
        out = {k: _strict(v) for k, v in node.items()}
        if out.get("type") == "object" and "properties" in out and not out.get("x-kubernetes-preserve-unknown-fields"):
            out.setdefault("additionalProperties", False)
        return out
    if isinstance(node, list):
        return [_strict(v) for v in node]
    return node


def _pod_templates(doc: dict[str, Any]) -> list[dict[str, Any]]:
    if doc["kind"] == "LeaderWorkerSet":
        t = doc["spec"]["leaderWorkerTemplate"]
        return [t["leaderTemplate"], t["workerTemplate"]]
    if doc["kind"] == "Deployment":
        return [doc["spec"]["template"]]
    if doc["kind"] == "Pod":
        return [{"metadata": doc["metadata"], "spec": doc["spec"]}]
    return []


@pytest.mark.parametrize("name", list(LAUNCHES))
def test_every_document_validates_strictly(manifests, name):
    kubernetes_validate = pytest.importorskip("kubernetes_validate")
    import jsonschema

    record = json.loads(LWS_FIXTURE.read_text(encoding="utf-8"))
    assert record["release"] == "v0.10.0" and record["kind"] == "LeaderWorkerSet"
    lws_schema = _strict(record["openAPIV3Schema"])
    kinds = []
    for doc in manifests[name]:
        kinds.append(doc["kind"])
        if doc["kind"] == "LeaderWorkerSet":
            jsonschema.validate(doc, lws_schema)
        else:
            kubernetes_validate.validate(doc, K8S_VERSION, strict=True)
        for template in _pod_templates(doc):  # the pod inside, by Kubernetes' own PodTemplate schema
            kubernetes_validate.validate({"apiVersion": "v1", "kind": "PodTemplate",
                                          "metadata": {"name": "t"}, "template": template}, K8S_VERSION, strict=True)
    assert "Service" in kinds
    assert any(k in ("Deployment", "Pod", "LeaderWorkerSet") for k in kinds)


def test_the_strict_lws_schema_refuses_what_the_crd_does_not_know(manifests):
    import jsonschema

    lws_schema = _strict(json.loads(LWS_FIXTURE.read_text(encoding="utf-8"))["openAPIV3Schema"])
    lws = next(d for d in manifests["sglang-a3-2n"] if d["kind"] == "LeaderWorkerSet")
    broken = json.loads(json.dumps(lws))
    broken["spec"]["leaderWorkerTemplate"]["sise"] = 2
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, lws_schema)
    broken = json.loads(json.dumps(lws))
    broken["spec"]["leaderWorkerTemplate"]["size"] = "two"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, lws_schema)


# --- what each pod runs ----------------------------------------------------------------------------------------

_REF = re.compile(r"\$\$|\$\(([A-Za-z_][A-Za-z0-9_]*)\)")


def expand(text: str, env: dict[str, str]) -> str:
    """Kubernetes' expansion of command and args: $$ is $, $(VAR) its value when defined, else left as written."""
    return _REF.sub(lambda m: "$" if m.group(0) == "$$" else env.get(m.group(1), m.group(0)), text)


def _pods(doc: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, str]]]:
    """Each pod of the workload: its container and the variables LWS gives it."""
    if doc["kind"] != "LeaderWorkerSet":
        return [(_pod_templates(doc)[0]["spec"]["containers"][0], {})]
    t = doc["spec"]["leaderWorkerTemplate"]
    n, name = t["size"], doc["metadata"]["name"]
    leader = f"{name}-0.{name}.{NAMESPACE}"  # LWS's leader address: the leader pod's DNS name
    return [((t["leaderTemplate"] if i == 0 else t["workerTemplate"])["spec"]["containers"][0],
             {"LWS_LEADER_ADDRESS": leader, "LWS_GROUP_SIZE": str(n), "LWS_WORKER_INDEX": str(i)})
            for i in range(n)]


def _argv(container: dict[str, Any], lws: dict[str, str], pod_ip: str) -> list[str]:
    env = {**lws, "POD_IP": pod_ip}
    for e in container.get("env", []):
        if "value" in e:
            env[e["name"]] = expand(e["value"], env)
    return [expand(t, env) for t in container["command"] + container["args"]]


def _target(name: str) -> str:
    return LAUNCHES[name][0][LAUNCHES[name][0].index("--target") + 1]


@pytest.mark.parametrize("name", list(LAUNCHES))
def test_each_pod_reads_its_own_rank_and_one_leader(manifests, name):
    workloads = [d for d in manifests[name] if d["kind"] != "Service"
                 and d["metadata"]["labels"].get(ROLE_LABEL) != "proxy"]  # the proxy runs no engine launch
    assert len(workloads) == (2 if name.endswith("-pd") else 1)
    for doc in workloads:
        pods = _pods(doc)
        seen = []
        for i, (container, lws) in enumerate(pods):
            argv = _argv(container, lws, f"10.1.0.{i}")
            assert not any("$(" in t for t in argv), argv          # every reference was filled in
            compiled = compile(argv, CompileOptions(target=_target(name), env={}))
            errors = [f"{f.code} {f.message.en}" for f in compiled.findings if f.severity == ERROR]
            assert not errors, (name, i, argv, errors)
            seen.append((i, compiled.values, lws))
        if len(pods) == 1:
            continue
        n = len(pods)
        leader = pods[0][1]["LWS_LEADER_ADDRESS"]
        for i, values, _ in seen:
            if name.startswith("sglang"):
                assert values["node_rank"] == i and values["nnodes"] == n
                assert values["dist_init_addr"].rpartition(":")[0] == leader
            elif name.startswith("vllm-a3-dp"):
                assert values["data_parallel_start_rank"] == 2 * i and values["data_parallel_address"] == leader
                assert values["headless"] == (i > 0)
            else:
                assert values["node_rank"] == i and values["nnodes"] == n and values["master_addr"] == leader
                assert values["headless"] == (i > 0)
        addresses = {v.get("dist_init_addr") or v.get("data_parallel_address") or v.get("master_addr")
                     for _, v, _ in seen}
        assert len(addresses) == 1                                       # one leader address for the group


def test_the_pod_asks_for_its_platform_devices_and_mounts(manifests):
    a3 = next(d for d in manifests["sglang-a3-2n"] if d["kind"] == "LeaderWorkerSet")
    spec = a3["spec"]["leaderWorkerTemplate"]["workerTemplate"]["spec"]
    container = spec["containers"][0]
    assert container["resources"]["limits"] == {"huawei.com/Ascend910": 16}
    mounts = {m["mountPath"] for m in container["volumeMounts"]}
    assert {"/dev/shm", "/usr/local/Ascend/driver", "/usr/local/bin/npu-smi"} <= mounts
    env = {e["name"] for e in container["env"]}
    assert {"HCCL_SOCKET_IFNAME", "GLOO_SOCKET_IFNAME", "HCCL_IF_IP"} <= env
    assert spec["hostNetwork"] is True and spec["terminationGracePeriodSeconds"] > 0
    leader = a3["spec"]["leaderWorkerTemplate"]["leaderTemplate"]["spec"]["containers"][0]
    assert leader["readinessProbe"]["httpGet"]["path"] == "/health" and "livenessProbe" in leader
    cuda = next(d for d in manifests["sglang-cuda"] if d["kind"] == "Deployment")
    c = cuda["spec"]["template"]["spec"]["containers"][0]
    assert c["resources"]["limits"] == {"nvidia.com/gpu": 8}
    assert {"NCCL_SOCKET_IFNAME", "GLOO_SOCKET_IFNAME"} <= {e["name"] for e in c["env"]}
    shm = {v["name"]: v for v in cuda["spec"]["template"]["spec"]["volumes"]}["dshm"]["emptyDir"]["sizeLimit"]
    assert shm == "32Gi"                                                  # 4Gi for each of the 8 GPUs
    cpu = next(d for d in manifests["cpu"] if d["kind"] == "Deployment")
    assert "resources" not in cpu["spec"]["template"]["spec"]["containers"][0]
    pd = [d["metadata"]["name"] for d in manifests["sglang-a3-pd"] if d["kind"] != "Service"]
    assert pd == ["sglang-ds-prefill", "sglang-ds-decode"]
    services = {d["metadata"]["name"]: d for d in manifests["sglang-a3-pd"] if d["kind"] == "Service"}
    prefill_ports = {p["name"]: p["port"] for p in services["sglang-ds-prefill"]["spec"]["ports"]}
    assert prefill_ports == {"http": 30000, "bootstrap": 8998}      # the decode side and the router reach it
    assert {p["name"] for p in services["sglang-ds-decode"]["spec"]["ports"]} == {"http"}


def test_pd_header_names_the_router_and_notes_say_what_to_mount():
    proc = _export(*LAUNCHES["sglang-a3-pd"])
    assert ("--pd-disaggregation --prefill http://sglang-ds-prefill:30000 8998 --decode http://sglang-ds-decode:30000"
            in proc.stdout)
    assert "AM-N833" in proc.stderr                                   # /models/ds: in the image or a volume
    proc = _export(*LAUNCHES["sglang-a3-2n"])
    assert "AM-N832" in proc.stderr                                   # hostNetwork: which NIC?
    proc = _export(*LAUNCHES["sglang-a3-2n"], "--socket-ifname", "enp23s0f3")
    assert "AM-N832" not in proc.stderr and "enp23s0f3" in proc.stdout


def test_image_is_required_and_own_options_win_over_engine_abbreviations():
    proc = subprocess.run([sys.executable, "-m", "argmatrix", "export", "--to", "k8s", "--target", "a3", "--",
                           "--model-path", "/m"], capture_output=True, text=True, env={"PYTHONPATH": str(ROOT)},
                          cwd=ROOT, timeout=120)
    assert proc.returncode == 2 and "AM-E825" in proc.stderr and "--image" in proc.stderr
    # --image and --name before `--` are argmatrix's, not abbreviations of SGLang flags
    proc = _export(["--target", "a3", "--name", "qwen", "--kind", "pod"], ["--model-path", "/m"])
    assert proc.returncode == 0, proc.stderr
    docs = [d for d in yaml.safe_load_all(proc.stdout) if d]
    pod = next(d for d in docs if d["kind"] == "Pod")
    assert pod["metadata"]["name"] == "qwen" and pod["spec"]["containers"][0]["image"] == "registry/engine:1"
    assert "--image" not in pod["spec"]["containers"][0]["args"]
    kubernetes_validate = pytest.importorskip("kubernetes_validate")
    for doc in docs:
        kubernetes_validate.validate(doc, K8S_VERSION, strict=True)


def test_references_are_checked_and_other_dollars_escaped():
    proc = _export(["--target", "a3"], ["--model-path", "/m", "--tp", "16", "--node-rank", "$(NOPE)",
                                        "--served-model-name", "a$(HOME)"])
    assert proc.returncode == 1
    assert "AM-E824" in proc.stderr and "NOPE" in proc.stderr        # no such variable in the pod
    assert "AM-W820" in proc.stderr                                    # not a reference flag: written with $$
    proc = _export(["--target", "a3"], ["--model-path", "/m", "--tp", "16", "--served-model-name", "a$(HOME)"])
    assert proc.returncode == 0, proc.stderr
    args = next(d for d in yaml.safe_load_all(proc.stdout) if d and d["kind"] == "Deployment")[
        "spec"]["template"]["spec"]["containers"][0]["args"]
    assert args[args.index("--served-model-name") + 1] == "a$$(HOME)"
    # LWS's variables exist only in a group
    proc = _export(["--target", "a3"], ["--model-path", "/m", "--tp", "16", "--node-rank", "$(LWS_WORKER_INDEX)"])
    assert proc.returncode == 1 and "AM-E824" in proc.stderr


def _check(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "argmatrix", "check-config", *args], capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT)}, cwd=ROOT, timeout=120)


def test_check_config_for_k8s_takes_lws_references_as_values():
    sglang = ["--model-path", "/m", "--tp", "32", "--dist-init-addr", "$(LWS_LEADER_ADDRESS):20102",
              "--nnodes", "$(LWS_GROUP_SIZE)", "--node-rank", "$(LWS_WORKER_INDEX)"]
    plain = _check("--target", "a3", "--", *sglang)
    assert plain.returncode == 1 and "AM-E010" in plain.stdout       # without --for k8s: not a number
    proc = _check("--for", "k8s", "--nodes", "2", "--target", "a3", "--", *sglang)
    assert proc.returncode == 0, proc.stdout
    assert "AM-N822" in proc.stdout and "$(LWS_WORKER_INDEX)" in proc.stdout
    assert "AM-E822" in _check("--for", "k8s", "--target", "a3", "--", *sglang).stdout   # how many pods?
    vllm = ["vllm", "serve", "/m", "-tp", "8", "--data-parallel-size", "4", "--data-parallel-size-local", "2",
            "--data-parallel-start-rank", "$(DP_START)", "--data-parallel-address", "$(LWS_LEADER_ADDRESS)"]
    proc = _check("--for", "k8s", "--target", "a3", "--", *vllm)
    assert proc.returncode == 0, proc.stdout
    # a rank reference is the whole value; the checks still run on what pod 0 reads (rank 0 of nnodes 2)
    proc = _check("--for", "k8s", "--nodes", "2", "--target", "a3", "--", "--model-path", "/m", "--tp", "32",
                  "--nnodes", "$(LWS_GROUP_SIZE)", "--node-rank", "x$(LWS_WORKER_INDEX)",
                  "--dist-init-addr", "$(LWS_LEADER_ADDRESS):1")
    assert proc.returncode == 1 and "AM-E821" in proc.stdout


def test_a_launch_read_as_another_engines_is_refused_not_translated():
    proc = _export(["--target", "a3", "--engine", "vllm"], ["--model-path", "/m", "--tp", "32", "--nnodes", "2",
                                                            "--dist-init-addr", "10.0.0.1:5000"])
    assert proc.returncode == 2 and "AM-E827" in proc.stderr and "Traceback" not in proc.stderr


# --- vLLM prefill/decode ------------------------------------------------------------------------------------------

def _by_name(docs: list[dict[str, Any]], kind: str) -> dict[str, dict[str, Any]]:
    return {d["metadata"]["name"]: d for d in docs if d["kind"] == kind}


def _leader_container(doc: dict[str, Any]) -> dict[str, Any]:
    return _pods(doc)[0][0]


@pytest.mark.parametrize("name, base", [("vllm-a2-pd", "vllm-qwen3"), ("vllm-a3-dp-pd", "vllm-ds"),
                                        ("vllm-cuda-pd", "vllm-qwen3")])
def test_a_vllm_kv_transfer_launch_is_written_as_both_roles(manifests, name, base):
    """kv_role kv_producer on the prefill servers, kv_consumer on the decode ones (vLLM-Ascend's PD tutorials), the
    rest of the launch the same; each role's Service exposes its kv_port; engine ids stay apart."""
    docs = manifests[name]
    kind = "LeaderWorkerSet" if name == "vllm-a3-dp-pd" else "Deployment"
    workloads = {n: d for n, d in _by_name(docs, kind).items() if d["metadata"]["labels"][ROLE_LABEL] != "proxy"}
    assert set(workloads) == {f"{base}-prefill", f"{base}-decode"}
    given = json.loads(LAUNCHES[name][1][LAUNCHES[name][1].index("--kv-transfer-config") + 1])
    configs = {}
    for role, kv_role in (("prefill", "kv_producer"), ("decode", "kv_consumer")):
        doc = workloads[f"{base}-{role}"]
        assert doc["metadata"]["labels"][ROLE_LABEL] == role
        for i, (container, lws) in enumerate(_pods(doc)):
            compiled = compile(_argv(container, lws, f"10.1.0.{i}"), CompileOptions(target=_target(name), env={}))
            config = compiled.values["kv_transfer_config"]
            assert config["kv_role"] == kv_role and config["kv_connector"] == given["kv_connector"]
            assert {k: v for k, v in config.items() if k not in ("kv_role", "engine_id")} == \
                {k: v for k, v in given.items() if k not in ("kv_role", "engine_id")}
            configs[role] = config
        ports = {p["name"]: p["port"] for p in _by_name(docs, "Service")[f"{base}-{role}"]["spec"]["ports"]}
        assert ports == {"http": 8000, "kv-port": int(given["kv_port"])}
        assert {p["name"] for p in _leader_container(doc)["ports"]} == {"http", "kv-port"}
    if "engine_id" in given:  # the role not given gets an id of its own
        assert configs["prefill"]["engine_id"] != configs["decode"]["engine_id"]
        assert given["engine_id"] in (configs["prefill"]["engine_id"], configs["decode"]["engine_id"])


@pytest.mark.parametrize("name, base", [("vllm-a2-pd", "vllm-qwen3"), ("vllm-a3-dp-pd", "vllm-ds")])
def test_on_ascend_the_proxy_the_image_holds_fronts_the_roles(manifests, name, base):
    """vLLM-Ascend's load_balance_proxy_server_example.py, at the path its Dockerfile copies the repository to,
    sends each request to the prefill Service, then to the decode Service: one endpoint for clients."""
    docs = manifests[name]
    proxy = _by_name(docs, "Deployment")[f"{base}-proxy"]
    assert proxy["metadata"]["labels"][ROLE_LABEL] == "proxy"
    container = proxy["spec"]["template"]["spec"]["containers"][0]
    argv = container["command"] + container["args"]
    assert argv[1].endswith("/vllm-workspace/vllm-ascend/examples/disaggregated_prefill_v1/"
                            "load_balance_proxy_server_example.py".split("/vllm-workspace")[1])
    assert argv[argv.index("--prefiller-hosts") + 1] == f"{base}-prefill"
    assert argv[argv.index("--decoder-hosts") + 1] == f"{base}-decode"
    assert argv[argv.index("--prefiller-ports") + 1] == argv[argv.index("--decoder-ports") + 1] == "8000"
    assert container["readinessProbe"]["httpGet"]["path"] == "/healthcheck"
    assert "resources" not in container                              # the proxy holds no device
    service = _by_name(docs, "Service")[f"{base}-proxy"]
    assert service["spec"]["selector"] == proxy["spec"]["selector"]["matchLabels"]
    assert [p["port"] for p in service["spec"]["ports"]] == [8000]


def test_vllm_pd_headers_name_the_front():
    proc = _export(*LAUNCHES["vllm-a2-pd"])
    assert "roles prefill and decode" in proc.stdout and "vllm-qwen3-proxy (port 8000)" in proc.stdout
    zh = _export(*LAUNCHES["vllm-a2-pd"], "--lang", "zh")
    assert "角色为 prefill、decode" in zh.stdout and "vllm-qwen3-proxy（端口 8000）" in zh.stdout
    # CUDA images carry no proxy: the header names vLLM's own example, with the role Services filled in
    proc = _export(*LAUNCHES["vllm-cuda-pd"])
    assert ("disagg_proxy_demo.py --model /models/qwen3 --prefill vllm-qwen3-prefill:8000 "
            "--decode vllm-qwen3-decode:8000 --port 8000") in proc.stdout
    assert "proxy" not in {d["metadata"]["labels"].get(ROLE_LABEL) for d in yaml.safe_load_all(proc.stdout) if d}


def test_kv_both_is_one_server_not_two_roles():
    """kv_both stores and loads KV in one server (KV offloading, vLLM-Ascend's colocated tutorials): no roles."""
    proc = _export(["--target", "a2"], ["vllm", "serve", "/models/qwen3", "--kv-transfer-config",
                                        '{"kv_connector":"LMCacheConnectorV1","kv_role":"kv_both"}'])
    assert proc.returncode == 0, proc.stderr
    docs = [d for d in yaml.safe_load_all(proc.stdout) if d]
    assert [d["metadata"]["name"] for d in docs] == ["vllm-qwen3", "vllm-qwen3"]
    assert "roles" not in proc.stdout.splitlines()[0]
