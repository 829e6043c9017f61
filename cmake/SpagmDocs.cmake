# SPDX-License-Identifier: Apache-2.0
# The documentation site: `cmake --build build --target docs` writes
# build/site. docs/site/stage.py stages the guides, Doxygen writes
# the API reference into the staged source (any Doxygen warning fails the
# target: every public symbol documented), and MkDocs builds the site with
# its navigation and search. Not part of `all`: Doxygen and MkDocs are
# needed only by whoever builds the site (scripts/install-deps installs
# both), and tests/docs_site checks it.
# The public headers: those cmake/SpagmPackage.cmake installs (also the
# default suite's Doxygen check, docs.api_headers_documented).
set(SPAGM_DOXYGEN_INPUT "${PROJECT_SOURCE_DIR}/model/include/spagm \
${PROJECT_SOURCE_DIR}/stim/include/spagm/stim ${PROJECT_SOURCE_DIR}/util/include/spagm/util \
${PROJECT_SOURCE_DIR}/coverage/include/spagm/cov \
${PROJECT_SOURCE_DIR}/vectors/include/spagm/vec ${PROJECT_SOURCE_DIR}/cosim/include/spagm \
${PROJECT_SOURCE_DIR}/systemc/include/spagm/sc")
set(SPAGM_DOXYGEN_STRIP "${PROJECT_SOURCE_DIR}/model/include \
${PROJECT_SOURCE_DIR}/stim/include ${PROJECT_SOURCE_DIR}/util/include ${PROJECT_SOURCE_DIR}/coverage/include \
${PROJECT_SOURCE_DIR}/vectors/include ${PROJECT_SOURCE_DIR}/cosim/include \
${PROJECT_SOURCE_DIR}/systemc/include")
find_program(SPAGM_DOXYGEN doxygen)
find_program(SPAGM_MKDOCS mkdocs)
find_program(SPAGM_PYTHON3_SYSTEM NAMES python3)
if(NOT SPAGM_DOXYGEN OR NOT SPAGM_MKDOCS)
  message(STATUS "docs target: doxygen or mkdocs not found (scripts/install-deps installs "
                 "both); `cmake --build build --target docs` will say so")
  add_custom_target(docs COMMAND ${CMAKE_COMMAND} -E echo
    "the docs target needs doxygen and mkdocs: scripts/install-deps installs them"
    COMMAND ${CMAKE_COMMAND} -E false)
  return()
endif()

set(SPAGM_SITE_SRC ${PROJECT_BINARY_DIR}/site-src)
set(SPAGM_SITE ${PROJECT_BINARY_DIR}/site)
set(SPAGM_DOXYGEN_OUT ${SPAGM_SITE_SRC}/docs/api)
configure_file(${PROJECT_SOURCE_DIR}/docs/site/Doxyfile.in ${PROJECT_BINARY_DIR}/Doxyfile @ONLY)

file(GLOB _spagm_site_inputs CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/*.md
     ${PROJECT_SOURCE_DIR}/docs/site/* ${PROJECT_SOURCE_DIR}/model/include/spagm/*.h
     ${PROJECT_SOURCE_DIR}/stim/include/spagm/stim/*.h ${PROJECT_SOURCE_DIR}/util/include/spagm/util/*.h
     ${PROJECT_SOURCE_DIR}/coverage/include/spagm/cov/*.h
     ${PROJECT_SOURCE_DIR}/vectors/include/spagm/vec/*.h ${PROJECT_SOURCE_DIR}/cosim/include/spagm/*.h
     ${PROJECT_SOURCE_DIR}/systemc/include/spagm/sc/*.h ${PROJECT_SOURCE_DIR}/examples/api/*
     ${PROJECT_SOURCE_DIR}/examples/systemc-vp/*.cpp ${PROJECT_SOURCE_DIR}/tests/predictor/predictor_test.cpp)
add_custom_command(
  OUTPUT ${SPAGM_SITE}/index.html
  COMMAND ${SPAGM_PYTHON3_SYSTEM} ${PROJECT_SOURCE_DIR}/docs/site/stage.py ${PROJECT_SOURCE_DIR}
          ${SPAGM_SITE_SRC} ${PROJECT_VERSION}
  COMMAND ${SPAGM_DOXYGEN} ${PROJECT_BINARY_DIR}/Doxyfile
  COMMAND ${SPAGM_MKDOCS} build --quiet --clean --config-file ${SPAGM_SITE_SRC}/mkdocs.yml
          --site-dir ${SPAGM_SITE}
  DEPENDS ${_spagm_site_inputs} ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/CHANGELOG.md
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  COMMENT "Documentation site: guides, API reference (Doxygen), MkDocs -> ${SPAGM_SITE}"
  VERBATIM)
add_custom_target(docs DEPENDS ${SPAGM_SITE}/index.html)
