// This file defines the service a page calls: the package's operations
// as methods that take and answer JSON.

package schemaform

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// Service answers calls by method name with JSON parameters, and keeps
// the validators of the forms it opened (the oldest are dropped past
// maxOpen). Every answer is {"ok": true, …} or {"ok": false, "error":
// {"kind", "message"}}. The methods:
//
//	form.open {schema, excluded}      → {form, id}: Describe, and a Validator kept as id
//	                                    (of the schema without the properties excluded: Exclude)
//	form.validate {id, values}        → {errors}: Errors
//	form.close {id}                   → {}
//	form.build {header, values, kept} → {model}: Build
//	form.edit {model, schema}         → {edited}: Edit
//	form.diff {before, after}         → {changes}: Diff
type Service struct {
	open  map[string]*Validator
	order []string
	next  int
}

// maxOpen is how many validators a Service keeps.
const maxOpen = 64

// NewService returns a service with no form open.
func NewService() *Service {
	return &Service{open: map[string]*Validator{}}
}

// Call answers one call.
func (s *Service) Call(method string, params []byte) []byte {
	p, err := Decode(params)
	if err != nil {
		return failure("request", "invalid parameters: "+err.Error())
	}
	args, ok := p.(map[string]any)
	if !ok {
		return failure("request", "the parameters are not an object")
	}
	switch method {
	case "form.open":
		var excluded []string
		for _, x := range list(args["excluded"]) {
			if xs, ok := x.(string); ok {
				excluded = append(excluded, xs)
			}
		}
		schema := Exclude(args["schema"], excluded)
		form, err := Describe(schema)
		if err != nil {
			return failure("schema", err.Error())
		}
		v, err := NewValidator(schema)
		if err != nil {
			return failure("schema", err.Error())
		}
		s.next++
		id := "form" + strconv.Itoa(s.next)
		s.open[id] = v
		s.order = append(s.order, id)
		if len(s.order) > maxOpen {
			delete(s.open, s.order[0])
			s.order = s.order[1:]
		}
		return answer(map[string]any{"id": id, "form": form})
	case "form.validate":
		v := s.open[str(args["id"])]
		if v == nil {
			return failure("gone", fmt.Sprintf("no open form %q", str(args["id"])))
		}
		return answer(map[string]any{"errors": v.Validate(args["values"])})
	case "form.close":
		delete(s.open, str(args["id"]))
		return answer(map[string]any{})
	case "form.build":
		header, ok := args["header"].(map[string]any)
		if !ok {
			return failure("request", "header: not an object")
		}
		values, _ := args["values"].(map[string]any)
		kept, _ := args["kept"].(map[string]any)
		return answer(map[string]any{"model": Build(header, values, kept)})
	case "form.edit":
		e, err := Edit(args["model"], args["schema"])
		if err != nil {
			return failure("model", err.Error())
		}
		return answer(map[string]any{"edited": e})
	case "form.diff":
		changes := Diff(args["before"], args["after"])
		if changes == nil {
			changes = []Change{}
		}
		return answer(map[string]any{"changes": changes})
	}
	return failure("request", fmt.Sprintf("unknown method %q", method))
}

func answer(fields map[string]any) []byte {
	fields["ok"] = true
	b, err := json.Marshal(fields)
	if err != nil {
		return failure("answer", err.Error())
	}
	return b
}

func failure(kind, message string) []byte {
	b, _ := json.Marshal(map[string]any{"ok": false, "error": map[string]string{"kind": kind, "message": message}})
	return b
}
