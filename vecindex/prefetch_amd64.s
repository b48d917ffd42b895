//go:build !noasm

#include "textflag.h"

// func prefetchLines(p unsafe.Pointer, lines int)
// Issues PREFETCHT0 for lines consecutive 64-byte lines from p (lines >= 1).
TEXT ·prefetchLines(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), AX
	MOVQ lines+8(FP), CX
loop:
	PREFETCHT0 (AX)
	ADDQ $64, AX
	DECQ CX
	JNZ  loop
	RET
