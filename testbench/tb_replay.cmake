# SPDX-License-Identifier: Apache-2.0
# The replay testbench (tb_replay*.sv): the hex export of a vector file
# replayed on the RTL units without DPI.
#   spagm-replay             Verilator model (bin/spagm-replay +vectors=DIR)
#   spagm-replay-iverilog    Icarus Verilog image bin/tb_replay.vvp and its runner
#                            bin/spagm-replay-iverilog +vectors=DIR (spagm-replay-iverilog.in:
#                            progress, and a run without its summary fails)
# Either is skipped when its simulator is not installed (scripts/install-deps).
# Included from vectors/CMakeLists.txt; SPAGM_REPLAY_VVP names the Icarus image
# for the tests, and is empty when there is none.
set(SPAGM_REPLAY_DIR ${CMAKE_CURRENT_LIST_DIR})
# The units' RTL from their file lists (cmake/SpagmRtl.cmake), then the
# testbench, packages first.
spagm_rtl_sources(_rtl attr pix tex)
set(SPAGM_REPLAY_SOURCES ${_rtl} ${SPAGM_REPLAY_DIR}/tb_mem_latency_pkg.sv ${SPAGM_REPLAY_DIR}/tb_replay_pkg.sv
    ${SPAGM_REPLAY_DIR}/tb_replay_driver.sv ${SPAGM_REPLAY_DIR}/tb_replay_mem.sv
    ${SPAGM_REPLAY_DIR}/tb_cfg_v1_bridge.sv
    ${SPAGM_REPLAY_DIR}/tb_replay_unit.sv ${SPAGM_REPLAY_DIR}/tb_replay.sv)

# The sanitizer build (SPAGM_SANITIZE) runs the C tests only: no replay there.
set(SPAGM_REPLAY_VVP "")
if(SPAGM_SANITIZE OR SPAGM_PYTHON_ONLY)
  message(STATUS "SPAGM_SANITIZE or SPAGM_PYTHON_ONLY: the replay testbench is not built")
  return()
endif()

find_package(verilator QUIET HINTS $ENV{VERILATOR_ROOT} /usr/share/verilator)
if(verilator_FOUND)
  add_executable(spagm-replay ${SPAGM_REPLAY_DIR}/tb_replay_main.cpp)
  set_target_properties(spagm-replay PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/bin)
  target_link_libraries(spagm-replay PRIVATE spagm_util)  # progress lines
  # bug_catalogue.h (testbench/CMakeLists.txt): +bug=NAME
  target_include_directories(spagm-replay PRIVATE ${PROJECT_BINARY_DIR}/testbench)
  spagm_verilate(spagm-replay
    PREFIX Vtb_replay
    TOP_MODULE tb_replay
    SOURCES ${SPAGM_REPLAY_SOURCES}
    INCLUDE_DIRS ${SPAGM_REPLAY_DIR}  # tb_rtl_tops.svh
    OPT_SLOW ${SPAGM_VERILATOR_OPT_SLOW}
    VERILATOR_ARGS -O3 --x-assign fast --x-initial fast -Wno-fatal -Wno-lint -Wno-style
                   -Wno-WIDTHCONCAT --output-split 20000 --output-split-cfuncs 20000
                   ${SPAGM_RTL_TOP_DEFINES} ${SPAGM_RTL_COVERAGE_ARGS})
else()
  message(STATUS "Verilator not found: spagm-replay is not built")
endif()

find_program(SPAGM_IVERILOG iverilog)
find_program(SPAGM_VVP vvp)
if(SPAGM_IVERILOG AND SPAGM_VVP)
  set(SPAGM_REPLAY_VVP ${PROJECT_BINARY_DIR}/bin/tb_replay.vvp)
  add_custom_command(OUTPUT ${SPAGM_REPLAY_VVP}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/bin
    COMMAND ${SPAGM_IVERILOG} -g2012 -s tb_replay_iverilog -o ${SPAGM_REPLAY_VVP}
            -I${SPAGM_REPLAY_DIR} ${SPAGM_RTL_TOP_DEFINES} ${SPAGM_REPLAY_SOURCES} ${SPAGM_REPLAY_DIR}/tb_replay_iverilog.sv
    DEPENDS ${SPAGM_REPLAY_SOURCES} ${SPAGM_REPLAY_DIR}/tb_replay_iverilog.sv
            ${SPAGM_REPLAY_DIR}/tb_rtl_tops.svh
    COMMENT "Compiling the replay testbench for Icarus Verilog")
  add_custom_target(spagm-replay-iverilog ALL DEPENDS ${SPAGM_REPLAY_VVP})
  set(SPAGM_REPLAY_ICARUS ${PROJECT_BINARY_DIR}/bin/spagm-replay-iverilog)
  # "name sel" per line of rtl_stubs/bugs.tsv: the wrapper's +bug=NAME.
  file(STRINGS ${PROJECT_SOURCE_DIR}/rtl_stubs/bugs.tsv _bugs REGEX "^[0-9]" ENCODING UTF-8)
  set(SPAGM_BUG_TABLE "")
  foreach(_line IN LISTS _bugs)
    string(REPLACE "\t" ";" _f "${_line}")
    list(GET _f 0 _sel)
    list(GET _f 2 _name)
    string(APPEND SPAGM_BUG_TABLE "${_name} ${_sel}\n")
  endforeach()
  configure_file(${SPAGM_REPLAY_DIR}/spagm-replay-iverilog.in ${SPAGM_REPLAY_ICARUS} @ONLY
                 FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
                                  WORLD_READ WORLD_EXECUTE)
else()
  message(STATUS "Icarus Verilog not found: the Icarus replay is not built")
endif()
