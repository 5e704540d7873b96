// Package system implements the native part of the core library's system
// classes — io.murano.system.HeatStack, StatusReporter, InstanceNotifier,
// Resources — and murano's config(), on the executor's binding layer
// (dsl.NativeClass). The engine-side algorithms are the reference's
// (template merge, the push and applied state, the waits on the virtual
// clock); what lies beyond them, Heat and the notifications, is a [Host]
// that the facade backs with the simulated cloud (engine/cloud), so that
// this package knows nothing of how the cloud is simulated.
package system
