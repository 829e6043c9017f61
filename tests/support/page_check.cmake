# SPDX-License-Identifier: Apache-2.0
# For CTest scripts (cmake -P) that check an HTML page as a browser shows it:
#   include(${SRC}/tests/support/page_check.cmake)
#   spagm_page_check(PAGE OUTDIR WIDTHxHEIGHT WHAT EXPECT regex... [REJECT regex...])
# opens PAGE in headless Chromium (headless-page: OUTDIR/dom.html after the
# page's scripts ran, OUTDIR/screenshot.png for a person to look at), checks
# the DOM with dom_check.cmake (every pattern it got wrong is named) and
# leaves the DOM's text in the caller's variable `dom` for further checks.
# WHAT names the page in the failure message.
set(SPAGM_SUPPORT_DIR "${CMAKE_CURRENT_LIST_DIR}")
function(spagm_page_check page outdir size what)
  cmake_parse_arguments(PARSE_ARGV 4 A "" "" "EXPECT;REJECT")
  execute_process(COMMAND ${SPAGM_SUPPORT_DIR}/headless-page ${page} ${outdir} ${size}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "headless-page ${page}: exit ${rc}\n${out}${err}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -DDOM=${outdir}/dom.html "-DEXPECT=${A_EXPECT}"
                          "-DREJECT=${A_REJECT}" -P ${SPAGM_SUPPORT_DIR}/dom_check.cmake
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what}'s DOM lacks what it must show")
  endif()
  file(READ "${outdir}/dom.html" text)
  set(dom "${text}" PARENT_SCOPE)
endfunction()
