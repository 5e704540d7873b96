// This file defines contexts: chained scopes of variables and functions.

package yaql

import (
	"strings"

	"murano.dev/playground/engine/value"
)

// Context is one scope of variables and functions. A context sees the
// variables and functions of its parents unless it defines its own.
// Contexts handed to library functions are fresh children, so setting a
// variable never changes the caller's scope.
type Context struct {
	parent    *Context
	data      map[string]value.Value
	funcs     map[string]*overloads
	exclusive map[string]bool
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
	if !strings.HasPrefix(name, "$") {
		name = "$" + name
	}
	if name == "$" {
		return "$1"
	}
	return name
}

// Set defines a variable in this context. "x", "$x" name the same
// variable; "$" and "1" name the current data.
func (c *Context) Set(name string, v value.Value) {
	if c.data == nil {
		c.data = make(map[string]value.Value, 2)
	}
	c.data[normalizeName(name)] = v
}

// Get returns the value of a variable, searching the parents too.
func (c *Context) Get(name string) (value.Value, bool) {
	name = normalizeName(name)
	for p := c; p != nil; p = p.parent {
		if v, ok := p.data[name]; ok {
			return v, true
		}
	}
	return nil, false
}

// Has reports whether this context itself defines the variable.
func (c *Context) Has(name string) bool {
	_, ok := c.data[normalizeName(name)]
	return ok
}

// Register adds functions to this context.
func (c *Context) Register(fs ...*Func) {
	if c.funcs == nil {
		c.funcs = make(map[string]*overloads)
	}
	for _, f := range fs {
		o := c.funcs[f.Name]
		if o == nil {
			o = &overloads{}
			c.funcs[f.Name] = o
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

// RegisterExclusive adds functions whose name hides every function of the
// same name in the parent contexts.
func (c *Context) RegisterExclusive(fs ...*Func) {
	c.Register(fs...)
	if c.exclusive == nil {
		c.exclusive = make(map[string]bool)
	}
	for _, f := range fs {
		c.exclusive[f.Name] = true
	}
}

// layers returns the overloads of name usable as methods (method true) or
// as functions, one slice per context that defines any, nearest first.
func (c *Context) layers(name string, method bool) [][]*Func {
	name = strings.TrimRight(name, "_")
	var out [][]*Func
	for p := c; p != nil; p = p.parent {
		if p.funcs == nil {
			continue
		}
		if o := p.funcs[name]; o != nil {
			layer := o.functions
			if method {
				layer = o.methods
			}
			if len(layer) > 0 {
				out = append(out, layer)
			}
		}
		if p.exclusive[name] {
			break
		}
	}
	return out
}

// HasFunction reports whether any context in the chain defines name.
func (c *Context) HasFunction(name string) bool {
	for p := c; p != nil; p = p.parent {
		if o := p.funcs[name]; o != nil && len(o.all) > 0 {
			return true
		}
	}
	return false
}
