package server

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"net/netip"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// dial opens a TCP connection to the server from the loopback address from (127.0.0.0/8 is all
// this machine's), so that a test can be several clients.
func dial(t *testing.T, e *testEnv, from string) (net.Conn, error) {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", strings.TrimPrefix(e.url, "http://"))
	if err == nil {
		t.Cleanup(func() { c.Close() })
	}
	return c, err
}

// hold opens a connection from from that sends nothing and must be accepted.
func hold(t *testing.T, e *testEnv, from string) net.Conn {
	t.Helper()
	c, err := dial(t, e, from)
	if err != nil {
		t.Fatalf("dial from %s: %v", from, err)
	}
	return c
}

// refused says whether a new connection from from is ended by the server without an answer: a
// reset (which can reach the client before its connect returns) or an end of file, before the
// deadline. A connection the server holds open (its header timeout is far longer) reads nothing
// until the deadline.
func refused(t *testing.T, e *testEnv, from string) bool {
	t.Helper()
	c, err := dial(t, e, from)
	if err != nil {
		if errors.Is(err, syscall.ECONNRESET) {
			return true
		}
		t.Fatalf("dial from %s: %v", from, err)
	}
	return ended(t, c, 10*time.Second)
}

// ended says whether the server ended c within d.
func ended(t *testing.T, c net.Conn, d time.Duration) bool {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(d))
	_, err := c.Read(make([]byte, 1))
	switch {
	case errors.Is(err, os.ErrDeadlineExceeded):
		return false
	case err == nil:
		t.Fatalf("the server wrote to a connection that sent nothing")
	}
	return true
}

// healthz sends one request on a new connection from from and says whether it was answered.
func healthz(t *testing.T, e *testEnv, from string) bool {
	t.Helper()
	c, err := dial(t, e, from)
	if err != nil {
		return false
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"); err != nil {
		return false
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}

// eventually retries ok for up to 10 s: a slot comes back once the server has seen its
// connection close.
func eventually(ok func() bool) bool {
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if ok() {
			return true
		}
	}
	return false
}

// TestConnectionsPerAddress (red team): a connection that sends nothing was held until the header
// timeout, and nothing bounded how many one client could hold: it could open thousands and keep
// them. Past server.max_connections_per_address, its connections are reset as they are accepted;
// another address is served, and a slot given back is taken again. Real sockets, a real server.
func TestConnectionsPerAddress(t *testing.T) {
	cfg := testConfig(t)
	cfg.Server.MaxConnections, cfg.Server.MaxConnectionsPerAddress = 100, 4
	// Held connections must not end by the header timeout during the test.
	e := startEnv(t, cfg, envOpts{opts: []Option{WithTimeouts(Timeouts{ReadHeader: time.Minute, Read: time.Minute})}})
	var held []net.Conn
	for range 4 {
		held = append(held, hold(t, e, "127.0.0.1"))
	}
	if !refused(t, e, "127.0.0.1") {
		t.Fatal("a fifth connection from one address was held open: want it reset")
	}
	for i, c := range held {
		if ended(t, c, 200*time.Millisecond) {
			t.Errorf("held connection %d was closed: the first four are within the limit", i)
		}
	}
	if !healthz(t, e, "127.0.0.2") {
		t.Error("another address was refused while the first was at its limit")
	}
	held[0].Close()
	if !eventually(func() bool { return healthz(t, e, "127.0.0.1") }) {
		t.Error("a slot given back was not taken again")
	}
	for _, c := range held {
		c.Close()
	}
	if !eventually(func() bool { return e.srv.conns.Open() == 0 }) {
		t.Fatalf("%d connections counted open after every one closed", e.srv.conns.Open())
	}
	if m := e.do(http.MethodGet, "/metrics", "", nil); !strings.Contains(string(m.Body), `sbxgate_http_connections_refused_total{limit="address"}`) {
		t.Errorf("no refusal counted in /metrics")
	}
}

// TestConnectionsTotal: past server.max_connections in all, whatever the address, a connection
// is reset as it is accepted.
func TestConnectionsTotal(t *testing.T) {
	cfg := testConfig(t)
	cfg.Server.MaxConnections, cfg.Server.MaxConnectionsPerAddress = 4, 3
	e := startEnv(t, cfg, envOpts{opts: []Option{WithTimeouts(Timeouts{ReadHeader: time.Minute, Read: time.Minute})}})
	var held []net.Conn
	for _, from := range []string{"127.0.0.1", "127.0.0.1", "127.0.0.2", "127.0.0.3"} {
		held = append(held, hold(t, e, from))
	}
	if !refused(t, e, "127.0.0.4") {
		t.Fatal("a fifth connection in all was held open: want it reset")
	}
	for i, c := range held {
		if ended(t, c, 200*time.Millisecond) {
			t.Errorf("held connection %d was closed: four are within the limit", i)
		}
	}
	held[2].Close()
	if !eventually(func() bool { return healthz(t, e, "127.0.0.4") }) {
		t.Error("a slot given back was not taken again")
	}
	// The three held and none else: healthz's connection, closed, is given back.
	if !eventually(func() bool { return e.srv.conns.Open() == 3 }) {
		t.Errorf("%d connections counted open, want the 3 still held", e.srv.conns.Open())
	}
}

func TestClientKey(t *testing.T) {
	for _, tc := range []struct{ addr, want string }{
		{"192.0.2.7:443", "192.0.2.7/32"},
		{"[::ffff:192.0.2.7]:443", "192.0.2.7/32"},
		{"[2001:db8:1:2:aaaa::1]:443", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2:bbbb::9]:80", "2001:db8:1:2::/64"},
		{"[2001:db8:1:3::1]:80", "2001:db8:1:3::/64"},
	} {
		a := net.TCPAddrFromAddrPort(netip.MustParseAddrPort(tc.addr))
		if got := clientKey(a).String(); got != tc.want {
			t.Errorf("clientKey(%s) = %s, want %s", tc.addr, got, tc.want)
		}
	}
	if got := clientKey(&net.UnixAddr{Name: "/run/x.sock", Net: "unix"}); got != (netip.Prefix{}) {
		t.Errorf("a Unix socket's key is %v, want the shared zero key", got)
	}
}
