// This file defines the values the facade takes and returns: YAQL and
// MuranoPL data, and their JSON form.

package engine

import "murano.dev/playground/engine/value"

// Value is a YAQL or MuranoPL value (null, booleans, numbers, strings,
// lists, dictionaries, sets, objects …); Dict and List are the JSON
// object and array kinds a request holds.
type (
	Value = value.Value
	Dict  = value.Dict
	List  = value.List
)

// DecodeJSON decodes JSON text into a value: objects keep their key
// order, and integers stay distinct from floats.
func DecodeJSON(text []byte) (Value, error) { return value.FromJSON(text) }

// EncodeJSON encodes a value as JSON the way the reference oracle prints
// it; unordered reports that it holds a set, whose items are sorted.
func EncodeJSON(v Value) (text []byte, unordered bool, err error) { return value.ToJSON(v) }
