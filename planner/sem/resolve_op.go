package sem

import "github.com/vecgres/vecgres/sql/types"

// ResolveOperator resolves binary operator op of Operators for operands
// of types l and r (Resolve), and checks what Resolve leaves to the
// caller for polymorphic entries: two anyarray parameters take arrays of
// one type only (PostgreSQL: integer[] = bigint[] does not exist), but
// for || (anycompatiblearray).
// Errors: ErrNoMatch, ErrAmbiguous.
func ResolveOperator(op string, l, r types.Type) (*Func, error) {
	f, err := Operators.Resolve(op, []types.Type{l, r})
	if err != nil {
		return nil, err
	}
	if f.Args[0].Kind == kindAnyArray && f.Args[1].Kind == kindAnyArray && l.Kind != r.Kind && op != "||" {
		return nil, ErrNoMatch
	}
	return f, nil
}

// Converting returns f's implementation for arguments of types ts with
// each argument first converted to f's parameter type where the implicit
// cast changes the value (argConverter).
func (f *Func) Converting(ts []types.Type) Impl {
	impl := f.Impl(ts)
	convs := make([]func(any) any, len(ts))
	converts := false
	for i, t := range ts {
		convs[i] = argConverter(t, f.Param(i))
		converts = converts || convs[i] != nil
	}
	if !converts {
		return impl
	}
	return func(ctx Context, args []any) (any, error) {
		conv := make([]any, len(args))
		for i, v := range args {
			if convs[i] != nil && v != nil {
				v = convs[i](v)
			}
			conv[i] = v
		}
		return impl(ctx, conv)
	}
}
