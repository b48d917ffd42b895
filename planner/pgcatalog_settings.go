package planner

import (
	"sort"

	"github.com/vecgres/vecgres/planner/pgcatalog"
)

// settingList is the session's settings as pg_settings lists them, by
// name: each known setting with its value, its reset value, its built-in
// default and its source (session for a SET value, client for one the
// startup packet gave, default otherwise).
func (s *Session) settingList() []pgcatalog.Setting {
	st := s.settings
	names := make([]string, 0, len(knownSettings))
	for n := range knownSettings {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return displayName(names[i]) < displayName(names[j]) })
	out := make([]pgcatalog.Setting, 0, len(names))
	for _, n := range names {
		v, _ := st.get(n)
		reset, _ := st.defaultOf(n)
		boot := knownSettings[n].def
		if k := knownSettings[n]; k.server != nil {
			boot = k.server()
		} else if k.serverDef != nil {
			boot = k.serverDef()
		}
		source := "default"
		if _, ok := st.values[n]; ok {
			source = "session"
		} else if _, ok := st.base[n]; ok {
			source = "client"
		}
		set := pgcatalog.Setting{Name: displayName(n), Value: v, Reset: reset, Boot: boot, Source: source}
		serverSource(&set, n) // settings_server.go
		out = append(out, set)
	}
	return out
}

// displayName is a setting's name as PostgreSQL spells it (DateStyle).
func displayName(n string) string {
	if r, ok := reportedNames[n]; ok {
		return r
	}
	return n
}
