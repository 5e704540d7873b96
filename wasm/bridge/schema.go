// This file defines the methods of the forms generated from contracts:
// the classes of a package, their JSON schemas and the calls of model
// builders. (Their forms — description, validation, models — are the
// forms module's, wasm/forms.)

package bridge

import (
	"context"
	"encoding/json"
	"slices"

	"murano.dev/playground/engine"
)

func init() {
	methods["schema.classes"] = schemaClasses
	methods["schema.generate"] = schemaGenerate
	methods["schema.builder"] = schemaBuilder
}

// schemaParams names the packages (handles: the one whose classes are
// meant first, then what it requires), the core library (a handle; none:
// the project's own) and, for schema.generate and schema.builder, the
// class.
type schemaParams struct {
	Packages    []string        `json:"packages"`
	CoreLibrary string          `json:"coreLibrary"`
	Class       string          `json:"class"`
	Methods     []string        `json:"methods"`
	Extensions  bool            `json:"extensions"`
	Method      string          `json:"method"`
	Args        json.RawMessage `json:"args"`
}

func (p *schemaParams) request(raw []byte) (engine.SchemaRequest, []byte) {
	if err := json.Unmarshal(raw, p); err != nil {
		return engine.SchemaRequest{}, failure("request", "invalid parameters: "+err.Error())
	}
	packages, _, core, fail := packagesOf(p.Packages, p.CoreLibrary)
	if fail != nil {
		return engine.SchemaRequest{}, fail
	}
	req := engine.SchemaRequest{Packages: packages, CoreLibrary: core, Class: p.Class, Methods: p.Methods, Extensions: p.Extensions}
	// The class is the one of the packages given (the first that defines
	// it), whatever their versions: without a package, the generator
	// looks for it in packages of major version 0, as murano's does.
	for _, pk := range packages {
		if p.Class != "" && slices.Contains(pk.ClassNames(), p.Class) {
			req.Package, req.ClassVersion = pk.Name(), "="+pk.Version()
			break
		}
	}
	return req, nil
}

// schemaClasses answers {"ok": true, "classes": [engine.SchemaClass…]}.
func schemaClasses(ctx context.Context, raw []byte) []byte {
	var p schemaParams
	req, fail := p.request(raw)
	if fail != nil {
		return fail
	}
	if len(req.Packages) == 0 {
		return failure("request", "packages: the first must be an opened package")
	}
	classes, err := engine.SchemaClasses(ctx, req)
	if err != nil {
		return failure("engine", err.Error())
	}
	return answer(map[string]any{"classes": classes})
}

// schemaGenerate answers {"ok": true, "schemas": {"": …, "<builder>": …}}
// or, when the generation fails as the reference's would, {"ok": true,
// "error": {"type", "message"}}.
func schemaGenerate(ctx context.Context, raw []byte) []byte {
	var p schemaParams
	req, fail := p.request(raw)
	if fail != nil {
		return fail
	}
	res, err := engine.GenerateSchema(ctx, req)
	if err != nil {
		return failure("engine", err.Error())
	}
	if res.Error != nil {
		return answer(map[string]any{"error": map[string]string{"type": res.Error.Type, "message": res.Error.Message}})
	}
	doc, err := res.JSON(-1)
	if err != nil {
		return failure("engine", err.Error())
	}
	return answer(map[string]any{"schemas": json.RawMessage(doc)})
}

// schemaBuilder calls a model builder with args (an object: its
// arguments by name) and answers {"ok": true, "result": …} or, when it
// raised, {"ok": true, "exception": {type, message, stack …}}.
func schemaBuilder(ctx context.Context, raw []byte) []byte {
	var p schemaParams
	req, fail := p.request(raw)
	if fail != nil {
		return fail
	}
	breq := engine.BuilderRequest{SchemaRequest: req, Method: p.Method}
	if isGiven(p.Args) {
		v, err := engine.DecodeJSON(p.Args)
		if err != nil {
			return failure("request", "args: "+err.Error())
		}
		if breq.Args, _ = v.(*engine.Dict); breq.Args == nil {
			return failure("request", "args: not a JSON object")
		}
	}
	res, err := engine.RunModelBuilder(ctx, breq)
	if err != nil {
		return failure("engine", err.Error())
	}
	if res.Error != nil {
		return answer(map[string]any{"exception": exceptionOf(res.Error)})
	}
	out, _, err := engine.EncodeJSON(res.Result)
	if err != nil {
		return failure("engine", err.Error())
	}
	return answer(map[string]any{"result": json.RawMessage(out)})
}

func answer(fields map[string]any) []byte {
	fields["ok"] = true
	b, err := json.Marshal(fields)
	if err != nil {
		return failure("engine", err.Error())
	}
	return b
}
