// This file builds runtime classes from their declarations, as the
// reference's package does when a class is first asked for.

package dsl

import (
	"errors"
	"strings"

	"murano.dev/playground/engine/diag"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// buildClass creates the class name of the package from its class file,
// and attaches the native implementation the executor has for it. It
// returns nil, nil when the package has no such class.
func (p *LoadedPackage) buildClass(name string) (*Class, error) {
	native := p.ex.natives[name]
	if native != nil && !native.completes(p.Name) {
		native = nil
	}
	var dc *decl.Class
	file, err := p.src.ClassFile(name)
	if err != nil {
		return nil, err
	}
	if file == nil {
		file = p.queued[name]
	}
	if file != nil {
		c, derr := file.Lookup(name)
		if derr != nil {
			return nil, derr
		}
		dc = c
		p.queue(file)
	}
	if dc == nil && native == nil {
		return nil, nil
	}
	if p.loading[name] {
		return nil, nil
	}
	p.loading[name] = true
	defer delete(p.loading, name)
	c := &Class{Name: name, Package: p, Decl: dc, Usage: decl.UsageClass,
		Properties: map[string]*Property{}, Methods: map[string]*Method{}}
	if dc != nil {
		if len(dc.Errs) > 0 {
			return nil, dc.Errs[0]
		}
		c.NS = dc.Namespaces
		c.Usage = dc.Usage
	}
	if err := c.resolveParents(); err != nil {
		return nil, err
	}
	if err := c.checkParentVersions(); err != nil {
		return nil, err
	}
	if dc != nil {
		if err := c.declare(); err != nil {
			return nil, err
		}
	}
	if native != nil {
		if err := native.attach(c); err != nil {
			return nil, err
		}
	}
	p.classes[name] = c
	return c, nil
}

// queue makes the other classes a loaded file defines classes of the
// package, as the reference's load queue does, though its manifest does
// not list them (the manifest's own entries come first).
func (p *LoadedPackage) queue(file *decl.File) {
	for _, c := range file.Classes {
		if c.Name == nil || c.FullName == "" {
			continue
		}
		if _, ok := p.queued[c.FullName]; !ok {
			if p.queued == nil {
				p.queued = map[string]*decl.File{}
			}
			p.queued[c.FullName] = file
		}
	}
}

func (c *Class) resolveParents() error {
	var refs []decl.TypeRef
	if c.Decl != nil {
		refs = c.Decl.Extends
	}
	if len(refs) == 0 {
		if c.Name == ObjectClass {
			return nil
		}
		parent, err := c.Package.FindClass(ObjectClass, true)
		if err != nil {
			return err
		}
		c.Parents = []*Class{parent}
	}
	for _, r := range refs {
		parent, err := c.Package.FindClass(r.Name, true)
		if err != nil {
			return atNode(err, r.Node)
		}
		c.Parents = append(c.Parents, parent)
	}
	for _, parent := range c.Parents {
		if parent.Usage != decl.UsageClass && !(c.Usage == decl.UsageMeta && parent.Usage == decl.UsageMeta) {
			return engineError("InvalidInheritanceError", "Type %s cannot have parent with Usage %s", c.Name, parent.Usage)
		}
	}
	return nil
}

// declare builds the properties, methods and imports of the declaration.
func (c *Class) declare() error {
	dc := c.Decl
	if c.Usage == decl.UsageMeta {
		c.Cardinality, c.Targets, c.Inherited = dc.Cardinality, dc.Applies, dc.Inherited
	}
	var err error
	if c.meta, err = newMetaData(dc.Meta, targetType, c); err != nil {
		return err
	}
	seen := map[string]bool{c.Name: true}
	for _, imp := range dc.Import {
		raw := imp.Name
		if imp.Node != nil {
			raw = imp.Node.Text()
		}
		if seen[raw] {
			continue
		}
		t, err := c.Package.FindClass(imp.Name, true)
		if err != nil {
			return atNode(err, imp.Node)
		}
		if seen[t.Name] {
			continue
		}
		seen[raw], seen[t.Name] = true, true
		c.Imports = append(c.Imports, t)
	}
	for _, dp := range dc.Properties {
		p := &Property{Name: dp.Name, Class: c, Decl: dp, Usage: dp.Usage}
		p.Contract = newContract(dp.Contract, c)
		if p.meta, err = newMetaData(dp.Meta, targetProperty, c); err != nil {
			return err
		}
		c.addProperty(p)
	}
	for _, dm := range dc.Methods {
		m, err := c.newMethod(dm)
		if err != nil {
			return err
		}
		c.addMethod(m)
	}
	return nil
}

// atNode places a class loading error that has no position yet at the
// declaration that caused it.
func atNode(err error, n *decl.Node) error {
	var one *diag.Error
	var list diag.List
	if n == nil || errors.As(err, &one) || errors.As(err, &list) {
		return err
	}
	return &diag.Error{Kind: diag.Load, Pos: n.Span, Msg: err.Error(), Err: err}
}

func (c *Class) addProperty(p *Property) {
	if _, ok := c.Properties[p.Name]; !ok {
		c.PropOrder = append(c.PropOrder, p.Name)
	}
	c.Properties[p.Name] = p
}

func (c *Class) addMethod(m *Method) {
	if _, ok := c.Methods[m.Name]; !ok {
		c.MethodOrder = append(c.MethodOrder, m.Name)
	}
	c.Methods[m.Name] = m
	c.ctx, c.exported = nil, nil
}

func (c *Class) newMethod(dm *decl.Method) (*Method, error) {
	m := &Method{Name: dm.Name, Class: c, Decl: dm, Usage: dm.Usage, Scope: dm.Scope}
	if opts := c.Package.ex.opts; opts.TestPackage != "" && opts.TestPackage == c.Package.Name {
		if strings.HasPrefix(m.Name, "test") || (opts.ExposeAll && m.Scope == decl.ScopeSession && m.Usage == decl.MethodRuntime) {
			m.Scope = decl.ScopePublic
		}
	}
	if m.Usage == decl.MethodAction {
		if c.Package.Runtime.Compare(decl.V1_3) > 0 {
			c.Package.ex.warn(`"Usage: Action" is deprecated, use "Scope: Public" instead`)
		}
	}
	body, err := compileBody(dm.Body, c)
	if err != nil {
		return nil, err
	}
	m.Body = body
	for _, da := range dm.Arguments {
		a := &Argument{Name: da.Name, Method: m, Decl: da, Usage: da.Usage}
		a.Contract = newContract(da.Contract, c)
		if a.meta, err = newMetaData(da.Meta, targetArgument, c); err != nil {
			return nil, err
		}
		m.Args = append(m.Args, a)
	}
	if m.meta, err = newMetaData(dm.Meta, targetMethod, c); err != nil {
		return nil, err
	}
	return m, nil
}

// context returns the class's own yaql context: the stubs of every
// method it can call (own and inherited), above the extension methods of
// its imports.
func (c *Class) context() *yaql.Context {
	if c.ctx != nil {
		return c.ctx
	}
	var base *yaql.Context
	for i := len(c.Imports) - 1; i >= 0; i-- {
		exp := c.Imports[i].exportedContext()
		if base == nil {
			base = exp
		} else {
			base = yaql.NewLinkedContext(base, exp)
		}
	}
	var ctx *yaql.Context
	if base == nil {
		ctx = yaql.NewContext()
	} else {
		ctx = base.Child()
	}
	for _, m := range c.uniqueMethods() {
		inst, static := m.stubs()
		if inst != nil {
			ctx.Register(inst)
		}
		if static != nil {
			ctx.Register(static)
		}
	}
	c.ctx = ctx
	return ctx
}

// exportedContext holds the stubs of the class's extension methods.
func (c *Class) exportedContext() *yaql.Context {
	if c.exported != nil {
		return c.exported
	}
	ctx := yaql.NewContext()
	for _, m := range c.uniqueMethods() {
		if m.Usage != decl.MethodExtension {
			continue
		}
		inst, static := m.stubs()
		if inst != nil {
			ctx.Register(inst)
		}
		if static != nil {
			ctx.Register(static)
		}
	}
	c.exported = ctx
	return ctx
}

// uniqueMethods resolves every method name the class can call; an
// ambiguous name gets a method that fails when called.
func (c *Class) uniqueMethods() []*Method {
	var out []*Method
	for _, name := range c.allMethodNames() {
		m, err := c.FindSingleMethod(name)
		if err != nil {
			m = &Method{Name: name, Class: c, Usage: decl.MethodRuntime, Scope: decl.ScopeSession,
				Params: []yaql.Param{yaql.Rest("args", yaql.Any), yaql.Kwargs("kwargs", yaql.Any)},
				Native: func(*NativeCall) (value.Value, error) {
					return nil, builtinError("RuntimeError", "No active exception to reraise")
				}}
		}
		out = append(out, m)
	}
	return out
}
