# SPDX-License-Identifier: Apache-2.0
# dpi.txn_pkg_rewritten_only_when_changed: configuring again leaves the
# generated spagm_txn_pkg.sv alone when its text is the same (a rewrite
# makes every tree run Verilator again and recompile every Verilated file),
# and replaces it when its text differs. A small tree (the Python binding's
# configure, as pip's scikit-build-core makes it) reaches the generator.
#   cmake -DSRC=source-dir -DWORK=scratch-dir -P check_txn_pkg_kept.cmake
file(REMOVE_RECURSE ${WORK})
set(args -S ${SRC} -B ${WORK} -DSPAGM_PYTHON_ONLY=ON -DSKBUILD=ON -DSPAGM_BUILD_TESTS=OFF
    -DSPAGM_BUILD_BENCH=OFF)
function(configure what)
  execute_process(COMMAND ${CMAKE_COMMAND} ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what}: configure failed (${rc}):\n${out}")
  endif()
endfunction()
set(pkg ${WORK}/dpi/spagm_txn_pkg.sv)
configure("first configure")
file(READ ${pkg} generated)
# An old timestamp that a rewrite could not keep, whatever the clock.
execute_process(COMMAND touch -d @946684800 ${pkg} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "touch -d could not set the package's time")
endif()
configure("second configure")
file(TIMESTAMP ${pkg} stamp "%s" UTC)
if(NOT stamp STREQUAL "946684800")
  message(FATAL_ERROR "the same package was written again (modified at ${stamp}): "
                      "every Verilated tree would rebuild after each configure")
endif()
file(WRITE ${pkg} "// stale\n")
configure("third configure")
file(READ ${pkg} now)
if(NOT now STREQUAL generated)
  message(FATAL_ERROR "a package whose text differs was not replaced by the generated one")
endif()
message(STATUS "spagm_txn_pkg.sv: kept when unchanged, replaced when its text differs")
