package pgcatalog

// The catalogs of views_psql.go hold no rows by design: no role
// memberships, statistics objects or publications exist.
func init() {
	for name := range emptyPsqlViews {
		emptyByDesign[name] = true
	}
}
