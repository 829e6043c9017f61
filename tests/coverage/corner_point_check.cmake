# SPDX-License-Identifier: Apache-2.0
# A point of stimulus corners is hit in every bin by the default seeds 1-5
# of its unit (docs/coverage.md), read from `spagm cov report --json` of the
# merged databases: pix.load_corner (stimulus 10: every register written
# twice, N420; an illegal write aliasing a register with a value it can
# hold, N421), attr.epoch_corner (stimulus 11: the maps at their ends,
# N466; the load's memory bursts, N467), tex.fp16_input (stimulus 12: the
# fp32 -> fp16 conversion corners a TLDS.F16 read, N495).
#   cmake -DCOSIM=spagm-cosim -DCLI=spagm -DDIR=out -DUNIT=pix -DPOINT=pix.load_corner
#         -DBINS=3 -P corner_point_check.cmake
include(${CMAKE_CURRENT_LIST_DIR}/cosim_seeds_merged.cmake)
cosim_seeds_merged(${DIR} +units=${UNIT})
execute_process(COMMAND ${CLI} cov report ${DIR}/merged.cov --json ${DIR}/cov.json
                OUTPUT_QUIET RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "spagm cov report --json failed (${rc}): ${err}")
endif()
file(READ ${DIR}/cov.json json)
string(JSON nu LENGTH "${json}" units)
math(EXPR lu "${nu} - 1")
set(found 0)
foreach(u RANGE ${lu})
  string(JSON np LENGTH "${json}" units ${u} points)
  math(EXPR lp "${np} - 1")
  foreach(p RANGE ${lp})
    string(JSON name GET "${json}" units ${u} points ${p} name)
    if(name STREQUAL "${POINT}")
      set(found 1)
      string(JSON bins GET "${json}" units ${u} points ${p} bins)
      string(JSON hit GET "${json}" units ${u} points ${p} hit)
      string(JSON holes GET "${json}" units ${u} points ${p} holes)
      message("${POINT}: ${hit} of ${bins} bins hit by seeds 1-5; holes ${holes}")
      if(NOT bins EQUAL ${BINS} OR NOT hit EQUAL bins)
        message(FATAL_ERROR "${POINT}: ${hit} of ${bins} bins hit, holes ${holes}")
      endif()
    endif()
  endforeach()
endforeach()
if(NOT found)
  message(FATAL_ERROR "no point ${POINT} in ${DIR}/cov.json")
endif()
