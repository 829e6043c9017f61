# SPDX-License-Identifier: Apache-2.0
# CTest example.predictor.catches_defect: with one of the stand-in RTL's
# defects switched on, the testbench must report a mismatch and exit
# non-zero. With -DREFUSED=1 (example.predictor.unknown_bug_refused): the
# testbench must refuse its +bug= before the test starts, saying EXPECT.
#   cmake -DTB=<tb_pix_predictor> -DARGS=<plusargs> [-DREFUSED=1 -DEXPECT=regex]
#         -P expect_mismatch.cmake
execute_process(COMMAND ${TB} ${ARGS} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
message("${out}${err}")
if(rc EQUAL 0)
  message(FATAL_ERROR "the testbench passed with a defect in the DUT")
endif()
if(REFUSED)
  if(NOT "${out}${err}" MATCHES "${EXPECT}" OR out MATCHES "MISMATCH|passed")
    message(FATAL_ERROR "expected a refusal saying `${EXPECT}` before any transaction")
  endif()
  return()
endif()
if(out MATCHES "refused")
  message(FATAL_ERROR "the testbench refused its plusargs: no defect was caught")
endif()
if(NOT out MATCHES "MISMATCH pix tag [0-9]+")
  message(FATAL_ERROR "no mismatch report in the output")
endif()
if(NOT out MATCHES "spagm predictor [^:]+: [0-9]+ passed, [1-9][0-9]* failed")
  message(FATAL_ERROR "the summary does not count the failure")
endif()
