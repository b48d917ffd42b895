package wire

import "github.com/vecgres/vecgres/wire/backend"

// deallocate carries out DEALLOCATE [ALL] and the statement and portal part
// of DISCARD ALL (docs: SQL commands DEALLOCATE and DISCARD). As in
// PostgreSQL, ALL drops the named prepared statements only (the unnamed
// one lives until the next Parse or simple Query), and the portal running
// the statement stays open. Errors: 26000 when the named statement does
// not exist.
func (c *conn) deallocate(d *backend.Deallocation, running backend.Prepared) error {
	switch {
	case d.All:
		for name := range c.stmts {
			if name != "" {
				delete(c.stmts, name)
			}
		}
	default:
		if _, ok := c.stmts[d.Name]; !ok || d.Name == "" {
			return errNoStatement(d.Name)
		}
		delete(c.stmts, d.Name)
	}
	if d.Portals {
		for name, pt := range c.portals {
			if pt.p != running {
				delete(c.portals, name)
			}
		}
	}
	return nil
}
