//go:build amd64 && !noasm

#include "textflag.h"

// AVX2+FMA+F16C kernels on IEEE binary16 halves (pgvector halfvec):
// VCVTPH2PS widens 8 halves to 8 float32 exactly, then the arithmetic is
// the float32 kernels' (float_avx2_amd64.s): 16 elements per iteration
// into two accumulators (Y0, Y1; cosine Y0-Y2 by 8), then 8 at a time,
// a horizontal sum, and the last 0..7 elements one by one (a half
// zero-extended into X4/X6 and widened with the 128-bit VCVTPH2PS), so no
// load reaches past either slice. The *HalfAVX2 kernels take two half
// vectors, the *FloatHalfAVX2 ones a float32 a and a half vector b. Sums
// are reassociated against pure Go (kernels_half_go.go), within the
// float32 kernels' bound.

// HSUMH8 reduces the 8 floats of ymm y into the low lane of x (the same
// register); tx is scratch.
#define HSUMH8(y, x, tx) \
	VEXTRACTF128 $1, y, tx; \
	VADDPS       tx, x, x;  \
	VMOVHLPS     x, x, tx;  \
	VADDPS       tx, x, x;  \
	VMOVSHDUP    x, tx;     \
	VADDSS       tx, x, x

// func l2SquaredHalfAVX2(a []uint16, b []uint16) float32
TEXT ·l2SquaredHalfAVX2(SB), NOSPLIT, $0-52
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	CMPQ   CX, $16
	JB     hl2by8

hl2by16:
	VCVTPH2PS   0(SI), Y4
	VCVTPH2PS   0(DI), Y6
	VCVTPH2PS   16(SI), Y5
	VCVTPH2PS   16(DI), Y7
	VSUBPS      Y6, Y4, Y4
	VFMADD231PS Y4, Y4, Y0
	VSUBPS      Y7, Y5, Y5
	VFMADD231PS Y5, Y5, Y1
	ADDQ        $32, SI
	ADDQ        $32, DI
	SUBQ        $16, CX
	CMPQ        CX, $16
	JAE         hl2by16

hl2by8:
	CMPQ CX, $8
	JB   hl2reduce
	VCVTPH2PS   0(SI), Y4
	VCVTPH2PS   0(DI), Y6
	VSUBPS      Y6, Y4, Y4
	VFMADD231PS Y4, Y4, Y0
	ADDQ        $16, SI
	ADDQ        $16, DI
	SUBQ        $8, CX

hl2reduce:
	VADDPS Y1, Y0, Y0
	HSUMH8(Y0, X0, X1)
	TESTQ  CX, CX
	JZ     hl2done

hl2tail:
	MOVWLZX     (SI), AX
	VMOVD       AX, X4
	VCVTPH2PS   X4, X4
	MOVWLZX     (DI), AX
	VMOVD       AX, X6
	VCVTPH2PS   X6, X6
	VSUBSS      X6, X4, X4
	VFMADD231SS X4, X4, X0
	ADDQ        $2, SI
	ADDQ        $2, DI
	DECQ        CX
	JNZ         hl2tail

hl2done:
	VZEROUPPER
	MOVSS X0, ret+48(FP)
	RET

// func dotHalfAVX2(a []uint16, b []uint16) float32
TEXT ·dotHalfAVX2(SB), NOSPLIT, $0-52
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	CMPQ   CX, $16
	JB     hdotby8

hdotby16:
	VCVTPH2PS   0(SI), Y4
	VCVTPH2PS   0(DI), Y6
	VCVTPH2PS   16(SI), Y5
	VCVTPH2PS   16(DI), Y7
	VFMADD231PS Y6, Y4, Y0
	VFMADD231PS Y7, Y5, Y1
	ADDQ        $32, SI
	ADDQ        $32, DI
	SUBQ        $16, CX
	CMPQ        CX, $16
	JAE         hdotby16

hdotby8:
	CMPQ CX, $8
	JB   hdotreduce
	VCVTPH2PS   0(SI), Y4
	VCVTPH2PS   0(DI), Y6
	VFMADD231PS Y6, Y4, Y0
	ADDQ        $16, SI
	ADDQ        $16, DI
	SUBQ        $8, CX

hdotreduce:
	VADDPS Y1, Y0, Y0
	HSUMH8(Y0, X0, X1)
	TESTQ  CX, CX
	JZ     hdotdone

hdottail:
	MOVWLZX     (SI), AX
	VMOVD       AX, X4
	VCVTPH2PS   X4, X4
	MOVWLZX     (DI), AX
	VMOVD       AX, X6
	VCVTPH2PS   X6, X6
	VFMADD231SS X6, X4, X0
	ADDQ        $2, SI
	ADDQ        $2, DI
	DECQ        CX
	JNZ         hdottail

hdotdone:
	VZEROUPPER
	MOVSS X0, ret+48(FP)
	RET

// func l1HalfAVX2(a []uint16, b []uint16) float32
TEXT ·l1HalfAVX2(SB), NOSPLIT, $0-52
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VPCMPEQD Y15, Y15, Y15
	VPSRLD   $1, Y15, Y15 // 0x7fffffff: clears the sign
	CMPQ   CX, $16
	JB     hl1by8

hl1by16:
	VCVTPH2PS   0(SI), Y4
	VCVTPH2PS   0(DI), Y6
	VCVTPH2PS   16(SI), Y5
	VCVTPH2PS   16(DI), Y7
	VSUBPS      Y6, Y4, Y4
	VANDPS      Y15, Y4, Y4
	VADDPS      Y4, Y0, Y0
	VSUBPS      Y7, Y5, Y5
	VANDPS      Y15, Y5, Y5
	VADDPS      Y5, Y1, Y1
	ADDQ        $32, SI
	ADDQ        $32, DI
	SUBQ        $16, CX
	CMPQ        CX, $16
	JAE         hl1by16

hl1by8:
	CMPQ CX, $8
	JB   hl1reduce
	VCVTPH2PS   0(SI), Y4
	VCVTPH2PS   0(DI), Y6
	VSUBPS      Y6, Y4, Y4
	VANDPS      Y15, Y4, Y4
	VADDPS      Y4, Y0, Y0
	ADDQ        $16, SI
	ADDQ        $16, DI
	SUBQ        $8, CX

hl1reduce:
	VADDPS Y1, Y0, Y0
	HSUMH8(Y0, X0, X1)
	TESTQ  CX, CX
	JZ     hl1done

hl1tail:
	MOVWLZX     (SI), AX
	VMOVD       AX, X4
	VCVTPH2PS   X4, X4
	MOVWLZX     (DI), AX
	VMOVD       AX, X6
	VCVTPH2PS   X6, X6
	VSUBSS      X6, X4, X4
	VANDPS      X15, X4, X4
	VADDSS      X4, X0, X0
	ADDQ        $2, SI
	ADDQ        $2, DI
	DECQ        CX
	JNZ         hl1tail

hl1done:
	VZEROUPPER
	MOVSS X0, ret+48(FP)
	RET

// func cosinePartsHalfAVX2(a, b []uint16) (dot, na, nb float32)
// Accumulators: Y0 a·b, Y1 a·a, Y2 b·b, 8 elements per iteration.
TEXT ·cosinePartsHalfAVX2(SB), NOSPLIT, $0-60
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	CMPQ   CX, $8
	JB     hcosreduce

hcosby8:
	VCVTPH2PS   0(SI), Y4
	VCVTPH2PS   0(DI), Y6
	VFMADD231PS Y6, Y4, Y0
	VFMADD231PS Y4, Y4, Y1
	VFMADD231PS Y6, Y6, Y2
	ADDQ        $16, SI
	ADDQ        $16, DI
	SUBQ        $8, CX
	CMPQ        CX, $8
	JAE         hcosby8

hcosreduce:
	HSUMH8(Y0, X0, X3)
	HSUMH8(Y1, X1, X3)
	HSUMH8(Y2, X2, X3)
	TESTQ  CX, CX
	JZ     hcosdone

hcostail:
	MOVWLZX     (SI), AX
	VMOVD       AX, X4
	VCVTPH2PS   X4, X4
	MOVWLZX     (DI), AX
	VMOVD       AX, X6
	VCVTPH2PS   X6, X6
	VFMADD231SS X6, X4, X0
	VFMADD231SS X4, X4, X1
	VFMADD231SS X6, X6, X2
	ADDQ        $2, SI
	ADDQ        $2, DI
	DECQ        CX
	JNZ         hcostail

hcosdone:
	VZEROUPPER
	MOVSS X0, dot+48(FP)
	MOVSS X1, na+52(FP)
	MOVSS X2, nb+56(FP)
	RET

// func l2SquaredFloatHalfAVX2(a []float32, b []uint16) float32
TEXT ·l2SquaredFloatHalfAVX2(SB), NOSPLIT, $0-52
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	CMPQ   CX, $16
	JB     fl2by8

fl2by16:
	VMOVUPS     0(SI), Y4
	VCVTPH2PS   0(DI), Y6
	VMOVUPS     32(SI), Y5
	VCVTPH2PS   16(DI), Y7
	VSUBPS      Y6, Y4, Y4
	VFMADD231PS Y4, Y4, Y0
	VSUBPS      Y7, Y5, Y5
	VFMADD231PS Y5, Y5, Y1
	ADDQ        $64, SI
	ADDQ        $32, DI
	SUBQ        $16, CX
	CMPQ        CX, $16
	JAE         fl2by16

fl2by8:
	CMPQ CX, $8
	JB   fl2reduce
	VMOVUPS     0(SI), Y4
	VCVTPH2PS   0(DI), Y6
	VSUBPS      Y6, Y4, Y4
	VFMADD231PS Y4, Y4, Y0
	ADDQ        $32, SI
	ADDQ        $16, DI
	SUBQ        $8, CX

fl2reduce:
	VADDPS Y1, Y0, Y0
	HSUMH8(Y0, X0, X1)
	TESTQ  CX, CX
	JZ     fl2done

fl2tail:
	VMOVSS      (SI), X4
	MOVWLZX     (DI), AX
	VMOVD       AX, X6
	VCVTPH2PS   X6, X6
	VSUBSS      X6, X4, X4
	VFMADD231SS X4, X4, X0
	ADDQ        $4, SI
	ADDQ        $2, DI
	DECQ        CX
	JNZ         fl2tail

fl2done:
	VZEROUPPER
	MOVSS X0, ret+48(FP)
	RET

// func dotFloatHalfAVX2(a []float32, b []uint16) float32
TEXT ·dotFloatHalfAVX2(SB), NOSPLIT, $0-52
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	CMPQ   CX, $16
	JB     fdotby8

fdotby16:
	VMOVUPS     0(SI), Y4
	VCVTPH2PS   0(DI), Y6
	VMOVUPS     32(SI), Y5
	VCVTPH2PS   16(DI), Y7
	VFMADD231PS Y6, Y4, Y0
	VFMADD231PS Y7, Y5, Y1
	ADDQ        $64, SI
	ADDQ        $32, DI
	SUBQ        $16, CX
	CMPQ        CX, $16
	JAE         fdotby16

fdotby8:
	CMPQ CX, $8
	JB   fdotreduce
	VMOVUPS     0(SI), Y4
	VCVTPH2PS   0(DI), Y6
	VFMADD231PS Y6, Y4, Y0
	ADDQ        $32, SI
	ADDQ        $16, DI
	SUBQ        $8, CX

fdotreduce:
	VADDPS Y1, Y0, Y0
	HSUMH8(Y0, X0, X1)
	TESTQ  CX, CX
	JZ     fdotdone

fdottail:
	VMOVSS      (SI), X4
	MOVWLZX     (DI), AX
	VMOVD       AX, X6
	VCVTPH2PS   X6, X6
	VFMADD231SS X6, X4, X0
	ADDQ        $4, SI
	ADDQ        $2, DI
	DECQ        CX
	JNZ         fdottail

fdotdone:
	VZEROUPPER
	MOVSS X0, ret+48(FP)
	RET

// func l1FloatHalfAVX2(a []float32, b []uint16) float32
TEXT ·l1FloatHalfAVX2(SB), NOSPLIT, $0-52
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VPCMPEQD Y15, Y15, Y15
	VPSRLD   $1, Y15, Y15 // 0x7fffffff: clears the sign
	CMPQ   CX, $16
	JB     fl1by8

fl1by16:
	VMOVUPS     0(SI), Y4
	VCVTPH2PS   0(DI), Y6
	VMOVUPS     32(SI), Y5
	VCVTPH2PS   16(DI), Y7
	VSUBPS      Y6, Y4, Y4
	VANDPS      Y15, Y4, Y4
	VADDPS      Y4, Y0, Y0
	VSUBPS      Y7, Y5, Y5
	VANDPS      Y15, Y5, Y5
	VADDPS      Y5, Y1, Y1
	ADDQ        $64, SI
	ADDQ        $32, DI
	SUBQ        $16, CX
	CMPQ        CX, $16
	JAE         fl1by16

fl1by8:
	CMPQ CX, $8
	JB   fl1reduce
	VMOVUPS     0(SI), Y4
	VCVTPH2PS   0(DI), Y6
	VSUBPS      Y6, Y4, Y4
	VANDPS      Y15, Y4, Y4
	VADDPS      Y4, Y0, Y0
	ADDQ        $32, SI
	ADDQ        $16, DI
	SUBQ        $8, CX

fl1reduce:
	VADDPS Y1, Y0, Y0
	HSUMH8(Y0, X0, X1)
	TESTQ  CX, CX
	JZ     fl1done

fl1tail:
	VMOVSS      (SI), X4
	MOVWLZX     (DI), AX
	VMOVD       AX, X6
	VCVTPH2PS   X6, X6
	VSUBSS      X6, X4, X4
	VANDPS      X15, X4, X4
	VADDSS      X4, X0, X0
	ADDQ        $4, SI
	ADDQ        $2, DI
	DECQ        CX
	JNZ         fl1tail

fl1done:
	VZEROUPPER
	MOVSS X0, ret+48(FP)
	RET
