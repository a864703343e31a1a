"""Dispositions of the check sites in SGLang 0.5.23's ``server_args.py`` that no rule ports (see ``__init__``).

Ported: server_args.py:793 (the decoupled-speculation endpoints), AM-E275 in ``sglang_checks/serving.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    209: Disposition("not-applicable", "module __getattr__ for lazy re-exports: a Python import error, no launch "
                                       "argument reaches it"),
    253: Disposition("not-applicable", "resolve_once called again on a record whose resolution already failed: a "
                                       "programming error inside SGLang, not a launch line"),
    296: Disposition("not-applicable", "re-raises whatever the resolution pipeline raised; each of those is its own "
                                       "site"),
    478: Disposition("not-applicable", "guard against SGLang code assigning server_args during resolution: an "
                                       "internal invariant"),
    486: Disposition("not-applicable", "guard against SGLang code assigning server_args after resolution: an "
                                       "internal invariant"),
    643: Disposition("not-applicable", "get_global_server_args() is retired and raises for old imports: no launch "
                                       "argument reaches it"),
    857: Disposition("not-applicable", "worker ports are always handed over by the data-parallel controller on that "
                                       "path: an internal invariant"),
    888: Disposition("runtime", "re-raises a port that is already in use on this host (wait_port_available)"),
}
