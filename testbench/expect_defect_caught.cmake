# SPDX-License-Identifier: Apache-2.0
# CTest helper: run spagm-cosim with an injected RTL defect and require that
# the run fails (exit status 1) and that every mismatch it reports blames
# the defect's unit (docs/cosim.md, "Defects").
#   cmake -DCOSIM=path -DUNIT=attr|pix -DARGS="+bug=...;+seed=..." -P expect_defect_caught.cmake
execute_process(COMMAND ${COSIM} ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "expected the run to fail with status 1, got '${rc}'")
endif()
if(NOT out MATCHES "(MISMATCH|HANG) ${UNIT}")
  message(FATAL_ERROR "no mismatch or hang was reported for unit ${UNIT}")
endif()
string(REGEX MATCHALL "(MISMATCH|HANG) [a-z]+" blamed "${out}")
foreach(b ${blamed})
  if(NOT b MATCHES " ${UNIT}$")
    message(FATAL_ERROR "a mismatch blames another unit: '${b}'")
  endif()
endforeach()
if(NOT out MATCHES "cosim: [0-9]+ passed, [1-9][0-9]* failed")
  message(FATAL_ERROR "the summary does not end with a failure count")
endif()
