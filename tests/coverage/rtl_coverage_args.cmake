# SPDX-License-Identifier: Apache-2.0
# scripts/rtl-coverage refuses what is not a folder or a count, before it
# configures anything: an unknown option and a TXNS that is not a number exit
# 2 naming them, --help prints the usage and exits 0, and none of the three
# writes a file into the source tree (`--help` once left --help.configure.log
# there).
#   cmake -DSRC=source-dir -P rtl_coverage_args.cmake
file(GLOB before RELATIVE "${SRC}" "${SRC}/*")
function(expect rc_want err_re)
  execute_process(COMMAND ${SRC}/scripts/rtl-coverage ${ARGN} RESULT_VARIABLE rc
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL rc_want OR NOT "${out}${err}" MATCHES "${err_re}")
    message(FATAL_ERROR "rtl-coverage ${ARGN}: exit ${rc}, expected ${rc_want} and "
                        "'${err_re}'\n${out}${err}")
  endif()
endfunction()
expect(0 "scripts/rtl-coverage \\[BUILD_DIR\\] \\[TXNS\\] \\[OUT_DIR\\]" --help)
expect(2 "unknown option '--bogus'" --bogus)
expect(2 "TXNS must be a positive number, not 'many'" tree-not-made many)
file(GLOB after RELATIVE "${SRC}" "${SRC}/*")
if(NOT before STREQUAL after)
  message(FATAL_ERROR "rtl-coverage left files in ${SRC}: before ${before}, after ${after}")
endif()
