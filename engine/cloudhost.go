// This file backs the system classes (engine/system) with the simulated
// cloud (engine/cloud): Heat, Neutron, the agents' queues and the
// notifications, with MuranoPL data turned into the cloud's JSON values
// and back.

package engine

import (
	"errors"
	"math"
	"math/big"

	"murano.dev/playground/engine/cloud"
	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/system"
	"murano.dev/playground/engine/value"
)

// cloudHost adapts a simulated cloud to the interfaces of engine/system.
type cloudHost struct {
	c cloud.Service
	// results are the agents' results read from the results queues, by
	// the id of the plan they answer, until a call takes them.
	results map[string]*value.Dict
}

// toCloud turns MuranoPL data into the cloud's JSON values.
func toCloud(v value.Value) any {
	switch x := v.(type) {
	case nil, value.NullType:
		return nil
	case value.Bool:
		return bool(x)
	case value.Int:
		return int64(x)
	case value.BigInt:
		f, _ := new(big.Float).SetInt(x.V).Float64()
		return cloud.Normalize(f)
	case value.Float:
		f := float64(x)
		if f == math.Trunc(f) && math.Abs(f) < 1<<53 {
			return int64(f)
		}
		return f
	case value.String:
		return string(x)
	case *value.Dict:
		m := cloud.NewMapSize(x.Len())
		for i, k := range x.Keys() {
			m.Set(value.Str(k), toCloud(x.Values()[i]))
		}
		return m
	case *value.List:
		out := make([]any, len(x.Items))
		for i, it := range x.Items {
			out[i] = toCloud(it)
		}
		return out
	case *dsl.Object:
		return x.ID()
	}
	if items, err := value.Slice(v); err == nil {
		out := make([]any, len(items))
		for i, it := range items {
			out[i] = toCloud(it)
		}
		return out
	}
	return value.Str(v)
}

func toCloudMap(d *value.Dict) *cloud.Map {
	if d == nil {
		return cloud.NewMap()
	}
	return toCloud(d).(*cloud.Map)
}

// fromCloud turns the cloud's JSON values into MuranoPL data.
func fromCloud(v any) value.Value {
	switch x := v.(type) {
	case nil:
		return value.Null
	case bool:
		return value.Bool(x)
	case int64:
		return value.Int(x)
	case int:
		return value.Int(x)
	case float64:
		return value.Float(x)
	case string:
		return value.String(x)
	case *cloud.Map:
		d := value.NewDict(x.Len())
		for _, k := range x.Keys() {
			d.SetString(k, fromCloud(x.Value(k)))
		}
		return d
	case []any:
		items := make([]value.Value, len(x))
		for i, it := range x {
			items[i] = fromCloud(it)
		}
		return value.NewPyList(items)
	}
	return fromCloud(cloud.Normalize(v))
}

func fromCloudMap(m *cloud.Map) *value.Dict {
	if m == nil {
		return nil
	}
	return fromCloud(m).(*value.Dict)
}

func fromCloudMaps(ms []*cloud.Map) []*value.Dict {
	out := make([]*value.Dict, len(ms))
	for i, m := range ms {
		out[i] = fromCloudMap(m)
	}
	return out
}

func heatError(err error) error {
	var he *cloud.HeatError
	if errors.As(err, &he) {
		return &system.HeatError{Code: he.Status, Message: he.Message}
	}
	return err
}

// Heat

func (h *cloudHost) Get(stack string) (*system.StackInfo, error) {
	info, err := h.c.GetStack(stack)
	if err != nil {
		return nil, heatError(err)
	}
	outputs := func() *value.Dict {
		d := value.NewDict(len(info.Outputs))
		for _, o := range info.Outputs {
			d.SetString(value.Str(fromCloud(o.Value("output_key"))), fromCloud(o.Value("output_value")))
		}
		return d
	}
	return &system.StackInfo{Name: info.Name, ID: info.ID, Status: info.Status, Reason: info.Reason,
		Parameters: fromCloudMap(info.Parameters), Outputs: outputs, Created: info.CreationTime, Updated: info.UpdatedTime}, nil
}

func (h *cloudHost) Template(stack string) (*value.Dict, error) {
	t, err := h.c.StackTemplate(stack)
	if err != nil {
		return nil, heatError(err)
	}
	return fromCloudMap(t), nil
}

func stackRequest(req system.StackRequest) cloud.StackRequest {
	files := map[string]string{}
	if req.Files != nil {
		for i, k := range req.Files.Keys() {
			files[value.Str(k)] = value.Str(req.Files.Values()[i])
		}
	}
	return cloud.StackRequest{Template: cloud.Normalized{Map: toCloudMap(req.Template)}, Parameters: toCloudMap(req.Parameters), Files: files,
		Environment: toCloud(req.Environment), Tags: req.Tags}
}

func (h *cloudHost) Create(stack string, req system.StackRequest) error {
	_, err := h.c.CreateStack(stack, stackRequest(req))
	return heatError(err)
}

func (h *cloudHost) Update(stack string, req system.StackRequest) error {
	return heatError(h.c.UpdateStack(stack, stackRequest(req)))
}

func (h *cloudHost) Delete(stack string) error { return heatError(h.c.DeleteStack(stack)) }

// Neutron

func filters(f map[string]string) cloud.Filters {
	out := cloud.Filters{}
	for k, v := range f {
		out[k] = v
	}
	return out
}

func (h *cloudHost) ListRouters(f map[string]string) ([]*value.Dict, error) {
	return fromCloudMaps(h.c.ListRouters(filters(f))), nil
}

func (h *cloudHost) ListNetworks(f map[string]string) ([]*value.Dict, error) {
	return fromCloudMaps(h.c.ListNetworks(filters(f))), nil
}

func (h *cloudHost) ListSubnets() ([]*value.Dict, error) {
	return fromCloudMaps(h.c.ListSubnets(nil)), nil
}

func (h *cloudHost) ListPorts(f map[string]string) ([]*value.Dict, error) {
	return fromCloudMaps(h.c.ListPorts(filters(f))), nil
}

func (h *cloudHost) ListExtensions() ([]*value.Dict, error) {
	return fromCloudMaps(h.c.ListExtensions()), nil
}

func (h *cloudHost) ShowRouter(id string) (*value.Dict, error) {
	r, err := h.c.ShowRouter(id)
	return fromCloudMap(r), err
}

func (h *cloudHost) ShowNetwork(id string) (*value.Dict, error) {
	n, err := h.c.ShowNetwork(id)
	return fromCloudMap(n), err
}

func (h *cloudHost) CreateRouter(body *value.Dict) (*value.Dict, error) {
	return fromCloudMap(h.c.CreateRouter(toCloudMap(body))), nil
}

// Queues

func (h *cloudHost) Declare(queue string) { h.c.DeclareQueue(queue) }

func (h *cloudHost) Publish(queue, id string, body *value.Dict) {
	h.c.Publish(queue, id, toCloudMap(body))
}

func (h *cloudHost) Take(queue, id string) *value.Dict {
	h.c.RunAgents()
	for {
		msg, ok := h.c.Consume(queue)
		if !ok {
			break
		}
		body, _ := cloud.Normalize(msg.Body).(*cloud.Map)
		source := msg.ID
		if s, ok := body.Value("SourceID").(string); ok {
			source = s
		}
		h.results[source] = fromCloudMap(body)
	}
	found := h.results[id]
	delete(h.results, id)
	return found
}

func (h *cloudHost) Due(queue string) (float64, bool) { return h.c.Due(queue) }
