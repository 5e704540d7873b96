// This file defines the Cloud: its state, the injected clock, ids and MAC
// addresses, and the record of the calls that change it.

package cloud

import (
	"encoding/hex"
	"fmt"
	"time"

	"murano.dev/playground/engine/cloud/agent"
	"murano.dev/playground/engine/hashes"
)

// Epoch is when virtual time starts: 2024-01-01T00:00:00Z.
var Epoch = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

// Clock tells the cloud the time; the engine's virtual clock drives it.
type Clock func() time.Time

// Options configure a new cloud.
type Options struct {
	// Seed seeds every id the cloud makes.
	Seed int64
	// Catalog is what exists before anything is deployed (default
	// DefaultCatalog()).
	Catalog *Catalog
	// Faults are active for the whole run.
	Faults []Fault
	// Clock is the time (default: always Epoch).
	Clock Clock
	// Scripts runs the scripts of agent plans (default: every script
	// succeeds and prints nothing).
	Scripts agent.Scripts
	// Durations makes stacks, servers' boots and plans take virtual time
	// (see durations.go); without it everything is done at once.
	Durations bool
}

// Cloud is the whole simulated cloud. Its methods are not safe for
// concurrent use: the engine calls it from one goroutine at a time.
type Cloud struct {
	st      state
	catalog *Catalog
	faults  faults
	clock   Clock
	scripts agent.Scripts
	record  Record
	// durations: see Options.Durations.
	durations bool
}

// state is what Save writes: everything that lasts from one run to the
// next.
type state struct {
	Format      string                `json:"format"`
	Seed        int64                 `json:"seed"`
	Counter     int64                 `json:"counter"`
	Networks    []*Map                `json:"networks"`
	Subnets     []*Map                `json:"subnets"`
	Ports       []*Map                `json:"ports"`
	Routers     []*Map                `json:"routers"`
	FloatingIPs []*Map                `json:"floatingips"`
	Servers     []*Server             `json:"servers"`
	Volumes     []*Map                `json:"volumes"`
	Stacks      []*Stack              `json:"stacks"`
	NextHost    map[string]int64      `json:"nextHost"`
	NextMAC     int64                 `json:"nextMac"`
	Queues      map[string][]*Message `json:"queues"`
}

// Record is what happened in this run, for the deploy output: it is not
// saved with the state.
type Record struct {
	// Heat lists every Heat call that changes a stack, also those Heat
	// rejected.
	Heat []HeatCall
	// Agent lists every message sent to an agent queue, with its result.
	Agent []AgentCall
	// Reports is the deployment log (StatusReporter notifications).
	Reports []Report
	// Instances are the InstanceNotifier events.
	Instances []InstanceEvent
}

// HeatCall is one create, update or delete of a stack.
type HeatCall struct {
	Op       string `json:"op"`
	Stack    string `json:"stack"`
	Template *Map   `json:"template"`
	// Status is the stack's status after the call ("" when rejected).
	Status string `json:"-"`
}

// New returns a cloud holding only its catalog.
func New(opts Options) *Cloud {
	c := &Cloud{catalog: opts.Catalog, clock: opts.Clock, scripts: opts.Scripts, durations: opts.Durations}
	if c.catalog == nil {
		c.catalog = DefaultCatalog()
	}
	if c.clock == nil {
		c.clock = func() time.Time { return Epoch }
	}
	c.faults = faults(opts.Faults)
	c.st = state{Format: StateFormat, Seed: opts.Seed, NextHost: map[string]int64{}, NextMAC: 1,
		Queues: map[string][]*Message{}, Networks: []*Map{}, Subnets: []*Map{}, Ports: []*Map{}, Routers: []*Map{},
		FloatingIPs: []*Map{}, Servers: []*Server{}, Volumes: []*Map{}, Stacks: []*Stack{}}
	c.loadCatalog()
	return c
}

// Catalog returns what the cloud was made with.
func (c *Cloud) Catalog() *Catalog { return c.catalog }

// Record returns what happened since the cloud was made or loaded.
func (c *Cloud) Record() *Record { return &c.record }

// Now returns the time of the injected clock.
func (c *Cloud) Now() time.Time { return c.clock().UTC() }

// newID returns the next id: md5("cloud:<seed>:<n>") as a version-4
// UUID, with dashes or as 32 hex digits.
func (c *Cloud) newID(dashed bool) string {
	c.st.Counter++
	sum := hashes.MD5(fmt.Appendf(nil, "cloud:%d:%d", c.st.Seed, c.st.Counter))
	sum[6] = sum[6]&0x0f | 0x40
	sum[8] = sum[8]&0x3f | 0x80
	h := hex.EncodeToString(sum[:])
	if !dashed {
		return h
	}
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// NewID returns a new cloud id (with dashes), as the ids of resources.
func (c *Cloud) NewID() string { return c.newID(true) }

// newMAC returns the next MAC address: fa:16:3e and a counter.
func (c *Cloud) newMAC() string {
	n := c.st.NextMAC
	c.st.NextMAC++
	return fmt.Sprintf("fa:16:3e:%02x:%02x:%02x", (n>>16)&255, (n>>8)&255, n&255)
}

// isoTime formats a time as Heat's creation_time/updated_time.
func isoTime(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05Z") }
