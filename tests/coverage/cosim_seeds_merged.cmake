# SPDX-License-Identifier: Apache-2.0
# cosim_seeds_merged(DIR PLUSARGS...): spagm-cosim (${COSIM}) seeds 1-5 with
# PLUSARGS and +cov, each database in DIR (emptied first), merged by
# `${CLI} cov merge` into DIR/merged.cov; a failed run or merge fails the
# calling script with its output.
function(cosim_seeds_merged dir)
  file(REMOVE_RECURSE ${dir})
  file(MAKE_DIRECTORY ${dir})
  set(dbs "")
  foreach(seed 1 2 3 4 5)
    execute_process(COMMAND ${COSIM} ${ARGN} +seed=${seed} +no_progress +cov=${dir}/s${seed}.cov
                    WORKING_DIRECTORY ${dir} OUTPUT_VARIABLE out ERROR_VARIABLE out
                    RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "spagm-cosim ${ARGN} +seed=${seed} failed (${rc}):\n${out}")
    endif()
    list(APPEND dbs ${dir}/s${seed}.cov)
  endforeach()
  execute_process(COMMAND ${CLI} cov merge ${dbs} -o ${dir}/merged.cov RESULT_VARIABLE rc
                  ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "spagm cov merge failed (${rc}): ${err}")
  endif()
endfunction()
