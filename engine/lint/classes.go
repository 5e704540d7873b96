package lint

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"go.yaml.in/yaml/v3"
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
				c.report(pos(f, d.root), "E002", "Yaml Error: a class document is a %s, not a mapping", pyType(d.root))
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
		c.report(pos(f, v), "E027", "Inherited is not bool %q", text(v))
	}
	if _, v := get(d.root, "Cardinality"); v != nil && !(isStr(v) && (v.Value == "One" || v.Value == "Many")) {
		c.report(pos(f, v), "E027", "Wrong Cardinality %q", text(v))
	}
	if _, v := get(d.root, "Applies"); v != nil {
		items := []*yaml.Node{v}
		if isList(v) {
			items = v.Content
		}
		for _, a := range items {
			if !isStr(a) || !slices.Contains([]string{"Package", "Type", "Method", "Property", "Argument", "All"}, a.Value) {
				c.report(pos(f, a), "E028", "Wrong Applies %q", text(a))
			}
		}
	}
	if _, v := get(d.root, "Name"); v != nil {
		switch {
		case !isStr(v):
			c.report(pos(f, v), "E011", "Invalid class name %q. Class name should be a string", text(v))
		case strings.HasPrefix(v.Value, "__") || !classNameRE.MatchString(v.Value):
			c.report(pos(f, v), "E011", "Invalid class name %q", v.Value)
		case !unicode.IsUpper(rune(v.Value[0])) || (len(v.Value) > 3 && v.Value == strings.ToUpper(v.Value)):
			c.report(pos(f, v), "W011", "Class name %q not in CamelCase", v.Value)
		}
	}
	for _, key := range []string{"Extends", "Import"} {
		_, v := get(d.root, key)
		if v == nil {
			continue
		}
		items := []*yaml.Node{v}
		if isList(v) {
			items = v.Content
		}
		for _, x := range items {
			switch {
			case key == "Extends" && !isStr(deref(x)):
				c.report(pos(f, x), "E025", "Wrong type of Extends field")
			case !isNsFQN(deref(x)):
				c.report(pos(f, x), "E025", "%s: %q is not a class name (ns:Name or a full name)", key, text(x))
			}
		}
	}
	if _, v := get(d.root, "Namespaces"); v != nil {
		if !isMap(v) {
			c.report(pos(f, v), "E044", "Wrong type of namespace")
		}
		for _, e := range entries(v) {
			if !isFQN(e.value) {
				c.report(pos(f, e.value), "W060", "Wrong namespace fqn %q", text(e.value))
			}
			if !isName(e.key) && text(e.key) != "=" {
				c.report(pos(f, e.key), "E060", "Wrong name for namespace %q", text(e.key))
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

func (c *checker) properties(f string, props *yaml.Node) {
	if !isMap(props) {
		c.report(pos(f, props), "E026", "Properties should be a dict")
		return
	}
	for _, e := range entries(props) {
		if _, u := get(e.value, "Usage"); truthy(u) && !(isStr(u) && slices.Contains([]string{"In", "Out", "InOut", "Const", "Static", "Runtime", "Config"}, u.Value)) {
			c.report(pos(f, u), "E042", "Not allowed usage %q", text(u))
		}
		if _, ct := get(e.value, "Contract"); ct != nil && pyType(ct) != "NoneType" {
			c.contract(f, ct)
		} else {
			c.report(pos(f, e.key), "E047", "Missing Contract in property %q", text(e.key))
		}
		c.subKeywords(f, e.value, "Contract", "Usage", "Default", "Meta")
	}
}

func (c *checker) methods(f string, methods *yaml.Node) {
	if !isMap(methods) {
		c.report(pos(f, methods), "E046", "Methods are not a dict")
		return
	}
	for _, e := range entries(methods) {
		m := e.value
		if !isMap(m) {
			if truthy(m) {
				c.report(pos(f, e.key), "E046", "Method is not a dict")
			}
			return
		}
		if name := text(e.key); name != ".init" && name != ".destroy" && !methodNameRE.MatchString(name) {
			c.report(pos(f, e.key), "E054", "Invalid name of method %q", name)
		}
		if _, s := get(m, "Scope"); truthy(s) {
			switch {
			case c.format < "1.4":
				c.report(pos(f, s), "E044", "Scope is not supported before format 1.4")
			case text(s) != "Public" && text(s) != "Session":
				c.report(pos(f, s), "E044", "Wrong Scope %q", text(s))
			}
		}
		if _, u := get(m, "Usage"); truthy(u) {
			switch usage := text(u); {
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
		if _, a := get(m, "Arguments"); truthy(a) {
			c.arguments(f, a)
		}
		if _, b := get(m, "Body"); b != nil {
			c.expressions(f, b)
		}
		if _, b := get(m, "Body"); truthy(b) {
			if pyType(b) == "list" || pyType(b) == "str" || pyType(b) == "dict" {
				c.codeblock(f, b)
			} else {
				c.report(pos(f, b), "E045", "Body is not a list or scalar/yaql expression")
			}
		}
		c.subKeywords(f, m, "Body", "Arguments", "Usage", "Scope", "Meta")
	}
}

func (c *checker) arguments(f string, args *yaml.Node) {
	switch {
	case isMap(args) && len(args.Content) > 2:
		c.report(pos(f, args), "E048", "It is not safe to define methods arguments as a dict with several keys")
		return
	case !isMap(args) && !isList(args):
		c.report(pos(f, args), "E046", "Methods arguments should be a list or dict")
		return
	}
	items := []*yaml.Node{args}
	if isList(args) {
		items = args.Content
	}
	for _, a := range items {
		es := entries(a)
		if len(es) != 1 {
			c.report(pos(f, a), "E046", "Methods single argument should be a one key dict")
			continue
		}
		if !isName(es[0].key) {
			c.report(pos(f, es[0].key), "E054", "Invalid name of argument %q", text(es[0].key))
		}
		v := es[0].value
		if _, ct := get(v, "Contract"); truthy(ct) {
			c.contract(f, ct)
		}
		if _, u := get(v, "Usage"); truthy(u) {
			if c.format < "1.4" {
				c.report(pos(f, u), "E052", "Arguments usage is available since 1.4")
			}
			if !slices.Contains([]string{"Standard", "VarArgs", "KwArgs"}, text(u)) {
				c.report(pos(f, u), "E053", "Usage is invalid value %q", text(u))
			}
		}
		c.subKeywords(f, v, "Contract", "Usage", "Meta", "Default")
	}
}
