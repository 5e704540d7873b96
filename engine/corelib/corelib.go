// Package corelib is the playground's own io.murano core library: the
// MuranoPL classes every package builds on (Object, Environment,
// CloudRegion, Application, SharedIp, the resources.* instances,
// networks, volumes and security group managers, configuration.Linux,
// the stubs of the system.* native classes, the metadata and forms meta
// classes, test.TestFixture) and the resource files they put into Heat
// templates and agent plans, embedded so that nothing from Debian's
// murano-common is needed to run or deploy.
//
// Its public interface — every class, parent, property, method, argument,
// contract, usage, default and meta — is that of io.murano 14.0.0, which
// interface_test.go checks against testdata/interface.golden (recorded
// from the real library). The method bodies are the project's own,
// written from the behaviour the real library has (the Heat template
// fragments, agent plans, report texts, exceptions and serialized model
// it produces). The files of Resources/ whose content ends up inside Heat
// templates and agent plans (Agent-v1.template, Agent-v2.template,
// linux-init.sh, murano-init.sh, murano-init.conf, murano-agent,
// murano-agent.conf, murano-agent.service, conflang.conf,
// windows-init.ps1, RunCommand.template, PutFile.template,
// scripts/putFile.sh) are facts of that output and keep the real
// library's bytes.
//
// The command line embeds the files; the WebAssembly engine does not
// (they would take 40 KB of its 2 MB): the page fetches them beside it
// and gives them with [Provide].
package corelib

import (
	"io/fs"

	"murano.dev/playground/engine/pkg"
)

// Name is the library's package name.
const Name = "io.murano"

var library = pkg.NewLibrary(embedded)

// Provide gives the library's files (a package folder, as [FS] returns
// it) to a build that does not embed them; a given folder is used
// instead of the embedded one.
func Provide(files fs.FS) { library.Provide(files) }

// Package returns the library opened as a package, once: the class files
// it decodes stay decoded for every later request that loads it.
func Package() (*pkg.Package, error) { return library.Package() }

// FS returns the core library as a package folder: manifest.yaml,
// Classes/ and Resources/ at its root.
func FS() fs.FS { return library.FS() }
