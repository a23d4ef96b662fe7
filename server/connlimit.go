package server

import (
	"net"
	"net/netip"
	"sync"
)

// connLimits bound the connections open at once: in all, and from one client address (an IPv6
// client by its /64, the block one host is given). A connection past either bound is reset as it
// is accepted, before anything is read from it or written to it, so that a client holding
// connections open (idle, or sending its headers slowly until the header timeout) costs the
// server nothing more, and learns at once that it is refused.
//
// golang.org/x/net/netutil.LimitListener bounds only the total, and by not accepting: connections
// past it wait in the kernel's backlog, where a legitimate client waits behind the attacker's.
// github.com/hashicorp/go-connlimit counts each full IP address (an IPv6 attacker has a /64 of
// them), and its listener fails Accept when a client is over its limit, which ends
// http.Server.Serve (or, as a temporary error, makes it sleep up to a second for everyone).
type connLimits struct {
	total, perAddress int
	refused           func(limit string) // counts a refusal: "total" or "address"

	mu     sync.Mutex
	open   int
	byAddr map[netip.Prefix]int
}

func newConnLimits(total, perAddress int, refused func(string)) *connLimits {
	return &connLimits{total: total, perAddress: perAddress, refused: refused, byAddr: map[netip.Prefix]int{}}
}

// listener returns ln within the limits.
func (l *connLimits) listener(ln net.Listener) net.Listener { return &limitListener{ln, l} }

type limitListener struct {
	net.Listener
	l *connLimits
}

// Accept returns the next connection within the limits, resetting those past them.
func (ll *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := ll.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key := clientKey(c.RemoteAddr())
		if limit := ll.l.take(key); limit != "" {
			reset(c)
			ll.l.refused(limit)
			continue
		}
		return &limitedConn{Conn: c, l: ll.l, key: key}, nil
	}
}

// take counts a connection from key, or says which limit it is past.
func (l *connLimits) take(key netip.Prefix) (limit string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.open >= l.total:
		return "total"
	case l.byAddr[key] >= l.perAddress:
		return "address"
	}
	l.open++
	l.byAddr[key]++
	return ""
}

func (l *connLimits) release(key netip.Prefix) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.open--
	if l.byAddr[key]--; l.byAddr[key] <= 0 {
		delete(l.byAddr, key)
	}
}

// Open returns the connections counted now, in all.
func (l *connLimits) Open() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open
}

// clientKey is the address a connection's limit is counted under: an IPv4 address, or the /64 of
// an IPv6 one. Connections whose address is not IP (a Unix socket) share one key.
func clientKey(a net.Addr) netip.Prefix {
	tcp, ok := a.(*net.TCPAddr)
	if !ok {
		return netip.Prefix{}
	}
	ip := tcp.AddrPort().Addr().Unmap()
	bits := 32
	if ip.Is6() {
		bits = 64
	}
	p, _ := ip.Prefix(bits)
	return p
}

// reset closes c with a TCP reset: the client sees the refusal at once, and the server keeps no
// TIME_WAIT state for it (under a flood of connections, that state would pile up).
func reset(c net.Conn) {
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.SetLinger(0)
	}
	_ = c.Close()
}

// limitedConn gives its slot back when it is closed, once.
type limitedConn struct {
	net.Conn
	l    *connLimits
	key  netip.Prefix
	once sync.Once
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.release(c.key) })
	return err
}

// CloseWrite lets net/http half-close the connection after an error answer, as it does a bare
// TCP connection, so that the client reads the answer before the connection ends.
func (c *limitedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}
