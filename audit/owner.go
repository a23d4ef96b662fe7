package audit

import "github.com/sbxgate/sbxgate/internal/procid"

// self is this process's identity as the owner of the open records it writes.
var self = procid.Self

func bootID() string { return procid.BootID() }

// OwnerState says whether the process that owns an open record still runs.
type OwnerState = procid.State

// The owner states.
const (
	OwnerUnknown = procid.Unknown
	OwnerAlive   = procid.Alive
	OwnerDead    = procid.Dead
)

// Judge says whether the process o still runs, as seen from this host.
func Judge(o Owner) OwnerState { return procid.Judge(o) }
