package pgcatalog

// The catalogs of views_dump.go but pg_init_privs hold no rows by
// design: no text search, foreign data, transforms, event triggers,
// partitioning, subscriptions, security labels or shared comments exist.
func init() {
	for name := range emptyDumpViews {
		if name != "pg_init_privs" {
			emptyByDesign[name] = true
		}
	}
}
