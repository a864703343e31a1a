"""vLLM's logging flags (its LoggingConfig): the `--logging-config` object and its `--log-level`
shortcut, and the deprecated `--log-config-file`.
"""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import JsonObject

GROUP = Group('vllm_logging', Text(en='Logging', zh='日志'))


class LoggingArgs:

    logging_config: Annotated[JsonObject | None, Arg(
        '--logging-config',
        help=Text(
            en="JSON object configuring vLLM's logging; keys: log_level, formatter ('text' or 'json'), "
               "configure_logging (apply a logging set-up at all) and pylogging_config_file (a Python dictConfig JSON "
               "file, which then decides levels, handlers and formats).",
            zh="配置 vLLM 日志的 JSON 对象；键：`log_level`、`formatter`（'text' 或 'json'）、"
               "`configure_logging`（是否应用日志配置）与 `pylogging_config_file`（Python `dictConfig` 格式的 JSON 文"
               "件，设置后由它决定级别、处理器与格式）。",
        ),
    )] = None

    log_level: Annotated[Literal['CRITICAL', 'ERROR', 'WARNING', 'INFO', 'DEBUG', 'NOTSET'] | None, Arg(
        '--log-level',
        help=Text(
            en="Log level of vLLM's own logging: CRITICAL, ERROR, WARNING, INFO, DEBUG or NOTSET; a shortcut for "
               "--logging-config.log_level that wins over it. Unset uses VLLM_LOGGING_LEVEL (INFO by default).",
            zh="vLLM 自身日志的级别：CRITICAL、ERROR、WARNING、INFO、DEBUG 或 NOTSET；是 --logging-config.log_level 的"
               "简写，两者同时给出时以它为准。不设置时取 VLLM_LOGGING_LEVEL（默认为 INFO）。",
        ),
    )] = None

    log_config_file: Annotated[str | None, Arg(
        '--log-config-file',
        help=Text(
            en="Deprecated, removed in vLLM 0.33: path of a Python logging configuration (dictConfig JSON) file. Use "
               "--logging-config.pylogging_config_file instead.",
            zh="已弃用，将在 vLLM 0.33 中移除：Python 日志配置文件（`dictConfig` 格式的 JSON）的路径。"
               "请改用 --logging-config.pylogging_config_file。",
        ),
    )] = None
