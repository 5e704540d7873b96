// This file defines the flavours: the engine and root context combinations
// under which the reference evaluates YAQL.

package std

import (
	"fmt"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/syntax"
)

// Flavor names an engine and root context combination of the reference.
type Flavor string

// The flavours.
const (
	// Plain is the yaql command line: yaql 2.0 syntax and library.
	Plain Flavor = "plain"
	// Legacy is the yaql command line with --legacy: yaql 0.2 syntax and
	// library.
	Legacy Flavor = "legacy"
	// Murano is MuranoPL's engine for package formats 1.2 to 1.4.
	Murano Flavor = "murano"
	// MuranoLegacy is MuranoPL's engine for package formats 1.0 and 1.1:
	// the yaql 2.0 syntax with the yaql 0.2 library.
	MuranoLegacy Flavor = "murano-legacy"
	// Tests, TestsLegacy and TestsLegacyNew are the set-ups of yaql's own
	// test suite (eval, legacy_eval and legacy_eval_new_engine).
	Tests          Flavor = "tests"
	TestsLegacy    Flavor = "tests-legacy"
	TestsLegacyNew Flavor = "tests-legacy-new"
)

// Flavors lists every flavour.
var Flavors = []Flavor{Plain, Legacy, Murano, MuranoLegacy, Tests, TestsLegacy, TestsLegacyNew}

// Setup changes a flavour's defaults.
type Setup struct {
	// AllowDelegates accepts value(args) calls (the command line's -A).
	AllowDelegates bool
	// Options, when set, replaces the flavour's engine options; the
	// options a flavour forces (legacy's iterableDicts) still apply.
	Options *yaql.Options
}

// DefaultOptions returns the engine options the reference uses for a
// flavour.
func DefaultOptions(f Flavor) yaql.Options {
	switch f {
	case Tests, TestsLegacyNew:
		return yaql.Options{LimitIterators: 100, MemoryQuota: 20000, ConvertTuplesToLists: true, ConvertSetsToLists: true}
	case TestsLegacy:
		return yaql.Options{LimitIterators: 100, MemoryQuota: 20000}
	case Murano:
		return yaql.Options{LimitIterators: 2000, MemoryQuota: 512 * 1024, ConvertSetsToLists: true, ConvertTuplesToLists: true}
	case MuranoLegacy:
		return yaql.Options{LimitIterators: 2000, MemoryQuota: 512 * 1024, ConvertSetsToLists: true, ConvertTuplesToLists: true, IterableDicts: true}
	}
	return yaql.Options{LimitIterators: 1000, MemoryQuota: 100000, ConvertSetsToLists: true}
}

// Hooks set by the files that define the legacy and MuranoPL layers.
var (
	legacyLayer func(c *yaql.Context)
	muranoLayer func(c *yaql.Context, legacyRuntime bool)
)

// NewFlavor returns the engine and the root context of a flavour.
func NewFlavor(f Flavor, s Setup) (*yaql.Engine, *yaql.Context, error) {
	opts := DefaultOptions(f)
	if s.Options != nil {
		opts = *s.Options
	}
	var d syntax.Dialect
	var ctx *yaql.Context
	switch f {
	case Plain:
		d = syntax.Dialect{AllowDelegates: s.AllowDelegates}
		ctx = NewContext(Options{})
	case Tests:
		d = syntax.Dialect{AllowDelegates: true}
		ctx = NewContext(Options{Delegates: true})
	case Legacy, TestsLegacy, TestsLegacyNew:
		d = syntax.Dialect{Legacy: f != TestsLegacyNew, AllowDelegates: s.AllowDelegates || f == TestsLegacyNew}
		if d.Legacy {
			opts.ConvertTuplesToLists, opts.IterableDicts = false, true
		}
		if legacyLayer == nil {
			return nil, nil, fmt.Errorf("yaql: the legacy library is not built in")
		}
		ctx = NewContext(Options{}).Child()
		legacyLayer(ctx)
		if f == Legacy {
			ctx.Set("legacy", value.Bool(true))
		}
	case Murano, MuranoLegacy:
		d = syntax.Dialect{Murano: true, AllowDelegates: s.AllowDelegates}
		if muranoLayer == nil || (f == MuranoLegacy && legacyLayer == nil) {
			return nil, nil, fmt.Errorf("yaql: the MuranoPL library is not built in")
		}
		ctx = NewContext(Options{NoFinalizer: true})
		if f == MuranoLegacy {
			ctx = ctx.Child()
			legacyLayer(ctx)
		}
		ctx = ctx.Child()
		muranoLayer(ctx, f == MuranoLegacy)
	default:
		return nil, nil, fmt.Errorf("yaql: unknown flavour %q (want one of plain, legacy, murano, murano-legacy)", f)
	}
	return yaql.NewEngine(d, opts), ctx, nil
}
