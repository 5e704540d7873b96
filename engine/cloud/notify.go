// This file defines the notifications the engine sends (oslo notifier):
// the deployment log and the inventory.

package cloud

import "encoding/json"

// Report is an entry of the deployment log.
type Report struct {
	Level  any `json:"level"`
	Text   any `json:"text"`
	Entity any `json:"entity"`
}

// InstanceEvent is an InstanceNotifier event: track_instance (with the
// type's name, title and unit count) or untrack_instance.
type InstanceEvent struct {
	Event                      string
	Instance, Type             any
	TypeName, Title, UnitCount any
}

// MarshalJSON writes the event as the deploy output has it.
func (e InstanceEvent) MarshalJSON() ([]byte, error) {
	m := NewMap("event", e.Event, "instance", e.Instance, "type", e.Type)
	if e.Event == "track_instance" {
		m.Set("typeName", e.TypeName)
		m.Set("title", e.Title)
		m.Set("unitCount", e.UnitCount)
	}
	return json.Marshal(m)
}

// Notify records a notification: murano.report_notification (body: id,
// text, level), murano.track_instance and murano.untrack_instance (body:
// instance, instance_type, type_name, type_title, unit_count). Other
// events are ignored.
func (c *Cloud) Notify(event string, body any) {
	b, _ := Normalize(body).(*Map)
	switch event {
	case "murano.report_notification":
		c.record.Reports = append(c.record.Reports, Report{Level: b.Value("level"), Text: b.Value("text"), Entity: b.Value("id")})
	case "murano.track_instance", "murano.untrack_instance":
		e := InstanceEvent{Event: event[len("murano."):], Instance: b.Value("instance"), Type: b.Value("instance_type")}
		if event == "murano.track_instance" {
			e.TypeName, e.Title, e.UnitCount = b.Value("type_name"), b.Value("type_title"), b.Value("unit_count")
		}
		c.record.Instances = append(c.record.Instances, e)
	}
}
