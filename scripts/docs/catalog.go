// This file generates the YAQL function catalogue from the engine's own
// tables (engine.YAQLFunctions): {{signatures NAME}} in a page renders
// every overload of the function with the flavours that have it, and the
// build fails when a function of the library has no such section.

package main

import (
	"errors"
	"fmt"
	"html"
	"slices"
	"strings"

	"murano.dev/playground/engine"
)

// catalogFlavors are the flavours the catalogue shows, as the console
// names them.
var catalogFlavors = []engine.Flavor{"plain", "legacy", "murano", "murano-legacy"}

type catalog struct {
	// overloads by function name, each with the flavours that have it.
	funcs      map[string][]*catalogOverload
	documented map[string]bool
}

type catalogOverload struct {
	engine.YAQLOverload
	flavors []engine.Flavor
}

func readCatalog() (*catalog, error) {
	c := &catalog{funcs: map[string][]*catalogOverload{}, documented: map[string]bool{}}
	for _, f := range catalogFlavors {
		fns, err := engine.YAQLFunctions(f)
		if err != nil {
			return nil, err
		}
		for _, fn := range fns {
			for _, o := range fn.Overloads {
				i := slices.IndexFunc(c.funcs[fn.Name], func(x *catalogOverload) bool { return sameOverload(x.YAQLOverload, o) })
				if i < 0 {
					c.funcs[fn.Name] = append(c.funcs[fn.Name], &catalogOverload{YAQLOverload: o})
					i = len(c.funcs[fn.Name]) - 1
				}
				x := c.funcs[fn.Name][i]
				if !slices.Contains(x.flavors, f) {
					x.flavors = append(x.flavors, f)
				}
			}
		}
	}
	return c, nil
}

func sameOverload(a, b engine.YAQLOverload) bool {
	return a.ID == b.ID && a.Method == b.Method && a.Function == b.Function && slices.Equal(a.Params, b.Params)
}

// names are the catalogue's functions, sorted.
func (c *catalog) names() []string {
	return slices.Sorted(mapKeys(c.funcs))
}

// signatures renders the overloads of the functions args names (one or
// more, separated by spaces).
func (c *catalog) signatures(args string) (string, error) {
	names := strings.Fields(args)
	if len(names) == 0 {
		return "", errors.New("name a function")
	}
	var b strings.Builder
	b.WriteString("<div class=\"table signatures\"><table>\n<thead><tr><th>Signature</th><th>Flavours</th></tr></thead>\n<tbody>\n")
	for _, name := range names {
		overloads, ok := c.funcs[name]
		if !ok {
			return "", fmt.Errorf("the engine has no YAQL function %q", name)
		}
		c.documented[name] = true
		for _, o := range overloads {
			var forms []string
			for _, f := range callForms(name, o.YAQLOverload) {
				forms = append(forms, "<code>"+html.EscapeString(f)+"</code>")
			}
			var flavors []string
			for _, f := range o.flavors {
				flavors = append(flavors, string(f))
			}
			id := ""
			if o.ID != "" {
				id = " <span class=\"overload-id\">" + html.EscapeString(o.ID) + "</span>"
			}
			fmt.Fprintf(&b, "<tr><td>%s%s</td><td class=\"flavors\">%s</td></tr>\n",
				strings.Join(forms, "<br>"), id, strings.Join(flavors, ", "))
		}
	}
	b.WriteString("</tbody></table></div>\n")
	return b.String(), nil
}

// callForms writes how an overload is called: as a function, a method
// or an operator.
func callForms(name string, o engine.YAQLOverload) []string {
	params := make([]string, len(o.Params))
	for i, p := range o.Params {
		s := p.Name
		switch p.Kind {
		case "*args":
			s = "*" + s
		case "**kwargs":
			s = "**" + s
		}
		if p.Type != "" && p.Type != "any" {
			s += ": " + p.Type
		}
		if p.Default != "" {
			s += " = " + p.Default
		}
		if p.Kind == "keyword" {
			s = p.Name + " => " + strings.TrimPrefix(s, p.Name+": ")
		}
		params[i] = s
	}
	if op, ok := operatorForm(name, params); ok {
		return []string{op}
	}
	var out []string
	if o.Method && len(params) > 0 {
		out = append(out, o.Params[0].Name+"."+name+"("+strings.Join(params[1:], ", ")+")")
	}
	if o.Function || !o.Method {
		out = append(out, name+"("+strings.Join(params, ", ")+")")
	}
	return out
}

// operatorForm writes the call of an operator, indexer or property as
// an expression uses it.
func operatorForm(name string, params []string) (string, bool) {
	arg := func(i int) string {
		if i < len(params) {
			return "(" + params[i] + ")"
		}
		return "…"
	}
	switch {
	case strings.HasPrefix(name, "#unary_operator_"):
		op := strings.TrimPrefix(name, "#unary_operator_")
		if op == "not" {
			op = "not "
		}
		return op + arg(0), true
	case strings.HasPrefix(name, "#operator_"):
		op := strings.TrimPrefix(name, "#operator_")
		if op == "." || op == "?." {
			return arg(0) + op + arg(1), true
		}
		return arg(0) + " " + op + " " + arg(1), true
	case name == "#indexer":
		rest := "…"
		if len(params) > 1 {
			rest = strings.Join(params[1:], ", ")
		}
		return arg(0) + "[" + rest + "]", true
	case strings.HasPrefix(name, "#property#"):
		return arg(0) + "." + strings.TrimPrefix(name, "#property#"), true
	case name == "#list":
		return "[" + strings.Join(params, ", ") + "]", true
	case name == "#map":
		return "{" + strings.Join(params, ", ") + "}", true
	}
	return "", false
}

// checkDocumented fails when a function of the library has no
// {{signatures}} in a page.
func (c *catalog) checkDocumented() error {
	var missing []string
	for _, name := range c.names() {
		if !c.documented[name] {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("YAQL functions without a {{signatures}} section in the catalogue: %s", strings.Join(missing, " "))
	}
	return nil
}
