import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Seals the certificates' private keys before they reach `sandbox.sqlite`. The embedded sandbox
 * gets a vault whose key lives in the app's secret store (safeStorage in Electron, the 0600 secrets
 * file in the browser host), so the data folder never holds a private key in clear.
 */
export interface KeyVault {
  seal(plain: string): string;
  open(sealed: string): string;
}

const PREFIX = 'sealed:v1:';

/** AES-256-GCM with a fresh nonce per value: `sealed:v1:<nonce>.<tag>.<ciphertext>`, base64url. */
export function createKeyVault(key: Buffer): KeyVault {
  if (key.length !== 32) throw new Error('the key vault needs a 32-byte key');
  return {
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${PREFIX}${[nonce, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.')}`;
    },
    open(sealed) {
      if (!isSealed(sealed)) throw new Error('value is not sealed');
      const [nonce, tag, body] = sealed
        .slice(PREFIX.length)
        .split('.')
        .map((part) => Buffer.from(part, 'base64url'));
      if (!nonce || !tag || !body) throw new Error('sealed value is malformed');
      const decipher = createDecipheriv('aes-256-gcm', key, nonce);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}

export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX);
}
