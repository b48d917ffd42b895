//go:build amd64 && !noasm

#include "textflag.h"

// Hamming distance of bit vectors packed in uint64 words:
// Σ popcount(a[i] XOR b[i]).

// func hammingAVX512Asm(a, b []uint64) int
// AVX-512F + VPOPCNTDQ: 32 words per iteration (four ZMM, four qword
// accumulators), then 8 at a time, then a zeroing masked load of the last
// 0..7 words (nothing past the slice end is read).
TEXT ·hammingAVX512Asm(SB), NOSPLIT, $0-56
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VPXORQ Z0, Z0, Z0
	VPXORQ Z1, Z1, Z1
	VPXORQ Z2, Z2, Z2
	VPXORQ Z3, Z3, Z3
	CMPQ   CX, $32
	JB     by8

by32:
	VMOVDQU64 (SI), Z4
	VMOVDQU64 64(SI), Z5
	VMOVDQU64 128(SI), Z6
	VMOVDQU64 192(SI), Z7
	VPXORQ    (DI), Z4, Z4
	VPXORQ    64(DI), Z5, Z5
	VPXORQ    128(DI), Z6, Z6
	VPXORQ    192(DI), Z7, Z7
	VPOPCNTQ  Z4, Z4
	VPOPCNTQ  Z5, Z5
	VPOPCNTQ  Z6, Z6
	VPOPCNTQ  Z7, Z7
	VPADDQ    Z4, Z0, Z0
	VPADDQ    Z5, Z1, Z1
	VPADDQ    Z6, Z2, Z2
	VPADDQ    Z7, Z3, Z3
	ADDQ      $256, SI
	ADDQ      $256, DI
	SUBQ      $32, CX
	CMPQ      CX, $32
	JAE       by32

by8:
	CMPQ CX, $8
	JB   tail

loop8:
	VMOVDQU64 (SI), Z4
	VPXORQ    (DI), Z4, Z4
	VPOPCNTQ  Z4, Z4
	VPADDQ    Z4, Z0, Z0
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
	VPXORQ      Z5, Z4, Z4
	VPOPCNTQ    Z4, Z4
	VPADDQ      Z4, Z1, Z1

reduce:
	VPADDQ        Z1, Z0, Z0
	VPADDQ        Z3, Z2, Z2
	VPADDQ        Z2, Z0, Z0
	VEXTRACTI64X4 $1, Z0, Y1
	VPADDQ        Y1, Y0, Y0
	VEXTRACTI128  $1, Y0, X1
	VPADDQ        X1, X0, X0
	VPSHUFD       $0x4e, X0, X1
	VPADDQ        X1, X0, X0
	VMOVQ         X0, AX
	VZEROUPPER
	MOVQ          AX, ret+48(FP)
	RET

// func hammingPOPCNTAsm(a, b []uint64) int
// Scalar POPCNT, four words per iteration into four accumulators.
TEXT ·hammingPOPCNTAsm(SB), NOSPLIT, $0-56
	MOVQ a_base+0(FP), SI
	MOVQ b_base+24(FP), DI
	MOVQ a_len+8(FP), CX
	XORQ R8, R8
	XORQ R9, R9
	XORQ R10, R10
	XORQ R11, R11
	CMPQ CX, $4
	JB   tail

by4:
	MOVQ    (SI), AX
	MOVQ    8(SI), BX
	MOVQ    16(SI), DX
	MOVQ    24(SI), R12
	XORQ    (DI), AX
	XORQ    8(DI), BX
	XORQ    16(DI), DX
	XORQ    24(DI), R12
	POPCNTQ AX, AX
	POPCNTQ BX, BX
	POPCNTQ DX, DX
	POPCNTQ R12, R12
	ADDQ    AX, R8
	ADDQ    BX, R9
	ADDQ    DX, R10
	ADDQ    R12, R11
	ADDQ    $32, SI
	ADDQ    $32, DI
	SUBQ    $4, CX
	CMPQ    CX, $4
	JAE     by4

tail:
	TESTQ CX, CX
	JZ    done

loop1:
	MOVQ    (SI), AX
	XORQ    (DI), AX
	POPCNTQ AX, AX
	ADDQ    AX, R8
	ADDQ    $8, SI
	ADDQ    $8, DI
	DECQ    CX
	JNZ     loop1

done:
	ADDQ R9, R8
	ADDQ R11, R10
	ADDQ R10, R8
	MOVQ R8, ret+48(FP)
	RET
