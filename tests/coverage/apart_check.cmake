# SPDX-License-Identifier: Apache-2.0
# N255: a co-simulation database's unhit legal bins that no run of this DUT
# could reach are counted apart from the holes in every report, by the one
# function that decides (spagm_cov_bin_gap): the text report, the JSON
# summary, --fail-on-holes and the page as headless Chromium draws it agree.
# A short co-simulation of the attribute and texture units (the pixel unit
# answers nothing, the attribute unit answers in order, so their overtaken
# bins need a reordering DUT; ISBEWR has no SM50 word, so its bins are not
# reachable by co-simulation). screenshot.png is left in OUT.
#   cmake -DCOSIM=bin/spagm-cosim -DSPAGM=bin/spagm -DSRC=source-dir -DOUT=dir -P apart_check.cmake
include(${SRC}/tests/support/page_check.cmake)
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
function(run expect_rc)
  execute_process(COMMAND ${ARGN} WORKING_DIRECTORY "${OUT}" RESULT_VARIABLE rc
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL expect_rc)
    message(FATAL_ERROR "${ARGN}: exit ${rc}, expected ${expect_rc}\n${out}${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()
run(0 ${COSIM} +units=attr,tex +seed=1 +txns=300 +no_progress +cov=c.cov)
run(0 ${SPAGM} cov report c.cov --html html --json cov.json)
set(text "${out}")
run(1 ${SPAGM} cov report c.cov --fail-on-holes)
set(failed "${err}")

# The text report's classes, counted per unit, are what the JSON says.
file(READ "${OUT}/cov.json" json)
set(all_holes 0)
set(all_apart 0)
foreach(u 0 1 2)
  string(JSON unit GET "${json}" units ${u} unit)
  foreach(k hit legal holes needs_reordering_dut not_reachable_by_cosim)
    string(JSON ${k} GET "${json}" units ${u} ${k})
  endforeach()
  math(EXPR unhit "${legal} - ${hit}")
  math(EXPR sum "${holes} + ${needs_reordering_dut} + ${not_reachable_by_cosim}")
  if(NOT sum EQUAL unhit)
    message(FATAL_ERROR "${unit}: holes ${holes} + reorder ${needs_reordering_dut} + no port "
                        "${not_reachable_by_cosim} is not the ${unhit} unhit legal bins")
  endif()
  string(REGEX MATCH "unit ${unit}:[^\n]*\n(  [^\n]*\n)*" block "${text}")
  foreach(pair "hole@holes" "needs a reordering DUT \\(N243\\)@needs_reordering_dut"
               "not reachable by co-simulation \\(N241\\)@not_reachable_by_cosim")
    string(REPLACE "@" ";" pair "${pair}")
    list(GET pair 0 label)
    list(GET pair 1 key)
    string(REGEX MATCHALL "\n    ${label}: " lines "${block}")
    list(LENGTH lines n)
    if(NOT n EQUAL ${key})
      message(FATAL_ERROR "${unit}: the text report lists ${n} '${label}', the JSON ${key} ${${key}}")
    endif()
  endforeach()
  math(EXPR all_holes "${all_holes} + ${holes}")
  math(EXPR all_apart "${all_apart} + ${needs_reordering_dut} + ${not_reachable_by_cosim}")
  set(${unit}_reorder ${needs_reordering_dut})
  set(${unit}_noport ${not_reachable_by_cosim})
endforeach()
# The in-order units' overtaken bins and ISBEWR's are apart, by name.
if(NOT attr_reorder EQUAL 6 OR NOT pix_reorder EQUAL 6 OR attr_noport LESS 21)
  message(FATAL_ERROR "attr needs a reordering DUT for ${attr_reorder} bins (6 expected), pix "
                      "${pix_reorder} (6), attr not reachable ${attr_noport} (21 ISBEWR at least)")
endif()
string(JSON npts LENGTH "${json}" units 0 points)
math(EXPR lastp "${npts} - 1")
foreach(p RANGE ${lastp})
  string(JSON name GET "${json}" units 0 points ${p} name)
  string(JSON holes GET "${json}" units 0 points ${p} holes)
  string(JSON noport GET "${json}" units 0 points ${p} not_reachable_by_cosim)
  string(JSON reorder GET "${json}" units 0 points ${p} needs_reordering_dut)
  if(holes MATCHES "ISBEWR|order=overtaken")
    message(FATAL_ERROR "${name}: the JSON holes still hold bins listed apart: ${holes}")
  endif()
  if(name STREQUAL "attr.rule" AND NOT noport MATCHES "\"ISBEWR_WRITTEN\"")
    message(FATAL_ERROR "attr.rule: ISBEWR_WRITTEN not under not_reachable_by_cosim: ${noport}")
  endif()
  if(name STREQUAL "attr.cosim_flow" AND NOT reorder MATCHES "\"order=overtaken in_flight=1 epoch=first\"")
    message(FATAL_ERROR "attr.cosim_flow: the overtaken bins are not under needs_reordering_dut: ${reorder}")
  endif()
endforeach()
# --fail-on-holes names the holes and only them.
string(REGEX MATCHALL "hole: [^\n]*" named "${failed}")
list(LENGTH named nnamed)
if(NOT nnamed EQUAL all_holes OR failed MATCHES "hole: attr[.a-z_]*: (ISBEWR|[^\n]*op=ISBEWR)|hole: (attr|pix).cosim_flow: order=overtaken")
  message(FATAL_ERROR "--fail-on-holes named ${nnamed} holes (the JSON has ${all_holes}):\n${failed}")
endif()

# The page as it opens: the holes and the bins apart counted apart.
spagm_page_check("${OUT}/html/index.html" "${OUT}/page" 1280x1600 "the coverage page" EXPECT
    "<p class=\"meta\" id=\"totals\">[0-9]+ of [0-9]+ legal bins hit \\([0-9.]+%\\), ${all_holes} holes, <span class=\"n-reorder\">"
    "<h2 id=\"holes\">Holes \\(${all_holes}\\) and thin bins"
    "<h2 id=\"apart\">Listed apart, not holes \\(${all_apart}\\)</h2>"
    "id=\"u-attr\">attr<b>[^<]*</b><div class=\"bar\"><i[^>]*></i></div><div class=\"meta\">[0-9]+ / [0-9]+ legal bins, <span class=\"n-holes\">[0-9]+</span> holes, <span class=\"n-reorder\">6</span> need a reordering DUT, <span class=\"n-noport\">${attr_noport}</span> not reachable by co-simulation"
    "<tr class=\"noport\"><td>attr.rule</td><td><a href=\"#b-attr.rule-[0-9]+\">ISBEWR_WRITTEN</a></td><td>not reachable by co-simulation \\(N241\\)</td>"
    "<tr class=\"reorder\"><td>pix.cosim_flow</td><td><a href=\"#b-pix.cosim_flow-[0-9]+\">order=overtaken in_flight=1 epoch=first</a>"
    "<td id=\"b-attr.cosim_flow-[0-9]+\" class=\"reorder\" title=\"order=overtaken [^\"]*: needs a reordering DUT \\(N243\\)\">0</td>"
    "<tr id=\"s-attr.cosim_flow\"><td>attr</td><td><a [^>]*>attr.cosim_flow</a></td><td>[^<]*</td><td [^>]*><div class=\"bar\"><i [^>]*></i></div>[^<]*</td><td [^>]*>[^<]*</td><td class=\"num n-holes\">[0-9]+</td><td class=\"num n-apart\">6</td>"
  REJECT
    "<tr class=\"hole\"><td>attr.rule</td><td><a [^>]*>ISBEWR_"
    "<tr class=\"hole\"><td>(attr|pix).cosim_flow</td><td><a [^>]*>order=overtaken")
message("bins listed apart: ${all_apart} (attr ${attr_reorder} + ${attr_noport}, pix ${pix_reorder}), "
        "holes ${all_holes}: text, JSON, --fail-on-holes and the page agree; "
        "screenshot ${OUT}/page/screenshot.png")
