package dsl

import (
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// notImplemented fails loudly for the parts of the engine still being
// built.
func notImplemented(what string) error {
	return builtinError("NotImplementedError", "%s is not implemented in this playground yet", what)
}

func registerReflection(c *yaql.Context) {}

func fnDump(c *yaql.Call) (value.Value, error) { return nil, notImplemented("dump()") }

func (ex *Executor) collectGarbage() error { return notImplemented("GC.collect()") }
