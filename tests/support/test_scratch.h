// SPDX-License-Identifier: Apache-2.0
/* The running GoogleTest case's own folder in the build tree: files a
 * test writes go there, never to fixed names in the system temporary folder,
 * so two build trees' suites (or two cases run at once by ctest -j) never
 * meet. SPAGM_TEST_SCRATCH is the executable's folder under
 * <build>/test-tmp (tests/CMakeLists.txt); each case gets
 * SUITE.NAME under it, emptied when the case asks for it. */
#ifndef SPAGM_TEST_SCRATCH_H
#define SPAGM_TEST_SCRATCH_H

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace spagm_test {

inline std::filesystem::path scratch_dir() {
  const ::testing::TestInfo *t = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string leaf = std::string(t->test_suite_name()) + "." + t->name();
  for (char &c : leaf)  // parameterised names hold '/'
    if (c == '/') c = '_';
  std::filesystem::path dir = std::filesystem::path(SPAGM_TEST_SCRATCH) / leaf;
  std::filesystem::create_directories(dir);
  return dir;
}

/* An empty folder of the case: what an earlier run left is removed first. */
inline std::filesystem::path fresh_scratch_dir() {
  std::filesystem::path dir = scratch_dir();
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

/* FILE in the case's folder. */
inline std::string scratch(const std::string &file) { return (scratch_dir() / file).string(); }

}  // namespace spagm_test

#endif
