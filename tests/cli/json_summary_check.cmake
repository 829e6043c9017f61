# SPDX-License-Identifier: Apache-2.0
# CTest step: run a command that writes a JSON summary (--json / +json=,
# docs/json-summary.md) and check the file parses and holds what it must.
#   -DCMD="prog|arg|..." -DJSON=file -DRC=exit status [-DWORKDIR=dir]
#   [-DEXPECT="a.b=value|units.attr.requests=200|mismatches.0.kind=response"]
#   [-DHAS="repro_waves|..."]  members that must exist
#   [-DSTDERR="regex"]          what stderr must match (progress lines)
#   [-DSTDOUT="regex"]          what stdout must match
#   [-DNO_JSON=1]               the command must fail without leaving JSON or a temporary
#   [-DPHASES=1]                cycles_load + cycles_run + cycles_readback + 5 epochs + 1
#                               = cycles (start and reset of each epoch, the finish), each
#                               phase > 0, seconds_model + seconds_testbench_c <= seconds,
#                               and the summary's `cycles:` and `time:` lines say the same
#                               (issue #19, docs/cosim.md "Summary")
# string(JSON) (CMake >= 3.19) is the parser: no Python needed on CI.
if(NOT WORKDIR)
  set(WORKDIR ${CMAKE_CURRENT_BINARY_DIR})
endif()
file(MAKE_DIRECTORY ${WORKDIR})
file(REMOVE ${JSON})
string(REPLACE "|" ";" cmd "${CMD}")
execute_process(COMMAND ${cmd} WORKING_DIRECTORY ${WORKDIR} RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL RC)
  message(FATAL_ERROR "exit status ${rc}, expected ${RC}")
endif()
if(STDERR AND NOT err MATCHES "${STDERR}")
  message(FATAL_ERROR "stderr does not match `${STDERR}`")
endif()
if(STDOUT AND NOT out MATCHES "${STDOUT}")
  message(FATAL_ERROR "stdout does not match `${STDOUT}`")
endif()
get_filename_component(dir ${JSON} DIRECTORY)
file(GLOB leftovers "${JSON}.tmp-*")
if(leftovers)
  message(FATAL_ERROR "temporary JSON files left behind: ${leftovers}")
endif()
if(NO_JSON)
  if(EXISTS ${JSON})
    message(FATAL_ERROR "${JSON} exists but the command could not have written it whole")
  endif()
  return()
endif()
file(READ ${JSON} text)
string(JSON type ERROR_VARIABLE jerr TYPE "${text}")
if(jerr OR NOT type STREQUAL "OBJECT")
  message(FATAL_ERROR "${JSON} is not a JSON object: ${jerr}")
endif()
string(REPLACE "|" ";" expects "${EXPECT}")
foreach(e ${expects})
  string(REGEX MATCH "^([^=]+)=(.*)$" m "${e}")
  string(REPLACE "." ";" path "${CMAKE_MATCH_1}")
  set(want "${CMAKE_MATCH_2}")
  string(JSON got ERROR_VARIABLE jerr GET "${text}" ${path})
  if(jerr OR NOT got STREQUAL want)
    message(FATAL_ERROR "${JSON}: ${CMAKE_MATCH_1} is `${got}`, expected `${want}` ${jerr}")
  endif()
endforeach()
string(REPLACE "|" ";" has "${HAS}")
foreach(h ${has})
  string(REPLACE "." ";" path "${h}")
  string(JSON got ERROR_VARIABLE jerr GET "${text}" ${path})
  if(jerr)
    message(FATAL_ERROR "${JSON}: no member ${h}")
  endif()
endforeach()
if(PHASES)
  foreach(k cycles epochs cycles_load cycles_run cycles_readback seconds seconds_model
          seconds_testbench_c)
    string(JSON ${k} ERROR_VARIABLE jerr GET "${text}" ${k})
    if(jerr)
      message(FATAL_ERROR "${JSON}: no member ${k}")
    endif()
  endforeach()
  math(EXPR sum "${cycles_load} + ${cycles_run} + ${cycles_readback} + 5 * ${epochs} + 1")
  if(NOT sum EQUAL cycles)
    message(FATAL_ERROR "cycles_load + cycles_run + cycles_readback + 5 epochs + 1 = ${sum}, "
                        "cycles = ${cycles}")
  endif()
  foreach(k cycles_load cycles_run cycles_readback)
    if(NOT ${k} GREATER 0)
      message(FATAL_ERROR "${k} is ${${k}}: every phase of an epoch takes cycles")
    endif()
  endforeach()
  if(seconds_model LESS 0 OR seconds_testbench_c LESS 0
     OR seconds_model GREATER seconds OR seconds_testbench_c GREATER seconds)
    message(FATAL_ERROR "seconds_model ${seconds_model} / seconds_testbench_c "
                        "${seconds_testbench_c} outside 0..seconds ${seconds}")
  endif()
  set(num "[0-9]+\\.[0-9]")
  if(NOT out MATCHES "\ncycles: load ([0-9]+) \\((${num})%\\), run ([0-9]+) \\(${num}%\\), read-back ([0-9]+) \\(${num}%\\); ([0-9.]+) cycles per transaction\n")
    message(FATAL_ERROR "the summary has no `cycles: load N (x%), run N (x%), read-back N (x%); x cycles per transaction` line")
  endif()
  if(NOT CMAKE_MATCH_1 EQUAL cycles_load OR NOT CMAKE_MATCH_3 EQUAL cycles_run
     OR NOT CMAKE_MATCH_4 EQUAL cycles_readback)
    message(FATAL_ERROR "the cycles line (${CMAKE_MATCH_1}, ${CMAKE_MATCH_3}, ${CMAKE_MATCH_4}) "
                        "differs from the JSON (${cycles_load}, ${cycles_run}, ${cycles_readback})")
  endif()
  if(NOT out MATCHES "\ntime: model (${num})%, testbench C (${num})%, simulator (${num})%\n")
    message(FATAL_ERROR "the summary has no `time: model x%, testbench C y%, simulator z%` line")
  endif()
endif()
message("${JSON}: ok")
