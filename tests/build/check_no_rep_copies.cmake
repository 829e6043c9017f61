# SPDX-License-Identifier: Apache-2.0
# CTest build.large_copies_call_libc: with SPAGM_STRINGOP_TUNING, the
# per-transaction copies and clears of the model library (pack, unpack,
# the response and explanation resets) contain no `rep movs` / `rep stos`:
# GCC's generic tuning expands fixed-size copies of a few KB into those,
# at half the speed of the C library's memcpy on the machines measured.
# Each function must be found, so a renamed one fails, not passes.
#
# cmake -DOBJDUMP=<objdump> -DLIB=<libspagm.a> -P check_no_rep_copies.cmake
cmake_minimum_required(VERSION 3.20)
set(functions spagm_request_pack spagm_request_unpack spagm_response_pack
    spagm_response_unpack spagm_response_init spagm_request_init spagm_explain_init)
execute_process(COMMAND ${OBJDUMP} -d --no-show-raw-insn ${LIB}
                OUTPUT_VARIABLE dis RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${OBJDUMP} -d ${LIB} failed (${rc}): ${err}")
endif()
string(REPLACE ";" "," dis "${dis}")
string(REPLACE "\n" ";" lines "${dis}")
set(current "")
set(found "")
set(bad "")
foreach(line IN LISTS lines)
  if(line MATCHES "^[0-9a-f]+ <([A-Za-z0-9_.]+)>:$")
    set(current ${CMAKE_MATCH_1})
    if(current IN_LIST functions)
      list(APPEND found ${current})
    endif()
  elseif(current IN_LIST functions AND line MATCHES "rep[a-z]* +(movs|stos)")
    list(APPEND bad "${current}:${line}")
  endif()
endforeach()
foreach(f IN LISTS functions)
  if(NOT f IN_LIST found)
    message(FATAL_ERROR "${f} not found in ${LIB}")
  endif()
endforeach()
if(bad)
  string(REPLACE ";" "\n  " bad "${bad}")
  message(FATAL_ERROR "string instructions in the per-transaction copies:\n  ${bad}")
endif()
message(STATUS "no rep movs/stos in: ${functions}")
