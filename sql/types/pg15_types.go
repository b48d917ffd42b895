package types

import (
	_ "embed"
	"strings"
	"sync"
)

// pg15TypesText is PostgreSQL 15's built-in type names, one a line
// (pg15_types.txt says how it was made).
//
//go:embed pg15_types.txt
var pg15TypesText string

var pg15Types = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, l := range strings.Split(pg15TypesText, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			m[l] = true
		}
	}
	return m
})

// IsPG15Type reports whether name (unqualified or under pg_catalog) is
// a type PostgreSQL 15 has built in.
func IsPG15Type(name string) bool {
	return pg15Types()[strings.TrimPrefix(name, "pg_catalog.")]
}
