// Where secrets may travel: https only, except loopback (nothing leaves the computer). Shared by
// the API hosts of the settings and the averbadoras' addresses.

/** 127.0.0.0/8, ::1 and localhost: the embedded sandbox and a sandbox run on this computer. */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/**
 * Secrets and tokens travel to these hosts, so only https: — except loopback, where nothing leaves
 * the computer (the embedded and a local sandbox answer plain http on 127.0.0.1).
 */
export function isSafeApiUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHostname(url.hostname));
}
