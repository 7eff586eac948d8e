// `npm run render` with an MDF-e: mdfeProc and MDFe print the DAMDFE (with the events given by
// --evento), procEventoMDFe and eventoMDFe their event printouts.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../electron/documents/cli';
import { mdfeEventXml, mdfeXml } from './mdfe-fixtures';

const dir = mkdtempSync(path.join(os.tmpdir(), 'carreta-render-mdfe-'));

function file(name: string, xml: string): string {
  const full = path.join(dir, name);
  writeFileSync(full, xml);
  return full;
}

describe('render command line with MDF-e', () => {
  it('mdfeProc with its closing event: the DAMDFE marked closed', async () => {
    const out = path.join(dir, 'damdfe.html');
    const message = await runCli([
      file('mdfe.xml', mdfeXml({ cStat: '100' })),
      out,
      '--evento',
      file('enc.xml', mdfeEventXml({ tpEvento: '110112', cStat: '135' })),
    ]);
    expect(message).toMatch(/^Gerado .*damdfe\.html \(damdfe, 1 folha\)\.$/);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('<title>DAMDFE 42</title>');
    expect(html).toContain('MDF-e ENCERRADO');
  });

  it('MDFe without protocol, and each event kind', async () => {
    const out = path.join(dir, 'sem-prot.html');
    expect(await runCli([file('sem-prot.xml', mdfeXml()), out])).toContain('(damdfe, 1 folha)');
    expect(readFileSync(out, 'utf8')).toContain('SEM AUTORIZAÇÃO DE USO – SEM VALOR FISCAL');
    const kinds = {
      '110111': 'evento-cancelamento',
      '110112': 'evento-encerramento',
      '110114': 'evento-inclusao-condutor',
      '110115': 'evento-inclusao-dfe',
    } as const;
    for (const [tpEvento, kind] of Object.entries(kinds)) {
      const xml = mdfeEventXml({
        tpEvento: tpEvento as keyof typeof kinds,
        cStat: tpEvento === '110111' ? undefined : '135',
      });
      const message = await runCli([file(`${tpEvento}.xml`, xml), path.join(dir, `${tpEvento}.html`)]);
      expect(message).toContain(`(${kind}, 1 folha)`);
    }
  });
});
