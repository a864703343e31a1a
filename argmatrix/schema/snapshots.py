"""Names of the support-matrix releases argmatrix knows.

``PREVIOUS`` is the older Ascend feature table (seed 000, Chinese), ``CURRENT``
the newer one (seed 001).  Deprecations say in which release a flag changed,
and ``argmatrix matrix diff`` compares any two of them.
"""
PREVIOUS = "ascend-page-v1"
CURRENT = "ascend-page-v2"


def since_text(since: str):
    """Where a deprecation was recorded, said as what it is: a snapshot of the Ascend feature page reads as
    "the Ascend feature page's 2nd snapshot (ascend-page-v2)", not as a release; an SGLang release stays
    "SGLang 0.5.22"."""
    from .meta import Text

    titles = {PREVIOUS: Text("the Ascend feature page's 1st snapshot", "昇腾特性页第 1 版快照"),
              CURRENT: Text("the Ascend feature page's 2nd snapshot", "昇腾特性页第 2 版快照")}
    if since in titles:
        return Text(f"{titles[since].en} ({since})", f"{titles[since].zh}（{since}）")
    return Text(f"SGLang {since}", f"SGLang {since}") if since[:1].isdigit() else Text(since, since)
