# SPDX-License-Identifier: Apache-2.0
"""Shared fixtures of the binding's tests: the build's programs, found by
spagm.find_tool ($SPAGM_CLI / $SPAGM_COSIM / $SPAGM_REGRESS, which CTest sets, else the build
tree beside the source, the Python environment, PATH)."""
import pytest

import spagm


def _tool(name: str) -> str:
    try:
        return spagm.find_tool(name)
    except FileNotFoundError as e:
        pytest.skip(str(e))


@pytest.fixture(scope="session")
def spagm_cli() -> str:
    """The `spagm` command-line tool of the same build."""
    return _tool("spagm")


@pytest.fixture(scope="session")
def spagm_cosim() -> str:
    """The co-simulation `spagm-cosim` of the same build."""
    return _tool("spagm-cosim")


@pytest.fixture(scope="session")
def spagm_regress() -> str:
    """The regression runner `spagm-regress` of the same build."""
    return _tool("spagm-regress")
