//go:build amd64 && !noasm

#include "textflag.h"

// AVX-512 (F, BW, VL, VNNI) kernels over signed and unsigned bytes.
//
// Dot products use VPDPBUSD, which multiplies UNSIGNED bytes of its first
// source by SIGNED bytes of its second and adds groups of four into int32
// lanes. The operands are offset so that both products fit that shape, and
// the offset is removed once at the end (all arithmetic is modulo 2^32, so
// the result equals the Go kernel's exactly):
//   int8:  Σ a·b = Σ (a+128)·b − 128·Σ b     (a+128 = a XOR 0x80, unsigned)
//   uint8: Σ a·b = Σ a·(b−128) + 128·Σ a     (b−128 = b XOR 0x80, signed)
// Σ b and Σ a come from VPDPBUSD against a vector of ones.
//
// Squared distances widen bytes to int16 (VPMOVSXBW / VPMOVZXBW), subtract
// (|a−b| <= 255 fits) and accumulate d·d pairwise with VPDPWSSD.
//
// Tails use zeroing masked byte loads (K1), which read nothing past the end
// of the slices; zero lanes add nothing to any of the sums above.

// HSUMD reduces the 16 int32 lanes of zmm z into the low lane of x (y, x
// name the same register; ty, tx a scratch one).
#define HSUMD(z, y, x, ty, tx) \
	VEXTRACTI64X4 $1, z, ty;  \
	VPADDD        ty, y, y;   \
	VEXTRACTI128  $1, y, tx;  \
	VPADDD        tx, x, x;   \
	VPSHUFD       $0x4e, x, tx; \
	VPADDD        tx, x, x;   \
	VPSHUFD       $0xb1, x, tx; \
	VPADDD        tx, x, x

// BYTECONSTS puts 0x80 in every byte of Z16 and 0x01 in every byte of Z17.
#define BYTECONSTS \
	MOVL         $0x80808080, AX; \
	VPBROADCASTD AX, Z16;         \
	MOVL         $0x01010101, AX; \
	VPBROADCASTD AX, Z17

#define ZERO8 \
	VPXORD Z0, Z0, Z0; \
	VPXORD Z1, Z1, Z1; \
	VPXORD Z2, Z2, Z2; \
	VPXORD Z3, Z3, Z3; \
	VPXORD Z4, Z4, Z4; \
	VPXORD Z5, Z5, Z5; \
	VPXORD Z6, Z6, Z6; \
	VPXORD Z7, Z7, Z7

// COMBINE folds Z0-Z3 into Z0 and Z4-Z7 into Z4.
#define COMBINE \
	VPADDD Z1, Z0, Z0; \
	VPADDD Z3, Z2, Z2; \
	VPADDD Z2, Z0, Z0; \
	VPADDD Z5, Z4, Z4; \
	VPADDD Z7, Z6, Z6; \
	VPADDD Z6, Z4, Z4

// func dotInt8AVX512(a, b []int8) int32
// Z0-Z3: Σ (a+128)·b, Z4-Z7: Σ b.
TEXT ·dotInt8AVX512(SB), NOSPLIT, $0-52
	MOVQ a_base+0(FP), SI
	MOVQ b_base+24(FP), DI
	MOVQ a_len+8(FP), CX
	BYTECONSTS
	ZERO8
	CMPQ CX, $256
	JB   di8by64

di8by256:
	VPXORD    (SI), Z16, Z8
	VPXORD    64(SI), Z16, Z9
	VPXORD    128(SI), Z16, Z10
	VPXORD    192(SI), Z16, Z11
	VMOVDQU32 (DI), Z12
	VMOVDQU32 64(DI), Z13
	VMOVDQU32 128(DI), Z14
	VMOVDQU32 192(DI), Z15
	VPDPBUSD  Z12, Z8, Z0
	VPDPBUSD  Z13, Z9, Z1
	VPDPBUSD  Z14, Z10, Z2
	VPDPBUSD  Z15, Z11, Z3
	VPDPBUSD  Z12, Z17, Z4
	VPDPBUSD  Z13, Z17, Z5
	VPDPBUSD  Z14, Z17, Z6
	VPDPBUSD  Z15, Z17, Z7
	ADDQ      $256, SI
	ADDQ      $256, DI
	SUBQ      $256, CX
	CMPQ      CX, $256
	JAE       di8by256

di8by64:
	CMPQ CX, $64
	JB   di8tail

di8loop64:
	VPXORD    (SI), Z16, Z8
	VMOVDQU32 (DI), Z12
	VPDPBUSD  Z12, Z8, Z0
	VPDPBUSD  Z12, Z17, Z4
	ADDQ      $64, SI
	ADDQ      $64, DI
	SUBQ      $64, CX
	CMPQ      CX, $64
	JAE       di8loop64

di8tail:
	TESTQ CX, CX
	JZ    di8reduce
	MOVQ  $1, AX
	SHLQ  CX, AX
	DECQ  AX
	KMOVQ AX, K1
	VMOVDQU8.Z (SI), K1, Z8
	VMOVDQU8.Z (DI), K1, Z12
	VPXORD     Z16, Z8, Z8
	VPDPBUSD   Z12, Z8, Z1
	VPDPBUSD   Z12, Z17, Z5

di8reduce:
	COMBINE
	VPSLLD $7, Z4, Z4
	VPSUBD Z4, Z0, Z0
	HSUMD(Z0, Y0, X0, Y1, X1)
	VMOVD  X0, AX
	VZEROUPPER
	MOVL   AX, ret+48(FP)
	RET

// func dotUint8AVX512(a, b []uint8) uint32
// Z0-Z3: Σ a·(b−128), Z4-Z7: Σ a.
TEXT ·dotUint8AVX512(SB), NOSPLIT, $0-52
	MOVQ a_base+0(FP), SI
	MOVQ b_base+24(FP), DI
	MOVQ a_len+8(FP), CX
	BYTECONSTS
	ZERO8
	CMPQ CX, $256
	JB   du8by64

du8by256:
	VMOVDQU32 (SI), Z8
	VMOVDQU32 64(SI), Z9
	VMOVDQU32 128(SI), Z10
	VMOVDQU32 192(SI), Z11
	VPXORD    (DI), Z16, Z12
	VPXORD    64(DI), Z16, Z13
	VPXORD    128(DI), Z16, Z14
	VPXORD    192(DI), Z16, Z15
	VPDPBUSD  Z12, Z8, Z0
	VPDPBUSD  Z13, Z9, Z1
	VPDPBUSD  Z14, Z10, Z2
	VPDPBUSD  Z15, Z11, Z3
	VPDPBUSD  Z17, Z8, Z4
	VPDPBUSD  Z17, Z9, Z5
	VPDPBUSD  Z17, Z10, Z6
	VPDPBUSD  Z17, Z11, Z7
	ADDQ      $256, SI
	ADDQ      $256, DI
	SUBQ      $256, CX
	CMPQ      CX, $256
	JAE       du8by256

du8by64:
	CMPQ CX, $64
	JB   du8tail

du8loop64:
	VMOVDQU32 (SI), Z8
	VPXORD    (DI), Z16, Z12
	VPDPBUSD  Z12, Z8, Z0
	VPDPBUSD  Z17, Z8, Z4
	ADDQ      $64, SI
	ADDQ      $64, DI
	SUBQ      $64, CX
	CMPQ      CX, $64
	JAE       du8loop64

du8tail:
	TESTQ CX, CX
	JZ    du8reduce
	MOVQ  $1, AX
	SHLQ  CX, AX
	DECQ  AX
	KMOVQ AX, K1
	VMOVDQU8.Z (SI), K1, Z8
	VMOVDQU8.Z (DI), K1, Z12
	VPXORD     Z16, Z12, Z12
	VPDPBUSD   Z12, Z8, Z1
	VPDPBUSD   Z17, Z8, Z5

du8reduce:
	COMBINE
	VPSLLD $7, Z4, Z4
	VPADDD Z4, Z0, Z0
	HSUMD(Z0, Y0, X0, Y1, X1)
	VMOVD  X0, AX
	VZEROUPPER
	MOVL   AX, ret+48(FP)
	RET

// L2BYTES is the body of the squared-distance kernels; WIDEN is VPMOVSXBW
// (int8) or VPMOVZXBW (uint8). 128 bytes per iteration into Z0-Z3, then 32
// at a time, then a masked tail of 0..31 bytes.
#define L2BYTES(WIDEN) \
	MOVQ     a_base+0(FP), SI;  \
	MOVQ     b_base+24(FP), DI; \
	MOVQ     a_len+8(FP), CX;   \
	VPXORD   Z0, Z0, Z0;        \
	VPXORD   Z1, Z1, Z1;        \
	VPXORD   Z2, Z2, Z2;        \
	VPXORD   Z3, Z3, Z3;        \
	CMPQ     CX, $128;          \
	JB       by32;              \
by128:;                         \
	WIDEN    (SI), Z8;          \
	WIDEN    32(SI), Z9;        \
	WIDEN    64(SI), Z10;       \
	WIDEN    96(SI), Z11;       \
	WIDEN    (DI), Z12;         \
	WIDEN    32(DI), Z13;       \
	WIDEN    64(DI), Z14;       \
	WIDEN    96(DI), Z15;       \
	VPSUBW   Z12, Z8, Z8;       \
	VPSUBW   Z13, Z9, Z9;       \
	VPSUBW   Z14, Z10, Z10;     \
	VPSUBW   Z15, Z11, Z11;     \
	VPDPWSSD Z8, Z8, Z0;        \
	VPDPWSSD Z9, Z9, Z1;        \
	VPDPWSSD Z10, Z10, Z2;      \
	VPDPWSSD Z11, Z11, Z3;      \
	ADDQ     $128, SI;          \
	ADDQ     $128, DI;          \
	SUBQ     $128, CX;          \
	CMPQ     CX, $128;          \
	JAE      by128;             \
by32:;                          \
	CMPQ     CX, $32;           \
	JB       tail;              \
loop32:;                        \
	WIDEN    (SI), Z8;          \
	WIDEN    (DI), Z12;         \
	VPSUBW   Z12, Z8, Z8;       \
	VPDPWSSD Z8, Z8, Z0;        \
	ADDQ     $32, SI;           \
	ADDQ     $32, DI;           \
	SUBQ     $32, CX;           \
	CMPQ     CX, $32;           \
	JAE      loop32;            \
tail:;                          \
	TESTQ    CX, CX;            \
	JZ       reduce;            \
	MOVL     $1, AX;            \
	SHLL     CX, AX;            \
	DECL     AX;                \
	KMOVD    AX, K1;            \
	VMOVDQU8.Z (SI), K1, Y8;    \
	VMOVDQU8.Z (DI), K1, Y12;   \
	WIDEN    Y8, Z8;            \
	WIDEN    Y12, Z12;          \
	VPSUBW   Z12, Z8, Z8;       \
	VPDPWSSD Z8, Z8, Z1;        \
reduce:;                        \
	VPADDD   Z1, Z0, Z0;        \
	VPADDD   Z3, Z2, Z2;        \
	VPADDD   Z2, Z0, Z0;        \
	HSUMD(Z0, Y0, X0, Y1, X1);  \
	VMOVD    X0, AX;            \
	VZEROUPPER;                 \
	MOVL     AX, ret+48(FP);    \
	RET

// func l2SquaredInt8AVX512(a, b []int8) int32
TEXT ·l2SquaredInt8AVX512(SB), NOSPLIT, $0-52
	L2BYTES(VPMOVSXBW)

// func l2SquaredUint8AVX512(a, b []uint8) uint32
TEXT ·l2SquaredUint8AVX512(SB), NOSPLIT, $0-52
	L2BYTES(VPMOVZXBW)
