package lint

import (
	"regexp"
	"slices"
	"strings"

	"murano.dev/playground/engine/internal/pyyaml"
)

var (
	uiVersions   = []string{"1.0", "1", "2", "2.0", "2.1", "2.2", "2.3"}
	uiFieldTypes = []string{"string", "boolean", "text", "integer", "password", "clusterip", "floatingip", "domain", "databaselist", "table", "flavor", "keypair", "image", "azone", "psqlDatabase", "network", "choice"}
	uiStrKeys    = []string{"name", "label", "description", "descriptionTitle", "regexpValidator", "helpText"}
	uiBoolKeys   = []string{"required", "hidden"}
	uiIntKeys    = []string{"minLength", "maxLength", "minValue", "maxValue"}
)

// ui checks every UI/*.yaml file: its sections, its forms' fields, and
// that every field is used.
func (c *checker) ui() {
	for _, f := range c.files {
		if !strings.HasPrefix(f, "UI/") || !strings.HasSuffix(f, ".yaml") {
			continue
		}
		docs := c.readYAML(f, false)
		if len(docs) == 0 {
			continue
		}
		d := docs[0]
		if !isMap(d.root) {
			c.report(pos(f, d.root), "E002", "Yaml Error: the UI definition is a %s, not a mapping", d.root.PyType())
			continue
		}
		c.keywords(d, []string{"Forms", "Templates", "Application", "Version"}, nil)
		if _, v := get(d.root, "Version"); v != nil && !slices.Contains(uiVersions, v.Text()) {
			c.report(pos(f, v), "W082", "Incorrect version of UI file %q", v.Text())
		}
		if _, app := get(d.root, "Application"); app != nil {
			if !isMap(app) {
				c.report(pos(f, app), "E084", "Application is not a dict")
			}
			for _, e := range entries(app) {
				if !isName(e.Key) && e.Key.Text() != "?" {
					c.report(pos(f, e.Key), "E083", "Wrong name in UI file %q", e.Key.Text())
				}
			}
		}
		if _, forms := get(d.root, "Forms"); forms != nil {
			c.forms(f, forms)
			c.unusedFields(d, forms)
		}
	}
}

func (c *checker) forms(f string, forms *pyyaml.Node) {
	if !isList(forms) {
		c.reportAs(Error, pos(f, forms), codeForm, "Forms should be a list of one-key mappings")
		return
	}
	for _, named := range forms.Items {
		for _, e := range entries(named) {
			_, fields := get(e.Value, "fields")
			if fields == nil || !isList(fields) {
				c.reportAs(Error, pos(f, e.Key), codeForm, "form %q has no list of fields", e.Key.Text())
			}
			c.subKeywords(f, e.Value, "fields", "validators")
			if fields == nil {
				continue
			}
			for _, field := range fields.Items {
				c.field(f, field)
			}
		}
	}
}

func (c *checker) field(f string, field *pyyaml.Node) {
	for _, e := range entries(field) {
		k, v := e.Key.Text(), e.Value
		switch {
		case slices.Contains(uiStrKeys, k) && !isStr(v):
			c.report(pos(f, v), "E040", "Value of %s should be string not %q", k, v.Text())
		case slices.Contains(uiBoolKeys, k) && !isBool(v):
			c.report(pos(f, v), "E081", "Value of %s should be boolean not %q", k, v.Text())
		case slices.Contains(uiIntKeys, k) && v.PyType() != "int":
			c.report(pos(f, v), "E082", "Value of %s should be int not %q", k, v.Text())
		case k == "type":
			types := []*pyyaml.Node{v}
			if isList(v) {
				types = v.Items
			}
			for _, t := range types {
				switch {
				case !isFQN(t):
					c.report(pos(f, t), "E100", "%q is not valid FQN or known type", t.Text())
				case !strings.Contains(t.Text(), ".") && !slices.Contains(uiFieldTypes, t.Text()):
					c.report(pos(f, t), "W100", "%q is not known type. Probably a typo", t.Text())
				}
			}
		}
	}
}

var (
	fieldRef = regexp.MustCompile(`\$\.(\w+)\.(\w+)`)
	formRef  = regexp.MustCompile(`\$\.(\w+)(?:[^.\w]|$)`)
)

// unusedFields reports the fields of forms that no expression of the UI
// file refers to as $.form.field: their values never reach the object
// model. Forms referred to as a whole ($.form) use all their fields.
func (c *checker) unusedFields(d doc, forms *pyyaml.Node) {
	used := map[string]bool{}
	wholeForm := map[string]bool{}
	var scan func(n *pyyaml.Node)
	scan = func(n *pyyaml.Node) {
		switch n.Kind {
		case pyyaml.String, pyyaml.Expr:
			for _, m := range fieldRef.FindAllStringSubmatch(n.Text(), -1) {
				used[m[1]+"."+m[2]] = true
			}
			for _, m := range formRef.FindAllStringSubmatch(n.Text(), -1) {
				wholeForm[m[1]] = true
			}
		case pyyaml.List:
			for _, x := range n.Items {
				scan(x)
			}
		case pyyaml.Map:
			for _, e := range n.Entries {
				scan(e.Key)
				scan(e.Value)
			}
		}
	}
	for _, key := range []string{"Application", "Templates", "Forms"} {
		if _, v := get(d.root, key); v != nil {
			scan(v)
		}
	}
	for _, named := range forms.Items {
		for _, e := range entries(named) {
			_, fields := get(e.Value, "fields")
			form := e.Key.Text()
			if wholeForm[form] {
				continue
			}
			for _, field := range items(fields) {
				_, name := get(field, "name")
				if name == nil || !isStr(name) || used[form+"."+name.Text()] {
					continue
				}
				c.reportAs(Warning, pos(d.file, name), codeUnusedField, "field %s.%s is not used by Application or Templates: its value is lost", form, name.Text())
			}
		}
	}
}

func items(list *pyyaml.Node) []*pyyaml.Node {
	if list == nil {
		return nil
	}
	return list.Items
}
