"""Read-only information: models, model info, server info (public and admin), version."""
from __future__ import annotations

import time
from typing import Any

import argmatrix

from .context import jsonable, resolved_args
from .openai_api import ModelCard, ModelInfo, ModelList, ServerInfo, ServerInfoAdmin, VersionInfo
from .redact import redact
from .serving_base import Serving


class InfoServing(Serving):
    def model_card(self) -> ModelCard:
        st = self.st
        return ModelCard(id=st.model_name, created=st.created, root=st.args.model_path,
                         max_model_len=st.engine.max_context_len)

    def models(self) -> ModelList:
        return ModelList(data=[self.model_card()])

    def model(self, model_id: str) -> ModelCard:
        self.st.check_model(model_id)
        return self.model_card()

    def model_info(self) -> ModelInfo:
        st, args, engine = self.st, self.st.args, self.st.engine
        loaded = getattr(engine, "loaded", None)
        return ModelInfo(
            model_path=args.model_path, tokenizer_path=args.tokenizer_path or args.model_path,
            served_model_name=st.model_name, is_generation=True, weight_version=args.weight_version,
            max_context_len=engine.max_context_len, vocab_size=getattr(engine, "vocab_size", None),
            dtype=str(getattr(loaded, "dtype", "")).replace("torch.", "") or None,
            model_impl=getattr(loaded, "impl", None), chat_template=st.template.origin,
            sampling_defaults=args.sampling_defaults,
            default_sampling_params=redact({**st.model_defaults, **st.preferred}),
            preferred_sampling_params=redact(st.preferred) or None)

    def _public(self) -> dict[str, Any]:
        st, engine = self.st, self.st.engine
        return {
            "version": argmatrix.__version__,
            "served_model_name": st.model_name,
            "max_context_len": engine.max_context_len,
            "max_running_requests": getattr(engine, "max_running_requests", None),
            "limits": {**st.limits.public(), **st.body_bounds.public()},
            "engine_stats": st.engine_stats(),
            "throughput": dict(st.throughput),
            "requests": st.tracker.summary(),
            "uptime_s": round(time.time() - st.started_at, 3),
            "draining": st.draining,
            "parallel": self.parallel(),
        }

    def parallel(self) -> dict[str, Any]:
        from .replicas import replica_info

        cfg = getattr(self.st.engine, "config", None)
        out: dict[str, Any] = {"tp_size": getattr(cfg, "tp_size", 1), "nnodes": getattr(cfg, "nnodes", 1),
                               "dp_size": 1, "dp_rank": 0, "load_balance_method": self.st.args.load_balance_method}
        out.update(replica_info() or {})
        return out

    def server_info(self) -> ServerInfo:
        return ServerInfo(**self._public())

    def server_info_admin(self) -> ServerInfoAdmin:
        st = self.st
        cfg = getattr(st.engine, "config", None)
        return ServerInfoAdmin(
            **self._public(),
            args=resolved_args(st.ctx),
            platform=redact(jsonable(st.ctx.platform)),
            findings=[redact(jsonable(f)) for f in st.ctx.findings],
            engine_config=redact(jsonable(cfg)) if cfg is not None else None,
            engine_alive=st.engine_alive(),
            running_requests=st.tracker.running())

    @staticmethod
    def version() -> VersionInfo:
        return VersionInfo(version=argmatrix.__version__)
