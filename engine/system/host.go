// This file defines what the system classes need of the world around the
// engine: Heat, the receivers of the notifications and the
// configuration.

package system

import (
	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/formgen/pyrand"
)

// Host is the world the system classes of one task see.
type Host struct {
	Heat Heat
	// Report receives StatusReporter's notifications: the deployment log.
	Report func(Report)
	// Track receives InstanceNotifier's events: the inventory.
	Track func(InstanceEvent)
	// Config answers config(group, setting) in the core library's code:
	// settings by group ("" is the DEFAULT group).
	Config map[string]map[string]value.Value
	// Queues carry execution plans to the agents and their results back.
	Queues Queues
	// AgentDisabled is murano's [engine] disable_murano_agent.
	AgentDisabled bool
	// AgentTimeout is how long an agent call waits for its result by
	// default, in seconds ([engine] agent_timeout: 3600).
	AgentTimeout int64
	// Neutron is the network service NetworkExplorer reads.
	Neutron Neutron
	// Networking is murano's [networking] configuration.
	Networking Networking
	// ProjectID is the project of the task.
	ProjectID string
	// Project and User are the task's Keystone project and user, who own
	// the environment.
	Project, User Account
	// Random is Python's random module of the task, from which the
	// retries of getDefaultRouter draw their waits.
	Random *pyrand.Rand
	// FixAsyncPush makes HeatStack.push take the core library's async
	// keyword (murano 14.0.0 renamed it isAsync and raises instead).
	FixAsyncPush bool
	// pendingPushes are the asynchronous pushes the session's end waits
	// for.
	pendingPushes []*heatStack
	// StackTags are the tags of the stacks HeatStack pushes (murano's
	// [heat] stack_tags).
	StackTags []string
}

// Natives are the native classes of the system namespace on host h.
func Natives(h *Host) []*dsl.NativeClass {
	return []*dsl.NativeClass{heatStackClass(h), statusReporterClass(h), instanceNotifierClass(h), resourcesClass(), agentClass(h), agentListenerClass(h), networkExplorerClass(h),
		accountClass("io.murano.Project", "description", func() Account { return h.Project }, func() Account { return h.Project }),
		accountClass("io.murano.User", "email", func() Account { return h.User }, func() Account { return h.User })}
}

// Heat is the orchestration service as HeatStack uses it: stacks by
// name. Errors it returns are *HeatError.
type Heat interface {
	Get(stack string) (*StackInfo, error)
	Template(stack string) (*value.Dict, error)
	Create(stack string, req StackRequest) error
	Update(stack string, req StackRequest) error
	Delete(stack string) error
}

// StackInfo is a stack as Heat shows it.
type StackInfo struct {
	Name, ID       string
	Status, Reason string
	// Parameters include Heat's own (OS::stack_name, …).
	Parameters *value.Dict
	// Outputs returns the outputs' values by key, in the stack's order
	// (nil: none); it is called only when they are read.
	Outputs func() *value.Dict
	// Created and Updated are Heat's timestamps ("" when never updated).
	Created, Updated string
}

// StackRequest is the content of a create or an update.
type StackRequest struct {
	Template, Parameters, Files *value.Dict
	Environment                 value.Value
	Tags                        string
}

// HeatError is an error response of Heat.
type HeatError struct {
	Code    int // 400, 404, 409, …
	Message string
}

func (e *HeatError) Error() string { return "ERROR: " + e.Message }

// Report is one entry of the deployment log.
type Report struct {
	Level string // "info" or "error"
	Text  string
	// Entity is the id of the object reported on (the environment's when
	// none was given).
	Entity string
}

// InstanceEvent is one event of the inventory.
type InstanceEvent struct {
	Event    string // "track_instance" or "untrack_instance"
	Instance string // the object's id
	Type     int    // 100 an application, 200 a virtual machine
	// TypeName, Title and UnitCount are given when tracking.
	TypeName         string
	Title, UnitCount value.Value
}

// The instance types of InstanceNotifier's events.
const (
	ApplicationInstance = 100
	CloudInstance       = 200
)
