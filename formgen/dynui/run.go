// This file drives a wizard from a JSON file of answers the way the
// Dynamic UI oracle drives the dashboard: each step is rendered, the
// untouched widgets submit what the browser would, each POST is a new
// request, and the last request re-validates every step.

package dynui

import (
	"errors"
	"fmt"
	"strings"

	"murano.dev/playground/engine/diag"
	"murano.dev/playground/engine/value"
)

// Input is the oracle's input: the answers per form, and the optional
// __environment__, __catalog__ and __parametersSource__.
type Input struct {
	Forms            map[string]*value.Dict
	Environment      []value.Value
	Catalog          []string
	ParametersSource value.Value
}

// ParseInput reads the oracle's input JSON.
func ParseInput(data []byte) (*Input, error) {
	in := &Input{Forms: map[string]*value.Dict{}}
	if len(strings.TrimSpace(string(data))) == 0 {
		return in, nil
	}
	v, err := value.FromJSON(data)
	if err != nil {
		return nil, err
	}
	d, ok := value.WithLists(v, true).(*value.Dict)
	if !ok {
		return nil, fmt.Errorf("the input must be a JSON object")
	}
	for i, k := range d.Keys() {
		name := pyStr(k)
		val := d.Values()[i]
		switch name {
		case "__environment__":
			if l, ok := val.(*value.List); ok {
				in.Environment = append([]value.Value{}, l.Items...)
			}
		case "__catalog__":
			if l, ok := val.(*value.List); ok {
				in.Catalog = []string{}
				for _, it := range l.Items {
					in.Catalog = append(in.Catalog, pyStr(it))
				}
			}
		case "__parametersSource__":
			in.ParametersSource = val
		default:
			if fd, ok := val.(*value.Dict); ok {
				in.Forms[name] = fd
			} else {
				in.Forms[name] = value.NewDict(0)
			}
		}
	}
	return in, nil
}

// Result is the oracle's output.
type Result struct {
	Valid bool
	// Valid results.
	ObjectModel      value.Value
	CleanedData      value.Value
	PostedSteps      []map[string]string
	StayAtTheCatalog value.Value
	// Invalid results: the first invalid step.
	Step   int
	Form   string
	Posted map[string]string
	Errors map[string][]string
	// Error is set when the dashboard itself fails.
	Error *Error
	// Forms are the rendered steps (with describe).
	Forms                 []*FormDescription
	ParametersSourceCalls []value.Value
}

// ExitCode is the oracle's exit status: 0 valid, 1 invalid, 2 error.
func (r *Result) ExitCode() int {
	switch {
	case r.Error != nil:
		return 2
	case r.Valid:
		return 0
	}
	return 1
}

// JSON returns the result as the oracle prints it (without the
// Python frames of errors).
func (r *Result) JSON() map[string]any {
	if r.Error != nil {
		e := map[string]any{"type": r.Error.Type, "message": r.Error.Message}
		if r.Error.Pos.Start.IsValid() {
			e["pos"] = r.Error.Pos.Start.String()
		}
		return map[string]any{"error": e}
	}
	out := map[string]any{"valid": r.Valid}
	if r.Forms != nil {
		out["forms"] = r.Forms
	}
	if !r.Valid {
		out["step"], out["form"], out["errors"], out["posted"] = r.Step, r.Form, r.Errors, r.Posted
		return out
	}
	out["objectModel"] = JSONable(r.ObjectModel)
	out["cleanedData"] = JSONable(r.CleanedData)
	out["postedSteps"] = r.PostedSteps
	out["stayAtTheCatalog"] = JSONable(r.StayAtTheCatalog)
	if len(r.ParametersSourceCalls) > 0 {
		calls := make([]any, len(r.ParametersSourceCalls))
		for i, c := range r.ParametersSourceCalls {
			calls[i] = JSONable(c)
		}
		out["parametersSourceCalls"] = calls
	}
	return out
}

// Run loads nothing: it drives a wizard on def with the input, as the
// oracle does.
func Run(def *Definition, in *Input, opts Options, describe bool) *Result {
	if in.Environment != nil {
		opts.Environment = in.Environment
	}
	if in.Catalog != nil {
		opts.Packages = in.Catalog
	}
	if in.ParametersSource != nil {
		opts.ParametersSource = in.ParametersSource
	}
	w := NewWizard(def, opts)
	res, err := w.run(in, describe)
	if err != nil {
		return &Result{Error: AsError(err)}
	}
	return res
}

// AsError converts any failure into an Error.
func AsError(err error) *Error {
	var dl diag.List
	if errors.As(err, &dl) && len(dl) > 0 {
		return diagError(dl)
	}
	return asError(err)
}

func (w *Wizard) run(in *Input, describe bool) (*Result, error) {
	res := &Result{}
	r, err := w.newRequest()
	if err != nil {
		return nil, err
	}
	n := len(r.forms)
	current := r.forms[0]
	posts := make([]map[string]string, n)
	for i := 0; i < n; i++ {
		if describe {
			d, err := r.describe(current)
			if err != nil {
				return nil, err
			}
			res.Forms = append(res.Forms, d)
		}
		post, err := r.buildPost(current, in.Forms[current.Name])
		if err != nil {
			return nil, err
		}
		posts[i] = post
		r, err = w.newRequest()
		if err != nil {
			return nil, err
		}
		sr, err := r.validate(r.forms[i], post)
		if err != nil {
			return nil, err
		}
		if !sr.Valid {
			res.Step, res.Form, res.Posted, res.Errors = i, r.forms[i].Name, prefixed(i, post), sr.Errors
			return res, nil
		}
		w.posts[i] = post
		if i+1 < n {
			current = r.forms[i+1]
		}
	}
	model, fail, err := r.finish()
	if err != nil {
		return nil, err
	}
	if fail != nil {
		res.Step, res.Form, res.Errors = fail.Step, fail.Form, fail.Errors
		return res, nil
	}
	res.Valid, res.ObjectModel, res.CleanedData = true, model, w.data
	for i := range posts {
		res.PostedSteps = append(res.PostedSteps, prefixed(i, posts[i]))
	}
	res.StayAtTheCatalog = value.Null
	if wm, ok := w.data.GetString(ManagementForm); ok {
		if d, ok := wm.(*value.Dict); ok {
			if v, ok := d.GetString("stay_at_the_catalog"); ok {
				res.StayAtTheCatalog = v
			}
		}
	}
	res.ParametersSourceCalls = w.ParametersSourceCalls
	return res, nil
}

func prefixed(step int, post map[string]string) map[string]string {
	out := make(map[string]string, len(post))
	for k, v := range post {
		out[itoa(step)+"-"+k] = v
	}
	return out
}

// buildPost is what the browser posts for a rendered step: the given
// answers, and the untouched widgets' values for the rest.
func (r *request) buildPost(form *Form, given *value.Dict) (map[string]string, error) {
	post := map[string]string{}
	get := func(name string) (value.Value, bool) {
		if given == nil {
			return nil, false
		}
		return given.GetString(name)
	}
	for _, f := range form.Fields {
		if _, err := r.label(f); err != nil {
			return nil, err
		}
		var s string
		var ok bool
		var err error
		base, isClone := strings.CutSuffix(f.Name, "-clone")
		if v, has := get(f.Name); has {
			s, ok = r.toPost(f, v)
		} else if v, has := get(base); isClone && has {
			s, ok = r.toPost(f, v)
		} else {
			s, ok, err = r.untouched(f)
		}
		if err != nil {
			return nil, err
		}
		if ok {
			post[f.Name] = s
		}
	}
	return post, nil
}

// toPost is the text the browser posts for an answer.
func (r *request) toPost(f *Field, v value.Value) (string, bool) {
	if r.inputKind(f) == "checkbox" {
		return "on", value.Truth(v)
	}
	if value.IsNull(v) {
		if f.Kind == Network {
			return "(None, None)", true
		}
		return "", true
	}
	if l, ok := v.(*value.List); ok {
		if r.inputKind(f) == "select" {
			return value.Repr(value.NewTuple(l.Items)), true
		}
		parts := make([]string, len(l.Items))
		for i, it := range l.Items {
			parts[i] = pyStr(it)
		}
		return strings.Join(parts, ", "), true
	}
	return pyStr(v), true
}
