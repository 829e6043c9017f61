# SPDX-License-Identifier: Apache-2.0
# CTest dpi.exports_every_import: the shared library a simulator loads
# (-sv_lib) defines every function the SV packages import, and exports no
# internal symbol (spagm__*; libspagm_dpi.map).
#
# cmake -DLIB=<libspagm_dpi.so> -DNM=<nm> -DSV=<sv;files> -P check_dpi_exports.cmake
include(${CMAKE_CURRENT_LIST_DIR}/dpi_imports.cmake)

execute_process(COMMAND ${NM} -D --defined-only ${LIB} OUTPUT_VARIABLE syms RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${NM} -D ${LIB} failed (${rc})")
endif()
spagm_dpi_imports(imports ${SV})
list(LENGTH imports n)
if(n EQUAL 0)
  message(FATAL_ERROR "no import \"DPI-C\" found in ${SV}")
endif()
set(missing "")
foreach(name ${imports})
  if(NOT syms MATCHES " T ${name}\n")
    list(APPEND missing ${name})
  endif()
endforeach()
if(missing)
  message(FATAL_ERROR "${LIB} does not export: ${missing}")
endif()
string(REGEX MATCHALL " [TDBR] spagm__[A-Za-z0-9_]*" internal "${syms}")
if(internal)
  message(FATAL_ERROR "${LIB} exports internal symbols:${internal}")
endif()
message(STATUS "${LIB} exports all ${n} imported DPI functions and nothing internal")
