# SPDX-License-Identifier: Apache-2.0
# The coverage HTML page parses as HTML (xmllint --html, libxml2-utils;
# its HTML 4 parser does not know HTML 5's details and summary, which the
# page uses to fold long lists) and has a summary, a section per unit and
# one per point (N250).
find_program(XMLLINT xmllint)
if(XMLLINT)
  execute_process(COMMAND ${XMLLINT} --html --noout ${HTML} RESULT_VARIABLE rc ERROR_VARIABLE err)
  string(REGEX REPLACE "[^\n]*HTML parser error : Tag (details|summary) invalid\n[^\n]*\n[^\n]*\n"
         "" err "${err}")
  if(NOT err STREQUAL "")
    message(FATAL_ERROR "xmllint --html refuses ${HTML}: ${err}")
  endif()
else()
  message(STATUS "xmllint not found: checking the structure only")
endif()
file(READ ${HTML} page)
foreach(unit attr pix tex)
  if(NOT page MATCHES "<h2 id=\"${unit}\">Unit ${unit}: ")
    message(FATAL_ERROR "${HTML} has no section for unit ${unit}")
  endif()
endforeach()
string(REGEX MATCHALL "<div class=\"point\" id=\"pt-" points "${page}")
list(LENGTH points n)
if(NOT n EQUAL 42 OR NOT page MATCHES "id=\"summary-table\"" OR NOT page MATCHES "</html>\n$")
  message(FATAL_ERROR "${HTML}: expected a summary, 42 point sections and a closed page, found ${n} sections")
endif()
