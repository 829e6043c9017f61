# SPDX-License-Identifier: Apache-2.0
# CTest step: spagm-cosim refuses bad plusargs before simulating anything
# (cosim_plusarg_check.cpp): exit status 2, a message naming the plusarg,
# and no simulation started.
#   -DCOSIM=spagm-cosim "-DARGS=+a;+b" -DEXPECT=regex
execute_process(COMMAND ${COSIM} ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
                TIMEOUT 20)
message("${out}${err}")
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "spagm-cosim ${ARGS}: exit ${rc}, expected 2 (a refused plusarg)")
endif()
if(NOT err MATCHES "${EXPECT}")
  message(FATAL_ERROR "the error does not say `${EXPECT}`")
endif()
if(out MATCHES "requests per unit")
  message(FATAL_ERROR "the simulation started")
endif()
