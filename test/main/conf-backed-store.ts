// electron-store cannot be loaded here (it imports 'electron' from node_modules, beyond vi.mock's
// reach). It is a thin subclass of `conf` that maps `name` to `configName`; this does the same, so
// the tests exercise the real file handling underneath.
import Conf from 'conf';

export class ConfBackedStore<T extends Record<string, unknown>> extends Conf<T> {
  constructor(options: Record<string, unknown> & { name?: string; cwd: string }) {
    const { name, ...rest } = options;
    super({ ...rest, configName: name ?? 'config' } as ConstructorParameters<typeof Conf<T>>[0]);
  }
}
