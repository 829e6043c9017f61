# SPDX-License-Identifier: Apache-2.0
# CTest step (soak): the `defects` set passes (every defect caught) and its
# runs fall into buckets of their catalogue unit and of an instruction of
# that unit, citing the catalogue's rulings where they can (buckets.cmake).
#   -DREGRESS=bin/spagm-regress -DDIR=out -DCATALOGUE=rtl_stubs/bugs.tsv
file(REMOVE_RECURSE "${DIR}")
execute_process(COMMAND ${REGRESS} --set defects --jobs 2 --out ${DIR} RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "spagm-regress --set defects: exit ${rc}\n${err}")
endif()
set(REPRODUCE 1)
include(${CMAKE_CURRENT_LIST_DIR}/buckets.cmake)
