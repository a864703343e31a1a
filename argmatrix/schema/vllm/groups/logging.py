"""vLLM Logging: the `vllm serve` flags of its LoggingConfig group."""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import JsonObject

GROUP = Group('vllm_logging', Text(en='Logging', zh='日志'))


class LoggingArgs:

    logging_config: Annotated[JsonObject | None, Arg(
        '--logging-config',
        help=Text(en='', zh=''),
    )] = None

    log_level: Annotated[Literal['CRITICAL', 'ERROR', 'WARNING', 'INFO', 'DEBUG', 'NOTSET'] | None, Arg(
        '--log-level',
        help=Text(en='', zh=''),
    )] = None

    log_config_file: Annotated[str | None, Arg(
        '--log-config-file',
        help=Text(en='', zh=''),
    )] = None
