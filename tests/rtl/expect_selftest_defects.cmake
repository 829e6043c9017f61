# SPDX-License-Identifier: Apache-2.0
# Compiles a unit's self-test with Icarus and runs it once clean and once
# per injected defect (+bug=N): passes when the clean run prints PASS_RE
# and every defect's run prints FAIL_RE (tests/rtl/*_selftest.sv).
#   cmake -DIVERILOG=... -DOUT=image.vvp -DTOP=module -DSOURCES="a.sv;b.sv"
#         -DPASS_RE=regex -DFAIL_RE=regex -DDEFECTS="32;33" -P expect_selftest_defects.cmake
execute_process(COMMAND ${IVERILOG} -g2012 -s ${TOP} -o ${OUT} ${SOURCES} RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "iverilog failed (${rc}):\n${out}${err}")
endif()
get_filename_component(dir ${IVERILOG} DIRECTORY)
find_program(VVP vvp HINTS ${dir})
if(NOT VVP)
  message(FATAL_ERROR "vvp not found beside ${IVERILOG}")
endif()

function(run_selftest bug result)
  execute_process(COMMAND ${VVP} -n ${OUT} +bug=${bug} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err TIMEOUT 600)
  string(REGEX MATCH "[^\n]*(${PASS_RE}|${FAIL_RE})[^\n]*" last "${out}")
  if(out MATCHES "${PASS_RE}" AND NOT out MATCHES "${FAIL_RE}")
    set(${result} PASS PARENT_SCOPE)
  elseif(out MATCHES "${FAIL_RE}")
    set(${result} FAIL PARENT_SCOPE)
  else()
    # Neither line: the run did not finish (a hang, a crash, the timeout),
    # which counts as neither a pass nor a caught defect.
    set(${result} "NONE (exit ${rc}): ${out}${err}" PARENT_SCOPE)
  endif()
  message("bug_sel ${bug}: ${last}")
endfunction()

set(bad "")
run_selftest(0 clean)
if(NOT clean STREQUAL "PASS")
  string(APPEND bad "the clean run did not pass: ${clean}\n")
endif()
foreach(d IN LISTS DEFECTS)
  run_selftest(${d} r)
  if(NOT r STREQUAL "FAIL")
    string(APPEND bad "defect ${d} not caught: ${r}\n")
  endif()
endforeach()
if(bad)
  message(FATAL_ERROR "${bad}")
endif()
list(LENGTH DEFECTS n)
message("clean run passed, ${n} defects caught")
