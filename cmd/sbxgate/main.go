// Command sbxgate is the gate in front of untrusted Python: check, run, audit, policy tools, and the
// HTTP and MCP servers. Each command lives in its own file; this one only dispatches.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"

	"github.com/sbxgate/sbxgate/internal/gctune"
)

// Env is what a command reads and writes, so tests can drive commands without a process.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
}

// Errorf prints one line, "sbxgate: ...", to standard error.
func (e *Env) Errorf(format string, args ...any) {
	fmt.Fprintf(e.Stderr, "sbxgate: "+format+"\n", args...)
}

type command struct {
	Name    string
	Summary string
	Run     func(ctx context.Context, e *Env, args []string) int
	Hidden  bool // not listed by help: a command sbxgate starts itself
}

var commands = map[string]command{}

func register(c command) {
	if _, dup := commands[c.Name]; dup {
		panic("sbxgate: command registered twice: " + c.Name)
	}
	commands[c.Name] = c
}

func main() {
	gctune.Apply()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := dispatch(ctx, &Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}, os.Args[1:])
	stop()
	os.Exit(code)
}

func dispatch(ctx context.Context, e *Env, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(e.Stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		e.Errorf("unknown command %q: run sbxgate help for the list", args[0])
		return 2
	}
	return c.Run(ctx, e, args[1:])
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: sbxgate COMMAND [flags] [args]")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n, c := range commands {
		if !c.Hidden {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].Summary)
	}
}
