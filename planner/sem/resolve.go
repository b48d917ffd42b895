package sem

import (
	"errors"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Param returns the type of f's parameter for argument i (the last
// parameter repeats for a variadic function).
func (f *Func) Param(i int) types.Type {
	if i >= len(f.Args) {
		return f.Args[len(f.Args)-1]
	}
	return f.Args[i]
}

// takes reports whether f accepts n arguments.
func (f *Func) takes(n int) bool {
	if f.Variadic {
		return n >= len(f.Args)
	}
	return n == len(f.Args)
}

// ErrNoMatch and ErrAmbiguous are Resolve's failures: no signature
// takes the arguments (42883), or several do and none is best (42725).
var (
	ErrNoMatch   = errors.New("no signature matches")
	ErrAmbiguous = errors.New("several signatures match")
)

// Resolve picks the signature of name for arguments of types args
// (KindUnknown for an untyped argument) as PostgreSQL 15's
// func_select_candidate (docs §10.3 steps 2 and 4):
//
//  1. the signatures taking len(args) arguments that every argument
//     reaches: typed ones as they are or by an implicit cast
//     (ImplicitCast), untyped ones always (but not as anyarray);
//  2. if one, it; else those with the most arguments matching exactly;
//  3. else those taking the preferred type of the argument's category at
//     the most positions where a typed argument is converted;
//  4. else, at each untyped argument's position, the category the
//     candidates take there (string if any takes one, else the one all
//     take, else ambiguous), and its preferred type if some take it;
//  5. else, when the typed arguments are all of one type, the candidates
//     taking that type at the untyped positions.
//
// Errors: ErrNoMatch, ErrAmbiguous.
func (r *Registry) Resolve(name string, args []types.Type) (*Func, error) {
	var cands []*Func
	for _, c := range r.byName[name] {
		if c.takes(len(args)) && c.fits(args, false) && (c.Check == nil || c.Check(args)) {
			cands = append(cands, c)
		}
	}
	if len(cands) == 0 {
		return nil, ErrNoMatch
	}
	for _, narrow := range []func([]*Func, []types.Type) []*Func{mostExact, mostPreferred, byUnknownCategory, bySameType} {
		if len(cands) == 1 {
			break
		}
		cands = narrow(cands, args)
	}
	if len(cands) != 1 {
		return nil, ErrAmbiguous
	}
	return cands[0], nil
}

// keepMax keeps the candidates of the highest score.
func keepMax(cands []*Func, score func(*Func) int) []*Func {
	best, out := -1, []*Func(nil)
	for _, c := range cands {
		switch s := score(c); {
		case s > best:
			best, out = s, []*Func{c}
		case s == best:
			out = append(out, c)
		}
	}
	return out
}

// mostExact keeps the candidates matching the most typed arguments
// exactly.
func mostExact(cands []*Func, args []types.Type) []*Func {
	return keepMax(cands, func(c *Func) int {
		n := 0
		for i, a := range args {
			if a.Kind != types.KindUnknown && c.Param(i).Kind == a.Kind {
				n++
			}
		}
		return n
	})
}

// mostPreferred keeps the candidates taking the preferred type of the
// argument's category at the most positions where an argument is
// converted.
func mostPreferred(cands []*Func, args []types.Type) []*Func {
	return keepMax(cands, func(c *Func) int {
		n := 0
		for i, a := range args {
			p := c.Param(i)
			if a.Kind == types.KindUnknown || p.Kind == a.Kind {
				continue
			}
			ac, _ := categoryOf(a)
			if pc, pref := categoryOf(p); pc == ac && pref {
				n++
			}
		}
		return n
	})
}

// byUnknownCategory narrows by the untyped arguments' positions (step 4);
// nil when the candidates' categories there leave no choice.
func byUnknownCategory(cands []*Func, args []types.Type) []*Func {
	out := cands
	for i, a := range args {
		if a.Kind != types.KindUnknown {
			continue
		}
		cat, preferred, ok := slotCategory(out, i)
		if !ok {
			return nil
		}
		var keep []*Func
		for _, c := range out {
			pc, pref := categoryOf(c.Param(i))
			if pc == cat && (pref || !preferred) {
				keep = append(keep, c)
			}
		}
		out = keep
	}
	return out
}

// slotCategory is the category candidates take at position i: string if
// any takes a string there, else the one category they all take (ok
// false when they differ); preferred when one of them takes that
// category's preferred type there.
func slotCategory(cands []*Func, i int) (cat category, preferred, ok bool) {
	for n, c := range cands {
		pc, _ := categoryOf(c.Param(i))
		switch {
		case pc == catString || cat == catString:
			cat = catString
		case n == 0:
			cat = pc
		case pc != cat:
			return 0, false, false
		}
	}
	for _, c := range cands {
		if pc, pref := categoryOf(c.Param(i)); pc == cat && pref {
			preferred = true
		}
	}
	return cat, preferred, true
}

// bySameType: when every typed argument has one type, the candidates
// that take it at the untyped positions (PostgreSQL's last heuristic).
func bySameType(cands []*Func, args []types.Type) []*Func {
	var known *types.Type
	for i := range args {
		switch {
		case args[i].Kind == types.KindUnknown:
		case known == nil:
			known = &args[i]
		case known.Kind != args[i].Kind:
			return cands
		}
	}
	if known == nil {
		return cands
	}
	var keep []*Func
	for _, c := range cands {
		ok := true
		for i, a := range args {
			if a.Kind == types.KindUnknown && !fits(c.Param(i), *known, false) {
				ok = false
			}
		}
		if ok {
			keep = append(keep, c)
		}
	}
	return keep
}

func (f *Func) fits(args []types.Type, exact bool) bool {
	for i, a := range args {
		if !fits(f.Param(i), a, exact) {
			return false
		}
	}
	return true
}

func fits(param, arg types.Type, exact bool) bool {
	switch {
	case uncallable(param.Kind):
		return false
	case param.Kind == kindAnyArray:
		return types.IsArray(arg.Kind)
	case param.Kind == kindRegclass:
		c, _ := categoryOf(arg)
		return c == catString || c == catUnknown || arg.Kind == types.KindRegclass
	case param.Kind == kindAny, param.Kind == kindAnyElement, arg.Kind == types.KindUnknown, arg.Kind == param.Kind:
		return true
	}
	return !exact && ImplicitCast(arg.Kind, param.Kind)
}

// Hints returns the types untyped and typed arguments are bound with
// before resolution: the parameter types when exactly one signature of
// name takes n arguments (so '...' is read as that type at once, and -$1
// gets one), else nil (bind without a hint); ValueType of each.
func (r *Registry) Hints(name string, n int) []types.Type {
	var only *Func
	for _, c := range r.byName[name] {
		if c.takes(n) {
			if only != nil {
				return nil
			}
			only = c
		}
	}
	if only == nil {
		return nil
	}
	hints := make([]types.Type, n)
	for i := range hints {
		hints[i] = ValueType(only.Param(i))
	}
	return hints
}

// NotUnique is PostgreSQL's 42725 for a call that several signatures
// take equally well: `function round(unknown) is not unique`.
func NotUnique(name string, argTypes []types.Type) *pgerror.Error {
	return pgerror.Errorf(pgerror.AmbiguousFunction, "function %s(%s) is not unique", name, typeNames(argTypes)).
		WithHint("Could not choose a best candidate function. You might need to add explicit type casts.")
}

func typeNames(ts []types.Type) string {
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = t.Name()
	}
	return strings.Join(names, ", ")
}

// NoFunction is PostgreSQL's 42883 for a call that no signature takes:
// `function name(integer, unknown) does not exist` with its hint; the
// caller adds the position.
func NoFunction(name string, argTypes []types.Type) *pgerror.Error {
	return pgerror.Errorf(pgerror.UndefinedFunction, "function %s(%s) does not exist", name, typeNames(argTypes)).
		WithHint("No function matches the given name and argument types. You might need to add explicit type casts.")
}
