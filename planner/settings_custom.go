package planner

import (
	"slices"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Custom settings (PostgreSQL docs 20.16 "Customized Options"): SET,
// RESET and set_config of an unknown name with a dot create a placeholder
// (an unchecked string setting, empty until set, kept for the session)
// unless the name is not dot-separated simple identifiers, or its prefix
// is one an extension reserved when it loaded. pgvector reserves its
// prefixes (MarkGUCPrefixReserved in its _PG_init), so hnsw.ef_serach is
// an error, not a placeholder. SHOW and current_setting never create one:
// an unknown name is 42704.

// reservedPrefixes are the custom-setting prefixes pgvector reserves.
var reservedPrefixes = []string{"hnsw", "ivfflat"}

// checkPlaceholder returns nil when name, which is not a known setting,
// may be a placeholder, else PostgreSQL 15's error (guc.c find_option):
// 42704 `unrecognized configuration parameter "x"` without a dot, 42602
// `invalid configuration parameter name "a..b"` with DETAIL "Custom
// parameter names must be two or more simple identifiers separated by
// dots." or, for a reserved prefix, DETAIL `"hnsw" is a reserved prefix.`
func checkPlaceholder(name string) error {
	prefix, _, dotted := strings.Cut(name, ".")
	if !dotted {
		return unrecognized(name)
	}
	invalid := pgerror.Errorf(pgerror.InvalidName, "invalid configuration parameter name \"%s\"", name)
	if !validCustomName(name) {
		return invalid.WithDetail("Custom parameter names must be two or more simple identifiers separated by dots.")
	}
	if slices.Contains(reservedPrefixes, prefix) {
		return invalid.WithDetail("\"" + prefix + "\" is a reserved prefix.")
	}
	return nil
}

// validCustomName reports whether name is two or more simple identifiers
// separated by dots: each starts with a letter, '_' or a byte >= 0x80 and
// goes on with those, digits and '$' (guc.c valid_custom_variable_name).
func validCustomName(name string) bool {
	parts := strings.Split(name, ".")
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if p == "" || !identStart(p[0]) {
			return false
		}
		for i := 1; i < len(p); i++ {
			if c := p[i]; !identStart(c) && (c < '0' || c > '9') && c != '$' {
				return false
			}
		}
	}
	return true
}

func identStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80
}
