# SPDX-License-Identifier: Apache-2.0
# CTest helper: the save file of cosim.waves_on_fail opens in GTKWave
# (under xvfb-run) without an error, with the primary marker and named
# marker B on the response cycle of the first mismatch and named marker A
# on its request's accept cycle, as the run's own report gives them (run.log),
# one cycle per nanosecond, the transaction's tag in the request fields at A
# and the response fields at B, and its instruction word as disassembly
# (the `spagm gtkwave-filter` process).
#   cmake -DXVFB_RUN=path -DGTKWAVE=path -DTCL=gtkwave_check.tcl -DDIR=scratch
#         -P expect_gtkwave_opens.cmake
file(READ ${DIR}/run.log log)
if(NOT log MATCHES "MISMATCH pix tag ([0-9]+) at cycle ([0-9]+) \\(accepted at cycle ([0-9]+)\\)")
  message(FATAL_ERROR "run.log has no mismatch report of the pixel unit")
endif()
set(tag ${CMAKE_MATCH_1})
set(rsp ${CMAKE_MATCH_2})
set(req ${CMAKE_MATCH_3})
execute_process(COMMAND ${XVFB_RUN} -a ${GTKWAVE} -S ${TCL} spagm-cosim-pix-seed3.gtkw
                WORKING_DIRECTORY ${DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
                TIMEOUT 100)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gtkwave exited with '${rc}'")
endif()
string(TOLOWER "${out}${err}" all)
if(all MATCHES "error|could not|cannot|not found|no such")
  message(FATAL_ERROR "GTKWave complained while loading the save file (see above)")
endif()
# One cycle is 1 ns: GTKWave counts in ps for this dump, 1000 per cycle.
math(EXPR rsp_t "${rsp} * 1000")
math(EXPR req_t "${req} * 1000")
foreach(expect "DIMENSION: p" "MARKER: ${rsp_t}" "NAMED A: ${req_t}" "NAMED B: ${rsp_t}"
       "REQ TAG AT A: ${tag}" "RSP TAG AT B: ${tag}")
  if(NOT out MATCHES "(^|\n)${expect}\n")
    message(FATAL_ERROR "expected '${expect}' (tag ${tag}: request at cycle ${req}, "
                        "response at cycle ${rsp})")
  endif()
endforeach()
# GTKWave drops a save file's signal that the dump lacks without a word:
# every signal line of the save file must be displayed.
file(STRINGS ${DIR}/spagm-cosim-pix-seed3.gtkw listed REGEX "^TOP\\.")
list(LENGTH listed n_listed)
if(NOT out MATCHES "DISPLAYED COUNT: ${n_listed}\n")
  message(FATAL_ERROR "the save file lists ${n_listed} signals; GTKWave does not display them all")
endif()
if(NOT out MATCHES "INSN AT A: PIXLD")
  message(FATAL_ERROR "the instruction at marker A is not shown as disassembly")
endif()
