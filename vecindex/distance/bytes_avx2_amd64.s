//go:build amd64 && !noasm

#include "textflag.h"

// AVX2 kernels over signed and unsigned bytes. Bytes are widened to int16
// (VPMOVSXBW for int8, VPMOVZXBW for uint8; 16 bytes per YMM) and
// multiplied pairwise into int32 lanes with VPMADDWD, which cannot overflow
// here (|x·y| <= 255² and at most two terms per lane). Squared distances
// subtract the widened values first. 64 bytes per iteration into four
// accumulators Y0-Y3, then 16 at a time, then a scalar tail of 0..15 bytes
// (nothing past the slice end is read). All sums are modulo 2^32, matching
// the Go kernels exactly.

// HSUMD8 reduces the 8 int32 lanes of ymm y into the low lane of x (the
// same register); tx is scratch.
#define HSUMD8(y, x, tx) \
	VEXTRACTI128 $1, y, tx;   \
	VPADDD       tx, x, x;    \
	VPSHUFD      $0x4e, x, tx; \
	VPADDD       tx, x, x;    \
	VPSHUFD      $0xb1, x, tx; \
	VPADDD       tx, x, x

// DOT16 adds the products of 16 bytes at off into acc.
#define DOT16(WIDEN, off, acc, t0, t1) \
	WIDEN    off(SI), t0;  \
	WIDEN    off(DI), t1;  \
	VPMADDWD t1, t0, t0;   \
	VPADDD   t0, acc, acc

// SQD16 adds the squared differences of 16 bytes at off into acc.
#define SQD16(WIDEN, off, acc, t0, t1) \
	WIDEN    off(SI), t0;  \
	WIDEN    off(DI), t1;  \
	VPSUBW   t1, t0, t0;   \
	VPMADDWD t0, t0, t0;   \
	VPADDD   t0, acc, acc

#define PROLOGUE \
	MOVQ   a_base+0(FP), SI;  \
	MOVQ   b_base+24(FP), DI; \
	MOVQ   a_len+8(FP), CX;   \
	VPXOR  Y0, Y0, Y0;        \
	VPXOR  Y1, Y1, Y1;        \
	VPXOR  Y2, Y2, Y2;        \
	VPXOR  Y3, Y3, Y3

#define EPILOGUE_REDUCE \
	VPADDD Y1, Y0, Y0; \
	VPADDD Y3, Y2, Y2; \
	VPADDD Y2, Y0, Y0; \
	HSUMD8(Y0, X0, X1); \
	VMOVD  X0, AX;     \
	VZEROUPPER

// func dotInt8AVX2(a, b []int8) int32
TEXT ·dotInt8AVX2(SB), NOSPLIT, $0-52
	PROLOGUE
	CMPQ CX, $64
	JB   by16

by64:
	DOT16(VPMOVSXBW, 0, Y0, Y4, Y5)
	DOT16(VPMOVSXBW, 16, Y1, Y6, Y7)
	DOT16(VPMOVSXBW, 32, Y2, Y8, Y9)
	DOT16(VPMOVSXBW, 48, Y3, Y10, Y11)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $64, CX
	CMPQ CX, $64
	JAE  by64

by16:
	CMPQ CX, $16
	JB   reduce

loop16:
	DOT16(VPMOVSXBW, 0, Y0, Y4, Y5)
	ADDQ $16, SI
	ADDQ $16, DI
	SUBQ $16, CX
	CMPQ CX, $16
	JAE  loop16

reduce:
	EPILOGUE_REDUCE
	TESTQ CX, CX
	JZ    done

tail:
	MOVBLSX (SI), DX
	MOVBLSX (DI), R8
	IMULL   R8, DX
	ADDL    DX, AX
	INCQ    SI
	INCQ    DI
	DECQ    CX
	JNZ     tail

done:
	MOVL AX, ret+48(FP)
	RET

// func dotUint8AVX2(a, b []uint8) uint32
TEXT ·dotUint8AVX2(SB), NOSPLIT, $0-52
	PROLOGUE
	CMPQ CX, $64
	JB   by16

by64:
	DOT16(VPMOVZXBW, 0, Y0, Y4, Y5)
	DOT16(VPMOVZXBW, 16, Y1, Y6, Y7)
	DOT16(VPMOVZXBW, 32, Y2, Y8, Y9)
	DOT16(VPMOVZXBW, 48, Y3, Y10, Y11)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $64, CX
	CMPQ CX, $64
	JAE  by64

by16:
	CMPQ CX, $16
	JB   reduce

loop16:
	DOT16(VPMOVZXBW, 0, Y0, Y4, Y5)
	ADDQ $16, SI
	ADDQ $16, DI
	SUBQ $16, CX
	CMPQ CX, $16
	JAE  loop16

reduce:
	EPILOGUE_REDUCE
	TESTQ CX, CX
	JZ    done

tail:
	MOVBLZX (SI), DX
	MOVBLZX (DI), R8
	IMULL   R8, DX
	ADDL    DX, AX
	INCQ    SI
	INCQ    DI
	DECQ    CX
	JNZ     tail

done:
	MOVL AX, ret+48(FP)
	RET

// func l2SquaredInt8AVX2(a, b []int8) int32
TEXT ·l2SquaredInt8AVX2(SB), NOSPLIT, $0-52
	PROLOGUE
	CMPQ CX, $64
	JB   by16

by64:
	SQD16(VPMOVSXBW, 0, Y0, Y4, Y5)
	SQD16(VPMOVSXBW, 16, Y1, Y6, Y7)
	SQD16(VPMOVSXBW, 32, Y2, Y8, Y9)
	SQD16(VPMOVSXBW, 48, Y3, Y10, Y11)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $64, CX
	CMPQ CX, $64
	JAE  by64

by16:
	CMPQ CX, $16
	JB   reduce

loop16:
	SQD16(VPMOVSXBW, 0, Y0, Y4, Y5)
	ADDQ $16, SI
	ADDQ $16, DI
	SUBQ $16, CX
	CMPQ CX, $16
	JAE  loop16

reduce:
	EPILOGUE_REDUCE
	TESTQ CX, CX
	JZ    done

tail:
	MOVBLSX (SI), DX
	MOVBLSX (DI), R8
	SUBL    R8, DX
	IMULL   DX, DX
	ADDL    DX, AX
	INCQ    SI
	INCQ    DI
	DECQ    CX
	JNZ     tail

done:
	MOVL AX, ret+48(FP)
	RET

// func l2SquaredUint8AVX2(a, b []uint8) uint32
TEXT ·l2SquaredUint8AVX2(SB), NOSPLIT, $0-52
	PROLOGUE
	CMPQ CX, $64
	JB   by16

by64:
	SQD16(VPMOVZXBW, 0, Y0, Y4, Y5)
	SQD16(VPMOVZXBW, 16, Y1, Y6, Y7)
	SQD16(VPMOVZXBW, 32, Y2, Y8, Y9)
	SQD16(VPMOVZXBW, 48, Y3, Y10, Y11)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $64, CX
	CMPQ CX, $64
	JAE  by64

by16:
	CMPQ CX, $16
	JB   reduce

loop16:
	SQD16(VPMOVZXBW, 0, Y0, Y4, Y5)
	ADDQ $16, SI
	ADDQ $16, DI
	SUBQ $16, CX
	CMPQ CX, $16
	JAE  loop16

reduce:
	EPILOGUE_REDUCE
	TESTQ CX, CX
	JZ    done

tail:
	MOVBLZX (SI), DX
	MOVBLZX (DI), R8
	SUBL    R8, DX
	IMULL   DX, DX
	ADDL    DX, AX
	INCQ    SI
	INCQ    DI
	DECQ    CX
	JNZ     tail

done:
	MOVL AX, ret+48(FP)
	RET
