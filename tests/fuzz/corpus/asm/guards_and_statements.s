# Several statements per line and guards: the parts of the assembler's text
# grammar the generated one-statement seeds do not show (docs/assembly.md).
@!P3 ALD.O.P.64 R4, a[R2+0x10], R7; @P0 AST.PHYS.128 a[R8], R12, R9 // comment
AL2P.O.128 P2, R0, R1, -32 &wr5 ?WAIT63; ISBERD.PATCH.U16.SKEW R3, [R5]
ISBEWR.ATTR [R6], R7
PIXLD.CENTROID_OFFSET.P P1, R10, [R11+0x7f]
TLDS.LL.AOFFI.NODEP.F16.T RZ, R9, R6, R11, 0x1fff, 2D, RGBA
