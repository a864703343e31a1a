"""RequestMetricsExporter configuration: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('metrics_export', Text(en='RequestMetricsExporter configuration', zh='请求指标导出（RequestMetricsExporter）配置'))


class MetricsExportArgs:

    export_metrics_to_file: Annotated[bool, Arg(
        '--export-metrics-to-file',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    export_metrics_to_file_dir: Annotated[str | None, Arg(
        '--export-metrics-to-file-dir',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None
