package engine

import (
	"context"
	"errors"
	"io/fs"

	"murano.dev/playground/engine/value"
)

// RunRequest is one call into MuranoPL code, as `muranopl run` and the
// reference oracle (oracle.py dsl) make it: load the classes, optionally
// an object model, then call one method on an object or a class.
type RunRequest struct {
	// Classes is a folder of class files without a manifest (every .yaml
	// file, recursively), loaded as one package named PackageName.
	Classes fs.FS
	// Packages is a folder of packages (each a folder with manifest.yaml).
	// Exactly one of Classes and Packages is set.
	Packages fs.FS
	// PackageName names the Classes package; "" means "tests".
	PackageName string
	// CoreLibrary is the io.murano core library (its extracted folder or
	// an io.murano.zip opened as fs.FS); nil means [LocateCoreLibrary].
	CoreLibrary fs.FS
	// Runtime is the MuranoPL format "1.0" … "1.4" of the Classes package
	// and of the core library; "" means 1.0 (as murano's test foundation).
	Runtime string
	// Model is an object model: a single object definition ({"?": {type,
	// id}, props…}) or a whole deployment model ({"Objects": …,
	// "ObjectsCopy": …, "Attributes": […]}). Nil: no model.
	Model value.Value
	// ObjectID picks the receiver inside Model (default: its root object).
	ObjectID string
	// Class names the class to instantiate (with Props) or, with Static,
	// the class whose static method is called. Needed without Model.
	Class  string
	Static bool
	Props  *value.Dict
	// Method is the method to call; "" only loads the model.
	Method string
	Args   []value.Value
	Kwargs *value.Dict
	// ExposeAll allows calling methods that are not Scope: Public (methods
	// named test* are always callable, as in murano's test foundation).
	ExposeAll bool
	// DumpModel adds the serialised object model to the result.
	DumpModel bool
	// Finalize runs the executor's finalisation (.destroy of unreachable
	// objects) after the call.
	Finalize bool
}

// RunResult is the outcome of a [RunRequest]. Its JSON form is the CLI's
// contract: {"ok": true, "result", "traces", "log"[, "model"]} or {"ok":
// false, "error": {"type", "message"}, "traces", "log"}.
type RunResult struct {
	OK     bool
	Result value.Value
	Error  *RunError
	// Traces are the values passed to trace(), in call order.
	Traces []value.Value
	// Log holds the records of MuranoPL loggers.
	Log []LogRecord
	// Model is the serialised object model (DumpModel), nil otherwise.
	Model value.Value
}

// RunError is a MuranoPL exception that ended the call.
type RunError struct {
	// Type is the exception's name as the reference gives it:
	// "ContractViolationException", "NoClassFound", … for engine errors,
	// the (resolved) name given to Throw for MuranoPL exceptions.
	Type    string
	Message string
	// Names are the MuranoPL exception names (Throw's list, or the
	// wrapped Python exception's module-qualified class name).
	Names []string
	Extra value.Value
	// Stack is the MuranoPL stack trace, innermost frame last.
	Stack []StackFrame
}

// StackFrame is one frame of a MuranoPL stack trace.
type StackFrame struct {
	Class, Method string
	File          string
	Line, Col     int
	Instruction   string
}

// LogRecord is one record of a MuranoPL logger.
type LogRecord struct {
	Level   string // DEBUG, INFO, WARNING, ERROR, CRITICAL
	Logger  string // "applications." + the logger's name
	Message string
}

// ErrNotImplemented is returned while the MuranoPL engine is being built.
var ErrNotImplemented = errors.New("muranopl: the MuranoPL engine is not wired in yet")

// RunMuranoPL performs the request. The error is for a request that
// cannot be carried out (no core library, an unreadable folder, a bad
// runtime); MuranoPL failures are in the result.
func RunMuranoPL(ctx context.Context, req RunRequest) (*RunResult, error) {
	return nil, ErrNotImplemented
}
