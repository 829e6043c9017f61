# SPDX-License-Identifier: Apache-2.0
# CTest step: export a vector file as hex and replay it on a simulator.
#   -DSPAGM=spagm -DVEC=file -DDIR=export dir -DSIM="command|args" [-DEXTRA="+bug=N"]
#   [-DEXPECT_FAIL=1 [-DEXPECT_TEXT=regex]] [-DTRUNCATE=name of an exported file]
#   [-DREAD_REPORT=spagm-regress -DUNIT=unit -DSUBJECT=response|handshake|image]
# Passes when the simulator exits 0 and its closing line is
# `replay: N passed, 0 failed` with N > 0; with EXPECT_FAIL, when it reports
# failures instead (the replay catches an injected RTL defect), and its output
# matches EXPECT_TEXT when given (the failure is the one meant). TRUNCATE
# cuts that file of the export to half its bytes first (a truncated export).
# READ_REPORT: the failing replay's reports follow docs/report-format.md:
# `spagm-regress --read-report` reads every header, each a report of UNIT
# from the producer `replay`, some about SUBJECT, and every response with
# its tag and the class of the field that differs.
get_filename_component(parent "${DIR}" DIRECTORY)
file(MAKE_DIRECTORY "${parent}")
execute_process(COMMAND ${SPAGM} export-hex ${VEC} ${DIR} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "spagm export-hex ${VEC} ${DIR} failed (exit ${rc})")
endif()
if(DEFINED TRUNCATE)
  file(READ "${DIR}/${TRUNCATE}" text)
  string(LENGTH "${text}" n)
  math(EXPR half "${n} / 2")
  string(SUBSTRING "${text}" 0 ${half} text)
  file(WRITE "${DIR}/${TRUNCATE}" "${text}")
endif()
string(REPLACE "|" ";" sim "${SIM}")
string(REPLACE "|" ";" extra "${EXTRA}")
execute_process(COMMAND ${sim} +vectors=${DIR} ${extra} OUTPUT_VARIABLE out ERROR_VARIABLE err
                RESULT_VARIABLE rc)
message("${out}${err}")
string(REGEX MATCH "replay: ([0-9]+) passed, ([0-9]+) failed" line "${out}")
if(NOT line)
  message(FATAL_ERROR "no `replay: N passed, M failed` line (exit ${rc})")
endif()
set(passed ${CMAKE_MATCH_1})
set(failed ${CMAKE_MATCH_2})
if(EXPECT_FAIL)
  if(failed EQUAL 0 OR rc EQUAL 0)
    message(FATAL_ERROR "the replay passed: the injected defect (${EXTRA}) or the truncated "
                        "${TRUNCATE} was not caught")
  endif()
  # A refused run (an unknown +bug=, exit 2) is no caught defect.
  if(rc EQUAL 2 OR err MATCHES "unknown bug")
    message(FATAL_ERROR "the replay refused its arguments: nothing was caught")
  endif()
  if(DEFINED EXPECT_TEXT AND NOT out MATCHES "${EXPECT_TEXT}")
    message(FATAL_ERROR "the replay failed, but without the message `${EXPECT_TEXT}`")
  endif()
elseif(NOT rc EQUAL 0 OR NOT failed EQUAL 0 OR passed EQUAL 0)
  message(FATAL_ERROR "replay failed: ${line} (exit ${rc})")
endif()
if(DEFINED READ_REPORT)
  file(WRITE "${DIR}.log" "${out}")
  execute_process(COMMAND ${READ_REPORT} --read-report "${DIR}.log" OUTPUT_VARIABLE read
                  ERROR_VARIABLE read_err RESULT_VARIABLE rc)
  message("${read}${read_err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the replay's reports do not follow docs/report-format.md (exit ${rc})")
  endif()
  set(head "report [0-9]+ \\(line [0-9]+\\)\n  producer  replay\n  kind      (mismatch|hang)\n  unit      ${UNIT}\n")
  set(response "subject   response\n  tag       [0-9]+\n  insn      -\n  field     (write-back|predicate|fault|store)[^\n]*\n")
  # A handshake names a tag when there is one (a response no request matches),
  # none for a port rule (an unasked answer, idle while owed).
  set(handshake "subject   handshake\n  tag       ([0-9]+|-)\n")
  set(image "subject   image\n  tag       -\n  insn      -\n  field     state image\n")
  string(REGEX MATCHALL "report [0-9]+ " all "${read}")
  string(REGEX MATCHALL "${head}" of_unit "${read}")
  string(REGEX MATCHALL "${head}  ${${SUBJECT}}" meant "${read}")
  string(REGEX MATCHALL "subject   response" responses "${read}")
  string(REGEX MATCHALL "${head}  ${response}" read_responses "${read}")
  foreach(v all of_unit meant responses read_responses)
    list(LENGTH ${v} n_${v})
  endforeach()
  if(n_all EQUAL 0 OR NOT n_of_unit EQUAL n_all OR n_meant EQUAL 0 OR
     NOT n_read_responses EQUAL n_responses)
    message(FATAL_ERROR "of ${n_all} reports, ${n_of_unit} are the replay's of ${UNIT}, "
                        "${n_meant} read as ${SUBJECT}, ${n_read_responses} of ${n_responses} "
                        "responses with a tag and a field")
  endif()
endif()
