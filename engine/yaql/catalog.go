// This file lists the functions a context sees, for documentation. Only
// the documentation's build calls it: the WebAssembly engine does not
// link it.

package yaql

import "slices"

// FunctionNames returns the names of the functions visible from c, sorted;
// [Context.CollectFunctions] gives the overloads of each.
func FunctionNames(c *Context) []string {
	seen := map[string]bool{}
	var visit func(c *Context)
	visit = func(c *Context) {
		for p := c; p != nil; p = p.parent {
			switch {
			case p.lookup != nil:
				visit(p.lookup)
			case p.linked != nil:
				visit(p.linked)
			case p.members != nil:
				for _, m := range p.members {
					visit(m)
				}
			}
			for name, o := range p.funcs {
				if len(o.all) > 0 {
					seen[name] = true
				}
			}
		}
	}
	visit(c)
	names := make([]string, 0, len(seen))
	for name := range seen {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}
