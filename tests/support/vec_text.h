// SPDX-License-Identifier: Apache-2.0
// Helpers of the vector-file tests (tests/vectors/vec_*_test.cpp): generate a
// random file in memory, read one to its end, take it apart into lines and
// put it together again, read a hex export.
#ifndef SPAGM_TEST_VEC_TEXT_H
#define SPAGM_TEST_VEC_TEXT_H

#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "spagm/spagm.h"
#include "spagm/vec/file.h"

namespace vectest {

// The text `spagm gen` writes for these options.
inline std::string gen_text(uint64_t seed, uint32_t count, uint32_t epoch_txns, uint32_t units,
                            uint32_t illegal_ppm = 10000) {
  spagm_vec_header h;
  EXPECT_EQ(spagm_vec_header_random(&h, seed, count, epoch_txns, illegal_ppm, units, nullptr),
            SPAGM_OK);
  spagm_diag d;
  spagm_vec_writer *w = spagm_vec_writer_open_mem(&h, &d);
  EXPECT_NE(w, nullptr) << d.msg;
  EXPECT_EQ(spagm_vec_gen_random(w, &h, &d), SPAGM_OK) << d.msg;
  EXPECT_EQ(spagm_vec_writer_finish_mem(w, &d), SPAGM_OK) << d.msg;
  size_t len = 0;
  const char *t = spagm_vec_writer_text(w, &len);
  std::string s(t ? t : "", len);
  spagm_vec_writer_abort(w);
  return s;
}

// Read a whole text; returns the status and fills d (and *txns at the end).
inline spagm_status read_all(const std::string &text, spagm_diag *d, uint64_t *txns = nullptr) {
  spagm_vec_reader *r = spagm_vec_reader_open_mem(text.data(), text.size(), "t.vec", nullptr, d);
  if (!r) return SPAGM_E_FORMAT;
  auto *it = new spagm_vec_item;
  spagm_status st;
  for (;;) {
    st = spagm_vec_next(r, it, d);
    if (st != SPAGM_OK || it->kind == SPAGM_VEC_END) break;
  }
  if (st == SPAGM_OK && txns) *txns = it->txns;
  delete it;
  spagm_vec_reader_free(r);
  return st;
}

inline std::vector<std::string> lines_of(const std::string &text) {
  std::vector<std::string> v;
  std::stringstream ss(text);
  std::string l;
  while (std::getline(ss, l)) v.push_back(l);
  return v;
}

inline std::string join(const std::vector<std::string> &v) {
  std::string s;
  for (const auto &l : v) s += l + "\n";
  return s;
}

// The lines joined again with every block CRC and the trailer recomputed:
// an edit that keeps the CRCs right, to reach the grammar and `check`.
inline std::string join_recrc(std::vector<std::string> v) {
  std::string out;
  size_t block = std::string::npos;  // offset in out where the open block starts
  for (size_t i = 0; i < v.size(); i++) {
    std::string &l = v[i];
    bool opens = i == 0 || l.rfind("state ", 0) == 0 || l.rfind("txn ", 0) == 0 ||
                 l.rfind("readback ", 0) == 0;
    if (opens && block == std::string::npos) block = out.size();
    char buf[16];
    if (l.rfind("end ", 0) == 0 && block != std::string::npos) {
      snprintf(buf, sizeof buf, "end %08lx",
               crc32(0L, (const Bytef *)out.data() + block, (uInt)(out.size() - block)));
      l = buf;
      block = std::string::npos;
    }
    if (l.rfind("trailer ", 0) == 0) {
      snprintf(buf, sizeof buf, "%08lx", crc32(0L, (const Bytef *)out.data(), (uInt)out.size()));
      l = l.substr(0, l.rfind(' ') + 1) + buf;
    }
    out += l + "\n";
  }
  return out;
}

// 1-based number of the first line starting with prefix at or after `from`.
inline int find_line(const std::vector<std::string> &v, const std::string &prefix, int from = 1) {
  for (size_t i = (size_t)from - 1; i < v.size(); i++)
    if (v[i].compare(0, prefix.size(), prefix) == 0) return (int)i + 1;
  return 0;
}

// The words of a hex export file, `//` comments skipped.
inline std::vector<uint32_t> hex_words(const std::filesystem::path &p) {
  std::ifstream f(p);
  std::vector<uint32_t> v;
  std::string tok;
  while (f >> tok) {
    if (tok.rfind("//", 0) == 0) {
      std::getline(f, tok);
      continue;
    }
    v.push_back((uint32_t)std::stoul(tok, nullptr, 16));
  }
  return v;
}

// The vectors of a sparse export file (export version 3, vechex.c
// put_sparse): one line per transaction, "K s1 w1 ... sK wK" in hex, K the
// non-zero words, each after s zero words; returned dense, `width` words per
// line, one line after another.
inline std::vector<uint32_t> hex_sparse_words(const std::filesystem::path &p, size_t width) {
  std::vector<uint32_t> dense, tok = hex_words(p);
  for (size_t at = 0; at < tok.size();) {
    size_t line = dense.size(), k = tok[at++], pos = 0;
    dense.resize(line + width, 0);
    for (size_t i = 0; i < k && at + 1 < tok.size(); i++, at += 2) {
      pos += tok[at];
      if (pos < width) dense[line + pos] = tok[at + 1];
      pos++;
    }
  }
  return dense;
}

}  // namespace vectest

#endif
