# SPDX-License-Identifier: Apache-2.0
"""spagm mutate: mutation analysis of a unit's RTL (docs/mutate.md).

Runs from the source tree with only pyslang installed (bin/spagm-mutate:
`python3 -m spagm.mutate` with python/ on PYTHONPATH); it never uses the
compiled binding of the package `spagm`.
"""
