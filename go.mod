module murano.dev/playground

go 1.26.8

require (
	github.com/Masterminds/semver/v3 v3.5.0
	github.com/andybalholm/brotli v1.2.8
	github.com/evanw/esbuild v0.28.2
	github.com/santhosh-tekuri/jsonschema/v5 v5.3.1
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/text v0.43.0
	golang.org/x/tools v0.52.0
)

require golang.org/x/sys v0.49.0 // indirect
