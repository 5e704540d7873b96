package dsl

// notImplemented fails loudly for the parts of the engine still being
// built.
func notImplemented(what string) error {
	return builtinError("NotImplementedError", "%s is not implemented in this playground yet", what)
}
