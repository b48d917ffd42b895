package planner

import (
	"sync"
	"sync/atomic"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/monitor"
	"github.com/vecgres/vecgres/wire/backend"
)

// Engine runs statements against one catalog; it implements backend.Engine.
type Engine struct {
	cat      *catalog.Catalog
	sessions atomic.Int64
	// vectorExt is whether CREATE EXTENSION vector has run (extension.go).
	vectorExt atomic.Bool
	// checkSess binds and evaluates CHECK constraints (constraint_check.go).
	checkOnce sync.Once
	checkSess *Session
	// advisory holds the sessions' advisory locks (advisory.go).
	advisory advisoryLocks
}

// NewEngine returns an engine over an opened catalog.
func NewEngine(cat *catalog.Catalog) *Engine {
	en := &Engine{cat: cat}
	cat.SetRowCheck(en.checkRow)
	monitor.SetStatsSource(cat.MonitorStats) // /metrics' index, table and memory gauges
	cat.RLock()
	en.vectorExt.Store(usesExtensionTypes(cat))
	cat.RUnlock()
	return en
}

// NewSession implements backend.Engine.
func (en *Engine) NewSession(params map[string]string) backend.Session {
	en.sessions.Add(1)
	s := &Session{en: en, cat: en.cat, startup: params, settings: newSettings()}
	if app, ok := params["application_name"]; ok {
		s.settings.values["application_name"] = app
	}
	return s
}
