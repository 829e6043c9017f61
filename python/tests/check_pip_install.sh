#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# CTest python.pip_install_builds_the_package (soak): `pip install ./python`
# builds the binding through the project's CMake (scikit-build-core,
# SPAGM_PYTHON_ONLY) and the installed package works from anywhere, with
# the version project(VERSION) states. Offline: the build requirements come
# from the venv (--no-build-isolation), everything is written under WORK.
#   check_pip_install.sh PYTHON SOURCE_DIR PROJECT_VERSION WORK
set -eu
py=$1 src=$2 version=$3 work=$4
rm -rf "$work"
mkdir -p "$work"
launcher=""
command -v ccache >/dev/null 2>&1 && launcher="-DCMAKE_C_COMPILER_LAUNCHER=ccache"
CMAKE_ARGS="$launcher" "$py" -m pip install --quiet --no-build-isolation --no-deps --no-index \
  --config-settings=build-dir="$work/build" --target "$work/site" "$src/python"
cd "$work"
env -u PYTHONPATH PYTHONPATH="$work/site" "$py" - "$work/site" "$version" <<'PYEOF'
import sys
from importlib import metadata
import spagm
site, version = sys.argv[1], sys.argv[2]
assert spagm.__file__.startswith(site), f"imported {spagm.__file__}, not the installed package"
assert metadata.version("spagm") == version, f"{metadata.version('spagm')} != {version}"
assert spagm.version() == version
import os
assert os.path.isfile(os.path.join(os.path.dirname(spagm.__file__), "py.typed")), "py.typed not installed"
p = spagm.Predictor("pix", seed=1)
p.cfg_write(0x00, 5)
p.cfg_write(0x04, 4)
req = spagm.Request(spagm.assemble("PIXLD.MSCOUNT R3, [RZ];"), tag=1)
assert p.check(p.predict(req)) and p.failures == 0
print(p.summary().splitlines()[-1])
print(f"pip install ./python: spagm {version} from {spagm.__file__}")
PYEOF
