"""argmatrix's own ``serve``: SGLang's arguments, read leniently, judged by what this engine implements.

It reads the SGLang surface (plus argmatrix's own server limits) with every convenience the reader has
(underscores, ``--no-x`` for every switch, ``--flag true``); the platform's table still says where a flag works,
and ``matrix/engine.py`` says what this engine does with it (``compiler/check.py: check_engine``).
"""
from __future__ import annotations

from ...schema.meta import Text
from .base import NEGATE_ANY, Required, Spelling
from .deploy_facts import ARGMATRIX_DEPLOY
from .sglang import SglangEngine

ARGMATRIX = SglangEngine(
    "argmatrix", Text("argmatrix serve", "argmatrix serve"), "sglang",
    program=("argmatrix", "serve"),
    launchers=(("argmatrix", "serve"), ("python", "-m", "argmatrix", "serve")),
    spelling=Spelling(underscores=True, abbreviations=True, negation=NEGATE_ANY, switch_values=True,
                      source="argmatrix/compiler/sources.py"),
    releases=None,
    reads_environment=True,
    required=(Required("model_path", "Qwen/Qwen3-8B", "argmatrix/runtime/engine_config.py EngineConfig.from_compiled"),),
    derives=frozenset({"tokenizer-from-model", "served-name-from-model", "lora-from-paths", "ep-from-tp",
                       "http-log-level-from-log-level"}),
    deploy=ARGMATRIX_DEPLOY,
    description=Text("argmatrix's own engine and OpenAI-compatible server (argmatrix serve)",
                     "argmatrix 自带的引擎与 OpenAI 兼容服务（argmatrix serve）"),
)
