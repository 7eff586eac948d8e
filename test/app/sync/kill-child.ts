// Child process of the kill test: syncs a large fake list into the given cache file until done
// (or until the parent kills it). Prints "ready" once the cache is open, "done" at the end.
import { openCache } from '../../../electron/cache';
import { createRepositories } from '../../../electron/cache/repositories';
import { silentLogger } from '../../../electron/app/logger';
import { SyncService } from '../../../electron/app/sync/service';
import { FakeSource } from './fake-source';

async function main() {
  const [file, countText] = process.argv.slice(2);
  const source = new FakeSource();
  source.issue(Number(countText), { total: Number(countText) });
  const db = await openCache(file);
  const repos = createRepositories(db);
  const service = new SyncService({
    repos: () => repos,
    target: async () => ({ source, environment: 'sandbox', ambiente: 'homologacao' }),
    progress: () => undefined,
    logger: silentLogger,
  });
  process.stdout.write('ready\n');
  await service.sync({ kinds: ['cte'] });
  await db.close();
  process.stdout.write('done\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
