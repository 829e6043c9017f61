# SPDX-License-Identifier: Apache-2.0
# The long-run benchmark keeps printing its figures (docs/cosim.md, "Long
# runs"); what the figures are is never judged.
#   MODE=figures: bench/longrun_bench.sh BUILD 20000 2000 exits 0 and prints,
#     for the predictor and for spagm-cosim, the two commands, a verdict
#     with no failure, a table of eleven checkpoints (start and ten
#     segments: transactions, wall and CPU seconds, CPU us per transaction,
#     VmRSS, VmHWM, heap in use), the last/first ratios, the two memory
#     lines and the total-time ratios.
#   MODE=wrong: predictor_longrun (PRED) with --wrong-at 5 exits 1 with the
#     mismatch report of that response and one failure in the summaries.
cmake_minimum_required(VERSION 3.20)

function(expect text re what)
  if(NOT text MATCHES "${re}")
    message(FATAL_ERROR "${what}: no match for\n  ${re}\nin the output:\n${text}")
  endif()
endfunction()

if(MODE STREQUAL "figures")
  execute_process(COMMAND bash ${SCRIPT} ${BUILD} 20000 2000 1
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "longrun_bench.sh exited ${rc}\n${out}\n${err}")
  endif()
  set(n "[1-9][0-9]*")
  set(x "([0-9]+\\.[0-9]+|-)")
  set(f "[0-9]+\\.[0-9]+")
  string(REPEAT " +[0-9]+ +${f} +${f} +${f} +${n} +${n} +${n}\n" 9 rows)
  set(table "  transactions     wall s      cpu s  cpu us/txn    VmRSS kB    VmHWM kB     heap kB\n +0 +- +- +- +${n} +${n} +${n}\n${rows} +LAST +${f} +${f} +${f} +${n} +${n} +${n}\nlast/first segment time per transaction: cpu ${x}, wall ${x}\nVmRSS: start ${n} kB, after the first segment ${n} kB, end ${n} kB \\([+-][0-9]+ kB since the first segment\\); peak VmHWM ${n} kB\nheap in use: after the first segment ${n} kB, end ${n} kB \\([+-][0-9]+ kB\\), the least and most after the first segment ${n} and ${n} kB\ntotal time, the whole count over a tenth of it \\(10 = linear\\): cpu ${f} s / ${f} s = ${x}, wall ${f} s / ${f} s = ${x}\n")
  string(REPLACE "LAST" "60000" pred_table "${table}")
  string(REPLACE "LAST" "6000" cosim_table "${table}")
  expect("${out}" "== predictor: 20000 transactions per unit \\(attr, pix, tex\\), up to 1024 in flight, seed 1 ==\n\\$ [^\n]*/predictor_longrun --txns 2000 --in-flight 1024 --seed 1\npredictor_longrun: 6000 predicted, 6000 answered, 0 failed\n\\$ [^\n]*/predictor_longrun --txns 20000 --in-flight 1024 --seed 1\npredictor_longrun: 60000 predicted, 60000 answered, 0 failed\n${pred_table}\n== spagm-cosim"
         "the predictor's section")
  expect("${out}" "== spagm-cosim: 2000 transactions per unit \\(attr, pix, tex\\), seed 1 ==\n\\$ [^\n]*/spagm-cosim \\+seed=1 \\+txns=200 \\+checkpoint=60 \\+no_progress\ncosim: 600 passed, 0 failed\n\\$ [^\n]*/spagm-cosim \\+seed=1 \\+txns=2000 \\+checkpoint=600 \\+no_progress\ncosim: 6000 passed, 0 failed\n${cosim_table}\ntimes and memory vary"
         "spagm-cosim's section")
elseif(MODE STREQUAL "wrong")
  execute_process(COMMAND ${PRED} --txns 300 --units pix --in-flight 16 --wrong-at 5
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 1)
    message(FATAL_ERROR "predictor_longrun --wrong-at 5 exited ${rc}, not 1\n${out}\n${err}")
  endif()
  expect("${out}" "\nMISMATCH pix tag [0-9]+ \\(pix, seed 1, prediction #[0-9]+\\): " "the report")
  expect("${out}" "\nspagm predictor pix: 299 passed, 1 failed\n" "the summary")
  expect("${out}" "\npredictor_longrun: 300 predicted, 300 answered, 1 failed\n$" "the last line")
else()
  message(FATAL_ERROR "MODE=figures or MODE=wrong")
endif()
