# SPDX-License-Identifier: Apache-2.0
# Check a DOM written by tests/support/headless-page:
#   cmake -DDOM=out/dom.html -DEXPECT="regex;regex" [-DREJECT="regex;regex"] -P dom_check.cmake
# Fails naming every EXPECT pattern that is not found and every REJECT
# pattern that is, so one run shows everything a page got wrong.
if(NOT DEFINED DOM OR NOT EXISTS "${DOM}")
  message(FATAL_ERROR "dom_check: no DOM file '${DOM}' (did headless-page run?)")
endif()
file(READ "${DOM}" dom)
if(dom STREQUAL "")
  message(FATAL_ERROR "dom_check: ${DOM} is empty")
endif()
set(problems "")
foreach(re IN LISTS EXPECT)
  if(NOT dom MATCHES "${re}")
    string(APPEND problems "\n  expected, not found: ${re}")
  endif()
endforeach()
foreach(re IN LISTS REJECT)
  if(dom MATCHES "${re}")
    string(APPEND problems "\n  found, must not be there: ${re} (matched '${CMAKE_MATCH_0}')")
  endif()
endforeach()
if(problems)
  message(FATAL_ERROR "dom_check: ${DOM}:${problems}")
endif()
list(LENGTH EXPECT n_expect)
list(LENGTH REJECT n_reject)
message(STATUS "dom_check: ${DOM}: ${n_expect} expected patterns found, ${n_reject} rejected patterns absent")
