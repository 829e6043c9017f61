# SPDX-License-Identifier: Apache-2.0
# CTest step: spagm-cosim and spagm-sc-cosim with the same plusargs see the
# same transaction stream and report the same summary (docs/systemc.md).
# Both print every mismatch report (tag, cycle, instruction, lanes, values)
# and the per-unit counts, so their outputs must be equal line by line,
# once the program's path (in the "reproduce:" commands) and the wall-clock
# rates are taken out. Standard output only: SystemC prints its banner on
# standard error.
#   cmake -DCOSIM=spagm-cosim -DSC_COSIM=spagm-sc-cosim "-DARGS=+a;+b" [-DFAIL=1]
#         -P expect_same_stream.cmake
# FAIL=1: the runs must fail (an injected defect), else pass.
function(run_one exe out_var rc_var)
  execute_process(COMMAND ${exe} ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  string(REPLACE "${exe}" "PROGRAM" out "${out}")
  # "N cycles in S s: T transactions/s, C cycles/s": keep N only.
  string(REGEX REPLACE " cycles in [0-9.]+ s: [0-9]+ transactions/s, [0-9]+ cycles/s"
         " cycles" out "${out}")
  # "time: model X%, testbench C Y%, simulator Z%": wall time, not the stream.
  string(REGEX REPLACE "time: model [^\n]*\n" "" out "${out}")
  set(${out_var} "${out}" PARENT_SCOPE)
  if(err)
    message("${exe} said on standard error:\n${err}")
  endif()
  set(${rc_var} ${rc} PARENT_SCOPE)
endfunction()

run_one(${COSIM} a rc_a)
run_one(${SC_COSIM} b rc_b)
# Each names itself in its header (N210); past that the lines are the same.
# (Pairs "output variable:program"; if(v STREQUAL a) would compare with the
# value of the variable a.)
foreach(pair "a:spagm-cosim" "b:spagm-sc-cosim")
  string(REPLACE ":" ";" pair "${pair}")
  list(GET pair 0 v)
  list(GET pair 1 tool)
  if(NOT "${${v}}" MATCHES "(^|\n)${tool}: seed [0-9]+, ")
    message(FATAL_ERROR "${tool}'s run header does not name it:\n${${v}}")
  endif()
endforeach()
string(REPLACE "spagm-sc-cosim: " "spagm-cosim: " b "${b}")
message("---- spagm-cosim (exit ${rc_a})\n${a}---- spagm-sc-cosim (exit ${rc_b})\n${b}")
set(want 0)
if(FAIL)
  set(want 1)
endif()
if(NOT rc_a EQUAL want OR NOT rc_b EQUAL want)
  message(FATAL_ERROR "exit statuses ${rc_a} and ${rc_b}, expected ${want} for both")
endif()
if(NOT a MATCHES "cosim: [0-9]+ passed, [0-9]+ failed")
  message(FATAL_ERROR "no summary")
endif()
if(NOT a STREQUAL b)
  message(FATAL_ERROR "the two co-simulations differ (see the outputs above)")
endif()
