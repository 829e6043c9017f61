# SPDX-License-Identifier: Apache-2.0
# N244: the stand-in texture unit with HIT_UNDER_MISS = 0
# simulated, not only linted. The Icarus replay image is built twice with
# tex_in_order_monitor.sv as a second root, once with the parameter at 0;
# both replay the same random texture traffic (seed 1, 300 requests, the
# replay's variable-latency memory) and must pass it transaction by
# transaction; the in-order build must answer no response out of acceptance
# order, the default (hit-under-miss) build some. Each prints its cycles from
# the first request to the last response (docs/stimulus.md has the figures).
# COUNT (default 300) sets the number of requests.
#   cmake -DIVERILOG= -DVVP= -DSPAGM= -DSOURCES="a.sv;b.sv" -DDEFINES="-DA=1;-DB" -DINC=dir
#         -DMONITOR=tex_in_order_monitor.sv -DDIR=out -P tex_in_order.cmake
if(NOT DEFINED COUNT)
  set(COUNT 300)
endif()
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
execute_process(COMMAND ${SPAGM} gen --seed 1 --units tex --count ${COUNT} -o ${DIR}/tex.vec
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "spagm gen failed (${rc}): ${err}")
endif()
execute_process(COMMAND ${SPAGM} export-hex ${DIR}/tex.vec ${DIR}/hex RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "spagm export-hex failed (${rc})")
endif()
set(defs ${DEFINES}) # a CMake list of -D options
foreach(variant hum0 hum1)
  set(extra "")
  if(variant STREQUAL "hum0")
    set(extra -DSPAGM_HUM0)
  endif()
  execute_process(COMMAND ${IVERILOG} -g2012 -s tb_replay_iverilog -s tb_tex_order ${extra}
                          -o ${DIR}/${variant}.vvp -I${INC} ${defs} ${SOURCES} ${MONITOR}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "iverilog (${variant}) failed (${rc}):\n${out}")
  endif()
  execute_process(COMMAND ${VVP} -n ${DIR}/${variant}.vvp +vectors=${DIR}/hex
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  string(REGEX MATCH "replay: ([0-9]+) passed, 0 failed" pass "${out}")
  string(REGEX MATCH "tex_order: HIT_UNDER_MISS=([01]), ([0-9]+) texture responses, ([0-9]+) overtaken, ([0-9]+) cycles[^\n]*"
         order "${out}")
  if(NOT rc EQUAL 0 OR NOT pass OR NOT order)
    message(FATAL_ERROR "${variant}: replay failed (${rc}) or printed no order count:\n${out}")
  endif()
  set(hum ${CMAKE_MATCH_1})
  set(n ${CMAKE_MATCH_2})
  set(over ${CMAKE_MATCH_3})
  set(cycles ${CMAKE_MATCH_4})
  math(EXPR whole "${cycles} / ${n}")
  math(EXPR frac "${cycles} * 100 / ${n} % 100")
  if(frac LESS 10)
    set(frac 0${frac})
  endif()
  message(STATUS "${variant}: ${pass}; ${order} (${whole}.${frac} cycles per response)")
  if(variant STREQUAL "hum0" AND (NOT hum EQUAL 0 OR NOT over EQUAL 0 OR n LESS 200))
    message(FATAL_ERROR "HIT_UNDER_MISS=0 must answer in acceptance order: ${order}")
  endif()
  if(variant STREQUAL "hum1" AND (NOT hum EQUAL 1 OR over EQUAL 0))
    message(FATAL_ERROR "the default build must overtake (hit-under-miss, N160): ${order}")
  endif()
endforeach()
