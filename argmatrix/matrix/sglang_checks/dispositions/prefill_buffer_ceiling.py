"""prefill_buffer_ceiling.py (0.5.23) sites no rule ports, and why."""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    24: Disposition("not-applicable", "a plugin registering a second prefill-buffer provider; no launch flag "
                                      "reaches it"),
}
