package runner

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/moby/moby/client"
)

// TestMain runs the tests, then checks that the test binary left no container behind. Each test
// judges only the sandboxes it started, since an earlier test's may still be being removed when it
// ends; a container that no test removed shows here, after a minute's grace.
func TestMain(m *testing.M) {
	code := m.Run()
	if code == 0 {
		if left := leftBehind(time.Minute); len(left) > 0 {
			fmt.Fprintf(os.Stderr, "FAIL: containers of this test binary left behind a minute after its tests ended: %v\n", left)
			code = 1
		}
	}
	os.Exit(code)
}

// leftBehind lists the containers labelled as this process's until there are none or wait has
// passed; none when no daemon answers (the tests that need one skipped or failed).
func leftBehind(wait time.Duration) []string {
	ctx, cancel := context.WithTimeout(context.Background(), wait+30*time.Second)
	defer cancel()
	cli, err := newClient(ctx)
	if err != nil {
		return nil
	}
	defer cli.Close()
	filter := client.ContainerListOptions{All: true, Filters: make(client.Filters).Add("label", LabelOwner+"="+selfOwner().String())}
	for deadline := time.Now().Add(wait); ; time.Sleep(time.Second) {
		list, err := cli.ContainerList(ctx, filter)
		if err != nil {
			return []string{fmt.Sprintf("(the daemon did not list them: %v)", err)}
		}
		if len(list.Items) == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			var names []string
			for _, c := range list.Items {
				names = append(names, c.Names...)
			}
			return names
		}
	}
}
