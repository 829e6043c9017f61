# SPDX-License-Identifier: Apache-2.0
# CTest helper: the save file of a +waves_on_fail run (expect_waves_on_fail.cmake
# left it in DIR, with the run's report in run.log) opens in GTKWave under
# xvfb-run without an error, on the answer (N212):
#   - the primary marker and named marker B on the delivery of the first
#     mismatching response (the cycle after its handshake, as run.log gives
#     it), named marker A on its request's handshake; one cycle per ns;
#   - at A the live request port carries the transaction's tag; at B the
#     held fields carry its request (the instruction as disassembly, through
#     `spagm gtkwave-filter` found on PATH), its response, check_tag and
#     the mismatch pulse;
#   - at B, on every write-back slot, expected differs from actual (outside
#     the don't-care bits, as mismatch_bits shows) on the lanes of the
#     mismatch mask and equals it on every other lane the model writes; the
#     mask holds every lane the text report lists, exactly those when the
#     report lists all its differences; the rule's name is shown;
#   - every signal of the save file is displayed;
#   - a screenshot of the opened view, DIR/gtkwave.png (Xvfb's frame
#     buffer), shows traces;
#   - the FST + .gtkw pair copied to another folder opens the same from a
#     third one (no path of the build tree in the pair).
#   cmake -DXVFB_RUN=path -DGTKWAVE=path -DTCL=gtkwave_check.tcl -DDIR=scratch
#         -DUNIT=pix -DBASE=spagm-cosim-pix-seed3 -DINSN=PIXLD -DBIN=dir-of-spagm
#         -DPYTHON=python3 -DXWD_PNG=dir-of-xwd_png.py -P expect_gtkwave_opens.cmake
cmake_minimum_required(VERSION 3.22)  # the project's: IN_LIST
file(READ ${DIR}/run.log log)
if(NOT log MATCHES "MISMATCH ${UNIT} tag ([0-9]+) at cycle ([0-9]+) \\(accepted at cycle ([0-9]+)\\)[^\n]*\n(([^\n]*\n)*)  reproduce")
  message(FATAL_ERROR "run.log has no mismatch report of unit ${UNIT}")
endif()
set(tag ${CMAKE_MATCH_1})
set(rsp ${CMAKE_MATCH_2})
set(req ${CMAKE_MATCH_3})
set(report "${CMAKE_MATCH_4}")
string(FIND "${report}" "  reproduce" end)
if(end GREATER -1)
  string(SUBSTRING "${report}" 0 ${end} report)
endif()
# The lanes the text report lists (any write-back slot), and whether it
# counts more differences than it lists.
string(REGEX MATCHALL "\\(slot [0-3]\\) lane [0-9]+:" hits "${report}")
set(report_lanes "")
foreach(h ${hits})
  string(REGEX REPLACE "[^0-9]*[0-3][^0-9]*lane ([0-9]+):" "\\1" l "${h}")
  list(APPEND report_lanes ${l})
endforeach()
list(REMOVE_DUPLICATES report_lanes)
if(NOT report_lanes)
  message(FATAL_ERROR "the first report names no lane of a write-back slot")
endif()
set(more 0)
if(report MATCHES "and ([0-9]+) more difference")
  set(more ${CMAKE_MATCH_1})
endif()

# Runs GTKWave on the save file gtkw from folder cwd (with `spagm` on PATH);
# its output in `out`. shot: a PNG to write of the opened view.
function(open_in_gtkwave gtkw cwd shot)
  if(shot)
    # GTKWave stays open after its script (SPAGM_GTKWAVE_STAY): once it
    # printed READY and drew, the frame buffer is copied and the GTKWave
    # this script started is ended by its pid.
    set(fb ${DIR}/framebuffer)
    file(REMOVE_RECURSE ${fb})
    file(MAKE_DIRECTORY ${fb})
    # (A script file: execute_process would split its semicolons.)
    file(WRITE ${fb}/shot.sh
         "\"$1\" -S \"$2\" \"$3\" >\"$4\" 2>&1 &\n"
         "pid=$!\n"
         "i=0\n"
         "until grep -q '^READY' \"$4\" || [ $i -ge 300 ]\n"
         "do\n"
         "  sleep 0.2\n"
         "  i=$((i + 1))\n"
         "done\n"
         "sleep 2\n"
         "cp \"$5/Xvfb_screen0\" \"$5/shot.xwd\"\n"
         "kill $pid\n"
         "wait $pid\n"
         "exit 0\n")
    execute_process(COMMAND ${CMAKE_COMMAND} -E env "PATH=${BIN}:$ENV{PATH}" SPAGM_GTKWAVE_STAY=1
                            ${XVFB_RUN} -a -s "-screen 0 1600x1000x24 -fbdir ${fb}"
                            sh ${fb}/shot.sh ${GTKWAVE} ${TCL} ${gtkw} ${fb}/gtkwave.log ${fb}
                    WORKING_DIRECTORY ${cwd} RESULT_VARIABLE rc TIMEOUT 150)
    file(READ ${fb}/gtkwave.log all)
    set(err "")
    if(NOT all MATCHES "(^|\n)READY\n")
      message(FATAL_ERROR "GTKWave never finished its script:\n${all}")
    endif()
    execute_process(COMMAND ${PYTHON} -c "
import sys; sys.path.insert(0, sys.argv[1]); import xwd_png
w, h, rgb = xwd_png.xwd_rgb(open(sys.argv[2], 'rb').read())
open(sys.argv[3], 'wb').write(xwd_png.png(w, h, rgb))
green = sum(1 for r, g, b in zip(rgb[0::3], rgb[1::3], rgb[2::3]) if g > 150 and r < 100 and b < 100)
print(green)" ${XWD_PNG} ${fb}/shot.xwd ${shot}
                    RESULT_VARIABLE prc OUTPUT_VARIABLE green OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(NOT prc EQUAL 0 OR green LESS 2000)
      message(FATAL_ERROR "${shot} shows almost no traces (${green} green pixels, status ${prc})")
    endif()
    message("GTKWave screenshot: ${shot} (${green} trace pixels)")
  else()
    execute_process(COMMAND ${CMAKE_COMMAND} -E env "PATH=${BIN}:$ENV{PATH}"
                            ${XVFB_RUN} -a ${GTKWAVE} -S ${TCL} ${gtkw}
                    WORKING_DIRECTORY ${cwd} RESULT_VARIABLE rc OUTPUT_VARIABLE all
                    ERROR_VARIABLE err TIMEOUT 100)
  endif()
  message("${all}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gtkwave exited with '${rc}'")
  endif()
  string(TOLOWER "${all}${err}" lower)
  if(lower MATCHES "error|could not|cannot|not found|no such")
    message(FATAL_ERROR "GTKWave complained while loading ${gtkw} (see above)")
  endif()
  set(out "${all}" PARENT_SCOPE)
endfunction()

# The value GTKWave printed for key (as gtkwave_check.tcl prints it), in `v`.
macro(shown key)
  string(REGEX MATCH "(^|\n)${key}: ([^\n]*)" m_ "${out}")
  set(v "${CMAKE_MATCH_2}")
endmacro()

# The markers, tags, pulse, instruction and rule GTKWave shows (out).
function(check_marks where)
  # One cycle is 1 ns: GTKWave counts in ps for this dump, 1000 per cycle.
  math(EXPR dlv_t "(${rsp} + 1) * 1000")
  math(EXPR req_t "${req} * 1000")
  foreach(expect "DIMENSION: p" "MARKER: ${dlv_t}" "NAMED A: ${req_t}" "NAMED B: ${dlv_t}"
         "LIVE REQ TAG AT A: ${tag}" "B request req_tag: ${tag}" "B response rsp_tag: ${tag}"
         "B handshake check_tag: ${tag}" "B handshake mismatch: 1")
    if(NOT out MATCHES "(^|\n)${expect}\n")
      message(FATAL_ERROR "${where}: expected '${expect}' (tag ${tag}: request at cycle ${req}, "
                          "response at cycle ${rsp}, delivered at ${rsp}+1)")
    endif()
  endforeach()
  if(NOT out MATCHES "\nB request req_insn: ${INSN}")
    message(FATAL_ERROR "${where}: the instruction at marker B is not shown as disassembly (${INSN}...)")
  endif()
  if(NOT out MATCHES "\nB handshake mismatch_rule_name: *[A-Z][A-Z0-9]*_[A-Z0-9_]+\n")
    message(FATAL_ERROR "${where}: the rule of the first mismatching lane is not shown by name")
  endif()
  # GTKWave drops a save file's signal that the dump lacks without a word:
  # every signal line of the save file must be displayed.
  file(STRINGS ${DIR}/${BASE}.gtkw listed_signals REGEX "^(\\+{[^}]*} )?TOP\\.")
  list(LENGTH listed_signals n_listed)
  if(NOT out MATCHES "DISPLAYED COUNT: ${n_listed}\n")
    message(FATAL_ERROR "${where}: the save file lists ${n_listed} signals; GTKWave does not "
                        "display them all")
  endif()
endfunction()

# The mismatch mask (B handshake mismatch_lanes) as a list of lanes, in `lanes`.
macro(mask_lanes)
  shown("B handshake mismatch_lanes")
  set(mask "${v}")
  string(LENGTH "${mask}" n_)
  if(NOT n_ EQUAL 32 OR NOT mask MATCHES "^[01]+$")
    message(FATAL_ERROR "the mismatch mask is not shown as 32 bits: '${mask}'")
  endif()
  set(lanes "")
  foreach(l RANGE 31)
    math(EXPR bit_ "31 - ${l}")
    string(SUBSTRING "${mask}" ${bit_} 1 in_)
    if(in_)
      list(APPEND lanes ${l})
    endif()
  endforeach()
endmacro()

# The open group of the first mismatching lane: on some slot its actual and
# expected values differ, and its mismatch bits are not 0.
function(check_failing_lane)
  mask_lanes()
  list(GET lanes 0 first)
  if(NOT out MATCHES "\nB lane actual slot 0: ")
    message(FATAL_ERROR "the failing lane's group shows no actual value")
  endif()
  set(differs 0)
  foreach(s RANGE 3)
    shown("B lane actual slot ${s}")
    set(act "${v}")
    shown("B lane expected slot ${s}")
    set(exp "${v}")
    shown("B lane mismatch slot ${s}")
    if(NOT act STREQUAL "" AND NOT act STREQUAL exp AND NOT v MATCHES "^0+$")
      set(differs 1)
    endif()
  endforeach()
  if(NOT out MATCHES "\n-?lane ${first}: actual, expected" AND NOT EXISTS ${DIR}/${BASE}.gtkw)
    message(FATAL_ERROR "no group for lane ${first}")
  endif()
  file(READ ${DIR}/${BASE}.gtkw g)
  if(NOT g MATCHES "\n-lane ${first}: actual, expected, mismatch bits\n")
    message(FATAL_ERROR "the save file does not open lane ${first}, the first of the mask")
  endif()
  if(NOT differs)
    message(FATAL_ERROR "the group of lane ${first} shows no slot where actual and expected differ")
  endif()
endfunction()

# Every lane of every write-back slot (from a copy with every group open):
# mismatch_bits = (actual ^ expected) & ~don't-care on a written lane, 0
# elsewhere; a lane is in the mask exactly when it differs; the mask holds
# every lane the report lists, and only those when it lists all.
function(check_lanes where)
  mask_lanes()
  foreach(l RANGE 31)
    set(differs 0)
    foreach(s RANGE 3)
      shown("B expected exp_wb_valid${s}")
      if(v STREQUAL "")
        continue()  # a slot this unit does not have
      endif()
      math(EXPR written "(0x${v} >> ${l}) & 1")
      foreach(k "response rsp_wb_value" "expected exp_wb_value" "expected exp_wb_dontcare"
                "expected mismatch_bits")
        shown("B ${k}${s} ${l}")
        if(NOT v MATCHES "^[0-9A-F]+$")
          message(FATAL_ERROR "${where}: ${k}${s}[${l}] shows '${v}' at B")
        endif()
        string(REGEX REPLACE ".* " "" k "${k}")
        set(${k} ${v})
      endforeach()
      math(EXPR bits "((0x${rsp_wb_value} ^ 0x${exp_wb_value}) & ~0x${exp_wb_dontcare}) & 0xffffffff")
      if(NOT written)
        set(bits 0)
      endif()
      math(EXPR shown_bits "0x${mismatch_bits}")
      if(NOT bits EQUAL shown_bits)
        message(FATAL_ERROR "${where}: slot ${s} lane ${l}: actual ${rsp_wb_value}, expected "
                            "${exp_wb_value}, don't-care ${exp_wb_dontcare}: mismatch_bits shows "
                            "${mismatch_bits}")
      endif()
      if(bits)
        set(differs 1)
      endif()
    endforeach()
    if(l IN_LIST lanes AND NOT differs)
      message(FATAL_ERROR "${where}: lane ${l} is in the mismatch mask, but expected = actual at B")
    elseif(differs AND NOT l IN_LIST lanes)
      message(FATAL_ERROR "${where}: lane ${l} differs at B but is not in the mismatch mask")
    endif()
  endforeach()
  foreach(l ${report_lanes})
    if(NOT l IN_LIST lanes)
      message(FATAL_ERROR "${where}: the report lists lane ${l}; the mismatch mask ${mask} does not")
    endif()
  endforeach()
  list(LENGTH lanes n_mask)
  list(LENGTH report_lanes n_listed)
  math(EXPR most "${n_listed} + ${more}")
  if(n_mask GREATER most)
    message(FATAL_ERROR "${where}: the mismatch mask names ${n_mask} lanes; the report lists "
                        "${n_listed} and counts ${more} more differences")
  endif()
  if(more EQUAL 0 AND NOT lanes STREQUAL report_lanes)
    message(FATAL_ERROR "${where}: the mismatch mask names lanes ${lanes}; the report "
                        "lists ${report_lanes}")
  endif()
  message("${where}: tag ${tag}, mismatch lanes ${lanes}, report lanes ${report_lanes} "
          "(+${more} differences not listed)")
endfunction()

open_in_gtkwave(${BASE}.gtkw ${DIR} ${DIR}/gtkwave.png)
check_marks("in its folder")
check_failing_lane()

# The pair copied elsewhere and opened from a third folder; then a copy of
# its save file with every group open, for the values of every lane.
file(REMOVE_RECURSE ${DIR}/copied ${DIR}/elsewhere)
file(MAKE_DIRECTORY ${DIR}/copied ${DIR}/elsewhere)
file(COPY ${DIR}/${BASE}.fst ${DIR}/${BASE}.gtkw DESTINATION ${DIR}/copied)
open_in_gtkwave(${DIR}/copied/${BASE}.gtkw ${DIR}/elsewhere "")
check_marks("copied")
file(READ ${DIR}/copied/${BASE}.gtkw g)
string(REPLACE "@c00200\n" "@800200\n" g "${g}")
string(REPLACE "@1401200\n" "@1000200\n" g "${g}")
file(WRITE ${DIR}/copied/${BASE}-open.gtkw "${g}")
open_in_gtkwave(${DIR}/copied/${BASE}-open.gtkw ${DIR}/elsewhere "")
check_lanes("every group open")
