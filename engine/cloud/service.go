// This file defines the cloud as the engine's tasks use it: an interface
// that a cloud in this process satisfies, and so does one reached across
// a module boundary (package remote).

package cloud

// Service is a simulated cloud as one task of the engine uses it: Heat,
// Neutron, the agents' queues, the notifications, and at the end the
// record of the task and the state that lasts. [*Cloud] is one.
type Service interface {
	GetStack(name string) (*StackInfo, error)
	StackTemplate(name string) (*Map, error)
	CreateStack(name string, req StackRequest) (string, error)
	UpdateStack(name string, req StackRequest) error
	DeleteStack(name string) error

	ListNetworks(f Filters) []*Map
	ShowNetwork(id string) (*Map, error)
	ListSubnets(f Filters) []*Map
	ListPorts(f Filters) []*Map
	ListRouters(f Filters) []*Map
	ShowRouter(id string) (*Map, error)
	CreateRouter(body *Map) *Map
	ListExtensions() []*Map

	DeclareQueue(name string)
	Publish(queue, id string, body any)
	Consume(queue string) (*Message, bool)
	// Due tells how long until the next message of a queue can be taken,
	// when one is on its way.
	Due(queue string) (seconds float64, ok bool)
	// RunAgents lets every agent handle what its queue holds and returns
	// how many messages were handled.
	RunAgents() int

	Notify(event string, body any)

	Catalog() *Catalog
	AgentDisabled() bool
	RouterCreationAllowed() bool

	// Record is what happened since the cloud was made or loaded.
	Record() *Record
	Stacks() []*Stack
	// Save writes the state that lasts to the next task.
	Save() ([]byte, error)
	// Picture writes the state as Save does without what a picture of
	// the cloud leaves out: the stacks' templates, parameters and files,
	// and the queues.
	Picture() ([]byte, error)
}
