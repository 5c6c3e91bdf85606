package markdown

// The outline's two paths, for the external tests that compare them over
// generated corpora.
var (
	ScanOutlineFast = scanOutlineFast
	ParseOutline    = parseOutline
)
