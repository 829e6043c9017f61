# SPDX-License-Identifier: Apache-2.0
# Compiles a self-test with Icarus and runs it: passes when it prints
# "SELFTEST PASS" (tests/rtl/*_selftest.sv).
#   cmake -DIVERILOG=... -DOUT=image.vvp -DSOURCES="a.sv;b.sv" [-DTIMEOUT=seconds]
#         -P expect_selftest_pass.cmake
if(NOT DEFINED TIMEOUT)
  set(TIMEOUT 300)
endif()
execute_process(COMMAND ${IVERILOG} -g2012 -o ${OUT} ${SOURCES} RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "iverilog failed (${rc}):\n${out}${err}")
endif()
get_filename_component(dir ${IVERILOG} DIRECTORY)
find_program(VVP vvp HINTS ${dir})
execute_process(COMMAND ${VVP} -n ${OUT} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err TIMEOUT ${TIMEOUT})
message("${out}${err}")
if(NOT out MATCHES "SELFTEST PASS")
  message(FATAL_ERROR "the self-test did not pass (exit ${rc})")
endif()
