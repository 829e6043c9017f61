# SPDX-License-Identifier: Apache-2.0
# The per-test temporary folders and the check that the suite leaves nothing
# in the temporary folder it was started with (cmake/SpagmTestDirs.cmake).
#   -DMODE=setup   -DDIRS=list file -DSTATE=file  create every test's folder,
#                  record the suite's temporary folder and what it holds
#   -DMODE=check   -DSTATE=file                   fail naming each entry that
#                  is new in that folder since setup
#   -DMODE=missing -DMISSING="names" -DN=count    fail naming tests with no folder
#   -DMODE=selftest -DWORK=folder                 the check itself fails and passes
# The suite's temporary folder is TMPDIR as ctest got it, else /tmp. /tmp is
# shared with every program of the machine, so a new entry there cannot be
# put down to the suite: the check then names what it found and is skipped
# (CI and `TMPDIR=$(mktemp -d) ctest ...` give it a folder of its own).
cmake_minimum_required(VERSION 3.22)  # IN_LIST

function(listing dir out)
  file(GLOB entries LIST_DIRECTORIES true RELATIVE "${dir}" "${dir}/*" "${dir}/.*")
  list(SORT entries)
  set(${out} "${entries}" PARENT_SCOPE)
endfunction()

if(MODE STREQUAL "setup")
  file(STRINGS "${DIRS}" dirs)
  foreach(d ${dirs})
    file(MAKE_DIRECTORY "${d}")
  endforeach()
  list(LENGTH dirs n)
  if(DEFINED ENV{TMPDIR} AND NOT "$ENV{TMPDIR}" STREQUAL "")
    set(temp "$ENV{TMPDIR}")
    set(own 1)
  else()
    set(temp /tmp)
    set(own 0)
  endif()
  listing("${temp}" before)
  list(LENGTH before held)
  get_filename_component(state_dir "${STATE}" DIRECTORY)
  file(MAKE_DIRECTORY "${state_dir}")
  # Written whole: the check never reads half a state.
  file(WRITE "${STATE}.tmp" "${temp}\n${own}\n")
  foreach(e ${before})
    file(APPEND "${STATE}.tmp" "${e}\n")
  endforeach()
  file(RENAME "${STATE}.tmp" "${STATE}")
  message(STATUS "${n} test folders made; the suite's temporary folder ${temp} "
                 "holds ${held} entries, recorded in ${STATE}")
elseif(MODE STREQUAL "check")
  if(NOT EXISTS "${STATE}")
    message(FATAL_ERROR "${STATE} is missing: tmp.setup did not run")
  endif()
  file(STRINGS "${STATE}" lines)
  list(POP_FRONT lines temp own)
  listing("${temp}" after)
  set(new "")
  foreach(e ${after})
    if(NOT e IN_LIST lines)
      list(APPEND new "${e}")
    endif()
  endforeach()
  if(NOT new)
    message(STATUS "the suite left nothing in its temporary folder ${temp}")
    return()
  endif()
  string(REPLACE ";" "\n  " shown "${new}")
  if(own)
    message(FATAL_ERROR "the suite left these in its temporary folder ${temp} (TMPDIR); "
                        "a test must write under its own folder in the build tree:\n  ${shown}")
  endif()
  message("tmp check skipped: ${temp} is the machine's shared temporary folder, so these new "
          "entries may be another program's; run the suite with TMPDIR set to an empty "
          "folder to check (CI does):\n  ${shown}")
elseif(MODE STREQUAL "selftest")
  # -DWORK=folder: the check fails naming a file left in a private
  # temporary folder, and passes once it is gone.
  file(REMOVE_RECURSE "${WORK}")
  file(MAKE_DIRECTORY "${WORK}/temp")
  file(WRITE "${WORK}/dirs.txt" "${WORK}/a-test\n")
  set(run ${CMAKE_COMMAND} -E env TMPDIR=${WORK}/temp ${CMAKE_COMMAND} -DSTATE=${WORK}/state.txt)
  execute_process(COMMAND ${run} -DMODE=setup -DDIRS=${WORK}/dirs.txt -P ${CMAKE_CURRENT_LIST_FILE}
                  RESULT_VARIABLE rc)
  file(WRITE "${WORK}/temp/asm_cli_left_behind" "")
  execute_process(COMMAND ${run} -DMODE=check -P ${CMAKE_CURRENT_LIST_FILE}
                  RESULT_VARIABLE rc1 ERROR_VARIABLE err)
  file(REMOVE "${WORK}/temp/asm_cli_left_behind")
  execute_process(COMMAND ${run} -DMODE=check -P ${CMAKE_CURRENT_LIST_FILE} RESULT_VARIABLE rc2)
  if(NOT rc EQUAL 0 OR rc1 EQUAL 0 OR NOT err MATCHES "asm_cli_left_behind" OR NOT rc2 EQUAL 0)
    message(FATAL_ERROR "the temporary-folder check does not work: setup ${rc}, with a file "
                        "left ${rc1} (${err}), without ${rc2}")
  endif()
  message(STATUS "the check names a file left in the temporary folder and passes without it")
elseif(MODE STREQUAL "missing")
  if(N GREATER 0)
    message(FATAL_ERROR "${N} tests have no folder of their own in the build tree: call "
                        "cmake_language(DEFER CALL spagm_isolate_tests) first thing in the "
                        "CMakeLists.txt that adds them (cmake/SpagmTestDirs.cmake): ${MISSING}")
  endif()
  message(STATUS "every test added with add_test has its own temporary folder")
else()
  message(FATAL_ERROR "tmp_setup.cmake: MODE=setup|check|missing, not '${MODE}'")
endif()
