#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CTest (label install): the model-only build needs a C compiler and CMake
# only. Configure with no C++ compiler and with zlib, GoogleTest, Google
# Benchmark, Verilator and SystemC made unfindable, build, install, and build
# the out-of-tree example against that install.
#   model_only.sh CMAKE SOURCE_DIR WORK_DIR
set -euo pipefail
cmake=$1 src=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
"$cmake" -S "$src" -B "$work/build" -DSPAGM_MODEL_ONLY=ON -DCMAKE_BUILD_TYPE=Release \
         -DCMAKE_CXX_COMPILER=/nonexistent/c++ \
         -DCMAKE_DISABLE_FIND_PACKAGE_ZLIB=ON -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON \
         -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON -DCMAKE_DISABLE_FIND_PACKAGE_verilator=ON \
         -DCMAKE_DISABLE_FIND_PACKAGE_PkgConfig=ON > "$work/configure.log"
"$cmake" --build "$work/build" -j2 > "$work/build.log"
# A model-only prefix has no SV packages or DPI library: no predictor example.
SPAGM_OOT_PREDICTOR=0 "$(dirname "$0")/out_of_tree.sh" "$cmake" "$work/build" "$src" "$work/oot"
echo "model-only: built and installed with a C compiler and CMake alone"
