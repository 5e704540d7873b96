// This file defines the two views over other contexts: multi-contexts,
// which merge several contexts into one scope, and linked contexts, which
// graft one context chain onto another.

package yaql

import "slices"

// NewMultiContext returns a context that merges members, as the
// reference's MultiContext does. It reads a variable from the first
// member that defines it, then from its parents; it sees the overloads of
// all members as one layer (a name is exclusive when it is exclusive in
// any member). Its parent is the multi-context of the members' parents
// (roots dropped; a single parent is used as it is; no parents makes it a
// root), so whole chains are merged level by level. Set and Register go to
// the first member; Delete and DeleteFunction to every member; Has and
// HasDefinition ask every member; Keys lists the members' variables,
// first occurrence first. Children of a multi-context are plain contexts.
//
// MuranoPL evaluates a method body in a multi-context of the method's
// own context and the caller's context, for instance. With no members
// NewMultiContext returns an empty root context.
func NewMultiContext(members ...*Context) *Context {
	if len(members) == 0 {
		return NewContext()
	}
	c := &Context{members: slices.Clone(members)}
	var parents []*Context
	for _, m := range members {
		if p := m.Parent(); p != nil {
			parents = append(parents, p)
		}
	}
	switch len(parents) {
	case 0:
	case 1:
		c.parent = parents[0]
	default:
		c.parent = NewMultiContext(parents...)
	}
	return c
}

// NewLinkedContext returns a proxy of linked whose chain continues into
// parent, as the reference's LinkedContext does: the proxy reads, writes
// and deletes variables and functions of linked itself; its parent is a
// proxy of linked's parent built the same way, and the proxy of linked's
// root has parent as its parent. So a lookup walks linked's whole chain
// first, then parent's chain.
//
// MuranoPL's executor builds the scope of a package, a class and an object
// this way: each one's own context linked under the scope around it.
func NewLinkedContext(parent, linked *Context) *Context {
	c := &Context{linked: linked, parent: parent}
	if lp := linked.Parent(); lp != nil {
		c.parent = NewLinkedContext(parent, lp)
	}
	return c
}

// memberFuncs merges the overloads of name of a multi-context's members.
func (c *Context) memberFuncs(name string) (*overloads, bool) {
	var merged *overloads
	exclusive := false
	for _, m := range c.members {
		o, ex := m.localFuncs(name)
		exclusive = exclusive || ex
		if o == nil {
			continue
		}
		if merged == nil {
			merged = &overloads{}
		}
		for _, f := range o.all {
			if slices.Contains(merged.all, f) {
				continue
			}
			merged.all = append(merged.all, f)
			if f.Method {
				merged.methods = append(merged.methods, f)
			}
			if f.Function {
				merged.functions = append(merged.functions, f)
			}
		}
	}
	return merged, exclusive
}
