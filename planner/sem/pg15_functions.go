package sem

import (
	_ "embed"
	"strings"
	"sync"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// pg15FunctionsText is PostgreSQL 15's built-in function names, one a
// line (pg15_functions.txt says how it was made).
//
//go:embed pg15_functions.txt
var pg15FunctionsText string

var pg15Functions = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, l := range strings.Split(pg15FunctionsText, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			m[l] = true
		}
	}
	return m
})

// IsPG15Function reports whether name (unqualified or under pg_catalog)
// is a function PostgreSQL 15 has built in.
func IsPG15Function(name string) bool {
	return pg15Functions()[strings.TrimPrefix(name, "pg_catalog.")]
}

// MissingFunction is the error for a call of name with argument types
// argTypes that no signature takes: 0A000 `function name(types) is not
// supported by vecgres` when PostgreSQL 15 has a function of that name
// and vecgres none, else PostgreSQL's 42883 (NoFunction: a name
// PostgreSQL lacks too, or wrong argument types for a function vecgres
// has). The caller adds the position.
func MissingFunction(name string, argTypes []types.Type) *pgerror.Error {
	if IsPG15Function(name) && len(Builtins.Lookup(name)) == 0 {
		return pgerror.NotSupported("function " + name + "(" + typeNames(argTypes) + ")")
	}
	return NoFunction(name, argTypes)
}
