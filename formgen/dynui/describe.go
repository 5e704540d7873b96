// This file describes rendered forms in the shape of the oracle's
// --describe output.

package dynui

import (
	"murano.dev/playground/engine/value"
)

// FieldDescription is what the dashboard renders for a field.
type FieldDescription struct {
	Name             string         `json:"name"`
	HTMLName         string         `json:"htmlName"`
	FieldClass       string         `json:"fieldClass"`
	Widget           string         `json:"widget"`
	InputKind        string         `json:"inputKind"`
	Label            any            `json:"label"`
	Required         bool           `json:"required"`
	Initial          any            `json:"initial"`
	Submitted        *string        `json:"submittedIfUntouched"`
	HelpText         string         `json:"helpText"`
	Description      any            `json:"description"`
	DescriptionTitle string         `json:"descriptionTitle"`
	WidgetAttrs      map[string]any `json:"widgetAttrs"`
	MaxLength        any            `json:"max_length,omitempty"`
	MinLength        any            `json:"min_length,omitempty"`
	MaxValue         any            `json:"max_value,omitempty"`
	MinValue         any            `json:"min_value,omitempty"`
	Choices          any            `json:"choices,omitempty"`
	JSValidators     []jsValidator  `json:"jsValidators,omitempty"`
	ServerValidators []string       `json:"serverValidators"`
	ErrorMessage     string         `json:"errorWidgetMessage,omitempty"`
}

// FormDescription is a rendered step.
type FormDescription struct {
	Step   int                 `json:"step"`
	Form   string              `json:"form"`
	Title  string              `json:"title,omitempty"`
	Fields []*FieldDescription `json:"fields"`
}

// describe renders a form of this request.
func (r *request) describe(form *Form) (*FormDescription, error) {
	out := &FormDescription{Step: form.Index, Form: form.Name, Title: form.Title, Fields: []*FieldDescription{}}
	for _, f := range form.Fields {
		d, err := r.describeField(form, f)
		if err != nil {
			return nil, err
		}
		out.Fields = append(out.Fields, d)
	}
	return out, nil
}

func (r *request) describeField(form *Form, f *Field) (*FieldDescription, error) {
	label, err := r.label(f)
	if err != nil {
		return nil, err
	}
	desc, err := r.description(f)
	if err != nil {
		return nil, err
	}
	initial, err := r.initialValue(f)
	if err != nil {
		return nil, err
	}
	d := &FieldDescription{
		Name: f.Name, HTMLName: itoa(form.Index) + "-" + f.Name, FieldClass: f.Class, Widget: f.Widget,
		InputKind: r.inputKind(f), Label: JSONable(label), Required: f.Required, Initial: JSONable(initial),
		HelpText: f.HelpText, Description: JSONable(desc), DescriptionTitle: f.DescriptionTitle,
		WidgetAttrs: map[string]any{}, ServerValidators: []string{}, JSValidators: f.js, ErrorMessage: f.ErrorWidget,
	}
	if s, ok := f.rendered(initial); ok {
		d.Submitted = &s
	}
	for k, v := range f.attrs {
		d.WidgetAttrs[k] = JSONable(v)
	}
	if f.Required && r.usesRequired(f) {
		d.WidgetAttrs["required"] = true
	}
	if f.Disabled {
		d.WidgetAttrs["disabled"] = true
	}
	if len(f.js) > 0 {
		d.WidgetAttrs["data-validators"] = pyJSONValidators(f.js)
	}
	if !f.Hidden {
		if f.maxLength != nil && !value.IsNull(f.maxLength) {
			d.WidgetAttrs["maxlength"] = pyStr(f.maxLength)
		}
		if f.minLength != nil && !value.IsNull(f.minLength) {
			d.WidgetAttrs["minlength"] = pyStr(f.minLength)
		}
	}
	if f.Kind == Integer && !f.Hidden {
		if f.minValue != nil && !value.IsNull(f.minValue) {
			d.WidgetAttrs["min"] = JSONable(f.minValue)
		}
		if f.maxValue != nil && !value.IsNull(f.maxValue) {
			d.WidgetAttrs["max"] = JSONable(f.maxValue)
		}
	}
	for _, p := range []struct {
		v   value.Value
		dst *any
	}{{f.maxLength, &d.MaxLength}, {f.minLength, &d.MinLength}, {f.maxValue, &d.MaxValue}, {f.minValue, &d.MinValue}} {
		if p.v != nil && !value.IsNull(p.v) {
			*p.dst = JSONable(p.v)
		}
	}
	if f.isSelect() {
		choices := [][3]any{}
		for _, c := range f.Choices {
			choices = append(choices, [3]any{f.optionValue(c.Key), c.Title, c.Disabled})
		}
		d.Choices = choices
	}
	for _, v := range f.validators {
		d.ServerValidators = append(d.ServerValidators, v.name)
	}
	return d, nil
}

func (r *request) inputKind(f *Field) string {
	switch {
	case f.isCheckbox():
		return "checkbox"
	case f.Hidden:
		return "hidden"
	case f.Kind == Password:
		return "password"
	case f.Kind == Text:
		return "textarea"
	case f.isSelect():
		return "select"
	case f.Kind == Integer:
		return "number"
	}
	return "text"
}

// usesRequired is the widget's use_required_attribute: not for hidden
// inputs and checkboxes, and for Django selects only when the first
// option is empty.
func (r *request) usesRequired(f *Field) bool {
	if f.Hidden || f.isCheckbox() || f.ErrorWidget != "" {
		return false
	}
	if f.djangoSelect {
		if len(f.Choices) == 0 {
			return false
		}
		k := f.Choices[0].Key
		return value.IsNull(k) || k == value.String("")
	}
	return true
}

func itoa(i int) string { return pyStr(value.Int(i)) }

// pyJSONValidators is json.dumps of the client-side validators.
func pyJSONValidators(js []jsValidator) string {
	out := "["
	for i, v := range js {
		if i > 0 {
			out += ", "
		}
		out += `{"regex": ` + pyJSONString(v.Regex) + `, "message": ` + pyJSONString(v.Message) + "}"
	}
	return out + "]"
}
