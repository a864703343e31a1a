"""What argmatrix does with each check site of SGLang's start-up code that no rule ports.

A *site* is a ``raise``, an ``assert`` or a warn-and-override in SGLang's
``server_args.py`` or ``arg_groups/*.py`` of the release the inventory was
read from (``tools/sglang_check_sites.py`` writes the list of sites).  A site
is covered when a rule in ``matrix/sglang_checks/`` cites its ``file:line`` in
its ``source``; every other site has one entry here, in the module named after
its file (``serving_hook.py`` -> ``dispositions/serving_hook.py``; a file in a sub-folder keeps the folder,
``model_overrides/gpt_oss.py`` -> ``model_overrides_gpt_oss.py``, ``fields/__init__.py`` -> ``fields_init.py``:
``coverage.disposition_module``), keyed by its line in that release.
"""
from __future__ import annotations

from typing import Literal

from ....records import record

# model: needs the model's config.json; covered by a check in compiler/model_checks.py (named in `why`). A site that
#   a rule with ``reads_model`` ports (it reads ``c.model``, the config facts) is ported, not listed here.
# runtime: needs devices, files, the network or a running process; nothing can judge it before start-up.
# not-applicable: cannot fire from a launch line (internal invariant, dead branch, a test-only path), said why.
# declared: refused before any rule by what the argument's declaration says (type, bound, choices: AM-E010), by the
#   platform's table (AM-E105) or by the release's spelling facts (AM-W107, AM-E109..E113); `why` names which.
# pending: not ported yet (model-independent, or needing a rule that reads the model); the coverage report counts these as gaps, never as covered.
Kind = Literal["model", "runtime", "not-applicable", "declared", "pending"]


@record
class Disposition:
    kind: Kind
    why: str  # one line: which check covers it, or why none can
