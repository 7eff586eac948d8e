import type { SecretStore } from '../host';
import type { Logger } from '../logger';
import { AppError } from '../../shared/errors';
import type { JsonStore } from './json-file';
import { openJsonStore } from './json-file';
import type { Notice } from '../../shared/schemas/app';
import type { StartupNotices } from './notices';
import { damagedFileNotice } from './notices';

/**
 * The Electron host's secrets: `secrets.json` beside the settings, each value sealed by the
 * system (`crypto` is Electron's safeStorage). A damaged file is kept aside and the user is told
 * to enter the credentials again.
 */
export function openSecretStore(
  cwd: string,
  crypto: EncryptionBackend,
  logger: Logger,
  notices: StartupNotices,
): SecretStore {
  const file = openJsonStore({
    name: 'secrets',
    cwd,
    logger,
    onDamaged: (copy) => notices.add(damagedSecretsNotice(copy)),
  });
  return createSecretStore(file, crypto, logger);
}

/** What both hosts tell the user when their secrets file could not be read. */
export function damagedSecretsNotice(copy: string | null): Notice {
  return damagedFileNotice(
    'credenciais salvas',
    'as senhas e chaves de acesso precisam ser informadas de novo em Configurações',
    copy,
  );
}

/** The part of Electron's safeStorage the secret store uses (DPAPI on Windows). */
export interface EncryptionBackend {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux: the keyring safeStorage uses (`gnome_libsecret`, `kwallet5`…, or `basic_text`). */
  getSelectedStorageBackend?(): string;
}

export const weakKeyringMessage =
  'Neste Linux não há um chaveiro do sistema ativo (GNOME Keyring ou KWallet): as senhas seriam ' +
  'guardadas com uma chave fixa, que qualquer programa do computador consegue abrir, por isso nada foi ' +
  'salvo nem lido. Ative o chaveiro da sua sessão (por exemplo, instale e abra o gnome-keyring) e abra o ' +
  'Carreta de novo.';

/**
 * On Linux without a keyring Electron falls back to `basic_text`: "encryption" with a key written in
 * Chromium's source, the same on every machine — as good as clear text. Treated as no encryption.
 */
export function usesFixedKey(
  crypto: EncryptionBackend,
  platform: NodeJS.Platform = process.platform,
): boolean {
  if (platform !== 'linux' || typeof crypto.getSelectedStorageBackend !== 'function') return false;
  try {
    return crypto.getSelectedStorageBackend() === 'basic_text';
  } catch {
    return false;
  }
}

const NAME_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

function checkName(name: string): void {
  if (typeof name !== 'string' || !NAME_PATTERN.test(name)) {
    throw new AppError('invalid_input', 'Nome de segredo inválido.', { detail: String(name).slice(0, 100) });
  }
}

export const secretsUnavailableMessage =
  'A criptografia do sistema não está disponível nesta conta do Windows, por isso nada foi salvo. ' +
  'Entre novamente no Windows com o seu usuário e tente de novo; se persistir, fale com o suporte.';

/**
 * Secrets encrypted by the operating system (safeStorage) and kept as base64 in their own store
 * file, apart from the settings. Refuses to write when encryption is unavailable — or only
 * pretended, Linux's `basic_text`: saving the value in clear text would be worse than asking the
 * user to try again. Values never reach the logger.
 */
export function createSecretStore(
  store: JsonStore,
  crypto: EncryptionBackend,
  logger: Logger,
  platform: NodeJS.Platform = process.platform,
): SecretStore {
  const refuseFixedKey = () => {
    if (usesFixedKey(crypto, platform)) throw new AppError('secrets_unavailable', weakKeyringMessage);
  };
  return {
    async get(name) {
      checkName(name);
      const stored = store.get(name);
      if (typeof stored !== 'string') return null;
      refuseFixedKey();
      if (!crypto.isEncryptionAvailable()) {
        throw new AppError(
          'secrets_unavailable',
          'A criptografia do sistema não está disponível, por isso as credenciais salvas não podem ser lidas agora. ' +
            'Entre novamente no Windows com o seu usuário e tente de novo.',
        );
      }
      try {
        return crypto.decryptString(Buffer.from(stored, 'base64'));
      } catch (error) {
        // Encrypted under another Windows user or machine: treat as absent so the user re-enters it.
        logger.warn(`secret ${name}: could not be decrypted`, error instanceof Error ? error.name : 'Error');
        return null;
      }
    },
    async set(name, value) {
      checkName(name);
      if (typeof value !== 'string') throw new AppError('invalid_input', 'Valor de segredo inválido.');
      refuseFixedKey();
      if (!crypto.isEncryptionAvailable()) {
        throw new AppError('secrets_unavailable', secretsUnavailableMessage);
      }
      store.set(name, crypto.encryptString(value).toString('base64'));
    },
    async delete(name) {
      checkName(name);
      store.delete(name);
    },
    async has(name) {
      checkName(name);
      return typeof store.get(name) === 'string';
    },
  };
}
