// This file defines the bridge's Dynamic UI methods: a wizard over the
// UI/ui.yaml of an opened package (see package formgen), kept in memory by
// id, stepped through by the page's Forms view.

package bridge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"murano.dev/playground/engine"
	"murano.dev/playground/formgen"
)

func init() {
	methods["ui.start"] = uiStart
	methods["ui.describe"] = uiDescribe
	methods["ui.validateField"] = uiValidateField
	methods["ui.submit"] = uiSubmit
	methods["ui.back"] = uiBack
	methods["ui.finish"] = uiFinish
	methods["ui.close"] = uiClose
}

// maxWizards is the number of wizards kept; starting one more drops the
// oldest.
const maxWizards = 32

// wizard is a running wizard with the steps' titles.
type wizard struct {
	sync.Mutex
	w      *formgen.Wizard
	handle string
	steps  []stepTitle
}

// stepTitle names a step and the application types each of its
// application-reference fields accepts (for the "+" of the page).
type stepTitle struct {
	Form       string              `json:"form"`
	Title      string              `json:"title"`
	References map[string][]string `json:"references"`
}

var wizards = newHandles[*wizard]("ui-", maxWizards)

type uiStartParams struct {
	Handle string `json:"handle"`
	// Environment holds the applications already created in the page
	// (object models with a "?" header).
	Environment []json.RawMessage `json:"environment"`
	Nested      bool              `json:"nested"`
	Seed        *int64            `json:"seed"`
}

// uiProblems turns a Dynamic UI failure into problems placed in
// UI/ui.yaml, the message led by the dashboard's exception class.
func uiProblems(err error) []problem {
	var e *formgen.Error
	if !errors.As(err, &e) {
		return problemsOf("ui", err)
	}
	p := problem{Kind: "ui", Severity: "error", Message: e.Type + ": " + e.Message}
	if e.Type == "" {
		p.Message = e.Message
	}
	if s := e.Pos.Start; s.IsValid() {
		p.File, p.Line, p.Col = formgen.UIFile, s.Line, s.Col
		if e.Pos.End.IsValid() && e.Pos.End != s {
			p.EndLine, p.EndCol = e.Pos.End.Line, e.Pos.End.Col
		}
	}
	return []problem{p}
}

func uiFailure(err error) []byte {
	ps := uiProblems(err)
	return respond(map[string]any{"ok": false, "error": ps[0], "errors": ps})
}

func uiStart(_ context.Context, raw []byte) []byte {
	var p uiStartParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return failure("request", "invalid parameters: "+err.Error())
	}
	ws, ok := workspaces.lookup(p.Handle)
	if !ok {
		return failure("gone", "no open package "+p.Handle)
	}
	if ws.Package == nil || ws.Package.Manifest == nil {
		return failure("ui", "the package does not open, so its forms cannot be shown")
	}
	var opts formgen.Options
	src, err := formgen.PackageUI(ws.Package, &opts)
	if errors.Is(err, formgen.ErrNoUI) {
		return failure("ui", "the package has no UI/ui.yaml")
	}
	if err != nil {
		return uiFailure(err)
	}
	def, err := formgen.Load(formgen.UIFile, src)
	if err != nil {
		return uiFailure(err)
	}
	opts.Environment = []engine.Value{}
	for i, item := range p.Environment {
		v, err := engine.DecodeJSON(item)
		if err != nil {
			return failure("request", fmt.Sprintf("environment[%d]: %v", i, err))
		}
		opts.Environment = append(opts.Environment, v)
	}
	opts.Nested = p.Nested
	if p.Seed != nil {
		opts.Seed, opts.SeedSet = *p.Seed, true
	}
	w := &wizard{w: formgen.NewWizard(def, opts), handle: p.Handle}
	forms, err := w.w.Forms()
	if err != nil {
		return uiFailure(err)
	}
	for _, f := range forms {
		refs := map[string][]string{}
		for _, fl := range f.Fields {
			if len(fl.FQNs) > 0 {
				refs[fl.Name] = fl.FQNs
			}
		}
		w.steps = append(w.steps, stepTitle{Form: f.Name, Title: f.Title, References: refs})
	}
	first, err := w.w.Describe(0)
	if err != nil {
		return uiFailure(err)
	}
	id := wizards.keep(w)
	return respond(map[string]any{
		"ok": true, "wizard": id, "fqn": opts.FQN, "packageName": opts.PackageName, "version": opts.PackageVersion,
		"steps": w.steps, "step": first,
	})
}

type uiStepParams struct {
	Wizard string            `json:"wizard"`
	Step   int               `json:"step"`
	Field  string            `json:"field"`
	Post   map[string]string `json:"post"`
}

// withWizard decodes the parameters and runs fn on the wizard they name,
// one request at a time.
func withWizard(raw []byte, fn func(w *wizard, p uiStepParams) []byte) []byte {
	var p uiStepParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return failure("request", "invalid parameters: "+err.Error())
	}
	w, ok := wizards.lookup(p.Wizard)
	if !ok {
		return failure("gone", "no wizard "+p.Wizard)
	}
	if p.Step < 0 || p.Step >= len(w.steps) {
		return failure("request", fmt.Sprintf("no step %d", p.Step))
	}
	if p.Post == nil {
		p.Post = map[string]string{}
	}
	w.Lock()
	defer w.Unlock()
	return fn(w, p)
}

func describeStep(w *wizard, step int) []byte {
	d, err := w.w.Describe(step)
	if err != nil {
		return uiFailure(err)
	}
	return respond(map[string]any{"ok": true, "step": d})
}

func uiDescribe(_ context.Context, raw []byte) []byte {
	return withWizard(raw, func(w *wizard, p uiStepParams) []byte { return describeStep(w, p.Step) })
}

func uiBack(_ context.Context, raw []byte) []byte {
	return withWizard(raw, func(w *wizard, p uiStepParams) []byte {
		if p.Step == 0 {
			return failure("request", "the first step has no step before it")
		}
		return describeStep(w, p.Step-1)
	})
}

func uiValidateField(_ context.Context, raw []byte) []byte {
	return withWizard(raw, func(w *wizard, p uiStepParams) []byte {
		msgs, err := w.w.ValidateField(p.Step, p.Field, p.Post)
		if err != nil {
			return uiFailure(err)
		}
		if msgs == nil {
			msgs = []string{}
		}
		return respond(map[string]any{"ok": true, "field": p.Field, "messages": msgs})
	})
}

func uiSubmit(_ context.Context, raw []byte) []byte {
	return withWizard(raw, func(w *wizard, p uiStepParams) []byte {
		res, err := w.w.Submit(p.Step, p.Post)
		if err != nil {
			return uiFailure(err)
		}
		if !res.Valid {
			return respond(map[string]any{"ok": true, "valid": false, "errors": res.Errors})
		}
		out := map[string]any{"ok": true, "valid": true, "errors": map[string][]string{}}
		if p.Step+1 < len(w.steps) {
			d, err := w.w.Describe(p.Step + 1)
			if err != nil {
				return uiFailure(err)
			}
			out["next"] = d
		}
		return respond(out)
	})
}

func uiFinish(_ context.Context, raw []byte) []byte {
	return withWizard(raw, func(w *wizard, _ uiStepParams) []byte {
		model, failed, err := w.w.Finish()
		if err != nil {
			return uiFailure(err)
		}
		if failed != nil {
			return respond(map[string]any{"ok": true, "valid": false, "step": failed.Step, "form": failed.Form, "errors": failed.Errors})
		}
		return respond(map[string]any{"ok": true, "valid": true, "objectModel": formgen.JSONable(model)})
	})
}

func uiClose(_ context.Context, raw []byte) []byte {
	var p struct {
		Wizard string `json:"wizard"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return failure("request", "invalid parameters: "+err.Error())
	}
	return respond(map[string]any{"ok": true, "closed": wizards.drop(p.Wizard)})
}
