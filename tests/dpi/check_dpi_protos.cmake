# SPDX-License-Identifier: Apache-2.0
# Prototype drift check (CTest dpi.prototypes_match_sv): Verilator derives
# the C prototype of every DPI import of spagm_dpi_pkg.sv and spagm_pkg.sv
# from a tiny top (dpi_protos_top.sv) into V<top>__Dpi.h; each C file that
# implements imports is then compiled, as C and as C++ (simulators compile
# DPI code either way), with that header included first. A prototype that
# differs from its import is a conflicting declaration, so the compile and
# the test fail.
#
# cmake -DVERILATOR=<bin> -DCC=<c compiler> -DCXX=<c++ compiler>
#       -DSV=<sv;files> -DTOP=<top sv> -DSOURCES=<c;files> -DINCLUDES=<dirs>
#       -DWORK=<scratch dir> -P check_dpi_protos.cmake
include(${CMAKE_CURRENT_LIST_DIR}/dpi_imports.cmake)

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
execute_process(COMMAND ${VERILATOR} --dpi-hdr-only -Mdir ${WORK} --top-module spagm_dpi_protos
                        ${SV} ${TOP}
                RESULT_VARIABLE rc)
set(header ${WORK}/Vspagm_dpi_protos__Dpi.h)
if(NOT rc EQUAL 0 OR NOT EXISTS ${header})
  message(FATAL_ERROR "verilator --dpi-hdr-only failed (${rc})")
endif()

# Every import must be in the header, or its prototype would go unchecked.
spagm_dpi_imports(imports ${SV})
list(LENGTH imports n)
file(READ ${header} text)
foreach(name ${imports})
  if(NOT text MATCHES "[ *]${name}\\(")
    message(FATAL_ERROR "${name} is imported but not in ${header}: its prototype is not checked")
  endif()
endforeach()

set(flags "")
foreach(dir ${INCLUDES})
  list(APPEND flags -I${dir})
endforeach()
foreach(src ${SOURCES})
  foreach(lang c c++)
    if(lang STREQUAL c)
      set(cmd ${CC} -std=c11 -D_POSIX_C_SOURCE=200809L)
    else()
      set(cmd ${CXX} -x c++ -std=c++17)
    endif()
    execute_process(COMMAND ${cmd} -fsyntax-only -Wall -Wextra ${flags} -include ${header} ${src}
                    RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "${src} (as ${lang}) does not match the DPI prototypes Verilator "
                          "derives from the SV packages (see the compiler's message above)")
    endif()
  endforeach()
endforeach()
message(STATUS "${n} DPI imports, every prototype matches its C definition")
