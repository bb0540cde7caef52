"""``python -m rulings_lib``: the ``rulings`` command (``python -m rulings_lib run power-bond-handover``)."""

import sys

from .cli import main

sys.exit(main())
