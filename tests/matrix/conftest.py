"""Prints the coverage of SGLang's start-up check sites at the end of a run that collected their test."""
from __future__ import annotations

_COLLECTED: list[bool] = []


def pytest_collection_modifyitems(session, config, items):
    if any(item.fspath.basename == "test_sglang_check_sites.py" for item in items):
        _COLLECTED.append(True)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if not _COLLECTED:
        return
    from argmatrix.matrix.engines.sglang import all_rules
    from argmatrix.matrix.sglang_checks import coverage as cv

    from .test_sglang_check_sites import INVENTORY

    sites = cv.load_sites(INVENTORY)["sites"]
    cov = cv.compute(sites, all_rules(), cv.load_dispositions({s["file"] for s in sites}))
    terminalreporter.write_line(cv.report(cov))
