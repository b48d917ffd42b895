//go:build amd64 && !noasm

#include "textflag.h"

// AVX2+FMA float32 kernels. Main loop: 32 floats (four YMM, four independent
// accumulators); then 8 at a time; the vector sums are reduced to a scalar
// and the last 0..7 floats are added one by one (scalar loads: nothing past
// the slice end is read).

// HSUMPS8 reduces the 8 floats of ymm y into the low lane of x (the same
// register); tx is scratch.
#define HSUMPS8(y, x, tx) \
	VEXTRACTF128 $1, y, tx; \
	VADDPS       tx, x, x;  \
	VMOVHLPS     x, x, tx;  \
	VADDPS       tx, x, x;  \
	VMOVSHDUP    x, tx;     \
	VADDSS       tx, x, x

// func l2SquaredAVX2(a, b []float32) float32
TEXT ·l2SquaredAVX2(SB), NOSPLIT, $0-52
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3
	CMPQ   CX, $32
	JB     l2by8

l2by32:
	VMOVUPS     (SI), Y4
	VMOVUPS     32(SI), Y5
	VMOVUPS     64(SI), Y6
	VMOVUPS     96(SI), Y7
	VSUBPS      (DI), Y4, Y4
	VSUBPS      32(DI), Y5, Y5
	VSUBPS      64(DI), Y6, Y6
	VSUBPS      96(DI), Y7, Y7
	VFMADD231PS Y4, Y4, Y0
	VFMADD231PS Y5, Y5, Y1
	VFMADD231PS Y6, Y6, Y2
	VFMADD231PS Y7, Y7, Y3
	ADDQ        $128, SI
	ADDQ        $128, DI
	SUBQ        $32, CX
	CMPQ        CX, $32
	JAE         l2by32

l2by8:
	CMPQ CX, $8
	JB   l2reduce

l2loop8:
	VMOVUPS     (SI), Y4
	VSUBPS      (DI), Y4, Y4
	VFMADD231PS Y4, Y4, Y0
	ADDQ        $32, SI
	ADDQ        $32, DI
	SUBQ        $8, CX
	CMPQ        CX, $8
	JAE         l2loop8

l2reduce:
	VADDPS Y1, Y0, Y0
	VADDPS Y3, Y2, Y2
	VADDPS Y2, Y0, Y0
	HSUMPS8(Y0, X0, X1)
	TESTQ  CX, CX
	JZ     l2done

l2tail:
	VMOVSS      (SI), X4
	VSUBSS      (DI), X4, X4
	VFMADD231SS X4, X4, X0
	ADDQ        $4, SI
	ADDQ        $4, DI
	DECQ        CX
	JNZ         l2tail

l2done:
	VZEROUPPER
	MOVSS X0, ret+48(FP)
	RET

// func dotAVX2(a, b []float32) float32
TEXT ·dotAVX2(SB), NOSPLIT, $0-52
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3
	CMPQ   CX, $32
	JB     dotby8

dotby32:
	VMOVUPS     (SI), Y4
	VMOVUPS     32(SI), Y5
	VMOVUPS     64(SI), Y6
	VMOVUPS     96(SI), Y7
	VFMADD231PS (DI), Y4, Y0
	VFMADD231PS 32(DI), Y5, Y1
	VFMADD231PS 64(DI), Y6, Y2
	VFMADD231PS 96(DI), Y7, Y3
	ADDQ        $128, SI
	ADDQ        $128, DI
	SUBQ        $32, CX
	CMPQ        CX, $32
	JAE         dotby32

dotby8:
	CMPQ CX, $8
	JB   dotreduce

dotloop8:
	VMOVUPS     (SI), Y4
	VFMADD231PS (DI), Y4, Y0
	ADDQ        $32, SI
	ADDQ        $32, DI
	SUBQ        $8, CX
	CMPQ        CX, $8
	JAE         dotloop8

dotreduce:
	VADDPS Y1, Y0, Y0
	VADDPS Y3, Y2, Y2
	VADDPS Y2, Y0, Y0
	HSUMPS8(Y0, X0, X1)
	TESTQ  CX, CX
	JZ     dotdone

dottail:
	VMOVSS      (SI), X4
	VFMADD231SS (DI), X4, X0
	ADDQ        $4, SI
	ADDQ        $4, DI
	DECQ        CX
	JNZ         dottail

dotdone:
	VZEROUPPER
	MOVSS X0, ret+48(FP)
	RET

// func l1AVX2(a, b []float32) float32
TEXT ·l1AVX2(SB), NOSPLIT, $0-52
	MOVQ         a_base+0(FP), SI
	MOVQ         b_base+24(FP), DI
	MOVQ         a_len+8(FP), CX
	MOVL         $0x7fffffff, AX
	MOVQ         AX, X8
	VPBROADCASTD X8, Y8                // |x| mask: clear the sign bit
	VXORPS       Y0, Y0, Y0
	VXORPS       Y1, Y1, Y1
	VXORPS       Y2, Y2, Y2
	VXORPS       Y3, Y3, Y3
	CMPQ         CX, $32
	JB           l1by8

l1by32:
	VMOVUPS (SI), Y4
	VMOVUPS 32(SI), Y5
	VMOVUPS 64(SI), Y6
	VMOVUPS 96(SI), Y7
	VSUBPS  (DI), Y4, Y4
	VSUBPS  32(DI), Y5, Y5
	VSUBPS  64(DI), Y6, Y6
	VSUBPS  96(DI), Y7, Y7
	VANDPS  Y8, Y4, Y4
	VANDPS  Y8, Y5, Y5
	VANDPS  Y8, Y6, Y6
	VANDPS  Y8, Y7, Y7
	VADDPS  Y4, Y0, Y0
	VADDPS  Y5, Y1, Y1
	VADDPS  Y6, Y2, Y2
	VADDPS  Y7, Y3, Y3
	ADDQ    $128, SI
	ADDQ    $128, DI
	SUBQ    $32, CX
	CMPQ    CX, $32
	JAE     l1by32

l1by8:
	CMPQ CX, $8
	JB   l1reduce

l1loop8:
	VMOVUPS (SI), Y4
	VSUBPS  (DI), Y4, Y4
	VANDPS  Y8, Y4, Y4
	VADDPS  Y4, Y0, Y0
	ADDQ    $32, SI
	ADDQ    $32, DI
	SUBQ    $8, CX
	CMPQ    CX, $8
	JAE     l1loop8

l1reduce:
	VADDPS Y1, Y0, Y0
	VADDPS Y3, Y2, Y2
	VADDPS Y2, Y0, Y0
	HSUMPS8(Y0, X0, X1)
	TESTQ  CX, CX
	JZ     l1done

l1tail:
	VMOVSS (SI), X4
	VSUBSS (DI), X4, X4
	VANDPS X8, X4, X4
	VADDSS X4, X0, X0
	ADDQ   $4, SI
	ADDQ   $4, DI
	DECQ   CX
	JNZ    l1tail

l1done:
	VZEROUPPER
	MOVSS X0, ret+48(FP)
	RET

// func cosinePartsAVX2(a, b []float32) (dot, na, nb float32)
// Accumulators: Y0-Y3 a·b, Y4-Y7 a·a, Y8-Y11 b·b; Y12-Y15 scratch.
TEXT ·cosinePartsAVX2(SB), NOSPLIT, $0-60
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3
	VXORPS Y4, Y4, Y4
	VXORPS Y5, Y5, Y5
	VXORPS Y6, Y6, Y6
	VXORPS Y7, Y7, Y7
	VXORPS Y8, Y8, Y8
	VXORPS Y9, Y9, Y9
	VXORPS Y10, Y10, Y10
	VXORPS Y11, Y11, Y11
	CMPQ   CX, $32
	JB     cosby8

cosby32:
	VMOVUPS     (SI), Y12
	VMOVUPS     (DI), Y13
	VMOVUPS     32(SI), Y14
	VMOVUPS     32(DI), Y15
	VFMADD231PS Y13, Y12, Y0
	VFMADD231PS Y12, Y12, Y4
	VFMADD231PS Y13, Y13, Y8
	VFMADD231PS Y15, Y14, Y1
	VFMADD231PS Y14, Y14, Y5
	VFMADD231PS Y15, Y15, Y9
	VMOVUPS     64(SI), Y12
	VMOVUPS     64(DI), Y13
	VMOVUPS     96(SI), Y14
	VMOVUPS     96(DI), Y15
	VFMADD231PS Y13, Y12, Y2
	VFMADD231PS Y12, Y12, Y6
	VFMADD231PS Y13, Y13, Y10
	VFMADD231PS Y15, Y14, Y3
	VFMADD231PS Y14, Y14, Y7
	VFMADD231PS Y15, Y15, Y11
	ADDQ        $128, SI
	ADDQ        $128, DI
	SUBQ        $32, CX
	CMPQ        CX, $32
	JAE         cosby32

cosby8:
	CMPQ CX, $8
	JB   cosreduce

cosloop8:
	VMOVUPS     (SI), Y12
	VMOVUPS     (DI), Y13
	VFMADD231PS Y13, Y12, Y0
	VFMADD231PS Y12, Y12, Y4
	VFMADD231PS Y13, Y13, Y8
	ADDQ        $32, SI
	ADDQ        $32, DI
	SUBQ        $8, CX
	CMPQ        CX, $8
	JAE         cosloop8

cosreduce:
	VADDPS Y1, Y0, Y0
	VADDPS Y3, Y2, Y2
	VADDPS Y2, Y0, Y0
	VADDPS Y5, Y4, Y4
	VADDPS Y7, Y6, Y6
	VADDPS Y6, Y4, Y4
	VADDPS Y9, Y8, Y8
	VADDPS Y11, Y10, Y10
	VADDPS Y10, Y8, Y8
	HSUMPS8(Y0, X0, X1)
	HSUMPS8(Y4, X4, X5)
	HSUMPS8(Y8, X8, X9)
	TESTQ  CX, CX
	JZ     cosdone

costail:
	VMOVSS      (SI), X12
	VMOVSS      (DI), X13
	VFMADD231SS X13, X12, X0
	VFMADD231SS X12, X12, X4
	VFMADD231SS X13, X13, X8
	ADDQ        $4, SI
	ADDQ        $4, DI
	DECQ        CX
	JNZ         costail

cosdone:
	VZEROUPPER
	MOVSS X0, dot+48(FP)
	MOVSS X4, na+52(FP)
	MOVSS X8, nb+56(FP)
	RET
