"""The ``argmatrix`` console script."""
from __future__ import annotations


def main() -> None:
    from .app import app

    app()
