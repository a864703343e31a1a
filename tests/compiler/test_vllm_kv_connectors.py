"""``--kv-transfer-config``'s ``kv_connector`` against the connectors each engine release registers (AM-E974).

The names come from the engines' own code, read with ``ast`` into the release fixtures: vLLM's
``KVConnectorFactory.register_connector`` calls (``tools/vllm_release.py``) and vLLM-Ascend's
(``tools/vllm_ascend_release.py``).  vLLM refuses any other name at start-up ("Unsupported connector type",
``vllm/distributed/kv_transfer/kv_connector/factory.py``) unless ``kv_connector_module_path`` supplies the class.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from argmatrix.compiler import CompileOptions, compile
from argmatrix.matrix.engines import vllm_ascend_facts as ascend
from argmatrix.schema.vllm import releases as vllm_releases

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import vllm_ascend_release  # noqa: E402
import vllm_release  # noqa: E402

MODEL = "Qwen/Qwen2.5-7B"


def kv(connector: str, **more) -> list[str]:
    return ["vllm", "serve", MODEL, "--kv-transfer-config",
            json.dumps({"kv_connector": connector, "kv_role": "kv_both", **more})]


def hits(argv: list[str], target: str, **versions: str):
    compiled = compile(argv, CompileOptions(target=target, releases={k.replace("_", "-"): v for k, v in versions.items()}))
    return [f for f in compiled.findings if f.code == "AM-E974"]


# --- the facts, per release, as each fixture holds them -------------------------------------------------------

def test_every_held_vllm_release_names_its_connectors_and_its_refusal():
    for release in vllm_releases.HELD:
        fixture = json.loads((ROOT / "tests" / "fixtures" / f"vllm-{release}.json").read_text(encoding="utf-8"))
        names = [r["name"] for r in fixture["kv_connectors"]["registered"]]
        assert names and set(names) == set(vllm_releases.kv_connectors_in(release) or ())
        assert {"NixlConnector", "MultiConnector", "LMCacheConnectorV1"} <= set(names), release
        assert vllm_releases.kv_connector_refusal(release).startswith(
            "vllm/distributed/kv_transfer/kv_connector/factory.py:")
    assert vllm_releases.kv_connector_refusal("0.34.0").endswith(":133")  # where the conformance verdicts say
    assert vllm_releases.kv_connector_refused_in() == vllm_releases.HELD
    assert "P2pNcclConnector" in (vllm_releases.kv_connectors_in("0.23.0") or ())
    assert "P2pNcclConnector" not in (vllm_releases.kv_connectors_in("0.32.0") or ())
    assert vllm_releases.kv_connectors_in("0.99.0") is None  # not held: nothing to judge by


def test_every_held_vllm_ascend_release_registers_its_own_connectors():
    for release in ascend.RELEASES:
        names = ascend.kv_connectors(release)
        assert {"MooncakeConnectorV1", "MooncakeConnectorStoreV1", "AscendStoreConnector"} <= set(names), release
        assert all(site.startswith("vllm_ascend/distributed/") for site in names.values())
    assert "RecomputeCPUOffloadConnector" not in ascend.kv_connectors("0.18.0")
    assert "RecomputeCPUOffloadConnector" in ascend.kv_connectors("main")


def test_the_readers_take_the_names_from_register_connector_calls_with_ast():
    source = (
        "class KVConnectorFactory:\n"
        "    def get_connector_class(cls, c):\n"
        "        raise ValueError(f'Unsupported connector type: {c}')\n"
        "KVConnectorFactory.register_connector('A', 'pkg.a', 'A')\n"
        "KVConnectorFactory.register_connector('B', 'pkg.b', 'B')\n")

    class Package:  # a stand-in vllm folder
        def __truediv__(self, rel: str):
            class File:
                def read_text(self, encoding: str) -> str:
                    return source
            assert rel == vllm_release.KV_FACTORY
            return File()

    read = vllm_release.kv_connectors(Package())  # type: ignore[arg-type]
    assert [r["name"] for r in read["registered"]] == ["A", "B"] and read["refused_at"] == 3
    plugin = vllm_ascend_release.kv_connectors({
        "vllm_ascend/distributed/kv_transfer/__init__.py":
            "def register_connector():\n    KVConnectorFactory.register_connector('C', 'm', 'C')\n",
        "vllm_ascend/other.py": "x = 1\n"})
    assert plugin == {"C": {"site": "vllm_ascend/distributed/kv_transfer/__init__.py:2", "module": "m"}}


# --- the check --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("connector", ["AscendStoreConnector", "MooncakeConnectorStoreV1", "MooncakeConnectorV1",
                                       "UCMConnector", "RecomputeCPUOffloadConnector"])
@pytest.mark.parametrize("target", ["cuda", "cpu"])
def test_an_ascend_connector_off_ascend_is_refused_and_named_as_vllm_ascends(connector, target):
    [hit] = hits(kv(connector), target)
    assert hit.severity == "error" and hit.flag == "--kv-transfer-config" and hit.value == connector
    assert hit.source == "argv[3]"
    assert "vLLM-Ascend's connector" in hit.message.en and "only on Ascend NPUs" in hit.message.en
    assert "factory.py:133" in hit.message.en and "vLLM 0.34.0" in hit.message.en
    assert "--target a2" in hit.hint.en and "kv_connector_module_path" in hit.hint.en
    assert "vLLM-Ascend 的连接器" in hit.message.zh and "昇腾 NPU" in hit.message.zh


@pytest.mark.parametrize("target", ["a2", "a3"])
@pytest.mark.parametrize("connector", ["AscendStoreConnector", "MooncakeConnectorV1", "NixlConnector",
                                       "MultiConnector"])
def test_ascend_and_vllm_connectors_pass_on_ascend(connector, target):
    assert not hits(kv(connector), target)


@pytest.mark.parametrize("connector", ["NixlConnector", "LMCacheConnectorV1", "OffloadingConnector",
                                       "MooncakeConnector"])
def test_vllms_own_connectors_pass_on_cuda(connector):
    assert not hits(kv(connector), "cuda")


def test_a_connector_follows_the_checked_releases():
    """RecomputeCPUOffloadConnector is registered from vLLM-Ascend 0.23.0.post1 on; P2pNcclConnector by vLLM 0.13-0.23."""
    assert hits(kv("RecomputeCPUOffloadConnector"), "a2", vllm_ascend="0.18.0")
    assert not hits(kv("RecomputeCPUOffloadConnector"), "a2", vllm_ascend="0.23.0.post1")
    [hit] = hits(kv("P2pNcclConnector"), "cuda", vllm="0.34.0")
    assert "vLLM 0.23.0" in hit.message.en and "--vllm-version 0.23.0" in hit.hint.en
    assert not hits(kv("P2pNcclConnector"), "cuda", vllm="0.23.0")


def test_a_misspelt_connector_gets_the_nearest_registered_name():
    [hit] = hits(kv("NixlConector"), "cuda")
    assert "use NixlConnector" in hit.hint.en and "改用 NixlConnector" in hit.hint.zh


def test_a_module_path_lets_any_name_through():
    assert not hits(kv("MyConnector", kv_connector_module_path="my_pkg.connectors"), "cuda")
    assert not hits(kv("UCMConnector", kv_connector_module_path="ucm.integration.vllm"), "cpu")


def test_the_dotted_form_is_checked():
    argv = ["vllm", "serve", MODEL, "--kv-transfer-config.kv_connector", "AscendStoreConnector",
            "--kv-transfer-config.kv_role", "kv_both"]
    [hit] = hits(argv, "cuda")
    assert hit.value == "AscendStoreConnector" and "vLLM-Ascend" in hit.message.en
    assert not hits(argv, "a3")


def test_multi_connector_children_are_checked():
    children = {"connectors": [{"kv_connector": "NixlConnector"}, {"kv_connector": "AscendStoreConnector"},
                               {"kv_connector": "Mine", "kv_connector_module_path": "my.mod"}]}
    [hit] = hits(kv("MultiConnector", kv_connector_extra_config=children), "cuda")
    assert hit.value == "AscendStoreConnector"
    assert "kv_connector_extra_config.connectors[1].kv_connector" in hit.message.en
    assert not hits(kv("MultiConnector", kv_connector_extra_config=children), "a2")


def test_the_chinese_message_reads_as_chinese():
    [hit] = hits(kv("UCMConnector"), "cuda")
    assert hit.message.zh.startswith("--kv-transfer-config 的 kv_connector“UCMConnector”是 vLLM-Ascend 的连接器")
    assert "会拒绝启动" in hit.message.zh and "在昇腾上请用 --target a2 或 a3 检查" in hit.hint.zh
    [other] = hits(kv("NoSuchConnector"), "a2")
    assert "不是 A2 上的 vLLM 0.34.0 与 vLLM-Ascend" in other.message.zh
