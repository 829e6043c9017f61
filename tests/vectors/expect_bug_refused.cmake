# SPDX-License-Identifier: Apache-2.0
# CTest step: a testbench given a +bug= it does not know refuses it (N172):
# a non-zero exit, the message EXPECT, and no check made.
#   cmake "-DCMD=program|+arg|..." -DEXPECT=regex -P expect_bug_refused.cmake
string(REPLACE "|" ";" cmd "${CMD}")
execute_process(COMMAND ${cmd} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
                TIMEOUT 60)
message("${out}${err}")
if(rc EQUAL 0)
  message(FATAL_ERROR "exit 0: the unknown defect was accepted")
endif()
if(NOT "${out}${err}" MATCHES "${EXPECT}")
  message(FATAL_ERROR "the output does not say `${EXPECT}`")
endif()
if(out MATCHES "replay: [1-9][0-9]* passed|MISMATCH")
  message(FATAL_ERROR "checks ran although the defect was refused")
endif()
