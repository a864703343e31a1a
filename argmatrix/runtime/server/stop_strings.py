"""Stop strings, matched in the server as text arrives, never inside the engine's step.

The engine is asked for tokens only; each choice's text passes through a
:class:`StopMatcher`, which searches just the new text plus the last
``longest - 1`` characters seen (a match cannot start earlier), so one feed
costs O(stop strings x (new text + longest stop)), bounded by
``--max-stop-strings`` and ``--max-stop-string-length`` whatever the output
length.  Streams hold those last characters back until they cannot be the
start of a stop string.
"""
from __future__ import annotations


class StopMatcher:
    def __init__(self, stops: list[str]):
        self.stops = [s for s in stops if s]
        self.hold = max((len(s) for s in self.stops), default=1) - 1
        self.held = ""             # text seen but not yet released (may begin a stop string)
        self.stopped = False

    def feed(self, delta: str, final: bool = False) -> tuple[str, bool]:
        """Add new text; return (text safe to release, whether a stop string was found).

        After a match the text before it is released and everything later is dropped.
        ``final``: the output ended, release whatever is held.
        """
        if self.stopped:
            return "", True
        buf = self.held + delta
        cut = -1
        for s in self.stops:
            i = buf.find(s)
            if i >= 0 and (cut < 0 or i < cut):
                cut = i
        if cut >= 0:
            self.stopped = True
            self.held = ""
            return buf[:cut], True
        if final or self.hold == 0:
            self.held = ""
            return buf, False
        keep = min(self.hold, len(buf))
        self.held = buf[len(buf) - keep:]
        return buf[:len(buf) - keep], False
