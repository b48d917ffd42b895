//go:build amd64 && !noasm

#include "textflag.h"

// AVX2+FMA kernel from float32 to byte codes: L2SquaredFloatUint8. Bytes
// are zero-extended to int32 (VPMOVZXBD, 8 per YMM) and converted to
// float32 (VCVTDQ2PS, exact for 0..255). Loop structure, accumulators and
// reduction are those of l2SquaredAVX2 (float_avx2_amd64.s): 32 elements
// per iteration into Y0-Y3, 8 at a time into Y0, reduce, then the last
// 0..7 elements one by one with scalar loads. It computes b−a where
// l2SquaredAVX2 computes a−b (same square bit for bit), so the two agree
// exactly on (a, float32(b)).

// MXHSUM8 reduces the 8 floats of ymm y into the low lane of x (the same
// register); tx is scratch.
#define MXHSUM8(y, x, tx) \
	VEXTRACTF128 $1, y, tx; \
	VADDPS       tx, x, x;  \
	VMOVHLPS     x, x, tx;  \
	VADDPS       tx, x, x;  \
	VMOVSHDUP    x, tx;     \
	VADDSS       tx, x, x

// func l2SquaredFloatUint8AVX2(a []float32, b []uint8) float32
TEXT ·l2SquaredFloatUint8AVX2(SB), NOSPLIT, $0-52
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3
	CMPQ   CX, $32
	JB     mx2by8

mx2by32:
	VPMOVZXBD   (DI), Y4
	VPMOVZXBD   8(DI), Y5
	VPMOVZXBD   16(DI), Y6
	VPMOVZXBD   24(DI), Y7
	VCVTDQ2PS   Y4, Y4
	VCVTDQ2PS   Y5, Y5
	VCVTDQ2PS   Y6, Y6
	VCVTDQ2PS   Y7, Y7
	VSUBPS      (SI), Y4, Y4
	VSUBPS      32(SI), Y5, Y5
	VSUBPS      64(SI), Y6, Y6
	VSUBPS      96(SI), Y7, Y7
	VFMADD231PS Y4, Y4, Y0
	VFMADD231PS Y5, Y5, Y1
	VFMADD231PS Y6, Y6, Y2
	VFMADD231PS Y7, Y7, Y3
	ADDQ        $128, SI
	ADDQ        $32, DI
	SUBQ        $32, CX
	CMPQ        CX, $32
	JAE         mx2by32

mx2by8:
	CMPQ CX, $8
	JB   mx2reduce

mx2loop8:
	VPMOVZXBD   (DI), Y4
	VCVTDQ2PS   Y4, Y4
	VSUBPS      (SI), Y4, Y4
	VFMADD231PS Y4, Y4, Y0
	ADDQ        $32, SI
	ADDQ        $8, DI
	SUBQ        $8, CX
	CMPQ        CX, $8
	JAE         mx2loop8

mx2reduce:
	VADDPS Y1, Y0, Y0
	VADDPS Y3, Y2, Y2
	VADDPS Y2, Y0, Y0
	MXHSUM8(Y0, X0, X1)
	TESTQ  CX, CX
	JZ     mx2done
	VXORPS X4, X4, X4

mx2tail:
	MOVBLZX     (DI), AX
	VCVTSI2SSL  AX, X4, X4
	VSUBSS      (SI), X4, X4
	VFMADD231SS X4, X4, X0
	ADDQ        $4, SI
	INCQ        DI
	DECQ        CX
	JNZ         mx2tail

mx2done:
	VZEROUPPER
	MOVSS X0, ret+48(FP)
	RET
