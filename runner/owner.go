package runner

import "github.com/sbxgate/sbxgate/internal/procid"

// owner identifies the sbxgate process that made a container (label LabelOwner).
type owner = procid.Owner

func selfOwner() owner { return procid.Self() }

// ownerState says whether the process named by a container's owner label still runs.
type ownerState = procid.State

const (
	ownerUnknown = procid.Unknown // another host: we cannot tell
	ownerAlive   = procid.Alive
	ownerDead    = procid.Dead
)

// judge says whether the process a container's owner label names still runs. A label not in the
// form sbxgate writes is nobody's: its container is a leftover.
func judge(label string) ownerState {
	o, ok := procid.Parse(label)
	if !ok {
		return ownerDead
	}
	return procid.Judge(o)
}
