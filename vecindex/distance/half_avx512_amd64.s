//go:build amd64 && !noasm

#include "textflag.h"

// AVX-512 kernels on IEEE binary16 halves (AVX512F VCVTPH2PS widens 16
// halves to 16 float32 exactly; AVX512BW+VL for the masked 16-bit tail
// load). Main loop: 32 elements into two ZMM accumulators (cosine: 16
// into three); then 16 at a time; the last 0..15 elements use zeroing
// masked loads (K1 = 2^r-1) that read nothing past either slice (a zero
// lane adds zero to every sum). *HalfAVX512 take two half vectors,
// *FloatHalfAVX512 a float32 a and a half vector b.

// HSUMH16 reduces the 16 floats of zmm z into the low lane of x (y, x name
// the same register; ty, tx a scratch one).
#define HSUMH16(z, y, x, ty, tx) \
	VEXTRACTF64X4 $1, z, ty; \
	VADDPS        ty, y, y;  \
	VEXTRACTF128  $1, y, tx; \
	VADDPS        tx, x, x;  \
	VMOVHLPS      x, x, tx;  \
	VADDPS        tx, x, x;  \
	VMOVSHDUP     x, tx;     \
	VADDSS        tx, x, x

// HTAILMASK sets K1 to the low CX bits (CX < 16).
#define HTAILMASK \
	MOVL  $1, AX; \
	SHLL  CX, AX; \
	DECL  AX;     \
	KMOVW AX, K1

// func l2SquaredHalfAVX512(a []uint16, b []uint16) float32
TEXT ·l2SquaredHalfAVX512(SB), NOSPLIT, $0-52
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VXORPS X0, X0, X0
	VXORPS X1, X1, X1
	CMPQ   CX, $32
	JB     zl2by16

zl2by32:
	VCVTPH2PS   0(SI), Z4
	VCVTPH2PS   0(DI), Z6
	VCVTPH2PS   32(SI), Z5
	VCVTPH2PS   32(DI), Z7
	VSUBPS      Z6, Z4, Z4
	VFMADD231PS Z4, Z4, Z0
	VSUBPS      Z7, Z5, Z5
	VFMADD231PS Z5, Z5, Z1
	ADDQ        $64, SI
	ADDQ        $64, DI
	SUBQ        $32, CX
	CMPQ        CX, $32
	JAE         zl2by32

zl2by16:
	CMPQ CX, $16
	JB   zl2tail
	VCVTPH2PS   0(SI), Z4
	VCVTPH2PS   0(DI), Z6
	VSUBPS      Z6, Z4, Z4
	VFMADD231PS Z4, Z4, Z0
	ADDQ        $32, SI
	ADDQ        $32, DI
	SUBQ        $16, CX

zl2tail:
	TESTQ CX, CX
	JZ    zl2reduce
	HTAILMASK
	VMOVDQU16.Z (SI), K1, Y4
	VCVTPH2PS   Y4, Z4
	VMOVDQU16.Z (DI), K1, Y6
	VCVTPH2PS   Y6, Z6
	VSUBPS      Z6, Z4, Z4
	VFMADD231PS Z4, Z4, Z1

zl2reduce:
	VADDPS Z1, Z0, Z0
	HSUMH16(Z0, Y0, X0, Y1, X1)
	VZEROUPPER
	MOVSS  X0, ret+48(FP)
	RET

// func dotHalfAVX512(a []uint16, b []uint16) float32
TEXT ·dotHalfAVX512(SB), NOSPLIT, $0-52
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VXORPS X0, X0, X0
	VXORPS X1, X1, X1
	CMPQ   CX, $32
	JB     zdotby16

zdotby32:
	VCVTPH2PS   0(SI), Z4
	VCVTPH2PS   0(DI), Z6
	VCVTPH2PS   32(SI), Z5
	VCVTPH2PS   32(DI), Z7
	VFMADD231PS Z6, Z4, Z0
	VFMADD231PS Z7, Z5, Z1
	ADDQ        $64, SI
	ADDQ        $64, DI
	SUBQ        $32, CX
	CMPQ        CX, $32
	JAE         zdotby32

zdotby16:
	CMPQ CX, $16
	JB   zdottail
	VCVTPH2PS   0(SI), Z4
	VCVTPH2PS   0(DI), Z6
	VFMADD231PS Z6, Z4, Z0
	ADDQ        $32, SI
	ADDQ        $32, DI
	SUBQ        $16, CX

zdottail:
	TESTQ CX, CX
	JZ    zdotreduce
	HTAILMASK
	VMOVDQU16.Z (SI), K1, Y4
	VCVTPH2PS   Y4, Z4
	VMOVDQU16.Z (DI), K1, Y6
	VCVTPH2PS   Y6, Z6
	VFMADD231PS Z6, Z4, Z1

zdotreduce:
	VADDPS Z1, Z0, Z0
	HSUMH16(Z0, Y0, X0, Y1, X1)
	VZEROUPPER
	MOVSS  X0, ret+48(FP)
	RET

// func l1HalfAVX512(a []uint16, b []uint16) float32
TEXT ·l1HalfAVX512(SB), NOSPLIT, $0-52
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VXORPS X0, X0, X0
	VXORPS X1, X1, X1
	VPTERNLOGD $0xff, Z15, Z15, Z15
	VPSRLD     $1, Z15, Z15 // 0x7fffffff: clears the sign
	CMPQ   CX, $32
	JB     zl1by16

zl1by32:
	VCVTPH2PS   0(SI), Z4
	VCVTPH2PS   0(DI), Z6
	VCVTPH2PS   32(SI), Z5
	VCVTPH2PS   32(DI), Z7
	VSUBPS      Z6, Z4, Z4
	VANDPS      Z15, Z4, Z4
	VADDPS      Z4, Z0, Z0
	VSUBPS      Z7, Z5, Z5
	VANDPS      Z15, Z5, Z5
	VADDPS      Z5, Z1, Z1
	ADDQ        $64, SI
	ADDQ        $64, DI
	SUBQ        $32, CX
	CMPQ        CX, $32
	JAE         zl1by32

zl1by16:
	CMPQ CX, $16
	JB   zl1tail
	VCVTPH2PS   0(SI), Z4
	VCVTPH2PS   0(DI), Z6
	VSUBPS      Z6, Z4, Z4
	VANDPS      Z15, Z4, Z4
	VADDPS      Z4, Z0, Z0
	ADDQ        $32, SI
	ADDQ        $32, DI
	SUBQ        $16, CX

zl1tail:
	TESTQ CX, CX
	JZ    zl1reduce
	HTAILMASK
	VMOVDQU16.Z (SI), K1, Y4
	VCVTPH2PS   Y4, Z4
	VMOVDQU16.Z (DI), K1, Y6
	VCVTPH2PS   Y6, Z6
	VSUBPS      Z6, Z4, Z4
	VANDPS      Z15, Z4, Z4
	VADDPS      Z4, Z1, Z1

zl1reduce:
	VADDPS Z1, Z0, Z0
	HSUMH16(Z0, Y0, X0, Y1, X1)
	VZEROUPPER
	MOVSS  X0, ret+48(FP)
	RET

// func cosinePartsHalfAVX512(a, b []uint16) (dot, na, nb float32)
// Accumulators: Z0 a·b, Z1 a·a, Z2 b·b, 16 elements per iteration.
TEXT ·cosinePartsHalfAVX512(SB), NOSPLIT, $0-60
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VXORPS X0, X0, X0
	VXORPS X1, X1, X1
	VXORPS X2, X2, X2
	CMPQ   CX, $16
	JB     zcostail

zcosby16:
	VCVTPH2PS   0(SI), Z4
	VCVTPH2PS   0(DI), Z6
	VFMADD231PS Z6, Z4, Z0
	VFMADD231PS Z4, Z4, Z1
	VFMADD231PS Z6, Z6, Z2
	ADDQ        $32, SI
	ADDQ        $32, DI
	SUBQ        $16, CX
	CMPQ        CX, $16
	JAE         zcosby16

zcostail:
	TESTQ CX, CX
	JZ    zcosreduce
	HTAILMASK
	VMOVDQU16.Z (SI), K1, Y4
	VCVTPH2PS   Y4, Z4
	VMOVDQU16.Z (DI), K1, Y6
	VCVTPH2PS   Y6, Z6
	VFMADD231PS Z6, Z4, Z0
	VFMADD231PS Z4, Z4, Z1
	VFMADD231PS Z6, Z6, Z2

zcosreduce:
	HSUMH16(Z0, Y0, X0, Y3, X3)
	HSUMH16(Z1, Y1, X1, Y3, X3)
	HSUMH16(Z2, Y2, X2, Y3, X3)
	VZEROUPPER
	MOVSS X0, dot+48(FP)
	MOVSS X1, na+52(FP)
	MOVSS X2, nb+56(FP)
	RET

// func l2SquaredFloatHalfAVX512(a []float32, b []uint16) float32
TEXT ·l2SquaredFloatHalfAVX512(SB), NOSPLIT, $0-52
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VXORPS X0, X0, X0
	VXORPS X1, X1, X1
	CMPQ   CX, $32
	JB     gl2by16

gl2by32:
	VMOVUPS     0(SI), Z4
	VCVTPH2PS   0(DI), Z6
	VMOVUPS     64(SI), Z5
	VCVTPH2PS   32(DI), Z7
	VSUBPS      Z6, Z4, Z4
	VFMADD231PS Z4, Z4, Z0
	VSUBPS      Z7, Z5, Z5
	VFMADD231PS Z5, Z5, Z1
	ADDQ        $128, SI
	ADDQ        $64, DI
	SUBQ        $32, CX
	CMPQ        CX, $32
	JAE         gl2by32

gl2by16:
	CMPQ CX, $16
	JB   gl2tail
	VMOVUPS     0(SI), Z4
	VCVTPH2PS   0(DI), Z6
	VSUBPS      Z6, Z4, Z4
	VFMADD231PS Z4, Z4, Z0
	ADDQ        $64, SI
	ADDQ        $32, DI
	SUBQ        $16, CX

gl2tail:
	TESTQ CX, CX
	JZ    gl2reduce
	HTAILMASK
	VMOVUPS.Z   (SI), K1, Z4
	VMOVDQU16.Z (DI), K1, Y6
	VCVTPH2PS   Y6, Z6
	VSUBPS      Z6, Z4, Z4
	VFMADD231PS Z4, Z4, Z1

gl2reduce:
	VADDPS Z1, Z0, Z0
	HSUMH16(Z0, Y0, X0, Y1, X1)
	VZEROUPPER
	MOVSS  X0, ret+48(FP)
	RET

// func dotFloatHalfAVX512(a []float32, b []uint16) float32
TEXT ·dotFloatHalfAVX512(SB), NOSPLIT, $0-52
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VXORPS X0, X0, X0
	VXORPS X1, X1, X1
	CMPQ   CX, $32
	JB     gdotby16

gdotby32:
	VMOVUPS     0(SI), Z4
	VCVTPH2PS   0(DI), Z6
	VMOVUPS     64(SI), Z5
	VCVTPH2PS   32(DI), Z7
	VFMADD231PS Z6, Z4, Z0
	VFMADD231PS Z7, Z5, Z1
	ADDQ        $128, SI
	ADDQ        $64, DI
	SUBQ        $32, CX
	CMPQ        CX, $32
	JAE         gdotby32

gdotby16:
	CMPQ CX, $16
	JB   gdottail
	VMOVUPS     0(SI), Z4
	VCVTPH2PS   0(DI), Z6
	VFMADD231PS Z6, Z4, Z0
	ADDQ        $64, SI
	ADDQ        $32, DI
	SUBQ        $16, CX

gdottail:
	TESTQ CX, CX
	JZ    gdotreduce
	HTAILMASK
	VMOVUPS.Z   (SI), K1, Z4
	VMOVDQU16.Z (DI), K1, Y6
	VCVTPH2PS   Y6, Z6
	VFMADD231PS Z6, Z4, Z1

gdotreduce:
	VADDPS Z1, Z0, Z0
	HSUMH16(Z0, Y0, X0, Y1, X1)
	VZEROUPPER
	MOVSS  X0, ret+48(FP)
	RET

// func l1FloatHalfAVX512(a []float32, b []uint16) float32
TEXT ·l1FloatHalfAVX512(SB), NOSPLIT, $0-52
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VXORPS X0, X0, X0
	VXORPS X1, X1, X1
	VPTERNLOGD $0xff, Z15, Z15, Z15
	VPSRLD     $1, Z15, Z15 // 0x7fffffff: clears the sign
	CMPQ   CX, $32
	JB     gl1by16

gl1by32:
	VMOVUPS     0(SI), Z4
	VCVTPH2PS   0(DI), Z6
	VMOVUPS     64(SI), Z5
	VCVTPH2PS   32(DI), Z7
	VSUBPS      Z6, Z4, Z4
	VANDPS      Z15, Z4, Z4
	VADDPS      Z4, Z0, Z0
	VSUBPS      Z7, Z5, Z5
	VANDPS      Z15, Z5, Z5
	VADDPS      Z5, Z1, Z1
	ADDQ        $128, SI
	ADDQ        $64, DI
	SUBQ        $32, CX
	CMPQ        CX, $32
	JAE         gl1by32

gl1by16:
	CMPQ CX, $16
	JB   gl1tail
	VMOVUPS     0(SI), Z4
	VCVTPH2PS   0(DI), Z6
	VSUBPS      Z6, Z4, Z4
	VANDPS      Z15, Z4, Z4
	VADDPS      Z4, Z0, Z0
	ADDQ        $64, SI
	ADDQ        $32, DI
	SUBQ        $16, CX

gl1tail:
	TESTQ CX, CX
	JZ    gl1reduce
	HTAILMASK
	VMOVUPS.Z   (SI), K1, Z4
	VMOVDQU16.Z (DI), K1, Y6
	VCVTPH2PS   Y6, Z6
	VSUBPS      Z6, Z4, Z4
	VANDPS      Z15, Z4, Z4
	VADDPS      Z4, Z1, Z1

gl1reduce:
	VADDPS Z1, Z0, Z0
	HSUMH16(Z0, Y0, X0, Y1, X1)
	VZEROUPPER
	MOVSS  X0, ret+48(FP)
	RET
