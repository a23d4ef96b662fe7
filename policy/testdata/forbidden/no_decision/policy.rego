# A policy without data.sbxgate.decision is refused at load.
package sbxgate

allow := true
