"""Model override args: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('model_override', Text(en='Model override args', zh='模型重载参数'))


class ModelOverrideArgs:

    json_model_override_args: Annotated[JsonObject, Arg(
        '--json-model-override-args',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = {}

    preferred_sampling_params: Annotated[JsonObject | None, Arg(
        '--preferred-sampling-params',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None
