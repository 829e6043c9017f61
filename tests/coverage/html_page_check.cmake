# SPDX-License-Identifier: Apache-2.0
# The coverage page in headless Chromium (N250): a database
# with holes, thin bins and excluded cells (two short gen runs of pix and
# tex) is reported as HTML; the DOM after scripts ran has the summary with
# bars, the hole list, matrices with excluded cells marked, and every
# in-page link (each hole's) names an element that exists; a copy of the
# page with a click on the summary's "holes" header is sorted by holes;
# the JSON has per-point counts that add up to the unit's. screenshot.png
# is left in OUT for a person to look at.
#   cmake -DSPAGM=bin/spagm -DSRC=source-dir -DOUT=dir -P html_page_check.cmake
include(${SRC}/tests/support/page_check.cmake)
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
function(run)
  execute_process(COMMAND ${ARGN} WORKING_DIRECTORY "${OUT}" RESULT_VARIABLE rc
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${ARGN}: exit ${rc}\n${out}${err}")
  endif()
endfunction()
run(${SPAGM} gen --seed 3 --count 300 --units pix,tex --cov a.cov -o a.vec)
run(${SPAGM} gen --seed 4 --count 100 --units tex --cov b.cov -o b.vec)
run(${SPAGM} cov merge a.cov b.cov -o m.cov)
run(${SPAGM} cov report m.cov --html html --json cov.json)

# The page as it opens.
spagm_page_check("${OUT}/html/index.html" "${OUT}/page" 1280x1600 "the coverage page" EXPECT
    "id=\"u-all\">all<b>[0-9.]+%</b><div class=\"bar\"><i style=\"width:[0-9.]+%\">"
    "<table class=\"sortable\" id=\"summary-table\">"
    "<tr id=\"s-pix.mode_layout_mask\"><td>pix</td><td><a href=\"#pt-pix.mode_layout_mask\">"
    "<h2 id=\"holes\">Holes \\([1-9][0-9]*\\) and thin bins \\([1-9][0-9]*\\)</h2>"
    "<tr class=\"thin\"><td>tex.rule</td><td><a href=\"#b-tex.rule-[0-9]+\">"
    "<table class=\"sortable\" id=\"rank-table\">"
    "<table class=\"matrix\"><caption>positions=standard mask=full</caption>"
    "<th class=\"corner\">mode \\\\ samples</th>"
    "<td id=\"b-attr.ald_fields-[0-9]+\" class=\"ex\" title=\"[^\"]*R5: .PHYS means .P=0\">×</td>"
    "<li>× 8 bins: R5: .PHYS means .P=0</li>"
    "not collected \\(co-simulation only, N104\\)")

# Every in-page link resolves: the hole list's, the summary's, the "up" ones.
string(REGEX MATCHALL "href=\"#[^\"]+\"" links "${dom}")
list(REMOVE_DUPLICATES links)
list(LENGTH links nlinks)
set(holes_linked 0)
foreach(l IN LISTS links)
  string(REGEX REPLACE "href=\"#([^\"]+)\"" "\\1" id "${l}")
  string(FIND "${dom}" "id=\"${id}\"" at)
  if(at LESS 0)
    message(FATAL_ERROR "link ${l} names no element of the page")
  endif()
  if(id MATCHES "^b-")
    math(EXPR holes_linked "${holes_linked} + 1")
  endif()
endforeach()
if(holes_linked LESS 10)
  message(FATAL_ERROR "only ${holes_linked} hole links on the page")
endif()

# Sorting: a copy of the page clicks the summary's "holes" header once
# after the page's own script ran; the holes column then ascends (rows not
# collected, -1, first), which the page's own order does not.
file(READ "${OUT}/html/index.html" html)
string(REPLACE "</body>"
       "<script>document.querySelectorAll('#summary-table th')[5].click();</script>\n</body>"
       html "${html}")
file(WRITE "${OUT}/html/clicked.html" "${html}")
run(${SRC}/tests/support/headless-page "${OUT}/html/clicked.html" "${OUT}/clicked" 1280x900)
file(READ "${OUT}/clicked/dom.html" clicked)
function(holes_column text var)
  string(REGEX MATCH "id=\"summary-table\">.*</tbody>" table "${text}")
  string(REGEX MATCHALL "class=\"(num )?n-holes\"[^>]*>[0-9]*</td>" cells "${table}")
  set(vals "")
  foreach(c IN LISTS cells)
    string(REGEX REPLACE ".*>([0-9]*)</td>" "\\1" v "${c}")
    if(v STREQUAL "")
      set(v -1)
    endif()
    list(APPEND vals ${v})
  endforeach()
  set(${var} "${vals}" PARENT_SCOPE)
endfunction()
function(ascending vals var)
  set(prev -2)
  set(ok TRUE)
  foreach(v IN LISTS vals)
    if(v LESS prev)
      set(ok FALSE)
    endif()
    set(prev ${v})
  endforeach()
  set(${var} ${ok} PARENT_SCOPE)
endfunction()
holes_column("${dom}" before)
holes_column("${clicked}" after)
ascending("${before}" before_sorted)
ascending("${after}" after_sorted)
list(LENGTH after n_after)
if(before_sorted OR NOT after_sorted OR NOT n_after EQUAL 42)
  message(FATAL_ERROR "sorting by holes: before ${before}, after the click ${after} (${n_after} rows)")
endif()

# The JSON: per-point hit and legal, adding up to each unit's.
file(READ "${OUT}/cov.json" json)
string(JSON nunits LENGTH "${json}" units)
math(EXPR last "${nunits} - 1")
foreach(u RANGE ${last})
  string(JSON name GET "${json}" units ${u} unit)
  string(JSON uhit GET "${json}" units ${u} hit)
  string(JSON ulegal GET "${json}" units ${u} legal)
  string(JSON npts LENGTH "${json}" units ${u} points)
  set(hit 0)
  set(legal 0)
  math(EXPR lastp "${npts} - 1")
  foreach(p RANGE ${lastp})
    string(JSON h GET "${json}" units ${u} points ${p} hit)
    string(JSON l GET "${json}" units ${u} points ${p} legal)
    math(EXPR hit "${hit} + ${h}")
    math(EXPR legal "${legal} + ${l}")
  endforeach()
  if(NOT hit EQUAL uhit OR NOT legal EQUAL ulegal)
    message(FATAL_ERROR "${name}: points add up to ${hit}/${legal}, the unit says ${uhit}/${ulegal}")
  endif()
endforeach()
message("coverage page: ${nlinks} in-page links resolve (${holes_linked} to bins), sorted by a click, "
        "JSON per-point counts add up; screenshot ${OUT}/page/screenshot.png")
