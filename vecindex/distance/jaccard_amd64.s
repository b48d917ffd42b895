//go:build amd64 && !noasm

#include "textflag.h"

// Set sizes of two bit vectors packed in uint64 words, for the Jaccard
// distance: Σ popcount(a[i] AND b[i]) and Σ popcount(a[i] OR b[i]).

// func andOrAVX512Asm(a, b []uint64) (inter, union int)
// AVX-512F + VPOPCNTDQ: 8 words per iteration into two qword
// accumulators, then a zeroing masked load of the last 0..7 words
// (nothing past the slice end is read).
TEXT ·andOrAVX512Asm(SB), NOSPLIT, $0-64
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VPXORQ Z0, Z0, Z0
	VPXORQ Z1, Z1, Z1
	CMPQ   CX, $8
	JB     tail

loop8:
	VMOVDQU64 (SI), Z4
	VMOVDQU64 (DI), Z5
	VPANDQ    Z5, Z4, Z6
	VPORQ     Z5, Z4, Z7
	VPOPCNTQ  Z6, Z6
	VPOPCNTQ  Z7, Z7
	VPADDQ    Z6, Z0, Z0
	VPADDQ    Z7, Z1, Z1
	ADDQ      $64, SI
	ADDQ      $64, DI
	SUBQ      $8, CX
	CMPQ      CX, $8
	JAE       loop8

tail:
	TESTQ CX, CX
	JZ    reduce
	MOVL  $1, AX
	SHLL  CX, AX
	DECL  AX
	KMOVW AX, K1
	VMOVDQU64.Z (SI), K1, Z4
	VMOVDQU64.Z (DI), K1, Z5
	VPANDQ      Z5, Z4, Z6
	VPORQ       Z5, Z4, Z7
	VPOPCNTQ    Z6, Z6
	VPOPCNTQ    Z7, Z7
	VPADDQ      Z6, Z0, Z0
	VPADDQ      Z7, Z1, Z1

reduce:
	VEXTRACTI64X4 $1, Z0, Y2
	VPADDQ        Y2, Y0, Y0
	VEXTRACTI128  $1, Y0, X2
	VPADDQ        X2, X0, X0
	VPSHUFD       $0x4e, X0, X2
	VPADDQ        X2, X0, X0
	VMOVQ         X0, AX
	VEXTRACTI64X4 $1, Z1, Y3
	VPADDQ        Y3, Y1, Y1
	VEXTRACTI128  $1, Y1, X3
	VPADDQ        X3, X1, X1
	VPSHUFD       $0x4e, X1, X3
	VPADDQ        X3, X1, X1
	VMOVQ         X1, BX
	VZEROUPPER
	MOVQ          AX, inter+48(FP)
	MOVQ          BX, union+56(FP)
	RET
