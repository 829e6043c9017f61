# SPDX-License-Identifier: Apache-2.0
"""python3 -m spagm.mutate ARGS: the same as `spagm mutate ARGS`."""
import signal
import sys

# `spagm mutate --list | head`: end quietly when the reader stops reading.
signal.signal(signal.SIGPIPE, signal.SIG_DFL)

try:
    import pyslang  # noqa: F401  (the one requirement: slang's syntax trees)
except ImportError:
    sys.exit("spagm mutate: this Python (" + sys.executable + ") has no pyslang: install it with "
             "scripts/install-deps (the .venv, extra `mutate` of python/pyproject.toml) or "
             "pip install 'pyslang>=12.1'")

from .cli import main  # noqa: E402

sys.exit(main())
