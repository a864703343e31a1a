"""The FastAPI application: routers per API over a started engine.

``build_app(engine, compiled)`` returns the app; it neither starts nor stops
the engine (``launch.ServingRuntime`` does), but its lifespan runs the
watchdog, the decode-throughput log and the GC watch while it serves.

Routers (``routers/``): OpenAI-compatible (``/v1/models``, ``/v1/completions``,
``/v1/chat/completions``), native (``/generate``, ``/get_model_info``,
``/get_server_info``, ``/version``), admin (``/get_server_info/admin``,
``POST /flush_cache``, ``POST /abort_request``) and health (``/health``,
``/health_generate``, ``/metrics``).  Each route hands the work to one serving
class per endpoint family (``serving_*.py``) and declares its response model.

Middleware, outermost first: root path, status counting (:mod:`.edge`), the
Host/Origin guard (servers without ``--api-key``), API keys (:mod:`.auth`), the
body guard (JSON only, size and read-time limits).
"""
from __future__ import annotations

import contextlib
import inspect
import logging
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI

from .auth import ADMIN_ONLY_PATHS, ADMIN_PATHS, APIKeyMiddleware
from .context import ServerContext, server_context
from .edge import BodyGuard, HostGuard, StatusCounter
from .errors import install_handlers
from .generation import map_engine_error
from .routers import admin, health, make_services, native, openai
from .state import ServerState

if TYPE_CHECKING:
    from ...compiler import Compiled
    from ...schema.model import ServerArgs

logger = logging.getLogger("argmatrix.server")


class _RootPath:
    """``--fastapi-root-path``: the app sits under this prefix behind a proxy.

    Requests reach the routes with the prefix (``/prefix/v1/models``) or with
    it already stripped by the proxy (``/v1/models``), and the OpenAPI schema
    lists the prefix as its server URL.
    """

    def __init__(self, app, root_path: str):
        self.app = app
        self.root_path = "/" + root_path.strip("/") if root_path.strip("/") else ""

    async def __call__(self, scope, receive, send):
        if scope["type"] in ("http", "websocket") and self.root_path and not scope.get("root_path"):
            scope = dict(scope, root_path=self.root_path)
        await self.app(scope, receive, send)


def _openapi_without_422(app: FastAPI) -> dict[str, Any]:
    """FastAPI documents a 422 for every body; this server answers validation errors with 400 instead.

    The bodies the generation routes parse themselves (``bodies.py``) reach the components through webhooks
    that declare them (:func:`_declare_parsed_bodies`), which are dropped here: FastAPI writes them exactly as it
    writes any body.
    """
    if app.openapi_schema is None:
        schema = FastAPI.openapi(app)
        schema.pop("webhooks", None)
        for ops in schema.get("paths", {}).values():
            for op in ops.values():
                op.get("responses", {}).pop("422", None)
        for name in ("HTTPValidationError", "ValidationError"):
            schema.get("components", {}).get("schemas", {}).pop(name, None)
        app.openapi_schema = schema
    return app.openapi_schema


def _declare_parsed_bodies(app: FastAPI) -> None:
    """One webhook per body model the routes parse off the loop: never served, only read by the OpenAPI writer."""
    from .bodies import PARSED_BODIES

    for model in PARSED_BODIES:
        def declared(body: Any) -> None:
            """Shown nowhere: the OpenAPI writer only reads its body's model."""

        declared.__annotations__ = {"body": model, "return": None}
        app.webhooks.add_api_route(f"body-{model.__name__}", declared, methods=["POST"])


def route_paths(routes: Any) -> frozenset[str]:
    """Every path served, looking inside included routers (newer FastAPI keeps them as one route each)."""
    out: set[str] = set()
    for r in routes:
        path = getattr(r, "path", None)
        if path:
            out.add(path)
        inner = getattr(r, "original_router", None)
        if inner is not None:
            out |= route_paths(inner.routes)
    return frozenset(out)


def build_app(engine: Any, compiled: Compiled | ServerArgs | ServerContext, *,
              state: ServerState | None = None) -> FastAPI:
    """The FastAPI app serving ``engine`` (already loaded) as configured by ``compiled``.

    ``compiled``: ``argmatrix.compile(...)``'s result, or a bare ``ServerArgs``.
    The app's ``state.server`` is the :class:`ServerState` (tests read its tracker).
    """
    import asyncio

    ctx = server_context(compiled)
    args = ctx.args
    st = state or ServerState(engine, ctx)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):
        from .monitor import Monitors

        st.loop = asyncio.get_running_loop()
        monitors = st.monitors = Monitors(st)
        monitors.start()
        try:
            yield
        finally:
            st.draining = True
            monitors.stop()
            st.tokpool.close()
            st.bodies.close()

    import argmatrix

    extra: dict[str, Any] = {}
    if "strict_content_type" in inspect.signature(FastAPI.__init__).parameters:
        extra["strict_content_type"] = False   # BodyGuard already insists on JSON (415) for any body
    app = FastAPI(title="argmatrix", version=argmatrix.__version__, lifespan=lifespan,
                  description="OpenAI-compatible and native SGLang-style endpoints over the argmatrix engine.",
                  **extra)
    app.state.server = st
    app.state.services = make_services(st)
    app.openapi = lambda: _openapi_without_422(app)   # type: ignore[method-assign]
    install_handlers(app)
    for router in (health.router, native.router, admin.router, openai.router):
        app.include_router(router)
    _declare_parsed_bodies(app)

    # -- middleware (last added runs first) ----------------------------------
    routes = route_paths(app.routes)
    app.add_middleware(BodyGuard, max_bytes=st.limits.max_request_body_bytes,
                       read_timeout_s=st.limits.request_read_timeout_s, max_containers=st.body_bounds.max_values)
    app.add_middleware(APIKeyMiddleware, api_key=args.api_key, admin_api_key=args.admin_api_key,
                       metrics_need_key=args.metrics_require_api_key, trust_proxy=args.trust_proxy)
    if not args.api_key:
        app.add_middleware(HostGuard, bound_host=args.host)
    app.add_middleware(StatusCounter, state=st, routes=routes)
    if args.fastapi_root_path:
        app.add_middleware(_RootPath, root_path=args.fastapi_root_path)
    assert ADMIN_PATHS | ADMIN_ONLY_PATHS <= routes, "every admin path must be a route"
    return app


__all__ = ["ServerState", "build_app", "map_engine_error"]
