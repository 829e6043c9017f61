# SPDX-License-Identifier: Apache-2.0
# Every test writes under its own folder in the build tree, never in the
# system temporary folder. Each test added with add_test
# gets TMPDIR (and TMP, TEMP, which Icarus reads, and TEST_TMPDIR, which
# GoogleTest's TempDir() reads) set to
#   <build>/test-tmp/<test name>
# so a temporary file of the test, of a tool it runs or of a compiler it
# calls lands there; two build trees' suites never share a name. The
# GoogleTest executables get one folder each (tests/CMakeLists.txt), in which
# tests/support/test_scratch.h gives each case a folder of its own.
#
# A directory that adds tests calls, first thing:
#   cmake_language(DEFER CALL spagm_isolate_tests)
# so the call runs after the directory's last add_test. The fixture
# spagm_tmp (tests/support/tmp_setup.cmake) creates the folders before any
# test runs and, once all have run, tmp.suite_left_nothing fails if the
# temporary folder the suite was started with (TMPDIR, else /tmp) holds an
# entry it did not hold before. tmp.every_test_has_a_folder fails naming
# any test of a directory that forgot the call; tmp.check_names_a_left_file
# shows the check fails on a file left behind.

set(SPAGM_TEST_TMP ${PROJECT_BINARY_DIR}/test-tmp)

# The folder of test NAME (characters a path should not hold become _).
function(spagm_test_tmp_dir name out)
  string(REGEX REPLACE "[^A-Za-z0-9._+-]" "_" leaf "${name}")
  set(${out} ${SPAGM_TEST_TMP}/${leaf} PARENT_SCOPE)
endfunction()

# The environment that sends temporary files of test NAME to DIR.
function(spagm_test_tmp_env dir out)
  set(${out} TMPDIR=${dir} TMP=${dir} TEMP=${dir} TEST_TMPDIR=${dir} PARENT_SCOPE)
endfunction()

# Isolate every test of the current directory (see above).
function(spagm_isolate_tests)
  get_property(tests DIRECTORY PROPERTY TESTS)
  foreach(t ${tests})
    spagm_test_tmp_dir(${t} dir)
    spagm_test_tmp_env(${dir} env)
    set_property(TEST ${t} APPEND PROPERTY ENVIRONMENT ${env})
    set_property(TEST ${t} APPEND PROPERTY FIXTURES_REQUIRED spagm_tmp)
    set_property(GLOBAL APPEND PROPERTY SPAGM_TEST_TMP_DIRS ${dir})
    set_property(GLOBAL APPEND PROPERTY SPAGM_ISOLATED_TESTS ${t})
  endforeach()
endfunction()

# The GoogleTest PROPERTIES of test executable EXE: TMPDIR is the
# executable's folder. gtest_discover_tests passes one value per property,
# so it is set by ENVIRONMENT_MODIFICATION, leaving ENVIRONMENT to the caller.
function(spagm_gtest_tmp exe out_props)
  spagm_test_tmp_dir(gtest.${exe} dir)
  set_property(GLOBAL APPEND PROPERTY SPAGM_TEST_TMP_DIRS ${dir})
  set(${out_props} ENVIRONMENT_MODIFICATION TMPDIR=set:${dir} FIXTURES_REQUIRED spagm_tmp
      PARENT_SCOPE)
endfunction()

# The directories under DIR, recursively, DIR first.
function(_spagm_dirs_under dir out)
  set(all ${dir})
  get_property(subs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(s ${subs})
    _spagm_dirs_under(${s} more)
    list(APPEND all ${more})
  endforeach()
  set(${out} ${all} PARENT_SCOPE)
endfunction()

# At the end of the top-level CMakeLists: the fixture's two tests and the
# check that no directory forgot spagm_isolate_tests().
function(spagm_test_tmp_fixture)
  get_property(dirs GLOBAL PROPERTY SPAGM_TEST_TMP_DIRS)
  list(REMOVE_DUPLICATES dirs)
  string(REPLACE ";" "\n" lines "${dirs}")
  file(WRITE ${SPAGM_TEST_TMP}-dirs.txt "${lines}\n")
  set(script ${PROJECT_SOURCE_DIR}/tests/support/tmp_setup.cmake)
  add_test(NAME tmp.setup
           COMMAND ${CMAKE_COMMAND} -DMODE=setup -DDIRS=${SPAGM_TEST_TMP}-dirs.txt
                   -DSTATE=${SPAGM_TEST_TMP}/suite-temp-before.txt -P ${script})
  add_test(NAME tmp.suite_left_nothing
           COMMAND ${CMAKE_COMMAND} -DMODE=check
                   -DSTATE=${SPAGM_TEST_TMP}/suite-temp-before.txt -P ${script})
  set_tests_properties(tmp.setup PROPERTIES FIXTURES_SETUP spagm_tmp LABELS tmp)
  set_tests_properties(tmp.suite_left_nothing PROPERTIES FIXTURES_CLEANUP spagm_tmp LABELS tmp
                       SKIP_REGULAR_EXPRESSION "tmp check skipped:")

  _spagm_dirs_under(${PROJECT_SOURCE_DIR} all_dirs)
  get_property(isolated GLOBAL PROPERTY SPAGM_ISOLATED_TESTS)
  set(missing "")
  foreach(d ${all_dirs})
    get_property(tests DIRECTORY ${d} PROPERTY TESTS)
    foreach(t ${tests})
      if(NOT t IN_LIST isolated AND NOT t MATCHES "^tmp\\.")
        list(APPEND missing "${t}")
      endif()
    endforeach()
  endforeach()
  list(LENGTH missing n)
  string(REPLACE ";" " " missing "${missing}")
  add_test(NAME tmp.every_test_has_a_folder
           COMMAND ${CMAKE_COMMAND} -DMISSING=${missing} -DN=${n} -DMODE=missing -P ${script})
  add_test(NAME tmp.check_names_a_left_file
           COMMAND ${CMAKE_COMMAND} -DMODE=selftest -DWORK=${SPAGM_TEST_TMP}/tmp.selftest
                   -P ${script})
  set_tests_properties(tmp.every_test_has_a_folder tmp.check_names_a_left_file PROPERTIES LABELS tmp)
endfunction()
