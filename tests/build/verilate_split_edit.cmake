# SPDX-License-Identifier: Apache-2.0
# An RTL edit always rebuilds (cmake/SpagmVerilate.cmake, N376): in a
# scratch copy of the pixel unit's RTL (the smallest unit), a small project
# verilates pix_unit with spagm_verilate(), as the build's Verilated
# targets do (OPT_SLOW before VERILATOR_ARGS, whose options must reach
# Verilator and not the compiler), with a small output split, and builds; then edits pix_unit.sv so that Verilator splits
# its output into more files, builds, takes the edit out again so that it
# writes fewer, and builds: each build once, no re-configure in between.
# Each edit must have changed the number of generated files, else the test
# proves nothing.
#
#   cmake -DSRC=<spagm source> -DWORK=<scratch folder>
#         [-DGENERATOR="Unix Makefiles"] [-DPLAIN=1] -P verilate_split_edit.cmake
#
# GENERATOR is the CMake generator of the scratch project (default Ninja);
# a tree configured without -G uses Unix Makefiles. PLAIN=1 uses Verilator's
# own verilate() instead, to show the failure the test guards against.
foreach(v SRC WORK)
  if(NOT ${v})
    message(FATAL_ERROR "verilate_split_edit: -D${v}= is required")
  endif()
endforeach()
if(NOT GENERATOR)
  set(GENERATOR Ninja)
endif()
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/rtl)
file(STRINGS ${SRC}/rtl_stubs/pix.f lines)
set(sources "")
foreach(l ${lines})
  if(l MATCHES "^[a-z_0-9]+\\.sv$")
    file(COPY ${SRC}/rtl_stubs/${l} DESTINATION ${WORK}/rtl)
    list(APPEND sources "\${CMAKE_CURRENT_SOURCE_DIR}/rtl/${l}")
  endif()
endforeach()
file(READ ${WORK}/rtl/pix_unit.sv original)
if(PLAIN)
  set(fn verilate)
else()
  set(fn spagm_verilate)
endif()
string(REPLACE ";" " " sources "${sources}")
file(WRITE ${WORK}/CMakeLists.txt "cmake_minimum_required(VERSION 3.22)
project(split_edit CXX)
find_package(verilator REQUIRED HINTS \$ENV{VERILATOR_ROOT} /usr/share/verilator)
include(${SRC}/cmake/SpagmVerilate.cmake)
add_executable(unit main.cpp)
${fn}(unit PREFIX Vunit TOP_MODULE pix_unit SOURCES ${sources}
  OPT_SLOW -O0
  VERILATOR_ARGS -Wno-fatal -Wno-lint -Wno-style --output-split 1000 --output-split-cfuncs 1000)
")
file(WRITE ${WORK}/main.cpp "#include \"Vunit.h\"
#include \"verilated.h\"
int main(int argc, char **argv) {
  VerilatedContext ctx;
  ctx.commandArgs(argc, argv);
  Vunit top(&ctx);
  for (int i = 0; i < 4; i++) { top.clk = i & 1; top.eval(); }
  top.final();
  return 0;
}
")

# The generated .cpp files Verilator's last run listed.
function(generated out)
  file(STRINGS ${WORK}/b/CMakeFiles/unit.dir/Vunit.dir/Vunit.cmake l REGEX "\\.cpp")
  string(REGEX MATCHALL "Vunit[A-Za-z0-9_]*\\.cpp" files "${l}")
  list(REMOVE_DUPLICATES files)
  list(SORT files)
  set(${out} "${files}" PARENT_SCOPE)
endfunction()

function(build what)
  execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK}/b RESULT_VARIABLE rc
                  OUTPUT_VARIABLE o ERROR_VARIABLE o)
  if(NOT rc EQUAL 0)
    string(REGEX MATCH "multiple definition of[^\n]*|undefined reference[^\n]*|No such file[^\n]*|No rule to make[^\n]*|error:[^\n]*" why "${o}")
    message(FATAL_ERROR "verilate_split_edit (${GENERATOR}, ${fn}): the build ${what} failed: "
                        "${why}\n${o}")
  endif()
  message(STATUS "built ${what}")
endfunction()

# Forty registers kept alive by verilator public: more code, more files
# (33 -> 35 with Verilator 5.006).
set(extra "")
foreach(i RANGE 0 39)
  string(APPEND extra "  logic [63:0] split_edit_q${i} /*verilator public_flat_rw*/;
  always_ff @(posedge clk) split_edit_q${i} <= split_edit_q${i} * 64'd${i}7 + {32'd${i}, split_edit_q${i}[63:32]};
")
endforeach()
string(REGEX REPLACE "endmodule[^\n]*\n?$" "${extra}endmodule\n" edited "${original}")
if(edited STREQUAL original)
  message(FATAL_ERROR "verilate_split_edit: no endmodule at the end of pix_unit.sv")
endif()

execute_process(COMMAND ${CMAKE_COMMAND} -S ${WORK} -B ${WORK}/b -G "${GENERATOR}"
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "verilate_split_edit: configure failed: ${err}")
endif()
build("as copied")
generated(before)
file(WRITE ${WORK}/rtl/pix_unit.sv "${edited}")
build("after the edit that adds registers")
generated(grown)
list(LENGTH before n0)
list(LENGTH grown n1)
if(NOT n1 GREATER n0)
  message(FATAL_ERROR "verilate_split_edit: the edit did not split the output into more files "
                      "(${n0} -> ${n1})")
endif()
file(WRITE ${WORK}/rtl/pix_unit.sv "${original}")
build("after the edit is taken out")
generated(shrunk)
list(LENGTH shrunk n2)
if(NOT n2 LESS n1)
  message(FATAL_ERROR "verilate_split_edit: taking the edit out did not split the output into "
                      "fewer files (${n1} -> ${n2})")
endif()
message(STATUS "verilate_split_edit (${GENERATOR}, ${fn}): generated files ${n0} -> ${n1} -> ${n2}, "
               "each build passed")
