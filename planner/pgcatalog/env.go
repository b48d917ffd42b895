package pgcatalog

import "github.com/vecgres/vecgres/catalog"

// Env is what a catalog view (VirtualTable) is answered from. The caller holds the catalog lock (shared) while it
// reads Cat.
type Env struct {
	Cat      *catalog.Catalog
	User     string // session user: owner of every object
	Database string // database the client connected to
	// Settings lists the session's settings for pg_settings; nil lists
	// none.
	Settings func() []Setting
	// Visible reports whether search_path finds the relation with a
	// catalog name by its bare name (pg_get_indexdef's pretty output
	// leaves such a table's schema out); nil: every relation is.
	Visible func(key string) bool
}
