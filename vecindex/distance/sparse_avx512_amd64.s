//go:build amd64 && !noasm

#include "textflag.h"

// AVX-512F SparseGather (sparse.go): 16 (index, value) pairs per step. Two
// loads take 32 interleaved slots; VPERMI2D splits them into 16 indices
// and 16 values; lanes whose index is below len(q) gather q[index]
// (VGATHERDPS under a mask, the others stay 0); four accumulators take
// x·v, (x-v)², x² and v². The last 0..15 pairs use zeroing masked loads
// (nothing read past the slice end, faults suppressed) and a lane mask
// ANDed into the gather's.

// Permutation indices: the even slots (indices) and odd slots (values)
// of two ZMM registers.
DATA sparseEven<>+0(SB)/4, $0
DATA sparseEven<>+4(SB)/4, $2
DATA sparseEven<>+8(SB)/4, $4
DATA sparseEven<>+12(SB)/4, $6
DATA sparseEven<>+16(SB)/4, $8
DATA sparseEven<>+20(SB)/4, $10
DATA sparseEven<>+24(SB)/4, $12
DATA sparseEven<>+28(SB)/4, $14
DATA sparseEven<>+32(SB)/4, $16
DATA sparseEven<>+36(SB)/4, $18
DATA sparseEven<>+40(SB)/4, $20
DATA sparseEven<>+44(SB)/4, $22
DATA sparseEven<>+48(SB)/4, $24
DATA sparseEven<>+52(SB)/4, $26
DATA sparseEven<>+56(SB)/4, $28
DATA sparseEven<>+60(SB)/4, $30
GLOBL sparseEven<>(SB), RODATA|NOPTR, $64

DATA sparseOdd<>+0(SB)/4, $1
DATA sparseOdd<>+4(SB)/4, $3
DATA sparseOdd<>+8(SB)/4, $5
DATA sparseOdd<>+12(SB)/4, $7
DATA sparseOdd<>+16(SB)/4, $9
DATA sparseOdd<>+20(SB)/4, $11
DATA sparseOdd<>+24(SB)/4, $13
DATA sparseOdd<>+28(SB)/4, $15
DATA sparseOdd<>+32(SB)/4, $17
DATA sparseOdd<>+36(SB)/4, $19
DATA sparseOdd<>+40(SB)/4, $21
DATA sparseOdd<>+44(SB)/4, $23
DATA sparseOdd<>+48(SB)/4, $25
DATA sparseOdd<>+52(SB)/4, $27
DATA sparseOdd<>+56(SB)/4, $29
DATA sparseOdd<>+60(SB)/4, $31
GLOBL sparseOdd<>(SB), RODATA|NOPTR, $64

// HSUM16 reduces the 16 floats of zmm z into the low lane of x (y, x name
// the same register; ty, tx a scratch one).
#define HSUM16(z, y, x, ty, tx) \
	VEXTRACTF64X4 $1, z, ty; \
	VADDPS        ty, y, y;  \
	VEXTRACTF128  $1, y, tx; \
	VADDPS        tx, x, x;  \
	VMOVHLPS      x, x, tx;  \
	VADDPS        tx, x, x;  \
	VMOVSHDUP     x, tx;     \
	VADDSS        tx, x, x

// STEP16 splits Z4 (slots 0..15) and Z5 (16..31) into indices Z6 and
// values Z7, gathers q under K1 & (index < len(q)) into Z8 and
// accumulates.
#define STEP16 \
	VMOVDQU32   Z11, Z6;             \
	VPERMI2D    Z5, Z4, Z6;          \
	VMOVDQU32   Z12, Z7;             \
	VPERMI2D    Z5, Z4, Z7;          \
	VPCMPUD     $1, Z10, Z6, K1, K2; \
	VPXORD      Z8, Z8, Z8;          \
	VGATHERDPS  (SI)(Z6*4), K2, Z8;  \
	VFMADD231PS Z7, Z8, Z0;          \
	VSUBPS      Z7, Z8, Z9;          \
	VFMADD231PS Z9, Z9, Z1;          \
	VFMADD231PS Z8, Z8, Z2;          \
	VFMADD231PS Z7, Z7, Z3

// func sparseGatherAVX512(q, pairs []float32) (dot, d2, qq, vv float32)
TEXT ·sparseGatherAVX512(SB), NOSPLIT, $0-64
	MOVQ         q_base+0(FP), SI
	MOVQ         q_len+8(FP), R8
	MOVQ         pairs_base+24(FP), DI
	MOVQ         pairs_len+32(FP), CX
	SHRQ         $1, CX
	VPXORD       Z0, Z0, Z0
	VPXORD       Z1, Z1, Z1
	VPXORD       Z2, Z2, Z2
	VPXORD       Z3, Z3, Z3
	MOVQ         $0xffffffff, AX
	CMPQ         R8, AX
	CMOVQHI      AX, R8
	VPBROADCASTD R8, Z10
	VMOVDQU32    sparseEven<>(SB), Z11
	VMOVDQU32    sparseOdd<>(SB), Z12
	MOVL         $0xffff, AX
	KMOVW        AX, K1
	CMPQ         CX, $16
	JB           tail

loop16:
	VMOVDQU32 (DI), Z4
	VMOVDQU32 64(DI), Z5
	STEP16
	ADDQ      $128, DI
	SUBQ      $16, CX
	CMPQ      CX, $16
	JAE       loop16

tail:
	TESTQ          CX, CX
	JZ             reduce
	MOVQ           CX, BX
	ADDQ           CX, CX
	MOVQ           $1, AX
	SHLQ           CX, AX
	DECQ           AX
	KMOVW          AX, K3
	SHRQ           $16, AX
	KMOVW          AX, K4
	VMOVDQU32.Z    (DI), K3, Z4
	VMOVDQU32.Z    64(DI), K4, Z5
	MOVQ           BX, CX
	MOVL           $1, AX
	SHLL           CX, AX
	DECL           AX
	KMOVW          AX, K1
	STEP16

reduce:
	HSUM16(Z0, Y0, X0, Y4, X4)
	HSUM16(Z1, Y1, X1, Y4, X4)
	HSUM16(Z2, Y2, X2, Y4, X4)
	HSUM16(Z3, Y3, X3, Y4, X4)
	MOVSS X0, dot+48(FP)
	MOVSS X1, d2+52(FP)
	MOVSS X2, qq+56(FP)
	MOVSS X3, vv+60(FP)
	VZEROUPPER
	RET
