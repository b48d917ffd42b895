//go:build amd64 && !noasm

#include "textflag.h"

// AVX-512 (F, BW, VL) kernel from float32 to byte codes: L2SquaredFloatUint8.
// Bytes are zero-extended to int32 (VPMOVZXBD, 16 per ZMM) and converted to
// float32 (VCVTDQ2PS, exact for 0..255). The loop structure, accumulators
// and reduction are those of l2SquaredAVX512 (float_avx512_amd64.s): 64
// elements per iteration into Z0-Z3, then 16 at a time into Z0, a masked
// tail into Z1, the same final adds. It computes b−a where l2SquaredAVX512
// computes a−b; the square is the same bit for bit, so the two kernels
// agree exactly on (a, float32(b)). The tail masks both loads (K1 = 2^r−1,
// zeroing), reading nothing past either slice.

// MXHSUM reduces the 16 floats of zmm z into the low lane of x (y, x name
// the same register; ty, tx a scratch one).
#define MXHSUM(z, y, x, ty, tx) \
	VEXTRACTF64X4 $1, z, ty; \
	VADDPS        ty, y, y;  \
	VEXTRACTF128  $1, y, tx; \
	VADDPS        tx, x, x;  \
	VMOVHLPS      x, x, tx;  \
	VADDPS        tx, x, x;  \
	VMOVSHDUP     x, tx;     \
	VADDSS        tx, x, x

// func l2SquaredFloatUint8AVX512(a []float32, b []uint8) float32
TEXT ·l2SquaredFloatUint8AVX512(SB), NOSPLIT, $0-52
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VXORPS X0, X0, X0
	VXORPS X1, X1, X1
	VXORPS X2, X2, X2
	VXORPS X3, X3, X3
	CMPQ   CX, $64
	JB     mxby16

mxby64:
	VPMOVZXBD   (DI), Z4
	VPMOVZXBD   16(DI), Z5
	VPMOVZXBD   32(DI), Z6
	VPMOVZXBD   48(DI), Z7
	VCVTDQ2PS   Z4, Z4
	VCVTDQ2PS   Z5, Z5
	VCVTDQ2PS   Z6, Z6
	VCVTDQ2PS   Z7, Z7
	VSUBPS      (SI), Z4, Z4
	VSUBPS      64(SI), Z5, Z5
	VSUBPS      128(SI), Z6, Z6
	VSUBPS      192(SI), Z7, Z7
	VFMADD231PS Z4, Z4, Z0
	VFMADD231PS Z5, Z5, Z1
	VFMADD231PS Z6, Z6, Z2
	VFMADD231PS Z7, Z7, Z3
	ADDQ        $256, SI
	ADDQ        $64, DI
	SUBQ        $64, CX
	CMPQ        CX, $64
	JAE         mxby64

mxby16:
	CMPQ CX, $16
	JB   mxtail

mxloop16:
	VPMOVZXBD   (DI), Z4
	VCVTDQ2PS   Z4, Z4
	VSUBPS      (SI), Z4, Z4
	VFMADD231PS Z4, Z4, Z0
	ADDQ        $64, SI
	ADDQ        $16, DI
	SUBQ        $16, CX
	CMPQ        CX, $16
	JAE         mxloop16

mxtail:
	TESTQ CX, CX
	JZ    mxreduce
	MOVL  $1, AX
	SHLL  CX, AX
	DECL  AX
	KMOVW AX, K1
	VMOVDQU8.Z  (DI), K1, X4
	VPMOVZXBD   X4, Z4
	VCVTDQ2PS   Z4, Z4
	VMOVUPS.Z   (SI), K1, Z5
	VSUBPS      Z5, Z4, Z4
	VFMADD231PS Z4, Z4, Z1

mxreduce:
	VADDPS Z1, Z0, Z0
	VADDPS Z3, Z2, Z2
	VADDPS Z2, Z0, Z0
	MXHSUM(Z0, Y0, X0, Y1, X1)
	VZEROUPPER
	MOVSS  X0, ret+48(FP)
	RET
