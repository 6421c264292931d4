package chess

// The tag pair section of a game (PGN Standard §8.1) and the starting position it sets up (§9.7).

import (
	"errors"
	"fmt"
	"strings"
	"unsafe"
)

// readTags reads the tag pair section (PGN Standard §8.1). Tags count as tokens.
func (b *pgnBuilder) readTags(maxTokens int) {
	s := &b.r.s
	r := b.r
	b.g.Tags, r.tagText, r.tagEnds = r.tags[:0], r.tagText[:0], r.tagEnds[:0]
	defer b.keepTags()
	lastLine := 0
	for {
		s.skipSpace()
		c, ok := s.peek(0)
		if ok && c == '%' && s.atLineStart() {
			// an escape line (§6) may stand anywhere, between tag pairs too; it is no gap
			// between them
			if s.line == lastLine+1 {
				lastLine++
			}
			s.skipLine()
			continue
		}
		if !ok || c != '[' {
			break
		}
		if len(b.g.Tags) > 0 && s.line > lastLine+1 && b.repeatsTag() {
			b.tagOnly = true // a tag-only record: the repeated name starts the next game
			break
		}
		b.tokens++
		if b.tokens > maxTokens {
			b.budgetExceeded(fmt.Sprintf("the game has more than %d tokens", maxTokens))
			b.tagOnly = true // skipped to the next tag pair: no movetext
			break
		}
		b.tagPair()
		lastLine = s.line
	}
}

// Without a tree, a game costs one allocation: the tag section is read into the reader's
// scratch game (tagSectionGame), and keepTags makes one block for the game, its tags and
// their values, sized to them (most tag sections fit the larger block: a lichess game's 17
// tags hold about 300 bytes of values). A game read with a tree costs more anyway.
type (
	pgnGameBlockSmall struct {
		game PGNGame
		tags [8]Tag
		text [160]byte // never written once the values point into it
	}
	pgnGameBlockLarge struct {
		game PGNGame
		tags [20]Tag
		text [400]byte
	}
)

// tagSectionGame returns the zero game that the tag section is read into.
func (r *PGNReader) tagSectionGame() *PGNGame {
	if r.NoTree {
		r.scratch = PGNGame{}
		return &r.scratch
	}
	return new(PGNGame)
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
	case n <= 8 && len(text) <= 160:
		block := new(pgnGameBlockSmall)
		g, tags, room = &block.game, block.tags[:n:n], block.text[:]
	case n <= 20 && len(text) <= 400:
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

// keepTags gives the game its own copy of the tags read into the reader's buffers: one slice
// and one string for all the values (and, read into the scratch game, a game of its own).
func (b *pgnBuilder) keepTags() {
	r, g := b.r, b.g
	r.tags = g.Tags
	var tags []Tag
	var text string
	if g == &r.scratch {
		b.g, tags, text = gameWithTags(len(g.Tags), r.tagText)
		*b.g = *g
		g = b.g
	} else if len(g.Tags) > 0 {
		tags, text = make([]Tag, len(g.Tags)), string(r.tagText)
	}
	g.Tags = tags
	copy(tags, r.tags)
	start := 0
	for i, end := range r.tagEnds {
		if tags[i].Value == "" { // not a long value, which has its own string
			tags[i].Value = text[start:end]
		}
		start = end
	}
	b.tagsKept = true
}

// playerLabel returns pgnPlayers of the game, made the first time an error after the tag
// section needs it ("" before: the players are not known yet).
func (b *pgnBuilder) playerLabel() string {
	if b.tagsKept && !b.playersMade {
		b.players, b.playersMade = pgnPlayers(b.g), true
	}
	return b.players
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

// repeatsTag reports whether the tag pair at pos names a tag the game already has: after a
// blank line, that starts the next tag-only record.
func (b *pgnBuilder) repeatsTag() bool {
	s := &b.r.s
	i := 1
	for {
		c, ok := s.peek(i)
		if !ok || c != ' ' && c != '\t' {
			break
		}
		i++
	}
	j := i
	for {
		c, ok := s.peek(j)
		if !ok || pgnDelim[c] {
			break
		}
		j++
	}
	return b.hasTag(s.buf[s.pos+i : s.pos+j])
}

// hasTag reports whether the game has a tag named name. Past a few tags it looks in an
// index, so that a game of many tags costs O(1) a tag, not O(tags).
func (b *pgnBuilder) hasTag(name []byte) bool {
	if b.tagIndex != nil {
		_, ok := b.tagIndex[string(name)]
		return ok
	}
	for _, t := range b.g.Tags {
		if t.Name == string(name) {
			return true
		}
	}
	return false
}

// addTag adds a tag. Its value goes into tagText after the values before it, to become part
// of one string in keepTags; a long value gets a string of its own at once, so that it is
// copied only once.
func (b *pgnBuilder) addTag(name string, value []byte) {
	r := b.r
	t := Tag{Name: name}
	if len(value) > 256 {
		t.Value = string(value)
	} else {
		r.tagText = append(r.tagText, value...)
	}
	r.tagEnds = append(r.tagEnds, len(r.tagText))
	b.g.Tags = append(b.g.Tags, t)
	switch {
	case b.tagIndex != nil:
		b.tagIndex[t.Name] = struct{}{}
	case len(b.g.Tags) > 32:
		b.tagIndex = make(map[string]struct{}, 2*len(b.g.Tags))
		for _, t := range b.g.Tags {
			b.tagIndex[t.Name] = struct{}{}
		}
	}
}

// tagPair reads one [Name "Value"].
func (b *pgnBuilder) tagPair() {
	s := &b.r.s
	s.mark()
	s.pos++ // [
	skipTagSpace(s, func(c byte) bool { return tagNameByte(c, true) })
	s.mark()
	s.symbol()
	name := s.tok
	nameAt := tokenPos{s.tokLine, s.tokCol, s.tokOff}
	if len(name) == 0 {
		b.problem(false, ErrBadTag, "empty tag name", "")
		skipTagRest(s)
		return
	}
	if !validTagName(name) {
		b.problem(false, ErrBadTag, "a tag name is letters, digits and _ and starts with a letter", "")
		skipTagRest(s)
		return
	}
	nameStr := tagName(name)
	skipTagSpace(s, func(c byte) bool { return c == '"' })
	s.mark()
	at := tokenPos{s.tokLine, s.tokCol, s.tokOff}
	var value []byte // in the scanner's buffer or r.unescape, valid until the next tag
	bad := false
	if c, ok := s.peek(0); ok && c == '"' {
		closed, escaped := s.quoted()
		value = s.tok
		if escaped {
			b.r.unescape = unescapeTag(b.r.unescape[:0], s.tok)
			value = b.r.unescape
		}
		if !closed {
			b.problem(false, ErrBadTag, "tag value without its closing quote", "")
			bad = true
		}
	} else {
		s.symbol()
		value = s.tok
		b.problem(false, ErrBadTag, "tag value must be in double quotes", "")
		bad = true
	}
	skipTagSpace(s, func(c byte) bool { return c == ']' })
	if c, ok := s.peek(0); ok && c == ']' {
		s.pos++
	} else if !bad {
		s.mark()
		if ok && c == '"' || ok && c != '\n' && c != '\r' && c != '[' {
			start := s.pos
			skipTagRest(s)
			s.tok = s.buf[start:s.pos] // the text after the value, not the value
			b.problem(false, ErrBadTag, "unescaped '\"' in the tag value or text after it", "")
		} else {
			s.tok = nil
			b.problem(false, ErrBadTag, "missing ']' after the tag pair", "")
		}
	} else {
		skipTagRest(s)
	}
	if b.hasTag(name) {
		b.at(nameAt, nameStr)
		b.problem(false, ErrBadTag, "duplicate tag "+cutText(nameStr, maxQuoted)+": the first value is kept", "")
		return
	}
	if nameStr == "Result" {
		switch string(value) {
		case "1-0", "0-1", "1/2-1/2", "*":
		case "":
			b.problem(true, ErrEmptyResultTag, "empty Result tag", "")
		default:
			b.problem(false, ErrBadTag, "Result must be 1-0, 0-1, 1/2-1/2 or *", "")
		}
	}
	switch nameStr {
	case "Variant":
		b.variantAt = at
	case "FEN":
		b.fenAt = at
	case "Result":
		b.resultTagAt = at
	}
	b.addTag(nameStr, value)
}

// commonTags are the tag names real files repeat in every game: reading them allocates nothing.
var commonTags = []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "WhiteElo", "BlackElo",
	"ECO", "Opening", "Variation", "TimeControl", "Termination", "UTCDate", "UTCTime", "WhiteRatingDiff",
	"BlackRatingDiff", "WhiteTitle", "BlackTitle", "Variant", "SetUp", "FEN", "PlyCount", "EventDate", "Annotator"}

func tagName(name []byte) string {
	for _, t := range commonTags {
		if string(name) == t {
			return t
		}
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
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || !first && (c >= '0' && c <= '9' || c == '_')
}

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

// skipTagSpace skips the white space between two tokens of a tag pair. Line ends are white
// space there too (§8.1: a tag pair may be split across lines), but it skips past them only
// when the byte after the white space is what the tag pair needs next (next says so): a broken
// tag pair is then reported at its own line's end, and the line after it is read for itself.
func skipTagSpace(s *pgnScanner, next func(byte) bool) {
	skipInline(s)
	if c, ok := s.peek(0); !ok || c != '\n' && c != '\r' {
		return
	}
	for i := 1; ; i++ {
		c, ok := s.peek(i)
		switch {
		case !ok:
			return
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			continue
		case next(c):
			s.skipSpace()
		}
		return
	}
}

// skipInline skips spaces and tabs, not line ends.
func skipInline(s *pgnScanner) {
	for {
		c, ok := s.peek(0)
		if !ok || c != ' ' && c != '\t' {
			return
		}
		s.pos++
	}
}

// skipTagRest skips a broken tag pair up to its "]" or the end of its line.
func skipTagRest(s *pgnScanner) {
	for {
		c, ok := s.peek(0)
		if !ok || c == '\n' || c == '\r' {
			return
		}
		s.pos++
		if c == ']' {
			return
		}
	}
}

// setUp returns the starting position from the SetUp, FEN and Variant tags (PGN Standard
// §9.7) and marks an unsupported variant.
func (b *pgnBuilder) setUp() Position {
	start := StartingPosition()
	chess960 := false
	if v := b.g.Tag("Variant"); v != "" {
		switch variantKind(v) {
		case variantStandard:
		case variant960:
			chess960 = true
		default:
			b.unsupp = true
			b.at(b.variantAt, v)
			b.problem(false, ErrUnsupportedVariant, "variant "+quoteCut(v, maxQuoted)+" is not supported: only standard chess and Chess960", "")
			return start
		}
	}
	if fen := b.g.Tag("FEN"); fen != "" {
		p, err := ParseFEN(fen)
		if err != nil {
			b.unsupp = true // nothing to replay the moves on
			b.at(b.fenAt, fen)
			b.problem(false, fmt.Errorf("%w: %w", ErrBadFEN, err), "bad FEN tag: "+fenProblem(err), "")
			return start
		}
		start = p
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
