# SPDX-License-Identifier: Apache-2.0
# CTest helper: a failing run with +waves_on_fail leaves an FST window and a
# GTKWave save file that names it (docs/cosim.md, "Waves").
#   cmake -DCOSIM=path -DDIR=scratch [-DNAME=spagm-sc-cosim] -P expect_waves_on_fail.cmake
# NAME: the harness's name, which starts the wave files' (default spagm-cosim).
if(NOT NAME)
  set(NAME spagm-cosim)
endif()
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
execute_process(COMMAND ${COSIM} +units=pix +seed=3 +bug=pix_centroid_highest_sample +waves_on_fail
                WORKING_DIRECTORY ${DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "expected the run to fail with status 1, got '${rc}'")
endif()
foreach(f ${NAME}-seed3.fst ${NAME}-seed3.gtkw)
  if(NOT EXISTS ${DIR}/${f})
    message(FATAL_ERROR "${f} was not written")
  endif()
endforeach()
file(SIZE ${DIR}/${NAME}-seed3.fst fst_size)
if(fst_size LESS 1000)
  message(FATAL_ERROR "the FST file is suspiciously small (${fst_size} bytes)")
endif()
file(READ ${DIR}/${NAME}-seed3.gtkw gtkw)
foreach(needle "[dumpfile] \"${NAME}-seed3.fst\"" "TOP.tb_cosim.u_pix.mismatch"
        "TOP.tb_cosim.u_pix.check_tag" "TOP.tb_cosim.u_pix.req_valid")
  string(FIND "${gtkw}" "${needle}" at)
  if(at LESS 0)
    message(FATAL_ERROR "the save file lacks ${needle}")
  endif()
endforeach()
if(NOT out MATCHES "gtkwave ${NAME}-seed3.gtkw")
  message(FATAL_ERROR "the run does not say how to open the waves")
endif()
