package types

// TypmodIn is the typmod input function of the type named name (as
// pg_query spells it: "vector", "halfvec", "sparsevec", ...) applied to
// the integer modifiers mods: the typmod, or that function's error
// (22023 "invalid type modifier", "dimensions for type vector must be at
// least 1", ...). It is what `name(mods...)` in a type name checks, and
// what pgvector's vector_typmod_in(cstring[]) returns.
func TypmodIn(name string, mods []int32) (int32, error) {
	t, err := typmodIn(name, typeNames[name], mods)
	return t.Typmod, err
}
