// The page's one entry: the shell's start, preloaded whole by the HTML Vite writes.
import './bootstrap';
