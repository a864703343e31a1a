"""Request metrics export: writing per-request performance metrics to local files for external systems to pick up."""

from typing import Annotated

from ..meta import Arg, Group, Text

GROUP = Group('metrics_export', Text(en='RequestMetricsExporter configuration', zh='请求指标导出（RequestMetricsExporter）配置'))


class MetricsExportArgs:

    export_metrics_to_file: Annotated[bool, Arg(
        '--export-metrics-to-file',
        help=Text(
            en="When set, write the performance metrics of every request to files in --export-metrics-to-file-dir, "
               "e.g. to be forwarded to an external monitoring system.",
            zh="设置后，把每个请求的性能指标写成文件，存放在 --export-metrics-to-file-dir 指定"
               "的目录中，方便转交外部监控系统。",
        ),
    )] = False

    export_metrics_to_file_dir: Annotated[str | None, Arg(
        '--export-metrics-to-file-dir',
        help=Text(
            en="Directory in which the per-request metrics files are written. Required when "
               "--export-metrics-to-file is set.",
            zh="逐请求性能指标文件的存放目录。启用 --export-metrics-to-file 时必须提供。",
        ),
    )] = None
