# SPDX-License-Identifier: Apache-2.0
# The committed docs/coverage-plan.md equals `spagm cov plan` (N100):
# regenerate it with `spagm cov plan > docs/coverage-plan.md`.
execute_process(COMMAND ${SPAGM} cov plan OUTPUT_FILE ${OUT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "spagm cov plan failed (${rc})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${DOC} ${OUT} RESULT_VARIABLE diff)
if(NOT diff EQUAL 0)
  message(FATAL_ERROR "docs/coverage-plan.md is stale: run `spagm cov plan > docs/coverage-plan.md` "
                      "(generated copy: ${OUT})")
endif()
