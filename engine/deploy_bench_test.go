package engine

import (
	"context"
	"os"
	"testing"
)

// BenchmarkDeploy100 deploys an environment of 100 applications with one
// server each (testdata/bench) in the simulated cloud, with the
// project's core library: 101 Heat operations on a template that grows
// to every server's resources. scripts/bench -deploy runs the same
// environment through the reference and prints the ratio.
func BenchmarkDeploy100(b *testing.B) {
	req := benchDeployRequest(b)
	for b.Loop() {
		res, err := Deploy(context.Background(), req)
		if err != nil || res.Failed {
			b.Fatalf("deploy: %v %v", err, res.Output["exception"])
		}
	}
}

// BenchmarkDeploy100Remote is BenchmarkDeploy100 with the cloud behind
// the remote protocol, as the browser runs it (here in this process).
func BenchmarkDeploy100Remote(b *testing.B) {
	req := benchDeployRequest(b)
	server := NewCloudServer()
	req.Cloud = RemoteCloud(func(method string, params []byte) ([]byte, error) { return server.Call(method, params), nil })
	for b.Loop() {
		res, err := Deploy(context.Background(), req)
		if err != nil || res.Failed {
			b.Fatalf("deploy: %v %v", err, res.Output["exception"])
		}
	}
}

// BenchmarkDeployOutput writes the output of the 100-application deploy
// (101 Heat templates, about 40 MB of JSON) as muranopl deploy prints it.
func BenchmarkDeployOutput(b *testing.B) {
	req := benchDeployRequest(b)
	res, err := Deploy(context.Background(), req)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := DeployOutputJSON(res.Output, -1); err != nil {
			b.Fatal(err)
		}
	}
}

// benchDeployRequest is the deploy of testdata/bench: 100 applications
// with a server each.
func benchDeployRequest(b *testing.B) DeployRequest {
	packages, _, err := FindPackages("testdata/bench/packages")
	if err != nil {
		b.Fatal(err)
	}
	data, err := os.ReadFile("testdata/bench/env-100.json")
	if err != nil {
		b.Fatal(err)
	}
	env, err := DecodeJSON(data)
	if err != nil {
		b.Fatal(err)
	}
	return DeployRequest{Packages: packages, Env: env.(*Dict), Cloud: InProcessCloud}
}
