# SPDX-License-Identifier: Apache-2.0
# python.only_tree_configures: `cmake -DSPAGM_PYTHON_ONLY=ON` without pip's
# SKBUILD (a developer building the binding alone) configures and generates,
# and the tree has the module's target and none of the whole tree's tests.
#   cmake -DSRC=source-dir -DPYTHON=python3 -DWORK=scratch-dir -P check_python_only_tree.cmake
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SRC} -B ${WORK} -G Ninja -DSPAGM_PYTHON_ONLY=ON
                        -DSPAGM_PYTHON=${PYTHON}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "a plain -DSPAGM_PYTHON_ONLY=ON configure failed (${rc}):\n${out}")
endif()
if(NOT out MATCHES "SPAGM_PYTHON_ONLY: the module is built in")
  message(FATAL_ERROR "the configure did not say where the module is built:\n${out}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK} --target help
                RESULT_VARIABLE rc OUTPUT_VARIABLE targets ERROR_VARIABLE targets)
if(NOT rc EQUAL 0 OR NOT targets MATCHES "spagm_python")
  message(FATAL_ERROR "the tree has no spagm_python target:\n${targets}")
endif()
if(targets MATCHES "spagm-cli|spagm-cosim")
  message(FATAL_ERROR "a Python-only tree builds the CLI or the co-simulation:\n${targets}")
endif()
message(STATUS "a plain Python-only tree configures; target spagm_python")
