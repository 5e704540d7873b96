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

func fnDump(c *yaql.Call) (value.Value, error) { return nil, notImplemented("dump()") }

func (ex *Executor) collectGarbage() error { return notImplemented("GC.collect()") }

// SerializeModel returns the object model rooted at root as the
// reference serialises it.
func (ex *Executor) SerializeModel(root *Object) (value.Value, error) {
	return nil, notImplemented("serialising the object model")
}

// Finalize destroys the objects the model rooted at root no longer
// reaches (executor.finalize).
func (ex *Executor) Finalize(root *Object) error { return notImplemented("finalize") }
