package pgcatalog

import "github.com/vecgres/vecgres/catalog"

// checkCount is pg_class.relchecks: t's CHECK constraints (psql's \d
// table lists "Check constraints:" when it is positive).
func checkCount(t *catalog.Table) int64 {
	var n int64
	for _, k := range t.Constraints {
		if k.Kind == catalog.ConCheck {
			n++
		}
	}
	return n
}

// hasTriggers is pg_class.relhastriggers: t has a foreign key or one
// references it (PostgreSQL's RI triggers; psql's \d table then lists
// foreign keys both ways).
func hasTriggers(cat *catalog.Catalog, t *catalog.Table) bool {
	for _, x := range cat.Tables() {
		for _, k := range x.Constraints {
			if k.Kind == catalog.ConForeign && (x == t || k.RefTable == t.OID) {
				return true
			}
		}
	}
	return false
}
