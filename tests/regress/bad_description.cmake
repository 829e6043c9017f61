# SPDX-License-Identifier: Apache-2.0
# CTest step: bad description files are refused with file:line:col and the
# reason, exit status 2, and nothing is run.
#   -DREGRESS=bin/spagm-regress -DDIR=scratch folder -DBUGS=rtl_stubs/bugs.tsv
set(cases
  "[test a]\nkind = nope\n@:2:8: error: unknown kind 'nope'"
  "[set s]\ntests = missing\n@:1:1: error: set 's' names 'missing', which is no test or set"
  "[test a]\nseeds = 5..2\n@:2:9: error: seed range '5..2' is empty"
  "[test a]\nkind = cosim\nkind = cosim\n@:3:1: error: key 'kind' given twice"
  "garbage line\n@:1:1: error: expected `key = value`"
  "[test a]\ntimeout = 12x\n@:2:11: error: bad or too large number '12x'"
  "[test a]\nkind = command\n@:1:1: error: test 'a': a `kind = command` test needs `command =`"
  "[sett x]\n@:1:1: error: expected `[test NAME]` or `[set NAME]`, got `[sett x]`"
  "[test a]\nunits = attr,gpu\n@:2:14: error: unknown unit 'gpu'"
  "[test a]\n[test a]\n@:2:1: error: 'a' is defined twice"
  "[test a]\ncolour = red\n@:2:1: error: unknown key 'colour'"
  "[test a]\nbugs = all\n@:2:1: error: test 'a': `bugs =` needs `bugs_file =`"
  "[test a]\nvectors = k.vec\n@:2:1: error: test 'a': `vectors =` is for `kind = replay-verilator` or `replay-icarus` tests"
  "[test a]\nkind = replay-icarus\nscenario = k.scn\nvectors = k.vec\n@:4:1: error: test 'a': `vectors =` and `scenario =` both name the traffic"
  # Checked against the world before anything runs (N141).
  "[test a]\nlog_regex = (MISMATCH\n@:2:13: error: test 'a': log_regex does not compile"
  "[test a]\nexpect = fail\nplusargs = +txns=5 +colour=red\n@:3:20: error: test 'a': unknown plusarg '+colour=red' (spagm-cosim +help lists them)"
  "[test a]\nexpect = fail\nplusargs = +bug=no_such_defect\n@:3:17: error: test 'a': unknown defect 'no_such_defect'"
  "[test a]\nplusargs = +seed\n@:2:12: error: test 'a': plusarg '+seed' takes a value"
  "[test a]\nkind = replay-icarus\nvectors = no_such.vec\n@:3:11: error: test 'a': cannot read the vector file 'no_such.vec' (relative to the description)"
  "bugs_file = ${BUGS}\n[test a]\nbugs = attr_rank_off_by_one no_such_bug\n@:3:29: error: test 'a': unknown defect 'no_such_bug'"
  # Every error of a file, not only the first: the third of three.
  "[test a]\nkind = nope\n[test b]\ncolour = red\n[set s]\ntests = b missing\n@:5:1: error: set 's' names 'missing', which is no test or set")
file(REMOVE_RECURSE "${DIR}")
file(MAKE_DIRECTORY "${DIR}")
set(i 0)
foreach(c IN LISTS cases)
  math(EXPR i "${i} + 1")
  string(FIND "${c}" "@" at REVERSE)
  string(SUBSTRING "${c}" 0 ${at} text)
  math(EXPR at "${at} + 1")
  string(SUBSTRING "${c}" ${at} -1 want)
  string(REPLACE "\\n" "\n" text "${text}")
  file(WRITE "${DIR}/bad${i}.regress" "${text}")
  execute_process(COMMAND ${REGRESS} --file ${DIR}/bad${i}.regress --set a --out ${DIR}/out${i}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(FIND "${err}" "${DIR}/bad${i}.regress${want}" found)
  if(NOT rc EQUAL 2 OR found LESS 0)
    message(FATAL_ERROR "case ${i}: exit ${rc}, expected 2 and '${DIR}/bad${i}.regress${want}' in:\n${err}")
  endif()
  if(EXISTS "${DIR}/out${i}")
    message(FATAL_ERROR "case ${i}: a results folder was made for a bad description")
  endif()
endforeach()
execute_process(COMMAND ${REGRESS} --set no_such_set --list RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "no set or test named 'no_such_set' \\(sets: smoke defects")
  message(FATAL_ERROR "an unknown set: exit ${rc}, ${err}")
endif()
message("${i} bad descriptions refused with file:line:col")
