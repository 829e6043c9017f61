# SPDX-License-Identifier: Apache-2.0
# CTest step: a directed scenario removed from a small closure regression
# leaves holes, and the summary, results.json, junit.xml and the coverage
# page name them; with the scenario they are hit (N142).
#   -DREGRESS=bin/spagm-regress -DDESC=closure.regress -DOUT=dir
set(bins "tex.rule: TEX_RA_RZ" "tex.rule: TEX_RB_RZ" "tex.encoding_layout: encoding=0:1D.LZ layout=pitch")
foreach(set with without)
  file(REMOVE_RECURSE "${OUT}/${set}")
  execute_process(COMMAND ${REGRESS} --file ${DESC} --set ${set} --jobs 2 --fail-on-holes
                          --out ${OUT}/${set}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${set}: exit ${rc}\n${out}")
  # Both leave holes (the random traffic is short): --fail-on-holes fails.
  if(NOT rc EQUAL 1 OR NOT out MATCHES "--fail-on-holes: FAILED")
    message(FATAL_ERROR "${set}: exit ${rc}, expected 1 with --fail-on-holes FAILED\n${err}")
  endif()
  if(NOT out MATCHES "[0-9]+ runs, 2 as expected|1 runs, 1 as expected")
    message(FATAL_ERROR "${set}: runs not as expected")
  endif()
  file(READ "${OUT}/${set}/summary.txt" summary)
  file(READ "${OUT}/${set}/results.json" json)
  file(READ "${OUT}/${set}/junit.xml" junit)
  file(READ "${OUT}/${set}/coverage/index.html" page)
  string(JSON holes GET "${json}" coverage holes)
  foreach(b IN LISTS bins)
    string(FIND "${summary}" "    ${b}\n" in_summary)
    string(FIND "${holes}" "\"${b}\"" in_json)
    if(set STREQUAL "with" AND (in_summary GREATER -1 OR in_json GREATER -1))
      message(FATAL_ERROR "with the scenario, '${b}' is still reported a hole")
    endif()
    if(set STREQUAL "without" AND (in_summary LESS 0 OR in_json LESS 0))
      message(FATAL_ERROR "without the scenario, '${b}' is not named a hole in summary.txt and results.json")
    endif()
  endforeach()
  if(NOT junit MATCHES "<property name=\"coverage.tex.hit\" value=\"[0-9]+\"/>")
    message(FATAL_ERROR "${set}: junit.xml has no coverage properties")
  endif()
endforeach()
string(FIND "${page}" "TEX_RA_RZ" on_page)
if(on_page LESS 0)
  message(FATAL_ERROR "the coverage page does not name TEX_RA_RZ")
endif()
message("without the directed scenario its bins are named holes; with it they are hit")
