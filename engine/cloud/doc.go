// Package cloud is a simulated OpenStack: Heat stacks, Neutron networks,
// subnets, ports, routers and floating IPs, Nova servers, Cinder volumes,
// Glance images, key pairs, zones, the Keystone project and user, the
// message queues of the murano agents that run on its servers, and a
// catalog of faults. It knows nothing of MuranoPL: the engine's system
// classes (HeatStack, NetworkExplorer, Agent, ...) call it.
//
// It is deterministic: ids are md5("cloud:<seed>:<n>") as version-4
// UUIDs, addresses are allocated in order, and time is read from a clock
// the caller injects (the engine's virtual clock). Operations complete at
// once: a stack is *_COMPLETE or *_FAILED when Create or Update returns.
// Its whole state saves to JSON and loads back ([Cloud.Save], [Load]).
//
// Templates and other structured values are JSON-like Go values: nil,
// bool, string, int64, float64, []any, map[string]any and [*Map], the
// object that keeps the order of its keys — Heat walks templates in
// their order, and that order decides which resource gets which id and
// address.
package cloud
