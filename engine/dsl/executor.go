// This file defines the executor: the state of one MuranoPL run (loaded
// packages, the object store, static properties, attributes) and the
// yaql contexts methods run in.

package dsl

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/std"
	"murano.dev/playground/formgen/pyrand"
)

// CoreLibrary is the name of the core library package.
const CoreLibrary = "io.murano"

// ObjectClass is the root of every class hierarchy.
const ObjectClass = "io.murano.Object"

// DefaultMaxDepth bounds the depth of MuranoPL method calls.
const DefaultMaxDepth = 800

// Options configure an executor.
type Options struct {
	// Functions are host functions added to the root context of every
	// runtime (murano's test foundation adds trace()).
	Functions []*yaql.Func
	// CoreFunctions are host functions only the core library's code sees
	// (murano's config(), which its package context alone registers).
	CoreFunctions []*yaql.Func
	// Natives are native class implementations by class name.
	Natives []*NativeClass
	// NewID generates object ids; nil means random 32-digit hex ids.
	NewID func() string
	// MaxDepth bounds the method call depth (0: DefaultMaxDepth).
	MaxDepth int
	// MaxSteps bounds the work of a run (0: yaql's default).
	MaxSteps int64
	// Log receives the records of MuranoPL loggers.
	Log func(LogRecord)
	// Warn receives the engine's own warnings (deprecations).
	Warn func(string)
	// TestPackage names the package whose methods named test* are public,
	// as in murano's test foundation; ExposeAll makes every method of
	// that package without an explicit Scope or Usage public.
	TestPackage string
	ExposeAll   bool
	// TestFoundation reports unknown packages and classes as the test
	// foundation's loader does (KeyError), and finds the package of a
	// class whatever version is asked for.
	TestFoundation bool
	// Epoch is the virtual clock's reading when the run starts, in
	// seconds since the Unix epoch (0: the epoch itself).
	Epoch float64
	// ClockLimit, when set, is the virtual time (as Epoch counts it) that
	// no wait may pass: a run that would sleep beyond it ends with a
	// VirtualTimeExceeded error, however few steps it takes.
	ClockLimit float64
	// IdleClock makes the virtual clock advance only when every green
	// thread waits (sleeps, timeouts), as the deploy harness's clock
	// does; otherwise each step of work costs a little time, as murano's
	// unit tests see time pass on a real clock.
	IdleClock bool
	// Random, when set, is the source of randomName()'s letters (Python's
	// random module as the deploy harness seeds it), whose time part then
	// reads the virtual clock and whose counter starts at 1 with the
	// executor; without it, randomName() is yaql's own.
	Random *pyrand.Rand
	// ClassConfig holds the class configuration (values of Config
	// properties) by class name and property name.
	ClassConfig map[string]map[string]value.Value
	// Mocks adds the mocking functions of murano's test runner, inject
	// and withOriginal, to the root context of every runtime.
	Mocks bool
}

// LogRecord is one record of a MuranoPL logger.
type LogRecord struct {
	Level, Logger, Message string
}

// Executor runs MuranoPL code. It is not safe for concurrent use.
type Executor struct {
	opts     Options
	loader   decl.Loader
	packages map[string]*LoadedPackage
	natives  map[string]*NativeClass
	store    *objectStore
	statics  map[*Property]value.Value
	attrs    *attributeStore
	roots    map[decl.Version]*yaql.Context
	// coreRoots are the roots of the core library's code: roots with
	// opts.CoreFunctions.
	coreRoots map[decl.Version]*yaql.Context
	engines   map[bool]*yaql.Engine
	rts       map[bool]*yaql.Runtime
	sched     *scheduler
	depth     int
	// cur is the store loads go to while a graph of objects is loaded.
	cur *objectStore
	// dryRun is set while template() contracts load objects that are
	// only checked, not kept.
	dryRun bool
	// doomed holds objects scheduled for destruction.
	doomed map[*Object]bool
	// held are the objects the host holds (the roots of loaded models),
	// gcFrames the frames of the collections in progress: roots of the
	// garbage collection.
	held     []*Object
	gcFrames []*frame
	// parked holds the frames of green threads waiting in sleep() or for
	// their Parallel branches: roots of collections in other threads.
	parked map[*frame]int
	// passkey marks the excluded properties of the template() definition
	// being loaded or serialised.
	passkey      *passkey
	packageOrder []string
	contractCtxs map[decl.Version]*yaql.Context
	// randomNames counts the names randomName() made with opts.Random.
	randomNames int
	// mocks holds the methods inject replaced, a layer of stubs by class
	// name.
	mocks map[string]*yaql.Context
}

// NewExecutor returns an executor that finds packages through loader.
func NewExecutor(ctx context.Context, loader decl.Loader, opts Options) *Executor {
	if opts.MaxDepth == 0 {
		opts.MaxDepth = DefaultMaxDepth
	}
	if opts.NewID == nil {
		opts.NewID = randomID
	}
	ex := &Executor{
		opts:     opts,
		loader:   loader,
		packages: map[string]*LoadedPackage{},
		natives:  map[string]*NativeClass{},
		statics:  map[*Property]value.Value{},
		attrs:    newAttributeStore(),
		roots:    map[decl.Version]*yaql.Context{},
		engines:  map[bool]*yaql.Engine{},
		rts:      map[bool]*yaql.Runtime{},
		doomed:   map[*Object]bool{},
	}
	ex.store = newObjectStore(ex)
	ex.sched = newScheduler(ex)
	for _, n := range append(builtinNatives(), opts.Natives...) {
		ex.natives[n.Name] = n
	}
	var first *yaql.Runtime
	for _, legacy := range []bool{true, false} {
		f := std.Murano
		if legacy {
			f = std.MuranoLegacy
		}
		o := std.DefaultOptions(f)
		o.MaxSteps = opts.MaxSteps
		eng, _, err := std.NewFlavor(f, std.Setup{Options: &o})
		if err != nil {
			panic(err) // the library is built in
		}
		ex.engines[legacy] = eng
		if first == nil {
			first = eng.NewRuntime(ctx)
			ex.rts[legacy] = first
		} else {
			ex.rts[legacy] = first.WithEngine(eng)
		}
	}
	return ex
}

// runtime returns the yaql runtime of a MuranoPL runtime version.
func (ex *Executor) runtime(v decl.Version) *yaql.Runtime { return ex.rts[v.LegacyYAQL()] }

// rootContext returns the root context of a runtime version: yaql's
// library, MuranoPL's functions and the host's.
func (ex *Executor) rootContext(v decl.Version) *yaql.Context {
	if c, ok := ex.roots[v]; ok {
		return c
	}
	f := std.Murano
	if v.LegacyYAQL() {
		f = std.MuranoLegacy
	}
	_, base, err := std.NewFlavor(f, std.Setup{})
	if err != nil {
		panic(err)
	}
	c := registerFunctions(base.Child(), v).Child()
	c.Set("?executor", ex)
	c.Set(std.GreenThreadsVar, ex)
	if ex.opts.Random != nil {
		c.Register(yaql.Fn("randomName", fnRandomName))
	}
	if len(ex.opts.Functions) > 0 {
		c.Register(ex.opts.Functions...)
	}
	if ex.opts.Mocks {
		c.Register(mockFunctions()...)
	}
	ex.roots[v] = c
	return c
}

// packageRoot returns the root context of the code of package p: the
// root context of its runtime, with the core functions for the core
// library.
func (ex *Executor) packageRoot(p *LoadedPackage) *yaql.Context {
	root := ex.rootContext(p.Runtime)
	if p.Name != CoreLibrary || len(ex.opts.CoreFunctions) == 0 {
		return root
	}
	if c, ok := ex.coreRoots[p.Runtime]; ok {
		return c
	}
	c := root.Child()
	c.Register(ex.opts.CoreFunctions...)
	if ex.coreRoots == nil {
		ex.coreRoots = map[decl.Version]*yaql.Context{}
	}
	ex.coreRoots[p.Runtime] = c
	return c
}

func (*Executor) Type() string { return "MuranoDslExecutor" }

// LoadedPackage is a package as the executor uses it: its classes built
// on demand, its requirements resolved through the loader.
type LoadedPackage struct {
	Name, Version string
	Runtime       decl.Version
	// Requirements in the reference's order: the package itself, the
	// core library, then the manifest's.
	Requirements []Requirement
	src          decl.Package
	ex           *Executor
	classes      map[string]*Class
	loading      map[string]bool
	metaValues   []*Object
	metaDone     bool
	// queued are the classes of the files loaded so far that the
	// manifest does not list, with their file.
	queued map[string]*decl.File
}

// Requirement is a required package and its version spec.
type Requirement struct{ Name, Spec string }

func (p *LoadedPackage) String() string { return p.Name + "/" + p.Version }

// Package returns (loading it on first use) the package name with spec.
func (ex *Executor) Package(name, spec string) (*LoadedPackage, error) {
	src, err := ex.loader.Load(name, spec)
	if err != nil {
		if ex.opts.TestFoundation {
			return nil, builtinError("KeyError", "%s", value.Repr(value.String(name)))
		}
		if class, _, _ := pythonName(err); class == "Exception" {
			return nil, engineError("NoPackageFound", "Package \"%s\" is not found", name)
		}
		return nil, err
	}
	return ex.adopt(src), nil
}

func (ex *Executor) adopt(src decl.Package) *LoadedPackage {
	key := src.Name() + "@" + src.Version()
	if p, ok := ex.packages[key]; ok {
		return p
	}
	version := src.Version()
	if version == "" {
		version = "0.0.0"
	}
	p := &LoadedPackage{Name: src.Name(), Version: version, Runtime: src.Runtime(), src: src, ex: ex,
		classes: map[string]*Class{}, loading: map[string]bool{}}
	major, _, _ := strings.Cut(version, ".")
	p.Requirements = append(p.Requirements, Requirement{p.Name, "==" + major})
	if p.Name != CoreLibrary {
		p.Requirements = append(p.Requirements, Requirement{CoreLibrary, "==0"})
	}
	reqs := src.Requirements()
	names := sortedKeys(reqs)
	if ro, ok := src.(decl.RequirementOrder); ok {
		names = ro.RequirementNames()
	}
	for _, name := range names {
		replaced := false
		for i := range p.Requirements {
			if p.Requirements[i].Name == name {
				p.Requirements[i].Spec = reqs[name]
				replaced = true
			}
		}
		if !replaced {
			p.Requirements = append(p.Requirements, Requirement{name, reqs[name]})
		}
	}
	ex.packages[key] = p
	ex.packageOrder = append(ex.packageOrder, key)
	return p
}

// FindClass finds a class of the package or, with searchRequirements, of
// the packages it requires.
func (p *LoadedPackage) FindClass(name string, searchRequirements bool) (*Class, error) {
	if c, ok := p.classes[name]; ok {
		return c, nil
	}
	c, err := p.buildClass(name)
	if err != nil {
		return nil, err
	}
	if c != nil {
		return c, nil
	}
	if !searchRequirements {
		return nil, noClassFound(name, p)
	}
	var searched []*LoadedPackage
	for _, r := range p.Requirements {
		if r.Name == p.Name {
			continue
		}
		dep, err := p.ex.Package(r.Name, r.Spec)
		if err != nil {
			return nil, err
		}
		if c, err := dep.FindClass(name, false); err == nil {
			return c, nil
		} else if !isPyError(err, "NoClassFound") {
			return nil, err
		}
		if short, ok := strings.CutPrefix(name, "io.murano.extensions."); ok {
			if c, err := dep.FindClass(short, false); err == nil {
				p.ex.warn("Plugin " + name + " was not found, but a " + short + " was found instead and will be used. " +
					"This could be caused by recent change in plugin naming scheme. If you are developing applications " +
					"targeting this plugin consider changing its name")
				return c, nil
			}
		}
		searched = append(searched, dep)
	}
	return nil, noClassFound(name, append(searched, p)...)
}

func noClassFound(name string, pkgs ...*LoadedPackage) error {
	names := make([]string, len(pkgs))
	for i, p := range pkgs {
		names[i] = p.String()
	}
	return engineError("NoClassFound", "Class \"%s\" is not found in %s", name, strings.Join(names, ", "))
}

func isPyError(err error, class string) bool {
	c, _, _ := pythonName(err)
	return c == class
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

// randomID returns a new object id: 32 hexadecimal digits, unique rather
// than secret, so math/rand/v2 (seeded by the runtime) serves and crypto
// stays out of the engine's WebAssembly.
func randomID() string {
	return fmt.Sprintf("%016x%016x", rand.Uint64(), rand.Uint64())
}
