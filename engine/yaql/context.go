// This file defines contexts: chained scopes of variables and functions.

package yaql

import (
	"slices"
	"strconv"
	"strings"

	"murano.dev/playground/engine/value"
)

// Context is one scope of variables and functions. A context sees the
// variables and functions of its parents unless it defines its own.
// Contexts handed to library functions are fresh children, so setting a
// variable never changes the caller's scope.
//
// Besides plain contexts there are two views over other contexts, built by
// [NewMultiContext] and [NewLinkedContext]; they have the same methods and
// can be evaluated in like any other context.
type Context struct {
	parent    *Context
	vars      []variable // the variables, in the order first set
	funcs     map[string]*overloads
	exclusive map[string]bool

	// members makes the context a multi-context over them.
	members []*Context
	// linked makes the context a proxy of another context.
	linked *Context
	// lookup, when set, is where calls made directly in this context find
	// their functions; variables still come from this context's chain.
	lookup *Context
}

// variable is a variable binding: its stored name ("$x") and value. Contexts hold a
// few variables each, so a slice searched linearly beats a map.
type variable struct {
	name string
	v    value.Value
}

// overloads are the functions registered under one name in one context,
// also split by how they can be called.
type overloads struct {
	all, methods, functions []*Func
}

// NewContext returns an empty root context.
func NewContext() *Context { return &Context{} }

// Child returns a new empty context whose parent is c.
func (c *Context) Child() *Context { return &Context{parent: c} }

// Parent returns the parent context, nil for a root.
func (c *Context) Parent() *Context { return c.parent }

func (*Context) Type() string { return "Context" }

// normalizeName turns a variable name into its stored form: "$name", with
// the bare "$" meaning "$1".
func normalizeName(name string) string {
	if len(name) == 1 && name[0] >= '1' && name[0] <= '9' {
		return positionalNames[name[0]-'1']
	}
	if !strings.HasPrefix(name, "$") {
		name = "$" + name
	}
	if name == "$" {
		return "$1"
	}
	return name
}

// Set defines a variable in this context. "x", "$x" name the same
// variable; "", "$" and "1" name the current data. A multi-context sets it
// in its first member, a linked context in the context it proxies.
func (c *Context) Set(name string, v value.Value) {
	switch {
	case c.linked != nil:
		c.linked.Set(name, v)
		return
	case c.members != nil:
		c.members[0].Set(name, v)
		return
	}
	c.setNormalized(normalizeName(name), v)
}

var positionalNames = [...]string{"$1", "$2", "$3", "$4", "$5", "$6", "$7", "$8", "$9"}

// setPositional sets $i (1-based), as lambdas publish their arguments.
func (c *Context) setPositional(i int, v value.Value) {
	if i <= len(positionalNames) && c.linked == nil && c.members == nil {
		c.setNormalized(positionalNames[i-1], v)
		return
	}
	c.Set(strconv.Itoa(i), v)
}

func (c *Context) setNormalized(name string, v value.Value) {
	for i := range c.vars {
		if c.vars[i].name == name {
			c.vars[i].v = v
			return
		}
	}
	if c.vars == nil {
		c.vars = make([]variable, 0, 2)
	}
	c.vars = append(c.vars, variable{name, v})
}

// Get returns the value of a variable, searching the parents too.
func (c *Context) Get(name string) (value.Value, bool) {
	name = normalizeName(name)
	for p := c; p != nil; p = p.parent {
		if v, ok := p.local(name); ok {
			return v, true
		}
	}
	return nil, false
}

// local looks a normalised name up in this context only.
func (c *Context) local(name string) (value.Value, bool) {
	switch {
	case c.linked != nil:
		return c.linked.local(name)
	case c.members != nil:
		for _, m := range c.members {
			if v, ok := m.local(name); ok {
				return v, true
			}
		}
		return nil, false
	}
	for i := range c.vars {
		if c.vars[i].name == name {
			return c.vars[i].v, true
		}
	}
	return nil, false
}

// Has reports whether this context itself defines the variable.
func (c *Context) Has(name string) bool {
	_, ok := c.local(normalizeName(name))
	return ok
}

// Delete removes a variable from this context (from every member of a
// multi-context); the parents' variables of the same name show again.
// Deleting a variable that is not there does nothing.
func (c *Context) Delete(name string) {
	switch {
	case c.linked != nil:
		c.linked.Delete(name)
		return
	case c.members != nil:
		for _, m := range c.members {
			m.Delete(name)
		}
		return
	}
	name = normalizeName(name)
	c.vars = slices.DeleteFunc(c.vars, func(b variable) bool { return b.name == name })
}

// Keys returns the names of the variables this context itself defines, in
// their stored form ("$name"), in the order they were first set.
func (c *Context) Keys() []string {
	switch {
	case c.linked != nil:
		return c.linked.Keys()
	case c.members != nil:
		var keys []string
		seen := map[string]bool{}
		for _, m := range c.members {
			for _, k := range m.Keys() {
				if !seen[k] {
					seen[k] = true
					keys = append(keys, k)
				}
			}
		}
		return keys
	}
	keys := make([]string, len(c.vars))
	for i, b := range c.vars {
		keys[i] = b.name
	}
	return keys
}

// Register adds functions to this context (to the first member of a
// multi-context, to the proxied context of a linked one). Registering an
// overload that is already there does nothing. A malformed declaration
// (see [Func.Validate]) is a programming error: Register panics with the
// validation error and registers none of fs. Callers that build
// declarations from user input validate them first.
func (c *Context) Register(fs ...*Func) {
	for _, f := range fs {
		if err := f.Validate(); err != nil {
			panic(err)
		}
	}
	c.register(fs, false)
}

// RegisterExclusive adds functions whose name hides every function of the
// same name in the parent contexts.
func (c *Context) RegisterExclusive(fs ...*Func) {
	for _, f := range fs {
		if err := f.Validate(); err != nil {
			panic(err)
		}
	}
	c.register(fs, true)
}

func (c *Context) register(fs []*Func, exclusive bool) {
	switch {
	case c.linked != nil:
		c.linked.register(fs, exclusive)
		return
	case c.members != nil:
		c.members[0].register(fs, exclusive)
		return
	}
	if c.funcs == nil {
		c.funcs = make(map[string]*overloads)
	}
	for _, f := range fs {
		o := c.funcs[f.Name]
		if o == nil {
			o = &overloads{}
			c.funcs[f.Name] = o
		}
		if exclusive {
			if c.exclusive == nil {
				c.exclusive = make(map[string]bool)
			}
			c.exclusive[f.Name] = true
		}
		if slices.Contains(o.all, f) {
			continue
		}
		o.all = append(o.all, f)
		if f.Method {
			o.methods = append(o.methods, f)
		}
		if f.Function {
			o.functions = append(o.functions, f)
		}
	}
}

// DeleteFunction removes the overload f from this context (from every
// member of a multi-context) and makes its name no longer exclusive here.
func (c *Context) DeleteFunction(f *Func) {
	switch {
	case c.linked != nil:
		c.linked.DeleteFunction(f)
		return
	case c.members != nil:
		for _, m := range c.members {
			m.DeleteFunction(f)
		}
		return
	}
	delete(c.exclusive, f.Name)
	o := c.funcs[f.Name]
	if o == nil {
		return
	}
	is := func(g *Func) bool { return g == f }
	o.all = slices.DeleteFunc(o.all, is)
	o.methods = slices.DeleteFunc(o.methods, is)
	o.functions = slices.DeleteFunc(o.functions, is)
}

// HasDefinition reports whether the very overload f is registered in this
// context itself (in any member of a multi-context).
func (c *Context) HasDefinition(f *Func) bool {
	o, _ := c.localFuncs(f.Name)
	return o != nil && slices.Contains(o.all, f)
}

// Functions returns the overloads registered under name in this context
// itself, and whether the name is exclusive here. Trailing underscores of
// name are ignored.
func (c *Context) Functions(name string) ([]*Func, bool) {
	o, exclusive := c.localFuncs(strings.TrimRight(name, "_"))
	if o == nil {
		return nil, exclusive
	}
	return slices.Clone(o.all), exclusive
}

// CollectFunctions returns the overloads of name visible from this
// context, one slice per context that has any, nearest first; an
// exclusive name stops the search.
func (c *Context) CollectFunctions(name string) [][]*Func {
	var out [][]*Func
	for p := c; p != nil; p = p.parent {
		fs, exclusive := p.Functions(name)
		if len(fs) > 0 {
			out = append(out, fs)
		}
		if exclusive {
			break
		}
	}
	return out
}

// localFuncs returns the overloads of name registered in this context
// itself (merged over the members of a multi-context) and whether name is
// exclusive here.
func (c *Context) localFuncs(name string) (*overloads, bool) {
	switch {
	case c.linked != nil:
		return c.linked.localFuncs(name)
	case c.members != nil:
		return c.memberFuncs(name)
	}
	return c.funcs[name], c.exclusive[name]
}

// appendLayers appends to out the overloads of name usable as methods
// (method true) or as functions, one slice per context that defines any,
// nearest first.
func (c *Context) appendLayers(out [][]*Func, name string, method bool) [][]*Func {
	if c.lookup != nil {
		return c.lookup.appendLayers(out, name, method)
	}
	name = strings.TrimRight(name, "_")
	for p := c; p != nil; p = p.parent {
		o, exclusive := p.localFuncs(name)
		if o != nil {
			layer := o.functions
			if method {
				layer = o.methods
			}
			if len(layer) > 0 {
				out = append(out, layer)
			}
		}
		if exclusive {
			break
		}
	}
	return out
}

// HasFunction reports whether any context in the chain defines name.
func (c *Context) HasFunction(name string) bool {
	if c.lookup != nil {
		return c.lookup.HasFunction(name)
	}
	for p := c; p != nil; p = p.parent {
		if o, _ := p.localFuncs(name); o != nil && len(o.all) > 0 {
			return true
		}
	}
	return false
}
