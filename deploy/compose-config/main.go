// Reads docker-compose.yml as `docker compose config` does, with compose-go (the library Docker Compose itself
// loads files with: the Compose Specification's schema, interpolation with ${VAR:?...} refusals, normalisation), and
// prints the resolved project as JSON. deploy/compose.test.ts runs it, since Docker is not on every machine.
//
// Usage: go run . <compose file> <env file> [profile...]
package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/compose-spec/compose-go/v2/cli"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: compose-config <compose file> <env file> [profile...]")
		os.Exit(2)
	}
	file, envFile, profiles := os.Args[1], os.Args[2], os.Args[3:]
	options, err := cli.NewProjectOptions(
		[]string{file},
		cli.WithWorkingDirectory(filepath.Dir(file)),
		// Only the env file given: neither this process's environment nor a .env beside the file.
		cli.WithEnvFiles(envFile),
		cli.WithDotEnv,
		cli.WithProfiles(profiles),
	)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	project, err := options.LoadProject(context.Background())
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	resolved, err := project.MarshalJSON()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println(string(resolved))
}
