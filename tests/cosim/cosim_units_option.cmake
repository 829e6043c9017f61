# SPDX-License-Identifier: Apache-2.0
# CTest step: spagm_cosim_units() (cmake/SpagmCosimUnits.cmake), the
# SPAGM_COSIM_UNITS option's check, run in a CMake of its own as a
# configure would run it.
#   -DMODULE=cmake/SpagmCosimUnits.cmake -DUNITS=tex,attr (commas for ;)
#   -DBUILT=attr,tex "-DDEFINES=+define+SPAGM_COSIM_NO_PIX"   accepted, giving these
#   -DREFUSED=regex                                          refused with this message
if(DEFINED CHILD)
  include(${MODULE})
  string(REPLACE "," ";" units "${UNITS}")
  spagm_cosim_units("${units}" built defines)
  string(REPLACE ";" "," defines "${defines}")
  message("built=${built}")
  message("defines=${defines}")
  return()
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -DCHILD=1 -DMODULE=${MODULE} -DUNITS=${UNITS}
                        -P ${CMAKE_CURRENT_LIST_FILE}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(DEFINED REFUSED)
  if(rc EQUAL 0)
    message(FATAL_ERROR "SPAGM_COSIM_UNITS=${UNITS} was accepted, expected refused")
  endif()
  if(NOT err MATCHES "${REFUSED}")
    message(FATAL_ERROR "the refusal does not say `${REFUSED}`")
  endif()
  return()
endif()
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "SPAGM_COSIM_UNITS=${UNITS} was refused, expected accepted")
endif()
string(REPLACE ";" "," DEFINES "${DEFINES}")
string(FIND "${err}" "built=${BUILT}\n" at_built)
string(FIND "${err}" "defines=${DEFINES}\n" at_defines)
if(at_built EQUAL -1 OR at_defines EQUAL -1)
  message(FATAL_ERROR "expected built=${BUILT} and defines=${DEFINES}")
endif()
