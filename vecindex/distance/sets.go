package distance

// floatSet is one implementation of the float32 kernels.
type floatSet struct {
	name    string
	missing string // CPU feature this machine lacks; "" when runnable
	l2      func(a, b []float32) float32
	dot     func(a, b []float32) float32
	l1      func(a, b []float32) float32
	cosine  func(a, b []float32) (dot, na, nb float32)
	l2u8    func(a []float32, b []uint8) float32
}

// quantSet is one implementation of the byte kernels.
type quantSet struct {
	name    string
	missing string
	dotI8   func(a, b []int8) int32
	l2I8    func(a, b []int8) int32
	dotU8   func(a, b []uint8) uint32
	l2U8    func(a, b []uint8) uint32
}

// hammingSet is one implementation of HammingUint64 and AndOrUint64.
type hammingSet struct {
	name    string
	missing string
	fn      func(a, b []uint64) int
	andOr   func(a, b []uint64) (inter, union int)
}

var (
	goFloat   = floatSet{name: "go", l2: l2SquaredGo, dot: dotGo, l1: l1Go, cosine: cosinePartsGo, l2u8: l2SquaredFloatUint8Go}
	goQuant   = quantSet{name: "go", dotI8: dotInt8Go, l2I8: l2SquaredInt8Go, dotU8: dotUint8Go, l2U8: l2SquaredUint8Go}
	goHamming = hammingSet{name: "go", fn: hammingUint64Go, andOr: andOrUint64Go}
)

// chosen records which set each kernel family runs on.
var chosen = struct{ float, quant, hamming string }{"go", "go", "go"}

func (s floatSet) install() {
	L2Squared, Dot, L1, CosineParts = s.l2, s.dot, s.l1, s.cosine
	L2SquaredFloatUint8 = s.l2u8
	chosen.float = s.name
}

func (s quantSet) install() {
	DotInt8, L2SquaredInt8, DotUint8, L2SquaredUint8 = s.dotI8, s.l2I8, s.dotU8, s.l2U8
	chosen.quant = s.name
}

func (s hammingSet) install() {
	HammingUint64, AndOrUint64 = s.fn, s.andOr
	chosen.hamming = s.name
}

// installFastest installs, per family, the first set of the list whose CPU
// features are present. Lists are ordered fastest first.
func installFastest(fs []floatSet, qs []quantSet, hs []hammingSet) {
	for _, s := range fs {
		if s.missing == "" {
			s.install()
			break
		}
	}
	for _, s := range qs {
		if s.missing == "" {
			s.install()
			break
		}
	}
	for _, s := range hs {
		if s.missing == "" {
			s.install()
			break
		}
	}
}

// halfSet is one implementation of the half kernels (kernels.go).
type halfSet struct {
	name     string
	missing  string
	l2       func(a, b []uint16) float32
	dot      func(a, b []uint16) float32
	l1       func(a, b []uint16) float32
	cosine   func(a, b []uint16) (dot, na, nb float32)
	l2Float  func(a []float32, b []uint16) float32
	dotFloat func(a []float32, b []uint16) float32
	l1Float  func(a []float32, b []uint16) float32
}

var goHalf = halfSet{name: "go", l2: l2SquaredHalfGo, dot: dotHalfGo, l1: l1HalfGo, cosine: cosinePartsHalfGo,
	l2Float: l2SquaredFloatHalfGo, dotFloat: dotFloatHalfGo, l1Float: l1FloatHalfGo}

// chosenHalf names the set the half kernels run on.
var chosenHalf = "go"

func (s halfSet) install() {
	L2SquaredHalf, DotHalf, L1Half, CosinePartsHalf = s.l2, s.dot, s.l1, s.cosine
	L2SquaredFloatHalf, DotFloatHalf, L1FloatHalf = s.l2Float, s.dotFloat, s.l1Float
	chosenHalf = s.name
}

// installFastestHalf installs the first runnable set of hs (fastest first).
func installFastestHalf(hs []halfSet) {
	for _, s := range hs {
		if s.missing == "" {
			s.install()
			return
		}
	}
}

// HalfImplementation names the instruction set behind the half kernels:
// "avx512" (AVX512F+BW+VL), "avx2" (AVX2+FMA+F16C) or "go".
func HalfImplementation() string { return chosenHalf }
