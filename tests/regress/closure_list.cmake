# SPDX-License-Identifier: Apache-2.0
# CTest step: the shipped `closure` set runs every input of the coverage
# regression's list (coverage/regression.txt) and nothing is lost
# between the two: each `gen OPTIONS` line is a run's `spagm gen OPTIONS`,
# each `scenario FILE` a run of FILE.
#   -DREGRESS=bin/spagm-regress -DLIST=coverage/regression.txt
execute_process(COMMAND ${REGRESS} --set closure --list RESULT_VARIABLE rc OUTPUT_VARIABLE runs
                ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "spagm-regress --set closure --list: exit ${rc}\n${err}")
endif()
file(STRINGS "${LIST}" lines)
set(n 0)
foreach(l IN LISTS lines)
  string(REGEX REPLACE "#.*" "" l "${l}")
  string(STRIP "${l}" l)
  if(l STREQUAL "")
    continue()
  endif()
  math(EXPR n "${n} + 1")
  if(l MATCHES "^gen --seed ([0-9]+) --count ([0-9]+)$")
    set(want "gen --seed ${CMAKE_MATCH_1} --count ${CMAKE_MATCH_2}")
  elseif(l MATCHES "^scenario (.*)$")
    get_filename_component(want "${CMAKE_MATCH_1}" NAME)
  else()
    message(FATAL_ERROR "${LIST}: a line this check does not know: '${l}'")
  endif()
  string(FIND "${runs}" "${want}" at)
  if(at LESS 0)
    message(FATAL_ERROR "the closure set has no run of '${l}':\n${runs}")
  endif()
endforeach()
message("${n} inputs of ${LIST} are runs of the closure set")
