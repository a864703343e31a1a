"""``python -m argmatrix.cli``: the same as the ``argmatrix`` command."""
from . import main

main()
