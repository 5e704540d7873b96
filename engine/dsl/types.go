// This file defines the runtime form of classes: types with their
// parents, properties and methods, and the reference's resolution order.

package dsl

import (
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// Class is a loaded MuranoPL class (or meta class).
type Class struct {
	Name    string
	Package *LoadedPackage
	Decl    *decl.Class // nil for a native class without a MuranoPL part
	NS      decl.Namespaces
	Usage   string // Class or Meta
	Parents []*Class

	Properties  map[string]*Property
	PropOrder   []string
	Methods     map[string]*Method
	MethodOrder []string
	Imports     []*Class

	// Meta classes only.
	Cardinality string
	Targets     []string
	Inherited   bool

	ctx, exported *yaql.Context
	ancestors     []*Class
	ref           *TypeRef
	meta          *metaData
	metaValues    []*Object
	metaDone      bool
}

func (*Class) Type() string { return "MuranoClass" }

// Repr is the reference's repr of a class.
func (c *Class) Repr() string {
	kind := "MuranoClass("
	if c.Usage == decl.UsageMeta {
		kind = "MuranoMetaClass("
	}
	return kind + c.Name + "/" + c.Version() + ")"
}

// Version returns the class's version: its package's.
func (c *Class) Version() string { return c.Package.Version }

// Ref returns the class's type reference value.
func (c *Class) Ref() *TypeRef {
	if c.ref == nil {
		c.ref = &TypeRef{Class: c}
	}
	return c.ref
}

// Ancestors returns the ancestors breadth first, each once, without c.
func (c *Class) Ancestors() []*Class {
	if c.ancestors == nil {
		c.ancestors = c.computeAncestors()
	}
	return c.ancestors
}

func (c *Class) computeAncestors() []*Class {
	out := []*Class{}
	seen := map[*Class]bool{c: true}
	queue := append([]*Class(nil), c.Parents...)
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if seen[p] {
			continue
		}
		seen[p] = true
		out = append(out, p)
		queue = append(queue, p.Parents...)
	}
	return out
}

// IsCompatible reports whether an object of class t is an instance of c.
func (c *Class) IsCompatible(t *Class) bool {
	if t == nil {
		return false
	}
	if t.same(c) {
		return true
	}
	for _, a := range t.Ancestors() {
		if a.same(c) {
			return true
		}
	}
	return false
}

// same is the reference's type equality: same name and version.
func (c *Class) same(o *Class) bool {
	return c == o || (o != nil && c.Name == o.Name && c.Version() == o.Version())
}

// chooseSymbol is the reference's resolution of a method or property
// name: the most derived declarations along every inheritance path.
func chooseSymbol[T comparable](c *Class, get func(*Class) (T, bool)) []T {
	type item struct {
		cls  *Class
		path []T
	}
	var chains [][]T
	queue := []item{{c, nil}}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		path := it.path
		if s, ok := get(it.cls); ok {
			path = append(append([]T(nil), path...), s)
		}
		if len(it.cls.Parents) == 0 {
			if len(path) > 0 {
				chains = append(chains, path)
			}
			continue
		}
		for _, p := range it.cls.Parents {
			queue = append(queue, item{p, path})
		}
	}
	// stable sort by length
	for i := 1; i < len(chains); i++ {
		for j := i; j > 0 && len(chains[j]) < len(chains[j-1]); j-- {
			chains[j], chains[j-1] = chains[j-1], chains[j]
		}
	}
	var result []T
outer:
	for i, ci := range chains {
		for _, r := range result {
			if r == ci[0] {
				continue outer
			}
		}
		for j := i + 1; j < len(chains); j++ {
			cj := chains[j]
			common := 0
			for p := 0; p < len(ci) && p < len(cj); p++ {
				if ci[len(ci)-1-p] == cj[len(cj)-1-p] {
					common++
				} else {
					break
				}
			}
			if common == len(ci) {
				continue outer
			}
		}
		result = append(result, ci[0])
	}
	return result
}

// FindMethod returns the method declarations name resolves to.
func (c *Class) FindMethod(name string) []*Method {
	return chooseSymbol(c, func(k *Class) (*Method, bool) { m, ok := k.Methods[name]; return m, ok })
}

// FindSingleMethod resolves a method name to one declaration.
func (c *Class) FindSingleMethod(name string) (*Method, error) {
	ms := c.FindMethod(name)
	switch len(ms) {
	case 0:
		return nil, engineError("NoMethodFound", "Method \"%s\" is not found", name)
	case 1:
		return ms[0], nil
	}
	return nil, engineError("AmbiguousMethodName", "Found more than one method \"%s\"", name)
}

// FindSingleProperty resolves a property name to one declaration.
func (c *Class) FindSingleProperty(name string) (*Property, error) {
	return singleProperty(name, chooseSymbol(c, func(k *Class) (*Property, bool) { p, ok := k.Properties[name]; return p, ok }))
}

// FindStaticProperty resolves a static property name.
func (c *Class) FindStaticProperty(name string) (*Property, error) {
	return singleProperty(name, chooseSymbol(c, func(k *Class) (*Property, bool) {
		p, ok := k.Properties[name]
		return p, ok && p.Usage == decl.PropertyStatic
	}))
}

func singleProperty(name string, ps []*Property) (*Property, error) {
	switch len(ps) {
	case 0:
		return nil, engineError("NoPropertyFound", "Property \"%s\" is not found", name)
	case 1:
		return ps[0], nil
	}
	return nil, engineError("AmbiguousPropertyNameError", "Found more than one property \"%s\"", name)
}

// hasProperty reports whether c or an ancestor declares the property.
func (c *Class) hasProperty(name string) bool {
	if _, ok := c.Properties[name]; ok {
		return true
	}
	for _, a := range c.Ancestors() {
		if _, ok := a.Properties[name]; ok {
			return true
		}
	}
	return false
}

// FindMethods returns the methods matching pred: own first, then the
// ancestors' in breadth-first order.
func (c *Class) FindMethods(pred func(*Method) bool) []*Method {
	var out []*Method
	for _, k := range append([]*Class{c}, c.Ancestors()...) {
		for _, n := range k.MethodOrder {
			if m := k.Methods[n]; pred(m) {
				out = append(out, m)
			}
		}
	}
	return out
}

// allMethodNames lists the method names of c and its ancestors.
func (c *Class) allMethodNames() []string {
	return c.inheritedNames(func(k *Class) []string { return k.MethodOrder })
}

// allPropertyNames lists the property names of c and its ancestors.
func (c *Class) allPropertyNames() []string {
	return c.inheritedNames(func(k *Class) []string { return k.PropOrder })
}

// inheritedNames lists, without repeats, the names order gives for c and
// then for each of its ancestors.
func (c *Class) inheritedNames(order func(*Class) []string) []string {
	var names []string
	seen := map[string]bool{}
	for _, k := range append([]*Class{c}, c.Ancestors()...) {
		for _, n := range order(k) {
			if !seen[n] {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	return names
}

// Property is a declared property.
type Property struct {
	Name     string
	Class    *Class
	Decl     *decl.Property
	Usage    string
	Contract *Contract

	meta       *metaData
	metaValues []*Object
	metaDone   bool
}

// Method is a declared method, MuranoPL or native.
type Method struct {
	Name   string
	Class  *Class
	Decl   *decl.Method // nil for native methods
	Usage  string
	Scope  string
	Args   []*Argument
	Body   *block // nil: a null body
	Native NativeMethod
	Params []yaql.Param // of a native method, after the receiver
	native *NativeClass // of a native constructor

	instanceStub, staticStub *yaql.Func
	meta                     *metaData
	metaValues               []*Object
	metaDone                 bool
}

// IsStatic reports whether the method is Static or Extension.
func (m *Method) IsStatic() bool {
	return m.Usage == decl.MethodStatic || m.Usage == decl.MethodExtension
}

// IsAction reports whether the method may be called from outside.
func (m *Method) IsAction() bool {
	return m.Scope == decl.ScopePublic || m.Usage == decl.MethodAction
}

func (m *Method) arg(name string) *Argument {
	for _, a := range m.Args {
		if a.Name == name {
			return a
		}
	}
	return nil
}

// Argument is a declared method argument.
type Argument struct {
	Name     string
	Method   *Method
	Decl     *decl.Argument
	Usage    string
	Contract *Contract
	meta     *metaData
}

// TypeRef is a type reference value (the reference's
// MuranoTypeReference): what :Name, ns:Name and type('x') return.
type TypeRef struct{ Class *Class }

func (*TypeRef) Type() string { return "MuranoTypeReference" }

// Repr returns the reference's repr of a type reference.
func (r *TypeRef) Repr() string {
	return "*" + r.Class.Repr()
}

// JSON encodes the reference as the oracle does.
func (r *TypeRef) JSON() (value.Value, error) {
	d := value.NewDict(1)
	d.SetString("$type", value.String(r.Class.Name+"/"+r.Class.Version()))
	return d, nil
}

// Equal makes references to the same class equal.
func (r *TypeRef) Equal(o value.Value) bool {
	x, ok := o.(*TypeRef)
	return ok && x.Class.same(r.Class)
}
