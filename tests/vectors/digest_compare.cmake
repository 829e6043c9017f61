# SPDX-License-Identifier: Apache-2.0
# CTest step: regenerate a large vector file and compare its SHA-256 with the
# digest kept in vectors/golden/digests.txt (the file itself is not committed).
#   -DSPAGM=spagm -DARGS="gen options separated by |" -DDIGEST=sha256 -DOUT=file
string(REPLACE "|" ";" args "${ARGS}")
get_filename_component(outdir "${OUT}" DIRECTORY)
file(MAKE_DIRECTORY "${outdir}")
execute_process(COMMAND ${SPAGM} gen ${args} -o ${OUT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "spagm gen ${args} failed (exit ${rc})")
endif()
file(SHA256 "${OUT}" got)
file(REMOVE "${OUT}")
if(NOT got STREQUAL DIGEST)
  message(FATAL_ERROR "spagm gen ${args}: SHA-256 ${got}, expected ${DIGEST} "
                      "(vectors/golden/digests.txt): the model's behaviour changed. If that "
                      "is intended, run vectors/golden/regen.sh and commit with the reason.")
endif()
message(STATUS "spagm gen ${args}: SHA-256 ${got} as in vectors/golden/digests.txt")
