"""State-changing operations: flush the prefix cache, abort a request."""
from __future__ import annotations

import asyncio

from fastapi import Request

from .auth import caller_of
from .errors import APIError
from .openai_api import AbortRequest, AbortResponse, FlushCacheResponse
from .serving_base import Serving


class AdminServing(Serving):
    async def flush_cache(self) -> FlushCacheResponse:
        if not await asyncio.to_thread(self.st.engine.flush_cache):
            raise APIError(409, "the cache was not flushed: requests are queued or running; retry when idle",
                           code="busy")
        return FlushCacheResponse(success=True, message="Cache flushed.")

    async def abort(self, body: AbortRequest, request: Request) -> AbortResponse:
        """The admin aborts any request; anyone else only the requests they sent (others look absent)."""
        caller = caller_of(request.scope)
        # ids are the caller's own (tracking.scoped_rid): a user finds only its requests, the admin every caller's
        engine_rids = self.st.tracker.find(body.rid, None if caller.admin else caller.principal)
        aborted = [r for r in engine_rids if self.st.engine.abort(r)]
        if not aborted:
            raise APIError(404, f"no running request of yours with id {body.rid!r}" if not caller.admin else
                           f"no running request with id {body.rid!r}", param="rid", code="not_found")
        return AbortResponse(success=True, rid=body.rid)
