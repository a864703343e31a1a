"""Redaction for the server: the one function every output uses lives in :mod:`argmatrix.schema.redact`.

Re-exported here so the server's modules keep one short import.
"""
from __future__ import annotations

from ...schema.redact import REDACTED, SECRET_FIELDS, is_secret_name, redact, redact_text

__all__ = ["REDACTED", "SECRET_FIELDS", "is_secret_name", "redact", "redact_text"]
