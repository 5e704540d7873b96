// This file defines where a deploy task's simulated cloud runs: in this
// process, or in another module that the remote protocol reaches (the
// browser's cloud module).

package engine

import (
	"murano.dev/playground/engine/cloud"
	"murano.dev/playground/engine/cloud/agent"
	"murano.dev/playground/engine/cloud/remote"
)

// ScriptStrategy is how the agents run the scripts of plans: "stub" (or
// "", every script succeeds and prints nothing), "shell" (a small fake
// shell) or "fixtures" with a table of outputs.
type ScriptStrategy = agent.Strategy

// CloudOptions are what a task asks of its simulated cloud.
type CloudOptions struct {
	Seed    int64
	Faults  []cloud.Fault
	Scripts ScriptStrategy
	// Clock is the task's virtual clock.
	Clock cloud.Clock
	// Durations makes the cloud's work take virtual time.
	Durations bool
}

// CloudOpener opens the simulated cloud of a task: a new one, or one
// continuing from a state an earlier task saved (empty: new).
type CloudOpener func(opts CloudOptions, state []byte) (cloud.Service, error)

// InProcessCloud opens the cloud in this process.
func InProcessCloud(o CloudOptions, state []byte) (cloud.Service, error) {
	scripts, err := o.Scripts.Scripts()
	if err != nil {
		return nil, err
	}
	opts := cloud.Options{Seed: o.Seed, Faults: o.Faults, Scripts: scripts, Clock: o.Clock, Durations: o.Durations}
	if len(state) > 0 {
		return cloud.Load(state, opts)
	}
	return cloud.New(opts), nil
}

// RemoteCloud opens the cloud on the server that call reaches (a
// remote.Server, in the browser the cloud's WebAssembly module).
func RemoteCloud(call remote.Call) CloudOpener {
	return func(o CloudOptions, state []byte) (cloud.Service, error) {
		return remote.Open(call, remote.OpenParams{Seed: o.Seed, Faults: o.Faults, Scripts: o.Scripts, State: state, Durations: o.Durations}, o.Clock)
	}
}

// NewCloudServer returns a server of simulated clouds for [RemoteCloud]:
// what the browser's cloud module runs, and the tests.
func NewCloudServer() *remote.Server { return remote.NewServer() }
