# SPDX-License-Identifier: Apache-2.0
# Compiles a self-test with Icarus (tests/rtl/*_selftest.sv) and runs it:
# passes when the run prints PASS_RE and not FAIL_RE, and, for each
# injected defect of DEFECTS, a run with +bug=N prints FAIL_RE. A run that
# prints neither (a hang cut by TIMEOUT, a crash) counts as neither.
#   cmake -DIVERILOG=... -DOUT=image.vvp -DSOURCES="a.sv;b.sv" [-DTOP=module]
#         [-DPASS_RE=regex] [-DFAIL_RE=regex] [-DDEFECTS="32;33"] [-DTIMEOUT=seconds]
#         -P expect_selftest_pass.cmake
if(NOT DEFINED TIMEOUT)
  set(TIMEOUT 300)
endif()
if(NOT DEFINED PASS_RE)
  set(PASS_RE "SELFTEST PASS")
endif()
if(NOT DEFINED FAIL_RE)
  set(FAIL_RE "SELFTEST FAIL")
endif()
set(top "")
if(DEFINED TOP)
  set(top -s ${TOP})
endif()
execute_process(COMMAND ${IVERILOG} -g2012 ${top} -o ${OUT} ${SOURCES} RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "iverilog failed (${rc}):\n${out}${err}")
endif()
get_filename_component(dir ${IVERILOG} DIRECTORY)
find_program(VVP vvp HINTS ${dir})
if(NOT VVP)
  message(FATAL_ERROR "vvp not found beside ${IVERILOG}")
endif()

# PASS, FAIL, or why neither, of one run with the plusargs ARGN.
function(run_selftest result)
  execute_process(COMMAND ${VVP} -n ${OUT} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err TIMEOUT ${TIMEOUT})
  if(out MATCHES "${PASS_RE}" AND NOT out MATCHES "${FAIL_RE}")
    set(${result} PASS PARENT_SCOPE)
  elseif(out MATCHES "${FAIL_RE}")
    set(${result} FAIL PARENT_SCOPE)
  else()
    set(${result} "neither (exit ${rc})" PARENT_SCOPE)
  endif()
  # The clean run's whole output; of a defect's run, its verdict line.
  string(REGEX MATCH "[^\n]*(${PASS_RE}|${FAIL_RE})[^\n]*" line "${out}")
  if(ARGN AND line)
    message("${ARGN}: ${line}")
  else()
    message("${ARGN}${out}${err}")
  endif()
endfunction()

set(bad "")
run_selftest(clean)
if(NOT clean STREQUAL "PASS")
  string(APPEND bad "the self-test did not pass: ${clean}\n")
endif()
foreach(d IN LISTS DEFECTS)
  run_selftest(r +bug=${d})
  if(NOT r STREQUAL "FAIL")
    string(APPEND bad "defect ${d} not caught: ${r}\n")
  endif()
endforeach()
if(bad)
  message(FATAL_ERROR "${bad}")
endif()
