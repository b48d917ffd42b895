package sem

import (
	"crypto/rand"

	"github.com/vecgres/vecgres/sql/types"
)

// miscFuncs are other built-in functions of PostgreSQL that pgvector
// users call: gen_random_uuid (docs 9.14).
var miscFuncs = []Func{
	{Name: "gen_random_uuid", Ret: types.UUIDType, Volatility: Volatile,
		Fn: func(Context, []any) (any, error) { return RandomUUID(), nil }},
}

// RandomUUID returns a version 4 (random) UUID, RFC 4122 section 4.4:
// 122 random bits from crypto/rand, version nibble 4, variant bits 10.
func RandomUUID() types.UUID {
	var u types.UUID
	_, _ = rand.Read(u[:]) // crypto/rand.Read never fails (Go 1.24+)
	u[6] = u[6]&0x0f | 0x40
	u[8] = u[8]&0x3f | 0x80
	return u
}
