package chess

// The tree builder: the consumer of a game's events that replays it as the validator does
// and keeps the move tree (PGNNode), its comments and NAGs.

import (
	"bytes"
	"unicode/utf8"
	"unsafe"
)

// pgnTreeLine is the tree of one line being read: its last node (at first, the node where
// the line branches off) and the comments before its first move.
type pgnTreeLine struct {
	node    *PGNNode
	pending []string
}

// pgnTreeBuilder builds the move tree of a game (PGN Standard §8.2) under its Root.
type pgnTreeBuilder struct {
	pgnValidator
	tree []pgnTreeLine // beside pgnValidator.lines, one for one
	slab []PGNNode

	// Blocks shared by the nodes, so that a move with its comment costs no allocation of its
	// own: the first child and the first comment of a node are one-element windows (capacity
	// 1, so an append by the caller copies out) of kids and texts, and the comments' text is
	// kept in text, whose bytes are never written again once a string refers to them (a block
	// that is full is left to its strings and a new one begun). A game's nodes, kids and
	// texts are its own: a block shared with the next game would keep other games alive (every
	// earlier one through the Parent links; texts, their long comments, which are strings of
	// their own). Only text goes on from game to game, since its bytes point to nothing: a game
	// kept alone keeps at most two blocks of other games' comment text beside its own.
	kids  []*PGNNode
	texts []string
	text  []byte
}

func (t *pgnTreeBuilder) begin(p *pgnParser, start Position) {
	t.pgnValidator.begin(p, start)
	t.tree = append(t.tree[:0], pgnTreeLine{node: p.g.Root})
}

func (t *pgnTreeBuilder) move(san []byte) bool {
	if t.pgnValidator.move(san) {
		return true
	}
	t.add()
	return false
}

func (t *pgnTreeBuilder) nullMove() bool {
	if t.pgnValidator.nullMove() {
		return true
	}
	t.add()
	return false
}

// add adds the move just played to the tree.
func (t *pgnTreeBuilder) add() {
	l := &t.tree[len(t.tree)-1]
	s := t.p.s
	n := t.newNode()
	// one field at a time: a tuple assignment would copy the Position twice, through a temporary
	n.Position = t.top().pos
	n.Parent = l.node
	n.Move = t.last
	n.Line, n.Column = s.tokLine, s.tokCol
	if len(l.pending) > 0 {
		n.StartingComments, l.pending = l.pending, nil
	}
	l.node.Children = appendInBlock(l.node.Children, n, &t.kids)
	l.node = n
}

func (t *pgnTreeBuilder) nag(n NAG) {
	t.pgnValidator.nag(n)
	if t.top().moved {
		l := &t.tree[len(t.tree)-1]
		l.node.NAGs = append(l.node.NAGs, n)
	}
}

func (t *pgnTreeBuilder) comment(raw []byte) {
	text := t.foldComment(raw)
	l := &t.tree[len(t.tree)-1]
	switch {
	case t.top().moved, len(t.tree) == 1: // after a move, or at the root before the first move
		l.node.Comments = appendInBlock(l.node.Comments, text, &t.texts)
	default:
		l.pending = append(l.pending, text)
	}
}

// appendInBlock appends v to list; an empty list becomes a window of capacity 1 on the shared
// block, so that a later append, by the reader or an edit, copies the list out of it.
func appendInBlock[T any](list []T, v T, block *[]T) []T {
	if len(list) > 0 {
		return append(list, v)
	}
	n := len(*block)
	if n == cap(*block) {
		*block, n = make([]T, 0, 64), 0
	}
	*block = (*block)[:n+1] // a reslice, which writes no pointer
	(*block)[n] = v
	return (*block)[n : n+1 : n+1]
}

// foldComment is foldComment with the string's bytes taken from the game's text block, and
// shortcuts for the common case: no line end inside (the scanner's oneLine), and one space at
// each end, as lichess writes "{ [%clk 0:03:00] }".
func (t *pgnTreeBuilder) foldComment(raw []byte) string {
	if n := len(raw); n > 2 && raw[0] == ' ' && raw[n-1] == ' ' && solid(raw[1]) && solid(raw[n-2]) {
		raw = raw[1 : n-1]
	} else if raw = bytes.TrimSpace(raw); len(raw) == 0 {
		return ""
	}
	if len(raw) > 1024 || !t.p.s.oneLine && (bytes.IndexByte(raw, '\n') >= 0 || bytes.IndexByte(raw, '\r') >= 0) {
		return foldComment(raw)
	}
	start := len(t.text)
	if cap(t.text)-start < len(raw) {
		t.text, start = make([]byte, 0, 4096), 0
	}
	t.text = t.text[:start+len(raw)] // a reslice, which writes no pointer
	copy(t.text[start:], raw)
	return unsafe.String(&t.text[start], len(raw))
}

// solid reports whether c is an ASCII byte other than white space.
func solid(c byte) bool { return c < utf8.RuneSelf && pgnClass[c]-clSpace > clLF-clSpace }

func (t *pgnTreeBuilder) variationStart() bool {
	if t.pgnValidator.variationStart() {
		return true
	}
	// a variation replaces the line's last move, which the validator has let it branch from
	t.tree = append(t.tree, pgnTreeLine{node: t.tree[len(t.tree)-1].node.Parent})
	return false
}

func (t *pgnTreeBuilder) variationEnd() {
	t.pgnValidator.variationEnd()
	t.tree = t.tree[:len(t.tree)-1]
}

// newNode returns a zeroed node from the game's slab: nodes come in blocks, not one by one.
// A game's first block holds 51 nodes, the next ones 19, which fill the allocator's size
// classes of 14,336 and 5,376 bytes, 4 and 3 to a span (a block that takes a span of its own
// makes the allocator set one up each time): the 25,000 games of the shared lichess corpus,
// 82 plies long on average, leave 11% of the nodes unused so (each unused node is 280 bytes
// allocated and cleared).
func (t *pgnTreeBuilder) newNode() *PGNNode {
	if len(t.slab) == cap(t.slab) {
		size := 19
		if t.slab == nil { // the game's first
			size = 51
		}
		t.slab = make([]PGNNode, 0, size)
	}
	t.slab = t.slab[:len(t.slab)+1]
	return &t.slab[len(t.slab)-1]
}

// foldComment makes a comment's text: line breaks read as spaces (an export writer may wrap a
// comment at any space, §8.2.1), and the white space around it is trimmed.
func foldComment(raw []byte) string {
	raw = bytes.TrimSpace(raw)
	if bytes.IndexByte(raw, '\n') < 0 && bytes.IndexByte(raw, '\r') < 0 {
		return string(raw)
	}
	out := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; c {
		case '\r':
			if i+1 < len(raw) && raw[i+1] == '\n' {
				i++
			}
			out = append(out, ' ')
		case '\n':
			out = append(out, ' ')
		default:
			out = append(out, c)
		}
	}
	return string(out)
}
