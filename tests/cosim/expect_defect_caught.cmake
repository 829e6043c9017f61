# SPDX-License-Identifier: Apache-2.0
# CTest helper: run spagm-cosim with an injected RTL defect and require that
# the run fails (exit status 1) and that every mismatch it reports blames
# the defect's unit (docs/cosim.md, "Defects"); every reproduce line names
# the defect by name, never by number (N172), and so does the run header,
# which names the program that ran (N210).
# With READ_REPORT (spagm-regress), the reports are read as the failure
# buckets read them (docs/report-format.md): every header follows the
# grammar, each report is of the defect's unit and each response report has
# its instruction and the class of the field that differs.
#   cmake -DCOSIM=path -DUNIT=attr|pix -DARGS="+bug=...;+seed=..." [-DBUG_NAME=name]
#         [-DREAD_REPORT=spagm-regress] -P expect_defect_caught.cmake
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
string(REGEX MATCH "\\+bug=([a-z0-9_]+)" bug "${ARGS}")
set(bug ${CMAKE_MATCH_1})
if(BUG_NAME)  # the defect given by number: reported by this name
  set(bug ${BUG_NAME})
endif()
get_filename_component(tool "${COSIM}" NAME)
if(NOT out MATCHES "(^|\n)${tool}: seed [0-9]+, [0-9]+ requests per unit, units [a-z,]+, bug ${bug}\n")
  message(FATAL_ERROR "the run header does not say '${tool}: seed ..., bug ${bug}'")
endif()
string(REGEX MATCHALL "reproduce[^\n]*" repro "${out}")
if(NOT repro)
  message(FATAL_ERROR "no reproduce line")
endif()
foreach(r ${repro})
  if(NOT r MATCHES " \\+bug=${bug}( |$)")
    message(FATAL_ERROR "a reproduce line does not name the defect '${bug}': ${r}")
  endif()
endforeach()
if(NOT out MATCHES "cosim: [0-9]+ passed, [1-9][0-9]* failed")
  message(FATAL_ERROR "the summary does not end with a failure count")
endif()
if(READ_REPORT)
  set(log "${CMAKE_CURRENT_BINARY_DIR}/cosim.log")
  if(DEFINED ENV{TMPDIR})  # the test's own folder (cmake/SpagmTestDirs.cmake)
    set(log "$ENV{TMPDIR}/cosim.log")
  endif()
  file(WRITE "${log}" "${out}")
  execute_process(COMMAND ${READ_REPORT} --read-report "${log}" RESULT_VARIABLE rc
                  OUTPUT_VARIABLE read ERROR_VARIABLE read_err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the reports do not follow docs/report-format.md (exit ${rc}):\n${read_err}")
  endif()
  string(REGEX MATCHALL "report [0-9]+ " all "${read}")
  string(REGEX MATCHALL "\n  unit      ${UNIT}\n" of_unit "${read}")
  string(REGEX MATCHALL "subject   response\n" responses "${read}")
  string(REGEX MATCHALL "subject   response\n  tag       [0-9]+\n  insn      [^-\n][^\n]*\n  field     [^-\n]"
         read_responses "${read}")
  foreach(v all of_unit responses read_responses)
    list(LENGTH ${v} n_${v})
  endforeach()
  if(NOT n_of_unit EQUAL n_all OR NOT n_read_responses EQUAL n_responses)
    message(FATAL_ERROR "of ${n_all} reports, ${n_of_unit} are of ${UNIT}, ${n_read_responses} "
                        "of ${n_responses} responses with an instruction and a field:\n${read}")
  endif()
  string(REGEX MATCH "bucket    [^\n]*" first "${read}")
  message("${n_all} reports read as the failure buckets read them; the first's ${first}")
endif()
