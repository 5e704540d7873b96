// This file computes what a rendered field shows: its label, initial
// value, description and the choices of network and application
// reference selects, and what the browser submits for an untouched
// widget.

package dynui

import (
	"strings"

	"murano.dev/playground/engine/value"
)

// label is the field's label: a YAQL label evaluated now, the written
// one, or Django's pretty_name of the field name.
func (r *request) label(f *Field) (value.Value, error) {
	if x, ok := f.props["label"]; ok {
		v, err := r.evalAttr(x)
		if err != nil {
			return nil, err
		}
		if !value.IsNull(v) {
			return v, nil
		}
	} else if f.label != nil {
		return f.label, nil
	}
	if f.nameIsExpr {
		return nil, errorf(f.Pos, "AttributeError", "'YaqlExpression' object has no attribute 'replace'")
	}
	return value.String(prettyName(f.Name)), nil
}

// initialValue is the value the unbound field renders.
func (r *request) initialValue(f *Field) (value.Value, error) {
	switch f.Name {
	case "request":
		return value.String("<request>"), nil
	case "app_id":
		return value.String("fake-package-id"), nil
	case "environment_id":
		return value.String("fake-env-id"), nil
	}
	if x, ok := f.props["initial"]; ok {
		return r.evalAttr(x)
	}
	if f.initial == nil {
		return value.Null, nil
	}
	return f.initial, nil
}

// description is the field's description text, or nil.
func (r *request) description(f *Field) (value.Value, error) {
	if x, ok := f.props["description"]; ok {
		return r.evalAttr(x)
	}
	if f.description == nil {
		return value.Null, nil
	}
	return f.description, nil
}

func (f *Field) isSelect() bool {
	return f.Choices != nil || f.Kind == Choice || f.Kind >= Flavor
}

func (f *Field) isCheckbox() bool {
	return !f.Hidden && (f.Kind == Boolean || f.Kind == FloatingIP)
}

// optionValue is the text an option submits.
func (f *Field) optionValue(k value.Value) string {
	if value.IsNull(k) {
		if f.djangoSelect {
			return ""
		}
		return "None"
	}
	return pyStr(k)
}

// untouched is what the browser submits for the field when the user
// leaves it as rendered; ok is false when nothing is submitted.
func (r *request) untouched(f *Field) (string, bool, error) {
	v, err := r.initialValue(f)
	if err != nil {
		return "", false, err
	}
	s, ok := f.rendered(v)
	return s, ok, nil
}

// rendered is what the widget submits when it shows v.
func (f *Field) rendered(v value.Value) (string, bool) {
	if f.isCheckbox() {
		if checked(v) {
			return "on", true
		}
		return "", false
	}
	if !f.Hidden && f.isSelect() {
		selected := map[string]bool{}
		if f.djangoSelect {
			if l, ok := v.(*value.List); ok {
				for _, it := range l.Items {
					selected[f.optionValue(it)] = true
				}
			} else {
				selected[f.optionValue(v)] = true
			}
		} else if value.IsNull(v) {
			selected[""] = true
		} else {
			selected[pyStr(v)] = true
		}
		for _, c := range f.Choices {
			if s := f.optionValue(c.Key); selected[s] {
				return s, true
			}
		}
		for _, c := range f.Choices {
			if !c.Disabled {
				return f.optionValue(c.Key), true
			}
		}
		return "", false
	}
	if value.IsNull(v) || v == value.String("") {
		return "", true
	}
	return pyStr(v), true
}

// checked is CheckboxInput's check_test.
func checked(v value.Value) bool {
	switch x := v.(type) {
	case value.Bool:
		return bool(x)
	case value.NullType:
		return false
	case value.String:
		return x != ""
	}
	return true
}

// networkChoices is common/net.py get_available_networks plus "Auto".
func (r *request) networkChoices(f *Field) ([]ChoiceItem, *Error) {
	cat := r.w.catalog
	opts := f.networkOptions
	var filter *compiledRegex
	if opts.filter != "" {
		re, err := r.def.compileRegex(&regexSpec{pattern: "^(?:" + opts.filter + ")"})
		if err != nil {
			e := asError(err)
			e.Pos = f.Pos
			return nil, e
		}
		filter = re
	}
	var items []ChoiceItem
	if opts.allowAuto {
		items = append(items, ChoiceItem{Key: pair(value.Null, value.Null), Title: "Auto"})
	}
	for _, n := range cat.Networks {
		if n.External {
			continue
		}
		if filter != nil {
			ok, err := filter.search(n.Name)
			if err != nil || !ok {
				continue
			}
		}
		env := ""
		if opts.murano != "" && len(n.Subnets) == 1 {
			for _, e := range cat.Environments {
				if strings.HasPrefix(n.Name, e+"-network") {
					env = e
					break
				}
			}
		}
		netname := ""
		if env != "" {
			if opts.murano == "exclude" {
				continue
			}
			netname = "Network of '" + env + "'"
		}
		for _, s := range n.Subnets {
			title := netname
			if title == "" {
				title = n.Name + ": " + s.CIDR + " " + s.Name
			}
			items = append(items, ChoiceItem{Key: pair(value.String(n.ID), value.String(s.ID)), Title: title})
		}
		base := netname
		if base == "" {
			base = n.Name
		}
		items = append(items, ChoiceItem{Key: pair(value.String(n.ID), value.Null), Title: base + ": random subnet"})
	}
	return items, nil
}

func pair(a, b value.Value) value.Value { return value.NewTuple([]value.Value{a, b}) }

// appRefChoices fills an application reference: the services of the
// environment of the accepted types.
func (r *request) appRefChoices(f *Field, args map[string]kwarg) {
	w := r.w
	empty := "Select Application"
	if kw, ok := args["empty_value_message"]; ok && !value.IsNull(kw.val) {
		empty = pyStr(kw.val)
	}
	var found []string
	for _, fqn := range f.FQNs {
		inCatalog := strings.Contains(fqn, ".")
		if w.opts.Packages != nil {
			inCatalog = false
			for _, p := range w.opts.Packages {
				if p == fqn {
					inCatalog = true
				}
			}
		}
		if inCatalog {
			found = append(found, fqn)
		}
	}
	if len(found) == 0 {
		f.ErrorWidget = "Couldn't find any apps, required for this field.\nTried: " + strings.Join(f.FQNs, ", ")
		f.Widget = "ErrorWidget"
		f.attrs = map[string]value.Value{}
	}
	items := []ChoiceItem{{Key: value.String(""), Title: empty}}
	env := w.opts.Environment
	if env == nil {
		for _, fqn := range found {
			parts := strings.Split(fqn, ".")
			header := value.NewDict(3)
			header.SetString("id", value.String("existing-"+fqn))
			header.SetString("type", value.String(fqn))
			header.SetString("name", value.String(parts[len(parts)-1]+"-1"))
			svc := value.NewDict(1)
			svc.SetString("?", header)
			env = append(env, svc)
		}
	}
	for _, s := range env {
		sd, ok := s.(*value.Dict)
		if !ok {
			continue
		}
		h, _ := sd.GetString("?")
		hd, ok := h.(*value.Dict)
		if !ok {
			continue
		}
		t, _ := hd.GetString("type")
		typ := strings.Split(pyStr(t), "/")[0]
		match := false
		for _, fqn := range found {
			if fqn == typ {
				match = true
			}
		}
		if !match {
			continue
		}
		id, _ := hd.GetString("id")
		name, hasName := hd.GetString("name")
		if !hasName || !value.Truth(name) {
			name, _ = sd.GetString("name")
		}
		if name == nil {
			name = value.Null
		}
		items = append(items, ChoiceItem{Key: id, Title: htmlEscape(pyStr(name))})
	}
	f.Choices = items
	if len(items) == 2 {
		f.setInitial(items[1].Key)
	}
}
