// This file defines the wizard: one user's pass through the steps of a
// definition, with the session's cleaned data, and the object model
// built at the end.

package dynui

import (
	"context"
	"fmt"
	"strings"

	"murano.dev/playground/engine/cloud"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
)

// DashboardAttrsKey is the key of the dashboard's own data in the
// application's "?" header.
const DashboardAttrsKey = "_26411a1861294160833743e45d0eaad9"

// Options configure a wizard. The zero value of each field means the
// oracle's default.
type Options struct {
	// FQN is the package's full name (default: Application's ?.type);
	// PackageName its display name (default: the FQN's last part);
	// PackageVersion its version (default 1.0.0).
	FQN, PackageName, PackageVersion string
	// Catalog is the cloud (default cloud.DefaultCatalog()).
	Catalog *cloud.Catalog
	// Environment lists the services already in the environment (maps
	// with a "?" header); nil means one service per referenced type.
	Environment []value.Value
	// Packages lists the FQNs in the application catalog; nil means
	// every name containing a dot.
	Packages []string
	// ParametersSource is what the ParametersSource static action
	// returns (default {}).
	ParametersSource value.Value
	// Seed seeds the ids and generated host names (default 42 when
	// SeedSet is false).
	Seed    int64
	SeedSet bool
	// Nested is the "+" wizard of an application reference
	// (drop_wm_form).
	Nested bool
}

// Wizard is one pass through a definition's steps.
type Wizard struct {
	def     *Definition
	opts    Options
	catalog *cloud.Catalog
	gen     *generator
	// data is the session's cleaned data: form name → field → value.
	data *value.Dict
	// posts are the data posted for each validated step.
	posts map[int]map[string]string
	// management holds the specifications of the workflowManagement
	// step's fields.
	management []*decl.Node
	// ParametersSourceCalls records the static action calls made.
	ParametersSourceCalls []value.Value
}

// NewWizard starts a wizard on a definition.
func NewWizard(def *Definition, opts Options) *Wizard {
	if opts.FQN == "" {
		opts.FQN = defaultFQN(def)
	}
	if opts.PackageName == "" {
		parts := strings.Split(opts.FQN, ".")
		opts.PackageName = parts[len(parts)-1]
	}
	if opts.PackageVersion == "" {
		opts.PackageVersion = "1.0.0"
	}
	if opts.Catalog == nil {
		opts.Catalog = cloud.DefaultCatalog()
	}
	if opts.ParametersSource == nil {
		opts.ParametersSource = value.NewDict(0)
	}
	seed := opts.Seed
	if !opts.SeedSet {
		seed = 42
	}
	return &Wizard{def: def, opts: opts, catalog: opts.Catalog, gen: newGenerator(seed),
		data: value.NewDict(4), posts: map[int]map[string]string{}}
}

func defaultFQN(def *Definition) string {
	if def.Application != nil {
		if t := def.Application.Get("?").Get("type"); t != nil {
			return strings.Split(t.Text(), "/")[0]
		}
	}
	return "io.murano.Unknown"
}

func (w *Wizard) callParametersSource() (value.Value, value.Value) {
	src := w.def.ParametersSource.Text()
	class, method := "", src
	if i := strings.LastIndex(src, "."); i >= 0 {
		class, method = src[:i], src[i+1:]
	} else {
		class = w.opts.FQN
		if t := w.def.Application.Get("?").Get("type"); t != nil {
			class = t.Text()
		}
	}
	call := value.NewDict(5)
	call.SetString("className", value.String(class))
	call.SetString("methodName", value.String(method))
	call.SetString("packageName", value.String(w.opts.FQN))
	call.SetString("classVersion", value.String(w.opts.PackageVersion))
	call.SetString("parameters", value.NewDict(0))
	return call, w.opts.ParametersSource
}

// Data returns the session's cleaned data (form → field → value).
func (w *Wizard) Data() *value.Dict { return w.data }

// Forms renders every step as the next request would.
func (w *Wizard) Forms() ([]*Form, error) {
	r, err := w.newRequest()
	if err != nil {
		return nil, err
	}
	return r.forms, nil
}

// StepResult is the outcome of posting a step.
type StepResult struct {
	Valid bool
	// Errors maps field names (and "__all__") to their messages.
	Errors map[string][]string
	// Cleaned is the step's cleaned data.
	Cleaned *value.Dict
}

// Submit validates the data posted for a step ("field" → text, as a
// browser posts it) and, when valid, keeps it for later steps.
func (w *Wizard) Submit(step int, post map[string]string) (*StepResult, error) {
	r, err := w.newRequest()
	if err != nil {
		return nil, err
	}
	if step < 0 || step >= len(r.forms) {
		return nil, fmt.Errorf("dynui: no step %d", step)
	}
	res, err := r.validate(r.forms[step], post)
	if err != nil {
		return nil, err
	}
	if res.Valid {
		w.posts[step] = post
	}
	return res, nil
}

// ValidateField checks one field of a step as the user types: the
// field's own cleaning and validators, with the step's other values as
// posted. It returns the field's messages (none when valid).
func (w *Wizard) ValidateField(step int, name string, post map[string]string) ([]string, error) {
	r := &request{w: w, def: w.def}
	if err := r.newService(); err != nil {
		return nil, err
	}
	var form *Form
	var err error
	switch {
	case step >= 0 && step < len(w.def.Forms):
		form, err = r.buildForm(step, w.def.Forms[step])
	case step == len(w.def.Forms):
		form, err = r.managementForm(step)
	}
	if err != nil {
		return nil, err
	}
	if form == nil {
		return nil, fmt.Errorf("dynui: no step %d", step)
	}
	f := form.Field(name)
	if f == nil {
		return nil, fmt.Errorf("dynui: step %d has no field %q", step, name)
	}
	_, errs, err := r.clean(f, widgetValue(f, post))
	if err != nil {
		return nil, err
	}
	return messages(errs), nil
}

// validate is the form's full_clean: each field, then (when every field
// is valid) the form-level validators and the password comparison.
func (r *request) validate(form *Form, post map[string]string) (*StepResult, error) {
	w := r.w
	cleaned := value.NewDict(len(form.Fields))
	res := &StepResult{Errors: map[string][]string{}, Cleaned: cleaned}
	if form.spec != nil && len(form.Fields) > 0 && form.Field("service") != nil {
		return nil, errorf(form.Field("service").Pos, "AttributeError", "'%s' object has no attribute 'service'", form.Name)
	}
	for _, f := range form.Fields {
		if cleaned.Len() > 0 {
			w.data.SetString(form.Name, cleaned)
		}
		v, errs, err := r.clean(f, widgetValue(f, post))
		if err != nil {
			return nil, err
		}
		if len(errs) > 0 {
			res.Errors[f.Name] = messages(errs)
			continue
		}
		cleaned.SetString(f.Name, v)
	}
	if len(res.Errors) > 0 {
		return res, nil
	}
	if cleaned.Len() > 0 {
		w.data.SetString(form.Name, cleaned)
	}
	if f := form.Field("validators"); f != nil && form.spec != nil {
		return nil, errorf(f.Pos, "AttributeError", "'%s' object has no attribute 'validators'", form.Name)
	}
	var msgs []string
	fctx := w.formContext()
	for _, vn := range form.validators {
		expr := vn.Get("expr")
		x, ok := exprOf(r.def, expr)
		if !ok {
			typ := "NoneType"
			if expr != nil {
				typ = pyType(expr)
			}
			return nil, errorf(vn.Span, "AttributeError", "'%s' object has no attribute 'evaluate'", typ)
		}
		v, err := x.stmt.Evaluate(context.Background(), fctx, value.WithLists(w.data, false))
		if err != nil {
			return nil, asError(&evalError{expr: x, err: err})
		}
		if !value.Truth(v) {
			msg := "Validation Error occurred"
			if m := vn.Get("message"); m != nil {
				msg = m.Text()
			}
			msgs = append(msgs, msg)
		}
	}
	if len(msgs) > 0 {
		res.Errors["__all__"] = msgs
		return res, nil
	}
	for _, f := range form.Fields {
		if f.Kind != Password || f.clone || !f.confirmInput || !f.Required {
			continue
		}
		if x, ok := f.props["enabled"]; ok {
			en, err := r.evalAttr(x)
			if err != nil {
				return nil, err
			}
			if !value.Truth(en) {
				continue
			}
		}
		a, _ := cleaned.GetString(f.Name)
		b, _ := cleaned.GetString(f.Name + "-clone")
		if a == nil {
			a = value.Null
		}
		if b == nil {
			b = value.Null
		}
		if !value.Equal(a, b) {
			label, err := r.label(f)
			if err != nil {
				return nil, err
			}
			res.Errors["__all__"] = []string{pyStr(label) + "s don't match"}
			return res, nil
		}
	}
	res.Valid = true
	return res, nil
}

// Finish re-validates every step with what was posted and returns the
// object model, or the first invalid step.
func (w *Wizard) Finish() (value.Value, *StepFailure, error) {
	r, err := w.newRequest()
	if err != nil {
		return nil, nil, err
	}
	return r.finish()
}

// finish re-validates every step in this request and builds the object
// model with its service (Wizard.render_done and done).
func (r *request) finish() (value.Value, *StepFailure, error) {
	w := r.w
	var cleaned []*value.Dict
	for i, f := range r.forms {
		res, err := r.validate(f, w.posts[i])
		if err != nil {
			return nil, nil, err
		}
		if !res.Valid {
			return nil, &StepFailure{Step: i, Form: f.Name, Errors: res.Errors}, nil
		}
		cleaned = append(cleaned, res.Cleaned)
	}
	model, err := r.objectModel(cleaned)
	return model, nil, err
}

// StepFailure is an invalid step found when finishing.
type StepFailure struct {
	Step   int
	Form   string
	Errors map[string][]string
}

// objectModel is Service.extract_attributes, insert_hidden_ids and the
// header Wizard.done adds.
func (r *request) objectModel(steps []*value.Dict) (value.Value, error) {
	w, d := r.w, r.def
	app := d.toValue(d.Application)
	if d.contextClash != nil {
		return nil, &Error{Type: "AttributeError", Message: fmt.Sprintf("'%s' object has no attribute 'create_child_context'", d.contextType), Pos: d.contextClash.Pos}
	}
	ctx := r.svc.ctx.Child()
	ctx.Set("$", w.data)
	ctx.Set("$forms", w.data)
	for name, t := range r.svc.templates {
		ctx.Set(name, t)
	}
	if d.atLeast22() {
		ad, ok := app.(*value.Dict)
		var header *value.Dict
		if ok {
			h, _ := ad.GetString("?")
			header, _ = h.(*value.Dict)
		}
		if header == nil {
			return nil, errorf(d.Application.Span, "KeyError", "'?'")
		}
		wm, _ := w.data.GetString(ManagementForm)
		var name value.Value = value.Null
		if wmd, ok := wm.(*value.Dict); ok {
			name, _ = wmd.GetString("application_name")
		}
		header.SetString("name", name)
	}
	attrs, err := resolve(app, ctx)
	if err != nil {
		return nil, asError(err)
	}
	attrs = w.insertHiddenIDs(attrs)
	top, ok := attrs.(*value.Dict)
	if !ok {
		return nil, errorf(d.Application.Span, "AttributeError", "'%s' object has no attribute 'setdefault'", attrs.Type())
	}
	h, ok := top.GetString("?")
	header, _ := h.(*value.Dict)
	if !ok {
		header = value.NewDict(2)
		top.SetString("?", header)
	} else if header == nil {
		return nil, errorf(d.Application.Span, "AttributeError", "'%s' object has no attribute 'setdefault'", h.Type())
	}
	storage := value.NewDict(1)
	if s, ok := header.GetString(DashboardAttrsKey); ok {
		if sd, ok := s.(*value.Dict); ok {
			storage = sd
		}
	}
	storage.SetString("name", value.String(w.opts.PackageName))
	header.SetString(DashboardAttrsKey, storage)
	usage, err := w.usages(r.forms, steps)
	if err != nil {
		return nil, err
	}
	header.SetString("resourceUsages", usage)
	return top, nil
}

// usages sums the flavors of the steps that have a field named flavor.
func (w *Wizard) usages(forms []*Form, steps []*value.Dict) (value.Value, error) {
	var ram, vcpus, instances int64
	for i, s := range steps {
		if f := forms[i].Field("region"); f != nil && forms[i].spec != nil {
			return nil, errorf(f.Pos, "AttributeError", "'%s' object has no attribute 'region'", forms[i].Name)
		}
		v, ok := s.GetString("flavor")
		if !ok {
			continue
		}
		fl, found := w.catalog.FlavorByName(pyStr(v))
		if !found || value.IsNull(v) {
			return nil, &Error{Type: "TypeError", Message: fmt.Sprintf("'NoneType' object is not subscriptable (Wizard.get_flavor_usages: unknown flavor %s)", value.Repr(v))}
		}
		ram += int64(fl.RAM)
		vcpus += int64(fl.VCPUs)
		instances++
	}
	region := value.NewDict(3)
	region.SetString("ram", value.Int(ram))
	region.SetString("vcpus", value.Int(vcpus))
	region.SetString("instances", value.Int(instances))
	out := value.NewDict(1)
	out.SetString(w.catalog.Region, region)
	return out, nil
}

// insertHiddenIDs gives every "?" mapping a fresh id, except the ids
// ref() made, which become their text.
func (w *Wizard) insertHiddenIDs(v value.Value) value.Value {
	switch x := v.(type) {
	case *value.Dict:
		out := value.NewDict(x.Len())
		for i, k := range x.Keys() {
			val := x.Values()[i]
			if ks, ok := k.(value.String); ok && ks == "?" {
				if hd, ok := val.(*value.Dict); ok {
					id, _ := hd.GetString("id")
					if _, isRef := id.(*objectID); !isRef {
						hd.SetString("id", value.String(w.gen.uuid()))
						_ = out.Set(k, hd)
						continue
					}
				}
			}
			_ = out.Set(w.insertHiddenIDs(k), w.insertHiddenIDs(val))
		}
		return out
	case *value.List:
		if !x.Mutable {
			return v
		}
		items := make([]value.Value, len(x.Items))
		for i, it := range x.Items {
			items[i] = w.insertHiddenIDs(it)
		}
		return value.NewPyList(items)
	case *objectID:
		return value.String(x.id)
	}
	return v
}

// exprOf returns the expression of an expression node.
func exprOf(d *Definition, n *decl.Node) (*rawExpr, bool) {
	if n == nil || n.Kind != decl.Expr {
		return nil, false
	}
	return d.expr(n), true
}

// Describe renders a step as the next request would show it.
func (w *Wizard) Describe(step int) (*FormDescription, error) {
	r, err := w.newRequest()
	if err != nil {
		return nil, err
	}
	if step < 0 || step >= len(r.forms) {
		return nil, fmt.Errorf("dynui: no step %d", step)
	}
	return r.describe(r.forms[step])
}
