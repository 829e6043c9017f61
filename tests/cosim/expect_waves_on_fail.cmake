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
#         [-DNAME=spagm-sc-cosim] [-DUNIT=attr -DSEED=1 -DBUG=defect]
#         -P expect_waves_on_fail.cmake
# NAME: the harness's name, which starts the wave files' (default spagm-cosim).
# UNIT, SEED, BUG: the failing run (default pix, 3, pix_centroid_highest_sample).
if(NOT NAME)
  set(NAME spagm-cosim)
endif()
if(NOT UNIT)
  set(UNIT pix)
  set(SEED 3)
  set(BUG pix_centroid_highest_sample)
endif()
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
set(extra "")
set(run_dir ${DIR})
if(WAVES_DIR)
  set(extra "+waves_dir=${WAVES_DIR}")
  set(run_dir ${DIR}/${WAVES_DIR})
endif()
execute_process(COMMAND ${COSIM} +units=${UNIT} +seed=${SEED} +bug=${BUG} +waves_on_fail
                        ${extra}
                WORKING_DIRECTORY ${DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
file(WRITE ${DIR}/run.log "${out}${err}")
set(DIR ${run_dir})
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "expected the run to fail with status 1, got '${rc}'")
endif()
set(base ${NAME}-${UNIT}-seed${SEED})
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
set(u "TOP.tb_cosim.u_${UNIT}.")
set(f "${u}fields.")
# The pair names no folder (N212): [dumpfile] and [savefile] by name only.
set(unit_needles "${f}req_a0[31][31:0]")
if(UNIT STREQUAL pix)
  set(unit_needles "${f}exp_pd_value[31:0]" "${f}req_coverage[0][15:0]" "${f}rsp_pd_value[31:0]")
endif()
foreach(needle "\n[dumpfile] \"${base}.fst\"\n[savefile] \"${base}.gtkw\"\n"
        "[markername] Arequest" "[markername] Bdelivered" "${u}mismatch" "${u}req_valid"
        "@24\n${u}check_tag[31:0]" "@24\n${f}req_tag[31:0]"
        "^>1 spagm gtkwave-filter\n@4022\n${f}req_insn[63:0]"
        "${f}exp_wb_value0[0][31:0]" "${f}mismatch_bits0[0][31:0]"
        "${u}mismatch_lanes[31:0]" "${u}mismatch_rule_name[255:0]" "${f}req_lane_mask[31:0]"
        "${f}req_opcode[15:0]" "${f}rsp_wb_value0[0][31:0]" "${f}rsp_wb_reg0[7:0]" ${unit_needles})
  string(FIND "${gtkw}" "${needle}" at)
  if(at LESS 0)
    message(FATAL_ERROR "the save file lacks ${needle}")
  endif()
endforeach()
if(NOT out MATCHES "gtkwave ${abs_dir}/${base}\\.gtkw")
  message(FATAL_ERROR "the run does not say how to open the waves")
endif()
