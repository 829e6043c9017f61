# SPDX-License-Identifier: Apache-2.0
# CTest docs.api_headers_documented: Doxygen reads the public headers
# with the site's own Doxyfile (docs/site/Doxyfile.in: every public symbol
# documented, any warning an error) and writes XML only, into this test's
# folder. The same check as the documentation site's build
# (site.builds_links_and_pages, soak), in under a second, so an
# undocumented member fails the default suite instead of the CI's soak.
#
# cmake -DDOXYGEN=<doxygen> -DSRC=<source dir> -DVERSION=<x.y.z> -DINPUT=<dirs> -DSTRIP=<dirs>
#       -DWORK=<dir> -P api_headers_check.cmake
cmake_minimum_required(VERSION 3.20)
if(NOT DOXYGEN OR NOT EXISTS "${DOXYGEN}")
  message(FATAL_ERROR "doxygen not found (scripts/install-deps installs it)")
endif()
# cmake/SpagmDocs.cmake's header list and path stripping, as the site has them.
set(PROJECT_SOURCE_DIR ${SRC})
set(PROJECT_VERSION ${VERSION})
set(SPAGM_DOXYGEN_INPUT "${INPUT}")
set(SPAGM_DOXYGEN_STRIP "${STRIP}")
set(SPAGM_DOXYGEN_OUT ${WORK}/api)
file(REMOVE_RECURSE ${WORK}/api)
configure_file(${SRC}/docs/site/Doxyfile.in ${WORK}/Doxyfile.site @ONLY)
file(READ ${WORK}/Doxyfile.site text)
string(APPEND text "\nGENERATE_HTML = NO\nSEARCHENGINE = NO\nGENERATE_XML = YES\n")
file(WRITE ${WORK}/Doxyfile "${text}")
execute_process(COMMAND ${DOXYGEN} ${WORK}/Doxyfile WORKING_DIRECTORY ${SRC}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "Doxygen refused the public headers (every public symbol needs its own "
                      "comment):\n${err}${out}")
endif()
if(NOT EXISTS ${WORK}/api/xml/index.xml)
  message(FATAL_ERROR "Doxygen wrote no ${WORK}/api/xml/index.xml")
endif()
message(STATUS "public headers documented: ${SPAGM_DOXYGEN_INPUT}")
