# SPDX-License-Identifier: Apache-2.0
# CTest step: regenerate a golden vector file and compare it byte for byte.
#   -DSPAGM=spagm -DARGS="gen options separated by |" -DGOLDEN=file -DOUT=file
string(REPLACE "|" ";" args "${ARGS}")
get_filename_component(outdir "${OUT}" DIRECTORY)
file(MAKE_DIRECTORY "${outdir}")
execute_process(COMMAND ${SPAGM} gen ${args} -o ${OUT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "spagm gen ${args} failed (exit ${rc})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${GOLDEN} ${OUT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${OUT} differs from the golden ${GOLDEN}: the model's behaviour "
                      "changed. If that is intended, run vectors/golden/regen.sh and commit "
                      "the new files with the reason.")
endif()
