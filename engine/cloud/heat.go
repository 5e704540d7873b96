// This file defines Heat: stacks by name, created, updated and deleted as
// a diff by resource name in dependency order, validated first.

package cloud

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Stack is a Heat stack.
type Stack struct {
	Name        string            `json:"name"`
	ID          string            `json:"id"`
	Template    *Map              `json:"template"`
	Parameters  *Map              `json:"parameters"`
	Files       map[string]string `json:"files"`
	Environment any               `json:"environment"`
	Tags        string            `json:"tags"`
	Status      string            `json:"status"`
	Reason      string            `json:"reason"`
	Created     time.Time         `json:"created"`
	// Updated is the zero time until the first update.
	Updated   time.Time   `json:"updated"`
	Resources []*Resource `json:"resources"`
	Outputs   *Map        `json:"outputs"`
	// ReadyAt is when a change in progress ends (seconds since 1970; 0:
	// none), and the stack's status becomes Settled (with Durations).
	ReadyAt float64 `json:"readyAt,omitempty"`
	Settled string  `json:"settled,omitempty"`
}

// Resource is a resource of a stack: its physical id, the properties it
// was made with, and its attributes.
type Resource struct {
	Name   string `json:"name"`
	Type   string `json:"type"`
	ID     string `json:"id"`
	Props  *Map   `json:"props"`
	Attrs  *Map   `json:"attrs"`
	Status string `json:"status"`
}

// UnmarshalJSON reads a saved stack keeping the order of the keys of
// its environment.
func (st *Stack) UnmarshalJSON(data []byte) error {
	type plainStack Stack
	var raw struct {
		plainStack
		Environment json.RawMessage `json:"environment"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	*st = Stack(raw.plainStack)
	env, err := decodeRaw(raw.Environment)
	st.Environment = env
	return err
}

func (st *Stack) resource(name string) *Resource {
	for _, r := range st.Resources {
		if r.Name == name {
			return r
		}
	}
	return nil
}

func (st *Stack) removeResource(name string) *Resource {
	for i, r := range st.Resources {
		if r.Name == name {
			st.Resources = slices.Delete(st.Resources, i, i+1)
			return r
		}
	}
	return nil
}

// HeatError is an error of the Heat API: 400 when a template does not
// validate, 404 when there is no such stack.
type HeatError struct {
	Status  int
	Message string
}

// Error is the text heatclient's exception carries.
func (e *HeatError) Error() string { return "ERROR: " + e.Message }

// ExceptionName is the name MuranoPL sees for the error.
func (e *HeatError) ExceptionName() string {
	if e.Status == 404 {
		return "heatclient.exc.HTTPNotFound"
	}
	return "heatclient.exc.HTTPBadRequest"
}

func badRequest(format string, args ...any) *HeatError {
	return &HeatError{400, fmt.Sprintf(format, args...)}
}

// resourceFailure is why a resource could not be created: the stack
// goes *_FAILED with "Resource CREATE failed: <message>".
type resourceFailure struct{ message string }

func (e *resourceFailure) Error() string { return e.message }

func failf(format string, args ...any) error {
	return &resourceFailure{fmt.Sprintf(format, args...)}
}

// StackInfo is what heatclient's stacks.get returns.
type StackInfo struct {
	Name, ID, Status, Reason string
	// Parameters include OS::stack_name, OS::stack_id, OS::project_id.
	Parameters *Map
	// Outputs are [{output_key, output_value, description}].
	Outputs      []*Map
	CreationTime string
	// UpdatedTime is "" until the stack is updated.
	UpdatedTime string
	Tags        string
}

func (c *Cloud) stack(name string) (*Stack, error) {
	name, _, _ = strings.Cut(name, "/")
	for _, st := range c.st.Stacks {
		if st.Name == name {
			return st, nil
		}
	}
	return nil, &HeatError{404, fmt.Sprintf("Stack %s could not be found", name)}
}

// GetStack returns the stack (by name, or "name/id").
func (c *Cloud) GetStack(name string) (*StackInfo, error) {
	c.settle()
	st, err := c.stack(name)
	if err != nil {
		return nil, err
	}
	params := clone(st.Parameters).(*Map)
	if params == nil {
		params = NewMap()
	}
	params.Set("OS::stack_name", st.Name)
	params.Set("OS::stack_id", st.ID)
	params.Set("OS::project_id", c.catalog.Project.ID)
	info := &StackInfo{Name: st.Name, ID: st.ID, Status: st.Status, Reason: st.Reason, Parameters: params,
		CreationTime: isoTime(st.Created), Tags: st.Tags, Outputs: []*Map{}}
	if !st.Updated.IsZero() {
		info.UpdatedTime = isoTime(st.Updated)
	}
	for _, k := range st.Outputs.Keys() {
		info.Outputs = append(info.Outputs, NewMap("output_key", k, "output_value", clone(st.Outputs.Value(k)),
			"description", nil))
	}
	return info, nil
}

// StackTemplate returns a copy of the stack's template.
func (c *Cloud) StackTemplate(name string) (*Map, error) {
	st, err := c.stack(name)
	if err != nil {
		return nil, err
	}
	return clone(st.Template).(*Map), nil
}

// Stacks returns the stacks, in the order they were created.
func (c *Cloud) Stacks() []*Stack { return c.st.Stacks }

// StackRequest is a create or update: the template and what goes with it.
type StackRequest struct {
	Template    any
	Parameters  any
	Files       map[string]string
	Environment any
	Tags        string
}

func (c *Cloud) logHeat(op, stack string, template *Map) *HeatCall {
	c.record.Heat = append(c.record.Heat, HeatCall{Op: op, Stack: stack, Template: template})
	return &c.record.Heat[len(c.record.Heat)-1]
}

// TemplateOf normalises a request's template as a create or an update
// takes it (and the record keeps it); a template that is not an object
// is a bad request, recorded as no template.
func TemplateOf(v any) (*Map, error) {
	t := Normalize(v)
	if t == nil {
		return NewMap(), nil
	}
	m, ok := t.(*Map)
	if !ok {
		return nil, badRequest("The template is not a JSON object or YAML mapping.")
	}
	return m, nil
}

// CreateStack creates a stack; the returned error is a *HeatError when
// Heat rejects the request. A resource that fails leaves the stack
// CREATE_FAILED (no error: the caller polls the status).
func (c *Cloud) CreateStack(name string, req StackRequest) (string, error) {
	tmpl, terr := TemplateOf(req.Template)
	call := c.logHeat("create", name, tmpl)
	if terr != nil {
		return "", terr
	}
	if _, err := c.stack(name); err == nil {
		return "", badRequest("The Stack (%s) already exists.", name)
	}
	params, _ := Normalize(req.Parameters).(*Map)
	if params == nil {
		params = NewMap()
	}
	if err := c.validate(tmpl, params, req.Environment); err != nil {
		return "", err
	}
	st := &Stack{Name: name, ID: c.newID(true), Template: NewMap(), Parameters: params,
		Files: filesOf(req.Files), Environment: Normalize(req.Environment), Tags: req.Tags,
		Status: "CREATE_IN_PROGRESS", Created: c.Now(), Outputs: NewMap()}
	c.st.Stacks = append(c.st.Stacks, st)
	c.apply(st, tmpl, "CREATE")
	call.Status = st.Status
	return st.ID, nil
}

// UpdateStack updates a stack to a new template, keeping the resources
// whose names stay (updated in place when their properties change).
func (c *Cloud) UpdateStack(name string, req StackRequest) error {
	tmpl, terr := TemplateOf(req.Template)
	n, _, _ := strings.Cut(name, "/")
	call := c.logHeat("update", n, tmpl)
	if terr != nil {
		return terr
	}
	st, err := c.stack(name)
	if err != nil {
		return err
	}
	params, _ := Normalize(req.Parameters).(*Map)
	if params == nil {
		params = NewMap()
	}
	if err := c.validate(tmpl, params, req.Environment); err != nil {
		return err
	}
	t := c.Now()
	last := st.Created
	if st.Updated.After(last) {
		last = st.Updated
	}
	if !t.After(last) {
		t = last.Add(time.Second)
	}
	st.Updated = t
	st.Parameters = params
	st.Files = filesOf(req.Files)
	st.Environment = Normalize(req.Environment)
	if req.Tags != "" {
		st.Tags = req.Tags
	}
	st.Status = "UPDATE_IN_PROGRESS"
	c.apply(st, tmpl, "UPDATE")
	call.Status = st.Status
	return nil
}

// DeleteStack deletes a stack and everything it made, in reverse
// dependency order.
func (c *Cloud) DeleteStack(name string) error {
	n, _, _ := strings.Cut(name, "/")
	call := c.logHeat("delete", n, nil)
	st, err := c.stack(name)
	if err != nil {
		return err
	}
	order := c.order(st.Template, resourceNames(st))
	for i := len(order) - 1; i >= 0; i-- {
		c.release(st, order[i])
	}
	c.st.Stacks = slices.DeleteFunc(c.st.Stacks, func(s *Stack) bool { return s == st })
	call.Status = "DELETE_COMPLETE"
	return nil
}

func filesOf(f map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range f {
		out[k] = v
	}
	return out
}

func resourceNames(st *Stack) []string {
	names := make([]string, len(st.Resources))
	for i, r := range st.Resources {
		names[i] = r.Name
	}
	return names
}

// resourcesOf returns a template's resources section (HOT or CFN).
func resourcesOf(t *Map) *Map {
	for _, k := range []string{"resources", "Resources"} {
		if v := t.Value(k); !isFalsy(v) {
			m, _ := v.(*Map)
			return m
		}
	}
	return NewMap()
}

// isFalsy is Python's "not v".
func isFalsy(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case bool:
		return !x
	case string:
		return x == ""
	case int64:
		return x == 0
	case float64:
		return x == 0
	case []any:
		return len(x) == 0
	case *Map:
		return x.Len() == 0
	}
	return false
}

func rtype(spec *Map) string {
	if t := spec.Value("type"); !isFalsy(t) {
		return pyStr(t)
	}
	if t := spec.Value("Type"); !isFalsy(t) {
		return pyStr(t)
	}
	return ""
}

func propsOf(spec *Map) *Map {
	p, _ := spec.Value("properties").(*Map)
	if p == nil {
		p = NewMap()
	}
	return p
}

func asList(v any) []any {
	switch x := v.(type) {
	case nil:
		return nil
	case []any:
		return x
	}
	return []any{v}
}

// deps returns the resources a resource spec refers to or depends on.
func deps(spec *Map) []string {
	out := refs(spec.Value("properties"), nil)
	for _, d := range asList(spec.Value("depends_on")) {
		out = append(out, pyStr(d))
	}
	return out
}

// validate checks a template as Heat does before it touches the stack.
func (c *Cloud) validate(t *Map, params *Map, env any) error {
	var resources *Map
	for _, k := range []string{"resources", "Resources"} {
		if v := t.Value(k); !isFalsy(v) {
			m, ok := v.(*Map)
			if !ok {
				return badRequest("The template section is invalid: resources")
			}
			resources = m
			break
		}
	}
	for _, name := range resources.Keys() {
		spec, ok := resources.Value(name).(*Map)
		if !ok || !hasKey(spec, "type") && !hasKey(spec, "Type") {
			return badRequest(`Resource %s is missing "type"`, name)
		}
		for _, ref := range deps(spec) {
			if !hasKey(resources, ref) && !isParamRef(t, spec, ref) {
				return badRequest(`The specified reference "%s" (in %s) is incorrect.`, ref, name)
			}
		}
		typ := rtype(spec)
		if msg := c.faults.heatValidation(typ, name); msg != "" {
			return badRequest("%s", msg)
		}
		if !knownType(typ, env) {
			return badRequest("The Resource Type (%s) could not be found.", typ)
		}
		if typ == "OS::Nova::Server" {
			if err := c.validateServer(name, propsOf(spec), t, params); err != nil {
				return err
			}
		}
	}
	outputs, _ := t.Value("outputs").(*Map)
	for _, name := range outputs.Keys() {
		for _, ref := range refs(outputs.Value(name), nil) {
			if !hasKey(resources, ref) {
				return badRequest(`The specified reference "%s" (in %s) is incorrect.`, ref, name)
			}
		}
	}
	return nil
}

// isParamRef reports whether ref is a Ref to a declared parameter.
func isParamRef(t, spec *Map, ref string) bool {
	for _, k := range []string{"parameters", "Parameters"} {
		if p, ok := t.Value(k).(*Map); ok && hasKey(p, ref) && slices.Contains(cfnRefs(spec.Value("properties")), ref) {
			return true
		}
	}
	return false
}

// cfnRefs returns the arguments of the Ref functions in a snippet.
func cfnRefs(v any) []string {
	var out []string
	calls(v, func(name string, arg any) {
		if s, ok := arg.(string); ok && name == "Ref" {
			out = append(out, s)
		}
	})
	return out
}

func (c *Cloud) validateServer(name string, props, t, params *Map) error {
	st := &Stack{Parameters: params}
	r := &resolver{stack: st, template: t, partial: true, project: c.catalog.Project.ID}
	if v := props.Value("image"); v != nil {
		image, _ := r.resolve(v)
		if image != nil {
			if _, ok := c.catalog.Image(pyStr(image)); !ok {
				return badRequest("Property error: : resources.%s.properties.image: : Error validating value '%s': No images matching {'name': '%s'}.",
					name, pyStr(image), pyStr(image))
			}
		}
	}
	flavor, _ := r.resolve(props.Value("flavor"))
	if flavor != nil {
		if _, ok := c.flavor(pyStr(flavor)); !ok {
			return badRequest("Property error: : resources.%s.properties.flavor: : Error validating value '%s': No Flavor matching {'name': '%s'}. (HTTP 404)",
				name, pyStr(flavor), pyStr(flavor))
		}
	}
	key, _ := r.resolve(props.Value("key_name"))
	if !isFalsy(key) && !slices.Contains(c.catalog.Keypairs, pyStr(key)) {
		return badRequest("Property error: : resources.%s.properties.key_name: : Error validating value '%s': The Key (%s) could not be found.",
			name, pyStr(key), pyStr(key))
	}
	return nil
}

func (c *Cloud) flavor(ref string) (Flavor, bool) {
	if f, ok := c.catalog.Flavor(ref); ok {
		return f, true
	}
	return c.catalog.FlavorByName(ref)
}

// order returns names in dependency order by the template's references,
// ties in the order given; reference cycles are broken where met.
func (c *Cloud) order(t *Map, names []string) []string {
	resources := resourcesOf(t)
	depsOf := map[string][]string{}
	for _, n := range names {
		spec, _ := resources.Value(n).(*Map)
		for _, d := range deps(spec) {
			if d != n && slices.Contains(names, d) {
				depsOf[n] = append(depsOf[n], d)
			}
		}
	}
	var out []string
	seen := map[string]bool{}
	onPath := map[string]bool{}
	var visit func(n string)
	visit = func(n string) {
		if seen[n] || onPath[n] {
			return
		}
		onPath[n] = true
		for _, d := range depsOf[n] {
			visit(d)
		}
		seen[n] = true
		out = append(out, n)
	}
	for _, n := range names {
		clear(onPath)
		visit(n)
	}
	return out
}

// apply makes the stack's resources those of the template: removed ones
// (and those whose type changed) deleted, new ones created and changed
// ones updated, then the outputs recomputed.
func (c *Cloud) apply(st *Stack, t *Map, action string) {
	resources := resourcesOf(t)
	changed := map[string]bool{}
	var gone []string
	for _, r := range st.Resources {
		spec, ok := resources.Value(r.Name).(*Map)
		if !ok || rtype(spec) != r.Type {
			gone = append(gone, r.Name)
		}
	}
	goneOrder := c.order(st.Template, gone)
	for i := len(goneOrder) - 1; i >= 0; i-- {
		c.release(st, goneOrder[i])
	}
	// t is the cloud's own normalised copy of the request, never changed
	// in place: the stack and the record of the call share it.
	st.Template = t
	res := &resolver{stack: st, template: t, project: c.catalog.Project.ID}
	failed := ""
	for _, n := range c.order(t, resources.Keys()) {
		spec, _ := resources.Value(n).(*Map)
		resolved, err := res.resolve(propsOf(spec))
		if err == errNotReady {
			continue
		}
		props, _ := resolved.(*Map)
		if err == nil && props == nil {
			props = NewMap()
		}
		if old := st.resource(n); old != nil && err == nil {
			if !equal(old.Props, props) {
				c.updateResource(st, old, props)
				changed[n] = true
			}
			continue
		}
		if err == nil {
			err = c.createResource(st, n, rtype(spec), props)
			changed[n] = true
		} else {
			err = failf("%s: resources.%s: %v", "StackValidationFailed", n, err)
		}
		if err != nil {
			failed = "Resource CREATE failed: " + err.Error()
			break
		}
	}
	c.refreshServers(st)
	c.refreshVolumes()
	out := &resolver{stack: st, template: t, partial: true, project: c.catalog.Project.ID}
	st.Outputs = NewMap()
	outputs, _ := t.Value("outputs").(*Map)
	for _, k := range outputs.Keys() {
		spec, _ := outputs.Value(k).(*Map)
		v, err := out.resolve(spec.Value("value"))
		if err != nil {
			v = nil
		}
		st.Outputs.Set(k, v)
	}
	if failed != "" {
		st.Status, st.Reason = action+"_FAILED", failed
	} else {
		st.Status, st.Reason = action+"_COMPLETE", fmt.Sprintf("Stack %s completed successfully", action)
	}
	if c.durations {
		if took := changeSeconds(t, c.order(t, resources.Keys()), changed); took > 0 {
			st.Settled, st.Status = st.Status, action+"_IN_PROGRESS"
			st.ReadyAt = unix(c.Now()) + took
		}
	}
	ordered := []*Resource{}
	for _, n := range c.order(t, resourceNames(st)) {
		ordered = append(ordered, st.resource(n))
	}
	st.Resources = ordered
}
