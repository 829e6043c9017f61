# SPDX-License-Identifier: Apache-2.0
# The browser check every HTML page of spagm goes through works, and can
# fail: headless-page loads a page whose text only its script writes, then
# dom_check.cmake finds that text, and refuses a pattern that is absent.
#   cmake -DSRC=<source dir> -DOUT=<test folder> -P headless_page_test.cmake
file(REMOVE_RECURSE "${OUT}")
execute_process(COMMAND "${SRC}/tests/support/headless-page"
                        "${SRC}/tests/data/browser/script_page.html" "${OUT}" 640x480
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "headless-page failed (${rc})")
endif()
if(NOT EXISTS "${OUT}/screenshot.png")
  message(FATAL_ERROR "headless-page wrote no screenshot")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" -DDOM=${OUT}/dom.html
                        "-DEXPECT=script ran: 42;<title>headless-page self-test</title>"
                        -P "${SRC}/tests/support/dom_check.cmake"
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "dom_check did not find what the page's script wrote")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" -DDOM=${OUT}/dom.html "-DEXPECT=script ran: 43"
                        -P "${SRC}/tests/support/dom_check.cmake"
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "expected, not found: script ran: 43")
  message(FATAL_ERROR "dom_check passed a DOM without the expected text (rc ${rc}): ${err}")
endif()
message(STATUS "headless-page and dom_check: scripts run, present text found, absent text refused")
