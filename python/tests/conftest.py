# SPDX-License-Identifier: Apache-2.0
"""Shared fixtures of the binding's tests (CTest label python runs them with
the build's tools in the environment: SPAGM_CLI, SPAGM_COSIM)."""
import os
import shutil

import pytest


def _tool(var: str, name: str) -> str:
    path = os.environ.get(var) or shutil.which(name)
    if not path or not os.access(path, os.X_OK):
        pytest.fail(f"{name} not found: set {var} to the built {name} (CTest does)")
    return path


@pytest.fixture(scope="session")
def spagm_cli() -> str:
    """The `spagm` command-line tool of the same build."""
    return _tool("SPAGM_CLI", "spagm")


@pytest.fixture(scope="session")
def spagm_cosim() -> str:
    return _tool("SPAGM_COSIM", "spagm-cosim")
