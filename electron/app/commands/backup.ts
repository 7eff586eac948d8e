// Backups: one file to create, and a restore that can't issue, can't run code and can't lose
// today's work. A restore is asked first (the file is checked whole and the confirmation lists what
// it would change), then confirmed — one at a time, the current database kept as a dated copy.
import { AppError } from '../../shared/errors';
import type { CommandParsedInput } from '../../shared/contract';
import { MAX_BACKUP_FILE_BYTES } from '../../shared/schemas/documents';
import type { ValidatedBackup } from '../backup/backup';
import { restoredSettings, settingChanges } from '../backup/restore-settings';
import type { AppContext } from '../context';
import type { CommandTable } from '../dispatcher';
import { SYNC_FIRST_DELAY_MS, SYNC_INTERVAL_MS } from '../sync/service';
import { deliver } from './documents';

type Channels = 'backup:create' | 'backup:restore' | 'backup:status';
type RestoreInput = CommandParsedInput<'backup:restore'>;

const cancelled = (keptDir: string) => ({
  state: 'cancelled' as const,
  token: null,
  manifest: null,
  previousKeptAt: null,
  keptDir,
  settingChanges: [],
  held: 0,
});

export function backupCommands(ctx: AppContext): Pick<CommandTable, Channels> {
  /** The bytes of the chosen file: sent along (small), streamed to the web host, or picked (Electron). */
  async function chosenFile(input: RestoreInput): Promise<Uint8Array | null> {
    if (input.base64) return Buffer.from(input.base64, 'base64');
    if (input.upload) {
      const bytes = ctx.host.takeUpload ? await ctx.host.takeUpload(input.upload) : null;
      if (!bytes)
        throw new AppError(
          'backup_upload_missing',
          'O envio do arquivo expirou. Escolha o arquivo de backup de novo.',
        );
      return bytes;
    }
    if (!ctx.host.pickFile) throw new AppError('invalid_input', 'Escolha o arquivo de backup a restaurar.');
    const picked = await ctx.host.pickFile({
      title: 'Escolha a cópia de segurança',
      filters: [{ name: 'Backup do Carreta', extensions: ['zip'] }],
      maxBytes: MAX_BACKUP_FILE_BYTES,
    });
    return picked?.bytes ?? null;
  }

  /** The checked backup the input names, or null when the user cancelled the file dialog. */
  async function obtain(input: RestoreInput): Promise<ValidatedBackup | null> {
    if (input.token) return ctx.backups.take(input.token);
    if (input.kept) return ctx.backups.validateKept(input.kept);
    const bytes = await chosenFile(input);
    return bytes ? ctx.backups.validate(bytes) : null;
  }

  /** Replaces the database with background work paused; the ticked settings follow. */
  async function confirmRestore(input: RestoreInput) {
    const backup = await obtain(input);
    if (!backup) return cancelled(ctx.backups.keptDir);
    const current = ctx.host.settings.get();
    const changes = backup.settings ? settingChanges(current, backup.settings) : [];
    ctx.sync.stop();
    ctx.inbox.stop();
    let previousKeptAt: string | null;
    try {
      await ctx.sync.idle();
      await ctx.inbox.idle();
      previousKeptAt = await ctx.backups.restore(backup);
      if (backup.settings)
        ctx.host.settings.update(restoredSettings(current, backup.settings, input.acceptSettingChanges));
    } finally {
      ctx.sync.start(SYNC_INTERVAL_MS, SYNC_FIRST_DELAY_MS);
      ctx.inbox.start();
    }
    if (ctx.host.settings.get().environment === 'demonstracao')
      ctx.embedded
        .ensure()
        .catch((error: unknown) => ctx.host.logger.error('sandbox local não iniciou', error));
    void ctx.connectivity.refresh();
    return {
      state: 'restored' as const,
      token: null,
      manifest: backup.manifest,
      previousKeptAt,
      keptDir: ctx.backups.keptDir,
      settingChanges: changes.filter((change) => input.acceptSettingChanges.includes(change.key)),
      held: backup.held,
    };
  }

  return {
    'backup:create': async () => {
      const backup = await ctx.backups.create(ctx.host.settings.get());
      const saved = await deliver(ctx.host, backup.bytes, {
        title: 'Salvar cópia de segurança',
        defaultName: backup.fileName,
        filters: [{ name: 'Backup do Carreta', extensions: ['zip'] }],
      });
      return { ...saved, createdAt: backup.createdAt };
    },
    'backup:restore': async (input) => {
      if (input.confirm) return ctx.backups.exclusive(() => confirmRestore(input));
      const backup = await obtain(input);
      if (!backup) return cancelled(ctx.backups.keptDir);
      return {
        state: 'needs_confirm' as const,
        token: ctx.backups.hold(backup),
        manifest: backup.manifest,
        previousKeptAt: null,
        keptDir: ctx.backups.keptDir,
        settingChanges: backup.settings ? settingChanges(ctx.host.settings.get(), backup.settings) : [],
        held: backup.held,
      };
    },
    'backup:status': async () => {
      const held = await ctx.cache.repos?.outbox.held().catch(() => []);
      return {
        ...ctx.backups.status(),
        degraded: ctx.cache.error !== null,
        cacheError: ctx.cache.error?.message ?? null,
        kept: ctx.backups.kept(),
        keptDir: ctx.backups.keptDir,
        held: held?.length ?? 0,
      };
    },
  };
}
