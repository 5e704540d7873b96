package engine

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"murano.dev/playground/engine/corelib"
	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/pkg"
	"murano.dev/playground/engine/system"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/std"
)

// RunRequest is one call into MuranoPL code, as `muranopl run` and the
// reference oracle (oracle.py dsl) make it: load the classes, optionally
// an object model, then call one method on an object or a class.
type RunRequest struct {
	// Classes is a folder of class files without a manifest (every .yaml
	// file, recursively), loaded as one package named PackageName.
	Classes fs.FS
	// Packages is a folder of packages (each a folder with manifest.yaml).
	// Exactly one of Classes and Packages (or Opened) is set.
	Packages fs.FS
	// Opened are packages already open (the page's), loaded as those of
	// Packages are; with Packages or instead of it.
	Opened []*Package
	// System gives the run the platform of a test run ([RunTests]): the
	// system classes (io.murano.system …) and the core library's host
	// functions (config() …) in a world without a cloud, and the
	// project's io.murano.applications unless a package of that name is
	// loaded. Without it they are missing (the reference oracle has
	// murano's own, which try to reach a cloud).
	System bool
	// PackageName names the Classes package; "" means "tests".
	PackageName string
	// CoreLibrary is the io.murano core library (its extracted folder or
	// an io.murano.zip opened as fs.FS); nil means the project's own
	// ([OwnCoreLibrary]).
	CoreLibrary fs.FS
	// Runtime is the MuranoPL format "1.0" … "1.4" of the Classes package
	// and of the core library; "" means 1.0 (as murano's test foundation).
	Runtime string
	// Model is an object model: a single object definition ({"?": {type,
	// id}, props…}) or a whole deployment model ({"Objects": …,
	// "ObjectsCopy": …, "Attributes": […]}). Nil: no model.
	Model Value
	// ObjectID picks the receiver inside Model (default: its root object).
	ObjectID string
	// Class names the class to instantiate (with Props) or, with Static,
	// the class whose static method is called. Needed without Model.
	Class  string
	Static bool
	Props  *Dict
	// Method is the method to call; "" only loads the model.
	Method string
	Args   []Value
	Kwargs *Dict
	// ExposeAll allows calling the methods of the Classes package (or of
	// the first of Opened) that have no Scope or Usage of their own; others
	// must be Scope: Public (methods named test* of the Classes package are
	// always callable, as in murano's test foundation).
	ExposeAll bool
	// DumpModel adds the serialised object model to the result.
	DumpModel bool
	// Finalize runs the executor's finalisation (.destroy of unreachable
	// objects) after the call.
	Finalize bool
	// Logged, when set, hears of each logger record as it is written.
	Logged func(LogRecord)
	// MaxSteps bounds the work of the whole run (statements, yaql function
	// calls and collection elements, counted together); 0 means
	// [DefaultMuranoPLSteps]. A run that uses it up fails with the error
	// type BudgetExceeded.
	MaxSteps int64
}

// DefaultMuranoPLSteps is the step budget of a run that sets none: a few
// seconds of work, far more than the core library's workflows need, so
// that an endless loop ends with a BudgetExceeded error.
const DefaultMuranoPLSteps = 10_000_000

// RunResult is the outcome of a [RunRequest]. Its JSON form is the CLI's
// contract: {"ok": true, "result", "traces", "log"[, "model"]} or {"ok":
// false, "error": {"type", "message"}, "traces", "log"}.
type RunResult struct {
	OK     bool
	Result Value
	Error  *RunError
	// Traces are the values passed to trace(), in call order.
	Traces []Value
	// Log holds the records of MuranoPL loggers.
	Log []LogRecord
	// Model is the serialised object model (DumpModel), nil otherwise.
	Model Value
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
	Extra Value
	// Stack is the MuranoPL stack trace, innermost frame last.
	Stack []StackFrame
	// Cause is the exception given as Throw's Cause, if any.
	Cause *RunError
	// Where are the errors of loading class files and packages that
	// caused this one, each "file:line:col: message" (the column is
	// missing when only the line is known).
	Where []string
}

// StackFrame is one frame of a MuranoPL stack trace.
type StackFrame struct {
	Class, Method string
	// Package is the full name of the package that defines Class, whose
	// File (relative to the package) the frame is in.
	Package     string
	File        string
	Line, Col   int
	Instruction string
}

// LogRecord is one record of a MuranoPL logger.
type LogRecord struct {
	Level   string `json:"level"`  // DEBUG, INFO, WARNING, ERROR, CRITICAL
	Logger  string `json:"logger"` // "applications." + the logger's name
	Message string `json:"message"`
}

// ErrNotImplemented is returned for requests the engine cannot carry out
// yet.
var ErrNotImplemented = errors.New("muranopl: not implemented yet")

// RunMuranoPL performs the request. The error is for a request that
// cannot be carried out (no core library, an unreadable folder, a bad
// runtime); MuranoPL failures are in the result.
func RunMuranoPL(ctx context.Context, req RunRequest) (*RunResult, error) {
	runtime := decl.V1_0
	if req.Runtime != "" {
		v, err := decl.ParseVersion(req.Runtime)
		if err != nil {
			return nil, err
		}
		runtime = v
	}
	coreFS := req.CoreLibrary
	if coreFS == nil {
		coreFS = corelib.FS()
	}
	res := &RunResult{Traces: []Value{}, Log: []LogRecord{}}
	var pkgs []*pkg.Package
	testPackage, exposed := "", ""
	switch {
	case req.Classes != nil:
		classes, err := fs.Sub(coreFS, "Classes")
		if err != nil {
			return nil, err
		}
		core, err := pkg.ClassFolder(dsl.CoreLibrary, classes, runtime)
		if err != nil {
			return loadFailure(res, err), nil
		}
		name := req.PackageName
		if name == "" {
			name = "tests"
		}
		user, err := pkg.ClassFolder(name, req.Classes, runtime)
		if err != nil {
			return loadFailure(res, err), nil
		}
		pkgs = append(pkgs, core, user)
		testPackage, exposed = name, name
	case req.Packages != nil || req.Opened != nil:
		core, err := pkg.Open(coreFS)
		if err != nil {
			return nil, err
		}
		pkgs = append(pkgs, core)
		var entries []fs.DirEntry
		if req.Packages != nil {
			if entries, err = fs.ReadDir(req.Packages, "."); err != nil {
				return nil, err
			}
		}
		for _, e := range entries {
			if !e.IsDir() {
				continue
			}
			sub, err := fs.Sub(req.Packages, e.Name())
			if err != nil {
				return nil, err
			}
			if _, err := fs.Stat(sub, "manifest.yaml"); err != nil {
				continue
			}
			p, err := pkg.Open(sub)
			if err != nil {
				return loadFailure(res, err), nil
			}
			pkgs = append(pkgs, p)
		}
		pkgs = append(pkgs, req.Opened...)
		if req.ExposeAll && len(req.Opened) > 0 {
			exposed = req.Opened[0].Name()
		}
	default:
		return nil, errors.New("muranopl: give a folder of classes or a folder of packages")
	}
	ids := 0
	opts := dsl.Options{
		Functions: []*yaql.Func{yaql.Fn("trace", func(c *yaql.Call) (Value, error) {
			v, err := std.MuranoMutable(c.RT, c.Args[0])
			if err != nil {
				return nil, err
			}
			res.Traces = append(res.Traces, v)
			return value.Null, nil
		}, yaql.P("data", yaql.Any))},
		NewID: func() string {
			ids++
			return fmt.Sprintf("%032x", ids)
		},
		Log: func(r dsl.LogRecord) {
			res.Log = append(res.Log, LogRecord(r))
			if req.Logged != nil {
				req.Logged(LogRecord(r))
			}
		},
		TestPackage:    exposed,
		TestFoundation: testPackage != "",
		ExposeAll:      req.ExposeAll,
		MaxSteps:       cmp.Or(req.MaxSteps, DefaultMuranoPLSteps),
	}
	if req.System {
		var err error
		if pkgs, err = withApplications(pkgs); err != nil {
			return nil, err
		}
		host := testHost()
		opts.Natives, opts.CoreFunctions = system.Natives(host), system.CoreFunctions(host)
	}
	ex := dsl.NewExecutor(ctx, pkg.NewLoader(pkgs...), opts)
	for _, p := range pkgs {
		ex.AddPackage(p)
	}
	if err := runRequest(ex, req, res); err != nil {
		res.OK = false
		res.Result = nil
		res.Error = runError(err)
	}
	return res, nil
}

func runRequest(ex *dsl.Executor, req RunRequest, res *RunResult) error {
	model := req.Model
	if model == nil && req.Class != "" && !req.Static {
		hdr := value.NewDict(2)
		hdr.SetString("type", value.String(req.Class))
		hdr.SetString("id", value.String(ex.NewID()))
		d := value.NewDict(1)
		d.SetString("?", hdr)
		if req.Props != nil {
			for i, k := range req.Props.Keys() {
				d.Set(k, req.Props.Values()[i])
			}
		}
		model = d
	}
	var root *dsl.Object
	if model != nil {
		md, ok := value.WithLists(model, true).(*Dict)
		if !ok {
			return errors.New("the object model must be a JSON object")
		}
		if _, ok := md.GetString("Objects"); !ok {
			wrapped := value.NewDict(1)
			wrapped.SetString("Objects", md)
			md = wrapped
		}
		r, err := ex.LoadModel(md)
		if err != nil {
			return err
		}
		root = r
		if _, ok := md.GetString("ObjectsCopy"); ok {
			if _, err := ex.Cleanup(); err != nil {
				return err
			}
		}
	}
	var receiver any
	if req.Static {
		c, err := ex.FindClass(req.Class)
		if err != nil {
			return err
		}
		receiver = c
	} else {
		if root != nil {
			receiver = root
		}
		if req.ObjectID != "" {
			if o := ex.Object(req.ObjectID); o != nil {
				receiver = o
			} else {
				receiver = nil
			}
		}
	}
	res.OK = true
	res.Result = value.Null
	if req.Method != "" {
		if receiver == nil {
			return dsl.PyErr("AttributeError", "'NoneType' object has no attribute 'type'")
		}
		var kws []yaql.KeywordArg
		if req.Kwargs != nil {
			for i, k := range req.Kwargs.Keys() {
				kws = append(kws, yaql.KeywordArg{Name: value.Str(k), Value: value.WithLists(req.Kwargs.Values()[i], true)})
			}
		}
		args := make([]Value, len(req.Args))
		for i, a := range req.Args {
			args[i] = value.WithLists(a, true)
		}
		v, err := ex.Call(receiver, req.Method, args, kws)
		if err != nil {
			return err
		}
		res.Result = v
	}
	if req.DumpModel && root != nil {
		m, err := ex.SerializeModel(root)
		if err != nil {
			return err
		}
		res.Model = m
	}
	if req.Finalize {
		_, err := ex.Finalize(root)
		return err
	}
	return nil
}

// loadFailure reports a package that cannot be loaded as the run's error.
func loadFailure(res *RunResult, err error) *RunResult {
	res.OK = false
	res.Error = runError(err)
	return res
}

// runError describes an error that ended a run.
func runError(err error) *RunError {
	var me *dsl.Exception
	if errors.As(err, &me) {
		re := &RunError{Type: me.TypeName(), Message: me.MessageText(), Names: me.Names, Extra: me.Extra}
		if me.Original != nil {
			_, _, msg := dsl.PythonName(me.Original)
			re.Message = msg
		}
		for _, f := range me.Stack {
			re.Stack = append(re.Stack, StackFrame{Class: f.Type, Method: f.Method, Package: f.Package, File: f.File, Line: f.Line, Col: f.Col, Instruction: f.Instruction})
		}
		re.Where = loadErrors(me.Original)
		if me.Cause != nil {
			re.Cause = runError(me.Cause)
		}
		return re
	}
	class, _, msg := dsl.PythonName(err)
	return &RunError{Type: class, Message: msg, Where: loadErrors(err)}
}

// loadErrors returns the positioned load errors inside err, each as
// "file:line:col: message".
func loadErrors(err error) []string {
	var where []string
	for _, e := range diagErrors(err) {
		if e.Pos.Start.IsValid() {
			where = append(where, e.Error())
		}
	}
	return where
}

// Traceback returns the MuranoPL stack trace of the error as the
// reference prints it ("Traceback (most recent call last):" and a "File
// …, line L:C in method M of type T" line per frame, innermost last),
// followed by its cause; "" when the error has no MuranoPL frames.
func (e *RunError) Traceback() string {
	if len(e.Stack) == 0 && e.Cause == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString("Traceback (most recent call last):\n")
	for _, f := range e.Stack {
		method := f.Method
		if f.Class != "" {
			method += " of type " + f.Class
		}
		if f.File == "" {
			fmt.Fprintf(&b, "  File <unknown> in method %s\n      %s\n", method, f.Instruction)
		} else {
			fmt.Fprintf(&b, "  File \"%s\", line %d:%d in method %s\n      %s\n", f.File, f.Line, f.Col, method, f.Instruction)
		}
	}
	if e.Cause != nil {
		fmt.Fprintf(&b, "Caused by %s: %s\n%s", e.Cause.Type, e.Cause.Message, e.Cause.Traceback())
	}
	return b.String()
}
