//go:build amd64 && !noasm

#include "textflag.h"

// AVX-512F float32 kernels. Main loop: 64 floats (four ZMM, four independent
// accumulators); then 16 at a time; the last 0..15 floats use a masked load
// (K1 = 2^r-1, zeroing) which reads nothing past the slice end and
// suppresses faults on masked-off lanes.

// HSUMPS reduces the 16 floats of zmm z into the low lane of x (y, x name
// the same register; ty, tx a scratch one).
#define HSUMPS(z, y, x, ty, tx) \
	VEXTRACTF64X4 $1, z, ty; \
	VADDPS        ty, y, y;  \
	VEXTRACTF128  $1, y, tx; \
	VADDPS        tx, x, x;  \
	VMOVHLPS      x, x, tx;  \
	VADDPS        tx, x, x;  \
	VMOVSHDUP     x, tx;     \
	VADDSS        tx, x, x

// TAILMASK sets K1 to the low CX bits (CX < 16).
#define TAILMASK \
	MOVL  $1, AX; \
	SHLL  CX, AX; \
	DECL  AX;     \
	KMOVW AX, K1

// func l2SquaredAVX512(a, b []float32) float32
TEXT ·l2SquaredAVX512(SB), NOSPLIT, $0-52
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VXORPS X0, X0, X0
	VXORPS X1, X1, X1
	VXORPS X2, X2, X2
	VXORPS X3, X3, X3
	CMPQ   CX, $64
	JB     l2by16

l2by64:
	VMOVUPS     (SI), Z4
	VMOVUPS     64(SI), Z5
	VMOVUPS     128(SI), Z6
	VMOVUPS     192(SI), Z7
	VSUBPS      (DI), Z4, Z4
	VSUBPS      64(DI), Z5, Z5
	VSUBPS      128(DI), Z6, Z6
	VSUBPS      192(DI), Z7, Z7
	VFMADD231PS Z4, Z4, Z0
	VFMADD231PS Z5, Z5, Z1
	VFMADD231PS Z6, Z6, Z2
	VFMADD231PS Z7, Z7, Z3
	ADDQ        $256, SI
	ADDQ        $256, DI
	SUBQ        $64, CX
	CMPQ        CX, $64
	JAE         l2by64

l2by16:
	CMPQ CX, $16
	JB   l2tail

l2loop16:
	VMOVUPS     (SI), Z4
	VSUBPS      (DI), Z4, Z4
	VFMADD231PS Z4, Z4, Z0
	ADDQ        $64, SI
	ADDQ        $64, DI
	SUBQ        $16, CX
	CMPQ        CX, $16
	JAE         l2loop16

l2tail:
	TESTQ CX, CX
	JZ    l2reduce
	TAILMASK
	VMOVUPS.Z   (SI), K1, Z4
	VMOVUPS.Z   (DI), K1, Z5
	VSUBPS      Z5, Z4, Z4
	VFMADD231PS Z4, Z4, Z1

l2reduce:
	VADDPS Z1, Z0, Z0
	VADDPS Z3, Z2, Z2
	VADDPS Z2, Z0, Z0
	HSUMPS(Z0, Y0, X0, Y1, X1)
	VZEROUPPER
	MOVSS  X0, ret+48(FP)
	RET

// func dotAVX512(a, b []float32) float32
TEXT ·dotAVX512(SB), NOSPLIT, $0-52
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VXORPS X0, X0, X0
	VXORPS X1, X1, X1
	VXORPS X2, X2, X2
	VXORPS X3, X3, X3
	CMPQ   CX, $64
	JB     dotby16

dotby64:
	VMOVUPS     (SI), Z4
	VMOVUPS     64(SI), Z5
	VMOVUPS     128(SI), Z6
	VMOVUPS     192(SI), Z7
	VFMADD231PS (DI), Z4, Z0
	VFMADD231PS 64(DI), Z5, Z1
	VFMADD231PS 128(DI), Z6, Z2
	VFMADD231PS 192(DI), Z7, Z3
	ADDQ        $256, SI
	ADDQ        $256, DI
	SUBQ        $64, CX
	CMPQ        CX, $64
	JAE         dotby64

dotby16:
	CMPQ CX, $16
	JB   dottail

dotloop16:
	VMOVUPS     (SI), Z4
	VFMADD231PS (DI), Z4, Z0
	ADDQ        $64, SI
	ADDQ        $64, DI
	SUBQ        $16, CX
	CMPQ        CX, $16
	JAE         dotloop16

dottail:
	TESTQ CX, CX
	JZ    dotreduce
	TAILMASK
	VMOVUPS.Z   (SI), K1, Z4
	VMOVUPS.Z   (DI), K1, Z5
	VFMADD231PS Z5, Z4, Z1

dotreduce:
	VADDPS Z1, Z0, Z0
	VADDPS Z3, Z2, Z2
	VADDPS Z2, Z0, Z0
	HSUMPS(Z0, Y0, X0, Y1, X1)
	VZEROUPPER
	MOVSS  X0, ret+48(FP)
	RET

// func l1AVX512(a, b []float32) float32
TEXT ·l1AVX512(SB), NOSPLIT, $0-52
	MOVQ         a_base+0(FP), SI
	MOVQ         b_base+24(FP), DI
	MOVQ         a_len+8(FP), CX
	MOVL         $0x7fffffff, AX
	VPBROADCASTD AX, Z8                // |x| mask: clear the sign bit
	VXORPS       X0, X0, X0
	VXORPS       X1, X1, X1
	VXORPS       X2, X2, X2
	VXORPS       X3, X3, X3
	CMPQ         CX, $64
	JB           l1by16

l1by64:
	VMOVUPS (SI), Z4
	VMOVUPS 64(SI), Z5
	VMOVUPS 128(SI), Z6
	VMOVUPS 192(SI), Z7
	VSUBPS  (DI), Z4, Z4
	VSUBPS  64(DI), Z5, Z5
	VSUBPS  128(DI), Z6, Z6
	VSUBPS  192(DI), Z7, Z7
	VPANDD  Z8, Z4, Z4
	VPANDD  Z8, Z5, Z5
	VPANDD  Z8, Z6, Z6
	VPANDD  Z8, Z7, Z7
	VADDPS  Z4, Z0, Z0
	VADDPS  Z5, Z1, Z1
	VADDPS  Z6, Z2, Z2
	VADDPS  Z7, Z3, Z3
	ADDQ    $256, SI
	ADDQ    $256, DI
	SUBQ    $64, CX
	CMPQ    CX, $64
	JAE     l1by64

l1by16:
	CMPQ CX, $16
	JB   l1tail

l1loop16:
	VMOVUPS (SI), Z4
	VSUBPS  (DI), Z4, Z4
	VPANDD  Z8, Z4, Z4
	VADDPS  Z4, Z0, Z0
	ADDQ    $64, SI
	ADDQ    $64, DI
	SUBQ    $16, CX
	CMPQ    CX, $16
	JAE     l1loop16

l1tail:
	TESTQ CX, CX
	JZ    l1reduce
	TAILMASK
	VMOVUPS.Z (SI), K1, Z4
	VMOVUPS.Z (DI), K1, Z5
	VSUBPS    Z5, Z4, Z4
	VPANDD    Z8, Z4, Z4
	VADDPS    Z4, Z1, Z1

l1reduce:
	VADDPS Z1, Z0, Z0
	VADDPS Z3, Z2, Z2
	VADDPS Z2, Z0, Z0
	HSUMPS(Z0, Y0, X0, Y1, X1)
	VZEROUPPER
	MOVSS  X0, ret+48(FP)
	RET

// func cosinePartsAVX512(a, b []float32) (dot, na, nb float32)
// Accumulators: Z0-Z3 a·b, Z4-Z7 a·a, Z8-Z11 b·b.
TEXT ·cosinePartsAVX512(SB), NOSPLIT, $0-60
	MOVQ   a_base+0(FP), SI
	MOVQ   b_base+24(FP), DI
	MOVQ   a_len+8(FP), CX
	VXORPS X0, X0, X0
	VXORPS X1, X1, X1
	VXORPS X2, X2, X2
	VXORPS X3, X3, X3
	VXORPS X4, X4, X4
	VXORPS X5, X5, X5
	VXORPS X6, X6, X6
	VXORPS X7, X7, X7
	VXORPS X8, X8, X8
	VXORPS X9, X9, X9
	VXORPS X10, X10, X10
	VXORPS X11, X11, X11
	CMPQ   CX, $64
	JB     cosby16

cosby64:
	VMOVUPS     (SI), Z12
	VMOVUPS     (DI), Z13
	VMOVUPS     64(SI), Z14
	VMOVUPS     64(DI), Z15
	VFMADD231PS Z13, Z12, Z0
	VFMADD231PS Z12, Z12, Z4
	VFMADD231PS Z13, Z13, Z8
	VFMADD231PS Z15, Z14, Z1
	VFMADD231PS Z14, Z14, Z5
	VFMADD231PS Z15, Z15, Z9
	VMOVUPS     128(SI), Z16
	VMOVUPS     128(DI), Z17
	VMOVUPS     192(SI), Z18
	VMOVUPS     192(DI), Z19
	VFMADD231PS Z17, Z16, Z2
	VFMADD231PS Z16, Z16, Z6
	VFMADD231PS Z17, Z17, Z10
	VFMADD231PS Z19, Z18, Z3
	VFMADD231PS Z18, Z18, Z7
	VFMADD231PS Z19, Z19, Z11
	ADDQ        $256, SI
	ADDQ        $256, DI
	SUBQ        $64, CX
	CMPQ        CX, $64
	JAE         cosby64

cosby16:
	CMPQ CX, $16
	JB   costail

cosloop16:
	VMOVUPS     (SI), Z12
	VMOVUPS     (DI), Z13
	VFMADD231PS Z13, Z12, Z0
	VFMADD231PS Z12, Z12, Z4
	VFMADD231PS Z13, Z13, Z8
	ADDQ        $64, SI
	ADDQ        $64, DI
	SUBQ        $16, CX
	CMPQ        CX, $16
	JAE         cosloop16

costail:
	TESTQ CX, CX
	JZ    cosreduce
	TAILMASK
	VMOVUPS.Z   (SI), K1, Z12
	VMOVUPS.Z   (DI), K1, Z13
	VFMADD231PS Z13, Z12, Z1
	VFMADD231PS Z12, Z12, Z5
	VFMADD231PS Z13, Z13, Z9

cosreduce:
	VADDPS Z1, Z0, Z0
	VADDPS Z3, Z2, Z2
	VADDPS Z2, Z0, Z0
	VADDPS Z5, Z4, Z4
	VADDPS Z7, Z6, Z6
	VADDPS Z6, Z4, Z4
	VADDPS Z9, Z8, Z8
	VADDPS Z11, Z10, Z10
	VADDPS Z10, Z8, Z8
	HSUMPS(Z0, Y0, X0, Y1, X1)
	HSUMPS(Z4, Y4, X4, Y5, X5)
	HSUMPS(Z8, Y8, X8, Y9, X9)
	VZEROUPPER
	MOVSS  X0, dot+48(FP)
	MOVSS  X4, na+52(FP)
	MOVSS  X8, nb+56(FP)
	RET
