# The decision is a boolean, not an object. Want SBX905.
package sbxgate

decision := true
