// Package apps is the playground's own io.murano.applications, the
// library of reusable application parts that newer MuranoPL packages
// Require: software components installed and configured on server
// groups (SoftwareComponent, Installable, Configurable,
// OpenStackSecurityConfigurable), server groups (ServerList,
// SingleServerGroup, CompositeServerGroup, ServerReplicationGroup and its
// TemplateServerProvider), replication of any object (ReplicationGroup and
// the replica providers), events (Event), and the base applications built
// from them (SingleServerApplication, MultiServerApplication,
// MultiServerApplicationWithScaling). Embedded, it runs next to the
// project's core library (engine/corelib) with nothing from outside.
//
// Its public interface — every class, parent, property, method, argument,
// contract, usage, default and meta — is that of the library murano last
// shipped (meta/io.murano.applications, MuranoPL format 1.4), which
// interface_test.go checks against testdata/interface.golden. The method
// bodies are the project's own, written from the behaviour of the real
// library: the same report texts, exceptions and messages, the same order
// of calls to the servers, the same attributes kept between deployments.
//
// As the core library's (engine/corelib), its files are embedded in the
// command line and given to the WebAssembly engine with [Provide].
package apps

import (
	"io/fs"

	"murano.dev/playground/engine/pkg"
)

var library = pkg.NewLibrary(embedded)

// Provide gives the library's files (a package folder, as [FS] returns
// it) to a build that does not embed them.
func Provide(files fs.FS) { library.Provide(files) }

// Package returns the library opened as a package, once: the class files
// it decodes stay decoded for every later request that loads it.
func Package() (*pkg.Package, error) { return library.Package() }

// FS returns the library as a package folder: manifest.yaml and Classes/
// at its root.
func FS() fs.FS { return library.FS() }

// Name is the library's package name.
const Name = "io.murano.applications"
