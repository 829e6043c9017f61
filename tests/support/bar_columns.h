// SPDX-License-Identifier: Apache-2.0
/* Columns of the " | "-separated data files under tests/data/isa
 * (compiler_words.txt, implementation_tables.txt): one line in, its columns
 * out, a column holding no " | " of its own. */
#ifndef SPAGM_TEST_BAR_COLUMNS_H
#define SPAGM_TEST_BAR_COLUMNS_H

#include <string>
#include <vector>

namespace spagm_test {

inline std::vector<std::string> bar_columns(const std::string &line) {
  std::vector<std::string> out;
  size_t at = 0;
  for (;;) {
    size_t bar = line.find(" | ", at);
    out.push_back(line.substr(at, bar == std::string::npos ? std::string::npos : bar - at));
    if (bar == std::string::npos) return out;
    at = bar + 3;
  }
}

}  // namespace spagm_test

#endif
