# SPDX-License-Identifier: Apache-2.0
# The pixel load's corners of stimulus 10 (pix.load_corner: every register
# written twice, N420; an illegal write aliasing a register with a value it
# can hold, N421) are each hit by the default seeds 1-5 of the pixel unit
# (docs/coverage.md), read from `spagm cov report --json` of the merged
# databases.
#   cmake -DCOSIM=spagm-cosim -DCLI=spagm -DDIR=out -P load_corner_check.cmake
include(${CMAKE_CURRENT_LIST_DIR}/cosim_seeds_merged.cmake)
cosim_seeds_merged(${DIR} +units=pix)
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
    if(name STREQUAL "pix.load_corner")
      set(found 1)
      string(JSON bins GET "${json}" units ${u} points ${p} bins)
      string(JSON hit GET "${json}" units ${u} points ${p} hit)
      string(JSON holes GET "${json}" units ${u} points ${p} holes)
      message("pix.load_corner: ${hit} of ${bins} bins hit by seeds 1-5; holes ${holes}")
      if(NOT bins EQUAL 3 OR NOT hit EQUAL bins)
        message(FATAL_ERROR "pix.load_corner: ${hit} of ${bins} bins hit, holes ${holes}")
      endif()
    endif()
  endforeach()
endforeach()
if(NOT found)
  message(FATAL_ERROR "no point pix.load_corner in ${DIR}/cov.json")
endif()
