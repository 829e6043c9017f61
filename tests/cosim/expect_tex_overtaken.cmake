# SPDX-License-Identifier: Apache-2.0
# The hit-under-miss texture unit (N160) answers out of order with the
# co-simulation's variable-latency memory: `spagm-cosim +units=tex +seed=1
# +cov=` hits every legal tex.cosim_flow bin with order=overtaken, at every
# depth and in first and reloaded epochs. Fails naming the bins it missed.
#   cmake -DCOSIM=spagm-cosim -DCLI=spagm -DDIR=out -P expect_tex_overtaken.cmake
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
execute_process(COMMAND ${COSIM} +units=tex +seed=1 +no_progress +cov=${DIR}/tex.cov
                WORKING_DIRECTORY ${DIR} OUTPUT_VARIABLE out ERROR_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "spagm-cosim +units=tex +seed=1 failed (${rc}):\n${out}")
endif()
execute_process(COMMAND ${CLI} cov report ${DIR}/tex.cov
                OUTPUT_VARIABLE rep ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "spagm cov report failed (${rc}): ${err}")
endif()
string(REGEX MATCH "tex\\.cosim_flow[^\n]*" line "${rep}")
if(line STREQUAL "")
  message(FATAL_ERROR "the report has no tex.cosim_flow line:\n${rep}")
endif()
# The point's own lines: its header and the indented hole lines under it.
string(FIND "${rep}" "${line}" at)
string(SUBSTRING "${rep}" ${at} -1 rest)
string(REGEX MATCH "^[^\n]*(\n    [^\n]*)*" block "${rest}")
string(REGEX MATCHALL "hole: order=overtaken[^\n]*" holes "${block}")
if(holes)
  message(FATAL_ERROR "seed 1 left overtaken bins of tex.cosim_flow unhit:\n${holes}")
endif()
message(STATUS "${line}: every order=overtaken bin hit")
