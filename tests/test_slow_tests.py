"""tests/slow_tests.txt names real tests: a renamed or removed test would otherwise drop out of the list unseen
(and a new name of a slow test would run in the edit-test loop)."""
from __future__ import annotations

import ast

from tests.conftest import ROOT, slow_test_ids


def test_every_listed_slow_test_exists():
    missing = []
    for node_id in sorted(slow_test_ids()):
        path, _, name = node_id.partition("::")
        function = name.split("[")[0]
        file = ROOT / path
        found = file.is_file() and any(
            isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == function
            for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))))
        if not found:
            missing.append(node_id)
    assert not missing, f"tests/slow_tests.txt lists tests that do not exist: {missing}"
