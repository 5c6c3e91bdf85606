package skills

// The outline's two paths, for the external tests that compare them over
// generated corpora (skilltest imports skills).
var (
	ScanOutlineFast = scanOutlineFast
	ParseOutline    = parseOutline
)
