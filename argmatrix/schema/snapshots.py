"""Names of the support-matrix releases argmatrix knows.

``PREVIOUS`` is the older Ascend feature table (seed 000, Chinese), ``CURRENT``
the newer one (seed 001).  Deprecations say in which release a flag changed,
and ``argmatrix matrix diff`` compares any two of them.
"""
PREVIOUS = "ascend-page-v1"
CURRENT = "ascend-page-v2"
