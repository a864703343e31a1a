"""Fixtures for the generated-docs tests: everything the code would write, rendered once per session."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def files() -> dict[str, str]:
    from argmatrix.cli.app import app
    from argmatrix.cli.help_pages import all_files as render_all

    return render_all(app)
