// SPDX-License-Identifier: Apache-2.0
// spagm gen / check / merge / export-hex from the command line: determinism,
// sharding, exit codes and FILE:LINE diagnostics, scenario recording.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "test_scratch.h"

namespace fs = std::filesystem;

namespace {

struct CliRun {
  int status;
  std::string out;  // stdout and stderr
};

CliRun run(const std::string &args) {
  std::string cmd = std::string(SPAGM_CLI) + " " + args + " 2>&1";
  FILE *p = popen(cmd.c_str(), "r");
  CliRun r{-1, ""};
  if (!p) return r;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  int st = pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

std::string slurp(const fs::path &p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

class VecCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = spagm_test::fresh_scratch_dir();
  }
  void TearDown() override { fs::remove_all(dir); }
  std::string at(const std::string &name) { return (dir / name).string(); }
  fs::path dir;
};

}  // namespace

TEST_F(VecCli, Gen_SameArguments_ByteIdenticalFiles) {
  const std::string opts = "gen --seed 5 --count 50 --epoch-txns 20 --units attr,pix -o ";
  ASSERT_EQ(run(opts + at("a.vec")).status, 0);
  ASSERT_EQ(run(opts + at("b.vec")).status, 0);
  std::string a = slurp(at("a.vec"));
  EXPECT_GT(a.size(), 1000u);
  EXPECT_EQ(a, slurp(at("b.vec")));
  CliRun c = run("check " + at("a.vec"));
  EXPECT_EQ(c.status, 0) << c.out;
  EXPECT_NE(c.out.find("100 transactions"), std::string::npos) << c.out;
  // Nothing but the file is left behind (the temporary was renamed).
  int files = 0;
  for (auto &e : fs::directory_iterator(dir)) files += e.is_regular_file();
  EXPECT_EQ(files, 2);
}

TEST_F(VecCli, Shards_MergeToTheUnshardedFile) {
  const std::string opts = "gen --seed 12 --count 70 --epoch-txns 10 --units attr,pix ";
  ASSERT_EQ(run(opts + "-o " + at("whole.vec")).status, 0);
  for (int i = 1; i <= 3; i++)
    ASSERT_EQ(run(opts + "--shard " + std::to_string(i) + "/3 -o " + at("s" + std::to_string(i))).status, 0);
  // Each shard is a valid file of its own ...
  CliRun c = run("check --quiet " + at("s2"));
  EXPECT_EQ(c.status, 0) << c.out;
  // ... and the merge, in any order of arguments, is the unsharded file.
  CliRun m = run("merge " + at("s3") + " " + at("s1") + " " + at("s2") + " -o " + at("merged.vec"));
  ASSERT_EQ(m.status, 0) << m.out;
  EXPECT_EQ(slurp(at("merged.vec")), slurp(at("whole.vec")));
  // An incomplete or mixed set is refused.
  m = run("merge " + at("s1") + " " + at("s2") + " -o " + at("bad.vec"));
  EXPECT_EQ(m.status, 1);
  EXPECT_NE(m.out.find("3 shards"), std::string::npos) << m.out;
  EXPECT_FALSE(fs::exists(at("bad.vec")));
  m = run("merge " + at("s1") + " " + at("s1") + " " + at("s2") + " -o " + at("bad.vec"));
  EXPECT_EQ(m.status, 1);
  EXPECT_NE(m.out.find("shard 1/3 is given twice"), std::string::npos) << m.out;
  m = run("merge " + at("whole.vec") + " -o " + at("bad.vec"));
  EXPECT_EQ(m.status, 1);
  EXPECT_NE(m.out.find("not a shard"), std::string::npos) << m.out;
}

TEST_F(VecCli, DefaultUnits_AreTheCosimulations_AndTextureShardsMergeToo) {
  // Without --units: attr, pix and tex, as spagm-cosim; each epoch's
  // texture memory travels with its shard.
  const std::string opts = "gen --seed 3 --count 12 --epoch-txns 6 ";
  ASSERT_EQ(run(opts + "-o " + at("whole.vec")).status, 0);
  std::string whole = slurp(at("whole.vec"));
  EXPECT_NE(whole.find("\nunits attr,pix,tex\n"), std::string::npos);
  EXPECT_NE(whole.find("\n# texture memory (non-zero words)\n  m "), std::string::npos);
  ASSERT_EQ(run(opts + "--shard 1/2 -o " + at("s1")).status, 0);
  ASSERT_EQ(run(opts + "--shard 2/2 -o " + at("s2")).status, 0);
  CliRun m = run("merge " + at("s2") + " " + at("s1") + " -o " + at("merged.vec"));
  ASSERT_EQ(m.status, 0) << m.out;
  EXPECT_EQ(slurp(at("merged.vec")), whole);
  CliRun c = run("check " + at("merged.vec"));
  EXPECT_EQ(c.status, 0) << c.out;
  EXPECT_NE(c.out.find("36 transactions"), std::string::npos) << c.out;
}

TEST_F(VecCli, TldsScenario_RecordsTextureMemory_AndChecks) {
  // The TLDS.txt examples: headers and texels are recorded as memory words,
  // and `check` rebuilds them to the same answers.
  std::string scn = std::string(SPAGM_SOURCE_DIR) + "/docs/examples/tlds_spec_examples.scn";
  CliRun g = run("gen --scenario " + scn + " -o " + at("t.vec"));
  ASSERT_EQ(g.status, 0) << g.out;
  std::string t = slurp(at("t.vec"));
  EXPECT_NE(t.find("\n  m "), std::string::npos);
  CliRun c = run("check " + at("t.vec"));
  EXPECT_EQ(c.status, 0) << c.out;
  EXPECT_NE(c.out.find("2 transactions"), std::string::npos) << c.out;
}

TEST_F(VecCli, MoreShardsThanEpochs_EmptyShardsMergeToo) {
  const std::string opts = "gen --seed 2 --count 10 --epoch-txns 10 --units attr ";
  ASSERT_EQ(run(opts + "-o " + at("whole.vec")).status, 0);
  std::string merge = "merge";
  for (int i = 1; i <= 5; i++) {
    std::string part = at("p" + std::to_string(i));
    ASSERT_EQ(run(opts + "--shard " + std::to_string(i) + "/5 -o " + part).status, 0);
    merge += " " + part;
  }
  EXPECT_NE(slurp(at("p1")).find("shard 1/5 first 0 epochs 0\n"), std::string::npos);
  CliRun m = run(merge + " -o " + at("merged.vec"));
  ASSERT_EQ(m.status, 0) << m.out;
  EXPECT_EQ(slurp(at("merged.vec")), slurp(at("whole.vec")));
}

TEST_F(VecCli, Check_DamagedFile_ReportsFileLineAndFails) {
  ASSERT_EQ(run("gen --seed 2 --count 10 --epoch-txns 10 -o " + at("g.vec")).status, 0);
  std::string t = slurp(at("g.vec"));
  std::string cut = t.substr(0, t.size() / 2);
  std::ofstream(at("cut.vec"), std::ios::binary) << cut.substr(0, cut.rfind('\n') + 1);
  int lines = 0;
  for (char ch : cut.substr(0, cut.rfind('\n') + 1)) lines += ch == '\n';
  CliRun c = run("check " + at("cut.vec"));
  EXPECT_EQ(c.status, 1);
  EXPECT_NE(c.out.find(at("cut.vec") + ":" + std::to_string(lines + 1) + ":1: "), std::string::npos)
      << c.out;
  EXPECT_NE(c.out.find("truncated"), std::string::npos) << c.out;
  c = run("export-hex " + at("cut.vec") + " " + at("hex"));
  EXPECT_EQ(c.status, 1);
  EXPECT_FALSE(fs::exists(at("hex")));
}

TEST_F(VecCli, Usage_ErrorsExitTwo) {
  EXPECT_EQ(run("check").status, 2);
  EXPECT_EQ(run("check --frobnicate x").status, 2);
  EXPECT_EQ(run("gen --count 5").status, 2);  // no -o
  EXPECT_EQ(run("gen -o x.vec").status, 2);   // neither --count nor --scenario
  EXPECT_EQ(run("gen --count 5 --shard 4/3 -o x.vec").status, 2);
  EXPECT_EQ(run("gen --count 5 --units attr,gpu -o x.vec").status, 2);
  EXPECT_EQ(run("gen --scenario a.scn --seed 3 -o x.vec").status, 2);
  EXPECT_EQ(run("export-hex onlyone").status, 2);
  EXPECT_EQ(run("merge -o x.vec").status, 2);
  for (const char *c : {"gen", "check", "merge", "export-hex"}) {
    CliRun h = run(std::string(c) + " --help");
    EXPECT_EQ(h.status, 0) << c;
    EXPECT_NE(h.out.find("usage: spagm"), std::string::npos) << c;
  }
  EXPECT_FALSE(fs::exists("x.vec"));
}

TEST_F(VecCli, Gen_UnwritablePath_FailsWithoutAFile) {
  CliRun g = run("gen --count 5 -o " + at("no/such/dir/x.vec"));
  EXPECT_EQ(g.status, 1);
  EXPECT_NE(g.out.find("cannot create"), std::string::npos) << g.out;
}

TEST_F(VecCli, GenScenario_StateDirectiveStartsAnEpoch) {
  std::ofstream(at("two.scn")) << "stage PS\n"
                                  "raster samples 4\n"
                                  "thread coverage = 0x5\n"
                                  "PIXLD.MSCOUNT R0;\n"
                                  "expect R0 == 4\n"
                                  "PIXLD.COVMASK R1;\n"
                                  "raster samples 2\n"
                                  "PIXLD.MSCOUNT R2;\n"
                                  "expect R2 == 2\n";
  CliRun g = run("gen --scenario " + at("two.scn") + " -o " + at("two.vec"));
  ASSERT_EQ(g.status, 0) << g.out;
  std::string t = slurp(at("two.vec"));
  EXPECT_NE(t.find("source scenario two.scn\nunits pix\nepochs 2\n"), std::string::npos) << t;
  EXPECT_NE(t.find("\nepoch 1\nstate pix\n"), std::string::npos);
  EXPECT_NE(t.find("txn pix  # PIXLD.MSCOUNT R2;"), std::string::npos) << t;
  CliRun c = run("check " + at("two.vec"));
  EXPECT_EQ(c.status, 0) << c.out;
  EXPECT_NE(c.out.find("3 transactions"), std::string::npos) << c.out;
}

TEST_F(VecCli, GenScenario_RefusesWhatAVectorCannotHold) {
  std::ofstream(at("wr.scn")) << "stage VSB\nvertices 4\nreg R1 = 0\nlanes 0\n"
                                 "ISBEWR.ATTR.B32 [R1], R1;\n";
  CliRun g = run("gen --scenario " + at("wr.scn") + " -o " + at("wr.vec"));
  EXPECT_EQ(g.status, 1);
  EXPECT_NE(g.out.find(at("wr.scn") + ":5:"), std::string::npos) << g.out;
  EXPECT_NE(g.out.find("ISBEWR"), std::string::npos) << g.out;
  EXPECT_FALSE(fs::exists(at("wr.vec")));
  // A failed expectation means the directed vectors would be wrong.
  std::ofstream(at("bad.scn")) << "stage PS\nraster samples 4\nPIXLD.MSCOUNT R0;\nexpect R0 == 8\n";
  g = run("gen --scenario " + at("bad.scn") + " -o " + at("bad.vec"));
  EXPECT_EQ(g.status, 1) << g.out;
  EXPECT_FALSE(fs::exists(at("bad.vec")));
}

TEST_F(VecCli, ExportHex_WritesTheManifestAndGuardsForeignDirectories) {
  ASSERT_EQ(run("gen --count 4 --epoch-txns 2 --units pix -o " + at("p.vec")).status, 0);
  CliRun e = run("export-hex " + at("p.vec") + " " + at("hex"));
  ASSERT_EQ(e.status, 0) << e.out;
  std::string man = slurp(dir / "hex" / "manifest.hex");
  EXPECT_NE(man.find("53504756 // 0: magic"), std::string::npos) << man;
  EXPECT_NE(man.find("00000004 // 22: pix transactions"), std::string::npos) << man;
  EXPECT_TRUE(fs::exists(dir / "hex" / "pix_req.hex"));
  EXPECT_FALSE(fs::exists(dir / "hex" / "attr_req.hex"));
  // Exporting again replaces it; a directory with other files is refused.
  EXPECT_EQ(run("export-hex " + at("p.vec") + " " + at("hex")).status, 0);
  fs::create_directories(dir / "mine");
  std::ofstream(dir / "mine" / "notes.txt") << "keep me\n";
  e = run("export-hex " + at("p.vec") + " " + at("mine"));
  EXPECT_EQ(e.status, 1);
  EXPECT_TRUE(fs::exists(dir / "mine" / "notes.txt"));
}

// The error names the scenario that could not be opened, not the output
// file.
TEST_F(VecCli, GenScenario_MissingFile_IsError_NamingTheFile) {
  CliRun g = run("gen --scenario " + at("missing.scn") + " -o " + at("m.vec"));
  EXPECT_EQ(g.status, 1);
  EXPECT_NE(g.out.find("spagm gen: " + at("missing.scn") + ": cannot open"), std::string::npos)
      << g.out;
  EXPECT_EQ(g.out.find(at("m.vec")), std::string::npos) << g.out;
  // An output that cannot be written is still named as the output.
  std::ofstream(at("ok.scn")) << "stage PS\nraster samples 4\nPIXLD.MSCOUNT R0;\n";
  g = run("gen --scenario " + at("ok.scn") + " -o " + at("no/such/dir/x.vec"));
  EXPECT_EQ(g.status, 1);
  EXPECT_NE(g.out.find("spagm gen: " + at("no/such/dir/x.vec") + ": "), std::string::npos)
      << g.out;
}
