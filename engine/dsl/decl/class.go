// This file defines class, property, method and argument declarations
// and decodes them from a class document with the reference's checks.

package decl

import (
	"slices"
	"strconv"
	"strings"

	"murano.dev/playground/engine/diag"
	"murano.dev/playground/engine/source"
)

// Class is a class declaration: one document of a class file.
type Class struct {
	Name       *Node  // the Name value as written; nil for the unnamed class of a file
	FullName   string // Name resolved with Namespaces ("" when unnamed)
	Namespaces Namespaces
	Usage      string    // Class or Meta
	Extends    []TypeRef // empty: the class extends io.murano.Object
	Import     []TypeRef // classes whose extension methods the class imports
	Meta       Meta
	Properties []*Property // in declaration order
	Methods    []*Method   // in declaration order, from Methods (or Workflow)

	// Meta classes only (Usage: Meta).
	Cardinality string   // One or Many
	Applies     []string // the targets: Package, Type, Property, Method, Argument
	Inherited   bool

	Doc  *Node       // the document
	Pos  source.Span // the document's span
	Errs diag.List   // errors in the class's own declarations
}

// TypeRef is a type name as written and resolved to a full name.
type TypeRef struct {
	Name string // the full name
	Node *Node  // as written
}

// Meta is a Meta: section, the meta objects attached to a declaration.
type Meta struct {
	Node    *Node       // as written; nil when absent
	Entries []MetaEntry // in order
}

// MetaEntry is one attached meta object: a meta class and the values of
// its properties.
type MetaEntry struct {
	Type  TypeRef
	Props *Node // a map, or nil for none
}

// Property is a property declaration.
type Property struct {
	Name       string
	Contract   *Node
	Default    *Node
	HasDefault bool   // Default is given (even as null)
	Usage      string // In, Out, InOut, Const, Runtime, Static or Config
	Meta       Meta
	Pos        source.Span // the property's name
}

// Method is a method declaration.
type Method struct {
	Name      string // initialize and destroy are renamed .init and .destroy
	Body      *Node  // nil when absent
	Arguments []*Argument
	Usage     string // Runtime, Action, Static or Extension
	Scope     string // Session or Public (Usage Action implies Public)
	Meta      Meta
	Pos       source.Span // the method's name
}

// Argument is a method argument declaration.
type Argument struct {
	Name       string
	Contract   *Node
	Default    *Node
	HasDefault bool
	Usage      string // Standard, VarArgs or KwArgs
	Meta       Meta
	Pos        source.Span // the argument's name
}

// Usage values and the other enumerations of declarations.
const (
	UsageClass = "Class"
	UsageMeta  = "Meta"

	CardinalityOne  = "One"
	CardinalityMany = "Many"

	PropertyIn      = "In"
	PropertyOut     = "Out"
	PropertyInOut   = "InOut"
	PropertyConst   = "Const"
	PropertyRuntime = "Runtime"
	PropertyStatic  = "Static"
	PropertyConfig  = "Config"

	MethodRuntime   = "Runtime"
	MethodAction    = "Action"
	MethodStatic    = "Static"
	MethodExtension = "Extension"

	ScopeSession = "Session"
	ScopePublic  = "Public"

	ArgumentStandard = "Standard"
	ArgumentVarArgs  = "VarArgs"
	ArgumentKwArgs   = "KwArgs"
)

// MetaTargets are the declarations a meta class may apply to.
var MetaTargets = []string{"Package", "Type", "Property", "Method", "Argument"}

// The reference lists the allowed usages in its messages in the order of
// a Python set (with PYTHONHASHSEED=0, as the oracle runs).
var (
	propertyUsages = []string{"InOut", "Const", "Config", "In", "Runtime", "Static", "Out"}
	argumentUsages = []string{"Standard", "VarArgs", "KwArgs"}
)

var methodAliases = map[string]string{"initialize": ".init", "destroy": ".destroy"}

// classDecoder decodes one class document.
type classDecoder struct {
	ns   Namespaces
	errs diag.List
}

func (c *classDecoder) report(n *Node, path string, err *PyError) {
	c.errs.Add(newError(diag.Load, spanOf(n, source.Span{}), path, err))
}

// decodeClass decodes a class document (a map) whose namespaces are
// known, in the order the reference checks it.
func decodeClass(doc *Node, ns Namespaces) *Class {
	c := &classDecoder{ns: ns}
	cls := &Class{Doc: doc, Pos: doc.Span, Namespaces: ns, Usage: UsageClass}
	if u := doc.Lookup("Usage"); u != nil {
		switch {
		case isStr(u.Value, UsageClass):
		case isStr(u.Value, UsageMeta):
			cls.Usage = UsageMeta
		default:
			c.report(u.Value, "Usage", &PyError{Class: "ValueError", Msg: `Invalid type Usage: "` + u.Value.Text() + `"`})
		}
	}
	if cls.Usage == UsageMeta {
		c.metaClass(doc, cls)
	}
	cls.Extends = c.extends(doc.Get("Extends"))
	cls.Meta = c.meta(doc.Get("Meta"), "Meta")
	cls.Import = c.imports(doc.Get("Import"))
	if props := doc.Get("Properties"); props.Truthy() {
		if props.Kind != Map {
			c.report(props, "Properties", noAttribute(props, "items"))
		} else {
			for _, e := range props.Entries {
				if p := c.property(e); p != nil {
					cls.Properties = append(cls.Properties, p)
				}
			}
		}
	}
	methods, key := doc.Get("Methods"), "Methods"
	if !methods.Truthy() {
		methods, key = doc.Get("Workflow"), "Workflow"
	}
	cls.Methods = c.methods(methods, key)
	cls.Errs = c.errs
	return cls
}

// extends resolves the parents: a name or a list of names.
func (c *classDecoder) extends(n *Node) []TypeRef {
	if !n.Truthy() {
		return nil
	}
	var refs []TypeRef
	for i, it := range sequence(n) {
		// Parents are resolved by their str(), so even null is a name.
		if name, err := c.ns.Resolve(it.Text()); err != nil {
			c.report(it, indexPath("Extends", i, n), err)
		} else {
			refs = append(refs, TypeRef{Name: name, Node: it})
		}
	}
	return refs
}

// imports resolves the imported classes: a name or a list of names.
func (c *classDecoder) imports(n *Node) []TypeRef {
	if n == nil || n.Kind == Null {
		return nil
	}
	var refs []TypeRef
	for i, it := range sequence(n) {
		path := indexPath("Import", i, n)
		switch {
		case !it.Hashable():
			c.report(it, path, unhashable(it))
		case it.Kind == Null:
			// The reference imports None and fails when it first builds
			// the class's context.
			c.report(it, path, noAttribute(it, "exported_context"))
		default:
			if ref, ok := c.typeRef(it, path); ok {
				refs = append(refs, ref)
			}
		}
	}
	return refs
}

// methods reads the Methods (or Workflow) section; a method declared
// twice (initialize and .init) keeps its first place and its last
// declaration.
func (c *classDecoder) methods(n *Node, section string) []*Method {
	if !n.Truthy() {
		return nil
	}
	if n.Kind != Map {
		c.report(n, section, noAttribute(n, "items"))
		return nil
	}
	var methods []*Method
	index := map[string]int{}
	for _, e := range n.Entries {
		m := c.method(e, section)
		if m == nil {
			continue
		}
		methods = putByName(methods, index, m.Name, m)
	}
	return methods
}

// putByName adds item to list as a Python dict takes a key: a name
// already there keeps its place and takes the new item. index maps the
// names to their places.
func putByName[T any](list []T, index map[string]int, name string, item T) []T {
	if i, ok := index[name]; ok {
		list[i] = item
		return list
	}
	index[name] = len(list)
	return append(list, item)
}

// metaClass reads the keys of a meta class: Cardinality, Applies and
// Inherited.
func (c *classDecoder) metaClass(doc *Node, cls *Class) {
	cls.Cardinality = CardinalityOne
	cls.Applies = MetaTargets
	if e := doc.Lookup("Cardinality"); e != nil {
		switch {
		case !e.Value.Hashable():
			c.report(e.Value, "Cardinality", unhashable(e.Value))
		case isStr(e.Value, CardinalityOne), isStr(e.Value, CardinalityMany):
			cls.Cardinality = e.Value.Text()
		default:
			c.report(e.Value, "Cardinality", &PyError{Class: "ValueError", Msg: `Invalid MetaClass Cardinality "` + e.Value.Text() + `"`})
		}
	}
	if e := doc.Lookup("Applies"); e != nil {
		cls.Applies = c.applies(e.Value)
	}
	if e := doc.Lookup("Inherited"); e != nil {
		if e.Value.Kind != Bool {
			c.report(e.Value, "Inherited", &PyError{Class: "ValueError", Msg: "Invalid Inherited value. Must be true or false"})
		} else {
			cls.Inherited = e.Value.Truthy()
		}
	}
}

// applies reads the targets of a meta class: a string or a list of
// strings among the targets and All.
func (c *classDecoder) applies(n *Node) []string {
	var items []*Node
	switch n.Kind {
	case String:
		items = []*Node{n}
	case List:
		items = n.Items
	default:
		c.report(n, "Applies", &PyError{Class: "TypeError", Msg: "unsupported operand type(s) for -: '" + pyType(n) + "' and 'set'"})
		return MetaTargets
	}
	want := map[string]bool{}
	var invalid []string
	seen := map[string]bool{}
	for _, it := range items {
		if !it.Hashable() {
			c.report(it, "Applies", unhashable(it))
			return MetaTargets
		}
		t := it.Text()
		switch {
		case it.Kind == String && (t == "All" || slices.Contains(MetaTargets, t)):
			want[t] = true
		case !seen[t]:
			seen[t] = true
			invalid = append(invalid, `"`+t+`"`)
		}
	}
	if len(invalid) > 0 {
		c.report(n, "Applies", &PyError{Class: "ValueError", Msg: "Invalid MetaClass target(s) " + strings.Join(invalid, ", ") + ":"})
		return MetaTargets
	}
	if want["All"] {
		return MetaTargets
	}
	var out []string
	for _, t := range MetaTargets {
		if want[t] {
			out = append(out, t)
		}
	}
	return out
}

// typeRef resolves a type name given as a node (a falsy value is not a
// name).
func (c *classDecoder) typeRef(n *Node, path string) (TypeRef, bool) {
	name, err := c.ns.resolveNode(n)
	if err != nil {
		c.report(n, path, err)
		return TypeRef{}, false
	}
	return TypeRef{Name: name, Node: n}, true
}

// DecodeMeta reads the Meta section of a package's manifest, whose type
// names are resolved without namespaces ("PM" is PM, "a.b.M" is a.b.M),
// as the reference reads it for the package. The errors are those the
// reference raises when the package's meta is first used.
func DecodeMeta(n *Node) (Meta, diag.List) {
	c := &classDecoder{}
	m := c.meta(n, "Meta")
	return m, c.errs
}

// meta reads a Meta: section: a meta class name, a one-key map of a meta
// class name to its property values, or a list of those.
func (c *classDecoder) meta(n *Node, path string) Meta {
	m := Meta{Node: n}
	if n == nil || n.Kind == Null {
		return m
	}
	for i, it := range sequence(n) {
		p := indexPath(path, i, n)
		name, props := it, (*Node)(nil)
		if it.Kind == Map {
			if len(it.Entries) != 1 {
				c.report(it, p, &PyError{Class: "ValueError", Msg: "Invalid Meta format"})
				continue
			}
			name, props = it.Entries[0].Key, it.Entries[0].Value
		}
		if name.Kind == Null {
			c.report(name, p, noAttribute(name, "usage"))
			continue
		}
		if ref, ok := c.typeRef(name, p); ok {
			m.Entries = append(m.Entries, MetaEntry{Type: ref, Props: props})
		}
	}
	return m
}

// spec reads the Contract and Default of a property or argument
// declaration; it reports false when the declaration has no contract.
func (c *classDecoder) spec(decl *Node, path string) (contract, def *Node, hasDefault, ok bool) {
	if decl.Kind != Map {
		c.report(decl, path, notSubscriptable(decl))
		return nil, nil, false, false
	}
	e := decl.Lookup("Contract")
	if e == nil {
		c.report(decl, path, &PyError{Class: "KeyError", Msg: "'Contract'"})
		return nil, nil, false, false
	}
	if d := decl.Lookup("Default"); d != nil {
		return e.Value, d.Value, true, true
	}
	return e.Value, nil, false, true
}

// usage reads the Usage of a declaration: a falsy value means the
// default; anything else must be one of allowed.
func (c *classDecoder) usage(decl *Node, path, def string, allowed []string) string {
	u := decl.Get("Usage")
	if !u.Truthy() {
		return def
	}
	switch {
	case !u.Hashable():
		c.report(u, path+".Usage", unhashable(u))
	case u.Kind == String && slices.Contains(allowed, u.Text()):
		return u.Text()
	default:
		c.report(u, path+".Usage", &PyError{Class: "DslSyntaxError", Msg: "Unknown usage " + u.Text() + ". Must be one of (" + strings.Join(allowed, ", ") + ")"})
	}
	return def
}

func (c *classDecoder) property(e Entry) *Property {
	name := e.Key.Text()
	path := "Properties." + name
	contract, def, hasDefault, ok := c.spec(e.Value, path)
	if !ok {
		return nil
	}
	p := &Property{Name: name, Contract: contract, Default: def, HasDefault: hasDefault, Pos: e.Key.Span}
	p.Usage = c.usage(e.Value, path, PropertyIn, propertyUsages)
	p.Meta = c.meta(e.Value.Get("Meta"), path+".Meta")
	return p
}

func (c *classDecoder) method(e Entry, section string) *Method {
	name := e.Key.Text()
	if alias, ok := methodAliases[name]; ok && e.Key.Kind == String {
		name = alias
	}
	path := section + "." + e.Key.Text()
	payload := e.Value
	m := &Method{Name: name, Usage: MethodRuntime, Scope: ScopeSession, Pos: e.Key.Span}
	switch {
	case payload.Kind == Expr:
		c.report(payload, path, noAttribute(payload, "__name__"))
		return nil
	case !payload.Truthy():
		return m
	case payload.Kind != Map:
		c.report(payload, path, noAttribute(payload, "get"))
		return nil
	}
	m.Body = payload.Get("Body")
	usage := payload.Get("Usage")
	if usage.Truthy() {
		m.Usage = usage.Text()
	}
	scope := payload.Get("Scope")
	if isStr(usage, MethodAction) {
		if isStr(scope, ScopeSession) {
			c.report(scope, path+".Scope", &PyError{Class: "ValueError", Msg: `Both "Usage: Action" and "Scope: Session" are provided for method ` + name})
		}
		scope = nil
		m.Scope = ScopePublic
	}
	if scope != nil && scope.Kind != Null {
		m.Scope = scope.Text()
	}
	m.Arguments = c.arguments(payload.Get("Arguments"), name, path+".Arguments")
	m.Meta = c.meta(payload.Get("Meta"), path+".Meta")
	switch {
	case !usage.Truthy():
	case !usage.Hashable():
		c.report(usage, path+".Usage", unhashable(usage))
	case usage.Kind != String:
		c.report(usage, path+".Usage", &PyError{Class: "TypeError", Msg: `can only concatenate str (not "` + pyType(usage) + `") to str`})
	case !slices.Contains([]string{MethodRuntime, MethodAction, MethodStatic, MethodExtension}, m.Usage):
		c.report(usage, path+".Usage", &PyError{Class: "ValueError", Msg: "Unknown method usage " + m.Usage})
	}
	return m
}

// arguments reads the Arguments of a method: a list of one-key maps
// (name: declaration), or a single such map. Standard arguments come
// first, then at most one VarArgs, then at most one KwArgs.
func (c *classDecoder) arguments(n *Node, method, path string) []*Argument {
	if n == nil || n.Kind == Null {
		return nil
	}
	var args []*Argument
	index := map[string]int{}
	seenVarArgs, seenKwArgs := false, false
	for i, rec := range sequence(n) {
		p := indexPath(path, i, n)
		switch {
		case rec.Kind != Map || len(rec.Entries) > 1:
			c.report(rec, p, &PyError{Class: "DslSyntaxError", Msg: "Invalid arguments declaration"})
			return args
		case len(rec.Entries) == 0:
			c.report(rec, p, &PyError{Class: "IndexError", Msg: "list index out of range"})
			return args
		}
		e := rec.Entries[0]
		arg := c.argument(e, p+"."+e.Key.Text())
		if arg == nil {
			continue
		}
		orderError := false
		switch arg.Usage {
		case ArgumentStandard:
			orderError = seenVarArgs || seenKwArgs
		case ArgumentVarArgs:
			orderError = seenVarArgs || seenKwArgs
			seenVarArgs = true
		case ArgumentKwArgs:
			orderError = seenKwArgs
			seenKwArgs = true
		}
		if orderError {
			c.report(rec, p, &PyError{Class: "DslSyntaxError", Msg: "Invalid argument order in method " + method})
			return args
		}
		args = putByName(args, index, arg.Name, arg)
	}
	return args
}

func (c *classDecoder) argument(e Entry, path string) *Argument {
	contract, def, hasDefault, ok := c.spec(e.Value, path)
	if !ok {
		return nil
	}
	a := &Argument{Name: e.Key.Text(), Contract: contract, Default: def, HasDefault: hasDefault, Pos: e.Key.Span}
	a.Meta = c.meta(e.Value.Get("Meta"), path+".Meta")
	a.Usage = c.usage(e.Value, path, ArgumentStandard, argumentUsages)
	return a
}

// sequence is the reference's list_value: a list as it is, anything else
// as a list of one.
func sequence(n *Node) []*Node {
	if n.Kind == List {
		return n.Items
	}
	return []*Node{n}
}

// indexPath appends [i] to path when n is a list.
func indexPath(path string, i int, n *Node) string {
	if n.Kind != List {
		return path
	}
	return path + "[" + strconv.Itoa(i) + "]"
}

func isStr(n *Node, s string) bool { return n != nil && n.Kind == String && n.Text() == s }

func unhashable(n *Node) *PyError {
	return &PyError{Class: "TypeError", Msg: "unhashable type: '" + pyType(n) + "'"}
}

func noAttribute(n *Node, attr string) *PyError {
	return &PyError{Class: "AttributeError", Msg: "'" + pyType(n) + "' object has no attribute '" + attr + "'"}
}

// notSubscriptable is the error of Python's value['Contract'] on a value
// that is not a dict.
func notSubscriptable(n *Node) *PyError {
	switch n.Kind {
	case String:
		return &PyError{Class: "TypeError", Msg: "string indices must be integers, not 'str'"}
	case List:
		return &PyError{Class: "TypeError", Msg: "list indices must be integers or slices, not str"}
	}
	return &PyError{Class: "TypeError", Msg: "'" + pyType(n) + "' object is not subscriptable"}
}
