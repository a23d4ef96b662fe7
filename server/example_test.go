package server_test

import (
	"context"
	"fmt"
	"log"
	"os/signal"
	"syscall"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/pipeline"
	"github.com/sbxgate/sbxgate/server"
)

// The config stores only the SHA-256 of each bearer token.
func ExampleHashToken() {
	sum, err := server.HashToken("sbxg_example-token-0123456789")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(sum)
	// Output: bba478da684b7c867ab5c7784e1a40db011ea9eff97433723e24d69637b11fdd
}

// Serving the API over the stages built from a config, until SIGTERM.
func ExampleServer_ListenAndServe() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	cfg, err := config.Load("sandbox.yaml")
	if err != nil {
		log.Fatal(err)
	}
	b, err := pipeline.New(ctx, cfg, pipeline.Options{AuditPath: "audit.log", Runner: true})
	if err != nil {
		log.Fatal(err)
	}
	defer b.Close()
	srv, err := server.New(b.Pipeline, cfg, server.WithAuditPath("audit.log"))
	if err != nil {
		log.Fatal(err)
	}
	if err := srv.ListenAndServe(ctx, cfg.Server.Listen); err != nil {
		log.Fatal(err)
	}
}
