package lint

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"murano.dev/playground/engine/internal/pyyaml"
)

var classKeys = []string{"Meta", "Usage", "Inherited", "Cardinality", "Applies", "Name", "Extends", "Methods", "Import", "Namespaces", "Properties"}

var (
	classNameRE  = regexp.MustCompile(`^[a-zA-Z_]\w*(\.?\w+)*$`)
	methodNameRE = regexp.MustCompile(`^[a-zA-Z_]\w*$`)
)

// classes checks the declarations of every Classes/*.yaml file, as
// murano-pkg-check does.
func (c *checker) classes() {
	for _, f := range c.files {
		if !strings.HasPrefix(f, "Classes/") || !strings.HasSuffix(f, ".yaml") {
			continue
		}
		for _, d := range c.readYAML(f, true) {
			if !isMap(d.root) {
				c.report(pos(f, d.root), "E002", "Yaml Error: a class document is a %s, not a mapping", d.root.PyType())
				continue
			}
			c.keywords(d, classKeys, nil)
			c.classDoc(d)
		}
	}
}

func (c *checker) classDoc(d doc) {
	f := d.file
	if _, v := get(d.root, "Inherited"); v != nil && !isBool(v) {
		c.report(pos(f, v), "E027", "Inherited is not bool %q", v.Text())
	}
	if _, v := get(d.root, "Cardinality"); v != nil && !(isStr(v) && (v.Text() == "One" || v.Text() == "Many")) {
		c.report(pos(f, v), "E027", "Wrong Cardinality %q", v.Text())
	}
	if _, v := get(d.root, "Applies"); v != nil {
		items := []*pyyaml.Node{v}
		if isList(v) {
			items = v.Items
		}
		for _, a := range items {
			if !isStr(a) || !slices.Contains([]string{"Package", "Type", "Method", "Property", "Argument", "All"}, a.Text()) {
				c.report(pos(f, a), "E028", "Wrong Applies %q", a.Text())
			}
		}
	}
	if _, v := get(d.root, "Name"); v != nil {
		switch {
		case !isStr(v):
			c.report(pos(f, v), "E011", "Invalid class name %q. Class name should be a string", v.Text())
		case strings.HasPrefix(v.Text(), "__") || !classNameRE.MatchString(v.Text()):
			c.report(pos(f, v), "E011", "Invalid class name %q", v.Text())
		case !unicode.IsUpper(rune(v.Text()[0])) || (len(v.Text()) > 3 && v.Text() == strings.ToUpper(v.Text())):
			c.report(pos(f, v), "W011", "Class name %q not in CamelCase", v.Text())
		}
	}
	for _, key := range []string{"Extends", "Import"} {
		_, v := get(d.root, key)
		if v == nil {
			continue
		}
		items := []*pyyaml.Node{v}
		if isList(v) {
			items = v.Items
		}
		for _, x := range items {
			switch {
			case key == "Extends" && !isStr(x):
				c.report(pos(f, x), "E025", "Wrong type of Extends field")
			case !isNsFQN(x):
				c.report(pos(f, x), "E025", "%s: %q is not a class name (ns:Name or a full name)", key, x.Text())
			}
		}
	}
	if _, v := get(d.root, "Namespaces"); v != nil {
		if !isMap(v) {
			c.report(pos(f, v), "E044", "Wrong type of namespace")
		}
		for _, e := range entries(v) {
			if !isFQN(e.Value) {
				c.report(pos(f, e.Value), "W060", "Wrong namespace fqn %q", e.Value.Text())
			}
			if !isName(e.Key) && e.Key.Text() != "=" {
				c.report(pos(f, e.Key), "E060", "Wrong name for namespace %q", e.Key.Text())
			}
		}
	}
	if _, v := get(d.root, "Properties"); v != nil {
		c.properties(f, v)
	}
	if _, v := get(d.root, "Methods"); v != nil {
		c.methods(f, v)
	}
}

func (c *checker) properties(f string, props *pyyaml.Node) {
	if !isMap(props) {
		c.report(pos(f, props), "E026", "Properties should be a dict")
		return
	}
	for _, e := range entries(props) {
		if _, u := get(e.Value, "Usage"); u.Truthy() && !(isStr(u) && slices.Contains([]string{"In", "Out", "InOut", "Const", "Static", "Runtime", "Config"}, u.Text())) {
			c.report(pos(f, u), "E042", "Not allowed usage %q", u.Text())
		}
		if _, ct := get(e.Value, "Contract"); ct != nil && ct.PyType() != "NoneType" {
			c.contract(f, ct)
		} else {
			c.report(pos(f, e.Key), "E047", "Missing Contract in property %q", e.Key.Text())
		}
		c.subKeywords(f, e.Value, "Contract", "Usage", "Default", "Meta")
	}
}

func (c *checker) methods(f string, methods *pyyaml.Node) {
	if !isMap(methods) {
		c.report(pos(f, methods), "E046", "Methods are not a dict")
		return
	}
	for _, e := range entries(methods) {
		m := e.Value
		if !isMap(m) {
			if m.Truthy() {
				c.report(pos(f, e.Key), "E046", "Method is not a dict")
			}
			return
		}
		if name := e.Key.Text(); name != ".init" && name != ".destroy" && !methodNameRE.MatchString(name) {
			c.report(pos(f, e.Key), "E054", "Invalid name of method %q", name)
		}
		if _, s := get(m, "Scope"); s.Truthy() {
			switch {
			case c.format < "1.4":
				c.report(pos(f, s), "E044", "Scope is not supported before format 1.4")
			case s.Text() != "Public" && s.Text() != "Session":
				c.report(pos(f, s), "E044", "Wrong Scope %q", s.Text())
			}
		}
		if _, u := get(m, "Usage"); u.Truthy() {
			switch usage := u.Text(); {
			case usage == "Action":
				if c.format >= "1.4" {
					c.report(pos(f, u), "W045", "Usage %q is deprecated since 1.4", usage)
				}
			case usage == "Static" || usage == "Extension":
				if c.format <= "1.3" {
					c.report(pos(f, u), "W045", "Usage %q is available from 1.3", usage)
				}
			case usage != "Runtime":
				c.report(pos(f, u), "W045", "Unsupported usage type %q", usage)
			}
		}
		if _, a := get(m, "Arguments"); a.Truthy() {
			c.arguments(f, a)
		}
		if _, b := get(m, "Body"); b != nil {
			c.expressions(f, b)
		}
		if _, b := get(m, "Body"); b.Truthy() {
			if isList(b) || isStr(b) || isMap(b) || b.Kind == pyyaml.Expr {
				c.codeblock(f, b)
			} else {
				c.report(pos(f, b), "E045", "Body is not a list or scalar/yaql expression")
			}
		}
		c.subKeywords(f, m, "Body", "Arguments", "Usage", "Scope", "Meta")
	}
}

func (c *checker) arguments(f string, args *pyyaml.Node) {
	switch {
	case isMap(args) && len(args.Entries) > 1:
		c.report(pos(f, args), "E048", "It is not safe to define methods arguments as a dict with several keys")
		return
	case !isMap(args) && !isList(args):
		c.report(pos(f, args), "E046", "Methods arguments should be a list or dict")
		return
	}
	items := []*pyyaml.Node{args}
	if isList(args) {
		items = args.Items
	}
	for _, a := range items {
		es := entries(a)
		if len(es) != 1 {
			c.report(pos(f, a), "E046", "Methods single argument should be a one key dict")
			continue
		}
		if !isName(es[0].Key) {
			c.report(pos(f, es[0].Key), "E054", "Invalid name of argument %q", es[0].Key.Text())
		}
		v := es[0].Value
		if _, ct := get(v, "Contract"); ct.Truthy() {
			c.contract(f, ct)
		}
		if _, u := get(v, "Usage"); u.Truthy() {
			if c.format < "1.4" {
				c.report(pos(f, u), "E052", "Arguments usage is available since 1.4")
			}
			if !slices.Contains([]string{"Standard", "VarArgs", "KwArgs"}, u.Text()) {
				c.report(pos(f, u), "E053", "Usage is invalid value %q", u.Text())
			}
		}
		c.subKeywords(f, v, "Contract", "Usage", "Meta", "Default")
	}
}
