import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { logoDataUrl, parseArgs, runCli } from '../../electron/documents/cli';
import { AppError } from '../../electron/shared/errors';
import { projectRoot } from '../support/shared';
import { cteXml } from './fixtures';

const dir = mkdtempSync(path.join(os.tmpdir(), 'carreta-render-'));
const xmlFile = path.join(dir, 'cte.xml');
writeFileSync(xmlFile, cteXml(3, 20));

function tinyPng(): Buffer {
  const png = new PNG({ width: 2, height: 2 });
  png.data.fill(200);
  return PNG.sync.write(png);
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('render command line', () => {
  it('writes the HTML printout with the logo embedded', async () => {
    const logo = path.join(dir, 'logo.png');
    writeFileSync(logo, tinyPng());
    const out = path.join(dir, 'out.html');
    const message = await runCli([xmlFile, out, '--logo', logo]);
    expect(message).toMatch(/^Gerado .*out\.html \(dacte, 1 folha\)\.$/);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain(`src="data:image/png;base64,${tinyPng().toString('base64')}"`);
    expect(html).toContain('TRANSPORTADORA CARRETA LTDA');
  });

  it('marks the printout cancelled with --cancelado', async () => {
    const out = path.join(dir, 'cancelado.html');
    await runCli([xmlFile, out, '--cancelado']);
    expect(readFileSync(out, 'utf8')).toContain('<span>CANCELADO</span>');
  });

  it('explains bad arguments in Portuguese', async () => {
    expect(() => parseArgs([xmlFile])).toThrow(/Informe o XML de entrada e o arquivo de saída/);
    expect(() => parseArgs([xmlFile, 'saida.txt'])).toThrow(/\.pdf ou \.html/);
    expect(() => parseArgs([xmlFile, 'a.pdf', '--logo'])).toThrow(/Falta o arquivo depois de --logo/);
    expect(() => parseArgs([xmlFile, 'a.pdf', '--xyz'])).toThrow(/Opção desconhecida/);
    expect(
      (await rejection(runCli([path.join(dir, 'nao-existe.xml'), path.join(dir, 'a.html')]))).message,
    ).toMatch(/Não foi possível abrir o arquivo/);
    const notImage = path.join(dir, 'logo.txt');
    writeFileSync(notImage, 'texto');
    expect((await rejection(logoDataUrl(notImage))).message).toBe(
      'O logotipo deve ser uma imagem PNG ou JPEG.',
    );
  });

  it('exits non-zero with a Portuguese message on failure', () => {
    const bad = path.join(dir, 'bad.xml');
    writeFileSync(bad, '<!DOCTYPE x [<!ENTITY a "b">]><CTe/>');
    const run = spawnSync(
      process.execPath,
      [
        path.join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
        'electron/documents/cli.ts',
        bad,
        path.join(dir, 'x.pdf'),
      ],
      { cwd: projectRoot, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Erro: O XML contém declaração DOCTYPE ou ENTITY');
  }, 60_000);
});
