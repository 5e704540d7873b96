// This file defines the engine's errors: the Python exceptions of the
// reference (by class and module) and MuranoPL exceptions.

package dsl

import (
	"errors"
	"fmt"
	"strings"

	"murano.dev/playground/engine/diag"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// PyError is an error the reference raises as a Python exception: Class
// and Module name it as MuranoPL code sees it once wrapped
// ("murano.dsl.exceptions" + "NoClassFound", or a builtin such as
// "ValueError" with no module).
type PyError struct {
	Module, Class, Msg string
	// Path is the place inside a value where a contract failed
	// ("['x'][0]"), kept for the message of the property or argument.
	Path string
}

func (e *PyError) Error() string {
	if e.Msg == "" {
		return e.Class
	}
	return e.Class + ": " + e.Msg
}

// The module of the engine's own exceptions.
const engineModule = "murano.dsl.exceptions"

// engineError returns one of murano.dsl.exceptions' errors.
func engineError(class, format string, args ...any) *PyError {
	return &PyError{Module: engineModule, Class: class, Msg: fmt.Sprintf(format, args...)}
}

// builtinError returns a Python builtin exception (ValueError, TypeError…).
func builtinError(class, format string, args ...any) *PyError {
	return &PyError{Class: class, Msg: fmt.Sprintf(format, args...)}
}

func contractViolation(format string, args ...any) *PyError {
	return engineError("ContractViolationException", format, args...)
}

// Frame is one frame of a MuranoPL stack trace.
type Frame struct {
	Instruction string
	File        string // "" when unknown
	Line, Col   int
	Method      string
	Type        string
	// Package is the full name of the package that defines Type.
	Package string
}

// Exception is a MuranoPL exception: one thrown by Throw, or a Python
// exception of the reference wrapped when it crossed a MuranoPL
// statement (Original is then that exception).
type Exception struct {
	Names   []string
	Message value.Value
	Extra   value.Value
	Cause   *Exception
	Stack   []Frame
	// Original is the wrapped error (nil for Throw).
	Original error
	// stackObj is the io.murano.StackTrace object of the exception.
	stackObj *Object
}

func (*Exception) Type() string { return "MuranoPlException" }

func (e *Exception) Error() string {
	return "[" + strings.Join(e.Names, ", ") + "]: " + e.MessageText()
}

// MessageText returns the message as Python's str() prints it.
func (e *Exception) MessageText() string {
	if e.Message == nil {
		return "None"
	}
	return value.Str(e.Message)
}

// TypeName returns the exception's name as the reference's test
// foundation reports it: the class of the wrapped Python exception, or
// the first MuranoPL name.
func (e *Exception) TypeName() string {
	if e.Original != nil {
		class, _, _ := pythonName(e.Original)
		return class
	}
	if len(e.Names) == 0 {
		return "MuranoPlException"
	}
	return e.Names[0]
}

// Format returns the exception as the reference's format() prints it:
// name, message and the stack trace, innermost frame last.
func (e *Exception) Format() string {
	var b strings.Builder
	e.format(&b, "")
	return b.String()
}

func (e *Exception) format(b *strings.Builder, prefix string) {
	name := ""
	switch len(e.Names) {
	case 0:
	case 1:
		name = e.Names[0]
	default:
		name = value.Repr(namesList(e.Names))
	}
	fmt.Fprintf(b, "%s%s: %s\n%sTraceback (most recent call last):\n", prefix, name, e.MessageText(), prefix)
	for i, f := range e.Stack {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(f.format(prefix + "  "))
	}
	if e.Cause != nil {
		var c strings.Builder
		e.Cause.format(&c, prefix+" ")
		fmt.Fprintf(b, "\n\n%s Caused by %s", prefix, strings.TrimLeft(c.String(), " "))
	}
}

func namesList(names []string) value.Value {
	items := make([]value.Value, len(names))
	for i, n := range names {
		items[i] = value.String(n)
	}
	return value.NewPyList(items)
}

func (f Frame) format(prefix string) string {
	method := f.Method
	if f.Type != "" {
		method += " of type " + f.Type
	}
	if f.File == "" {
		return fmt.Sprintf("%sFile <unknown> in method %s\n%s    %s", prefix, method, prefix, f.Instruction)
	}
	col := ""
	if f.Col >= 0 {
		col = fmt.Sprintf(":%d", f.Col)
	}
	return fmt.Sprintf("%sFile \"%s\", line %d%s in method %s\n%s    %s", prefix, f.File, f.Line, col, method, prefix, f.Instruction)
}

// yaqlModule names the module of yaql's own exception classes.
var yaqlExceptionClasses = map[string]bool{
	yaql.ClassNoFunction: true, yaql.ClassNoMethod: true, yaql.ClassNoMatchingFunc: true,
	yaql.ClassNoMatchingMethod: true, yaql.ClassAmbiguousFunc: true, yaql.ClassAmbiguousMethod: true,
	yaql.ClassMapping: true, yaql.ClassArgument: true, yaql.ClassTooLarge: true, yaql.ClassMemory: true,
	"YaqlParsingException": true, "YaqlGrammarException": true, "YaqlLexicalException": true,
	"ArgumentValueException": true, "InvalidMethodException": true, "WrappedException": true,
}

// engineExceptionClasses are the classes of murano.dsl.exceptions.
var engineExceptionClasses = map[string]bool{
	"DslInvalidOperationError": true, "NoMethodFound": true, "NoPropertyFound": true, "NoClassFound": true,
	"NoPackageFound": true, "NoPackageForClassFound": true, "NoObjectFoundError": true, "MethodNotExposed": true,
	"AmbiguousMethodName": true, "AmbiguousClassName": true, "DslContractSyntaxError": true,
	"ContractViolationException": true, "ValueIsMissingError": true, "DslSyntaxError": true,
	"PropertyAccessError": true, "AmbiguousPropertyNameError": true, "NoWriteAccess": true,
	"NoWriteAccessError": true, "PropertyReadError": true, "PropertyWriteError": true,
	"UninitializedPropertyAccessError": true, "CircularExpressionDependenciesError": true,
	"InvalidLhsTargetError": true, "InvalidInheritanceError": true, "ObjectDestroyedError": true,
}

// loadErrorModules are the modules of the errors of loading packages and
// class files that are not builtins.
var loadErrorModules = map[string]string{
	"PackageClassLoadError": "murano.packages.exceptions",
	"ConstructorError":      "yaml.constructor",
	"ScannerError":          "yaml.scanner",
}

// pythonName returns the Python class, the module ("" for builtins) and
// the message (str(exc)) of an error as the reference would raise it.
func pythonName(err error) (class, module, msg string) {
	var dl diag.List
	if errors.As(err, &dl) && len(dl) > 0 {
		err = dl[0]
	}
	var fe *FatalError
	if errors.As(err, &fe) {
		return fe.Class, "", fe.Msg
	}
	var pe *PyError
	var de *decl.PyError
	var ye *yaql.Error
	var ve *value.Exception
	switch {
	case errors.As(err, &pe):
		return pe.Class, pe.Module, pe.Msg
	case errors.As(err, &de):
		if engineExceptionClasses[de.Class] {
			return de.Class, engineModule, de.Msg
		}
		return de.Class, loadErrorModules[de.Class], de.Msg
	case errors.As(err, &ye):
		if yaqlExceptionClasses[ye.Class] {
			return ye.Class, "yaql.language.exceptions", ye.Msg
		}
		return ye.Class, "", ye.Msg
	case errors.As(err, &ve):
		return ve.Class, "", ve.Message
	}
	return "Exception", "", err.Error()
}

// isFatal reports whether err must not be caught by MuranoPL code: the
// budget, cancellation and recursion limits of this project.
func isFatal(err error) bool {
	for ; err != nil; err = errors.Unwrap(err) {
		switch e := err.(type) {
		case *yaql.Error:
			if e.Class == yaql.ClassBudget || e.Class == yaql.ClassCancelled {
				return true
			}
		case *FatalError:
			return true
		}
	}
	return false
}

// FatalError ends a run: a safety limit of this project was reached.
// MuranoPL code cannot catch it. Class names the limit: CallDepthExceeded,
// Deadlock or InternalError.
type FatalError struct{ Class, Msg string }

func (e *FatalError) Error() string { return e.Msg }

// flow is the internal control flow of method bodies: Return, Break and
// Continue travel as errors up to the construct that handles them.
type flow struct {
	kind  flowKind
	value value.Value
}

type flowKind uint8

const (
	flowReturn flowKind = iota
	flowBreak
	flowContinue
)

func (f *flow) Error() string {
	return [...]string{"Return", "Break", "Continue"}[f.kind] + " outside of its construct"
}
