"""Configuration file support: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('config_file', Text(en='Configuration file support', zh='配置文件支持'))


class ConfigFileArgs:

    config: Annotated[str | None, Arg(
        '--config',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None
