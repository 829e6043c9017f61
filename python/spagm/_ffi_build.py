# SPDX-License-Identifier: Apache-2.0
"""Generate the C source of the binding ``spagm._spagm_ffi`` (cffi, API mode).

Run by the build (python/CMakeLists.txt), never at import time::

    python _ffi_build.py OUT.c

The declarations are ``_cdef.h``. cffi takes every size, offset and enum
value from the C compiler, which compiles OUT.c against the public headers.
On top of what cffi checks, OUT.c assigns each function named in ``_cdef.h``
to a pointer of the declared type and each declared struct field's address
to a pointer to the declared field type: with
``-Werror=incompatible-pointer-types`` a prototype or field type that
drifted from the header (a field renamed in txn.h, a parameter retyped)
is a compile error naming both types (N180).
"""
import os
import sys

import cffi
from cffi import model

HERE = os.path.dirname(os.path.abspath(__file__))

HEADERS = """
#include <stdio.h>
#include <stdlib.h>
#include "cosim.h"
#include "spagm/spagm.h"
#include "spagm/predictor.h"
#include "spagm/cov/cov.h"
#include "spagm/vec/file.h"
#include "spagm/statemap.h"
#include "spagm/stim/stim.h"
"""


def _checks(ffi):
    """C text: one pointer assignment per declared function and field."""
    lines = ["/* Declarations of python/spagm/_cdef.h against the headers (N180). */"]
    decls = ffi._parser._declarations  # cffi's parsed cdef, name -> (type, quals)
    for key in sorted(decls):
        kind, _, name = key.partition(" ")
        tp = decls[key][0]
        if kind == "function":
            ptr = tp.get_c_name("const spagm_cdef_%s" % name)  # ret (*const x)(args)
            lines.append("static %s __attribute__((unused)) = &%s;" % (ptr, name))
        elif kind == "typedef" and isinstance(tp, model.StructType) and tp.fldnames:
            lines.append("static void __attribute__((unused)) spagm_cdef_%s(%s *p) {" % (name, name))
            for fname, ftp in zip(tp.fldnames, tp.fldtypes):
                lines.append("  { %s = &p->%s; (void)t; }" % (ftp.get_c_name("(*t)"), fname))
            lines.append("}")
    return "\n".join(lines) + "\n"


def make_ffi():
    ffi = cffi.FFI()
    with open(os.path.join(HERE, "_cdef.h")) as f:
        ffi.cdef(f.read())
    ffi.set_source("spagm._spagm_ffi", HEADERS + _checks(ffi))
    return ffi


def main(argv):
    if len(argv) != 1:
        print("usage: _ffi_build.py OUT.c", file=sys.stderr)
        return 2
    out = argv[0]
    tmp = out + ".tmp"
    make_ffi().emit_c_code(tmp)
    os.replace(tmp, out)  # whole or not at all
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
