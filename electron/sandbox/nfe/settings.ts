import type { SandboxStore } from '../store';

/** Knobs of the inbox set through the control API; kept in the store so a reset restores them. */
export interface InboxSettings {
  /** Delay between a 210210/210200 and the full procNFe entering the stream. */
  atraso_xml_completo_segundos: number;
  /** Seed demo notes for a company on its first use of the inbox. */
  notas_demonstracao: boolean;
  /** The next `processando_pedidos` distribution requests stay `processando` for this many polls. */
  processando_consultas: number;
  processando_pedidos: number;
  processando_resultado: 'concluido' | 'erro';
}

export const DEFAULT_SETTINGS: InboxSettings = {
  atraso_xml_completo_segundos: 0,
  notas_demonstracao: true,
  processando_consultas: 0,
  processando_pedidos: 0,
  processando_resultado: 'concluido',
};

export async function readSettings(store: SandboxStore): Promise<InboxSettings> {
  const rows = await store.all<{ name: string; value: string }>(
    'SELECT name, value FROM sandbox_nfe_settings',
  );
  const stored = Object.fromEntries(rows.map((r) => [r.name, JSON.parse(r.value) as unknown]));
  return { ...DEFAULT_SETTINGS, ...stored } as InboxSettings;
}

export async function writeSettings(
  store: SandboxStore,
  patch: Partial<InboxSettings>,
): Promise<InboxSettings> {
  for (const [name, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    await store.run(
      `INSERT INTO sandbox_nfe_settings (name, value) VALUES (?, ?)
       ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
      [name, JSON.stringify(value)],
    );
  }
  return readSettings(store);
}
