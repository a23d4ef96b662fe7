package runner_test

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/runner"
)

// Run one program under the "untrusted" tier of the shipped config. A one-shot caller turns
// the warm pool off; a server keeps it (and calls Close on shutdown to remove the warm containers).
func ExampleDocker_Run() {
	ctx := context.Background()
	cfg := config.Default()
	d, err := runner.New(ctx, runner.WithConfig(cfg), runner.WithPoolSize(0))
	if errors.Is(err, runner.ErrNoDaemon) || errors.Is(err, runner.ErrImageMissing) {
		log.Fatal(err) // sbxgate exits 125 here
	}
	if err != nil {
		log.Fatal(err)
	}
	defer d.Close()
	res, err := d.Run(ctx, runner.Request{
		ID:     "example",
		Code:   []byte("print(sum(range(10)))\n"),
		Limits: cfg.Tiers["untrusted"].Limits(),
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(res.Stdout, res.ExitCode, res.TimedOut)
}
