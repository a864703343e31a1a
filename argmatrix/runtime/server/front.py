"""The ``--dp-size`` front: what listens on ``--host``/``--port`` in front of sglang-router.

sglang-router (0.3.2, the newest release) has no ``GET /v1/models/{id}`` route: the OpenAI client's
``models.retrieve`` got a bare 404 through it, although every replica answers it.  The front answers that
one route from the router's own ``/v1/models`` (the model list it builds from the replicas) and passes every
other request to the router unchanged, streaming bodies both ways, so routing, policies and SGLang's
router behaviour stay the router's.  It runs in the launcher process (a uvicorn server in a thread).
"""
from __future__ import annotations

import json
import re
import threading
from typing import Any

# a model id may hold slashes (a path used as the served name)
MODEL_ROUTE = re.compile(r"^/v1/models/(?P<id>.+)$")
# hop-by-hop headers are the connection's, not the message's (RFC 9110 7.6.1); a request's host and length are
# set again for the hop to the router
HOP_HEADERS = frozenset({b"connection", b"keep-alive", b"proxy-authenticate", b"proxy-authorization", b"te",
                         b"trailer", b"transfer-encoding", b"upgrade"})
REQUEST_ONLY = frozenset({b"host", b"content-length"})


def _error(message: str, code: str, param: str | None = None) -> bytes:
    return json.dumps({"error": {"message": message, "type": "invalid_request_error", "param": param,
                                 "code": code}}).encode()


class Front:
    """An ASGI app forwarding to ``upstream`` (the router), answering ``GET /v1/models/{id}`` itself."""

    def __init__(self, upstream: str):
        import httpx

        self.upstream = upstream.rstrip("/")
        # no read timeout: a stream lasts as long as the generation; the router applies its own limits
        self.client = httpx.AsyncClient(base_url=self.upstream, timeout=httpx.Timeout(None, connect=10.0))

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await self.client.aclose()
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        if scope["type"] != "http":
            return
        match = MODEL_ROUTE.match(scope.get("path", ""))
        if match and scope["method"] == "GET":
            return await self._model(scope, match.group("id"), send)
        return await self._forward(scope, receive, send)

    def _headers(self, scope: dict) -> list[tuple[bytes, bytes]]:
        return [(k, v) for k, v in scope.get("headers", ()) if k.lower() not in HOP_HEADERS | REQUEST_ONLY]

    async def _model(self, scope: dict, model_id: str, send: Any) -> None:
        """``models.retrieve``: the card from the router's model list (auth headers passed on)."""
        r = await self.client.get("/v1/models", headers=self._headers(scope))
        status, body = r.status_code, r.content
        if status == 200:
            try:
                cards = [c for c in r.json().get("data", []) if isinstance(c, dict)]
            except ValueError:
                cards = []
            card = next((c for c in cards if c.get("id") == model_id), None)
            if card is None:
                status = 404
                known = ", ".join(str(c.get("id")) for c in cards) or "none"
                body = _error(f"model '{model_id}' is not served here (served: {known})", "model_not_found",
                              "model")
            else:
                body = json.dumps(card).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})

    async def _forward(self, scope: dict, receive: Any, send: Any) -> None:
        # request bodies are small JSON: read whole, so the router gets a Content-Length, not a chunked upload
        parts = []
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            parts.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(parts)
        path = scope.get("raw_path") or scope["path"].encode()
        url = path.decode("latin-1") + (("?" + scope["query_string"].decode("latin-1")) if scope.get("query_string")
                                        else "")
        request = self.client.build_request(scope["method"], url, headers=self._headers(scope),
                                            content=body or None)
        import httpx

        try:
            response = await self.client.send(request, stream=True)
        except httpx.HTTPError as exc:
            payload = _error(f"the router did not answer: {exc}", "router_unavailable")
            await send({"type": "http.response.start", "status": 502,
                        "headers": [(b"content-type", b"application/json"),
                                    (b"content-length", str(len(payload)).encode())]})
            await send({"type": "http.response.body", "body": payload})
            return
        try:
            headers = [(k, v) for k, v in response.headers.raw if k.lower() not in HOP_HEADERS]
            await send({"type": "http.response.start", "status": response.status_code, "headers": headers})
            async for chunk in response.aiter_raw():
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
            await send({"type": "http.response.body", "body": b""})
        finally:
            await response.aclose()


def start_front(sock: Any, upstream: str) -> tuple[Any, threading.Thread]:
    """Serve :class:`Front` on a bound socket from a daemon thread; returns (uvicorn server, thread)."""
    import uvicorn

    config = uvicorn.Config(Front(upstream), log_config=None, access_log=False, lifespan="on",
                            server_header=False)
    server = uvicorn.Server(config)             # off the main thread uvicorn leaves signals to the launcher
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name="dp-front", daemon=True)
    thread.start()
    return server, thread
