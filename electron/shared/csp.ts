// The Content-Security-Policy of the renderer, served by both hosts (Electron's app:// protocol and
// the web host). Scripts only from our own origin; PrimeVue's styled mode injects <style> elements,
// hence 'unsafe-inline' for styles only. Images may be data:/blob: (logo previews, barcodes).
export const rendererCsp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
