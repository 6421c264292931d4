package chess

// The tree builder: the consumer of a game's events that replays it as the validator does
// and keeps the move tree (PGNNode), its comments and NAGs.

import (
	"bytes"
	"strings"
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
	// The game's nodes, in blocks (newNode), each with room for its first child and its first
	// comment (pgnNodeSlot), so that a move with its comment costs no allocation of its own.
	// The comments' text is kept in text, whose bytes are never written again once a string
	// refers to them (a block that is full is left to its strings and a new one begun). A
	// game's node blocks are its own: shared with the next game, they would keep every earlier
	// game alive through the Parent links. Only text goes on from game to game, since its bytes
	// point to nothing: a game kept alone keeps at most two blocks of other games' comment text
	// beside its own.
	slab []pgnNodeSlot
	text []byte
}

// pgnNodeSlot is a node of the tree builder with room for its first child and its first
// comment: Children and Comments begin as windows of capacity 1 on them, so that an append by
// the caller copies the list out.
type pgnNodeSlot struct {
	node    PGNNode // first: a node of the builder is the start of its slot (slotOf)
	kid     [1]*PGNNode
	comment [1]string
}

// slotOf returns the slot of n, a node of the tree builder (newNode): every node under the
// Root of a game it builds, the Root included.
func slotOf(n *PGNNode) *pgnNodeSlot { return (*pgnNodeSlot)(unsafe.Pointer(n)) }

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
	l.node.Children = appendToSlot(l.node.Children, n, &slotOf(l.node).kid)
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
		l.node.Comments = appendToSlot(l.node.Comments, text, &slotOf(l.node).comment)
	default:
		l.pending = append(l.pending, text)
	}
}

// appendToSlot appends v to list; an empty list becomes a window of capacity 1 on the node's
// slot, so that a later append, by the reader or an edit, copies the list out of it.
func appendToSlot[T any](list []T, v T, slot *[1]T) []T {
	if len(list) > 0 {
		return append(list, v)
	}
	slot[0] = v
	return slot[:]
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

// root returns a game's Root: the first node of the game's first block or, alone (no tree
// builder reads the movetext: TagsOnly, an unsupported variant), a slot of its own.
func (t *pgnTreeBuilder) root(alone bool) *PGNNode {
	if alone {
		return &new(pgnNodeSlot).node
	}
	return t.newNode()
}

// The slots of newNode's blocks: a game's first, and each one after it.
const pgnFirstBlockSlots, pgnNextBlockSlots = 62, 20

// newNode returns a zeroed node from the game's slab: nodes come in blocks, not one by one.
// A game's first block holds 62 slots, the next ones 20, which fill the allocator's size
// classes of 19,072 and 6,144 bytes, 3 and 4 to a span (a block that takes a span of its own
// makes the allocator set one up each time): the 25,000 games of the shared lichess corpus, 82
// plies long on average, leave 12% of the slots unused so (each is 304 bytes allocated and
// cleared).
func (t *pgnTreeBuilder) newNode() *PGNNode {
	if len(t.slab) == cap(t.slab) {
		size := pgnNextBlockSlots
		if t.slab == nil { // the game's first
			size = pgnFirstBlockSlots
		}
		t.slab = make([]pgnNodeSlot, 0, size)
	}
	t.slab = t.slab[:len(t.slab)+1]
	return &t.slab[len(t.slab)-1].node
}

// foldComment makes a comment's text: line breaks read as spaces (an export writer may wrap a
// comment at any space, §8.2.1), and the white space around it is trimmed.
func foldComment(raw []byte) string {
	raw = bytes.TrimSpace(raw)
	if bytes.IndexByte(raw, '\n') < 0 && bytes.IndexByte(raw, '\r') < 0 {
		return string(raw)
	}
	return lineBreaks.Replace(string(raw))
}

// lineBreaks turns the line breaks of a comment's text into spaces: CR LF, CR alone and LF
// alone are one space each (foldComment; the writer, which folds them as reading does).
var lineBreaks = strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ")
