# SPDX-License-Identifier: Apache-2.0
# spagm_cosim_units(UNITS BUILT_VAR DEFINES_VAR): the units spagm-cosim
# holds (the SPAGM_COSIM_UNITS option, N546). BUILT_VAR gets the units in
# the order attr, pix, tex joined by commas (the harness compares +units
# with it); DEFINES_VAR a +define+SPAGM_COSIM_NO_<UNIT> for every unit left
# out, which tb_cosim.sv reads to leave that unit's instance out. A name
# that is not a unit, or a list with no unit, stops the configure with a
# message naming the option.
function(spagm_cosim_units units built_var defines_var)
  foreach(u IN LISTS units)
    if(NOT u MATCHES "^(attr|pix|tex)$")
      message(FATAL_ERROR "SPAGM_COSIM_UNITS: '${u}' is not a unit (attr, pix, tex)")
    endif()
  endforeach()
  set(built "")
  set(defines "")
  foreach(u attr pix tex)
    list(FIND units ${u} at)
    if(at GREATER -1)
      list(APPEND built ${u})
    else()
      string(TOUPPER ${u} U)
      list(APPEND defines +define+SPAGM_COSIM_NO_${U})
    endif()
  endforeach()
  if(NOT built)
    message(FATAL_ERROR "SPAGM_COSIM_UNITS names no unit (attr, pix, tex)")
  endif()
  string(REPLACE ";" "," built "${built}")
  set(${built_var} "${built}" PARENT_SCOPE)
  set(${defines_var} "${defines}" PARENT_SCOPE)
endfunction()
