package chess

// The tag pair section of a game (PGN Standard §8.1) and the starting position it sets up (§9.7).

import (
	"errors"
	"fmt"
	"strings"
	"unsafe"
)

// readTags reads the tag pair section (PGN Standard §8.1). Tags count as tokens.
func (p *pgnParser) readTags(maxTokens int) {
	s := p.s
	r := p.r
	p.g.Tags, r.tagText, r.tagEnds = r.tags[:0], r.tagText[:0], r.tagEnds[:0]
	defer p.keepTags()
	lastLine := 0
	onNextLine := false // the tag pair just read took the line end before the next one
	for {
		if !onNextLine {
			k := s.peekTagSection()
			if k == tokEscape {
				// an escape line (§6) may stand anywhere, between tag pairs too; it is no gap
				// between them
				if s.tokLine == lastLine+1 {
					lastLine++
				}
				continue
			}
			if k != tokTagOpen {
				break
			}
			if len(p.g.Tags) > 0 && s.line > lastLine+1 && p.repeatsTag(s.peekTagName()) {
				p.tagOnly = true // a tag-only record: the repeated name starts the next game
				break
			}
		}
		p.tokens++
		if p.tokens > maxTokens {
			p.budgetExceeded(fmt.Sprintf("the game has more than %d tokens", maxTokens))
			p.tagOnly = true // skipped to the next tag pair: no movetext
			break
		}
		lastLine = s.line
		if nameLen, known, ok := s.exportTagPair(); ok {
			if known >= 0 && p.knownTags&(1<<known) == 0 {
				p.addTag(knownTagNames[known], known, s.tok, s.at()) // the common case
			} else {
				name, nameAt := s.exportTagName(nameLen)
				p.tag(name, tagName(name, known), known, nameAt, s.tok, s.at())
			}
			// the next tag pair on the next line, the common case: no gap, no escape line
			onNextLine = s.tagOnNextLine()
		} else {
			p.tagPair()
			lastLine, onNextLine = s.line, false
		}
	}
}

// A game costs one allocation without a tree: the tag section is read into the reader's
// scratch game (tagSectionGame), and keepTags makes one block for the game, its tags and
// their values, sized to them (most tag sections fit the larger block: a lichess game's 17
// tags hold about 300 bytes of values). A tree adds its node blocks (newNode).
type (
	pgnGameBlockSmall struct {
		game PGNGame
		tags [8]Tag
		text [336]byte // never written once the values point into it; 896 bytes in all with the header
	}
	pgnGameBlockLarge struct {
		game PGNGame
		tags [20]Tag
		text [464]byte // with the allocator's 8-byte header, 1,408 bytes: a size class
	}
)

// tagSectionGame returns the zero game that the tag section is read into.
func (r *PGNReader) tagSectionGame() *PGNGame {
	r.scratch = PGNGame{}
	return &r.scratch
}

// gameWithTags returns a new game with room for n tags whose values are text: the game, the
// tags and the values, in one allocation when they fit in a block.
func gameWithTags(n int, text []byte) (*PGNGame, []Tag, string) {
	var g *PGNGame
	var tags []Tag
	var room []byte
	switch {
	case n == 0:
		return new(PGNGame), nil, ""
	case n <= 8 && len(text) <= len(pgnGameBlockSmall{}.text):
		block := new(pgnGameBlockSmall)
		g, tags, room = &block.game, block.tags[:n:n], block.text[:]
	case n <= 20 && len(text) <= len(pgnGameBlockLarge{}.text):
		block := new(pgnGameBlockLarge)
		g, tags, room = &block.game, block.tags[:n:n], block.text[:]
	default:
		return new(PGNGame), make([]Tag, n), string(text)
	}
	if len(text) == 0 {
		return g, tags, ""
	}
	return g, tags, unsafe.String(&room[0], copy(room, text))
}

// keepTags gives the game its own copy of the tags read into the reader's buffers and scratch
// game: a game of its own, one slice and one string for all the values.
func (p *pgnParser) keepTags() {
	r := p.r
	r.tags = p.g.Tags
	g, tags, text := gameWithTags(len(p.g.Tags), r.tagText)
	*g = *p.g
	p.g = g
	g.Tags = tags
	copy(tags, r.tags)
	start := 0
	for i, end := range r.tagEnds {
		if tags[i].Value == "" { // not a long value, which has its own string
			tags[i].Value = text[start:end]
		}
		start = end
	}
	p.tagsKept = true
}

// playerLabel returns pgnPlayers of the game, made the first time an error after the tag
// section needs it ("" before: the players are not known yet).
func (p *pgnParser) playerLabel() string {
	if p.tagsKept && !p.playersMade {
		p.players, p.playersMade = pgnPlayers(p.g), true
	}
	return p.players
}

// pgnPlayers describes a game for its error messages: "White - Black, Round R".
func pgnPlayers(g *PGNGame) string {
	white, black, round := g.Tag("White"), g.Tag("Black"), g.Tag("Round")
	if white == "" && black == "" {
		return ""
	}
	white, black, round = cutText(white, maxQuoted), cutText(black, maxQuoted), cutText(round, maxQuoted)
	if round != "" && round != "?" && round != "-" {
		return white + " - " + black + ", Round " + round // one allocation
	}
	return white + " - " + black
}

// repeatsTag reports whether the game has a tag named name already.
func (p *pgnParser) repeatsTag(name []byte) bool { return p.hasTag(name, knownTagIndex(name)) }

// hasTag reports whether the game has a tag named name, whose index in knownTagNames is known
// (-1: none). A known name is a bit; past a few tags the others are looked up in an index, so
// that a game of many tags costs O(1) a tag, not O(tags).
func (p *pgnParser) hasTag(name []byte, known int) bool {
	if known >= 0 {
		return p.knownTags&(1<<known) != 0
	}
	if p.tagIndex != nil {
		_, ok := p.tagIndex[string(name)]
		return ok
	}
	for _, t := range p.g.Tags {
		if t.Name == string(name) {
			return true
		}
	}
	return false
}

// tagPair reads one [Name "Value"], in any form (readTags reads one in export format itself,
// with exportTagPair).
func (p *pgnParser) tagPair() {
	s := p.s
	s.tagOpen()
	s.tagName()
	name := s.tok
	nameAt := s.at()
	if len(name) == 0 {
		p.problem(false, ErrBadTag, "empty tag name", "")
		s.skipTagRest()
		return
	}
	if !validTagName(name) {
		p.problem(false, ErrBadTag, "a tag name is letters, digits and _ and starts with a letter", "")
		s.skipTagRest()
		return
	}
	known := knownTagIndex(name)
	nameStr := tagName(name, known)
	k := s.tagValue()
	at := s.at()
	value := s.tok // in the scanner's buffer or r.unescape, valid until the next tag
	bad := false
	if k == tokString {
		if s.escaped {
			p.r.unescape = unescapeTag(p.r.unescape[:0], s.tok)
			value = p.r.unescape
		}
		if !s.closed {
			p.problem(false, ErrBadTag, "tag value without its closing quote", "")
			bad = true
		}
	} else {
		p.problem(false, ErrBadTag, "tag value must be in double quotes", "")
		bad = true
	}
	switch s.tagClose(bad) {
	case tokSymbol:
		p.problem(false, ErrBadTag, "unescaped '\"' in the tag value or text after it", "")
	case tokEOF:
		p.problem(false, ErrBadTag, "missing ']' after the tag pair", "")
	}
	p.tag(name, nameStr, known, nameAt, value, at)
}

// tag adds the tag pair name (nameStr as a string, known its index in knownTagNames) whose
// value is value, at nameAt and at, unless the game has it already. A problem of its value is
// reported at the current token.
func (p *pgnParser) tag(name []byte, nameStr string, known int, nameAt tokenPos, value []byte, at tokenPos) {
	if p.hasTag(name, known) {
		p.problemAt(nameAt, []byte(nameStr), false, ErrBadTag, "duplicate tag "+cutText(nameStr, maxQuoted)+": the first value is kept", "")
		return
	}
	p.addTag(nameStr, known, value, at)
}

// addTag adds the tag pair nameStr (known its index in knownTagNames), a name the game does not
// have yet, whose value is value, at at. A problem of its value is reported at the current
// token.
func (p *pgnParser) addTag(nameStr string, known int, value []byte, at tokenPos) {
	switch known {
	case -1:
	case tagIndexResult:
		switch string(value) {
		case "1-0", "0-1", "1/2-1/2", "*":
		case "":
			p.problem(true, ErrEmptyResultTag, "empty Result tag", "")
		default:
			p.problem(false, ErrBadTag, "Result must be 1-0, 0-1, 1/2-1/2 or *", "")
		}
		p.resultTagAt = at
	case tagIndexVariant:
		p.variantAt = at
	case tagIndexFEN:
		p.fenAt = at
	}
	// the value goes into tagText after the values before it, to become part of one string in
	// keepTags; a long value gets a string of its own at once, so that it is copied only once
	r := p.r
	if known >= 0 {
		p.knownTags |= 1 << known
	}
	t := Tag{Name: nameStr}
	if len(value) > 256 {
		t.Value = string(value)
	} else {
		r.tagText = append(r.tagText, value...)
	}
	r.tagEnds = append(r.tagEnds, len(r.tagText))
	p.g.Tags = append(p.g.Tags, t)
	switch {
	case p.tagIndex != nil:
		p.tagIndex[t.Name] = struct{}{}
	case len(p.g.Tags) > 32:
		p.tagIndex = make(map[string]struct{}, 2*len(p.g.Tags))
		for _, t := range p.g.Tags {
			p.tagIndex[t.Name] = struct{}{}
		}
	}
}

// The indexes of the tags whose values the parser looks at.
var (
	tagIndexResult  = knownTagIndex([]byte("Result"))
	tagIndexVariant = knownTagIndex([]byte("Variant"))
	tagIndexFEN     = knownTagIndex([]byte("FEN"))
)

// knownTagNames are the tag names that real files repeat in every game: reading one allocates
// nothing, and whether a game has one already is a bit (pgnParser.knownTags). knownTagIndex
// finds them.
var knownTagNames = [...]string{
	"Event", "Site", "Date", "Round", "White", "Black", "Result", "WhiteElo", "BlackElo", "ECO",
	"Opening", "Variation", "TimeControl", "Termination", "UTCDate", "UTCTime", "WhiteRatingDiff",
	"BlackRatingDiff", "WhiteTitle", "BlackTitle", "Variant", "SetUp", "FEN", "PlyCount", "EventDate",
	"Annotator",
}

// knownTagIndex returns the index of the tag name name in knownTagNames, or -1.
func knownTagIndex(name []byte) int {
	switch string(name) {
	case "Event":
		return 0
	case "Site":
		return 1
	case "Date":
		return 2
	case "Round":
		return 3
	case "White":
		return 4
	case "Black":
		return 5
	case "Result":
		return 6
	case "WhiteElo":
		return 7
	case "BlackElo":
		return 8
	case "ECO":
		return 9
	case "Opening":
		return 10
	case "Variation":
		return 11
	case "TimeControl":
		return 12
	case "Termination":
		return 13
	case "UTCDate":
		return 14
	case "UTCTime":
		return 15
	case "WhiteRatingDiff":
		return 16
	case "BlackRatingDiff":
		return 17
	case "WhiteTitle":
		return 18
	case "BlackTitle":
		return 19
	case "Variant":
		return 20
	case "SetUp":
		return 21
	case "FEN":
		return 22
	case "PlyCount":
		return 23
	case "EventDate":
		return 24
	case "Annotator":
		return 25
	}
	return -1
}

// tagName returns the tag name name as a string, whose index in knownTagNames is known (-1:
// none): a constant for the names real files repeat, so that reading them allocates nothing.
func tagName(name []byte, known int) string {
	if known >= 0 {
		return knownTagNames[known]
	}
	return string(name)
}

func validTagName(name []byte) bool {
	for i, c := range name {
		if !tagNameByte(c, i == 0) {
			return false
		}
	}
	return true
}

// tagNameByte reports whether c may stand in a tag name (§8.1.1: letters, digits and "_",
// starting with a letter); first says whether it is the name's first byte.
func tagNameByte(c byte, first bool) bool {
	if first {
		return pgnTagNameClass[c] == tagNameLetter
	}
	return pgnTagNameClass[c] != 0
}

// The classes of the bytes of a tag name (pgnTagNameClass): a letter, another byte of a name
// (a digit or "_"), or none (0).
const (
	tagNameOther = 1 + iota
	tagNameLetter
)

var pgnTagNameClass = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
			t[c] = tagNameLetter
		case c >= '0' && c <= '9' || c == '_':
			t[c] = tagNameOther
		}
	}
	return t
}()

// unescapeTag appends the tag value raw without its escapes (\" and \\) to dst.
func unescapeTag(dst, raw []byte) []byte {
	for i := 0; i < len(raw); i++ {
		if raw[i] == '\\' && i+1 < len(raw) && (raw[i+1] == '"' || raw[i+1] == '\\') {
			i++
		}
		dst = append(dst, raw[i])
	}
	return dst
}

// setUp returns the starting position from the SetUp, FEN and Variant tags (PGN Standard
// §9.7) and marks an unsupported variant.
func (p *pgnParser) setUp() Position {
	start := StartingPosition()
	chess960 := false
	if v := p.g.Tag("Variant"); v != "" {
		switch variantKind(v) {
		case variantStandard:
		case variant960:
			chess960 = true
		default:
			p.unsupp = true
			p.problemAt(p.variantAt, []byte(v), false, ErrUnsupportedVariant, "variant "+quoteCut(v, maxQuoted)+" is not supported: only standard chess and Chess960", "")
			return start
		}
	}
	if fen := p.g.Tag("FEN"); fen != "" {
		pos, err := ParseFEN(fen)
		if err != nil {
			p.unsupp = true // nothing to replay the moves on
			p.problemAt(p.fenAt, []byte(fen), false, fmt.Errorf("%w: %w", ErrBadFEN, err), "bad FEN tag: "+fenProblem(err), "")
			return start
		}
		start = pos
	}
	if chess960 {
		start = start.WithChess960(true)
	}
	return start
}

const (
	variantStandard = iota
	variant960
	variantOther
)

// variantKind classifies a Variant tag value, case-insensitively.
func variantKind(v string) int {
	if v == "Standard" { // lichess's spelling, on every game it exports
		return variantStandard
	}
	v = strings.TrimSpace(v)
	for _, name := range variantsStandard {
		if strings.EqualFold(v, name) {
			return variantStandard
		}
	}
	for _, name := range variants960 {
		if strings.EqualFold(v, name) {
			return variant960
		}
	}
	return variantOther
}

// The spellings of the Variant tag for standard chess and for Chess960 in real files.
var (
	variantsStandard = []string{"", "standard", "chess", "normal", "from position", "fromposition", "classical"}
	variants960      = []string{"chess960", "chess 960", "960", "fischerandom", "fischerrandom", "fischer random",
		"fischer random chess", "frc", "chess960 (fischer random)", "fischer random (chess960)"}
)

// fenProblem says what is wrong with a FEN tag's value, which the message quotes already as
// the token: the field, the offset and the reason of a *FENError, without its own quote.
func fenProblem(err error) string {
	var fe *FENError
	if !errors.As(err, &fe) {
		return err.Error()
	}
	if fe.Field == 0 {
		return fe.Reason
	}
	return fmt.Sprintf("field %d, offset %d: %s", fe.Field, fe.Offset, fe.Reason)
}
