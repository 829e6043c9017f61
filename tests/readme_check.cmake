# SPDX-License-Identifier: Apache-2.0
# CTest step (label readme): the README's C API example is the example file
# CTest builds, to the byte, so the README cannot show code that does not compile.
#   -DREADME=README.md -DEXAMPLE=examples/out-of-tree/ald_default_w.c
file(READ "${README}" readme)
file(READ "${EXAMPLE}" example)
string(FIND "${readme}" "## Using the C API" at)
if(at LESS 0)
  message(FATAL_ERROR "${README}: no section '## Using the C API'")
endif()
string(SUBSTRING "${readme}" ${at} -1 section)
string(FIND "${section}" "```c\n" open)
if(open LESS 0)
  message(FATAL_ERROR "${README}: no ```c block in '## Using the C API'")
endif()
math(EXPR open "${open} + 5")
string(SUBSTRING "${section}" ${open} -1 rest)
string(FIND "${rest}" "```" close)
string(SUBSTRING "${rest}" 0 ${close} block)
if(NOT block STREQUAL example)
  message(FATAL_ERROR "${README}: the C block of '## Using the C API' differs from ${EXAMPLE} "
                      "(copy the file into the README)")
endif()
