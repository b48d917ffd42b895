package catalog

import "github.com/vecgres/vecgres/sql/pgerror"

// AddPrimaryKey gives t, which has none, the primary key cols named
// name ("" : table_pkey, made unique as PostgreSQL names indexes), as
// ALTER TABLE t ADD [CONSTRAINT name] PRIMARY KEY (cols) does (pg_dump's
// scripts add their keys so, after the data): the key's columns become
// NOT NULL, the existing rows are checked and the key map is filled
// (applyAlter). Schema lock held exclusively, after the planner's ACCESS
// EXCLUSIVE lock. Errors: 42P16 when t has a primary key; 42P07 when
// a relation has the name, 42710 when a constraint of t has it; 23502
// when a key column holds NULL; 23505 "could not create unique index"
// for a duplicated key, with PostgreSQL's DETAIL.
func (c *Catalog) AddPrimaryKey(t *Table, cols []int, name string) error {
	if len(t.PrimaryKey) > 0 {
		return pgerror.Errorf(pgerror.InvalidTableDefinition, "multiple primary keys for table %q are not allowed", bareName(t.Name))
	}
	if name == "" {
		name = c.uniqueName(t.Name + "_pkey")
	}
	if c.RelationExists(name) {
		return pgerror.Errorf(pgerror.DuplicateTable, "relation %q already exists", bareName(name))
	}
	if _, ok := t.Constraint(name); ok {
		return pgerror.Errorf(pgerror.DuplicateObject, "constraint %q for relation %q already exists", bareName(name), bareName(t.Name))
	}
	for _, col := range cols {
		if c.hasNull(t, col) {
			return pgerror.Errorf(pgerror.NotNullViolation, "column %q of relation %q contains null values",
				t.Columns[col].Name, bareName(t.Name)).WithObject(t.Name, t.Columns[col].Name, "")
		}
	}
	if err := c.duplicateKey(t, &Constraint{Kind: ConUnique, Name: name, Columns: cols}); err != nil {
		return err
	}
	nt := c.proposal(t)
	nt.PrimaryKey, nt.PKeyName = cols, name
	for _, col := range cols {
		nt.Columns[col].NotNull = true
	}
	return c.alter(t, nt)
}

// fillPrimaryKey enters every version of t that may be live into its
// primary-key map, and names its index, when ALTER TABLE gave t a
// primary key (applyAlter). Writer lock held.
func (c *Catalog) fillPrimaryKey(t *Table) {
	t.keysMu.Lock()
	defer t.keysMu.Unlock()
	t.pkey = map[string][]uint64{}
	for s := range t.Slots() {
		if v := t.version(s); c.mayBeLive(v) {
			k := pkeyOf(t, t.logical(v.vals))
			t.pkey[k] = append(t.pkey[k], s)
		}
	}
	c.indexes[t.PKeyName] = &Index{Name: t.PKeyName, Table: t, Method: MethodBTree, Column: t.PrimaryKey[0]}
}
