"""Tables of SGLang facts name only SGLang's arguments.  These were checks run at import; they are tests now, so a
module that a vLLM launch imports does not load SGLang's argument table to check itself."""
from __future__ import annotations

from argmatrix.compiler.derive import DERIVATIONS
from argmatrix.matrix.platforms.cpu import CPU_CI_LAUNCHES, CPU_DEFAULTS, CPU_NEEDS, CPU_OPTIONS
from argmatrix.matrix.table_rules import PARENTS, RULES
from argmatrix.schema.registry import SPECS


def test_derivations_fill_sglang_arguments():
    assert {d.target for d in DERIVATIONS} - set(SPECS) == set()


def test_the_table_rules_and_parents_name_sglang_arguments():
    for rule in RULES:
        assert set(rule.fields) - set(SPECS) == set(), rule.id
    for parent in PARENTS:
        assert {parent.parent, *parent.children} - set(SPECS) == set(), parent.id
        assert parent.children, parent.id  # a prefix that matches nothing would make the parent say nothing


def test_the_cpu_columns_tables_name_sglang_arguments():
    for table in (CPU_NEEDS, CPU_OPTIONS, CPU_DEFAULTS, CPU_CI_LAUNCHES):
        assert set(table) - set(SPECS) == set()
