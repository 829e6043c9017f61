# SPDX-License-Identifier: Apache-2.0
# CTest step: the shipped `defects` set has a must-fail run, blamed on the
# defect's unit, for every defect `spagm-cosim +list_bugs` knows.
#   -DREGRESS=bin/spagm-regress -DCOSIM=bin/spagm-cosim
execute_process(COMMAND ${COSIM} +list_bugs OUTPUT_VARIABLE bugs RESULT_VARIABLE rc)
execute_process(COMMAND ${REGRESS} --set defects --list OUTPUT_VARIABLE plan RESULT_VARIABLE rc2)
if(NOT rc EQUAL 0 OR NOT rc2 EQUAL 0)
  message(FATAL_ERROR "+list_bugs exited ${rc}, --list exited ${rc2}")
endif()
string(REGEX MATCHALL "\n[0-9]+ +[a-z]+ +[a-z0-9_]+" rows "${bugs}")
set(n 0)
foreach(row ${rows})
  string(REGEX REPLACE "\n[0-9]+ +([a-z]+) +([a-z0-9_]+)" "\\1;\\2" f "${row}")
  list(GET f 0 unit)
  list(GET f 1 name)
  if(NOT plan MATCHES "(^|\n)defect\\.${name}\\.s[0-9]+\tfail\t[^\n]*\\+units=${unit} [^\n]*\\+bug=${name}")
    message(FATAL_ERROR "the defects set has no must-fail run of ${name} on ${unit}")
  endif()
  math(EXPR n "${n} + 1")
endforeach()
if(n LESS 40)
  message(FATAL_ERROR "only ${n} defects read from +list_bugs")
endif()
message("the defects set covers all ${n} defects of +list_bugs")
