// The root's one inline script: marks a page whose scripts run, before the body renders (hides the
// no-JS flash region). The server's Content-Security-Policy allows exactly this text by its hash.
export const JS_CLASS_SCRIPT = "document.documentElement.classList.add('js')"
