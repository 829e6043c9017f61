# SPDX-License-Identifier: Apache-2.0
# CTest python.cdef_drift_breaks_build (N180): the binding's declarations
# (python/spagm/_cdef.h) are compiled against the public headers, so a
# header that drifts from them stops the build with the compiler's message.
# The generated source compiles against the real headers; then against a
# copy with a field renamed in txn.h, and one with a prototype changed in
# predictor.h, each must fail naming what drifted.
#   cmake -DPYTHON=... -DCC=... -DSRC=python/spagm -DROOT=<source> -DPYINC=...
#         -DFLAGS="-Werror=..." -DWORK=<dir> -P check_cdef_drift.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
execute_process(COMMAND ${PYTHON} ${SRC}/_ffi_build.py ${WORK}/ffi.c RESULT_VARIABLE rc
                ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "_ffi_build.py failed: ${err}")
endif()

# Compile ffi.c with include dirs MODEL (model headers) and COSIM
# (spagm/predictor.h, and cosim.h: the co-simulation's scoreboard, N232).
function(compile name model cosim out_rc out_log)
  execute_process(COMMAND ${CC} -c ${FLAGS} -fPIC -I${PYINC} -I${model} -I${ROOT}/vectors/include
                          -I${ROOT}/stim/include -I${ROOT}/coverage/include
                          -I${cosim} ${WORK}/ffi.c -o ${WORK}/${name}.o
                  RESULT_VARIABLE rc OUTPUT_VARIABLE o ERROR_VARIABLE e)
  set(${out_rc} ${rc} PARENT_SCOPE)
  set(${out_log} "${o}${e}" PARENT_SCOPE)
endfunction()

compile(real ${ROOT}/model/include ${ROOT}/cosim/include rc log)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the binding does not compile against the real headers:\n${log}")
endif()
message(STATUS "the real headers: compiles")

# Drift one header file of a copied include tree and expect the message.
function(expect_drift what tree header from to pattern)
  set(dir ${WORK}/${what})
  file(COPY ${ROOT}/${tree}/include DESTINATION ${dir})
  file(READ ${dir}/include/${header} text)
  string(FIND "${text}" "${from}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${header} no longer holds '${from}': update this test")
  endif()
  string(REPLACE "${from}" "${to}" text "${text}")
  file(WRITE ${dir}/include/${header} "${text}")
  if(tree STREQUAL "model")
    compile(${what} ${dir}/include ${ROOT}/cosim/include rc log)
  else()
    compile(${what} ${ROOT}/model/include ${dir}/include rc log)
  endif()
  if(rc EQUAL 0)
    message(FATAL_ERROR "${what}: the build went through although ${header} drifted")
  endif()
  if(NOT log MATCHES "${pattern}")
    message(FATAL_ERROR "${what}: the build failed without naming the drift (${pattern}):\n${log}")
  endif()
  string(REGEX MATCH "[^\n]*${pattern}[^\n]*" line "${log}")
  message(STATUS "${what}: the compiler says: ${line}")
endfunction()

expect_drift(field_renamed model spagm/txn.h "X(lane_mask, uint32_t" "X(lane_bits, uint32_t"
             "no member named[^\n]*lane_mask")
expect_drift(field_retyped model spagm/txn.h "X(fault_lanes, uint32_t" "X(fault_lanes, uint64_t"
             "incompatible pointer type")
expect_drift(prototype_changed cosim spagm/predictor.h
             "spagm_predictor_cfg_write(spagm_predictor *p, uint32_t addr, uint32_t data,"
             "spagm_predictor_cfg_write(spagm_predictor *p, uint32_t addr, uint64_t data,"
             "spagm_cdef_spagm_predictor_cfg_write.*incompatible pointer type|incompatible pointer type.*spagm_predictor_cfg_write")
