# SPDX-License-Identifier: Apache-2.0
# CTest helper: a failing run with +waves_on_fail leaves, in the current
# directory, an FST window and a GTKWave save file named after the failing
# unit and the seed; the save file names the dump by its absolute path and
# marks the request and the response of the mismatching transaction
# (docs/cosim.md, "Waves"). The run's output is kept in run.log for
# expect_gtkwave_opens.cmake.
# With -DWAVES_DIR=D (relative, not there yet) the run gets +waves_dir=D and
# the files must be in DIR/D instead.
#   cmake -DCOSIM=path -DCLI=path-of-spagm -DDIR=scratch [-DWAVES_DIR=D]
#         [-DNAME=spagm-sc-cosim] -P expect_waves_on_fail.cmake
# NAME: the harness's name, which starts the wave files' (default spagm-cosim).
if(NOT NAME)
  set(NAME spagm-cosim)
endif()
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
set(extra "")
set(run_dir ${DIR})
if(WAVES_DIR)
  set(extra "+waves_dir=${WAVES_DIR}")
  set(run_dir ${DIR}/${WAVES_DIR})
endif()
execute_process(COMMAND ${COSIM} +units=pix +seed=3 +bug=pix_centroid_highest_sample +waves_on_fail
                        ${extra}
                WORKING_DIRECTORY ${DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
file(WRITE ${DIR}/run.log "${out}${err}")
set(DIR ${run_dir})
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "expected the run to fail with status 1, got '${rc}'")
endif()
set(base ${NAME}-pix-seed3)
foreach(f ${base}.fst ${base}.gtkw)
  if(NOT EXISTS ${DIR}/${f})
    message(FATAL_ERROR "${f} was not written")
  endif()
endforeach()
file(SIZE ${DIR}/${base}.fst fst_size)
if(fst_size LESS 1000)
  message(FATAL_ERROR "the FST file is suspiciously small (${fst_size} bytes)")
endif()
file(REAL_PATH ${DIR} abs_dir)
file(READ ${DIR}/${base}.gtkw gtkw)
set(f "TOP.tb_cosim.u_pix.fields.")
foreach(needle "[dumpfile] \"${abs_dir}/${base}.fst\"" "[markername] Arequest"
        "[markername] Bresponse" "TOP.tb_cosim.u_pix.mismatch" "TOP.tb_cosim.u_pix.req_valid"
        "@24\nTOP.tb_cosim.u_pix.check_tag[31:0]" "@24\n${f}req_tag[31:0]"
        "^>1 ${CLI} gtkwave-filter\n@4022\n${f}req_insn[63:0]" "${f}req_lane_mask[31:0]"
        "${f}req_opcode[15:0]" "${f}req_a0[31][31:0]" "${f}req_coverage[0][15:0]"
        "${f}rsp_wb_value0[0][31:0]" "${f}rsp_wb_reg0[7:0]" "${f}rsp_pd_value[31:0]")
  string(FIND "${gtkw}" "${needle}" at)
  if(at LESS 0)
    message(FATAL_ERROR "the save file lacks ${needle}")
  endif()
endforeach()
if(NOT out MATCHES "gtkwave ${abs_dir}/${base}\\.gtkw")
  message(FATAL_ERROR "the run does not say how to open the waves")
endif()
