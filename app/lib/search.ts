// Search limits shared by the search page, the search API and the catalogue service (docs/spec/constants.md).

/** Longer keywords are cut to this length. */
export const MAX_KEYWORD_LENGTH = 100
/** With JS a search fires only when the trimmed keyword is longer than this... */
export const MIN_LIVE_KEYWORD_LENGTH = 3
/** ...and only after typing has paused this long. */
export const LIVE_SEARCH_DELAY_MS = 1000
