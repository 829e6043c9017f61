# SPDX-License-Identifier: Apache-2.0
# CTest step: the history trend (N251). Two nights recorded with
# --history HDIR (one with a failing run, one clean) give HDIR/nights and
# HDIR/history.html, which each report.html links to; `spagm-regress
# history` of those two and the smoke and closure regressions (coverage)
# writes a page whose DOM, in headless Chromium, has the four nights in its
# table and on its SVG lines and links resolving to their report.html; a
# folder with no night record is named and the exit status is 1.
#   -DREGRESS=bin/spagm-regress -DDESC=history.regress -DOUT=dir -DSRC=source
#   -DCOV_DIRS="dir;dir"   regressions that collected coverage
include(${SRC}/tests/support/page_check.cmake)
file(REMOVE_RECURSE "${OUT}")
set(hdir "${OUT}/hist")
foreach(night bad_night good_night)
  execute_process(COMMAND ${REGRESS} --file ${DESC} --set ${night} --jobs 2 --history ${hdir}
                          --out ${OUT}/${night} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT (night STREQUAL "bad_night" AND rc EQUAL 1) AND NOT (night STREQUAL "good_night" AND rc EQUAL 0))
    message(FATAL_ERROR "${night}: exit ${rc}\n${out}${err}")
  endif()
  file(READ "${OUT}/${night}/report.html" report)
  if(NOT report MATCHES "<a id=\"history\" href=\"../hist/history.html\">")
    message(FATAL_ERROR "${night}/report.html does not link to ../hist/history.html")
  endif()
endforeach()
file(STRINGS "${hdir}/nights" nights)
list(LENGTH nights n)
file(READ "${hdir}/history.html" page)
string(REGEX MATCHALL "<circle " dots "${page}")
list(LENGTH dots ndots)
# Two nights: two dots on the pass line, two on the wall-time line, none on
# the coverage line (command runs collect none).
if(NOT n EQUAL 2 OR NOT ndots EQUAL 4 OR NOT page MATCHES "<td class=\"num\">75.0 %</td>")
  message(FATAL_ERROR "HDIR/nights has ${n} lines, the page ${ndots} dots (expected 2 and 4, a 75 % night)")
endif()

# history DIR...: four regressions, two with coverage; one folder that is not one.
set(dirs ${OUT}/bad_night ${OUT}/good_night ${COV_DIRS})
execute_process(COMMAND ${REGRESS} history -o ${OUT}/trend.html ${dirs} ${OUT}/hist
                RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
if(NOT rc EQUAL 1 OR NOT err MATCHES "hist/night.tsv: No such file")
  message(FATAL_ERROR "a folder with no record: exit ${rc}, expected 1 naming hist/night.tsv\n${err}")
endif()
set(pt "[0-9.]+,[0-9.]+ ") # a point of a line (CMake regexes have no {n})
spagm_page_check(${OUT}/trend.html ${OUT}/page 1280x1100 "the trend page" EXPECT
    "<p class=\"meta\">4 nights, "
    "<polyline id=\"cov-line\" [^>]*points=\"${pt}${pt}\""
    "<polyline id=\"pass-line\" [^>]*points=\"${pt}${pt}${pt}${pt}\""
    "<polyline id=\"wall-line\" [^>]*points=\"${pt}${pt}${pt}${pt}\""
    "<td>bad_night</td><td class=\"num\">4</td><td class=\"num\">3</td><td class=\"num\">75.0 %</td><td>no coverage</td>")
string(REGEX MATCHALL "href=\"[^\"]+\"" links "${dom}")
list(LENGTH links nlinks)
foreach(l IN LISTS links)
  string(REGEX REPLACE "href=\"([^\"]+)\"" "\\1" rel "${l}")
  if(NOT EXISTS "${OUT}/${rel}")
    message(FATAL_ERROR "trend.html links to ${rel}, which is not there")
  endif()
endforeach()
if(NOT nlinks EQUAL 4)
  message(FATAL_ERROR "trend.html has ${nlinks} links, expected one per night")
endif()
message("history: 2 nights recorded with --history, a trend of 4 in headless Chromium, links resolve; screenshot ${OUT}/page/screenshot.png")
