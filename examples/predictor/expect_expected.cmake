# SPDX-License-Identifier: Apache-2.0
# CTest example.predictor.expected_*: with a defect of the stand-in
# switched on, the testbench prints, after each of the model's MISMATCH
# reports, its own expected-vs-actual table built from check_expected's
# `expected` (N214). The table must agree with the model's report of the
# same tag: every lane the model names shows the model's expected and
# actual values, and the lanes the table finds different (actual against
# `expected`, outside the don't-care bits) are exactly as many as the
# differences the model counts, so `expected` equals actual on every other
# lane. An `expected` that is missing (zero), is the actual response, or
# belongs to another tag fails here.
#   cmake -DTB=<tb_pix_predictor> -DARGS=<plusargs> -P expect_expected.cmake
cmake_minimum_required(VERSION 3.22)  # IN_LIST
execute_process(COMMAND ${TB} ${ARGS} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
message("${out}${err}")
if(rc EQUAL 0)
  message(FATAL_ERROR "the testbench passed with a defect in the DUT")
endif()
if(out MATCHES "refused")
  message(FATAL_ERROR "the testbench refused its plusargs: no defect was caught")
endif()

# Bits set in a 32-bit mask given as 0x... text.
function(popcount out hex)
  math(EXPR v "${hex}")
  set(n 0)
  foreach(b RANGE 31)
    math(EXPR bit "(${v} >> ${b}) & 1")
    math(EXPR n "${n} + ${bit}")
  endforeach()
  set(${out} ${n} PARENT_SCOPE)
endfunction()

# One model report and the testbench's table after it.
function(check_pair)
  if(NOT tb_tag STREQUAL model_tag)
    message(FATAL_ERROR "tag ${model_tag}: the table after its report is of tag '${tb_tag}'")
  endif()
  foreach(v ${model_vals})
    if(NOT v IN_LIST tb_vals)
      string(REPLACE ":" " " pretty "${v}")
      message(FATAL_ERROR "tag ${model_tag}: the model reports slot, lane, expected, actual "
                          "'${pretty}'; the check_expected table does not show it")
    endif()
  endforeach()
  if(model_pd AND NOT model_pd STREQUAL tb_pd)
    message(FATAL_ERROR "tag ${model_tag}: predicate values expected/actual ${model_pd} in the "
                        "model's report, '${tb_pd}' from check_expected")
  endif()
  math(EXPR model_total "${model_count} + ${model_more}")
  if(NOT model_total EQUAL tb_total)
    message(FATAL_ERROR "tag ${model_tag}: the model counts ${model_total} differences, the "
                        "check_expected table ${tb_total}: `expected` differs from the prediction")
  endif()
endfunction()

string(REPLACE ";" "," text "${out}")
string(REPLACE "\n" ";" lines "${text}")
set(pairs 0)
set(values 0)
set(where "")
foreach(line IN LISTS lines)
  if(line MATCHES "^MISMATCH pix tag ([0-9]+) ")
    set(model_tag ${CMAKE_MATCH_1})
    set(model_vals "")
    set(model_pd "")
    set(model_count 0)
    set(model_more 0)
    set(where model)
  elseif(where STREQUAL "model")
    if(line MATCHES "^  R[0-9]+ \\(slot ([0-3])\\) lane ([0-9]+): expected (0x[0-9a-f]+) .*got (0x[0-9a-f]+)")
      list(APPEND model_vals "${CMAKE_MATCH_1}:${CMAKE_MATCH_2}:${CMAKE_MATCH_3}:${CMAKE_MATCH_4}")
    elseif(line MATCHES "^  P[0-9]+: expected lanes (0x[0-9a-f]+) true, got (0x[0-9a-f]+)")
      set(model_pd "${CMAKE_MATCH_1}/${CMAKE_MATCH_2}")
    endif()
    if(line MATCHES "^  \\.\\.\\. and ([0-9]+) more differences")
      set(model_more ${CMAKE_MATCH_1})
    elseif(line MATCHES "^  [^ ]" AND NOT line MATCHES "^  insn |^  \\(not an instruction")
      math(EXPR model_count "${model_count} + 1")
    elseif(line STREQUAL "")
      set(where after_model)
    endif()
  elseif(line MATCHES "^tb_pix_predictor: tag ([0-9]+), expected vs actual")
    if(NOT where STREQUAL "after_model")
      message(FATAL_ERROR "a check_expected table with no model report before it: ${line}")
    endif()
    set(tb_tag ${CMAKE_MATCH_1})
    set(tb_vals "")
    set(tb_pd "")
    set(tb_total 0)
    set(where tb)
  elseif(where STREQUAL "tb")
    if(line MATCHES "^  slot ([0-3]): expected (R[0-9Z]+) lanes (0x[0-9a-f]+), actual (R[0-9Z]+) lanes (0x[0-9a-f]+), mismatch lanes (0x[0-9a-f]+)")
      set(slot ${CMAKE_MATCH_1})
      if(CMAKE_MATCH_2 STREQUAL CMAKE_MATCH_4 AND CMAKE_MATCH_3 STREQUAL CMAKE_MATCH_5)
        popcount(n ${CMAKE_MATCH_6})  # one difference per lane
      else()
        set(n 1)  # the model counts a wrong register or lane set once
      endif()
      math(EXPR tb_total "${tb_total} + ${n}")
    elseif(line MATCHES "^    lane ([0-9]+): expected (0x[0-9a-f]+), actual (0x[0-9a-f]+)")
      list(APPEND tb_vals "${slot}:${CMAKE_MATCH_1}:${CMAKE_MATCH_2}:${CMAKE_MATCH_3}")
    elseif(line MATCHES "^  predicate: expected P[0-9]+ lanes 0x[0-9a-f]+ true (0x[0-9a-f]+), actual P[0-9]+ lanes 0x[0-9a-f]+ true (0x[0-9a-f]+)")
      set(tb_pd "${CMAKE_MATCH_1}/${CMAKE_MATCH_2}")
      math(EXPR tb_total "${tb_total} + 1")
    elseif(line MATCHES "^  fault:")
      math(EXPR tb_total "${tb_total} + 1")
    elseif(line STREQUAL "")
      check_pair()
      list(LENGTH model_vals n)
      math(EXPR values "${values} + ${n}")
      math(EXPR pairs "${pairs} + 1")
      set(where "")
    endif()
  elseif(where STREQUAL "after_model" AND NOT line STREQUAL "")
    message(FATAL_ERROR "tag ${model_tag}: no check_expected table after the model's report")
  endif()
endforeach()
if(pairs EQUAL 0 OR values EQUAL 0)
  message(FATAL_ERROR "no mismatch report with lane values and its check_expected table")
endif()
message("${pairs} mismatching responses: the check_expected table agrees with the model's "
        "report on ${values} lane values and on every difference count")
