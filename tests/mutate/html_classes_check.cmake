# SPDX-License-Identifier: Apache-2.0
# CTest mutate.html_classes_in_browser (label mutate): the report page that
# mutate.unit's test_every_class_in_json_summary_and_html writes (one
# mutant of each class, N325) opens in headless Chromium and its DOM shows
# every class with its count, the score with the classes it leaves out,
# the formal verdict with its method and bound, the directed test's
# verdict with the contract's mask or the inputs it leaves out, and the
# not exercised mutant in its own section, and mutant 0's runs as passed.
#   cmake -DSRC=... -DPAGE=WORK/classes/report.html -DOUT=DIR -P html_classes_check.cmake
include(${SRC}/tests/support/page_check.cmake)
spagm_page_check("${PAGE}" "${OUT}" 1280x1600 "the mutation report page" EXPECT
    "<p id=\"score\">Mutation score <b>44.4 %</b>: 4 killed of 12 mutants, less 3 equivalent"
    "<td>killed by seeds 1-5</td><td id=\"n-killed_seeds\">2</td>"
    "<td>killed by the nightly set</td><td id=\"n-killed_nightly\">1</td>"
    "<td>killed only by a directed killer test</td><td id=\"n-killed_directed\">1</td>"
    "<td>proven equivalent</td><td id=\"n-proven_equivalent\">2</td>"
    "<td>equivalent under the contract</td><td id=\"n-equivalent_contract\">1</td>"
    "<td>distinguishable \\(no killing test yet\\)</td><td id=\"n-distinguishable\">1</td>"
    "<td>survived \\(not analysed\\)</td><td id=\"n-survived\">1</td>"
    "<td>not exercised</td><td id=\"n-not_exercised\">1</td>"
    "<td>undecided</td><td id=\"n-undecided\">1</td>"
    "<td>error</td><td id=\"n-error\">1</td>"
    "<td>proven equivalent</td><td>equivalent \\(yosys sat -tempinduct, bound 20\\)</td>"
    "equivalent \\(yosys sat -tempinduct, unbounded\\): assumes rst_n from cycle 1"
    "undecided \\(yosys sat -tempinduct, bound 20\\): front end: unsupported construct"
    "directed killer_1: killed"
    "directed killer_2: equivalent_contract, mask: wb_reg when wb_valid = 0"
    "directed t7.vec: inconclusive: the test leaves out inputs"
    "not in the test: cycle 3: a reset after the first cycle"
    "<h2 id=\"not-exercised\">Not exercised \\(1\\)</h2>"
    "Original design \\(mutant 0\\): <span id=\"original\">passed</span>")
