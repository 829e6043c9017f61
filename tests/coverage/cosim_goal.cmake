# SPDX-License-Identifier: Apache-2.0
# The coverage goal of the default run (N243): spagm-cosim seeds 1-5 (all
# units, default length) merged reach at least 99 % of the legal bins this
# co-simulation can reach, with no thin bin (every rule bin at its
# at_least). Prints the merged report; fails below the goal, on a thin bin
# or on a failed run. Bins no co-simulation of the stand-ins can reach are
# counted apart by `spagm cov report` (ISBEWR: N241; attr/pix overtaken:
# N243), and both figures are printed.
#   cmake -DCOSIM=spagm-cosim -DCLI=spagm -DDIR=out [-DGOAL=99] -P cosim_goal.cmake
if(NOT DEFINED GOAL)
  set(GOAL 99)
endif()
include(${CMAKE_CURRENT_LIST_DIR}/cosim_seeds_merged.cmake)
cosim_seeds_merged(${DIR})
execute_process(COMMAND ${CLI} cov report ${DIR}/merged.cov
                OUTPUT_VARIABLE rep ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "spagm cov report failed (${rc}): ${err}")
endif()
file(WRITE ${DIR}/merged.txt "${rep}")
message("${rep}")
string(REGEX MATCH "\ntotal: [^\n]*" total "\n${rep}")
string(REGEX MATCH "of the ([0-9]+) this co-simulation can reach: ([0-9]+) hit" m "${total}")
if(NOT m)
  message(FATAL_ERROR "the report's total line has no co-simulation figure:${total}")
endif()
set(reach ${CMAKE_MATCH_1})
set(hit ${CMAKE_MATCH_2})
string(REGEX MATCH ", ([0-9]+) thin," m "${total}")
set(thin ${CMAKE_MATCH_1})
math(EXPR need "(${reach} * ${GOAL} + 99) / 100")
if(hit LESS need)
  message(FATAL_ERROR "seeds 1-5 reach ${hit} of the ${reach} bins this co-simulation can reach: "
                      "below ${GOAL} % (${need})")
endif()
if(NOT thin EQUAL 0)
  string(REGEX MATCHALL "thin: [^\n]*" lines "${rep}")
  message(FATAL_ERROR "${thin} thin bins (below their at_least):\n${lines}")
endif()
message(STATUS "seeds 1-5: ${hit} of ${reach} reachable bins (goal ${GOAL} %), 0 thin")
