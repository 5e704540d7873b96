// Package std is YAQL's standard library: the functions of yaql 2.0's
// create_context (system, common, boolean, strings, math, collections,
// queries, regex, branching, date_time), the yaql 0.2 compatibility layer
// (legacy) and the MuranoPL additions that need no MuranoPL runtime.
//
// Each library file registers its functions with [yaql.Context.Register];
// names, parameter names, defaults and method/function forms are the
// reference's, so expressions written for the reference run unchanged.
package std

import (
	"errors"
	"sort"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// Options select what NewContext provides.
type Options struct {
	// Delegates adds lambda() and calling values, value(args).
	Delegates bool
	// NoSets leaves out the set functions.
	NoSets bool
	// NoFinalizer leaves out the default #finalize and #iter, for callers
	// that register their own finalizer.
	NoFinalizer bool
}

// library is one file's set of functions, registered in the reference's
// order.
type library struct {
	order    int
	name     string
	register func(c *yaql.Context, o Options)
}

var libraries []library

// The registration order of the reference's create_context.
const (
	orderSystem = iota
	orderCommon
	orderBoolean
	orderStrings
	orderMath
	orderCollections
	orderQueries
	orderRegex
	orderBranching
	orderDateTime
)

func addLibrary(order int, name string, register func(*yaql.Context, Options)) {
	libraries = append(libraries, library{order, name, register})
	sort.SliceStable(libraries, func(i, j int) bool { return libraries[i].order < libraries[j].order })
}

// NewContext returns the standard context: a root holding the finalizer
// and the fallback property access, and a child holding the libraries.
func NewContext(o Options) *yaql.Context {
	root := yaql.NewContext()
	if !o.NoFinalizer {
		root.Register(iterFunc, finalizeFunc)
	}
	root.Register(getPropertyFunc)
	c := root.Child()
	for _, l := range libraries {
		l.register(c, o)
	}
	return c
}

var iterFunc = yaql.Fn("#iter", func(c *yaql.Call) (value.Value, error) { return c.Args[0], nil },
	yaql.P("iterator", yaql.Iterable))

var finalizeFunc = yaql.Fn("#finalize", func(c *yaql.Call) (value.Value, error) {
	if c.RT.Engine.Options.KeepOutputData {
		return c.Args[0], nil
	}
	return c.RT.ConvertOutput(c.Ctx, c.Args[0])
}, yaql.P("obj", yaql.Any))

// raised turns an exception the engine/internal packages raise (a
// [value.Exception]) into a YAQL error of the same class, as the
// functions of this package return them.
func raised(err error) error {
	var ex *value.Exception
	if errors.As(err, &ex) {
		return yaql.Raise(ex.Class, "%s", ex.Message)
	}
	return err
}
