// This file defines saving the cloud's state to JSON and loading it back.

package cloud

import (
	"encoding/json"
	"fmt"
)

// StateFormat names the version of the saved state; Load refuses others.
const StateFormat = "murano-playground-cloud/1"

// Save writes everything that lasts from one run to the next: the
// cloud's objects, stacks, servers with their agents, queues and
// counters (not the record of the run, the faults or the clock).
func (c *Cloud) Save() ([]byte, error) {
	return json.Marshal(c.st)
}

// Picture writes the state as Save does without the stacks' templates,
// parameters and files and the queues' messages.
func (c *Cloud) Picture() ([]byte, error) {
	st := c.st
	st.Queues = nil
	st.Stacks = make([]*Stack, len(c.st.Stacks))
	for i, s := range c.st.Stacks {
		bare := *s
		bare.Template, bare.Parameters, bare.Files = nil, nil, nil
		st.Stacks[i] = &bare
	}
	return json.Marshal(st)
}

// Load returns a cloud continuing from a saved state; opts give what is
// not saved (the seed comes from the state). A state of another format
// version is an error.
func Load(data []byte, opts Options) (*Cloud, error) {
	var head struct {
		Format *string `json:"format"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, fmt.Errorf("cloud state: %v", err)
	}
	if head.Format == nil {
		return nil, fmt.Errorf("cloud state: no format version (want %q)", StateFormat)
	}
	if *head.Format != StateFormat {
		return nil, fmt.Errorf("cloud state: format %q, this cloud reads %q", *head.Format, StateFormat)
	}
	c := New(opts)
	st := state{}
	if err := json.Unmarshal(data, &st); err != nil {
		return nil, fmt.Errorf("cloud state: %v", err)
	}
	if st.NextHost == nil {
		st.NextHost = map[string]int64{}
	}
	if st.Queues == nil {
		st.Queues = map[string][]*Message{}
	}
	for _, s := range st.Stacks {
		for _, r := range s.Resources {
			if r.Props == nil {
				r.Props = NewMap()
			}
			if r.Attrs == nil {
				r.Attrs = NewMap()
			}
		}
		if s.Files == nil {
			s.Files = map[string]string{}
		}
		if s.Template == nil {
			s.Template = NewMap()
		}
		if s.Outputs == nil {
			s.Outputs = NewMap()
		}
	}
	c.st = st
	return c, nil
}
