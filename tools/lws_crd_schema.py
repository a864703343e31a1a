"""Record the LeaderWorkerSet CRD's OpenAPI schema as a test fixture (run by hand, never in CI).

    git -C lws show v0.10.0:config/crd/bases/leaderworkerset.x-k8s.io_leaderworkersets.yaml > crd.yaml
    python tools/lws_crd_schema.py crd.yaml v0.10.0 $(git -C lws rev-parse v0.10.0^{commit})

writes tests/fixtures/lws/leaderworkerset-v1.json: the served version's ``openAPIV3Schema`` with its
``description`` texts left out (the fixture checks structure, not prose), and where it was read.
``tests/compiler/test_k8s_manifest.py`` validates every LeaderWorkerSet argmatrix writes against it.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import yaml

OUT = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "lws" / "leaderworkerset-v1.json"


def _without_descriptions(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _without_descriptions(v) for k, v in node.items() if k != "description"}
    if isinstance(node, list):
        return [_without_descriptions(v) for v in node]
    return node


def main(crd_path: str, version: str, commit: str) -> None:
    crd = yaml.safe_load(Path(crd_path).read_text(encoding="utf-8"))
    served = next(v for v in crd["spec"]["versions"] if v["name"] == "v1")
    record = {"source": "https://github.com/kubernetes-sigs/lws config/crd/bases/"
                        "leaderworkerset.x-k8s.io_leaderworkersets.yaml",
              "release": version, "commit": commit, "license": "Apache-2.0",
              "group": crd["spec"]["group"], "kind": crd["spec"]["names"]["kind"], "version": served["name"],
              "openAPIV3Schema": _without_descriptions(served["schema"]["openAPIV3Schema"])}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main(*sys.argv[1:4])
