package planner

import (
	"regexp"
	"strings"
	"sync"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/types"
)

// Finding a sequence once per statement, not once per row. A serial
// column's default (nextval('t_id_seq'::regclass)) and an identity
// column's value are drawn for each inserted row; resolving the
// sequence each time (the name through search_path, the regclass cast
// and back, or every relation searched for the one a column owns) cost
// more than drawing the value. seqCache keeps what was resolved while the
// catalog's version (any DDL, role or grant change), the session user
// and the settings (search_path among them; their version, as
// hotSettings reads it) stay as they were.

// seqCache is a session's resolved sequences (see above).
type seqCache struct {
	valid                     bool
	user                      string
	version, settings, server uint64                      // catalog.Version, settings.version, serverConfGen
	byName                    map[string]seqTarget        // resolveSeq's argument -> its sequence
	owned                     map[ownedCol]*catalog.Table // identity column -> its sequence
}

// ownedCol is a column by its table's OID and position.
type ownedCol struct {
	table uint32
	col   int
}

// seqs returns the session's cache, emptied when the catalog, the user
// or search_path changed since it was filled. Latch held.
func (s *Session) seqs() *seqCache {
	user, version, server := s.startup["user"], s.cat.Version(), serverConfGen.Load()
	c := &s.seqCache
	if !c.valid || c.settings != s.settings.version || c.server != server || c.user != user || c.version != version {
		*c = seqCache{valid: true, user: user, version: version, settings: s.settings.version, server: server,
			byName: map[string]seqTarget{}, owned: map[ownedCol]*catalog.Table{}}
	}
	return c
}

// ownedSeq is the sequence identity column col of t owns, nil for none.
// Latch held.
func (s *Session) ownedSeq(t *catalog.Table, col int) *catalog.Table {
	c := s.seqs()
	k := ownedCol{t.OID, col}
	if seq, ok := c.owned[k]; ok {
		return seq
	}
	var seq *catalog.Table
	if seqs := s.cat.SequencesOwnedBy(t.OID, t.Columns[col].Name); len(seqs) > 0 {
		seq = seqs[0]
	}
	c.owned[k] = seq
	return seq
}

// nextvalDefault matches a default that is one nextval call on a
// sequence named by a literal, as a serial column's.
var nextvalDefault = regexp.MustCompile(`^nextval\('((?:[^']|'')*)'::regclass\)$`)

// nextvalNames caches, for each default text, the sequence name its
// nextval call names ("" when the text is no such call).
var nextvalNames sync.Map // string -> string

// nextvalDefaultName is the sequence name of a column default that is
// one nextval call, false for another default or a column type whose
// value needs more than a range check.
func nextvalDefaultName(c catalog.Column) (string, bool) {
	switch c.Type.Kind {
	case types.KindInt2, types.KindInt4, types.KindInt8:
	default:
		return "", false
	}
	name, ok := nextvalNames.Load(c.DefaultExpr)
	if !ok {
		n := ""
		if m := nextvalDefault.FindStringSubmatch(c.DefaultExpr); m != nil {
			n = strings.ReplaceAll(m[1], "''", "'")
		}
		nextvalNames.Store(c.DefaultExpr, n)
		name = n
	}
	return name.(string), name != ""
}
