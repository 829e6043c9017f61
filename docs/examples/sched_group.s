// SPDX-License-Identifier: Apache-2.0
// Four instructions with scheduling annotations: two 32-byte groups of
// `spagm asm --sched` (README, "Using the command line"; docs/assembly.md).
ALD R0, a[16] &wr0 ?WAIT2
ALD R1, a[20] &req_0 &rd1 ?WAIT1 ?YIELD
PIXLD.COVMASK R2 ?REUSE0
AST a[0x70], R1 &req_{0,1} ?WAIT15
