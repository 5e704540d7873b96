// This file drives the generation: it finds the class, lists its model
// builders and builds the schema of each entity from its properties or
// arguments.

package schema

import (
	"errors"
	"slices"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// Options are the parameters of a generation beyond the class name.
type Options struct {
	// Methods names the entities wanted: "" for the class, model builder
	// names for their schemas. None means the class and every builder.
	// Names that are not model builders are left out silently.
	Methods []string
	// ClassVersion is the version spec of the package of the class ("":
	// major version 0).
	ClassVersion string
	// Package, when set, is the package the class is looked for in,
	// instead of the package that provides the class.
	Package string
	// Extensions turns on the additions the reference does not make (see
	// the package documentation).
	Extensions bool
}

// The reference's JSON schema dialect.
const draft04 = "http://json-schema.org/draft-04/schema#"

// generator holds one generation.
type generator struct {
	ex    *dsl.Executor
	class *dsl.Class
	// scope is the object context of the class: where check() evaluates
	// its constants and whose names scope resolves class names.
	scope   *yaql.Context
	weights map[string]int
	ext     bool
	// bases are the contexts of contract expressions by runtime.
	bases map[decl.Version]*yaql.Context
	// mutable are the dictionaries the generator made (the reference's
	// Python dicts); any other dictionary is a frozen one of YAQL.
	mutable map[*value.Dict]bool
	// declaring is the class that declares the property or argument
	// whose contract is translated.
	declaring *dsl.Class
	// notNull reports whether the expression evaluated last called
	// notNull(): its contract rejects null.
	notNull bool
}

// Generate returns the schemas of the class className and of its model
// builders, in the document {"": <class schema>, "<builder>": <schema>,
// …} (only the entities opts asks for). The executor holds the packages.
func Generate(ex *dsl.Executor, className string, opts Options) (*value.Dict, error) {
	if _, err := dsl.ParseVersionSpec(opts.ClassVersion); err != nil {
		return nil, err
	}
	var p *dsl.LoadedPackage
	var err error
	if opts.Package != "" {
		p, err = ex.Package(opts.Package, opts.ClassVersion)
	} else {
		p, err = ex.ClassPackage(className, opts.ClassVersion)
	}
	if err != nil {
		return nil, err
	}
	cls, err := p.FindClass(className, false)
	if err != nil {
		return nil, err
	}
	g := &generator{ex: ex, class: cls, scope: ex.ObjectContext(cls), weights: weigh(cls), ext: opts.Extensions,
		bases: map[decl.Version]*yaql.Context{}, mutable: map[*value.Dict]bool{}}
	builders, err := g.modelBuilders()
	if err != nil {
		return nil, err
	}
	doc := value.NewDict(1 + len(builders))
	for _, name := range append([]string{""}, builders...) {
		if len(opts.Methods) > 0 && !slices.Contains(opts.Methods, name) {
			continue
		}
		var s *value.Dict
		if name == "" {
			s, err = g.classSchema()
		} else {
			s, err = g.methodSchema(name)
		}
		if err != nil {
			return nil, err
		}
		doc.SetString(name, s)
	}
	return doc, nil
}

// modelBuilders lists the names of the class's model builders: the
// methods, own and inherited, that are Public, static and marked
// ModelBuilder (enabled). A method that cannot be resolved or whose meta
// fails is not one, as in the reference; only the engine's own limits
// end the listing.
func (g *generator) modelBuilders() ([]string, error) {
	var names []string
	for _, name := range g.class.AllMethodNames() {
		ok, err := g.isModelBuilder(name)
		if isLimit(err) {
			return nil, err
		}
		if ok {
			names = append(names, name)
		}
	}
	return names, nil
}

// isModelBuilder reports whether the method name of the class is a model
// builder; an error means that it is not.
func (g *generator) isModelBuilder(name string) (bool, error) {
	m, err := g.class.FindSingleMethod(name)
	if err != nil || !m.IsAction() || !m.IsStatic() {
		return false, err
	}
	objects, err := m.Meta(g.scope)
	if err != nil {
		return false, err
	}
	mb, ok := aggregate(objects)[metaModelBuilder].(*dsl.Object)
	if !ok {
		return false, nil
	}
	enabled, err := mb.GetProperty("enabled", nil, nil)
	return err == nil && value.Truth(enabled), err
}

// isLimit reports whether err is one of the engine's own limits (its
// step budget, cancellation, call depth), which nothing swallows.
func isLimit(err error) bool {
	var ye *yaql.Error
	if errors.As(err, &ye) && (ye.Class == yaql.ClassBudget || ye.Class == yaql.ClassCancelled) {
		return true
	}
	var fe *dsl.FatalError
	return errors.As(err, &fe)
}

// spec is a property or an argument: what its schema is made of.
type spec struct {
	name       string
	contract   *decl.Node
	def        *decl.Node
	hasDefault bool
	declaring  *dsl.Class
	meta       func() ([]*dsl.Object, error)
}

// classSchema is the schema of the class: its In and InOut properties.
func (g *generator) classSchema() (*value.Dict, error) {
	meta, err := g.class.Meta(g.scope)
	if err != nil {
		return nil, err
	}
	var specs []spec
	for _, name := range g.class.AllPropertyNames() {
		p, err := g.class.FindSingleProperty(name)
		if err != nil {
			return nil, err
		}
		if p.Usage != decl.PropertyIn && p.Usage != decl.PropertyInOut {
			continue
		}
		specs = append(specs, spec{name: name, contract: p.Decl.Contract, def: p.Decl.Default, hasDefault: p.Decl.HasDefault,
			declaring: p.Class, meta: func() ([]*dsl.Object, error) { return p.Meta(g.scope) }})
	}
	return g.entitySchema(specs, meta)
}

// methodSchema is the schema of a model builder: its arguments (with
// the extensions, the first one, the object model, left out).
func (g *generator) methodSchema(name string) (*value.Dict, error) {
	m, err := g.class.FindSingleMethod(name)
	if err != nil {
		return nil, err
	}
	meta, err := m.Meta(g.scope)
	if err != nil {
		return nil, err
	}
	var specs []spec
	for i, a := range m.Args {
		if a.Decl == nil || g.ext && i == 0 {
			continue
		}
		specs = append(specs, spec{name: a.Name, contract: a.Decl.Contract, def: a.Decl.Default, hasDefault: a.Decl.HasDefault,
			declaring: m.Class, meta: func() ([]*dsl.Object, error) { return a.Meta(g.scope) }})
	}
	return g.entitySchema(specs, meta)
}

// entitySchema is the root schema of a class or a method, given its
// properties or arguments and its meta objects.
func (g *generator) entitySchema(specs []spec, meta []*dsl.Object) (*value.Dict, error) {
	props := value.NewDict(len(specs))
	var required []value.Value
	for _, s := range specs {
		ps, notNull, err := g.propertySchema(s)
		if err != nil {
			return nil, err
		}
		props.SetString(s.name, ps)
		if notNull && !s.hasDefault {
			required = append(required, value.String(s.name))
		}
	}
	sections, err := g.sections(meta)
	if err != nil {
		return nil, err
	}
	root := value.NewDict(8)
	root.SetString("$schema", value.String(draft04))
	root.SetString("type", value.String("object"))
	root.SetString("properties", props)
	root.SetString("additionalProperties", value.Bool(false))
	root.SetString("formSections", sections)
	if g.ext && len(required) > 0 {
		root.SetString("required", value.NewPyList(required))
	}
	if err := g.addHints(root, meta); err != nil {
		return nil, err
	}
	return root, nil
}

// propertySchema is the schema of a property or an argument: its
// contract translated, its Default, its UI hints. It also reports
// whether the contract is an expression with notNull().
func (g *generator) propertySchema(s spec) (value.Value, bool, error) {
	g.declaring = s.declaring
	v, err := g.translate(s.contract, s.declaring.Package.Runtime)
	if err != nil {
		return nil, false, err
	}
	notNull := s.contract != nil && s.contract.Kind == decl.Expr && g.notNull
	d, ok := v.(*value.Dict)
	if !ok || !g.mutable[d] {
		// The reference goes on with a value that is not a dictionary.
		if s.hasDefault {
			return nil, false, dsl.PyErr("TypeError", "'"+pyType(v)+"' object does not support item assignment")
		}
		return nil, false, dsl.PyErr("AttributeError", "'"+pyType(v)+"' object has no attribute 'update'")
	}
	if s.hasDefault {
		def, err := rawValue(s.def)
		if err != nil {
			return nil, false, err
		}
		d.SetString("default", def)
	}
	meta, err := s.meta()
	if err != nil {
		return nil, false, err
	}
	if err := g.addHints(d, meta); err != nil {
		return nil, false, err
	}
	if _, ok := d.GetString("title"); g.ext && !ok {
		d.SetString("title", value.String(s.name))
	}
	return d, notNull, nil
}

// newDict returns a dictionary of the generator's own (a mutable one).
func (g *generator) newDict(n int) *value.Dict {
	d := value.NewDict(n)
	g.mutable[d] = true
	return d
}
