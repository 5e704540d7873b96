// This file defines the events of a task as it runs — the deployment log,
// the inventory, MuranoPL's logger records, every Heat call with the
// cloud as it left it, every plan sent to an agent and every result read
// back — for a console that shows the task as it happens.

package engine

import (
	"bytes"
	"encoding/json"

	"murano.dev/playground/engine/cloud"
	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/system"
)

// DeployEvent is something that happened in a task. Kind says what:
//
//   - "report": a status report (level, text, entity), the deployment log;
//   - "instance": an inventory event (event, instance, type, typeName,
//     title, unitCount);
//   - "log": a record of a MuranoPL logger (level, logger, message);
//   - "heat": a create, update or delete of a stack (op, stack, template —
//     null for a delete —, error when Heat refused it);
//   - "cloud": the simulated cloud after a Heat call (state: its picture,
//     cloud.Service.Picture: networks, subnets, ports, routers, floating
//     IPs, servers, volumes, stacks with their resources);
//   - "plan": an execution plan sent to an agent (queue, id, plan);
//   - "result": an agent's result read by the engine (queue, id, result).
//
// Time is the task's virtual clock, in seconds since 1970.
type DeployEvent struct {
	Kind   string
	Time   float64
	Fields map[string]any
}

// JSON writes the event as one object: {"kind", "time", …its fields},
// keys sorted.
func (e DeployEvent) JSON() ([]byte, error) {
	var b bytes.Buffer
	err := e.writeHead(&b, "")
	return b.Bytes(), err
}

// eventBodies names the bulky field of the kinds of events that have one.
var eventBodies = map[string]string{"heat": "template", "cloud": "state"}

// Stream writes the event for a console that keeps the bulky field of an
// event — a Heat call's template, the cloud's state — as text, to read it
// only when it shows it: the event as [DeployEvent.JSON] writes it but
// without that field, then, for the kinds that have one, a newline and
// the field's value as JSON.
func (e DeployEvent) Stream() ([]byte, error) {
	var b bytes.Buffer
	body := eventBodies[e.Kind]
	if err := e.writeHead(&b, body); err != nil || body == "" {
		return b.Bytes(), err
	}
	b.WriteByte('\n')
	err := writeDeployValue(&b, e.Fields[body], -1)
	return b.Bytes(), err
}

// writeHead writes the event as one object without the field named skip.
func (e DeployEvent) writeHead(b *bytes.Buffer, skip string) error {
	doc := make(map[string]any, len(e.Fields)+2)
	for k, v := range e.Fields {
		if k != skip {
			doc[k] = v
		}
	}
	doc["kind"], doc["time"] = e.Kind, e.Time
	return writeDeployValue(b, doc, -1)
}

// watchedCloud tells of the calls that change a task's cloud as they
// happen.
type watchedCloud struct {
	cloud.Service
	emit func(kind string, fields map[string]any)
}

func errorText(err error) any {
	if err == nil {
		return nil
	}
	return err.Error()
}

func (w *watchedCloud) stackCall(op, stack string, template *cloud.Map, err error) {
	fields := map[string]any{"op": op, "stack": stack, "template": template}
	if err != nil {
		fields["error"] = errorText(err)
	}
	w.emit("heat", fields)
	if state, err := w.Picture(); err == nil {
		w.emit("cloud", map[string]any{"state": json.RawMessage(state)})
	}
}

func (w *watchedCloud) CreateStack(name string, req cloud.StackRequest) (string, error) {
	id, err := w.Service.CreateStack(name, req)
	t, _ := cloud.TemplateOf(req.Template)
	w.stackCall("create", name, t, err)
	return id, err
}

func (w *watchedCloud) UpdateStack(name string, req cloud.StackRequest) error {
	err := w.Service.UpdateStack(name, req)
	t, _ := cloud.TemplateOf(req.Template)
	w.stackCall("update", name, t, err)
	return err
}

func (w *watchedCloud) DeleteStack(name string) error {
	err := w.Service.DeleteStack(name)
	w.stackCall("delete", name, nil, err)
	return err
}

func (w *watchedCloud) Publish(queue, id string, body any) {
	w.Service.Publish(queue, id, body)
	w.emit("plan", map[string]any{"queue": queue, "id": id, "plan": body})
}

func (w *watchedCloud) Consume(queue string) (*cloud.Message, bool) {
	msg, ok := w.Service.Consume(queue)
	if ok {
		id := msg.ID
		if body, _ := cloud.Normalize(msg.Body).(*cloud.Map); body != nil {
			if s, ok := body.Value("SourceID").(string); ok {
				id = s
			}
		}
		w.emit("result", map[string]any{"queue": queue, "id": id, "result": msg.Body})
	}
	return msg, ok
}

// watchHost tells of the reports and inventory events of a task.
func watchHost(h *system.Host, emit func(kind string, fields map[string]any)) {
	report, track := h.Report, h.Track
	h.Report = func(r system.Report) {
		report(r)
		emit("report", map[string]any{"level": r.Level, "text": r.Text, "entity": r.Entity})
	}
	h.Track = func(e system.InstanceEvent) {
		track(e)
		fields := map[string]any{"event": e.Event, "instance": e.Instance, "type": e.Type}
		if e.Event == "track_instance" {
			fields["typeName"], fields["title"], fields["unitCount"] = e.TypeName, e.Title, e.UnitCount
		}
		emit("instance", fields)
	}
}

func logEvent(emit func(kind string, fields map[string]any)) func(dsl.LogRecord) {
	return func(r dsl.LogRecord) {
		emit("log", map[string]any{"level": r.Level, "logger": r.Logger, "message": r.Message})
	}
}
